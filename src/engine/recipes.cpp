#include "recipes.hpp"

namespace atlas {

void ApplyRecipeDefaults(Workload& w, const RecipeFieldsGiven& given) {
  switch (w.task) {
    case Task::kQlora:
      if (!given.precision) w.precision = Precision::kNf4;
      if (!given.optimizer) w.optimizer = Optimizer::kPagedAdamW8bit;
      if (!given.checkpointing) w.checkpointing = Checkpointing::kFull;
      if (!given.lora_rank) w.lora_rank = 64;
      if (!given.lora_targets) w.lora_targets = LoraTargets::kAllLinear;
      if (!given.lora_dropout) w.lora_dropout = w.model.params > 20e9 ? 0.05 : 0.1;
      break;
    case Task::kLora:
      if (!given.precision) w.precision = Precision::kBf16;
      if (!given.optimizer) w.optimizer = Optimizer::kAdamW;
      if (!given.checkpointing) w.checkpointing = Checkpointing::kNone;
      if (!given.lora_rank) w.lora_rank = 8;
      if (!given.lora_targets) w.lora_targets = LoraTargets::kQv;  // PEFT: q_proj, v_proj
      if (!given.lora_dropout) w.lora_dropout = 0;
      break;
    case Task::kFullFinetune:
      if (!given.precision) w.precision = Precision::kBf16;
      if (!given.optimizer) w.optimizer = Optimizer::kAdamW;
      if (!given.checkpointing) w.checkpointing = Checkpointing::kNone;
      if (!given.dropout) w.dropout = 0;
      break;
    case Task::kPretrain:
      if (!given.precision) w.precision = Precision::kBf16;
      if (!given.optimizer) w.optimizer = Optimizer::kAdamW;
      if (!given.checkpointing) w.checkpointing = Checkpointing::kSelective;
      if (!given.dropout) w.dropout = 0;
      break;
    case Task::kInference:
      if (!given.precision) w.precision = Precision::kBf16;
      break;
  }
}

}  // namespace atlas
