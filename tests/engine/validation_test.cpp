// The engine against published figures. Each case names its source and the tolerance, and
// why the tolerance is what it is. The closing note of issue 3 lists estimate vs published.
#include "engine/estimate_request.hpp"
#include "engine/memory_model.hpp"
#include "engine/units.hpp"
#include "test_support.hpp"

#include <doctest/doctest.h>

namespace validation_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;

namespace {

Workload Parse(const std::string& json) {
  RequestParse p = ParseEstimateRequestText(json, atlas::test::RealCatalogs());
  for (const auto& e : p.errors) INFO(e);
  REQUIRE(p.ok());
  return p.workload;
}

EstimateResult Run(const std::string& json) {
  EstimateResult r = Estimate(Parse(json), atlas::test::RealCatalogs());
  for (const auto& e : r.errors) INFO(e);
  REQUIRE(r.ok);
  return r;
}

double ModelStatesGb(const EstimateResult& r) {
  return (r.memory.weights_bytes + r.memory.gradients_bytes + r.memory.optimizer_bytes) / kBytesPerGB;
}

}  // namespace

// ZeRO (Rajbhandari et al. 2020, arXiv:1910.02054), Table 1: per-device model-state memory of
// a 7.5B model with N_d = 64 and K = 12 (mixed-precision Adam): 120, 31.4, 16.6, 1.88 GB.
// Tolerance 1%: the formula is exact; the paper rounds to 3 significant digits.
TEST_CASE("ZeRO Table 1: 7.5B parameters, DP 64, stages 0-3 -> 120 / 31.4 / 16.6 / 1.88 GB") {
  const double published[] = {120, 31.4, 16.6, 1.88};
  for (int stage = 0; stage <= 3; ++stage) {
    EstimateResult r = Run(R"({"model": {"params": 7.5e9}, "task": "pretrain", "precision": "bf16",
      "gpus": 64, "dp": 64, "zero_stage": )" + std::to_string(stage) + R"(, "gpu": "a100-80gb-sxm"})");
    INFO("stage " << stage << ": " << ModelStatesGb(r) << " GB");
    CHECK(ModelStatesGb(r) == doctest::Approx(published[stage]).epsilon(0.01));
  }
}

// Korthikanti et al. 2022 (arXiv:2205.05198), Table 2: activation bytes per transformer
// layer. Exact equations, checked exactly on GPT-3 175B shapes (a = 96, h = 12288, s = 2048).
TEST_CASE("Korthikanti et al. Table 2: per-layer activation memory equations") {
  ActivationInputs in;
  in.s = 2048, in.b = 1, in.h = 12288, in.a = 96, in.kv_ratio = 1, in.ffn = 4 * 12288, in.gated_ffn = false;
  const double sbh = in.s * in.b * in.h, as_h = in.a * in.s / in.h;
  const double t = 8;
  // No parallelism: sbh(34 + 5as/h).
  CHECK(ActivationBytesPerLayer(in) == doctest::Approx(sbh * (34 + 5 * as_h)));
  // Tensor parallel: sbh(10 + 24/t + 5as/(ht)).
  in.t = t;
  CHECK(ActivationBytesPerLayer(in) == doctest::Approx(sbh * (10 + 24 / t + 5 * as_h / t)));
  // Tensor + sequence parallel: sbh/t (34 + 5as/h).
  in.sequence_parallel = true;
  CHECK(ActivationBytesPerLayer(in) == doctest::Approx(sbh / t * (34 + 5 * as_h)));
  // Selective recomputation + TP + SP: 34 sbh / t.
  in.recompute = Checkpointing::kSelective;
  CHECK(ActivationBytesPerLayer(in) == doctest::Approx(34 * sbh / t));
  // Selective recomputation + TP: sbh(10 + 24/t).
  in.sequence_parallel = false;
  CHECK(ActivationBytesPerLayer(in) == doctest::Approx(sbh * (10 + 24 / t)));
  // Full recomputation: 2sbh.
  in.recompute = Checkpointing::kFull;
  CHECK(ActivationBytesPerLayer(in) == doctest::Approx(2 * sbh));
  // Flash attention drops the 5as^2b score term, like selective recomputation.
  in.recompute = Checkpointing::kNone;
  in.flash_attention = true;
  in.t = 1;
  CHECK(ActivationBytesPerLayer(in) == doctest::Approx(34 * sbh));
}

// KV cache. NVIDIA, "Mastering LLM Techniques: Inference Optimization" (2023): Llama 2 7B in
// FP16 holds 2 x 32 layers x 4096 x 2 bytes = 0.5 MiB per token, ~2 GB at 4,096 tokens.
// GQA: Llama 2 70B keeps 8 KV heads of 128 over 80 layers: 2 x 80 x 8 x 128 x 2 = 320 KiB per
// token (Touvron et al. 2023 §2.2, config.json). MLA: DeepSeek-V2/V3 cache (512 + 64) values
// per layer and token (DeepSeek-V2, arXiv:2405.04434 §2.1): 61 x 576 x 2 = 70,272 bytes.
// Exact arithmetic: tolerance 0.1%.
TEST_CASE("KV cache per token: MHA Llama 2 7B, GQA Llama 2 70B, MLA DeepSeek-V3, sliding window") {
  const Catalogs& c = atlas::test::RealCatalogs();
  CHECK(KvCacheBytesPerToken(*c.models.Find("llama-2-7b"), KvPrecision::kFp16) == doctest::Approx(524288));
  CHECK(KvCacheBytes(*c.models.Find("llama-2-7b"), 4096, 1, KvPrecision::kFp16, 1, 1) ==
        doctest::Approx(2.0 * kBytesPerGiB));
  CHECK(KvCacheBytesPerToken(*c.models.Find("llama-2-70b"), KvPrecision::kFp16) == doctest::Approx(327680));
  CHECK(KvCacheBytesPerToken(*c.models.Find("deepseek-v3"), KvPrecision::kFp16) == doctest::Approx(70272));
  // FP8 KV halves it; TP 8 splits Llama 2 70B's 8 KV heads one per GPU.
  CHECK(KvCacheBytesPerToken(*c.models.Find("llama-2-70b"), KvPrecision::kFp8) == doctest::Approx(163840));
  CHECK(KvCacheBytes(*c.models.Find("llama-2-70b"), 1, 1, KvPrecision::kFp16, 8, 1) == doctest::Approx(327680 / 8.0));
  // TP 16 cannot split 8 KV heads further: each GPU keeps one head (replicated).
  CHECK(KvCacheBytes(*c.models.Find("llama-2-70b"), 1, 1, KvPrecision::kFp16, 16, 1) == doctest::Approx(327680 / 8.0));
  // Mistral 7B v0.1: every layer uses a 4,096-token window, so 32k of context costs 4k of cache.
  const ModelSpec& mistral = *c.models.Find("mistral-7b-v0.1");
  CHECK(KvCacheBytes(mistral, 32768, 1, KvPrecision::kFp16, 1, 1) ==
        doctest::Approx(KvCacheBytes(mistral, 4096, 1, KvPrecision::kFp16, 1, 1)));
}

// LoRA (Hu et al. 2021, arXiv:2106.09685) §4.2: on GPT-3 175B, training VRAM drops "from 1.2TB
// to 350GB". Our frozen-weights + adapter states: 175B x 2 bytes = 350 GB plus adapters.
// Tolerance 5% (adapter states and rounding). The paper's 1.2 TB full fine-tuning figure is
// lower than the 16 bytes/param AdamW rule (2.8 TB), presumably a different optimizer setup,
// so only the LoRA side is checked here; the full side must at least exceed it.
TEST_CASE("LoRA paper: GPT-3 175B LoRA ~350 GB of model states; full fine-tuning > 1.2 TB") {
  EstimateResult lora = Run(R"({"model": "gpt-3-175b", "task": "lora", "lora_rank": 4, "lora_targets": "q_v",
                                "gpu": "a100-80gb-sxm"})");
  CHECK(ModelStatesGb(lora) == doctest::Approx(350).epsilon(0.05));
  EstimateResult full = Run(R"({"model": "gpt-3-175b", "task": "full_finetune", "gpu": "a100-80gb-sxm"})");
  CHECK(ModelStatesGb(full) > 1200);
}

// QLoRA (Dettmers et al. 2023, arXiv:2305.14314) abstract: fine-tuning a 65B model drops from
// >780 GB to <48 GB, on a single 48 GB GPU (with gradient checkpointing, paged optimizers).
// Paged optimizers move the adapters' optimizer states to CPU memory under pressure, which is
// what offload_optimizer models; LoRA r = 64 on all linear layers as in the paper (§4).
// LLaMA 65B shape from Touvron et al. 2023a Table 2 (80 layers, d 8192, 64 heads).
TEST_CASE("QLoRA paper: 65B fits in 48 GB with NF4 + LoRA; 16-bit full fine-tuning needs > 780 GB") {
  const std::string model = R"({"params": 65.2e9, "layers": 80, "hidden": 8192, "heads": 64, "kv_heads": 64,
                                "ffn_hidden": 22016, "vocab": 32000})";
  EstimateResult q = Run(R"({"model": )" + model + R"(, "task": "qlora", "precision": "nf4", "lora_rank": 64,
    "offload_optimizer": true, "checkpointing": "full", "seq_len": 512, "gpu": "rtx-a6000"})");
  INFO("QLoRA 65B total " << q.memory.total_bytes / kBytesPerGB << " GB");
  CHECK(q.memory.total_bytes < 48 * kBytesPerGB);
  CHECK(q.fits);
  EstimateResult full = Run(R"({"model": )" + model + R"(, "task": "full_finetune", "precision": "bf16",
    "gpu": "a100-80gb-sxm"})");
  CHECK(ModelStatesGb(full) > 780);
}

// Llama 2 (Touvron et al. 2023, arXiv:2307.09288) Table 2: pre-training GPU-hours on A100-80GB
// for 2.0T tokens at 4,096 context: 7B 184,320; 13B 368,640; 70B 1,720,320. Our time model
// uses default MFU 0.50 x scaling 0.855 for a multi-node cluster. Tolerance 15%: MFU is an
// assumption (Meta does not publish it for Llama 2); the errors are printed for the note.
TEST_CASE("Llama 2 paper: pre-training GPU-hours on A100-80GB within 15%") {
  struct Case {
    const char* model;
    double published_gpu_hours;
  };
  for (Case c : {Case{"llama-2-7b", 184320}, Case{"llama-2-13b", 368640}, Case{"llama-2-70b", 1720320}}) {
    EstimateResult r = Run(std::string(R"({"model": ")") + c.model + R"(", "task": "pretrain", "seq_len": 4096,
      "gpu": "a100-80gb-sxm", "gpus": 2048, "dp": 256, "tp": 8, "zero_stage": 1, "train_tokens": 2e12,
      "checkpointing": "selective", "sequence_parallel": true})");
    REQUIRE(r.compute.gpu_hours);
    const double error = *r.compute.gpu_hours / c.published_gpu_hours - 1;
    MESSAGE(c.model << ": estimate " << *r.compute.gpu_hours << " GPU-h vs published " << c.published_gpu_hours
                    << " (" << error * 100 << "%)");
    CHECK(std::abs(error) < 0.15);
  }
}

}  // namespace validation_test
