// Issue 12's modelling: activations from each architecture's operations under each framework,
// implementation profiles (allocated vs device memory, usable capacity, preallocating servers),
// reference-recipe defaults, and time terms (offload, MoE all-to-all, serving at a concurrency).
#include "engine/activation_model.hpp"
#include "engine/estimate_request.hpp"
#include "engine/memory_model.hpp"
#include "engine/units.hpp"
#include "test_jobs.hpp"

#include <doctest/doctest.h>

namespace fidelity_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;
using test::Job;

namespace {

EstimateResult Run(const std::string& json) {
  EstimateResult r = Estimate(Job(json), test::RealCatalogs());
  for (const auto& e : r.errors) INFO(e);
  REQUIRE(r.ok);
  return r;
}

const FrameworkProfile& Profile(Framework f) { return test::RealCatalogs().calibration.Profile(f); }

}  // namespace

TEST_CASE("reference recipes fill what a request leaves out, and keep what it sets") {
  // QLoRA (Dettmers et al. 2023): NF4, r = 64 on all linear layers, checkpointing, paged 8-bit AdamW.
  Workload q = Job(R"({"model": "llama-3.1-8b", "task": "qlora"})");
  CHECK(q.precision == Precision::kNf4);
  CHECK(q.optimizer == Optimizer::kPagedAdamW8bit);
  CHECK(q.checkpointing == Checkpointing::kFull);
  CHECK(q.lora_rank == 64);
  CHECK(q.lora_targets == LoraTargets::kAllLinear);
  CHECK(q.lora_dropout == 0.1);  // up to 13B
  CHECK(Job(R"({"model": "llama-2-70b", "task": "qlora"})").lora_dropout == 0.05);
  CHECK(FrameworkFor(q) == Framework::kPytorchEager);
  // LoRA: PEFT's LoraConfig defaults.
  Workload l = Job(R"({"model": "llama-3.1-8b", "task": "lora"})");
  CHECK(l.lora_rank == 8);
  CHECK(l.lora_targets == LoraTargets::kQv);  // q_proj, v_proj
  CHECK(l.lora_dropout == 0);
  CHECK(l.checkpointing == Checkpointing::kNone);
  // Pre-training: Megatron-LM with selective recomputation; serving: vLLM.
  Workload p = Job(R"({"model": "llama-3.1-8b", "task": "pretrain"})");
  CHECK(p.checkpointing == Checkpointing::kSelective);
  CHECK(FrameworkFor(p) == Framework::kMegatron);
  CHECK(FrameworkFor(Job(R"({"model": "llama-3.1-8b", "task": "inference"})")) == Framework::kVllm);
  CHECK(FrameworkFor(Job(R"({"model": "llama-3.1-8b", "task": "inference", "precision": "q4_k_m"})")) == Framework::kLlamaCpp);
  // What the request sets stays.
  Workload set = Job(R"({"model": "llama-3.1-8b", "task": "qlora", "optimizer": "adamw", "lora_rank": 8,
                         "checkpointing": "none", "framework": "deepspeed"})");
  CHECK(set.optimizer == Optimizer::kAdamW);
  CHECK(set.lora_rank == 8);
  CHECK(set.checkpointing == Checkpointing::kNone);
  CHECK(FrameworkFor(set) == Framework::kDeepspeed);
}

TEST_CASE("fused activations reduce to Korthikanti's 34 + 5as/h with dropout; masks go without it") {
  // GPT-3 175B shapes (Korthikanti et al. 2022 Table 2 setting): h 12288, a 96, s 2048, b 1.
  Workload w = Job(R"({"model": {"params": 175e9, "layers": 96, "hidden": 12288, "heads": 96, "kv_heads": 96,
    "ffn_hidden": 49152, "ffn_kind": "gelu", "vocab": 51200}, "task": "pretrain", "checkpointing": "none",
    "flash_attention": false, "dropout": 0.1, "pp": 2, "gpus": 2})");
  const FrameworkProfile& megatron = Profile(Framework::kMegatron);
  const double sbh = 2048.0 * 12288;
  ActivationBreakdown a = TrainingActivations(w, megatron);
  CHECK(a.dense_layer_bytes == doctest::Approx(sbh * (34 + 5.0 * 96 * 2048 / 12288)));
  w.dropout = 0;  // modern recipes: no masks (2sbh) and no dropped probabilities (3as per token)
  CHECK(TrainingActivations(w, megatron).dense_layer_bytes == doctest::Approx(sbh * (32 + 2.0 * 96 * 2048 / 12288)));
}

TEST_CASE("eager PyTorch keeps more than fused kernels: FP32 norms, expanded K/V, SwiGLU product, FP32 logits") {
  Workload w = Job(R"({"model": "llama-3.1-8b", "task": "full_finetune", "seq_len": 2048, "micro_batch": 1})");
  const ActivationBreakdown eager = TrainingActivations(w, Profile(Framework::kPytorchEager));
  const ActivationBreakdown fused = TrainingActivations(w, Profile(Framework::kMegatron));
  CHECK(eager.dense_layer_bytes > 1.15 * fused.dense_layer_bytes);
  // The loss layer of a 128k vocabulary: 14 bytes x s x vocab in eager (≈ 3.7 GB at s = 2048).
  CHECK(eager.loss_bytes > 14.0 * 2048 * 128256);
  CHECK(eager.loss_bytes > 2 * fused.loss_bytes);
  // Eager attention without flash keeps the FP32 softmax and its BF16 copy: 6as per token.
  Workload no_flash = w;
  no_flash.flash_attention = false;
  const double delta = TrainingActivations(no_flash, Profile(Framework::kPytorchEager)).dense_layer_bytes - eager.dense_layer_bytes;
  CHECK(delta == doctest::Approx(2048.0 * (6.0 * 32 * 2048 - (2.0 * 4096 + 4.0 * 32))));
}

TEST_CASE("the device shows more than the framework allocates; fits uses the driver's usable capacity") {
  EstimateResult r = Run(R"({"model": "llama-3.1-8b", "task": "qlora", "gpu": "t4", "seq_len": 512})");
  CHECK(r.memory.device_total_bytes > r.memory.framework_allocated_bytes + 0.4 * kBytesPerGiB);  // context
  CHECK(r.usable_memory_bytes == doctest::Approx(15095 * kBytesPerMiB));  // ECC on: not 16 GiB
  CHECK(r.headroom_bytes == doctest::Approx(r.usable_memory_bytes - r.memory.required_bytes));
  // Paged 8-bit AdamW lives in unified memory: on the device, not in PyTorch's allocator.
  CHECK(r.memory.device_total_bytes - r.memory.framework_allocated_bytes > r.memory.optimizer_bytes);
}

TEST_CASE("vLLM preallocates 90% of the card; the job must fit inside it") {
  EstimateResult r = Run(R"({"model": "llama-3.1-8b", "task": "inference", "gpu": "h100-sxm", "batch": 8})");
  CHECK(r.framework == Framework::kVllm);
  CHECK(r.memory.device_total_bytes >= 0.9 * r.usable_memory_bytes);
  CHECK(r.headroom_bytes == doctest::Approx(0.9 * r.usable_memory_bytes - r.memory.required_bytes));
  EstimateResult tiny = Run(R"({"model": "llama-3.1-8b", "task": "inference", "gpu": "t4", "batch": 1})");
  CHECK_FALSE(tiny.fits);  // 16 GB of BF16 weights in 0.9 x 14.7 GiB
}

TEST_CASE("TensorRT-LLM's KV pool is 90% of what is free after loading, not 90% of the card") {
  // KvCacheConfig free_gpu_memory_fraction (default 0.9): "allocate 90% of free GPU memory for KV
  // cache" once the engine is loaded (nvidia.github.io/TensorRT-LLM/examples/kvcacheconfig.html).
  const std::string job = R"({"model": "llama-3.1-8b", "task": "inference", "gpu": "h100-sxm", "batch": 8, "framework": )";
  EstimateResult trt = Run(job + R"("tensorrt_llm"})");
  CHECK(trt.framework == Framework::kTensorrtLlm);
  const MemoryBreakdown& m = trt.memory;
  const double loaded = m.framework_allocated_bytes - m.kv_cache_bytes;
  CHECK(m.context_bytes == doctest::Approx(0.5 * kBytesPerGiB));  // one card: CUDA context, no NCCL
  const double share = loaded + 0.9 * (trt.usable_memory_bytes - loaded - m.context_bytes);
  CHECK(trt.headroom_bytes == doctest::Approx(share - m.required_bytes));
  // ~17 GiB loaded: the pool is larger than 90% of the card less the load (vLLM's rule).
  EstimateResult vllm = Run(job + R"("vllm"})");
  CHECK(trt.headroom_bytes > vllm.headroom_bytes + 1.0 * kBytesPerGiB);
  // The device shows the load, the pool and the context; nvidia-smi's 90%-of-free never reaches 100%.
  CHECK(m.device_total_bytes == doctest::Approx(share + m.context_bytes));
  CHECK(m.device_total_bytes < trt.usable_memory_bytes);
  // Weights that leave nothing free: does not fit, measured against what the context leaves.
  EstimateResult big = Run(R"({"model": "llama-3.1-70b", "task": "inference", "gpu": "h100-sxm", "batch": 1, "framework": "tensorrt_llm"})");
  CHECK_FALSE(big.fits);
  CHECK(big.memory.required_bytes + big.headroom_bytes == doctest::Approx(big.usable_memory_bytes - big.memory.context_bytes));
}

TEST_CASE("calibration.json: memory_fraction_of must say what the server's fraction is a share of") {
  std::string text = test::ReadSourceFile("data/calibration.json");
  const std::string field = R"("memory_fraction_of": "free_after_load")";
  REQUIRE(text.find(field) != std::string::npos);
  text.replace(text.find(field), field.size(), R"("memory_fraction_of": "free")");
  const CalibrationLoad bad = LoadCalibration(text, "calibration.json");
  REQUIRE(bad.errors.size() == 1);
  CHECK(bad.errors[0].find("calibration.json") != std::string::npos);
  CHECK(bad.errors[0].find("tensorrt_llm") != std::string::npos);
  CHECK(bad.errors[0].find("memory_fraction_of") != std::string::npos);
}

TEST_CASE("optimizer offload costs time and host memory") {
  // One A100, micro-batch 1 at 2,048 tokens: ~49k optimizer steps, each moving 13B gradients and
  // parameters over PCIe and running Adam on the CPU.
  const std::string job = R"({"model": "llama-2-13b", "task": "full_finetune", "gpu": "a100-80gb-sxm", "gpus": 1,
    "checkpointing": "full", "micro_batch": 1, "train_tokens": 1e8)";
  EstimateResult plain = Run(job + "}");
  EstimateResult offload = Run(job + R"(, "offload_optimizer": true})");
  CHECK(*offload.compute.time_seconds > 1.5 * *plain.compute.time_seconds);
  CHECK(*offload.compute.offload_seconds > 0);
  CHECK(plain.memory.host_memory_bytes == 0);
  // 12 bytes of states + 4 bytes of FP32 gradients per parameter on the host.
  CHECK(offload.memory.host_memory_bytes == doctest::Approx(16.0 * 13.0e9).epsilon(0.05));
}

TEST_CASE("tensor parallelism over PCIe and MoE all-to-all across nodes add exposed time") {
  EstimateResult pcie = Run(R"({"model": "llama-2-13b", "task": "pretrain", "gpu": "rtx-4090", "gpus": 8, "tp": 8, "dp": 1,
    "train_tokens": 1e9})");
  CHECK(*pcie.compute.communication_seconds > 0.2 * *pcie.compute.compute_seconds);
  EstimateResult nvlink = Run(R"({"model": "llama-2-13b", "task": "pretrain", "gpu": "h100-sxm", "gpus": 8, "tp": 8, "dp": 1,
    "train_tokens": 1e9})");
  CHECK(*nvlink.compute.communication_seconds == 0);  // inside the measured efficiency
  EstimateResult moe = Run(R"({"model": "deepseek-v3", "task": "pretrain", "precision": "fp8", "gpu": "h800-sxm",
    "gpus": 2048, "pp": 16, "ep": 64, "dp": 128, "train_tokens": 1e12})");
  CHECK(*moe.compute.communication_seconds > 0);
}

TEST_CASE("serving: TTFT is one prompt's prefill; at a concurrency prefills queue and stretch TPOT") {
  EstimateResult one = Run(R"({"model": "llama-3.1-70b", "task": "inference", "gpu": "h100-sxm", "gpus": 2, "tp": 2,
    "precision": "fp8", "batch": 1, "context": 5500, "prompt_tokens": 5000})");
  EstimateResult busy = Run(R"({"model": "llama-3.1-70b", "task": "inference", "gpu": "h100-sxm", "gpus": 2, "tp": 2,
    "precision": "fp8", "batch": 50, "context": 5500, "prompt_tokens": 5000})");
  CHECK(*busy.compute.ttft_seconds == doctest::Approx(*one.compute.ttft_seconds));  // one prompt, not the batch
  CHECK(*busy.compute.ttft_at_concurrency_seconds > 1.3 * *busy.compute.ttft_seconds);
  CHECK(*busy.compute.tpot_seconds > *busy.compute.decode_step_seconds);
  // Two all-reduces per layer per step over NVLink: part of every TP decode step.
  CHECK(*one.compute.decode_step_seconds > 0.002);
}

TEST_CASE("GGUF formats use llama.cpp's measured bits per weight") {
  CHECK(BytesPerWeight(Precision::kQ4KM) == doctest::Approx(4.84 / 8));
  CHECK(BytesPerWeight(Precision::kQ8_0) == doctest::Approx(8.5 / 8));
  EstimateResult r = Run(R"({"model": "llama-3.1-8b", "task": "inference", "precision": "q4_k_m", "gpu": "rtx-4090"})");
  CHECK(r.framework == Framework::kLlamaCpp);
  CHECK(r.memory.weights_bytes == doctest::Approx(r.memory.weights_bytes));
  CHECK(r.memory.weights_bytes < 5.0 * kBytesPerGB);
}

TEST_CASE("explanations are built only when asked, and the numbers do not change") {
  const Workload w = Job(R"({"model": "llama-3.1-8b", "task": "qlora", "gpu": "rtx-4090"})");
  EstimateResult full = Estimate(w, test::RealCatalogs(), Language::kEnglish, true);
  EstimateResult bare = Estimate(w, test::RealCatalogs(), Language::kEnglish, false);
  CHECK_FALSE(full.memory.figures.empty());
  CHECK(bare.memory.figures.empty());
  CHECK(bare.compute.figures.empty());
  CHECK(bare.memory.device_total_bytes == full.memory.device_total_bytes);
  CHECK(*bare.compute.time_seconds == *full.compute.time_seconds);
  // Nor notes: a serving job that does not fit (does-not-fit advice, no users at the target
  // speed) has notes only when explained, and the same numbers either way.
  const Workload serve = Job(R"({"model": "deepseek-v3", "task": "inference", "precision": "fp8", "gpu": "rtx-4090", "gpus": 8, "tp": 8, "batch": 64, "context": 32768})");
  EstimateResult told = Estimate(serve, test::RealCatalogs(), Language::kEnglish, true);
  EstimateResult quiet = Estimate(serve, test::RealCatalogs(), Language::kEnglish, false);
  REQUIRE(told.ok);
  REQUIRE(quiet.ok);
  CHECK_FALSE(told.fits);
  CHECK_FALSE(told.notes.empty());
  CHECK(quiet.notes.empty());
  CHECK(quiet.memory.notes.empty());
  CHECK(quiet.compute.notes.empty());
  CHECK(quiet.compute.efficiency_source.empty());
  CHECK(std::string(quiet.compute.peak_kind) == told.compute.peak_kind);
  CHECK(quiet.memory.required_bytes == told.memory.required_bytes);
  CHECK(*quiet.compute.tpot_seconds == *told.compute.tpot_seconds);
  CHECK(*quiet.compute.max_concurrent_users == *told.compute.max_concurrent_users);
}

TEST_CASE("calibration.json loader rejects unknown frameworks and bad patterns, naming the record") {
  const std::string text = test::ReadSourceFile("data/calibration.json");
  CalibrationLoad ok = LoadCalibration(text, "calibration.json");
  REQUIRE(ok.ok());
  std::string bad = text;
  bad.replace(bad.find(R"("id": "megatron")"), 16, R"("id": "tensorflow")");
  CalibrationLoad b = LoadCalibration(bad, "calibration.json");
  REQUIRE_FALSE(b.ok());
  CHECK(b.errors[0].find("tensorflow") != std::string::npos);
  CHECK(b.errors[0].find("field \"id\"") != std::string::npos);
  std::string bad_task = text;
  bad_task.replace(bad_task.find(R"("task": "qlora")"), 15, R"("task": "qlorra")");
  CHECK_FALSE(LoadCalibration(bad_task, "calibration.json").ok());
}

}  // namespace fidelity_test
