// The walkthrough's derived results: the job the answers describe, live method savings,
// recomputation only on answer changes, and agreement with the Calculator.
#include "app/calculator_model.hpp"
#include "app/share_link.hpp"
#include "app/walkthrough_model.hpp"
#include "test_support.hpp"

#include <doctest/doctest.h>

#include <limits>
#include <utility>

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

TEST_CASE("walkthrough: step 3's method moves a fine-tune between full and PEFT, and keeps other tasks") {
  WalkthroughState s;
  s.task = WalkthroughTask::kFullFinetune;
  NormalizeWalkthrough(s);
  SelectWalkthroughMethod(s, "qlora", "nf4");
  CHECK(s.task == WalkthroughTask::kPeft);
  CHECK(s.method == "qlora");
  CHECK(s.precision == "nf4");
  SelectWalkthroughMethod(s, "full_finetune", "bf16");
  CHECK(s.task == WalkthroughTask::kFullFinetune);
  CHECK(s.method == "full_finetune");
  // Mixed training + serving keeps its task; a precision the method cannot use gets its default.
  s.task = WalkthroughTask::kMixed;
  SelectWalkthroughMethod(s, "lora", "nf4");
  CHECK(s.task == WalkthroughTask::kMixed);
  CHECK(s.method == "lora");
  CHECK(s.precision == "bf16");
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

// The Calculator's "Rank cards for this job" (WalkthroughFromCalculator): the walkthrough ranks
// the Calculator's own job, not its previous answers.
TEST_CASE("walkthrough: the Calculator's job hands over with its model, task, precision and figures") {
  const Catalogs& c = test::RealCatalogs();
  AppState s;
  s.walkthrough.budget_cny = 900;           // the reader's limits stay
  s.walkthrough.objective = Objective::kTime;
  s.walkthrough.batch = 48;                 // a serving answer of an earlier walkthrough
  SelectPreset(s.calculator, c, "llama-3.1-70b");
  Workload& w = s.calculator.workload;
  w.task = Task::kQlora;
  w.precision = Precision::kNf4;
  w.seq_len = 4096;
  w.train_tokens = 2e9;
  NormalizeCalculator(s.calculator, c);
  const WalkHandOver h = WalkthroughFromCalculator(s.calculator, s.walkthrough, c);
  CHECK(h.walkthrough.task == WalkthroughTask::kPeft);
  CHECK(h.walkthrough.method == "qlora");
  CHECK(h.walkthrough.precision == "nf4");
  CHECK(h.walkthrough.model_preset == "llama-3.1-70b");
  CHECK(h.walkthrough.seq_len == 4096);
  CHECK(h.walkthrough.train_tokens == 2e9);
  CHECK(h.walkthrough.batch == 0);          // cleared: not this job's
  CHECK(h.walkthrough.budget_cny == 900);
  CHECK(h.walkthrough.objective == Objective::kTime);
  CHECK(h.walkthrough.step == kWalkStepResults);
  CHECK_FALSE(h.precision_mapped);
  CHECK(h.custom_params == 0);
  CHECK(h.walkthrough.custom_params == 0);
  AppState a = s;
  a.walkthrough = h.walkthrough;
  WalkthroughDerived d;
  UpdateWalkthroughDerived(a, c, d, a.language);
  REQUIRE(d.valid);
  CHECK(d.workload.task == Task::kQlora);
  CHECK(d.workload.precision == Precision::kNf4);
  CHECK(d.workload.seq_len == 4096);
  CHECK(d.workload.train_tokens == 2e9);
  CHECK(d.workload.model == w.model);
  CHECK_FALSE(d.result.configs.empty());

  // Serving: users, context, prompt and speed per user; a released-weights preset keeps its format.
  AppState b;
  b.walkthrough.budget_cny = 500;  // the walkthrough's training job: ¥500 for the whole run
  SelectPreset(b.calculator, c, "gpt-oss-120b");
  Workload& v = b.calculator.workload;
  v.task = Task::kInference;
  v.precision = Precision::kInt4;
  v.batch = 32, v.context = 8192, v.prompt_tokens = 2000, v.target_tokens_per_second = 30;
  NormalizeCalculator(b.calculator, c);
  const WalkHandOver g = WalkthroughFromCalculator(b.calculator, b.walkthrough, c);
  CHECK(g.walkthrough.task == WalkthroughTask::kRealtimeServing);
  CHECK(g.walkthrough.precision == "int4");
  CHECK(g.walkthrough.seq_len == 0);
  CHECK(g.walkthrough.budget_cny == 0);  // a training budget is not a serving one per hour
  b.walkthrough = g.walkthrough;
  WalkthroughDerived e;
  UpdateWalkthroughDerived(b, c, e, b.language);
  REQUIRE(e.valid);
  CHECK(e.workload.task == Task::kInference);
  CHECK(e.workload.batch == 32);
  CHECK(e.workload.context == 8192);
  CHECK(e.workload.prompt_tokens == 2000);
  CHECK(e.workload.target_tokens_per_second == 30);
  CHECK(e.workload.precision == Precision::kInt4);
}

// A new-user check: the Calculator's 2,048-token sequence arrived as a typed value, shown beside
// "Use default" although it was the walkthrough's default.
TEST_CASE("walkthrough: a handed-over figure equal to the walkthrough's own default stays a default") {
  const Catalogs& c = test::RealCatalogs();
  CalculatorState calc;
  SelectPreset(calc, c, "llama-3.1-8b");
  calc.workload.task = Task::kLora;
  calc.workload.seq_len = 8192;
  calc.workload.train_tokens = 3e9;
  NormalizeCalculator(calc, c);
  const WalkHandOver typed = WalkthroughFromCalculator(calc, WalkthroughState{}, c);
  CHECK(typed.walkthrough.seq_len == 8192);
  CHECK(typed.walkthrough.train_tokens == 3e9);
  // The walkthrough's defaults for this job, then the Calculator set to them.
  AppState a;
  a.walkthrough = typed.walkthrough;
  a.walkthrough.seq_len = a.walkthrough.train_tokens = 0;
  WalkthroughDerived d;
  UpdateWalkthroughDerived(a, c, d, a.language);
  REQUIRE(d.valid);
  calc.workload.seq_len = d.workload.seq_len;
  calc.workload.train_tokens = d.workload.train_tokens;
  const WalkHandOver same = WalkthroughFromCalculator(calc, WalkthroughState{}, c);
  CHECK(same.walkthrough.seq_len == 0);
  CHECK(same.walkthrough.train_tokens == 0);
  a.walkthrough = same.walkthrough;
  UpdateWalkthroughDerived(a, c, d, a.language);
  CHECK(d.workload.seq_len == calc.workload.seq_len);  // the same job is ranked
  CHECK(d.workload.train_tokens == calc.workload.train_tokens);

  // Serving: the walkthrough's 8 users at 20 tokens/s with a 4,096-token context and a 1,024-token
  // prompt stay defaults; a longer context is carried, and the prompt's default follows it.
  calc.workload.task = Task::kInference;
  calc.workload.batch = 8, calc.workload.context = 4096, calc.workload.prompt_tokens = 1024;
  calc.workload.target_tokens_per_second = 20;
  WalkHandOver serve = WalkthroughFromCalculator(calc, WalkthroughState{}, c);
  CHECK(serve.walkthrough.batch == 0);
  CHECK(serve.walkthrough.context == 0);
  CHECK(serve.walkthrough.prompt_tokens == 0);
  CHECK(serve.walkthrough.target_tokens_per_second == 0);
  calc.workload.context = 16384, calc.workload.prompt_tokens = 3000;
  serve = WalkthroughFromCalculator(calc, WalkthroughState{}, c);
  CHECK(serve.walkthrough.context == 16384);
  CHECK(serve.walkthrough.prompt_tokens == 3000);
  CHECK(serve.walkthrough.batch == 0);
}

TEST_CASE("walkthrough: a Calculator job it cannot carry as set says how it was carried") {
  const Catalogs& c = test::RealCatalogs();
  CalculatorState calc;
  SelectPreset(calc, c, "llama-3.1-8b");
  calc.workload.task = Task::kInference;
  // Formats the walkthrough does not offer: the same bytes, or the next larger, never smaller.
  const std::pair<Precision, const char*> formats[] = {{Precision::kFp16, "bf16"}, {Precision::kQ5KM, "int8"},
                                                       {Precision::kQ6K, "int8"}, {Precision::kQ4KM, "int4"},
                                                       {Precision::kQ8_0, "int8"}, {Precision::kFp8, "fp8"}};
  for (const auto& [format, expected] : formats) {
    calc.workload.precision = format;
    const WalkHandOver h = WalkthroughFromCalculator(calc, WalkthroughState{}, c);
    CHECK(h.walkthrough.precision == expected);
    CHECK(h.precision_mapped == (format != Precision::kFp8));
    CHECK(h.precision_from == format);
    if (format == Precision::kQ5KM) CHECK(h.bits_from == doctest::Approx(5.68));  // said beside INT8's 8 bits
    if (format == Precision::kQ5KM) CHECK(h.bits_to == doctest::Approx(8));
  }
  // Training in TF32 keeps FP32 storage.
  calc.workload.task = Task::kFullFinetune;
  calc.workload.precision = Precision::kTf32;
  CHECK(WalkthroughFromCalculator(calc, WalkthroughState{}, c).walkthrough.precision == "fp32");
  // An edited architecture (no preset) goes by its size; a count above the limit raises it.
  calc.model_preset.clear();
  calc.workload.model.layers += 2;
  calc.workload.precision = Precision::kBf16;
  calc.workload.gpus = 128;
  WalkthroughState base;
  base.max_gpus = 16;
  const WalkHandOver h = WalkthroughFromCalculator(calc, base, c);
  CHECK(h.walkthrough.model_preset.empty());
  CHECK(h.walkthrough.custom_params == calc.workload.model.params);
  CHECK(h.custom_params == calc.workload.model.params);
  // A size past the walkthrough's range is ranked, and said, at its limit.
  calc.workload.model.params = 5e15;
  CHECK(WalkthroughFromCalculator(calc, base, c).custom_params == 1e14);
  calc.workload.model.params = 8e9;
  CHECK(h.walkthrough.max_gpus == 128);
  CHECK(h.max_gpus_raised_to == 128);
  // Absurd figures from a hostile link are clamped to the walkthrough's ranges, never carried.
  calc.workload.task = Task::kInference;
  calc.workload.batch = 2000000000;
  calc.workload.target_tokens_per_second = std::numeric_limits<double>::quiet_NaN();
  calc.workload.gpus = 1 << 30;
  const WalkHandOver bad = WalkthroughFromCalculator(calc, base, c);
  CHECK(bad.walkthrough.batch == 1000000);
  CHECK(bad.walkthrough.target_tokens_per_second == 0);
  CHECK(bad.walkthrough.max_gpus == kMaxRecommendGpus);
}

}  // namespace walkthrough_model_test
