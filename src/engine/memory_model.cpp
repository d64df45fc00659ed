#include "memory_model.hpp"

#include "lora_targets.hpp"

#include "activation_model.hpp"
#include "format.hpp"
#include "text/engine_text.hpp"
#include "units.hpp"

#include <algorithm>
#include <cmath>

namespace atlas {

// [SECTION] Bytes per element ----------------------------------------------------------------

double BytesPerWeight(Precision p) {
  switch (p) {
    case Precision::kFp32:
    case Precision::kTf32: return 4;
    case Precision::kBf16:
    case Precision::kFp16: return 2;
    case Precision::kFp8:
    case Precision::kInt8: return 1;
    // GPTQ/AWQ 4-bit with an FP16 scale and zero point per group of 128: 4 + 32/128 bits.
    case Precision::kInt4: return 4.25 / 8;
    // QLoRA §3: NF4 with double quantisation costs 4 + 0.127 bits per parameter.
    case Precision::kNf4: return 4.127 / 8;
    // llama.cpp tools/quantize/README.md (Llama 2 7B, whole file incl. embeddings): Q4_K_M 4.84,
    // Q5_K_M 5.68, Q6_K 6.56 bits per weight; Q8_0 blocks of 32 int8 + one FP16 scale = 8.5.
    case Precision::kQ4KM: return 4.84 / 8;
    case Precision::kQ5KM: return 5.68 / 8;
    case Precision::kQ6K: return 6.56 / 8;
    case Precision::kQ8_0: return 8.5 / 8;
  }
  return 2;
}

double BytesPerKvElement(KvPrecision p) { return p == KvPrecision::kFp16 ? 2 : 1; }

namespace {

// Weight-only formats that leave the embeddings in 16 bits (GPTQ/AWQ/bitsandbytes); GGUF's
// figures are whole-file averages, embeddings included.
bool IsQuantizedFormat(Precision p) {
  return p == Precision::kInt8 || p == Precision::kInt4 || p == Precision::kNf4 || p == Precision::kFp8;
}

// Training storage: weights/gradients at the compute precision, FP32 master weights in mixed
// precision (Micikevicius et al. 2018), giving ZeRO's 2 + 2 + 12 = 16 bytes for AdamW.
struct TrainingBytes {
  double weight, gradient, master;
};
TrainingBytes TrainingBytesFor(Precision p, bool master_weights = true) {
  if (p == Precision::kFp32 || p == Precision::kTf32) return {4, 4, 0};
  if (!master_weights) return {2, 2, 0};  // pure BF16: no FP32 copy
  return {2, 2, 4};  // BF16/FP16 mixed; FP8 (Transformer Engine) keeps BF16 weights + FP32 master
}

// Optimizer state bytes per trainable parameter, excluding the master copy.
double OptimizerStateBytes(Optimizer o, int hidden) {
  switch (o) {
    case Optimizer::kAdamW: return 8;      // m and v in FP32 (Loshchilov & Hutter 2019)
    case Optimizer::kAdamW8bit:
    case Optimizer::kPagedAdamW8bit: return 2;  // m and v block-quantised to 8 bits (Dettmers et al. 2022)
    case Optimizer::kSgd: return 4;        // FP32 momentum
    // Adafactor (Shazeer & Stern 2018): factored second moment, rows + cols per matrix, no
    // momentum by default: ~ 4 x 2/h bytes per parameter.
    case Optimizer::kAdafactor: return 8.0 / std::max(hidden, 1);
  }
  return 8;
}

}  // namespace

// [SECTION] Activations (Korthikanti et al. 2022) ---------------------------------------------

double ActivationBytesPerLayer(const ActivationInputs& in) {
  const double sbh = in.s * in.b * in.h;
  const double t = std::max(1.0, in.t);
  const double g = in.kv_ratio;
  if (in.recompute == Checkpointing::kFull) {
    // Only the layer input is kept: 2sbh (split by t under sequence parallelism).
    return 2 * sbh / (in.sequence_parallel ? t : 1);
  }
  // Per token, in units of bytes/h (paper §4.1, 16-bit values):
  //  attention block: QKV input 2, Q 2, K 2g, V 2g, projection input 2, dropout mask 1
  //                   (= 11 for MHA), plus 5as/h for scores, softmax and its dropout;
  //  MLP: input 2, then 2F+2F/h for GeLU or 6F/h for gated units (gate, up, product),
  //       dropout mask 1 (= 19 for GeLU with F = 4h); two layer-norm inputs 4.
  const double ffn_ratio = in.ffn / in.h;
  const double attention_linear = 2 + 2 + 2 * g + 2 * g + 2 + 1;
  const double mlp = 2 + (in.gated_ffn ? 6 : 4) * ffn_ratio + 1;
  const double norms = 4;
  // Without sequence parallelism, TP leaves 10 of these replicated (norms 4, dropout masks 2,
  // QKV and MLP inputs 2 + 2) and splits the rest by t (paper eq. 2).
  const double replicated = 10;
  const double total_linear = attention_linear + mlp + norms;
  const double split_linear = total_linear - replicated;
  const bool keep_scores = in.recompute == Checkpointing::kNone && !in.flash_attention;
  const double scores = keep_scores ? 5 * in.a * in.s / in.h : 0;  // paper: 5as/h
  if (in.sequence_parallel) return sbh * (total_linear + scores) / t;  // paper eq. 4
  return sbh * (replicated + (split_linear + scores) / t);             // paper eq. 2-3
}

// [SECTION] KV cache -------------------------------------------------------------------------

double KvCacheBytesPerToken(const ModelSpec& m, KvPrecision p) {
  return KvCacheBytes(m, 1, 1, p, 1, 1);
}

double KvCacheBytes(const ModelSpec& m, double context, double batch, KvPrecision p, int tp, int pp) {
  if (!m.IsTransformer() || m.kind == ModelKind::kEncoder) return 0;
  const double bytes = BytesPerKvElement(p);
  double per_token_layer;
  if (m.attention == AttentionKind::kMla) {
    // MLA caches the compressed latent c_KV and the decoupled RoPE key, shared by all heads
    // and replicated on every tensor-parallel rank.
    per_token_layer = (m.kv_lora_rank + m.qk_rope_head_dim) * bytes;
  } else {
    // K and V for each KV head; heads split across TP ranks, replicated when kv_heads < tp.
    const double kv_local = std::ceil(static_cast<double>(m.kv_heads) / std::max(1, tp));
    per_token_layer = 2 * kv_local * m.head_dim * bytes;
  }
  const int sliding = m.sliding_window > 0 ? std::clamp(m.sliding_window_layers, 0, m.layers) : 0;
  const double full_layers = m.layers - sliding;
  const double window_tokens = std::min(context, static_cast<double>(m.sliding_window));
  const double tokens_x_layers = full_layers * context + sliding * window_tokens;
  return batch * tokens_x_layers * per_token_layer / std::max(1, pp);
}

// [SECTION] LoRA -----------------------------------------------------------------------------

double LoraParams(const ModelSpec& m, int rank, LoraTargets targets) {
  if (!m.IsTransformer()) return 0;
  // r × Σ (d_in + d_out) over the adapted matrices (engine/lora_targets.hpp); an MoE model's
  // dense layers get MLP adapters of their own width, its MoE layers none.
  const int moe_layers = m.IsMoe() ? std::min(m.moe_layers, m.layers) : 0;
  const double dense_width = m.dense_ffn_hidden > 0 ? m.dense_ffn_hidden : m.ffn_hidden;
  const double dense = LoraModulesOf(m, targets, false, dense_width).d_in_out_sum * (m.layers - moe_layers);
  const double moe = LoraModulesOf(m, targets, true, 0).d_in_out_sum * moe_layers;
  return rank * (dense + moe);
}

// [SECTION] The breakdown --------------------------------------------------------------------

namespace {

struct Sharding {
  double shared_params;  // params not in routed experts, per GPU before ZeRO
  double expert_params;  // routed-expert params, per GPU before ZeRO
  double dp_shared;      // ZeRO degree for shared params
  double dp_expert;      // ZeRO degree for expert params (dp / ep)
};

Sharding ShardParams(const Workload& w) {
  const ModelSpec& m = w.model;
  const double n_exp = m.ExpertParams();
  const double mp = std::max(1, w.tp * w.pp);
  return {(m.params - n_exp) / mp, n_exp / (mp * std::max(1, w.ep)), static_cast<double>(std::max(1, w.dp)),
          std::max(1.0, static_cast<double>(w.dp) / std::max(1, w.ep))};
}

// Parameters of one transformer layer on this GPU (after TP and EP), for gathered ZeRO-3 units.
double LayerParams(const Workload& w, const Sharding& sh) {
  const int layers = std::max(1, w.model.layers);
  return (sh.shared_params + sh.expert_params) * std::max(1, w.pp) / layers;
}

// The largest single weight matrix (dequantised to BF16 by bitsandbytes for each matmul).
double LargestMatrixParams(const ModelSpec& m, int tp) {
  const double ffn = std::max(m.ffn_hidden, m.dense_ffn_hidden);
  return std::max(static_cast<double>(m.hidden) * ffn, static_cast<double>(m.hidden) * m.heads * m.head_dim) / std::max(1, tp);
}

struct MemoryExplanation {
  std::string formula, inputs, source;
};

}  // namespace

MemoryBreakdown EstimateMemory(const Workload& w, const Assumptions&, const Calibration& cal, Language language,
                               bool explain) {
  const EngineText& T = EngineTextFor(language);
  const FrameworkProfile& profile = cal.Profile(FrameworkFor(w));
  MemoryBreakdown r;
  const ModelSpec& m = w.model;
  const Sharding sh = ShardParams(w);
  const bool z1 = w.zero_stage >= 1, z2 = w.zero_stage >= 2, z3 = w.zero_stage >= 3;
  const double local_params = sh.shared_params + sh.expert_params;
  const double emb_fraction = m.params > 0 ? std::min(0.5, m.EmbeddingParams() / m.params) : 0;
  const char* zero_src = "ZeRO, Rajbhandari et al. 2020, arXiv:1910.02054 §3 / Table 1";

  // Figures carry words only when asked: `make` builds them lazily.
  auto add = [&](const char* key, const char* label, double value, auto&& make) {
    if (!explain) return;
    MemoryExplanation e = make();
    r.figures.push_back({key, label, value, "bytes", std::move(e.formula), std::move(e.inputs), std::move(e.source)});
  };

  if (w.task == Task::kInference) {
    // Weight-only formats keep embeddings in 16 bits (GPTQ/AWQ/bitsandbytes leave them).
    const double bpw = BytesPerWeight(w.precision);
    const double per_weight = IsQuantizedFormat(w.precision) ? emb_fraction * 2 + (1 - emb_fraction) * bpw : bpw;
    r.weights_bytes = local_params * per_weight;
    add("weights", T.fig_label_weights, r.weights_bytes, [&] {
      return MemoryExplanation{T.fig_weights_formula,
                         Printf(T.fig_weights_inputs, Count(m.params).c_str(),
                                w.tp, w.pp, m.IsMoe() ? Printf(T.fig_experts_ep, w.ep).c_str() : "", per_weight,
                                ToString(w.precision), IsQuantizedFormat(w.precision) ? T.fig_embeddings_16bit : ""),
                         w.precision == Precision::kNf4   ? "QLoRA NF4 + double quantisation, Dettmers et al. 2023"
                         : w.precision == Precision::kInt4 ? "GPTQ (Frantar et al. 2022) / AWQ group-128 format"
                         : IsGgufFormat(w.precision)       ? "llama.cpp tools/quantize/README.md (bits per weight)"
                                                           : T.fig_src_bytes_per_element};
    });
    // Paged KV: each sequence's context rounds up to whole blocks (vLLM block_size 16).
    const double block = std::max(1.0, profile.kv_block_tokens);
    const double context = std::ceil(w.context / block) * block;
    r.kv_cache_bytes = KvCacheBytes(m, context, w.batch, w.kv_precision, w.tp, w.pp);
    add("kv_cache", T.fig_label_kv_cache, r.kv_cache_bytes, [&] {
      return MemoryExplanation{
          m.attention == AttentionKind::kMla ? T.fig_kv_formula_mla : T.fig_kv_formula,
          Printf(T.fig_kv_inputs, w.batch, w.context, block, context, m.layers, m.sliding_window > 0 ? m.sliding_window_layers : 0,
                 m.sliding_window, m.kv_heads, m.head_dim, ToString(w.kv_precision)),
          m.attention == AttentionKind::kMla ? "DeepSeek-V2 MLA, arXiv:2405.04434 §2.1"
                                             : "GQA, Ainslie et al. 2023; PagedAttention, Kwon et al. 2023"};
    });
    const double ffn_active = m.IsMoe() ? static_cast<double>(m.ffn_hidden) * (m.experts_per_token + m.shared_experts)
                                        : (m.dense_ffn_hidden > 0 ? m.dense_ffn_hidden : m.ffn_hidden);
    double tokens;
    if (FrameworkFor(w) == Framework::kLlamaCpp) {
      // llama.cpp's compute buffer: one micro-batch of n_ubatch = 512 tokens in FP32 (logits +
      // MLP intermediates), sized for the whole graph once at load.
      tokens = 512;
      r.activations_bytes = m.IsTransformer() ? tokens * 4.0 * (m.vocab + 2.0 * ffn_active) : 0;
    } else if (profile.eager_activations) {
      // Eager generate(): the whole batch's prompts in one forward, and logits for every prompt
      // token (16-bit, then an FP32 copy for sampling/softmax: 6 bytes per token x vocab).
      tokens = static_cast<double>(w.batch) * w.prompt_tokens;
      r.activations_bytes = m.IsTransformer() ? tokens * (2.0 * (4.0 * m.hidden + 3.0 * ffn_active) + 6.0 * m.vocab) / std::max(1, w.tp)
                                              : m.activation_bytes_per_sample * w.batch * 0.25;
    } else {
      // Transient prefill activations: a chunk of up to 8,192 tokens (vLLM's default batched-token
      // budget) x (residual + attention + MLP intermediates) in 16 bits. Project assumption.
      tokens = std::min(8192.0, static_cast<double>(w.batch) * w.prompt_tokens);
      r.activations_bytes = m.IsTransformer() ? tokens * 2.0 * (4.0 * m.hidden + 3.0 * ffn_active) / std::max(1, w.tp)
                                              : m.activation_bytes_per_sample * w.batch * 0.25;
    }
    add("activations", T.fig_label_prefill_activations, r.activations_bytes, [&] {
      return MemoryExplanation{FrameworkFor(w) == Framework::kLlamaCpp ? T.fig_act_infer_formula_llama
                         : profile.eager_activations ? T.fig_act_infer_formula_eager
                                                     : T.fig_act_infer_formula,
                         Printf(T.fig_act_infer_inputs, Count(tokens).c_str()), T.fig_act_infer_source};
    });
    r.buffers_bytes = profile.runtime_buffer_gib * kBytesPerGiB;
    r.preallocated_fraction = profile.memory_fraction;
    r.preallocated_of_free = profile.memory_fraction_of_free;
  } else {
    const bool peft = w.IsPeft();
    const TrainingBytes tb = TrainingBytesFor(w.precision, w.master_weights);
    const double opt_state = OptimizerStateBytes(w.optimizer, m.hidden);
    if (peft) {
      // Frozen base: LoRA keeps it at the compute precision, QLoRA quantised (NF4 by default).
      const double base_bpw = w.task == Task::kQlora
                                  ? emb_fraction * 2 + (1 - emb_fraction) * BytesPerWeight(w.precision)
                                  : TrainingBytesFor(w.precision).weight;
      const double adapters = LoraParams(m, w.lora_rank, w.lora_targets) / std::max(1, w.tp * w.pp);
      r.trainable_params = LoraParams(m, w.lora_rank, w.lora_targets);
      // LoRA adapters train in FP32 (PEFT default); QLoRA's reference script casts them to
      // BF16 (Dettmers et al. 2023, qlora.py): bytes per adapter weight and gradient.
      const double adapter_bytes = w.task == Task::kQlora ? 2 : 4;
      r.weights_bytes = (local_params * base_bpw + adapters * adapter_bytes) / (z3 ? sh.dp_shared : 1);
      add("weights", T.fig_label_lora_weights, r.weights_bytes, [&] {
        return MemoryExplanation{
            Printf(T.fig_lora_weights_formula, adapter_bytes),
            Printf(T.fig_lora_weights_inputs,
                   Count(local_params).c_str(), base_bpw, w.task == Task::kQlora ? ToString(w.precision) : T.fig_frozen_16bit,
                   Count(r.trainable_params).c_str(), w.lora_rank, ToString(w.lora_targets)),
            w.task == Task::kQlora ? "QLoRA, Dettmers et al. 2023, arXiv:2305.14314 §3" : "LoRA, Hu et al. 2021, arXiv:2106.09685 §4"};
      });
      r.gradients_bytes = adapters * adapter_bytes / (z2 ? sh.dp_shared : 1);
      add("gradients", T.fig_label_lora_gradients, r.gradients_bytes, [&] {
        return MemoryExplanation{Printf(T.fig_lora_gradients_formula, adapter_bytes),
                           Printf(T.fig_lora_gradients_inputs, Count(r.trainable_params).c_str()),
                           "LoRA, Hu et al. 2021"};
      });
      const double opt = adapters * opt_state / (z1 ? sh.dp_shared : 1);
      r.optimizer_bytes = w.offload_optimizer ? 0 : opt;
      r.cpu_offload_bytes = w.offload_optimizer ? opt : 0;
      add("optimizer", T.fig_label_lora_optimizer, r.optimizer_bytes, [&] {
        return MemoryExplanation{T.fig_lora_optimizer_formula,
                           Printf(T.fig_lora_optimizer_inputs, opt_state, ToString(w.optimizer),
                                  w.offload_optimizer ? T.fig_offloaded : ""),
                           zero_src};
      });
      if (w.task == Task::kQlora) {
        // bitsandbytes dequantises each 4-bit matrix to BF16 for its matmul (forward and
        // backward): the largest matrix is the transient buffer.
        r.buffers_bytes += 2 * LargestMatrixParams(m, w.tp);
      }
    } else {
      r.trainable_params = m.params;
      const double weights_shared = sh.shared_params / (z3 ? sh.dp_shared : 1);
      const double weights_expert = sh.expert_params / (z3 ? sh.dp_expert : 1);
      r.weights_bytes = (weights_shared + weights_expert) * tb.weight;
      add("weights", T.fig_label_weights, r.weights_bytes, [&] {
        return MemoryExplanation{T.fig_full_weights_formula,
                           Printf(T.fig_full_weights_inputs, Count(m.params).c_str(),
                                  w.tp, w.pp, m.IsMoe() ? Printf(T.fig_experts_ep, w.ep).c_str() : "", tb.weight,
                                  ToString(w.precision), w.zero_stage, w.dp),
                           zero_src};
      });
      r.gradients_bytes = (sh.shared_params / (z2 ? sh.dp_shared : 1) + sh.expert_params / (z2 ? sh.dp_expert : 1)) * tb.gradient;
      add("gradients", T.fig_label_gradients, r.gradients_bytes, [&] {
        return MemoryExplanation{T.fig_gradients_formula, Printf(T.fig_gradients_inputs, tb.gradient, ToString(w.precision)), zero_src};
      });
      const double per_param = tb.master + opt_state;
      const double opt = (sh.shared_params / (z1 ? sh.dp_shared : 1) + sh.expert_params / (z1 ? sh.dp_expert : 1)) * per_param;
      r.optimizer_bytes = w.offload_optimizer ? 0 : opt;
      r.cpu_offload_bytes = w.offload_optimizer ? opt : 0;
      add("optimizer", T.fig_label_optimizer, r.optimizer_bytes, [&] {
        return MemoryExplanation{T.fig_optimizer_formula,
                           Printf(T.fig_optimizer_inputs, tb.master, opt_state,
                                  ToString(w.optimizer), per_param, w.offload_optimizer ? T.fig_offloaded_zero : ""),
                           zero_src};
      });
    }
    if (w.offload_params && z3) {
      // Parameter offload (FSDP CPUOffload(offload_params=True), PyTorch FSDP docs: it
      // "implicitly enables gradient offloading"; DeepSpeed offload_param): the weight and
      // gradient shards wait in host memory and each layer is copied in when it runs (counted
      // with the gathered layers below). FSDP-QLoRA trains Llama 2 70B on 2 x 24 GB this way
      // (Answer.AI 2024, github.com/AnswerDotAI/fsdp_qlora benchmarks_03_2024.md).
      r.cpu_offload_params_bytes = r.weights_bytes + r.gradients_bytes;
      r.weights_bytes = r.gradients_bytes = 0;
      for (Figure& f : r.figures)
        if (f.key == "weights" || f.key == "gradients") f.value = 0, f.inputs += T.fig_offloaded_params;
    }
    if (z3 && (w.dp > 1 || w.offload_params)) {
      // ZeRO-3 / FSDP gather whole layers in 16 bits before using them: the current layer, the
      // prefetched next one and (FSDP) one layer's unsharded gradients during reduce-scatter.
      // QLoRA's base is gathered in its 4-bit storage (FSDP + QLoRA, Answer.AI 2024).
      const double gathered_bytes = w.task == Task::kQlora ? BytesPerWeight(w.precision) : 2;
      r.buffers_bytes += profile.zero3_live_layers * LayerParams(w, sh) * gathered_bytes;
    }
    if (w.dp > 1 && !peft) r.buffers_bytes += profile.reduce_bucket_bytes;  // gradient reduce buckets
    if (r.cpu_offload_bytes > 0) {
      // ZeRO-Offload keeps FP32 gradients on the host beside the states (Ren et al. 2021 §4).
      const double trainable_local = peft ? LoraParams(m, w.lora_rank, w.lora_targets) / std::max(1, w.tp * w.pp)
                                          : local_params;
      r.host_memory_bytes = r.cpu_offload_bytes + 4 * trainable_local / (z2 ? sh.dp_shared : 1);
    }
    r.host_memory_bytes += r.cpu_offload_params_bytes;
    if (m.kind == ModelKind::kCnn) {
      // Per-sample activations from published measurements (data/models.json), halved for
      // 16-bit; full checkpointing keeps ~2/sqrt(L) of them (Chen et al. 2016, sublinear memory).
      const bool fp32 = w.precision == Precision::kFp32 || w.precision == Precision::kTf32;
      double per_sample = m.activation_bytes_per_sample * (fp32 ? 1 : 0.5);
      if (w.checkpointing == Checkpointing::kFull) per_sample *= 2 / std::sqrt(std::max(1, m.layers));
      r.activations_bytes = per_sample * w.micro_batch;
      add("activations", T.fig_label_activations, r.activations_bytes, [&] {
        return MemoryExplanation{T.fig_act_measured_formula,
                           Printf(T.fig_act_measured_inputs, Gib(m.activation_bytes_per_sample).c_str(),
                                  fp32 ? "" : T.fig_halved_16bit, w.micro_batch),
                           T.fig_act_measured_source};
      });
    } else {
      const ActivationBreakdown act = TrainingActivations(w, profile);
      r.activations_bytes = act.total_bytes;
      add("activations", T.fig_label_activations, r.activations_bytes, [&] {
        return MemoryExplanation{ActivationFormulaText(profile, T), ActivationInputsText(w, profile, act, T),
                           profile.eager_activations ? T.fig_act_eager_source
                                                     : "Korthikanti et al. 2022, arXiv:2205.05198 §4, Table 2"};
      });
    }
    if (w.pp > 1 && explain) r.notes.push_back(T.mem_note_pipeline);
    if (m.kind == ModelKind::kEncoderDecoder && explain) r.notes.push_back(T.mem_note_encoder_decoder);
  }
  if (r.cpu_offload_bytes > 0 && explain)
    r.notes.push_back(Printf(T.mem_note_offload, Gib(r.cpu_offload_bytes).c_str()));
  if (r.cpu_offload_params_bytes > 0 && explain)
    r.notes.push_back(Printf(T.mem_note_offload_params, Gib(r.cpu_offload_params_bytes).c_str()));
  const double states = r.weights_bytes + r.gradients_bytes + r.optimizer_bytes + r.activations_bytes + r.kv_cache_bytes;
  const double workspace = profile.workspace_gib * kBytesPerGiB;
  // A paged optimizer (bitsandbytes) keeps its states in CUDA unified memory: on the device
  // while there is room, but outside PyTorch's allocator (not in max_memory_allocated).
  const double paged = w.optimizer == Optimizer::kPagedAdamW8bit ? r.optimizer_bytes : 0;
  r.framework_allocated_bytes = states - paged + r.buffers_bytes + workspace;
  const double reserve = r.framework_allocated_bytes * profile.allocator_reserve_fraction;
  const double context = (profile.cuda_context_gib + (w.gpus > 1 ? profile.nccl_gib : 0)) * kBytesPerGiB;
  r.context_bytes = context;
  r.device_total_bytes = r.framework_allocated_bytes + reserve + context + paged;
  // Servers that preallocate (vLLM, TensorRT-LLM) hold the job inside their share, which leaves
  // the CUDA context and NCCL buffers outside (estimate.cpp, PreallocatedShare): what must fit
  // there is what the framework allocates. Every caller (Estimate, recommend, fit) compares this.
  r.required_bytes = r.preallocated_fraction > 0 ? r.framework_allocated_bytes : r.device_total_bytes;
  r.overhead_bytes = r.device_total_bytes - states;
  r.total_bytes = r.device_total_bytes;
  add("overhead", T.fig_label_overhead, r.overhead_bytes, [&] {
    return MemoryExplanation{T.fig_overhead_formula,
                       Printf(T.fig_overhead_inputs, profile.name.c_str(),
                              Gib(r.buffers_bytes).c_str(), Gib(workspace).c_str(), profile.allocator_reserve_fraction * 100,
                              Gib(r.framework_allocated_bytes).c_str(), Gib(context).c_str()),
                       Printf(T.fig_overhead_source, ToString(profile.id))};
  });
  return r;
}

}  // namespace atlas
