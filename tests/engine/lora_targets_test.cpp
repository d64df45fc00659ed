// LoRA targets: one definition (engine/lora_targets.hpp) behind the trainable parameter count,
// the optimizer state, the activation terms and the label, checked against published counts.
#include "engine/activation_model.hpp"
#include "engine/estimate.hpp"
#include "engine/lora_targets.hpp"
#include "engine/memory_model.hpp"
#include "test_jobs.hpp"

#include <doctest/doctest.h>

#include <cstring>

namespace lora_targets_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;
using test::Job;

namespace {

bool HasTerm(const ActivationBreakdown& a, const char* key) {
  for (const ActivationTerm& t : a.terms)
    if (std::strcmp(t.key, key) == 0) return true;
  return false;
}

double Term(const ActivationBreakdown& a, const char* key) {
  for (const ActivationTerm& t : a.terms)
    if (std::strcmp(t.key, key) == 0) return t.bytes_per_token;
  return 0;
}

}  // namespace

TEST_CASE("trainable LoRA parameters against PEFT's print_trainable_parameters") {
  const Catalogs& c = test::RealCatalogs();
  const ModelSpec& llama2 = *c.models.Find("llama-2-7b");
  // Llama 2 7B, r = 8 on q_proj and v_proj (PEFT's default; llama-recipes' lora_config): PEFT prints
  // "trainable params: 4,194,304 || all params: 6,742,609,920" = 32 layers × 2 × 8 × (4096 + 4096).
  CHECK(LoraParams(llama2, 8, LoraTargets::kQv) == 4194304);
  // All four attention projections: twice that, 32 × 4 × 8 × 8,192 = 8,388,608.
  CHECK(LoraParams(llama2, 8, LoraTargets::kAttention) == 8388608);
  // Every linear layer (QLoRA): + gate/up 2 × (4096 + 11008) + down (11008 + 4096) per layer: PEFT
  // prints "trainable params: 19,988,480" for r = 8 on all seven modules of a model of these
  // shapes (Qwen1.5-7B: 32 layers, 4096 wide, MLP 11008, full multi-head attention).
  CHECK(LoraParams(llama2, 8, LoraTargets::kAllLinear) == 19988480);
  // Llama 3.1 8B (grouped-query, 8 KV heads of 128): q 4096 + 4096, v 4096 + 1024; r = 8 ->
  // 32 × 8 × 13,312 = 3,407,872, PEFT's "trainable params: 3,407,872 || all params: 8,033,669,120".
  CHECK(LoraParams(*c.models.Find("llama-3.1-8b"), 8, LoraTargets::kQv) == 3407872);
  // Rank scales linearly; a CNN has no adapters here.
  CHECK(LoraParams(llama2, 16, LoraTargets::kQv) == 2 * 4194304);
}

TEST_CASE("one definition: params, optimizer state, activation terms and the label agree") {
  const Catalogs& c = test::RealCatalogs();
  const FrameworkProfile& eager = c.calibration.Profile(Framework::kPytorchEager);
  struct Case {
    const char* id;
    LoraTargets targets;
    int modules;
    bool o_proj_input, mlp_input;
    const char* label;
  };
  for (const Case& k : {Case{"q_v", LoraTargets::kQv, 2, false, false, "q_proj, v_proj"},
                        Case{"attention", LoraTargets::kAttention, 4, true, false, "q_proj, k_proj, v_proj, o_proj"},
                        Case{"all_linear", LoraTargets::kAllLinear, 7, true, true,
                             "q_proj, k_proj, v_proj, o_proj, gate_proj, up_proj, down_proj"}}) {
    INFO(k.id);
    const Workload w = Job(std::string(R"({"model": "llama-2-7b", "task": "lora", "lora_rank": 8, "lora_targets": ")") +
                           k.id + R"(", "gpu": "a100-80gb-sxm"})");
    CHECK(w.lora_targets == k.targets);
    CHECK(std::string(ToString(w.lora_targets)) == k.id);
    CHECK(std::string(LoraModuleNames(k.targets)) == k.label);
    const LoraLayerModules m = LoraModulesOf(w.model, k.targets, false, w.model.ffn_hidden);
    CHECK(m.count == k.modules);
    // The memory breakdown's trainable parameters (which size gradients and AdamW's two FP32
    // states) are LoraParams of the same choice.
    const EstimateResult r = Estimate(w, c);
    REQUIRE(r.ok);
    CHECK(r.memory.trainable_params == LoraParams(w.model, 8, k.targets));
    // Activations: lora_B keeps lora_A's r outputs per adapted module (2 bytes each); the o_proj
    // and MLP inputs are kept only when those modules carry adapters.
    const ActivationBreakdown a = TrainingActivations(w, eager);
    CHECK(Term(a, "lora_adapter_inputs") == doctest::Approx(2.0 * 8 * k.modules));
    CHECK(HasTerm(a, "o_proj_input") == k.o_proj_input);
    CHECK(HasTerm(a, "mlp_input") == k.mlp_input);
  }
  // The LoRA recipe's default is PEFT's: q_proj and v_proj.
  CHECK(Job(R"({"model": "llama-2-7b", "task": "lora"})").lora_targets == LoraTargets::kQv);
  // An unknown choice is refused, naming the field.
  const RequestParse bad = ParseEstimateRequestText(R"({"model": "llama-2-7b", "task": "lora", "lora_targets": "qkv"})",
                                                    test::RealCatalogs());
  REQUIRE_FALSE(bad.errors.empty());
  CHECK(bad.errors.front().find("lora_targets") != std::string::npos);
}

TEST_CASE("MoE: experts stay unadapted; dense layers of an MoE model get MLP adapters") {
  ModelSpec m;
  m.params = 1e9;
  m.layers = 4;
  m.hidden = 1024;
  m.heads = 8;
  m.kv_heads = 8;
  m.head_dim = 128;
  m.ffn_hidden = 512;
  m.dense_ffn_hidden = 4096;
  m.experts = 8;
  m.experts_per_token = 2;
  m.moe_layers = 3;
  // Attention per layer: 4 × (1024 + 1024) = 8,192; the one dense layer adds 2 × (1024 + 4096) +
  // (4096 + 1024) = 15,360. r = 1: 4 × 8,192 + 15,360 = 48,128.
  CHECK(LoraParams(m, 1, LoraTargets::kAllLinear) == 48128);
  CHECK(LoraParams(m, 1, LoraTargets::kAttention) == 4 * 8192);
}

}  // namespace lora_targets_test
