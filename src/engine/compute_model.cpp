#include "compute_model.hpp"

#include "format.hpp"
#include "peak_kind_text.hpp"
#include "text/engine_text.hpp"
#include "units.hpp"
#include "plural.hpp"

#include <algorithm>
#include <cmath>

namespace atlas {

namespace {

double Dense16(const Gpu& g) { return g.Dense16Tflops() * kFlopsPerTflops; }

}  // namespace

double PeakFlops(const Gpu& g, const Workload& w, const char*& kind, std::vector<std::string>* notes, Language language) {
  const Precision p = w.precision;
  auto fallback16 = [&](const char* missing) {
    if (notes) notes->push_back(Printf(EngineTextFor(language).comp_note_fallback, g.DisplayName(language == Language::kChinese).c_str(), missing));
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
      if (notes) notes->push_back(Printf(EngineTextFor(language).comp_note_no_bf16, g.DisplayName(language == Language::kChinese).c_str()));
      kind = "FP16 dense";
      return Dense16(g);
    case Precision::kInt4:
    case Precision::kNf4:
    case Precision::kQ4KM:
    case Precision::kQ5KM:
    case Precision::kQ6K:
    case Precision::kQ8_0:
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

namespace {

struct ComputeExplanation {
  std::string formula, inputs, source;
};

// Bandwidth of the link tensor-parallel ranks talk over, GB/s per GPU: the card's fabric, or
// PCIe through the host for cards without one (GeForce cards have peer-to-peer disabled).
double TpLinkGbps(const Gpu& g, const Calibration& cal) {
  return g.nvlink_class && g.interconnect_gbps > 0 ? g.interconnect_gbps / 2 : cal.pcie_p2p_gbps;  // sheets list bidirectional
}

}  // namespace

ComputeResult EstimateCompute(const Workload& w, const Gpu& g, const MemoryBreakdown& memory, const Assumptions& a,
                              const Calibration& cal, double capacity_bytes, Language language, bool explain) {
  const EngineText& T = EngineTextFor(language);
  ComputeResult r;
  const ModelSpec& m = w.model;
  const FrameworkProfile& profile = cal.Profile(FrameworkFor(w));
  r.peak_flops = PeakFlops(g, w, r.peak_kind, explain ? &r.notes : nullptr, language);
  const EfficiencyRecord* record = nullptr;
  const double calibrated = cal.Efficiency(w, g, &record);
  r.mfu_used = w.mfu.value_or(calibrated);
  if (explain)
    // The calibration record's notes are English prose (data/calibration.json has no Chinese
    // twin), so a Chinese reader gets the record's key only.
    r.efficiency_source = w.mfu ? T.fig_eff_user
                          : record ? Printf(T.fig_eff_calibrated, record->task.c_str(), record->precision.c_str(),
                                            record->card_class.c_str(), record->framework.c_str()) +
                                         (language == Language::kChinese ? "" : ": " + record->notes)
                                   : T.fig_eff_default;
  auto add = [&](const char* key, const char* label, double value, const char* unit, auto&& make) {
    if (!explain) return;
    ComputeExplanation e = make();
    r.figures.push_back({key, label, value, unit, std::move(e.formula), std::move(e.inputs), std::move(e.source)});
  };

  if (w.IsTraining()) {
    r.scaling_efficiency = ScalingEfficiency(g, w.gpus, a);
    if (w.train_tokens > 0) {
      const double flops = TrainingFlops(w, w.train_tokens);
      const double rate = w.gpus * r.peak_flops * r.mfu_used * r.scaling_efficiency;
      const double compute = flops / rate;
      const double tokens_per_replica = w.train_tokens / std::max(1, w.dp);
      // Tensor parallelism over PCIe (no NVLink): 4 all-reduces of s·b·h 16-bit values per layer
      // and micro-step (2 forward, 2 backward; Shoeybi et al. 2019 §3), a ring moving
      // 2(t-1)/t of them, exposed (NVLink systems' cost is inside the measured efficiency).
      double comm = 0;
      if (w.tp > 1 && !g.nvlink_class && m.IsTransformer()) {
        const double bytes = tokens_per_replica * (static_cast<double>(m.layers) / w.pp) * 4 * 2.0 * (w.tp - 1) / w.tp *
                             2.0 * m.hidden;
        comm += bytes / (cal.pcie_p2p_gbps * kBytesPerGB);
      }
      // Expert parallelism across nodes: each token's hidden state goes to its k experts and
      // back (dispatch in FP8 under FP8 training, combine in BF16), forward and backward
      // (DeepSeek-V3, arXiv:2412.19437 §3.2); the part of the EP group outside the node goes
      // over InfiniBand, partly hidden under compute.
      if (m.IsMoe() && w.ep > 1) {
        const double cross = std::max(0.0, 1.0 - static_cast<double>(a.gpus_per_node) / (w.ep * w.tp));
        const double dispatch = w.precision == Precision::kFp8 ? 1 : 2;
        const double per_token_layer = 2.0 * m.experts_per_token * m.hidden * (dispatch + 2);  // fwd + bwd
        const double bytes = tokens_per_replica / w.tp * (static_cast<double>(m.moe_layers) / w.pp) * per_token_layer * cross;
        comm += bytes / (cal.inter_node_gbps * kBytesPerGB) * (1 - cal.moe_alltoall_overlap);
      }
      // Optimizer offload (ZeRO-Offload, Ren et al. 2021): each step sends 16-bit gradients down
      // and parameters up over PCIe and runs Adam on the CPU, streaming ~16 bytes per parameter
      // through host memory. Steps = tokens / (micro-batch x accumulation x seq_len x DP).
      double offload = 0;
      if (w.offload_optimizer && memory.cpu_offload_bytes > 0) {
        const double steps =
            w.train_tokens / (static_cast<double>(w.micro_batch) * std::max(1, w.grad_accum) * w.seq_len * std::max(1, w.dp));
        const double params = memory.cpu_offload_bytes / 12;  // master + 2 states, FP32
        offload = steps * (params * 4 / (cal.pcie_host_gbps * kBytesPerGB) +
                           params * cal.cpu_adam_bytes_per_param / (cal.host_memory_gbps * kBytesPerGB));
      }
      if (w.offload_params && memory.cpu_offload_params_bytes > 0) {
        // Parameter offload: every micro-step copies the rank's weight shards in over PCIe for
        // the forward and again for the backward, and its gradient shards out (Answer.AI,
        // fsdp_qlora benchmarks_03_2024.md: "70 BILLION parameters are copied to the GPUs each step").
        const double micro_steps = w.train_tokens / (static_cast<double>(w.micro_batch) * w.seq_len * std::max(1, w.dp));
        offload += micro_steps * 2 * memory.cpu_offload_params_bytes / (cal.pcie_host_gbps * kBytesPerGB);
      }
      r.flops_total = flops;
      r.compute_seconds = compute;
      r.communication_seconds = comm;
      r.offload_seconds = offload;
      r.time_seconds = compute + comm + offload;
      r.gpu_hours = *r.time_seconds * w.gpus / kSecondsPerHour;
      r.tokens_per_second = w.train_tokens / *r.time_seconds;
      const bool peft = w.IsPeft();
      add("flops_total", T.fig_label_flops, flops, "FLOP", [&] {
        return ComputeExplanation{
            Printf(T.fig_flops_formula, peft ? "4" : (w.checkpointing == Checkpointing::kFull ? "8" : "6"),
                   peft ? "4" : "6"),
            Printf(T.fig_flops_inputs, Count(m.active_params).c_str(), Count(w.train_tokens).c_str(), w.seq_len),
            peft ? T.fig_flops_source_peft : T.fig_flops_source};
      });
      add("time_seconds", T.fig_label_time, *r.time_seconds, "s", [&] {
        return ComputeExplanation{T.fig_time_formula,
                           Printf(T.fig_time_inputs, w.gpus, r.peak_flops / kFlopsPerTflops,
                                  PeakKindText(r.peak_kind, language).c_str(), r.mfu_used, r.scaling_efficiency,
                                  Duration(compute, language).c_str(), Duration(comm, language).c_str(),
                                  Duration(offload, language).c_str()),
                           Printf(T.fig_time_source, r.efficiency_source.c_str())};
      });
      add("gpu_hours", T.fig_label_gpu_hours, *r.gpu_hours, "GPU-h", [&] { return ComputeExplanation{T.fig_gpu_hours_formula, Plurals(Printf(T.fig_gpu_hours_inputs, w.gpus)), ""}; });
    }
    return r;
  }

  // Inference: replicas of tp·pp GPUs serve independent batches.
  const int replica = std::max(1, w.tp * w.pp);
  const int replicas = std::max(1, w.gpus / replica);
  const bool bnb = (w.precision == Precision::kNf4 || w.precision == Precision::kInt8) && profile.bnb_decode_bandwidth_efficiency > 0;
  const double bw_efficiency = bnb ? profile.bnb_decode_bandwidth_efficiency : profile.decode_bandwidth_efficiency;
  const double bw = g.memory_bandwidth_gbps * kBytesPerGB * bw_efficiency;
  const double launch = profile.decode_overhead_us_per_layer * 1e-6 * m.layers;
  // MoE layers run a chain of small latency-bound kernels per decode step whatever the batch
  // (one grouped GEMM serves every touched expert): fitted to published batch-1 decode of
  // DeepSeek-V3/R1, Qwen3-30B-A3B and Mixtral on current vLLM, SGLang and TensorRT-LLM
  // (data/calibration.json, data/validation_cases.json); without it DeepSeek-V3 on 8 x H200 read
  // ~340 tokens/s per user against 78-111 measured.
  const double moe_kernels = m.IsMoe() ? m.moe_layers * profile.moe_decode_us_per_expert_slot * 1e-6 *
                                             std::min(m.experts_per_token + m.shared_experts, 8)
                                       : 0.0;
  const double d_attn = static_cast<double>(m.heads) * m.head_dim;
  // Prefill of one prompt: 2·N_active per token plus attention 2·L·s²·d_attn; all tensor-parallel
  // ranks work on it, pipeline stages run one after another.
  const double prefill_one = 2 * m.active_params * w.prompt_tokens +
                             2.0 * m.layers * static_cast<double>(w.prompt_tokens) * w.prompt_tokens * d_attn;
  r.ttft_seconds = prefill_one / (w.tp * r.peak_flops * r.mfu_used);
  // The server's own cost per request before its first token (HTTP, tokenising, scheduling,
  // sampling and streaming it; framework profile ttft_overhead_ms: TensorRT-LLM's 8 ms is the
  // intercept of NIM's Llama 3.3 70B TTFT at 500 and 5,000 prompt tokens, calibration.json). On
  // the host, so outside the prefill share the GPU gives below, and outside offline batches.
  const double server = profile.ttft_overhead_ms * 1e-3;
  // Decode reads memory at the card's bandwidth; a card whose vendor publishes none gets its
  // prefill time only, and a note where the decode figures would be (gpus.json "unpublished").
  if (g.IsUnpublished("memory_bandwidth_gbps")) {
    r.prefill_seconds = r.ttft_seconds;
    *r.ttft_seconds += server;
    add("ttft_seconds", T.fig_label_ttft, *r.ttft_seconds, "s", [&] {
      const std::string idle = Duration(*r.ttft_seconds, language);
      return ComputeExplanation{T.fig_ttft_formula,
                         Printf(T.fig_ttft_inputs, w.prompt_tokens, r.peak_flops / kFlopsPerTflops, r.mfu_used, w.tp, idle.c_str(), w.batch, 0.0,
                                idle.c_str()),
                         Printf(T.fig_ttft_source, r.efficiency_source.c_str())};
    });
    if (explain) r.notes.push_back(Printf(T.comp_note_bandwidth_unpublished, g.DisplayName(language == Language::kChinese).c_str()));
    return r;
  }

  // Decode step for a batch of B: read the weights touched (MoE: the experts some token in the
  // batch routes to) and the batch's KV cache at the achievable bandwidth, compute 2·N_active·B,
  // partly hidden under the reads, plus two tensor-parallel all-reduces of B·h values per layer.
  const bool tp_over_pcie = w.tp * g.devices_per_card > 1 && !g.nvlink_class;
  const double link = TpLinkGbps(g, cal) * kBytesPerGB;
  double last_allreduce = 0;
  // MoE: the expected fraction of experts a batch touches is 1 - (1 - k/E)^batch, computed as
  // 1 - exp(batch x log(1 - k/E)) with the logarithm taken once (the searches below call this ~40 times).
  const bool moe = m.IsMoe();
  const double log_expert_missed = moe ? std::log1p(-static_cast<double>(m.experts_per_token) / m.experts) : 0;
  const double expert_share = moe ? m.ExpertParams() / m.params : 0;
  // Two tensor-parallel all-reduces of tokens x h values per layer.
  auto allreduce_seconds = [&](double batch) {
    double t_allreduce = 0;
    // A card of several devices (Gpu::devices_per_card) is split over them too: TP x devices.
    const int tp_devices = w.tp * g.devices_per_card;
    if (tp_devices > 1) {
      // The fixed cost per all-reduce is the profile's at TP 2 and grows with each doubling of
      // the group (more peers to synchronise; smaller per-GPU kernels): gpt-fast's batch-1 scans
      // (Llama-2-7B, Llama-3-8B, Llama-2-70B on 8 x A100, TP 1-8) fall well short of linear.
      const double growth = 1 + cal.tp_allreduce_growth_per_doubling * std::log2(tp_devices / 2.0);
      const double latency = profile.tp_allreduce_latency_us * 1e-6 * (tp_over_pcie ? 3 : 1) * growth;
      t_allreduce = 2.0 * m.layers * (latency + 2.0 * (tp_devices - 1) / tp_devices * batch * m.hidden * 2 / link);
    }
    return t_allreduce;
  };
  // The weights `tokens` tokens read in one step: all of a dense model; an MoE's shared part and
  // the experts some token routes to.
  auto touched_weight_bytes = [&](double tokens) {
    if (!moe) return memory.weights_bytes;
    const double touched = 1 - std::exp(tokens * log_expert_missed);  // expected fraction of experts used
    return memory.weights_bytes * ((1 - expert_share) + expert_share * touched);
  };
  auto step_seconds = [&](double batch) {
    const double weight_bytes = touched_weight_bytes(batch);
    const double kv = KvCacheBytes(m, w.context, batch, w.kv_precision, w.tp, w.pp);
    const double t_mem = w.pp * (weight_bytes + kv) / bw;
    const double t_compute = 2 * m.active_params * batch / (w.tp * r.peak_flops * r.mfu_used);
    const double t_allreduce = allreduce_seconds(batch);
    last_allreduce = t_allreduce;
    return std::max(t_mem, t_compute) + (1 - profile.decode_overlap) * std::min(t_mem, t_compute) + t_allreduce + launch +
           moe_kernels;
  };
  // A prefill is one forward pass over the prompt, not only its FLOPs: it reads every weight its
  // tokens touch at least once (an MoE prompt of hundreds of tokens routes to nearly every
  // expert), all-reduces prompt x h values twice per layer and runs the per-step kernel chain
  // (roofline, Williams et al. 2009). The FLOP-only figure read 9.8 ms for a 1,024-token prompt
  // through DeepSeek-V3 on 8 x H200, under one read of its FP8 weights (~25 ms).
  const double t_read_prompt_weights = w.pp * touched_weight_bytes(w.prompt_tokens) / bw;
  // An MoE prefill also pays, per MoE layer, a fixed cost per routed expert and a cost per prompt
  // token and routed slot that neither FLOPs nor weight reads capture (calibration.json
  // interconnect.moe_prefill_*): fitted to published DeepSeek-R1 FP8 TTFT on 8 x H200 / B200 /
  // B300 and 4 x B200 / B300 (SGLang v0.5.12, TensorRT-LLM 1.3; 1k and 8k prompts), which run
  // at ~40k prompt tokens/s whatever the card's peak; without it the engine read 3-7x fast.
  const double moe_prefill =
      moe ? m.moe_layers * (m.experts * cal.moe_prefill_us_per_expert * 1e-6 +
                            static_cast<double>(w.prompt_tokens) * m.experts_per_token * cal.moe_prefill_ns_per_token_slot * 1e-9)
          : 0.0;
  r.ttft_seconds = std::max(*r.ttft_seconds, t_read_prompt_weights) + allreduce_seconds(w.prompt_tokens) + launch + moe_kernels +
                   moe_prefill;
  const double step = step_seconds(w.batch);
  const double allreduce = last_allreduce;
  r.decode_step_seconds = step;
  // Continuous batching at a steady concurrency of `batch` requests (each ends after its
  // output and a new one arrives): prefills interleave with decode steps. With prefill share
  // rho = arrival rate x prefill time, decode steps stretch to step / (1 - rho) and a new
  // prompt waits as in an M/D/1 queue, rho / (2 (1 - rho)) prefills (Kleinrock 1975, §5.5).
  // Solved by fixed-point iteration on the time per output token.
  const double prefill = *r.ttft_seconds;
  r.prefill_seconds = prefill;
  *r.ttft_seconds = prefill + server;
  const double output_tokens = std::max(0, w.context - w.prompt_tokens);
  double tpot = step, ttft = prefill + server, rho = 0;
  if (output_tokens > 0 && w.batch > 1) {
    for (int i = 0; i < 60; ++i) {
      const double request_seconds = ttft + output_tokens * tpot;
      rho = std::min(0.95, w.batch * prefill / request_seconds);
      const double next_tpot = step / (1 - rho);
      const double before_tpot = tpot, before_ttft = ttft;
      tpot = 0.5 * tpot + 0.5 * next_tpot;
      ttft = prefill * (1 + rho / (2 * (1 - rho))) + server;
      // Converged to 12 digits (the rounds left would move it less than that).
      if (std::abs(tpot - before_tpot) <= 1e-12 * tpot && std::abs(ttft - before_ttft) <= 1e-12 * ttft) break;
    }
  }
  r.ttft_at_concurrency_seconds = ttft;
  r.tpot_seconds = tpot;
  r.tokens_per_second_per_user = 1 / tpot;
  r.tokens_per_second = output_tokens > 0 ? w.batch * output_tokens / (ttft + output_tokens * tpot) * replicas
                                          : w.batch / step * replicas;
  // The figure shown is the time to first token at the job's concurrency (what its users wait);
  // the idle server's is in the inputs. A review read "168 ms" above "at concurrency 64: 176 ms".
  add("ttft_seconds", T.fig_label_ttft, ttft, "s", [&] {
    return ComputeExplanation{T.fig_ttft_formula,
                       Printf(T.fig_ttft_inputs, w.prompt_tokens, r.peak_flops / kFlopsPerTflops, r.mfu_used, w.tp,
                              Duration(*r.ttft_seconds, language).c_str(), w.batch, rho, Duration(ttft, language).c_str()),
                       Printf(T.fig_ttft_source, r.efficiency_source.c_str())};
  });
  add("tokens_per_second", T.fig_label_decode, *r.tokens_per_second, "tokens/s", [&] {
    return ComputeExplanation{T.fig_decode_formula,
                       Plurals(Printf(T.fig_decode_inputs, profile.name.c_str(), replicas, replica, w.batch, g.memory_bandwidth_gbps,
                              bw_efficiency, profile.decode_overlap, allreduce * 1e3, moe_kernels * 1e3, step * 1e3, tpot * 1e3)),
                       T.fig_decode_source};
  });
  // Concurrency: the largest batch whose KV cache fits and whose per-user speed meets the target.
  auto feasible = [&](double batch) {
    const double kv = KvCacheBytes(m, w.context, batch, w.kv_precision, w.tp, w.pp);
    const double need = (memory.required_bytes - memory.kv_cache_bytes) + kv;
    return need <= capacity_bytes && 1 / step_seconds(batch) >= w.target_tokens_per_second;
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
  add("max_concurrent_users", T.fig_label_users, users, "users", [&] {
    return ComputeExplanation{T.fig_users_formula,
                       Plurals(Printf(T.fig_users_inputs, w.target_tokens_per_second, w.context, replicas)), T.fig_users_source};
  });
  if (users == 0 && explain) r.notes.push_back(Printf(T.comp_note_no_user, w.target_tokens_per_second));
  // How the MoE prefill term was fitted, said where the figure is: in full where it was measured
  // (DeepSeek-V3/R1's 256 experts, top 8: 11 of the 12 TTFT runs on SGLang v0.5.12 and
  // TensorRT-LLM 1.3 in data/validation_cases.json within 25 %, the twelfth listed, not held); one
  // line for other MoE models, whose cost is scaled, not measured (a review found the paragraph
  // repeated for Mixtral on 2 x A100, a phone screen long).
  if (moe && explain)
    r.notes.push_back(m.experts == 256 && m.experts_per_token == 8 ? Printf(T.comp_note_moe_ttft, 11, 12, 25)
                                                                    : std::string(T.comp_note_moe_ttft_scaled));
  // From 16 users on, MoE serving leaves what the model follows (the 64-user InferenceX rows in
  // data/validation_cases.json, listed with their reason): said where the figures are.
  if (moe && explain && w.batch >= 16) r.notes.push_back(Printf(T.comp_note_moe_many_users, w.batch, 40));
  return r;
}

}  // namespace atlas
