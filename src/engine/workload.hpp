// A job to estimate: the model, the task, precisions, parallel layout and the hardware.
// Plain data; `estimate_request` fills it from JSON and validates it.
#pragma once

#include "model_spec.hpp"

#include <optional>
#include <string>

namespace atlas {

enum class Task { kPretrain, kFullFinetune, kLora, kQlora, kInference };
// Training compute precision, or inference weight format.
// kQ4KM .. kQ8_0 are llama.cpp GGUF weight formats (inference only).
enum class Precision { kFp32, kTf32, kBf16, kFp16, kFp8, kInt8, kInt4, kNf4, kQ4KM, kQ5KM, kQ6K, kQ8_0 };
// kPagedAdamW8bit: bitsandbytes' paged 8-bit AdamW (QLoRA's optimizer): 8-bit states in
// unified memory that page to the host under pressure.
enum class Optimizer { kAdamW, kAdamW8bit, kSgd, kAdafactor, kPagedAdamW8bit };
// The software that runs the job: decides what is materialised, allocator and context costs,
// default efficiencies (data/calibration.json). kAuto = the task's usual one (Framework For).
enum class Framework { kAuto, kPytorchEager, kTorchtune, kAutoAwq, kMegatron, kDeepspeed, kVllm, kTensorrtLlm, kLlamaCpp };
enum class Checkpointing { kNone, kSelective, kFull };
enum class KvPrecision { kFp16, kFp8, kInt8 };
// The matrices LoRA adapts (the one definition: engine/lora_targets.hpp): q_proj + v_proj (PEFT's
// default), all four attention projections, or every linear layer (QLoRA).
enum class LoraTargets { kQv, kAttention, kAllLinear };

struct Workload {
  ModelSpec model;
  Task task = Task::kFullFinetune;
  Precision precision = Precision::kBf16;
  Optimizer optimizer = Optimizer::kAdamW;
  int zero_stage = 0;
  bool offload_optimizer = false;
  // ZeRO-3 parameter offload: the sharded weights and gradients live in host memory and are
  // copied in a layer at a time (FSDP CPUOffload(offload_params=True), which "implicitly
  // enables gradient offloading" and runs the optimizer step on the CPU: PyTorch FSDP docs;
  // DeepSpeed offload_param). Only with zero_stage 3; implies offload_optimizer.
  bool offload_params = false;
  int tp = 1, pp = 1, dp = 1, ep = 1;
  bool sequence_parallel = false;
  int seq_len = 2048;      // training sequence length
  int micro_batch = 1;     // training sequences per GPU per micro-step
  // Micro-steps per optimizer step: the global batch is micro_batch x grad_accum x dp
  // sequences. No memory of its own (gradients accumulate in the gradient buffer).
  int grad_accum = 1;
  Checkpointing checkpointing = Checkpointing::kNone;
  bool flash_attention = true;
  double dropout = 0;       // the model's attention/hidden dropout (modern LLM recipes: 0)
  double lora_dropout = 0;  // LoRA's input dropout (PEFT default 0; QLoRA 0.1 / 0.05)
  Framework framework = Framework::kAuto;
  // Mixed precision keeps an FP32 master copy of the weights (Micikevicius et al. 2018); pure
  // BF16 training (torchtune's default, LitGPT "bf16-true") keeps none and BF16 gradients.
  bool master_weights = true;
  int lora_rank = 16;
  LoraTargets lora_targets = LoraTargets::kAllLinear;
  // Inference.
  int batch = 1;             // concurrent sequences
  int context = 4096;        // tokens held per sequence (prompt + generated)
  int prompt_tokens = 1024;  // for time to first token
  KvPrecision kv_precision = KvPrecision::kFp16;
  double target_tokens_per_second = 20;  // per user, for the concurrency figure
  // Hardware and run.
  std::string gpu = "h100-sxm";
  int gpus = 1;
  double train_tokens = 0;  // 0 = no time estimate requested for training
  std::optional<double> mfu;  // override; otherwise data/assumptions.json

  bool operator==(const Workload&) const = default;
  bool IsTraining() const { return task != Task::kInference; }
  int ModelParallel() const { return tp * pp; }
  bool IsPeft() const { return task == Task::kLora || task == Task::kQlora; }
};

// The framework a workload runs on: its own, or the task's default (Megatron-LM for
// pre-training, PyTorch eager (transformers/PEFT) for fine-tuning, vLLM for serving).
Framework FrameworkFor(const Workload& w);
// The framework named `name` (its ToString form), or nothing.
std::optional<Framework> ParseFramework(const std::string& name);
// The precision named `name` (its ToString form: "bf16", "fp8", "int4", ...), or nothing.
std::optional<Precision> ParsePrecision(const std::string& name);
bool IsGgufFormat(Precision p);

const char* ToString(Task t);
const char* ToString(Precision p);
const char* ToString(Optimizer o);
const char* ToString(Checkpointing c);
const char* ToString(KvPrecision k);
const char* ToString(LoraTargets t);
const char* ToString(Framework f);
// The format as people write it: "BF16", "NF4", "Q4_K_M".
const char* PrecisionLabel(Precision p);

// The widest expert-parallel degree for `experts` experts over `ranks` data-parallel ranks: the
// largest power of two <= `ranks` that divides `experts`, so every EP group holds whole experts.
inline int WidestExpertParallel(int experts, int ranks) {
  int ep = 1;
  while (ep * 2 <= ranks && experts % (ep * 2) == 0) ep *= 2;
  return ep;
}

}  // namespace atlas
