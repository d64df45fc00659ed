#include "lora_targets.hpp"

namespace atlas {

LoraLayerModules LoraModulesOf(const ModelSpec& m, LoraTargets targets, bool moe_layer, double ffn_width) {
  LoraLayerModules out;
  const double h = m.hidden;
  const double q_width = static_cast<double>(m.heads) * m.head_dim;     // q_proj d_out, o_proj d_in
  const double kv_width = static_cast<double>(m.kv_heads) * m.head_dim;  // k_proj, v_proj d_out
  auto add = [&](double d_in, double d_out) {
    ++out.count;
    out.d_in_sum += d_in;
    out.d_in_out_sum += d_in + d_out;
  };
  add(h, q_width);   // q_proj
  if (targets != LoraTargets::kQv) add(h, kv_width);  // k_proj
  add(h, kv_width);  // v_proj
  if (targets == LoraTargets::kQv) return out;
  add(q_width, h);  // o_proj
  out.o_proj = true;
  if (targets != LoraTargets::kAllLinear || moe_layer || !(ffn_width > 0)) return out;
  const bool gated = m.ffn_kind == FfnKind::kSwiglu || m.ffn_kind == FfnKind::kGeglu;
  if (gated) add(h, ffn_width);  // gate_proj
  add(h, ffn_width);             // up_proj (fc1)
  add(ffn_width, h);             // down_proj (fc2)
  out.mlp = true;
  return out;
}

const char* LoraModuleNames(LoraTargets targets) {
  switch (targets) {
    case LoraTargets::kQv: return "q_proj, v_proj";
    case LoraTargets::kAttention: return "q_proj, k_proj, v_proj, o_proj";
    case LoraTargets::kAllLinear: return "q_proj, k_proj, v_proj, o_proj, gate_proj, up_proj, down_proj";
  }
  return "";
}

}  // namespace atlas
