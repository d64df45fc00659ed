#include "model_spec.hpp"

#include <algorithm>

namespace atlas {

double ModelSpec::ExpertParams() const {
  if (!IsMoe()) return 0;
  // Each routed expert is one MLP: 3 matrices h x F for gated FFNs (SwiGLU/GeGLU), else 2.
  const double matrices = (ffn_kind == FfnKind::kSwiglu || ffn_kind == FfnKind::kGeglu) ? 3 : 2;
  const double expert = matrices * static_cast<double>(hidden) * ffn_hidden;
  return std::min(params * 0.98, expert * experts * moe_layers);
}

double ModelSpec::EmbeddingParams() const {
  return static_cast<double>(vocab) * hidden * (tied_embeddings ? 1 : 2);
}

const char* ToString(ModelKind k) {
  switch (k) {
    case ModelKind::kDecoder: return "decoder";
    case ModelKind::kEncoder: return "encoder";
    case ModelKind::kEncoderDecoder: return "encoder-decoder";
    case ModelKind::kCnn: return "cnn";
  }
  return "?";
}

const char* ToString(AttentionKind k) {
  switch (k) {
    case AttentionKind::kMha: return "mha";
    case AttentionKind::kGqa: return "gqa";
    case AttentionKind::kMqa: return "mqa";
    case AttentionKind::kMla: return "mla";
  }
  return "?";
}

const char* ToString(FfnKind k) {
  switch (k) {
    case FfnKind::kSwiglu: return "swiglu";
    case FfnKind::kGeglu: return "geglu";
    case FfnKind::kGelu: return "gelu";
    case FfnKind::kRelu: return "relu";
  }
  return "?";
}

}  // namespace atlas
