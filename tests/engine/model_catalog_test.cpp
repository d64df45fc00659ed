// Model presets, typed sizes and Hugging Face config.json import.
#include "engine/model_catalog.hpp"
#include "test_support.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <set>
#include <string>

namespace model_catalog_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;

TEST_CASE("the shipped model catalog loads: >= 150 presets from >= 25 families, each valid, with sources") {
  ModelCatalogLoad load = LoadModelCatalog(atlas::test::ReadSourceFile("data/models.json"), "data/models.json");
  for (const auto& e : load.errors) INFO(e);
  CHECK(load.ok());
  CHECK(load.catalog.models.size() >= 150);
  std::set<std::string> families, ids;
  for (const ModelSpec& m : load.catalog.models) {
    INFO(m.id);
    families.insert(m.family);
    CHECK(ids.insert(m.id).second);  // ids are unique
    CHECK(!m.sources.empty());
    CHECK(m.sources[0].rfind("https://", 0) == 0);
    CHECK(m.active_params <= m.params);
    // Every preset's shapes add up to its published or config-derived total (the loader's rule).
    INFO("counted " << CountParams(m, false) << " vs params " << m.params);
    CHECK(ParamCountMismatch(m) <= kParamCountTolerance);
  }
  CHECK(families.size() >= 25);
}

namespace {

// A Llama-2-7B preset as data/models.json writes it (meta-llama/Llama-2-7b-hf config.json).
std::string Llama2Record(const std::string& params) {
  return R"({"models": [{"id": "llama-2-7b", "name": "Llama 2 7B", "family": "Llama 2", "year": 2023,
    "kind": "decoder", "params": )" + params + R"(, "active_params": 6738415616, "layers": 32, "hidden": 4096,
    "heads": 32, "kv_heads": 32, "head_dim": 128, "ffn_hidden": 11008, "ffn_kind": "swiglu", "vocab": 32000,
    "max_context": 4096, "tied_embeddings": false, "attention": "mha", "sources": ["https://example.org/config.json"]}]})";
}

}  // namespace

TEST_CASE("the loader accepts a preset whose shapes add up to params and names the field when they do not") {
  ModelCatalogLoad good = LoadModelCatalog(Llama2Record("6738415616"), "data/models.json");
  for (const auto& e : good.errors) INFO(e);
  CHECK(good.ok());
  // 7.0e9 is 3.9% above what 32 layers x 4096 wide add up to: a typo the loader must catch.
  ModelCatalogLoad bad = LoadModelCatalog(Llama2Record("7.0e9"), "data/models.json");
  REQUIRE(bad.errors.size() == 1);
  CHECK(bad.errors[0].find("data/models.json: models[0] (id \"llama-2-7b\"): field \"params\"") != std::string::npos);
  CHECK(bad.errors[0].find("add up to 6.738e+09") != std::string::npos);
  // Just inside the tolerance (2.9% high) still loads: the rule is 3%, not exact equality.
  CHECK(LoadModelCatalog(Llama2Record("6.934e9"), "data/models.json").ok());
}

TEST_CASE("a name with English words in brackets needs its Chinese twin (name_zh), shown to Chinese readers") {
  const auto named = [](const std::string& name, const std::string& extra) {
    std::string text = Llama2Record("6738415616");
    const std::string key = "\"name\": \"";
    const size_t at = text.find(key) + key.size();
    text.replace(at, text.find('"', at) - at, name);
    if (!extra.empty()) text.insert(text.find(key), extra + ", ");
    return text;
  };
  ModelCatalogLoad bad = LoadModelCatalog(named("Llama 2 7B (text only)", ""), "data/models.json");
  REQUIRE(bad.errors.size() == 1);
  CHECK(bad.errors[0].find("models[0] (id \"llama-2-7b\"): field \"name_zh\" is missing") != std::string::npos);
  CHECK(LoadModelCatalog(named("Llama 2 7B (2407)", ""), "data/models.json").ok());  // no words: a name alone
  ModelCatalogLoad good = LoadModelCatalog(named("Llama 2 7B (text only)", R"("name_zh": "Llama 2 7B（纯文本）")"), "m.json");
  for (const auto& e : good.errors) INFO(e);
  REQUIRE(good.ok());
  CHECK(good.catalog.models[0].DisplayName(true) == "Llama 2 7B（纯文本）");
  CHECK(good.catalog.models[0].DisplayName(false) == "Llama 2 7B (text only)");
  // The shipped file: Gemma 3 1B reads 纯文本 in Chinese.
  const ModelSpec* gemma = nullptr;
  for (const ModelSpec& m : atlas::test::RealCatalogs().models.models)
    if (m.id == "gemma-3-1b") gemma = &m;
  REQUIRE(gemma);
  CHECK(gemma->DisplayName(true) == "Gemma 3 1B（纯文本）");
}

TEST_CASE("the families list gives models their Chinese family name and names bad records") {
  // Llama2Record ends with "]}"; a families list goes in front of that last brace.
  const auto with_families = [](const std::string& families) {
    std::string text = Llama2Record("6738415616");
    text.insert(text.size() - 1, ", \"families\": [" + families + "]");
    return text;
  };
  ModelCatalogLoad good = LoadModelCatalog(
      with_families(R"({"id": "Llama 2", "name_zh": "羊驼 2", "sources": ["https://example.org/"]})"), "data/models.json");
  for (const auto& e : good.errors) INFO(e);
  REQUIRE(good.ok());
  CHECK(good.catalog.models[0].family_zh == "羊驼 2");
  // A family no model has, a missing Chinese name, an unknown field: each named with its record.
  ModelCatalogLoad stray = LoadModelCatalog(
      with_families(R"({"id": "Llama 9", "name_zh": "x", "sources": ["https://example.org/"]})"), "data/models.json");
  REQUIRE(stray.errors.size() == 1);
  CHECK(stray.errors[0].find("families[0]") != std::string::npos);
  CHECK(stray.errors[0].find("\"id\"") != std::string::npos);
  CHECK_FALSE(LoadModelCatalog(with_families(R"({"id": "Llama 2", "sources": ["https://example.org/"]})"), "m.json").ok());
  CHECK_FALSE(LoadModelCatalog(with_families(R"({"id": "Llama 2", "name_zh": "x", "sources": ["https://example.org/"], "z": 1})"),
                               "m.json").ok());
  // The shipped file: every Qwen model is findable as 通义千问.
  const Catalogs& c = atlas::test::RealCatalogs();
  for (const ModelSpec& m : c.models.models)
    if (m.family.rfind("Qwen", 0) == 0) CHECK_MESSAGE(m.family_zh.find("通义千问") == 0, m.id);
}

TEST_CASE("parameter counting covers MLA, MoE with dense layers, and encoder-decoder stacks") {
  const Catalogs& c = atlas::test::RealCatalogs();
  // DeepSeek-V3: 671,026,419,200 from the config's tensor shapes (MLA with q_lora_rank 1536,
  // 58 MoE + 3 dense layers); the MLA projections are ~11B of it, so a GQA formula would miss.
  const ModelSpec* ds = c.models.Find("deepseek-v3");
  REQUIRE(ds);
  CHECK(CountParams(*ds, false) == doctest::Approx(671026419200.0).epsilon(0.0005));
  ModelSpec no_mla = *ds;
  no_mla.attention = AttentionKind::kGqa;
  CHECK(std::fabs(CountParams(no_mla, false) - CountParams(*ds, false)) > 10e9);
  // DeepSeek-V2-Lite has no query compression (q_lora_rank null): 15.7B (arXiv 2405.04434).
  const ModelSpec* lite = c.models.Find("deepseek-v2-lite");
  REQUIRE(lite);
  CHECK(lite->q_lora_rank == 0);
  CHECK(CountParams(*lite, false) == doctest::Approx(15.7e9).epsilon(0.01));
  // T5-Large: 24 encoder + 24 decoder layers, the decoder with cross-attention: 737,668,096.
  const ModelSpec* t5 = c.models.Find("t5-large");
  REQUIRE(t5);
  CHECK(t5->encoder_layers == 24);
  CHECK(t5->decoder_layers == 24);
  CHECK(CountParams(*t5, false) == doctest::Approx(737668096.0).epsilon(0.005));
  // Whisper large-v3: 32 + 32 layers, 1,550M in the model card; turbo prunes the decoder to 4 layers.
  const ModelSpec* whisper = c.models.Find("whisper-large-v3");
  const ModelSpec* turbo = c.models.Find("whisper-large-v3-turbo");
  REQUIRE(whisper);
  REQUIRE(turbo);
  CHECK(CountParams(*whisper, false) == doctest::Approx(1.55e9).epsilon(0.02));
  CHECK(CountParams(*turbo, false) < 0.6 * CountParams(*whisper, false));
}

TEST_CASE("encoder/decoder layer split is checked against the kind and the layer count") {
  ModelSpec m = *atlas::test::RealCatalogs().models.Find("t5-large");
  CHECK(ValidateModel(m).empty());
  m.decoder_layers = 12;  // 24 + 12 != 48
  REQUIRE(!ValidateModel(m).empty());
  CHECK(ValidateModel(m)[0].find("encoder_layers") != std::string::npos);
}

TEST_CASE("architecture counts match published parameter counts for dense presets (within 3%)") {
  // Published totals are in data/models.json with their sources; CountParams rebuilds them
  // from the shapes, so a typo in a shape shows up here.
  const Catalogs& c = atlas::test::RealCatalogs();
  for (const char* id : {"llama-2-7b", "llama-2-70b", "llama-3.1-8b", "llama-3.1-405b", "qwen2.5-72b", "mistral-7b-v0.1"}) {
    const ModelSpec* m = c.models.Find(id);
    REQUIRE(m);
    INFO(id << ": counted " << CountParams(*m, false) << " vs " << m->params);
    CHECK(CountParams(*m, false) == doctest::Approx(m->params).epsilon(0.03));
  }
  // Mixtral 8x7B: 46.7B total, 12.9B active (Jiang et al. 2024).
  const ModelSpec* mixtral = c.models.Find("mixtral-8x7b");
  REQUIRE(mixtral);
  CHECK(CountParams(*mixtral, false) == doctest::Approx(46.7e9).epsilon(0.02));
  CHECK(CountParams(*mixtral, true) == doctest::Approx(12.9e9).epsilon(0.02));
}

TEST_CASE("typed sizes") {
  CHECK(*ParseParamCount("13B") == doctest::Approx(13e9));
  CHECK(*ParseParamCount(" 7.5b ") == doctest::Approx(7.5e9));
  CHECK(*ParseParamCount("350M") == doctest::Approx(350e6));
  CHECK(*ParseParamCount("1.2T") == doctest::Approx(1.2e12));
  CHECK(*ParseParamCount("70,000,000,000") == doctest::Approx(70e9));
  CHECK_FALSE(ParseParamCount(""));
  CHECK_FALSE(ParseParamCount("B"));
  CHECK_FALSE(ParseParamCount("-7B"));
  CHECK_FALSE(ParseParamCount("1e20"));
  CHECK_FALSE(ParseParamCount("nanB"));
  CHECK_FALSE(ParseParamCount("7Bx"));
  ModelSpec m = ModelFromParamCount(13e9);
  CHECK(ValidateModel(m).empty());
  CHECK(CountParams(m, false) == doctest::Approx(13e9).epsilon(0.15));
}

TEST_CASE("Hugging Face config.json: Llama 3.1 8B, Mixtral, DeepSeek-V3 MLA, Qwen2 windows") {
  // Values from meta-llama/Llama-3.1-8B config.json.
  HfImport llama = ModelFromHfConfig(R"({"architectures": ["LlamaForCausalLM"], "model_type": "llama",
    "hidden_size": 4096, "intermediate_size": 14336, "num_hidden_layers": 32, "num_attention_heads": 32,
    "num_key_value_heads": 8, "vocab_size": 128256, "max_position_embeddings": 131072, "hidden_act": "silu",
    "tie_word_embeddings": false, "rope_theta": 500000.0, "quantization_config": {"bits": 4}})");
  CHECK(llama.errors.empty());
  CHECK(llama.model.attention == AttentionKind::kGqa);
  CHECK(llama.model.params == doctest::Approx(8.03e9).epsilon(0.01));
  bool mentioned = false;
  for (const auto& n : llama.notes) mentioned = mentioned || n.find("quantization_config") != std::string::npos;
  CHECK(mentioned);  // a field we cannot use is named, not silently dropped
  // mistralai/Mixtral-8x7B-v0.1 config.json.
  HfImport mixtral = ModelFromHfConfig(R"({"model_type": "mixtral", "hidden_size": 4096, "intermediate_size": 14336,
    "num_hidden_layers": 32, "num_attention_heads": 32, "num_key_value_heads": 8, "num_local_experts": 8,
    "num_experts_per_tok": 2, "vocab_size": 32000, "max_position_embeddings": 32768})");
  CHECK(mixtral.errors.empty());
  CHECK(mixtral.model.IsMoe());
  CHECK(mixtral.model.params == doctest::Approx(46.7e9).epsilon(0.02));
  CHECK(mixtral.model.active_params == doctest::Approx(12.9e9).epsilon(0.02));
  // deepseek-ai/DeepSeek-V3 config.json (MLA + MoE with shared experts, first 3 layers dense).
  HfImport ds = ModelFromHfConfig(R"({"model_type": "deepseek_v3", "hidden_size": 7168, "intermediate_size": 18432,
    "moe_intermediate_size": 2048, "num_hidden_layers": 61, "num_attention_heads": 128, "num_key_value_heads": 128,
    "n_routed_experts": 256, "n_shared_experts": 1, "num_experts_per_tok": 8, "first_k_dense_replace": 3,
    "kv_lora_rank": 512, "q_lora_rank": 1536, "qk_rope_head_dim": 64, "qk_nope_head_dim": 128, "v_head_dim": 128,
    "vocab_size": 129280, "max_position_embeddings": 163840})");
  CHECK(ds.errors.empty());
  CHECK(ds.model.attention == AttentionKind::kMla);
  CHECK(ds.model.params == doctest::Approx(671e9).epsilon(0.03));
  CHECK(ds.model.active_params == doctest::Approx(37e9).epsilon(0.06));
  // Qwen2-style: use_sliding_window false means no window at all.
  HfImport qwen = ModelFromHfConfig(R"({"model_type": "qwen2", "hidden_size": 3584, "intermediate_size": 18944,
    "num_hidden_layers": 28, "num_attention_heads": 28, "num_key_value_heads": 4, "vocab_size": 152064,
    "sliding_window": 131072, "use_sliding_window": false, "max_window_layers": 28})");
  CHECK(qwen.errors.empty());
  CHECK(qwen.model.sliding_window == 0);
}

TEST_CASE("config.json that is not a usable model gives a clear error") {
  CHECK(!ModelFromHfConfig("not json").errors.empty());
  CHECK(!ModelFromHfConfig("[]").errors.empty());
  HfImport vit = ModelFromHfConfig(R"({"model_type": "vit", "image_size": 224})");
  REQUIRE(!vit.errors.empty());
  CHECK(vit.errors[0].find("hidden_size, num_hidden_layers and num_attention_heads are required") != std::string::npos);
  HfImport bad = ModelFromHfConfig(R"({"hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32,
    "num_key_value_heads": 5})");
  CHECK(!bad.errors.empty());  // 32 heads are not divisible into 5 KV groups
  // A huge hidden_size without intermediate_size is an error, not a signed overflow (fuzz_hf_config).
  HfImport huge = ModelFromHfConfig(R"({"hidden_size": 843537888, "num_hidden_layers": 14, "num_attention_heads": 474594})");
  CHECK(!huge.errors.empty());
}

TEST_CASE("model loader errors name the file, record and field") {
  ModelCatalogLoad load = LoadModelCatalog(R"({"models": [{"id": "x", "name": "X", "kind": "decoder", "params": -5,
    "active_params": 1e9, "attention": "gqa", "sources": ["s"]}]})", "data/models.json");
  REQUIRE(!load.errors.empty());
  CHECK(load.errors[0].find("data/models.json: models[0] (id \"x\"): field \"params\"") != std::string::npos);
}

}  // namespace model_catalog_test
