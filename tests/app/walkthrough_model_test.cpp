// The walkthrough's derived results: the job the answers describe, live method savings,
// recomputation only on answer changes, and agreement with the Calculator.
#include "app/calculator_model.hpp"
#include "app/share_link.hpp"
#include "app/walkthrough_model.hpp"
#include "test_support.hpp"

#include <doctest/doctest.h>

namespace walkthrough_model_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;

TEST_CASE("walkthrough: answers become a workload and constraints") {
  const Catalogs& c = test::RealCatalogs();
  AppState s;
  s.walkthrough.task = WalkthroughTask::kPeft;
  s.walkthrough.method = "qlora";
  s.walkthrough.precision = "nf4";
  s.walkthrough.budget_cny = 500;
  s.walkthrough.domestic_only = true;
  s.walkthrough.objective = Objective::kTime;
  NormalizeWalkthrough(s.walkthrough);
  WalkthroughDerived d;
  UpdateWalkthroughDerived(s, c, d, s.language);
  CHECK(d.valid);
  CHECK(d.workload.task == Task::kQlora);
  CHECK(d.workload.precision == Precision::kNf4);
  CHECK(d.model_preset == "llama-3.1-8b");
  CHECK(*d.constraints.budget_cny == 500);
  CHECK(d.constraints.domestic_only);
  CHECK(d.constraints.objective == RankObjective::kTime);
  for (const Recommendation& r : d.result.configs) CHECK(c.gpus.Find(r.gpu)->domestic);
}

TEST_CASE("walkthrough: step 3 shows the memory saving of each method") {
  const Catalogs& c = test::RealCatalogs();
  AppState s;
  s.walkthrough.task = WalkthroughTask::kFullFinetune;
  NormalizeWalkthrough(s.walkthrough);
  WalkthroughDerived d;
  UpdateWalkthroughDerived(s, c, d, s.language);
  REQUIRE(d.options.size() == 4);
  CHECK(d.options[0].method == "full_finetune");
  CHECK(d.options[0].saving == 0);
  for (size_t i = 1; i < d.options.size(); ++i) {
    CHECK(d.options[i].bytes < d.options[0].bytes);
    CHECK(d.options[i].saving > 0.5);  // LoRA and QLoRA save most of full fine-tuning's memory
  }
  s.walkthrough.task = WalkthroughTask::kRealtimeServing;
  NormalizeWalkthrough(s.walkthrough);
  UpdateWalkthroughDerived(s, c, d, s.language);
  REQUIRE(d.options.size() == 4);
  CHECK(d.options[3].precision == "int4");
  CHECK(d.options[3].bytes < d.options[0].bytes);
}

TEST_CASE("walkthrough: moving between steps keeps answers and does not recompute") {
  const Catalogs& c = test::RealCatalogs();
  AppState s;
  WalkthroughDerived d;
  UpdateWalkthroughDerived(s, c, d, s.language);
  const int n = d.computations;
  for (int step = 0; step < 5; ++step) {
    s.walkthrough.step = step;
    UpdateWalkthroughDerived(s, c, d, s.language);
  }
  CHECK(d.computations == n);
  s.walkthrough.max_gpus = 8;
  UpdateWalkthroughDerived(s, c, d, s.language);
  CHECK(d.computations == n + 1);
}

TEST_CASE("walkthrough agrees with the Calculator") {
  const Catalogs& c = test::RealCatalogs();
  AppState s;
  s.walkthrough.task = WalkthroughTask::kFullFinetune;
  s.walkthrough.model_preset = "llama-2-7b";
  NormalizeWalkthrough(s.walkthrough);
  WalkthroughDerived d;
  UpdateWalkthroughDerived(s, c, d, s.language);
  REQUIRE(!d.result.configs.empty());
  for (int i = 0; i < static_cast<int>(std::min<size_t>(3, d.result.configs.size())); ++i) {
    AppState a = s;
    OpenInCalculator(a, d, i);
    CHECK(a.view == View::kCalculator);
    NormalizeCalculator(a.calculator, c);
    CalculatorDerived calc;
    UpdateCalculatorDerived(a, c, calc, a.language);
    REQUIRE(calc.valid);
    CHECK(calc.estimate.fits);
    CHECK(calc.estimate.memory.total_bytes == doctest::Approx(d.result.configs[static_cast<size_t>(i)].per_gpu_bytes));
    if (d.result.configs[static_cast<size_t>(i)].time_seconds)
      CHECK(*calc.estimate.compute.time_seconds == doctest::Approx(*d.result.configs[static_cast<size_t>(i)].time_seconds));
  }
  // The job as answered (no recommendation picked) opens too.
  AppState b = s;
  OpenInCalculator(b, d, -1);
  CHECK(b.calculator.workload.task == Task::kFullFinetune);
  CHECK(b.calculator.model_preset == "llama-2-7b");
}

TEST_CASE("walkthrough: Chinese readers price in mainland China by default; the link keeps a choice") {
  const Catalogs& c = test::RealCatalogs();
  auto run = [&](const std::string& market, Language language) {
    AppState s;
    s.walkthrough.market = market;
    NormalizeWalkthrough(s.walkthrough);
    WalkthroughDerived d;
    UpdateWalkthroughDerived(s, c, d, language);
    REQUIRE(d.valid);
    const Region* region = c.regions.Find(d.constraints.region);
    REQUIRE(region != nullptr);
    int in_market = 0;  // outside China a card without a global quote may fall back to a cn one
    for (const Recommendation& r : d.result.configs) {
      in_market += r.price && r.price->market == (region->in_china() ? "cn" : "global");
      if (region->in_china() && r.price) CHECK(r.price->market == "cn");  // CN-market sellers only
    }
    CHECK(in_market > 0);
    return region->in_china();
  };
  CHECK(run("", Language::kChinese));
  CHECK_FALSE(run("", Language::kEnglish));
  CHECK_FALSE(run("global", Language::kChinese));
  CHECK(run("cn", Language::kEnglish));

  WalkthroughState s;
  s.market = "elsewhere";  // a bad link value falls back to automatic
  NormalizeWalkthrough(s);
  CHECK(s.market.empty());
  s.domestic_only = true;
  CHECK(WalkthroughPricesInChina(s, Language::kEnglish));
}

TEST_CASE("walkthrough: the price market travels in the link, automatic stays out of it") {
  const Catalogs& c = test::RealCatalogs();
  AppState s;
  s.language = Language::kChinese;
  CHECK(EncodeLink(s, c).find("market") == std::string::npos);
  s.walkthrough.market = "global";
  const std::string link = EncodeLink(s, c);
  CHECK(link.find("walk.market=global") != std::string::npos);
  const LinkDecode d = DecodeLink(link, c);
  CHECK(d.state.walkthrough.market == "global");
  CHECK(d.state.language == Language::kChinese);
}

TEST_CASE("walkthrough: a serving precision the reader picked is kept (no INT8/FP8 swap)") {
  const Catalogs& c = test::RealCatalogs();
  AppState s;
  // The trial: Qwen2.5-72B real-time serving, step 3 set to BF16, #1 came back with INT8 weights.
  s.walkthrough.task = WalkthroughTask::kRealtimeServing;
  s.walkthrough.model_preset = "qwen2.5-72b";
  s.walkthrough.precision = "bf16";
  NormalizeWalkthrough(s.walkthrough);
  const WalkRequest req = WalkthroughRecommendRequest(s.walkthrough, c, s.language);
  CHECK(req.request["constraints"]["allow_quantization"] == false);
  CHECK(req.request["constraints"]["max_results"] == kWalkShownConfigs);
  WalkthroughDerived d;
  UpdateWalkthroughDerived(s, c, d, s.language);
  REQUIRE(d.valid);
  REQUIRE(!d.result.configs.empty());
  for (const Recommendation& r : d.result.configs) CHECK(r.workload.precision == Precision::kBf16);
  // Training answers leave quantisation to the method (QLoRA is its own choice).
  s.walkthrough.task = WalkthroughTask::kPeft;
  NormalizeWalkthrough(s.walkthrough);
  CHECK_FALSE(WalkthroughRecommendRequest(s.walkthrough, c, s.language).request["constraints"].contains("allow_quantization"));
}

TEST_CASE("walkthrough: pre-training with no deadline shows recommend's long-run warning") {
  const Catalogs& c = test::RealCatalogs();
  AppState s;
  s.walkthrough.task = WalkthroughTask::kPretrain;
  s.walkthrough.model_preset = "llama-2-7b";
  s.walkthrough.train_tokens = 2e12;
  s.walkthrough.seq_len = 4096;
  NormalizeWalkthrough(s.walkthrough);
  WalkthroughDerived d;
  UpdateWalkthroughDerived(s, c, d, s.language);
  REQUIRE(d.valid);
  CHECK(d.result.warnings.size() == 1);
  s.walkthrough.deadline_hours = 24 * 30;
  UpdateWalkthroughDerived(s, c, d, s.language);
  CHECK(d.result.warnings.empty());
}

}  // namespace walkthrough_model_test
