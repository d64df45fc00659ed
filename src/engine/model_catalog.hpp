// Model presets (data/models.json), typed sizes ("13B") and Hugging Face config.json import.
#pragma once

#include "model_spec.hpp"

#include <optional>
#include <string>
#include <vector>

namespace atlas {

struct ModelCatalog {
  std::vector<ModelSpec> models;
  const ModelSpec* Find(const std::string& id) const;
};

struct ModelCatalogLoad {
  ModelCatalog catalog;
  std::vector<std::string> errors;
  bool ok() const { return errors.empty(); }
};

ModelCatalogLoad LoadModelCatalog(const std::string& text, const std::string& file_name);

// Checks an architecture for consistency (heads divisible by kv_heads, positive sizes, MoE
// fields together); returns messages naming the field. Empty = valid.
std::vector<std::string> ValidateModel(const ModelSpec& m);

// Parses "13B", "7.5b", "350M", "1.2T", "70000000000" into a parameter count.
std::optional<double> ParseParamCount(const std::string& text);

// A dense decoder with `params` parameters and Llama-style defaults scaled to that size
// (hidden, layers, heads, GQA 8 KV heads from ~30B, SwiGLU 8/3·h rounded, vocab 128k).
ModelSpec ModelFromParamCount(double params);

struct HfImport {
  ModelSpec model;
  std::vector<std::string> notes;   // fields used from defaults, fields ignored
  std::vector<std::string> errors;  // fatal: the config cannot describe a model we handle
};
// Reads a Hugging Face config.json (Llama, Qwen2/3, Mistral, Mixtral, Qwen MoE, DeepSeek-V3
// styles) without throwing; parameter counts are computed from the architecture.
HfImport ModelFromHfConfig(const std::string& json_text);

// Parameters implied by an architecture (embeddings + attention incl. MLA + MLP/experts + norms,
// encoder and decoder stacks); the formula and its sources are above its definition.
double CountParams(const ModelSpec& m, bool active_only);

// |CountParams - params| / params for a transformer (0 for a CNN, whose params are taken as given).
double ParamCountMismatch(const ModelSpec& m);
// The loader rejects a preset whose architecture and `params` are further apart than this.
inline constexpr double kParamCountTolerance = 0.03;

}  // namespace atlas
