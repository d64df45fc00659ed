// Partial models (issue 12, part 6): a custom model given by `params` and part of its
// architecture gets the rest inferred — the FFN kind included — so that its own count matches
// `params` within 2 %, and a warning names the fields when they contradict `params`. Real configs:
//  - GPT-J 6B: https://huggingface.co/EleutherAI/gpt-j-6b/blob/main/config.json (n_embd 4096,
//    n_layer 28, n_head 16, n_inner null = 4 x 4096, vocab_size 50400, tie_word_embeddings false;
//    the model card's table: n_parameters 6,053,381,344; GELU MLP, activation_function gelu_new).
//  - Llama 2 7B: https://huggingface.co/meta-llama/Llama-2-7b-hf/blob/main/config.json
//    (hidden_size 4096, intermediate_size 11008, 32 layers, 32 heads, vocab 32000, SwiGLU "silu");
//    6,738,415,616 parameters (data/models.json, computed from the tensor shapes; KerasHub preset).
//  - GPT-2 XL: https://huggingface.co/openai-community/gpt2-xl/blob/main/config.json (n_embd 1600,
//    n_layer 48, n_head 25, vocab 50257, tied embeddings, GELU 4 x n_embd); 1,557,611,200
//    parameters (data/models.json, KerasHub preset).
#include "engine/estimate.hpp"
#include "engine/estimate_request.hpp"
#include "engine/model_catalog.hpp"
#include "engine/partial_model.hpp"
#include "test_support.hpp"

#include <doctest/doctest.h>

#include <cmath>

namespace partial_model_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;
using atlas::test::AnyContains;

namespace {

RequestParse ParseModelJson(const char* model_json) {
  return ParseEstimateRequest(Json::parse(std::string(R"({"task": "lora", "gpu": "a100-80gb-sxm", "model": )") +
                                          model_json + "}"),
                              test::RealCatalogs());
}

double Mismatch(const ModelSpec& m) { return std::fabs(CountParams(m, false) - m.params) / m.params; }

}  // namespace

TEST_CASE("GPT-J 6B: params with a 16384-wide MLP only add up as GELU (2 matrices), not SwiGLU") {
  RequestParse p = ParseModelJson(
      R"({"params": 6053381344, "layers": 28, "hidden": 4096, "heads": 16, "ffn_hidden": 16384, "vocab": 50400})");
  REQUIRE(p.ok());
  const ModelSpec& m = p.workload.model;
  CHECK(m.ffn_kind == FfnKind::kGelu);
  CHECK(Mismatch(m) < kParamsConsistencyTolerance);
  CHECK(AnyContains(p.notes, "ffn_kind: gelu"));
  // The same fields as SwiGLU would count 7.9B: 31 % above params, and the estimate says so.
  RequestParse swiglu = ParseModelJson(R"({"params": 6053381344, "layers": 28, "hidden": 4096, "heads": 16,
                                           "ffn_hidden": 16384, "vocab": 50400, "ffn_kind": "swiglu"})");
  REQUIRE(swiglu.ok());
  CHECK(Mismatch(swiglu.workload.model) > 0.25);
  const EstimateResult r = Estimate(swiglu.workload, test::RealCatalogs());
  REQUIRE(r.ok);
  CHECK(AnyContains(r.warnings, "ffn_hidden 16384 (swiglu)"));
  CHECK(AnyContains(r.warnings, "6.05B"));
  CHECK(AnyContains(Estimate(p.workload, test::RealCatalogs()).warnings, "fields") == false);
}

TEST_CASE("Llama 2 7B: the same kind of request with an 11008-wide MLP adds up as SwiGLU") {
  RequestParse p = ParseModelJson(
      R"({"params": 6738415616, "layers": 32, "hidden": 4096, "heads": 32, "ffn_hidden": 11008, "vocab": 32000})");
  REQUIRE(p.ok());
  CHECK(p.workload.model.ffn_kind == FfnKind::kSwiglu);
  CHECK(Mismatch(p.workload.model) < kParamsConsistencyTolerance);
}

TEST_CASE("missing fields are solved from params: the MLP width, the width from the depth") {
  // GPT-2 XL without its MLP width: GELU given, 4 x 1600 = 6400 comes back.
  RequestParse xl = ParseModelJson(R"({"params": 1557611200, "layers": 48, "hidden": 1600, "heads": 25, "vocab": 50257,
                                       "tied_embeddings": true, "ffn_kind": "gelu"})");
  REQUIRE(xl.ok());
  CHECK(xl.workload.model.ffn_hidden == 6400);
  CHECK(Mismatch(xl.workload.model) < kParamsConsistencyTolerance);
  // Llama 2 7B from params, layers and hidden: the SwiGLU width 11008.
  RequestParse llama = ParseModelJson(R"({"params": 6738415616, "layers": 32, "hidden": 4096})");
  REQUIRE(llama.ok());
  CHECK(llama.workload.model.ffn_hidden == 11008);
  CHECK(llama.workload.model.heads == 32);
  // From params and the depth alone: hidden 4096, and the count matches.
  RequestParse depth = ParseModelJson(R"({"params": 6738415616, "layers": 32})");
  REQUIRE(depth.ok());
  CHECK(depth.workload.model.hidden == 4096);
  CHECK(Mismatch(depth.workload.model) < kParamsConsistencyTolerance);
  CHECK(ValidateModel(depth.workload.model).empty());
}

TEST_CASE("a typed size gives an architecture that adds up to it within 2 %") {
  for (double params : {125e6, 1e9, 3e9, 7e9, 13e9, 34e9, 70e9, 180e9, 405e9}) {
    INFO(params);
    const ModelSpec m = ModelFromParamCount(params);
    CHECK(ValidateModel(m).empty());
    CHECK(Mismatch(m) < kParamsConsistencyTolerance);
    CHECK_FALSE(CheckParamsConsistency(m));
  }
}

TEST_CASE("fields that contradict params: a warning names them and both counts, in English and Chinese") {
  RequestParse p = ParseModelJson(
      R"({"params": "7B", "layers": 48, "hidden": 8192, "ffn_hidden": 28672, "ffn_kind": "swiglu", "vocab": 32000})");
  REQUIRE(p.ok());
  const auto mismatch = CheckParamsConsistency(p.workload.model);
  REQUIRE(mismatch);
  CHECK(mismatch->given_params == doctest::Approx(7e9));
  CHECK(mismatch->architecture_params > 40e9);
  const EstimateResult en = Estimate(p.workload, test::RealCatalogs(), Language::kEnglish);
  REQUIRE(en.ok);
  CHECK(AnyContains(en.warnings, "layers 48, hidden 8192"));
  CHECK(AnyContains(en.warnings, "not the 7B given as params"));
  const EstimateResult zh = Estimate(p.workload, test::RealCatalogs(), Language::kChinese);
  CHECK(AnyContains(zh.warnings, "模型字段（layers 48"));
  // Presets are never flagged (their own tests hold them to their published counts).
  RequestParse preset = ParseEstimateRequest(Json::parse(R"({"model": "gpt-j-6b"})"), test::RealCatalogs());
  CHECK_FALSE(CheckParamsConsistency(preset.workload.model));
  // The JSON result carries the warnings.
  const Json j = EstimateResultToJson(en, p.workload);
  REQUIRE(j["warnings"].is_array());
  CHECK(j["warnings"].size() == en.warnings.size());
}

TEST_CASE("partial models with absurd fields give errors or warnings, never a crash or NaN") {
  for (const char* model : {R"({"params": 1000, "layers": 1})", R"({"params": 1e14, "hidden": 16})",
                            R"({"params": "1B", "layers": 1000, "hidden": 131072})", R"({"params": 5e9, "ffn_hidden": 1})",
                            R"({"params": 5e9, "experts": 8, "experts_per_token": 2})"}) {
    INFO(model);
    RequestParse p = ParseModelJson(model);
    if (!p.ok()) continue;
    CHECK(std::isfinite(CountParams(p.workload.model, false)));
    const EstimateResult r = Estimate(p.workload, test::RealCatalogs());
    if (r.ok) CHECK(std::isfinite(r.memory.total_bytes));
  }
}

}  // namespace partial_model_test
