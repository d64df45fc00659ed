#include "compute_model.hpp"

#include "format.hpp"
#include "text/engine_text.hpp"
#include "units.hpp"

#include <algorithm>
#include <cmath>

namespace atlas {

namespace {

std::string MfuClass(Precision p) {
  if (p == Precision::kFp32 || p == Precision::kTf32) return "fp32";
  if (p == Precision::kFp8) return "fp8";
  return "bf16";
}

double Dense16(const Gpu& g) { return g.Dense16Tflops() * kFlopsPerTflops; }

}  // namespace

double PeakFlops(const Gpu& g, const Workload& w, std::string& kind, std::vector<std::string>& notes, Language language) {
  const EngineText& T = EngineTextFor(language);
  const Precision p = w.precision;
  auto fallback16 = [&](const char* missing) {
    notes.push_back(Printf(T.comp_note_fallback, g.name.c_str(), missing));
    kind = "16-bit dense (fallback)";
    return Dense16(g);
  };
  switch (p) {
    case Precision::kFp32:
      if (g.fp32_tflops) { kind = "FP32"; return *g.fp32_tflops * kFlopsPerTflops; }
      return fallback16("FP32");
    case Precision::kTf32:
      if (g.tf32_dense_tflops) { kind = "TF32 dense"; return *g.tf32_dense_tflops * kFlopsPerTflops; }
      if (g.fp32_tflops) { kind = "FP32 (no TF32)"; return *g.fp32_tflops * kFlopsPerTflops; }
      return fallback16("TF32");
    case Precision::kFp8:
      if (g.fp8_dense_tflops) { kind = "FP8 dense"; return *g.fp8_dense_tflops * kFlopsPerTflops; }
      return fallback16("FP8");
    case Precision::kInt8:
      // Inference W8A8 runs on INT8 tensor cores; as a training base (QLoRA 8-bit) compute is 16-bit.
      if (w.task == Task::kInference && g.int8_dense_tops) { kind = "INT8 dense"; return *g.int8_dense_tops * kFlopsPerTflops; }
      kind = "16-bit dense (weights dequantised)";
      return Dense16(g);
    case Precision::kFp16:
      if (g.fp16_dense_tflops) { kind = "FP16 dense"; return *g.fp16_dense_tflops * kFlopsPerTflops; }
      kind = "BF16 dense";
      return Dense16(g);
    case Precision::kBf16:
      if (g.bf16_dense_tflops) { kind = "BF16 dense"; return *g.bf16_dense_tflops * kFlopsPerTflops; }
      notes.push_back(Printf(T.comp_note_no_bf16, g.name.c_str()));
      kind = "FP16 dense";
      return Dense16(g);
    case Precision::kInt4:
    case Precision::kNf4:
      kind = "16-bit dense (weights dequantised)";
      return Dense16(g);
  }
  return Dense16(g);
}

double ScalingEfficiency(const Gpu& g, int gpus, const Assumptions& a) {
  if (gpus <= 1) return 1.0;
  double e = g.nvlink_class ? a.scaling_intra_node_fabric : a.scaling_intra_node_pcie;
  if (gpus > a.gpus_per_node) e *= a.scaling_inter_node;
  return e;
}

double TrainingFlops(const Workload& w, double tokens) {
  const ModelSpec& m = w.model;
  const bool peft = w.task == Task::kLora || w.task == Task::kQlora;
  // Forward 2N; backward 4N (activation + weight gradients), 2N without weight gradients
  // for a frozen base (PEFT); full recomputation repeats the forward.
  double per_param = peft ? 4 : 6;
  if (w.checkpointing == Checkpointing::kFull) per_param += 2;
  double per_token = per_param * m.active_params;
  if (m.IsTransformer()) {
    const int sliding = m.sliding_window > 0 ? m.sliding_window_layers : 0;
    const double ctx_full = w.seq_len, ctx_window = std::min<double>(w.seq_len, m.sliding_window);
    const double d_attn = static_cast<double>(m.heads) * m.head_dim;
    // Kaplan eq. 2.2: 2·n_layer·n_ctx·d_attn forward per token; x3 training (x4 with recompute).
    const double passes = (per_param / 2);
    per_token += passes * 2 * d_attn * ((m.layers - sliding) * ctx_full + sliding * ctx_window);
  }
  return per_token * tokens;
}

ComputeResult EstimateCompute(const Workload& w, const Gpu& g, int tier, const MemoryBreakdown& memory,
                              const Assumptions& a, Language language) {
  const EngineText& T = EngineTextFor(language);
  ComputeResult r;
  const ModelSpec& m = w.model;
  r.peak_flops = PeakFlops(g, w, r.peak_kind, r.notes, language);
  const MfuDefault* def = a.FindMfu(tier, MfuClass(w.precision));
  r.mfu_used = w.mfu.value_or(def ? def->mfu : 0.4);
  const std::string mfu_source = w.mfu ? "set by the user" : (def ? "data/assumptions.json: " + def->notes : "default");
  auto add = [&](const char* key, const char* label, double value, const char* unit, std::string formula,
                 std::string inputs, std::string source) {
    r.figures.push_back({key, label, value, unit, std::move(formula), std::move(inputs), std::move(source)});
  };

  if (w.IsTraining()) {
    r.scaling_efficiency = ScalingEfficiency(g, w.gpus, a);
    if (w.train_tokens > 0) {
      const double flops = TrainingFlops(w, w.train_tokens);
      const double rate = w.gpus * r.peak_flops * r.mfu_used * r.scaling_efficiency;
      r.flops_total = flops;
      r.time_seconds = flops / rate;
      r.gpu_hours = *r.time_seconds * w.gpus / kSecondsPerHour;
      r.tokens_per_second = w.train_tokens / *r.time_seconds;
      const bool peft = w.task == Task::kLora || w.task == Task::kQlora;
      add("flops_total", "Training compute", flops, "FLOP",
          Printf("%s x N_active x D + attention %s x L x s x d_attn x D", peft ? "4" : (w.checkpointing == Checkpointing::kFull ? "8" : "6"),
                 peft ? "4" : "6"),
          Printf("N_active = %s, D = %s tokens, s = %d", Count(m.active_params).c_str(), Count(w.train_tokens).c_str(), w.seq_len),
          peft ? "frozen base: no weight gradients (LoRA, Hu et al. 2021); Kaplan et al. 2020 eq. 2.2"
               : "Kaplan et al. 2020 §2.1; Narayanan et al. 2021 §5.1 (8ND with recomputation)");
      add("time_seconds", "Training time", *r.time_seconds, "s", "FLOPs / (GPUs x dense peak x MFU x scaling)",
          Printf("%d x %.0f TFLOPS (%s) x MFU %.2f x scaling %.2f", w.gpus, r.peak_flops / kFlopsPerTflops,
                 r.peak_kind.c_str(), r.mfu_used, r.scaling_efficiency),
          "PaLM, Chowdhery et al. 2022, App. B (MFU); MFU " + mfu_source);
      add("gpu_hours", "GPU-hours", *r.gpu_hours, "GPU-h", "time x GPUs / 3600", Printf("%d GPUs", w.gpus), "");
    }
    return r;
  }

  // Inference: replicas of tp·pp GPUs serve independent batches.
  const int replica = std::max(1, w.tp * w.pp);
  const int replicas = std::max(1, w.gpus / replica);
  const double bw = g.memory_bandwidth_gbps * kBytesPerGB * a.decode_bandwidth_efficiency;
  const double d_attn = static_cast<double>(m.heads) * m.head_dim;
  // Prefill: 2·N_active per token plus attention 2·L·s²·d_attn per sequence; all tensor-parallel
  // ranks work on it, pipeline stages run one after another.
  const double prefill = w.batch * (2 * m.active_params * w.prompt_tokens +
                                    2.0 * m.layers * static_cast<double>(w.prompt_tokens) * w.prompt_tokens * d_attn);
  r.ttft_seconds = prefill / (w.tp * r.peak_flops * a.prefill_mfu);
  add("ttft_seconds", "Time to first token", *r.ttft_seconds, "s",
      "batch x (2 N_active x prompt + 2 L prompt^2 d_attn) / (TP x peak x prefill efficiency)",
      Printf("batch %d, prompt %d tokens, %.0f TFLOPS x %.2f", w.batch, w.prompt_tokens, r.peak_flops / kFlopsPerTflops,
             a.prefill_mfu),
      "compute-bound prefill (Pope et al. 2022); efficiency from data/assumptions.json");

  // Decode step for a batch of B: read the weights touched (MoE: the experts some token in the
  // batch routes to) and the batch's KV cache, at the achievable bandwidth; compute 2·N_active·B.
  auto step_seconds = [&](double batch) {
    double weight_bytes = memory.weights_bytes;
    if (m.IsMoe()) {
      const double k = m.experts_per_token, e = m.experts;
      const double touched = 1 - std::pow(1 - k / e, batch);  // expected fraction of experts used
      const double expert_share = m.ExpertParams() / m.params;
      weight_bytes *= (1 - expert_share) + expert_share * touched;
    }
    const double kv = KvCacheBytes(m, w.context, batch, w.kv_precision, w.tp, w.pp);
    const double t_mem = w.pp * (weight_bytes + kv) / bw;
    const double t_compute = 2 * m.active_params * batch / (w.tp * r.peak_flops * a.prefill_mfu);
    return std::max(t_mem, t_compute);
  };
  const double step = step_seconds(w.batch);
  r.decode_step_seconds = step;
  r.tokens_per_second_per_user = 1 / step;
  r.tokens_per_second = w.batch / step * replicas;
  add("tokens_per_second", "Decode throughput", *r.tokens_per_second, "tokens/s",
      "replicas x batch / step; step = max(PP x (weights read + KV cache) / (bandwidth x efficiency), 2 N_active batch / (TP x peak x eff.))",
      Printf("%d replica(s) of %d GPU(s), batch %d, %.0f GB/s x %.2f, step %.1f ms", replicas, replica, w.batch,
             g.memory_bandwidth_gbps, a.decode_bandwidth_efficiency, step * 1e3),
      "memory-bound decode (Pope et al. 2022 §2); bandwidth efficiency from data/assumptions.json");
  // Concurrency: the largest batch whose KV cache fits and whose per-user speed meets the target.
  const double capacity = g.memory_bytes;
  auto feasible = [&](double batch) {
    const double kv = KvCacheBytes(m, w.context, batch, w.kv_precision, w.tp, w.pp);
    const double need = (memory.total_bytes - memory.kv_cache_bytes) + kv;
    return need <= capacity && 1 / step_seconds(batch) >= w.target_tokens_per_second;
  };
  double users = 0;
  if (feasible(1)) {
    double lo = 1, hi = 2;
    while (hi <= 1e6 && feasible(hi)) lo = hi, hi *= 2;
    while (hi - lo > 1) {
      const double mid = std::floor((lo + hi) / 2);
      (feasible(mid) ? lo : hi) = mid;
    }
    users = lo * replicas;
  }
  r.max_concurrent_users = users;
  add("max_concurrent_users", "Concurrent users at target speed", users, "users",
      "largest batch with weights + KV(batch) <= memory and 1/step(batch) >= target, x replicas",
      Printf("target %.0f tokens/s per user, context %d, %d replica(s)", w.target_tokens_per_second, w.context, replicas),
      "derived from the decode model above");
  if (users == 0) r.notes.push_back(Printf(T.comp_note_no_user, w.target_tokens_per_second));
  return r;
}

}  // namespace atlas
