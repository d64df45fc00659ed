// A served model picked from the presets starts in the weight format its authors publish
// (data/models.json released_weights). A new-user review read gpt-oss-120b as "Does not fit: 222
// GiB needed per GPU ... on one H100" with "weights: BF16 -> INT4 (GPTQ/AWQ)" as the fix, though it
// ships MXFP4 experts that run on one 80 GB card ("Large models (GPT-OSS-120B) can fit on a single
// 80GB GPU", Transformers MXFP4 docs).
#include "app/calculator_model.hpp"
#include "app/share_link.hpp"
#include "app/walkthrough_model.hpp"
#include "engine/estimate.hpp"
#include "test_support.hpp"

#include <doctest/doctest.h>

namespace released_weights_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;

namespace {
const Catalogs& Data() { return atlas::test::RealCatalogs(); }
}  // namespace

TEST_CASE("released weights: gpt-oss-120b served from the presets starts at 4 bits and fits one H100") {
  AppState s;
  s.calculator.workload.task = Task::kInference;
  s.calculator.workload.gpu = "h100-sxm";
  REQUIRE(SelectPreset(s.calculator, Data(), "gpt-oss-120b").empty());
  CHECK(s.calculator.workload.precision == Precision::kInt4);
  const EstimateResult r = Estimate(s.calculator.workload, Data(), Language::kEnglish);
  REQUIRE(r.ok);
  CHECK(r.fits);
  // DeepSeek-R1 starts in FP8; a 16-bit release (Llama) leaves the precision as it was.
  REQUIRE(SelectPreset(s.calculator, Data(), "deepseek-r1").empty());
  CHECK(s.calculator.workload.precision == Precision::kFp8);
  s.calculator.workload.precision = Precision::kInt8;
  REQUIRE(SelectPreset(s.calculator, Data(), "llama-3.1-70b").empty());
  CHECK(s.calculator.workload.precision == Precision::kInt8);
}

TEST_CASE("released weights: a training job keeps its precision, and an old link reads back as written") {
  AppState s;  // the default job: a full fine-tune
  REQUIRE(SelectPreset(s.calculator, Data(), "gpt-oss-120b").empty());
  CHECK(s.calculator.workload.precision == Precision::kBf16);
  // A link is the state as it was written: no precision in it is BF16, whatever the model's release.
  const AppState opened = DecodeLink("#v=1&view=calculator&calc.model=gpt-oss-120b&calc.task=inference", Data()).state;
  CHECK(opened.calculator.workload.precision == Precision::kBf16);
  // The pick is carried by the link it makes.
  AppState served;
  served.calculator.workload.task = Task::kInference;
  REQUIRE(SelectPreset(served.calculator, Data(), "gpt-oss-120b").empty());
  const AppState back = DecodeLink(EncodeLink(served, Data()), Data()).state;
  CHECK(back.calculator.workload.precision == Precision::kInt4);
}

TEST_CASE("released weights: the walkthrough's serving job picks the release format too") {
  WalkthroughState w;
  w.task = WalkthroughTask::kRealtimeServing;
  NormalizeWalkthrough(w);
  REQUIRE(w.method == "inference");
  SelectWalkthroughPreset(w, Data(), "gpt-oss-120b");
  CHECK(w.precision == "int4");
  SelectWalkthroughPreset(w, Data(), "deepseek-v3");
  CHECK(w.precision == "fp8");
  // A fine-tune keeps its own precision.
  WalkthroughState peft;
  NormalizeWalkthrough(peft);
  const std::string before = peft.precision;
  SelectWalkthroughPreset(peft, Data(), "gpt-oss-120b");
  CHECK(peft.precision == before);
  CHECK(peft.model_preset == "gpt-oss-120b");
}

// A new-user check: DeepSeek-V3 picked first, then served, stayed in BF16 (Calculator: "does not
// fit: 158 GiB per GPU" on 8 x H20; walkthrough: 32 x H20 ranked #1 where its FP8 release fits 8).
TEST_CASE("released weights: the model picked first, then the task turned to serving, starts in the release format") {
  AppState s;  // a training job over data parallelism
  s.calculator.workload.gpu = "h20";
  s.calculator.workload.gpus = 8;
  s.calculator.workload.tp = 8;
  s.calculator.workload.dp = 2;
  REQUIRE(SelectPreset(s.calculator, Data(), "deepseek-v3").empty());
  CHECK(s.calculator.workload.precision == Precision::kBf16);
  SelectTask(s.calculator, Data(), Task::kInference);
  CHECK(s.calculator.workload.precision == Precision::kFp8);
  CHECK(s.calculator.workload.dp == 1);
  const EstimateResult r = Estimate(s.calculator.workload, Data(), Language::kEnglish);
  REQUIRE(r.ok);
  CHECK(r.fits);
  // Trained again, the release format is left for BF16 (a review: the round trip left FP8 training).
  SelectTask(s.calculator, Data(), Task::kFullFinetune);
  CHECK(s.calculator.workload.precision == Precision::kBf16);
  // FP8 training the reader picks stays through a change of training task.
  s.calculator.workload.precision = Precision::kFp8;
  SelectTask(s.calculator, Data(), Task::kPretrain);
  CHECK(s.calculator.workload.precision == Precision::kFp8);
  // A format the reader picks while serving stays until the job is trained again.
  SelectTask(s.calculator, Data(), Task::kInference);
  s.calculator.workload.precision = Precision::kInt4;
  SelectTask(s.calculator, Data(), Task::kFullFinetune);
  CHECK(s.calculator.workload.precision == Precision::kBf16);
  // The option already chosen changes nothing: typed tokens stay (they were reset to 1e8).
  s.calculator.workload.train_tokens = 3e9;
  SelectTask(s.calculator, Data(), Task::kFullFinetune);
  CHECK(s.calculator.workload.train_tokens == 3e9);
  // QLoRA takes its 4-bit base; served from it, the release.
  SelectTask(s.calculator, Data(), Task::kQlora);
  CHECK(s.calculator.workload.precision == Precision::kNf4);
  SelectTask(s.calculator, Data(), Task::kInference);
  CHECK(s.calculator.workload.precision == Precision::kFp8);
  // An edited architecture is no longer the release: its precision is left as it is.
  SelectTask(s.calculator, Data(), Task::kFullFinetune);
  s.calculator.workload.model.layers += 1;
  ArchitectureEdited(s.calculator);
  SelectTask(s.calculator, Data(), Task::kInference);
  CHECK(s.calculator.workload.precision == Precision::kBf16);
  // A 16-bit release (Llama) keeps BF16; gpt-oss starts at 4 bits.
  AppState l;
  REQUIRE(SelectPreset(l.calculator, Data(), "llama-3.1-70b").empty());
  SelectTask(l.calculator, Data(), Task::kInference);
  CHECK(l.calculator.workload.precision == Precision::kBf16);
  REQUIRE(SelectPreset(l.calculator, Data(), "gpt-oss-120b").empty());
  SelectTask(l.calculator, Data(), Task::kLora);
  SelectTask(l.calculator, Data(), Task::kInference);
  CHECK(l.calculator.workload.precision == Precision::kInt4);

  WalkthroughState w;  // a PEFT job, the model picked at step 2, then step 1 changed to serving
  NormalizeWalkthrough(w);
  SelectWalkthroughPreset(w, Data(), "deepseek-v3");
  CHECK(w.precision != "fp8");
  SelectWalkthroughTask(w, Data(), WalkthroughTask::kRealtimeServing);
  CHECK(w.method == "inference");
  CHECK(w.precision == "fp8");
  // Trained again: the method's default, not FP8.
  SelectWalkthroughTask(w, Data(), WalkthroughTask::kFullFinetune);
  CHECK(w.method == "full_finetune");
  CHECK(w.precision == "bf16");
  // Serving to serving (offline) keeps what the reader chose.
  SelectWalkthroughTask(w, Data(), WalkthroughTask::kRealtimeServing);
  w.precision = "int8";
  SelectWalkthroughTask(w, Data(), WalkthroughTask::kOfflineInference);
  CHECK(w.precision == "int8");
  // A custom size has no release: serving it keeps the default.
  WalkthroughState custom;
  NormalizeWalkthrough(custom);
  SelectWalkthroughPreset(custom, Data(), "");
  SelectWalkthroughTask(custom, Data(), WalkthroughTask::kRealtimeServing);
  CHECK(custom.precision == "bf16");
}

}  // namespace released_weights_test
