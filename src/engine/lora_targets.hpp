// Which weight matrices a LoRA adapter is put on: the one definition that the trainable
// parameter count, the optimizer state (through it), the activation model and the labels use.
//
// The three choices people run, named by the transformers/PEFT module names of Llama-style
// models:
//  - kQv: q_proj, v_proj. PEFT's default when target_modules is not given (its
//    TRANSFORMERS_MODELS_TO_LORA_TARGET_MODULES_MAPPING, "llama": ["q_proj", "v_proj"]), as in
//    the LoRA paper (Hu et al. 2021, arXiv:2106.09685 §4.2: Wq and Wv), llama-recipes' and
//    LitGPT's LoRA configs.
//  - kAttention: q_proj, k_proj, v_proj, o_proj (all attention projections).
//  - kAllLinear: every linear layer of the block, attention and MLP (gate_proj, up_proj,
//    down_proj; fc1/fc2 in a non-gated MLP): QLoRA (Dettmers et al. 2023, arXiv:2305.14314 §4,
//    "LoRA on all linear transformer block layers"), PEFT's target_modules="all-linear" (which
//    leaves out the output head). Routed experts of MoE layers stay unadapted (project
//    assumption: adapters on the attention of MoE layers only).
// An adapter on a d_in x d_out matrix trains r x (d_in + d_out) parameters (lora_A r x d_in,
// lora_B d_out x r; Hu et al. 2021 §4.1).
#pragma once

#include "model_spec.hpp"
#include "workload.hpp"

namespace atlas {

// The adapted matrices of one transformer layer, with their shapes.
struct LoraLayerModules {
  int count = 0;            // adapted matrices
  double d_in_sum = 0;      // Σ d_in over them (LoRA dropout keeps a copy of each input)
  double d_in_out_sum = 0;  // Σ (d_in + d_out): trainable params per layer = r × this
  bool o_proj = false;      // the attention output projection has an adapter (keeps its input)
  bool mlp = false;         // the MLP's matrices have adapters (keep their inputs)
};

// The adapted matrices of one layer of `m` for `targets`; `moe_layer` leaves the MLP out and
// `ffn_width` is that layer's MLP width.
LoraLayerModules LoraModulesOf(const ModelSpec& m, LoraTargets targets, bool moe_layer, double ffn_width);

// The PEFT module names of a choice, as people write target_modules: "q_proj, v_proj".
const char* LoraModuleNames(LoraTargets targets);

}  // namespace atlas
