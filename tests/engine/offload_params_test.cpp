// Parameter offload (FSDP CPUOffload(offload_params=True)) and unified memory: FSDP-QLoRA's
// 70B run on two 24 GB cards fits, offloading frees nothing on a chip whose "CPU memory" is
// the same memory, and a stack that does not train is left out of training answers.
#include "engine/estimate.hpp"
#include "engine/fit.hpp"
#include "engine/recommend_risk.hpp"
#include "engine/software_support.hpp"
#include "test_jobs.hpp"
#include "test_support.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>

namespace offload_params_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;
using test::Job;

namespace {

const Catalogs& Data() { return test::RealCatalogs(); }

// The trial's link: #v=1&view=calculator&calc.model=llama-3.1-70b&calc.task=qlora&
// calc.gpu=rtx-4090&calc.gpus=2&calc.dp=2&calc.zero_stage=3 (Answer.AI trains Llama 2 70B this
// way: github.com/AnswerDotAI/fsdp_qlora benchmarks_03_2024.md, 14.92 GiB peak per GPU).
const char* kQlora70bOn2x4090 =
    R"({"model":"llama-3.1-70b","task":"qlora","gpu":"rtx-4090","gpus":2,"dp":2,"zero_stage":3})";

}  // namespace

TEST_CASE("offload_params moves the ZeRO-3 weight and gradient shards to the host") {
  Workload w = Job(kQlora70bOn2x4090);
  const EstimateResult on_gpu = Estimate(w, Data());
  REQUIRE(on_gpu.ok);
  w.offload_params = w.offload_optimizer = true;
  const EstimateResult offloaded = Estimate(w, Data());
  REQUIRE(offloaded.ok);
  CHECK(offloaded.memory.weights_bytes == 0);
  CHECK(offloaded.memory.gradients_bytes == 0);
  CHECK(offloaded.memory.cpu_offload_params_bytes ==
        doctest::Approx(on_gpu.memory.weights_bytes + on_gpu.memory.gradients_bytes));
  CHECK(offloaded.memory.host_memory_bytes >= offloaded.memory.cpu_offload_params_bytes);
  // 70B in NF4 is ~35 GiB: half of it per card does not fit 24 GB with the rest; offloaded, it does.
  CHECK_FALSE(on_gpu.fits);
  CHECK(offloaded.fits);
  CHECK(offloaded.memory.total_bytes < on_gpu.memory.total_bytes - 10.0 * (1 << 30));
  // Copying every layer in over PCIe each micro-step costs time.
  w.train_tokens = 1e7;
  w.offload_params = false;
  const double before = *Estimate(w, Data()).compute.time_seconds;
  w.offload_params = true;
  CHECK(*Estimate(w, Data()).compute.time_seconds > before);
}

TEST_CASE("offload_params needs ZeRO-3 (bad input names the field)") {
  RequestParse p = ParseEstimateRequestText(
      R"({"model":"llama-3.1-8b","task":"qlora","gpu":"rtx-4090","gpus":2,"zero_stage":2,"offload_params":true})", Data());
  CHECK_FALSE(p.ok());
  CHECK(test::AnyContains(p.errors, "offload_params"));
  // Given, it implies the optimizer offload (FSDP steps the optimizer on the CPU).
  RequestParse q = ParseEstimateRequestText(
      R"({"model":"llama-3.1-8b","task":"qlora","gpu":"rtx-4090","gpus":2,"zero_stage":3,"offload_params":true})", Data());
  REQUIRE(q.ok());
  CHECK(q.workload.offload_optimizer);
}

TEST_CASE("Make it fit finds FSDP-QLoRA's parameter offload for 70B QLoRA on 2 x RTX 4090") {
  FitConstraints c;
  c.max_gpus = 2;
  const FitResult r = Fit(Job(kQlora70bOn2x4090), c, Data());
  REQUIRE(r.ok);
  CHECK(r.fits);
  CHECK(r.workload.gpus == 2);
  CHECK(r.workload.offload_params);
  CHECK(r.workload.zero_stage == 3);
  const bool listed = std::any_of(r.changes.begin(), r.changes.end(), [](const FitChange& ch) { return ch.field == "offload_params"; });
  CHECK(listed);
  // Without offload allowed, it still does not fit.
  c.allow_offload = false;
  CHECK_FALSE(Fit(Job(kQlora70bOn2x4090), c, Data()).fits);
}

TEST_CASE("offload gives no room on unified memory (Apple, Jetson): the offloaded bytes count against it") {
  const Gpu* apple = Data().gpus.Find("apple-m2-ultra");
  const Gpu* h100 = Data().gpus.Find("h100-sxm");
  REQUIRE(apple);
  REQUIRE(h100);
  CHECK(apple->unified_memory);
  CHECK(Data().gpus.Find("jetson-agx-orin-64gb")->unified_memory);
  CHECK_FALSE(h100->unified_memory);
  MemoryBreakdown m;
  m.host_memory_bytes = 10.0 * (1 << 30);
  const Calibration& cal = Data().calibration;
  CHECK(JobCapacityBytes(m, *apple, cal) == doctest::Approx(cal.UsableBytes(*apple) - m.host_memory_bytes));
  CHECK(JobCapacityBytes(m, *h100, cal) == doctest::Approx(cal.UsableBytes(*h100)));
  // The trial's case: 8B full fine-tuning with optimizer offload does not fit a 64 GB Jetson.
  Workload w = Job(R"({"model":"llama-3.1-8b","task":"full_finetune","gpu":"jetson-agx-orin-64gb","offload_optimizer":true})");
  const EstimateResult e = Estimate(w, Data());
  REQUIRE(e.ok);
  CHECK_FALSE(e.fits);
  CHECK(test::AnyContains(e.notes, "shares its memory with the CPU"));
}

TEST_CASE("a stack that does not train (Metal / MLX) is left out of training, not of serving") {
  const Gpu* apple = Data().gpus.Find("apple-m2-ultra");
  REQUIRE(apple);
  CHECK(SupportFor(*apple, SoftwareFeature::kTraining).level == SupportLevel::kNo);
  CHECK(SupportFor(*Data().gpus.Find("h100-sxm"), SoftwareFeature::kTraining).level == SupportLevel::kYes);
  const std::string why = UnsupportedSoftware(*apple, Job(R"({"model":"llama-3.1-8b","task":"full_finetune"})"), Language::kEnglish);
  CHECK(why.find("training") != std::string::npos);
  CHECK(UnsupportedSoftware(*apple, Job(R"({"model":"llama-3.1-8b","task":"inference","precision":"q4_k_m"})"), Language::kEnglish).empty());
  // Recommendations for the calculator's default job list no Apple or Jetson-offload configuration.
  const RecommendResult r = test::RecommendJob(R"({"model":"llama-3.1-8b","task":"full_finetune"})");
  for (const Recommendation& x : r.configs) {
    CHECK(x.gpu.rfind("apple-", 0) != 0);
    if (x.gpu == "jetson-agx-orin-64gb") CHECK_FALSE(x.workload.offload_optimizer);
  }
}

}  // namespace offload_params_test
