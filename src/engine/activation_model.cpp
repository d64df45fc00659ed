#include "activation_model.hpp"

#include "format.hpp"
#include "lora_targets.hpp"
#include "text/engine_text.hpp"

#include <algorithm>
#include <cmath>

namespace atlas {

namespace {

struct LayerShape {
  double h, qd, kvd, a, s, f;
  bool gated;
};

// Bytes per token of one layer, split into what tensor parallelism leaves replicated (norms,
// the inputs of the column-parallel linears, residual dropout masks: Korthikanti eq. 2) and
// what it splits; `scores_per_token` is the part that grows with s (kept attention scores).
struct LayerBytes {
  double replicated = 0, split = 0, scores = 0;
};

LayerBytes LayerTerms(const Workload& w, const FrameworkProfile& p, const LayerShape& L, bool moe_layer,
                      std::vector<ActivationTerm>* terms) {
  LayerBytes out;
  auto put = [&](const char* key, double bytes, bool replicated) {
    (replicated ? out.replicated : out.split) += bytes;
    if (terms && bytes > 0) terms->push_back({key, bytes});
  };
  const bool full = !w.IsPeft();
  // bitsandbytes' 4/8-bit matmul keeps its input for backward even when the weight is frozen
  // (MatMul4Bit saves A); a frozen nn.Linear does not (no weight gradient to compute).
  const bool frozen_saves_input = w.task == Task::kQlora;
  // The adapted matrices (engine/lora_targets.hpp): an adapter's lora_A keeps its module's input.
  const LoraLayerModules lora = LoraModulesOf(w.model, w.lora_targets, moe_layer, L.f);
  const bool adapt_attn_out = (w.IsPeft() && lora.o_proj) || frozen_saves_input;
  const bool adapt_mlp = (w.IsPeft() && lora.mlp) || frozen_saves_input;
  const bool drop = w.dropout > 0;
  const bool flash_like = w.flash_attention || w.checkpointing == Checkpointing::kSelective;
  if (!p.eager_activations) {
    // Korthikanti §4.1: norm inputs 2h each; QKV input 2h; Q 2, K and V 2·(kv/q) each; flash
    // output / projection input 2h; MLP input 2h; fc1 output and activation (GeLU 2f + 2f,
    // fused SwiGLU keeps the concatenated gate|up output 4f and the product 2f).
    put("norm_inputs", 2 * 2 * L.h, true);
    put("qkv_input", 2 * L.h, true);
    put("q_k_v", 2 * L.qd + 2 * 2 * L.kvd, false);
    put("attention_output", 2 * L.qd, false);
    put("mlp_input", 2 * L.h, true);
    put(L.gated ? "swiglu_fc1_and_product" : "fc1_and_activation", (L.gated ? 6 : 4) * L.f, false);
    if (drop) put("dropout_masks", 2 * L.h, true);
    // Without flash attention: softmax output 2as (+ mask as and dropped probabilities 2as).
    if (!flash_like) out.scores = (drop ? 5 : 2) * L.a * L.s;
    return out;
  }
  // Eager PyTorch. RMSNorm: FP32 input kept by pow() and mul() (4h), and the normalised BF16
  // input kept by the weight multiply when the weight trains (2h) (transformers LlamaRMSNorm).
  const double norm = p.norm_fp32_upcast ? 4 * L.h + (full ? 2 * L.h : 0) : 2 * L.h;
  put("norms_fp32_inputs", 2 * norm, true);
  put("qkv_input", 2 * L.h, true);  // kept by q/k/v weights or by LoRA's A on q and v
  // After rotary embedding (the rotated q and k are new tensors; cos/sin tables are shared):
  // SDPA keeps q, k, v, with K/V expanded to every head by repeat_kv.
  const double kv_width = p.repeat_kv ? L.qd : L.kvd;
  put("q_k_v_rotary", 2 * L.qd + 2 * 2 * kv_width, false);
  if (flash_like) {
    put("sdpa_output_and_lse", 2 * L.qd + 4 * L.a, false);
  } else {
    // Eager attention: softmax in FP32 (4as) and its BF16 copy for the value matmul (2as);
    // attention dropout keeps a mask (as) and the dropped probabilities (2as).
    out.scores = (4 + 2 + (drop ? 3 : 0)) * L.a * L.s;
  }
  if (full || adapt_attn_out) put("o_proj_input", 2 * L.qd, false);  // contiguous copy of the heads
  if (drop) put("dropout_masks", 2 * L.h, true);
  if (full || adapt_mlp) put("mlp_input", 2 * L.h, true);
  if (L.gated) {
    // gate output (kept by SiLU), SiLU output and up output (kept by the product), product
    // (kept by down_proj when it trains or has an adapter).
    put("swiglu_gate_up_act", 6 * L.f, false);
    if (full || adapt_mlp) put("swiglu_product", 2 * L.f, false);
  } else {
    put("fc1_output", 2 * L.f, false);
    if (full || adapt_mlp) put("activation_output", 2 * L.f, false);
  }
  if (moe_layer) put("moe_dispatch_copies", 2 * L.h * std::max(1.0, static_cast<double>(w.model.experts_per_token)), false);
  if (w.IsPeft()) {
    // LoRA (PEFT): lora_A's input is the module input itself unless lora_dropout > 0, which
    // keeps a dropped copy (2 d_in) and a mask (d_in) per adapted module; lora_A's output
    // (r values) is kept by lora_B.
    double adapters = 2.0 * w.lora_rank * lora.count;
    if (w.lora_dropout > 0) adapters += 3 * lora.d_in_sum;
    put("lora_adapter_inputs", adapters, false);
  }
  return out;
}

double LayerTotal(const LayerBytes& b, const Workload& w) {
  const double t = std::max(1, w.tp);
  const double per_token = w.sequence_parallel ? (b.replicated + b.split + b.scores) / t  // eq. 4
                                               : b.replicated + (b.split + b.scores) / t;  // eq. 2-3
  return per_token * w.seq_len * w.micro_batch;
}

}  // namespace

ActivationBreakdown TrainingActivations(const Workload& w, const FrameworkProfile& p) {
  ActivationBreakdown r;
  const ModelSpec& m = w.model;
  LayerShape L;
  L.h = m.hidden;
  L.qd = static_cast<double>(m.heads) * m.head_dim;
  L.kvd = m.attention == AttentionKind::kMla ? L.qd : static_cast<double>(m.kv_heads) * m.head_dim;
  L.a = m.heads;
  L.s = w.seq_len;
  L.gated = m.ffn_kind == FfnKind::kSwiglu || m.ffn_kind == FfnKind::kGeglu;
  L.f = m.dense_ffn_hidden > 0 ? m.dense_ffn_hidden : m.ffn_hidden;
  const LayerBytes dense = LayerTerms(w, p, L, false, &r.terms);
  r.dense_layer_bytes = LayerTotal(dense, w);
  const int moe_layers = m.IsMoe() ? std::min(m.moe_layers, m.layers) : 0;
  if (moe_layers > 0) {
    LayerShape moe = L;
    moe.f = static_cast<double>(m.ffn_hidden) * (m.experts_per_token + m.shared_experts);
    r.moe_layer_bytes = LayerTotal(LayerTerms(w, p, moe, true, nullptr), w);
  }
  const double dense_layers = m.layers - moe_layers;
  if (w.checkpointing == Checkpointing::kFull) {
    // Only each layer's input is kept (2h per token, split by t under sequence parallelism),
    // plus one layer rebuilt in full during its backward pass.
    const double kept = 2 * L.h * w.seq_len * w.micro_batch / (w.sequence_parallel ? std::max(1, w.tp) : 1);
    r.layers_bytes = kept * m.layers;
    r.recompute_layer_bytes = std::max(r.dense_layer_bytes, r.moe_layer_bytes);
  } else {
    // 1F1B: the first stage holds p micro-batches of L/p layers = L layers' worth (Korthikanti
    // §4.2.3), so pipeline parallelism does not shrink this term.
    r.layers_bytes = r.dense_layer_bytes * dense_layers + r.moe_layer_bytes * moe_layers;
  }
  // Loss layer on the last pipeline stage (with pp > 1 the first stage's layers dominate).
  if (w.pp <= 1) {
    const double t = p.eager_activations ? 1 : std::max(1, w.tp);  // Megatron: vocab-parallel
    const double final_norm = p.eager_activations && p.norm_fp32_upcast ? 4 * L.h + (w.IsPeft() ? 0 : 2 * L.h) : 2 * L.h;
    const double head_input = w.IsPeft() ? 0 : 2 * L.h;
    r.loss_bytes = (final_norm + head_input + p.loss_bytes_per_logit * m.vocab / t) * w.seq_len * w.micro_batch;
  }
  const double fp32_factor = (w.precision == Precision::kFp32 || w.precision == Precision::kTf32) ? 2 : 1;
  r.total_bytes = (r.layers_bytes + r.recompute_layer_bytes + r.loss_bytes) * fp32_factor;
  return r;
}

std::string ActivationFormulaText(const FrameworkProfile& p, const EngineText& T) {
  return p.eager_activations ? T.fig_act_eager_formula : T.fig_act_formula;
}

std::string ActivationInputsText(const Workload& w, const FrameworkProfile& p, const ActivationBreakdown& a, const EngineText& T) {
  std::string terms;
  for (const ActivationTerm& t : a.terms) terms += Printf("%s%s %.0f", terms.empty() ? "" : ", ", t.key, t.bytes_per_token);
  return Printf(T.fig_act_inputs, p.name.c_str(), w.seq_len, w.micro_batch, w.tp, ToString(w.checkpointing),
                w.flash_attention ? T.fig_word_on : T.fig_word_off, w.dropout, w.lora_dropout, terms.c_str(),
                p.loss_bytes_per_logit, w.model.vocab);
}

}  // namespace atlas
