#include "model_catalog.hpp"

#include "partial_model.hpp"

#include "json_reader.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <set>

namespace atlas {

const ModelSpec* ModelCatalog::Find(const std::string& id) const {
  for (const ModelSpec& m : models)
    if (m.id == id) return &m;
  return nullptr;
}

// [SECTION] Parameter counting ---------------------------------------------------------------

// Weight matrices of a transformer from its shapes (Vaswani et al. 2017, arXiv 1706.03762):
//   embeddings  vocab·h, twice when the output head is not tied to the input table;
//   attention   Q and O are h x heads·hd, K and V h x kv_heads·hd (GQA, Ainslie et al. 2023,
//               arXiv 2305.13245); MLA (DeepSeek-V2 §2.1, arXiv 2405.04434) instead has
//               W_DQ h x q_lora, W_UQ q_lora x heads·(hd + rope), W_DKV h x (kv_lora + rope),
//               W_UKV kv_lora x heads·2hd, W_O heads·hd x h (hd = qk_nope = v_head_dim), plus
//               the two latent norms;
//   MLP         3 matrices h x F when gated (SwiGLU/GeGLU, Shazeer 2020), else 2; an MoE layer has
//               (routed + shared) experts of width F and an h x experts router (Fedus et al. 2022);
//   norms       2 per layer (3 in a decoder layer with cross-attention) + 1 final per stack;
//   encoder-decoder (T5, Raffel et al. 2020 arXiv 1910.10683; Whisper): encoder layers hold
//               self-attention + MLP, decoder layers self- and cross-attention + MLP.
// Not counted: biases, learned position tables, conv front-ends, vision towers (each under 2%
// of every shipped preset; tests/engine/model_catalog_test.cpp checks them all within 3%).
double CountParams(const ModelSpec& m, bool active_only) {
  if (!m.IsTransformer()) return m.params;
  const double h = m.hidden, L = m.layers, H = m.heads;
  const double hd = m.head_dim > 0 ? m.head_dim : h / std::max(1, m.heads);
  double attention = h * H * hd * 2 + h * m.kv_heads * hd * 2;
  if (m.attention == AttentionKind::kMla && m.kv_lora_rank > 0) {
    const double rope = m.qk_rope_head_dim, q_lora = m.q_lora_rank, kv_lora = m.kv_lora_rank;
    const double q = q_lora > 0 ? h * q_lora + q_lora + q_lora * H * (hd + rope) : h * H * (hd + rope);
    attention = q + h * (kv_lora + rope) + kv_lora + kv_lora * H * 2 * hd + H * hd * h;
  }
  const bool gated = m.ffn_kind == FfnKind::kSwiglu || m.ffn_kind == FfnKind::kGeglu;
  const double mats = gated ? 3 : 2;
  const double dense_ffn = m.dense_ffn_hidden > 0 ? m.dense_ffn_hidden : m.ffn_hidden;
  if (m.kind == ModelKind::kEncoderDecoder) {
    const bool split_given = m.encoder_layers > 0 && m.decoder_layers > 0;
    const double enc = split_given ? m.encoder_layers : L / 2, dec = split_given ? m.decoder_layers : L - enc;
    const double mlp = mats * h * dense_ffn;
    return m.EmbeddingParams() + enc * (attention + mlp + 2 * h) + dec * (2 * attention + mlp + 3 * h) + 2 * h;
  }
  double mlp_total = 0;
  if (m.IsMoe()) {
    const double expert = mats * h * m.ffn_hidden;
    const double routed = active_only ? m.experts_per_token : m.experts;
    const double moe_layer = (routed + m.shared_experts) * expert + h * m.experts;  // + router
    mlp_total = moe_layer * m.moe_layers + mats * h * dense_ffn * (L - m.moe_layers);
  } else {
    mlp_total = mats * h * dense_ffn * L;
  }
  const double norms = 2 * h * L + h;
  return m.EmbeddingParams() + attention * L + mlp_total + norms;
}

double ParamCountMismatch(const ModelSpec& m) {
  if (!m.IsTransformer() || m.params <= 0) return 0;
  return std::fabs(CountParams(m, false) - m.params) / m.params;
}

// [SECTION] Validation -----------------------------------------------------------------------

std::vector<std::string> ValidateModel(const ModelSpec& m) {
  std::vector<std::string> e;
  auto need = [&](bool ok, const char* field, const char* msg) {  // no string built unless a check fails
    if (!ok) e.push_back(std::string("field \"") + field + "\" " + msg);
  };
  need(std::isfinite(m.params) && m.params >= 1e3 && m.params <= 1e14, "params",
       "must be between 1e3 and 1e14 parameters");
  need(std::isfinite(m.active_params) && m.active_params > 0 && m.active_params <= m.params * 1.0001,
       "active_params", "must be positive and at most params");
  if (m.kind == ModelKind::kCnn) {
    need(m.activation_bytes_per_sample > 0, "activation_bytes_per_sample", "must be positive for a CNN");
    return e;
  }
  need(m.layers >= 1 && m.layers <= 1000, "layers", "must be 1..1000");
  need(m.hidden >= 16 && m.hidden <= 131072, "hidden", "must be 16..131072");
  need(m.heads >= 1 && m.heads <= 4096, "heads", "must be 1..4096");
  need(m.kv_heads >= 1 && m.kv_heads <= m.heads, "kv_heads", "must be 1..heads");
  if (m.heads >= 1 && m.kv_heads >= 1) need(m.heads % m.kv_heads == 0, "kv_heads", "must divide heads");
  need(m.head_dim >= 1 && m.head_dim <= 4096, "head_dim", "must be 1..4096");
  need(m.ffn_hidden >= 1 && m.ffn_hidden <= 1048576, "ffn_hidden", "must be 1..1048576");
  need(m.vocab >= 1 && m.vocab <= 10000000, "vocab", "must be 1..10,000,000");
  need(m.max_context >= 1 && m.max_context <= 100000000, "max_context", "must be 1..1e8");
  if (m.experts > 0 || m.experts_per_token > 0) {
    need(m.experts >= 2 && m.experts <= 100000, "experts", "must be 2..100000 for an MoE model");
    need(m.experts_per_token >= 1 && m.experts_per_token <= m.experts, "experts_per_token", "must be 1..experts");
    need(m.moe_layers >= 1 && m.moe_layers <= m.layers, "moe_layers", "must be 1..layers");
  }
  if (m.attention == AttentionKind::kMla) need(m.kv_lora_rank > 0, "kv_lora_rank", "must be positive for MLA");
  if (m.encoder_layers > 0 || m.decoder_layers > 0)
    need(m.kind == ModelKind::kEncoderDecoder && m.encoder_layers + m.decoder_layers == m.layers, "encoder_layers",
         "and decoder_layers are for encoder-decoder models and must add up to layers");
  if (m.sliding_window > 0)
    need(m.sliding_window_layers >= 0 && m.sliding_window_layers <= m.layers, "sliding_window_layers", "must be 0..layers");
  return e;
}

// [SECTION] Loading data/models.json ---------------------------------------------------------

namespace {

ModelKind ParseKind(const std::string& s, FieldReader& r) {
  if (s == "decoder") return ModelKind::kDecoder;
  if (s == "encoder") return ModelKind::kEncoder;
  if (s == "encoder-decoder") return ModelKind::kEncoderDecoder;
  if (s == "cnn") return ModelKind::kCnn;
  r.Fail("kind", "must be decoder, encoder, encoder-decoder or cnn");
  return ModelKind::kDecoder;
}

AttentionKind ParseAttention(const std::string& s, FieldReader& r) {
  if (s == "mha") return AttentionKind::kMha;
  if (s == "gqa") return AttentionKind::kGqa;
  if (s == "mqa") return AttentionKind::kMqa;
  if (s == "mla") return AttentionKind::kMla;
  r.Fail("attention", "must be mha, gqa, mqa or mla");
  return AttentionKind::kMha;
}

FfnKind ParseFfn(const std::string& s) {
  if (s == "geglu") return FfnKind::kGeglu;
  if (s == "gelu") return FfnKind::kGelu;
  if (s == "relu") return FfnKind::kRelu;
  return FfnKind::kSwiglu;
}

int IntOrZero(FieldReader& r, const char* key, int max) {
  auto v = r.NullableNumber(key, 0, max, false);
  return v ? static_cast<int>(*v) : 0;
}

ModelSpec ReadModel(FieldReader& r) {
  ModelSpec m;
  m.id = r.String("id");
  m.name = r.String("name");
  m.name_zh = r.StringOr("name_zh", "");
  // English words in brackets ("(text only)", "(17B active, 16 experts)") need a Chinese twin.
  if (m.name_zh.empty()) {
    const size_t open = m.name.find('(');
    size_t run = 0;
    for (size_t i = open == std::string::npos ? m.name.size() : open; i < m.name.size() && run < 3; ++i)
      run = (m.name[i] >= 'a' && m.name[i] <= 'z') ? run + 1 : 0;
    if (run >= 3) r.Fail("name_zh", "is missing: the name has English words in brackets, which Chinese readers see");
  }
  m.family = r.StringOr("family", "");
  m.year = r.IntegerOr("year", 0, 1990, 2035);
  m.kind = ParseKind(r.String("kind"), r);
  m.params = r.Number("params", 1e3, 1e14);
  m.active_params = r.Number("active_params", 1e3, 1e14);
  m.license = r.NullableString("license").value_or("");
  m.released_weights = r.StringOr("released_weights", "");
  if (!m.released_weights.empty() && m.released_weights != "bf16" && m.released_weights != "fp8" && m.released_weights != "int4")
    r.Fail("released_weights", "must be \"bf16\", \"fp8\" or \"int4\" (the format the authors publish)");
  m.notes = r.NullableString("notes").value_or("");
  m.sources = r.StringList("sources", true);
  m.activation_bytes_per_sample = r.NullableNumber("activation_bytes_per_sample", 1, 1e12, false).value_or(0);
  m.layers = IntOrZero(r, "layers", 1000);
  if (m.kind == ModelKind::kCnn) return m;
  m.encoder_layers = IntOrZero(r, "encoder_layers", 1000);
  m.decoder_layers = IntOrZero(r, "decoder_layers", 1000);
  m.hidden = IntOrZero(r, "hidden", 131072);
  m.heads = IntOrZero(r, "heads", 4096);
  m.kv_heads = IntOrZero(r, "kv_heads", 4096);
  m.head_dim = IntOrZero(r, "head_dim", 4096);
  m.ffn_hidden = IntOrZero(r, "ffn_hidden", 1048576);
  m.ffn_kind = ParseFfn(r.StringOr("ffn_kind", "swiglu"));
  m.vocab = IntOrZero(r, "vocab", 10000000);
  m.max_context = IntOrZero(r, "max_context", 100000000);
  m.tied_embeddings = r.BoolOr("tied_embeddings", false);
  m.experts = IntOrZero(r, "experts", 100000);
  m.experts_per_token = IntOrZero(r, "experts_per_token", 100000);
  m.shared_experts = IntOrZero(r, "shared_experts", 1000);
  m.moe_layers = IntOrZero(r, "moe_layers", 1000);
  m.dense_ffn_hidden = IntOrZero(r, "dense_ffn_hidden", 1048576);
  m.attention = ParseAttention(r.String("attention"), r);
  m.kv_lora_rank = IntOrZero(r, "kv_lora_rank", 65536);
  m.q_lora_rank = IntOrZero(r, "q_lora_rank", 65536);
  m.qk_rope_head_dim = IntOrZero(r, "qk_rope_head_dim", 4096);
  m.sliding_window = IntOrZero(r, "sliding_window", 100000000);
  m.sliding_window_layers = IntOrZero(r, "sliding_window_layers", 1000);
  return m;
}

}  // namespace

// The optional "families" list: the Chinese name people search by ("通义千问" for Qwen), one
// record per family that some model carries, each with the address that uses that name.
static void ReadFamilyNames(const Json& root, const std::string& file_name, ModelCatalogLoad& out) {
  if (!root.is_object() || !root.contains("families")) return;
  ForEachRecord(root, "families", file_name, out.errors, [&](FieldReader& r, const Json&) {
    const std::string family = r.String("id");
    const std::string name_zh = r.String("name_zh");
    r.StringList("sources", true);
    r.RejectUnknown({"id", "name_zh", "sources"});
    bool used = false;
    for (ModelSpec& m : out.catalog.models)
      if (m.family == family) m.family_zh = name_zh, used = true;
    if (!used && !family.empty()) r.Fail("id", "names a family no model in \"models\" belongs to");
    return family;
  });
}

ModelCatalogLoad LoadModelCatalog(const std::string& text, const std::string& file_name) {
  ModelCatalogLoad out;
  auto root = ParseJson(text, file_name, out.errors);
  if (!root) return out;
  ForEachRecord(*root, "models", file_name, out.errors, [&](FieldReader& r, const Json&) {
    const size_t before = out.errors.size();
    ModelSpec m = ReadModel(r);
    if (out.errors.size() == before) {
      for (const std::string& e : ValidateModel(m)) out.errors.push_back(r.where() + ": " + e);
      if (out.errors.size() == before && ParamCountMismatch(m) > kParamCountTolerance) {
        char buf[200];
        std::snprintf(buf, sizeof buf,
                      ": field \"params\" is %.4g but the architecture fields add up to %.4g (%.1f%% apart, "
                      "more than %.0f%%): check layers, hidden, heads, ffn_hidden, vocab and the MoE fields",
                      m.params, CountParams(m, false), 100 * ParamCountMismatch(m), 100 * kParamCountTolerance);
        out.errors.push_back(r.where() + buf);
      }
    }
    out.catalog.models.push_back(std::move(m));
    return out.catalog.models.back().id;
  });
  ReadFamilyNames(*root, file_name, out);
  return out;
}

// [SECTION] Typed sizes ----------------------------------------------------------------------

std::optional<double> ParseParamCount(const std::string& raw) {
  std::string t;
  for (char c : raw)
    if (!std::isspace(static_cast<unsigned char>(c)) && c != ',' && c != '_') t += c;
  if (t.empty() || t.size() > 32) return std::nullopt;
  double scale = 1;
  const char last = static_cast<char>(std::tolower(static_cast<unsigned char>(t.back())));
  if (last == 'k') scale = 1e3;
  else if (last == 'm') scale = 1e6;
  else if (last == 'b' || last == 'g') scale = 1e9;
  else if (last == 't') scale = 1e12;
  if (scale != 1) t.pop_back();
  if (t.empty()) return std::nullopt;
  char* end = nullptr;
  const double v = std::strtod(t.c_str(), &end);
  if (end != t.c_str() + t.size() || !std::isfinite(v) || v <= 0) return std::nullopt;
  const double n = v * scale;
  if (n < 1e3 || n > 1e14) return std::nullopt;
  return n;
}

ModelSpec ModelFromParamCount(double params) {
  // Llama-family proportions (Touvron et al. 2023): depth ~ width/128, head size 128, SwiGLU
  // width 8/3·h, so a block holds ~12·h² parameters (4h² attention + 8h² MLP).
  ModelSpec m;
  m.id = "custom";
  m.kind = ModelKind::kDecoder;
  m.params = m.active_params = params;
  m.vocab = 32000;
  double h = std::cbrt(std::max(params, 1e6) * 128.0 / 12.0);
  // Widths in multiples of 256 (1,024 from 30B, so the head count divides into 8 KV groups).
  const double step = params >= 30e9 ? 1024.0 : 256.0;
  m.hidden = std::max(256, static_cast<int>(std::lround(h / step) * step));
  m.heads = std::max(2, m.hidden / 128);
  m.head_dim = m.hidden / m.heads;
  m.kv_heads = params >= 30e9 ? 8 : m.heads;
  m.attention = m.kv_heads == m.heads ? AttentionKind::kMha : AttentionKind::kGqa;
  m.ffn_hidden = static_cast<int>(std::ceil(8.0 / 3.0 * m.hidden / 256.0)) * 256;
  m.ffn_kind = FfnKind::kSwiglu;
  const double per_layer = 4.0 * m.hidden * m.hidden + 3.0 * m.hidden * m.ffn_hidden;
  const double body = std::max(params - 2.0 * m.vocab * m.hidden, per_layer);
  m.layers = std::clamp(static_cast<int>(std::lround(body / per_layer)), 1, 1000);
  m.max_context = 8192;
  char buf[64];
  std::snprintf(buf, sizeof buf, "Custom %.3gB", params / 1e9);
  m.name = buf;
  m.notes = "Architecture derived from the size with Llama-style proportions; edit any field.";
  CompleteArchitecture(m, {});  // depth, then the MLP width, so the architecture adds up to params
  return m;
}

// [SECTION] Hugging Face config.json ---------------------------------------------------------

HfImport ModelFromHfConfig(const std::string& json_text) {
  HfImport out;
  std::vector<std::string> parse_errors;
  auto root = ParseJson(json_text, "config.json", parse_errors);
  if (!root || !root->is_object()) {
    out.errors.push_back(parse_errors.empty() ? "config.json: expected a JSON object" : parse_errors[0]);
    return out;
  }
  const Json& c = *root;
  std::set<std::string> used;
  auto num = [&](const char* key) -> std::optional<double> {
    auto it = c.find(key);
    if (it == c.end() || !it->is_number()) return std::nullopt;
    used.insert(key);
    const double v = it->get<double>();
    if (!std::isfinite(v) || v < 0 || v > 1e9) return std::nullopt;
    return v;
  };
  auto integer = [&](const char* key, int fallback) {
    auto v = num(key);
    return v ? static_cast<int>(*v) : fallback;
  };
  ModelSpec& m = out.model;
  m.id = "custom";
  m.kind = ModelKind::kDecoder;
  std::string type = "unknown";
  if (c.contains("model_type") && c["model_type"].is_string()) type = c["model_type"].get<std::string>();
  used.insert("model_type");
  m.name = "Imported " + type;
  m.family = type;
  m.hidden = integer("hidden_size", 0);
  m.layers = integer("num_hidden_layers", 0);
  m.heads = integer("num_attention_heads", 0);
  m.kv_heads = integer("num_key_value_heads", m.heads);
  if (m.hidden <= 0 || m.layers <= 0 || m.heads <= 0) {
    out.errors.push_back("config.json: hidden_size, num_hidden_layers and num_attention_heads are required "
                         "(is this a decoder language model's config.json?)");
    return out;
  }
  if (!c.contains("num_key_value_heads")) out.notes.push_back("num_key_value_heads absent: multi-head attention assumed");
  m.head_dim = integer("head_dim", m.hidden / m.heads);
  m.ffn_hidden = integer("intermediate_size", 0);
  m.vocab = integer("vocab_size", 32000);
  m.max_context = integer("max_position_embeddings", 4096);
  if (c.contains("tie_word_embeddings") && c["tie_word_embeddings"].is_boolean()) {
    m.tied_embeddings = c["tie_word_embeddings"].get<bool>();
    used.insert("tie_word_embeddings");
  }
  std::string act = "silu";
  if (c.contains("hidden_act") && c["hidden_act"].is_string()) act = c["hidden_act"].get<std::string>();
  used.insert("hidden_act");
  m.ffn_kind = act.find("gelu") != std::string::npos ? FfnKind::kGeglu : FfnKind::kSwiglu;
  // Mixture of experts: Mixtral (num_local_experts), Qwen MoE (num_experts,
  // moe_intermediate_size), DeepSeek (n_routed_experts, n_shared_experts, first_k_dense_replace).
  const int experts = integer("num_local_experts", integer("num_experts", integer("n_routed_experts", 0)));
  if (experts > 0) {
    m.experts = experts;
    m.experts_per_token = integer("num_experts_per_tok", 2);
    m.shared_experts = integer("n_shared_experts", c.contains("shared_expert_intermediate_size") ? 1 : 0);
    const int first_dense = integer("first_k_dense_replace", 0);
    m.moe_layers = m.layers - first_dense;
    if (auto moe_ffn = num("moe_intermediate_size")) {
      m.dense_ffn_hidden = m.ffn_hidden;
      m.ffn_hidden = static_cast<int>(*moe_ffn);
    }
  }
  // DeepSeek MLA: the cache holds the compressed latent plus the decoupled RoPE key. CountParams
  // takes head_dim as both qk_nope_head_dim and v_head_dim (equal in DeepSeek-V2/V3 and Kimi K2).
  if (auto rank = num("kv_lora_rank"); rank && *rank > 0) {
    m.attention = AttentionKind::kMla;
    m.kv_lora_rank = static_cast<int>(*rank);
    m.q_lora_rank = integer("q_lora_rank", 0);
    m.qk_rope_head_dim = integer("qk_rope_head_dim", 64);
    const int nope = integer("qk_nope_head_dim", 128);
    const int v_dim = integer("v_head_dim", nope);
    m.head_dim = v_dim;
    if (nope != v_dim)
      out.notes.push_back("qk_nope_head_dim differs from v_head_dim: parameters counted with v_head_dim for both");
    m.kv_heads = m.heads;
  } else {
    m.attention = m.kv_heads == m.heads ? AttentionKind::kMha : (m.kv_heads == 1 ? AttentionKind::kMqa : AttentionKind::kGqa);
  }
  // Sliding windows: Mistral (sliding_window on every layer), Qwen2 (use_sliding_window,
  // max_window_layers), gpt-oss/Gemma (layer_types list).
  if (auto window = num("sliding_window"); window && *window > 0) {
    bool enabled = true;
    if (c.contains("use_sliding_window") && c["use_sliding_window"].is_boolean()) {
      enabled = c["use_sliding_window"].get<bool>();
      used.insert("use_sliding_window");
    }
    if (enabled) {
      m.sliding_window = static_cast<int>(*window);
      m.sliding_window_layers = m.layers;
      if (c.contains("layer_types") && c["layer_types"].is_array()) {
        used.insert("layer_types");
        int sliding = 0;
        for (const Json& t : c["layer_types"])
          if (t.is_string() && t.get<std::string>().find("sliding") != std::string::npos) ++sliding;
        m.sliding_window_layers = sliding;
      } else if (auto mwl = num("max_window_layers"); mwl && c.contains("use_sliding_window")) {
        m.sliding_window_layers = std::clamp(m.layers - static_cast<int>(*mwl), 0, m.layers);
      }
    }
  }
  if (m.ffn_hidden <= 0) {
    // In double: hidden_size is range-checked only later (up to 1e9 here), and x 8/3 overflows int.
    m.ffn_hidden = static_cast<int>(std::min(std::ceil(8.0 / 3.0 * m.hidden / 256.0) * 256.0, 2e9));
    out.notes.push_back("intermediate_size absent: 8/3 x hidden assumed");
  }
  m.params = CountParams(m, false);
  m.active_params = CountParams(m, true);
  char buf[96];
  std::snprintf(buf, sizeof buf, "%s (%.3gB, from config.json)", type.c_str(), m.params / 1e9);
  m.name = buf;
  // Say which keys were not used, so nothing is silently dropped.
  static const std::set<std::string> harmless = {
      "architectures", "torch_dtype", "transformers_version", "bos_token_id", "eos_token_id", "pad_token_id",
      "rope_theta", "rope_scaling", "rms_norm_eps", "layer_norm_eps", "initializer_range", "use_cache",
      "attention_dropout", "attention_bias", "mlp_bias", "pretraining_tp", "_name_or_path", "auto_map"};
  std::string unused;
  for (auto it = c.begin(); it != c.end(); ++it) {
    if (used.count(it.key()) || harmless.count(it.key())) continue;
    if (!unused.empty()) unused += ", ";
    unused += it.key();
  }
  if (!unused.empty()) out.notes.push_back("not used by the estimate: " + unused);
  for (const std::string& e : ValidateModel(m)) out.errors.push_back("config.json: " + e);
  return out;
}

}  // namespace atlas
