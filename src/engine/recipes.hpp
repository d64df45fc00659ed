// Each method's reference recipe: the defaults a request gets for the fields it does not set,
// so that a first answer matches what people actually run (README "Reference recipes").
//  - QLoRA (Dettmers et al. 2023, arXiv:2305.14314 §4 and App. B): NF4 with double
//    quantisation, LoRA r = 64 on all linear layers, dropout 0.1 up to 13B and 0.05 above,
//    gradient checkpointing, paged 8-bit AdamW.
//  - LoRA (PEFT LoraConfig defaults): r = 8, lora_dropout 0, target modules for Llama-style
//    models q_proj and v_proj (attention); Trainer: no gradient checkpointing.
//  - Full fine-tuning (transformers Trainer with bf16=True): BF16 mixed precision, AdamW
//    (adamw_torch), no checkpointing, no ZeRO.
//  - Pre-training (Megatron-LM): BF16, AdamW, selective activation recomputation, flash attention.
//  - Serving (vLLM): the model's BF16 weights, FP16/BF16 KV cache.
#pragma once

#include "workload.hpp"

namespace atlas {

// Which recipe fields a request set explicitly (the rest take the recipe's values).
struct RecipeFieldsGiven {
  bool precision = false, optimizer = false, checkpointing = false, lora_rank = false, lora_targets = false,
       dropout = false, lora_dropout = false;
};

// Sets the fields not given to the task's reference recipe (w.task and w.model must be set).
void ApplyRecipeDefaults(Workload& w, const RecipeFieldsGiven& given = {});

}  // namespace atlas
