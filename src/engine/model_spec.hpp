// A model's architecture: what the memory and compute formulas need. Filled from
// data/models.json, from a typed size ("13B"), or from a Hugging Face config.json.
#pragma once

#include <string>
#include <vector>

namespace atlas {

enum class ModelKind { kDecoder, kEncoder, kEncoderDecoder, kCnn };
enum class AttentionKind { kMha, kGqa, kMqa, kMla };
enum class FfnKind { kSwiglu, kGeglu, kGelu, kRelu };

struct ModelSpec {
  std::string id;      // preset id, or "custom"
  std::string name;
  // models.json "name_zh": the name with the words around it in Chinese ("Gemma 3 1B（纯文本）");
  // required when the name has English words in brackets, empty when it is only proper nouns.
  std::string name_zh;
  std::string family;
  std::string family_zh;  // the family's Chinese name (models.json "families"), for search; may be empty
  int year = 0;
  ModelKind kind = ModelKind::kDecoder;
  double params = 0;         // total parameters
  double active_params = 0;  // per-token active parameters (MoE); == params for dense
  int layers = 0;
  int encoder_layers = 0;  // encoder-decoder models only (layers = encoder + decoder); 0 = half each
  int decoder_layers = 0;
  int hidden = 0;
  int heads = 0;
  int kv_heads = 0;
  int head_dim = 0;
  int ffn_hidden = 0;  // dense MLP width; for MoE the per-expert width
  FfnKind ffn_kind = FfnKind::kSwiglu;
  int vocab = 0;
  int max_context = 0;
  bool tied_embeddings = false;
  int experts = 0;            // routed experts per MoE layer (0 = dense)
  int experts_per_token = 0;  // routed experts active per token
  int shared_experts = 0;
  int moe_layers = 0;
  int dense_ffn_hidden = 0;   // width of the dense layers of an MoE model (0 = ffn_hidden)
  AttentionKind attention = AttentionKind::kMha;
  int kv_lora_rank = 0;       // MLA latent KV width
  int q_lora_rank = 0;        // MLA latent query width (0 = queries projected directly from hidden)
  int qk_rope_head_dim = 0;   // MLA decoupled RoPE key width (cached per token too)
  int sliding_window = 0;     // tokens; 0 = none
  int sliding_window_layers = 0;
  double activation_bytes_per_sample = 0;  // CNN only: FP32 training activations per sample
  std::string license;
  // The weight format its authors publish ("fp8", "int4"; "" = 16-bit), what a server loads as
  // released: a serving job picked from the presets starts there (data/models.json released_weights).
  std::string released_weights;
  std::string notes;
  std::vector<std::string> sources;

  bool operator==(const ModelSpec&) const = default;
  // The name a reader of `chinese` sees.
  const std::string& DisplayName(bool chinese) const { return chinese && !name_zh.empty() ? name_zh : name; }
  bool IsMoe() const { return experts > 0 && experts_per_token > 0 && moe_layers > 0; }
  bool IsTransformer() const { return kind != ModelKind::kCnn; }
  // Parameters in routed experts (sharded by expert parallelism); the rest is "shared".
  double ExpertParams() const;
  // Input + output embedding parameters (kept in 16-bit by weight quantizers).
  double EmbeddingParams() const;
};

const char* ToString(ModelKind kind);
const char* ToString(AttentionKind kind);
const char* ToString(FfnKind kind);

}  // namespace atlas
