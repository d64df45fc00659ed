// The app's derived results explain themselves in the language the caller shows: the
// walkthrough, the cost view and the guides' budget cases, with no printf or NaN artefacts.
#include "app/calculator_model.hpp"
#include "app/cost_model.hpp"
#include "app/walkthrough_model.hpp"
#include "test_support.hpp"
#include "text_checks.hpp"

#include <doctest/doctest.h>

#include <string>

namespace chinese_derived_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;
using test::HasArtefact;
using test::EnglishWords;
using test::HasCjk;

namespace {

void CheckChinese(const std::string& s) {
  INFO(s);
  CHECK(HasCjk(s));
  CHECK_FALSE(HasArtefact(s));
  CHECK(EnglishWords(s).empty());
}

}  // namespace

TEST_CASE("the guides' budget cases in Chinese: every title, setup, figure and reason") {
  const Catalogs& c = atlas::test::RealCatalogs();
  for (const CostPresetInfo& info : kCostPresets) {
    INFO(info.id);
    AppState state;
    REQUIRE(ApplyCostPreset(state, c, info.id));
    const PresetOutcome en = ComputePresetOutcome(info.id, c, state.cost);
    const PresetOutcome zh = ComputePresetOutcome(info.id, c, state.cost, Language::kChinese);
    REQUIRE(en.figures.size() == zh.figures.size());
    CheckChinese(zh.title);
    CheckChinese(zh.setup);
    for (size_t i = 0; i < zh.figures.size(); ++i) {
      CheckChinese(zh.figures[i].label);
      CheckChinese(zh.figures[i].guide);
      CHECK_FALSE(HasArtefact(zh.figures[i].engine));
      CHECK(en.figures[i].engine_cny == zh.figures[i].engine_cny);
    }
    for (const std::string& s : zh.why) CheckChinese(s);
    for (const std::string& s : zh.notes) CheckChinese(s);
    // The derived view of the case, in Chinese.
    state.language = Language::kChinese;
    CostDerived d;
    UpdateCostDerived(state, c, d, state.language);
    REQUIRE(d.valid);
    REQUIRE(d.preset);
    CHECK(d.preset->title == zh.title);
    for (const std::string& s : d.report.notes) CheckChinese(s);
    for (const CostRow& row : d.report.rows)
      for (const std::string& s : row.notes) CheckChinese(s);
    for (const FormCurve& f : d.curves)
      if (!f.price_note.empty()) CheckChinese(f.price_note);
  }
}

TEST_CASE("switching the language recomputes the derived results, and only then") {
  const Catalogs& c = atlas::test::RealCatalogs();
  AppState state;
  CostDerived cost;
  UpdateCostDerived(state, c, cost, Language::kEnglish);
  UpdateCostDerived(state, c, cost, Language::kEnglish);
  CHECK(cost.computations == 1);
  UpdateCostDerived(state, c, cost, Language::kChinese);
  CHECK(cost.computations == 2);
  REQUIRE(!cost.report.notes.empty());
  CHECK(HasCjk(cost.report.notes.front()));

  WalkthroughDerived walk;
  NormalizeWalkthrough(state.walkthrough);
  UpdateWalkthroughDerived(state, c, walk, Language::kEnglish);
  UpdateWalkthroughDerived(state, c, walk, Language::kChinese);
  CHECK(walk.computations == 2);
  REQUIRE(walk.valid);
  for (const std::string& s : walk.result.notes) CheckChinese(s);
  for (const GuideRow* r : walk.guide_rows)  // acronym-only tasks ("LoRA / QLoRA") keep Chinese hardware words
    CheckChinese(std::string(r->task.In(Language::kChinese)) + " " + r->hardware.In(Language::kChinese) + " " +
                 r->memory.In(Language::kChinese));

  CalculatorDerived calc;
  NormalizeCalculator(state.calculator, c);
  UpdateCalculatorDerived(state, c, calc, Language::kEnglish);
  UpdateCalculatorDerived(state, c, calc, Language::kEnglish);
  UpdateCalculatorDerived(state, c, calc, Language::kChinese);
  CHECK(calc.computations == 2);
  state.calculator.workload.tp = 3;  // does not divide the heads
  UpdateCalculatorDerived(state, c, calc, Language::kChinese);
  REQUIRE(!calc.errors.empty());
  for (const std::string& s : calc.errors) CheckChinese(s);
}

TEST_CASE("every walkthrough task answered in Chinese reads as Chinese") {
  const Catalogs& c = atlas::test::RealCatalogs();
  for (WalkthroughTask task : {WalkthroughTask::kPretrain, WalkthroughTask::kFullFinetune, WalkthroughTask::kPeft,
                               WalkthroughTask::kOfflineInference, WalkthroughTask::kRealtimeServing, WalkthroughTask::kMixed}) {
    AppState state;
    state.walkthrough.task = task;
    state.walkthrough.budget_cny = 2000;
    NormalizeWalkthrough(state.walkthrough);
    WalkthroughDerived d;
    UpdateWalkthroughDerived(state, c, d, Language::kChinese);
    REQUIRE(d.valid);
    for (const Recommendation& r : d.result.configs)
      for (const auto* list : {&r.reasons, &r.limits, &r.advice})
        for (const std::string& s : *list) CheckChinese(s);
    for (const std::string& s : d.result.why_not) CheckChinese(s);
    for (const Tip& t : d.result.tips) CheckChinese(t.text);
  }
}

TEST_CASE("the calculator's show-the-math in Chinese: every label, formula and input is Chinese, training and serving") {
  const Catalogs& c = atlas::test::RealCatalogs();
  for (Task task : {Task::kPretrain, Task::kFullFinetune, Task::kLora, Task::kQlora, Task::kInference}) {
    INFO(ToString(task));
    AppState state;
    state.calculator.workload.task = task;
    state.calculator.workload.gpus = 2;
    NormalizeCalculator(state.calculator, c);
    CalculatorDerived en, zh;
    UpdateCalculatorDerived(state, c, en, Language::kEnglish);
    UpdateCalculatorDerived(state, c, zh, Language::kChinese);
    REQUIRE(zh.valid);
    std::vector<const Figure*> figures;
    for (const Figure& f : zh.estimate.memory.figures) figures.push_back(&f);
    for (const Figure& f : zh.estimate.compute.figures) figures.push_back(&f);
    REQUIRE(figures.size() >= 4);
    for (const Figure* f : figures) {
      INFO(f->key);
      CheckChinese(f->label);
      CheckChinese(f->formula);
      CheckChinese(f->inputs);
      CHECK(EnglishWords(f->source).empty());
      CHECK(f->inputs.find(" GPUs") == std::string::npos);
      CHECK(f->source.find("efficiency ") == std::string::npos);
    }
    // The same figures, in the same order, as in English (only the words differ).
    REQUIRE(en.estimate.compute.figures.size() == zh.estimate.compute.figures.size());
    for (size_t i = 0; i < en.estimate.compute.figures.size(); ++i)
      CHECK(en.estimate.compute.figures[i].value == zh.estimate.compute.figures[i].value);
  }
}

}  // namespace chinese_derived_test
