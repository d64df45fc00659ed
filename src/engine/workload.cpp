#include "workload.hpp"

namespace atlas {

const char* ToString(Task t) {
  switch (t) {
    case Task::kPretrain: return "pretrain";
    case Task::kFullFinetune: return "full_finetune";
    case Task::kLora: return "lora";
    case Task::kQlora: return "qlora";
    case Task::kInference: return "inference";
  }
  return "?";
}

const char* ToString(Precision p) {
  switch (p) {
    case Precision::kFp32: return "fp32";
    case Precision::kTf32: return "tf32";
    case Precision::kBf16: return "bf16";
    case Precision::kFp16: return "fp16";
    case Precision::kFp8: return "fp8";
    case Precision::kInt8: return "int8";
    case Precision::kInt4: return "int4";
    case Precision::kNf4: return "nf4";
    case Precision::kQ4KM: return "q4_k_m";
    case Precision::kQ5KM: return "q5_k_m";
    case Precision::kQ6K: return "q6_k";
    case Precision::kQ8_0: return "q8_0";
  }
  return "?";
}

const char* ToString(Optimizer o) {
  switch (o) {
    case Optimizer::kAdamW: return "adamw";
    case Optimizer::kAdamW8bit: return "adamw_8bit";
    case Optimizer::kSgd: return "sgd";
    case Optimizer::kAdafactor: return "adafactor";
    case Optimizer::kPagedAdamW8bit: return "paged_adamw_8bit";
  }
  return "?";
}

const char* PrecisionLabel(Precision p) {
  switch (p) {
    case Precision::kFp32: return "FP32";
    case Precision::kTf32: return "TF32";
    case Precision::kBf16: return "BF16";
    case Precision::kFp16: return "FP16";
    case Precision::kFp8: return "FP8";
    case Precision::kInt8: return "INT8";
    case Precision::kInt4: return "INT4";
    case Precision::kNf4: return "NF4";
    case Precision::kQ4KM: return "Q4_K_M";
    case Precision::kQ5KM: return "Q5_K_M";
    case Precision::kQ6K: return "Q6_K";
    case Precision::kQ8_0: return "Q8_0";
  }
  return "?";
}

const char* ToString(Checkpointing c) {
  switch (c) {
    case Checkpointing::kNone: return "none";
    case Checkpointing::kSelective: return "selective";
    case Checkpointing::kFull: return "full";
  }
  return "?";
}

const char* ToString(KvPrecision k) {
  switch (k) {
    case KvPrecision::kFp16: return "fp16";
    case KvPrecision::kFp8: return "fp8";
    case KvPrecision::kInt8: return "int8";
  }
  return "?";
}

const char* ToString(LoraTargets t) {
  return t == LoraTargets::kQv ? "q_v" : t == LoraTargets::kAttention ? "attention" : "all_linear";
}

const char* ToString(Framework f) {
  switch (f) {
    case Framework::kAuto: return "auto";
    case Framework::kPytorchEager: return "pytorch_eager";
    case Framework::kTorchtune: return "torchtune";
    case Framework::kAutoAwq: return "autoawq";
    case Framework::kMegatron: return "megatron";
    case Framework::kDeepspeed: return "deepspeed";
    case Framework::kVllm: return "vllm";
    case Framework::kTensorrtLlm: return "tensorrt_llm";
    case Framework::kLlamaCpp: return "llama_cpp";
  }
  return "?";
}

std::optional<Framework> ParseFramework(const std::string& name) {
  for (int i = 0; i <= static_cast<int>(Framework::kLlamaCpp); ++i)
    if (name == ToString(static_cast<Framework>(i))) return static_cast<Framework>(i);
  return std::nullopt;
}

std::optional<Precision> ParsePrecision(const std::string& name) {
  for (int i = 0; i <= static_cast<int>(Precision::kQ8_0); ++i)
    if (name == ToString(static_cast<Precision>(i))) return static_cast<Precision>(i);
  return std::nullopt;
}

Framework FrameworkFor(const Workload& w) {
  if (w.framework != Framework::kAuto) return w.framework;
  if (w.task == Task::kInference) return IsGgufFormat(w.precision) ? Framework::kLlamaCpp : Framework::kVllm;
  return w.task == Task::kPretrain ? Framework::kMegatron : Framework::kPytorchEager;
}

bool IsGgufFormat(Precision p) {
  return p == Precision::kQ4KM || p == Precision::kQ5KM || p == Precision::kQ6K || p == Precision::kQ8_0;
}

}  // namespace atlas
