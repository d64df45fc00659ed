// Model presets, typed sizes and Hugging Face config.json import.
#include "engine/model_catalog.hpp"
#include "test_support.hpp"

#include <doctest/doctest.h>

using namespace atlas;

TEST_CASE("the shipped model catalog loads: >= 25 presets, each valid, with sources") {
  ModelCatalogLoad load = LoadModelCatalog(atlas::test::ReadSourceFile("data/models.json"), "data/models.json");
  for (const auto& e : load.errors) INFO(e);
  CHECK(load.ok());
  CHECK(load.catalog.models.size() >= 25);
  for (const ModelSpec& m : load.catalog.models) {
    INFO(m.id);
    CHECK(!m.sources.empty());
    CHECK(m.active_params <= m.params);
  }
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
