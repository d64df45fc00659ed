#include "partial_model.hpp"

#include "format.hpp"
#include "model_catalog.hpp"
#include "text/engine_text.hpp"

#include <algorithm>
#include <cmath>

namespace atlas {

namespace {

bool Gated(FfnKind k) { return k == FfnKind::kSwiglu || k == FfnKind::kGeglu; }

// The usual MLP width for a kind: SwiGLU/GeGLU 8/3·h rounded up to 256 (Llama, Touvron et al.
// 2023: 2/3·4h keeps the parameter count of a 4h MLP), GELU/ReLU 4h (GPT-2, Radford et al. 2019).
int DefaultFfnWidth(FfnKind kind, int hidden) {
  if (Gated(kind)) return static_cast<int>(std::ceil(8.0 / 3.0 * hidden / 256.0)) * 256;
  return 4 * hidden;
}

// Heads, KV heads, head size and MLP width that follow from the width, for the fields not given.
void DeriveFromHidden(ModelSpec& m, const ArchitectureGiven& g) {
  if (!g.heads) m.heads = std::max(1, m.hidden % 128 == 0 ? m.hidden / 128 : m.hidden / 64);  // head size 128, else 64
  // KV heads as ModelFromParamCount takes them: 8 groups from 30B (Llama 2 70B, Llama 3), else one per head.
  if (!g.kv_heads) m.kv_heads = m.params >= 30e9 && m.heads % 8 == 0 ? 8 : m.heads;
  if (!g.head_dim) m.head_dim = std::max(1, m.hidden / std::max(1, m.heads));
  if (!g.ffn_hidden) m.ffn_hidden = DefaultFfnWidth(m.ffn_kind, m.hidden);
  m.attention = m.kv_heads == m.heads ? AttentionKind::kMha : (m.kv_heads == 1 ? AttentionKind::kMqa : AttentionKind::kGqa);
}

// CountParams is linear in layers and in the MLP width: the count with `layers` (or
// `ffn_hidden`) at 0 and the change per unit give the value that makes the count match.
double CountWith(ModelSpec m, int layers, int ffn_hidden) {
  m.layers = layers;
  m.ffn_hidden = ffn_hidden;
  m.sliding_window_layers = std::min(m.sliding_window_layers, layers);
  return CountParams(m, false);
}

}  // namespace

std::vector<std::string> CompleteArchitecture(ModelSpec& m, const ArchitectureGiven& g) {
  std::vector<std::string> notes;
  if (!m.IsTransformer() || m.IsMoe() || m.kind == ModelKind::kEncoderDecoder || m.attention == AttentionKind::kMla ||
      !(m.params > 0) || m.hidden < 16 || m.layers < 1)
    return notes;
  const double P = m.params;
  // The FFN kind from the count, when the width is given and the depth too: only one of a gated
  // and a plain MLP of that width adds up to params (GPT-J: 16384 wide, 2 matrices).
  if (!g.ffn_kind && g.ffn_hidden && g.layers && g.hidden) {
    ModelSpec plain = m, gated = m;
    plain.ffn_kind = FfnKind::kGelu;
    gated.ffn_kind = FfnKind::kSwiglu;
    const double plain_count = CountParams(plain, false), gated_count = CountParams(gated, false);
    const FfnKind kind = std::fabs(plain_count - P) < std::fabs(gated_count - P) ? FfnKind::kGelu : FfnKind::kSwiglu;
    m.ffn_kind = kind;
    notes.push_back(Printf("ffn_kind: %s inferred (with ffn_hidden %d a plain 2-matrix MLP adds up to %s parameters, a "
                           "gated 3-matrix one to %s; params is %s)",
                           ToString(kind), m.ffn_hidden, Count(plain_count).c_str(), Count(gated_count).c_str(),
                           Count(P).c_str()));
  }
  // The width, when only the depth is given: the multiple of 64 whose count is closest.
  if (!g.hidden && g.layers) {
    int best = m.hidden;
    double best_error = -1;
    for (int h = 64; h <= 65536; h += 64) {
      ModelSpec t = m;
      t.hidden = h;
      DeriveFromHidden(t, g);
      const double error = std::fabs(CountParams(t, false) - P);
      if (best_error < 0 || error < best_error) best = h, best_error = error;
    }
    m.hidden = best;
    notes.push_back(Printf("hidden: %d inferred from params and %d layers", best, m.layers));
  }
  DeriveFromHidden(m, g);
  // The depth, when not given: whole layers of the width's size.
  if (!g.layers) {
    const double base = CountWith(m, 0, m.ffn_hidden), per_layer = CountWith(m, 1, m.ffn_hidden) - base;
    if (per_layer > 0) m.layers = std::clamp(static_cast<int>(std::lround((P - base) / per_layer)), 1, 1000);
  }
  // The MLP width, when not given: solved so the count matches (a multiple of 64).
  if (!g.ffn_hidden) {
    const double base = CountWith(m, m.layers, 0), per_unit = CountWith(m, m.layers, 1) - base;
    // At most the widest MLP ValidateModel accepts (a contradiction is then warned about).
    const double width = std::min(per_unit > 0 ? (P - base) / per_unit : 0.0, 1048576.0);
    if (width >= 64) {
      m.ffn_hidden = static_cast<int>(std::lround(width / 64)) * 64;
      if (g.layers || g.hidden)
        notes.push_back(Printf("ffn_hidden: %d inferred so that the %s MLP adds up to params", m.ffn_hidden, ToString(m.ffn_kind)));
    }
  }
  return notes;
}

std::optional<ParamsMismatch> CheckParamsConsistency(const ModelSpec& m) {
  if (m.id != "custom" || !m.IsTransformer() || !(m.params > 0)) return std::nullopt;
  const double counted = CountParams(m, false);
  if (std::fabs(counted - m.params) <= kParamsConsistencyTolerance * m.params) return std::nullopt;
  ParamsMismatch out;
  out.architecture_params = counted;
  out.given_params = m.params;
  out.fields = Printf("layers %d, hidden %d, heads %d, kv_heads %d, head_dim %d, ffn_hidden %d (%s), vocab %d%s", m.layers,
                      m.hidden, m.heads, m.kv_heads, m.head_dim, m.ffn_hidden, ToString(m.ffn_kind), m.vocab,
                      m.tied_embeddings ? ", tied_embeddings" : "");
  if (m.IsMoe()) out.fields += Printf(", experts %d, moe_layers %d", m.experts, m.moe_layers);
  return out;
}

std::string ParamsMismatchText(const ParamsMismatch& x, Language language) {
  return Printf(EngineTextFor(language).warn_params_mismatch, x.fields.c_str(), Count(x.architecture_params).c_str(),
                Count(x.given_params).c_str(), (x.architecture_params - x.given_params) / x.given_params * 100);
}

}  // namespace atlas
