// Software support in the estimate (issue 12, part 7): a request relying on a feature the card's
// stack lacks (data/software.json) is estimated with a warning that names the feature, the card,
// the stack and the source — NF4/bitsandbytes on MLU370 or MTT S4000, FP8 on Ascend, llama.cpp
// on MLU370 — and the same request on a CUDA card has none.
#include "engine/estimate.hpp"
#include "engine/estimate_request.hpp"
#include "test_jobs.hpp"
#include "test_support.hpp"

#include <doctest/doctest.h>

#include <chrono>
#include <cmath>

namespace estimate_warnings_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;

namespace {

EstimateResult EstimateJson(const std::string& request, Language language = Language::kEnglish) {
  RequestParse p = ParseEstimateRequest(Json::parse(request), test::RealCatalogs());
  REQUIRE(p.ok());
  return Estimate(p.workload, test::RealCatalogs(), language);
}

int Count(const std::vector<std::string>& lines, const std::string& part) {
  int n = 0;
  // Plain spaces, as the CLI prints them (the no-break joins are the canvas's business).
  for (const std::string& l : lines) n += PlainSpaces(l).find(part) != std::string::npos;
  return n;
}

}  // namespace

TEST_CASE("QLoRA's NF4 base and paged 8-bit AdamW on MLU370 and MTT S4000: warned, with the source") {
  for (const char* gpu : {"mlu370-x8", "mtt-s4000"}) {
    INFO(gpu);
    const EstimateResult r = EstimateJson(std::string(R"({"model": "llama-3.1-8b", "task": "qlora", "gpu": ")") + gpu + "\"}");
    REQUIRE(r.ok);  // still estimated: the memory and time of the plan are well defined
    CHECK(Count(r.warnings, "NF4 4-bit weights (bitsandbytes) is not available on") == 1);
    CHECK(Count(r.warnings, "The 8-bit optimizer (bitsandbytes) is not available on") == 1);  // the recipe's optimizer
    CHECK(Count(r.warnings, "Source: https://") >= 2);
    const EstimateResult zh = EstimateJson(std::string(R"({"model": "llama-3.1-8b", "task": "qlora", "gpu": ")") + gpu + "\"}",
                                           Language::kChinese);
    CHECK(Count(zh.warnings, "上不可用") >= 2);
    // The stack's name and the data's note in Chinese too, not the English of software.json.
    CHECK(Count(zh.warnings, "bitsandbytes 没有") >= 1);
    CHECK(Count(zh.warnings, "has no") == 0);
    CHECK(Count(zh.warnings, std::string(gpu) == "mlu370-x8" ? "寒武纪 Neuware 软件栈" : "摩尔线程 MUSA 软件栈") >= 1);
  }
  const EstimateResult cuda = EstimateJson(R"({"model": "llama-3.1-8b", "task": "qlora", "gpu": "rtx-4090"})");
  REQUIRE(cuda.ok);
  CHECK(cuda.warnings.empty());
}

// AMD: the MI250X's two GCDs are two GPUs to software (64 GB, 1.64 TB/s each). A new user's
// review read a 32B model "on one MI250X at TP 1" as one 128 GB device at 3.28 TB/s.
TEST_CASE("a card of two devices: the estimate splits it with TP 2, counts the all-reduces and says so") {
  const std::string job = R"({"model": "qwen2.5-32b", "task": "inference", "gpu": "mi250x", "batch": 1})";
  const EstimateResult r = EstimateJson(job);
  REQUIRE(r.ok);
  CHECK(Count(r.warnings, "Instinct MI250X appears to software as 2 devices of 64.0 GiB each") == 1);
  CHECK(Count(r.warnings, "(TP 2 in all") == 1);
  CHECK(Count(EstimateJson(job, Language::kChinese).warnings, "在软件中表现为 2 个设备") == 1);
  // The same card as one device: faster, as no all-reduce joins the halves.
  Gpu one = *test::RealCatalogs().gpus.Find("mi250x");
  REQUIRE(one.devices_per_card == 2);
  one.devices_per_card = 1;
  RequestParse p = ParseEstimateRequest(Json::parse(job), test::RealCatalogs());
  REQUIRE(p.ok());
  const EstimateResult single = Estimate(p.workload, one, test::RealCatalogs(), Language::kEnglish);
  REQUIRE(single.ok);
  REQUIRE(r.compute.tpot_seconds);
  REQUIRE(single.compute.tpot_seconds);
  CHECK(*r.compute.tpot_seconds > *single.compute.tpot_seconds * 1.02);
  CHECK(Count(single.warnings, "appears to software as") == 0);
  // A card of one device says nothing of it.
  CHECK(Count(EstimateJson(R"({"model": "qwen2.5-32b", "task": "inference", "gpu": "mi300x"})").warnings, "appears to software as") == 0);
}

// The MoE time to first token carries a fitted prefill cost (calibration.json
// interconnect.moe_prefill_*) whose spread the note states, for MoE models only.
TEST_CASE("an MoE serving estimate says how its time to first token was fitted and how far runs spread") {
  const EstimateResult moe = EstimateJson(R"({"model": "deepseek-v3", "task": "inference", "precision": "fp8", "gpu": "h200-sxm",
                                              "gpus": 8, "tp": 8})");
  REQUIRE(moe.ok);
  CHECK(Count(moe.notes, "11 of 12 within 25 %") == 1);
  CHECK(Count(moe.notes, "70.9 ms on 8 x B300") == 1);
  const EstimateResult dense = EstimateJson(R"({"model": "llama-3.1-70b", "task": "inference", "gpu": "h100-sxm", "gpus": 4, "tp": 4})");
  REQUIRE(dense.ok);
  CHECK(Count(dense.notes, "expert scheduling") == 0);
  // Another MoE model gets one line saying the cost is scaled, not the DeepSeek paragraph.
  const EstimateResult mixtral = EstimateJson(R"({"model": "mixtral-8x7b", "task": "inference", "gpu": "a100-80gb-sxm", "gpus": 2, "tp": 2})");
  REQUIRE(mixtral.ok);
  CHECK(Count(mixtral.notes, "scaled from DeepSeek-R1 measurements") == 1);
  CHECK(Count(mixtral.notes, "70.9 ms on 8 x B300") == 0);
}

// MoE serving at 64 users is outside what the model follows (InferenceX#3173's rows, listed):
// said from 16 users on, for MoE only.
TEST_CASE("an MoE serving estimate for many users says the model stops following measurements there") {
  auto notes_for = [](const char* model, int batch) {
    const EstimateResult r = EstimateJson(std::string(R"({"model": ")") + model + R"(", "task": "inference", "precision": "fp8",
                                          "gpu": "h200-sxm", "gpus": 8, "tp": 8, "batch": )" + std::to_string(batch) + "}");
    REQUIRE(r.ok);
    return r.notes;
  };
  CHECK(Count(notes_for("deepseek-r1", 32), "At 32 users an MoE server runs beyond") == 1);
  CHECK(Count(notes_for("deepseek-r1", 32), "about 40 % longer") == 1);
  CHECK(Count(notes_for("deepseek-r1", 8), "runs beyond") == 0);
  CHECK(Count(notes_for("llama-3.1-70b", 64), "runs beyond") == 0);
}

// DeepSeek-R1 FP8 on 8 x B200, SGLang v0.5.12, one user: 160.36 ms for a 1,024-token prompt and
// 314.28 ms for 8,192 (SemiAnalysisAI/InferenceX#3363). Without the MoE prefill term the engine
// read 28 and 79 ms; its slope per prompt token is held too, not only the sum.
TEST_CASE("MoE prefill: DeepSeek-R1 on 8 x B200 against InferenceX's published 1k and 8k TTFT") {
  auto ttft_ms = [](int prompt) {
    const EstimateResult r = EstimateJson(R"({"model": "deepseek-r1", "task": "inference", "precision": "fp8", "gpu": "b200-sxm",
                                              "gpus": 8, "tp": 8, "framework": "vllm", "context": )" + std::to_string(prompt + 1024) +
                                          R"(, "prompt_tokens": )" + std::to_string(prompt) + "}");
    REQUIRE(r.ok);
    REQUIRE(r.compute.ttft_seconds);
    return *r.compute.ttft_seconds * 1e3;
  };
  const double short_ms = ttft_ms(1024), long_ms = ttft_ms(8192);
  CHECK(short_ms == doctest::Approx(160.36).epsilon(0.25));
  CHECK(long_ms == doctest::Approx(314.28).epsilon(0.25));
  CHECK((long_ms - short_ms) == doctest::Approx(314.28 - 160.36).epsilon(0.35));
  // A dense model of similar active size has no such term: Llama-3.1-70B's 1k prefill on 8 x B200
  // stays well under DeepSeek's.
  const EstimateResult dense = EstimateJson(R"({"model": "llama-3.1-70b", "task": "inference", "gpu": "b200-sxm", "gpus": 8, "tp": 8,
                                                "framework": "vllm", "context": 2048, "prompt_tokens": 1024})");
  REQUIRE(dense.compute.ttft_seconds);
  CHECK(*dense.compute.ttft_seconds * 1e3 < short_ms / 3);
}

// A server's fixed cost per request before the first token (calibration.json ttft_overhead_ms):
// NVIDIA NIM 1.8.0, Llama-3.3-70B FP8 TP2 on 2 x H100 at one user, 47.77 ms at 500 prompt tokens and
// 406.77 ms at 5,000 (docs.nvidia.com/nim/benchmarking/llm/1.0.0/performance). Without the 8 ms
// the engine read the short prompt 16 % fast; the long one, mostly prefill, barely moves.
TEST_CASE("TTFT: TensorRT-LLM's fixed cost per request against NIM's 500- and 5,000-token rows") {
  auto ttft_ms = [](int prompt, int output) {
    const EstimateResult r = EstimateJson(R"({"model": "llama-3.1-70b", "task": "inference", "precision": "fp8", "gpu": "h100-sxm",
                                              "gpus": 2, "tp": 2, "framework": "tensorrt_llm", "context": )" +
                                          std::to_string(prompt + output) + R"(, "prompt_tokens": )" + std::to_string(prompt) + "}");
    REQUIRE(r.ok);
    REQUIRE(r.compute.ttft_seconds);
    REQUIRE(r.compute.ttft_at_concurrency_seconds);
    CHECK(*r.compute.ttft_at_concurrency_seconds == doctest::Approx(*r.compute.ttft_seconds));  // one user: no queue
    return *r.compute.ttft_seconds * 1e3;
  };
  const double short_ms = ttft_ms(500, 2000), long_ms = ttft_ms(5000, 500);
  CHECK(short_ms == doctest::Approx(47.77).epsilon(0.08));
  CHECK(long_ms == doctest::Approx(406.77).epsilon(0.08));
  // The fixed part is the profile's: 8 ms, under the short prompt's whole TTFT.
  CHECK(short_ms > 8);
  CHECK(short_ms < 60);
}

TEST_CASE("FP8 on a stack without it, serving frameworks the stack lacks or only partly has") {
  const EstimateResult fp8 = EstimateJson(R"({"model": "llama-3.1-8b", "task": "full_finetune", "precision": "fp8",
                                              "gpu": "ascend-910b", "gpus": 8, "zero_stage": 3})");
  REQUIRE(fp8.ok);
  CHECK(Count(fp8.warnings, "FP8 training is not available on") == 1);
  const EstimateResult fp8_h100 = EstimateJson(R"({"model": "llama-3.1-8b", "task": "full_finetune", "precision": "fp8",
                                                   "gpu": "h100-sxm", "gpus": 8, "zero_stage": 3})");
  CHECK(fp8_h100.warnings.empty());
  const EstimateResult vllm = EstimateJson(R"({"model": "llama-3.1-8b", "task": "inference", "gpu": "mlu370-x8"})");
  REQUIRE(vllm.ok);
  CHECK(Count(vllm.warnings, "vLLM serving is only partly supported on") == 1);
  const EstimateResult gguf =
      EstimateJson(R"({"model": "llama-3.1-8b", "task": "inference", "gpu": "mlu370-x8", "framework": "llama_cpp", "precision": "q4_k_m"})");
  REQUIRE(gguf.ok);
  CHECK(Count(gguf.warnings, "llama.cpp is not available on") == 1);
  CHECK(Count(gguf.warnings, "vLLM") == 0);  // the framework asked for, not the default
}

// The verdict's colour and words follow `runs_as_estimated`: a plan that fits in memory but
// needs a feature its card's software lacks (level "no"), or splits a model over chips with no
// link, is not a plain "Fits". Partial support, and a replica per chip, keep it.
TEST_CASE("runs_as_estimated: false for a feature the software lacks or a split over unlinked chips, true otherwise") {
  const EstimateResult qlora_mlu = EstimateJson(R"({"model": "llama-3.1-8b", "task": "qlora", "gpu": "mlu370-x8"})");
  REQUIRE(qlora_mlu.ok);
  CHECK(qlora_mlu.fits);
  CHECK_FALSE(qlora_mlu.runs_as_estimated);  // NF4 (bitsandbytes): "no" on Neuware
  const EstimateResult fp8_ascend = EstimateJson(R"({"model": "llama-3.1-8b", "task": "full_finetune", "precision": "fp8",
                                                     "gpu": "ascend-910b", "gpus": 8, "zero_stage": 3})");
  CHECK_FALSE(fp8_ascend.runs_as_estimated);
  const EstimateResult vllm_mlu = EstimateJson(R"({"model": "llama-3.1-8b", "task": "inference", "gpu": "mlu370-x8"})");
  CHECK(vllm_mlu.runs_as_estimated);  // partial: warned, still runs
  const EstimateResult split = EstimateJson(R"({"model": "llama-3.1-70b", "task": "inference", "precision": "int4",
                                                "gpu": "apple-m4-max", "gpus": 2, "tp": 2})");
  REQUIRE(split.ok);
  CHECK(split.fits);
  CHECK_FALSE(split.runs_as_estimated);
  const EstimateResult replicas = EstimateJson(R"({"model": "llama-3.1-8b", "task": "inference", "gpu": "apple-m4-max", "gpus": 2, "dp": 2})");
  CHECK(replicas.runs_as_estimated);
  const EstimateResult h100 = EstimateJson(R"({"model": "llama-3.1-70b", "task": "inference", "gpu": "h100-sxm", "gpus": 2, "tp": 2})");
  CHECK(h100.runs_as_estimated);
  // The CLI's JSON says it too.
  CHECK(EstimateResultToJson(split, test::Job(R"({"model": "llama-3.1-70b", "task": "inference", "precision": "int4",
                                            "gpu": "apple-m4-max", "gpus": 2, "tp": 2})"))["runs_as_estimated"] == false);
}

TEST_CASE("warnings cost nothing on the fast path: Estimate without explanations builds none") {
  RequestParse p = ParseEstimateRequest(Json::parse(R"({"model": "llama-3.1-8b", "task": "qlora", "gpu": "mlu370-x8"})"),
                                        test::RealCatalogs());
  REQUIRE(p.ok());
  CHECK(Estimate(p.workload, test::RealCatalogs(), Language::kEnglish, false).warnings.empty());
}

TEST_CASE("training tokens fewer than one global batch: warned in both languages; a million GPUs stay finite and fast") {
  // 1,000 tokens against micro-batch 1 × accumulation 1 × dp 8 × 2,048 = 16,384 tokens per step.
  const char* tiny = R"({"model": "llama-3.1-8b", "task": "full_finetune", "gpu": "h100-sxm", "gpus": 8,
                         "seq_len": 2048, "train_tokens": 1000})";
  const EstimateResult r = EstimateJson(tiny);
  REQUIRE(r.ok);
  CHECK(Count(r.warnings, "The training tokens (1k) are fewer than one global batch of 16.4k tokens") == 1);
  CHECK(Count(r.warnings, "micro-batch 1 × accumulation 1 × data-parallel 8 × sequence 2048") == 1);
  CHECK(Count(EstimateJson(tiny, Language::kChinese).warnings, "少于一个全局批次") == 1);
  // Exactly one global batch, or serving, or no token count: no warning.
  CHECK(Count(EstimateJson(R"({"model": "llama-3.1-8b", "task": "full_finetune", "gpu": "h100-sxm", "gpus": 8,
                               "seq_len": 2048, "train_tokens": 16384})").warnings, "global batch") == 0);
  CHECK(Count(EstimateJson(R"({"model": "llama-3.1-8b", "task": "inference", "gpu": "h100-sxm"})").warnings,
              "global batch") == 0);

  // A million GPUs of data parallelism (the calc.gpus=1000000 link): one step is 2.05 billion
  // tokens, more than the 10⁸ the calculator trains on by default; every figure stays finite.
  const auto start = std::chrono::steady_clock::now();
  const EstimateResult big = EstimateJson(R"({"model": "llama-3.1-8b", "task": "full_finetune", "gpu": "h100-sxm",
                                              "gpus": 1000000, "zero_stage": 3, "seq_len": 2048, "train_tokens": 1e8})");
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  REQUIRE(big.ok);
  CHECK(Count(big.warnings, "fewer than one global batch") == 1);
  CHECK(std::isfinite(big.memory.total_bytes));
  CHECK(big.memory.total_bytes > 0);
  REQUIRE(big.compute.time_seconds);
  CHECK(std::isfinite(*big.compute.time_seconds));
  CHECK(*big.compute.time_seconds > 0);
  for (const auto& f : big.compute.figures) CHECK(std::isfinite(f.value));
  // Not a speed goal (those are benchmarks): a bound no loaded machine reaches unless the
  // estimate does work per GPU (a million of them), which the sanitizers would make take seconds.
  CHECK(ms < 1000);
}

}  // namespace estimate_warnings_test
