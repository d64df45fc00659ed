// A custom model given by its parameter count and part of its architecture (an estimate
// request's model object, a typed size): the fields not given are inferred so that the
// architecture's own count (CountParams) matches `params` within 2 %, the FFN kind included — for
// one width a gated MLP (SwiGLU/GeGLU: gate, up, down) holds 3 matrices and a plain one (GELU/ReLU:
// up, down) 2, so only one of them adds up to a given `params`. When the given fields themselves
// contradict `params`, CheckParamsConsistency names them and both counts.
#pragma once

#include "language.hpp"
#include "model_spec.hpp"

#include <optional>
#include <string>
#include <vector>

namespace atlas {

// How far the architecture's count may be from `params` before it is called a contradiction.
inline constexpr double kParamsConsistencyTolerance = 0.02;

// Which architecture fields the request gave (the rest may be inferred).
struct ArchitectureGiven {
  bool layers = false, hidden = false, heads = false, kv_heads = false, head_dim = false;
  bool ffn_hidden = false, ffn_kind = false, vocab = false;
};

// Fills the fields of `m` that `given` leaves open so that CountParams(m) matches m.params:
// hidden (when layers is given), heads, kv_heads, head_dim, layers, the FFN kind (when the width
// is given) and the FFN width. Keeps m.params and every given field. MoE, MLA and
// encoder-decoder models are left as they are (checked only). Returns one English note per
// inferred choice, e.g. "ffn_kind: gelu (...)".
std::vector<std::string> CompleteArchitecture(ModelSpec& m, const ArchitectureGiven& given);

struct ParamsMismatch {
  double architecture_params = 0;  // CountParams of the fields
  double given_params = 0;         // the model's `params`
  std::string fields;              // the fields that make the count, with their values
};

// For a custom transformer ("custom" id) whose architecture adds up to more than
// kParamsConsistencyTolerance away from its `params`; nullopt otherwise (presets are checked by
// their own tests).
std::optional<ParamsMismatch> CheckParamsConsistency(const ModelSpec& m);

// The warning for a mismatch in `language` (engine text est_params_mismatch).
std::string ParamsMismatchText(const ParamsMismatch& mismatch, Language language);

}  // namespace atlas
