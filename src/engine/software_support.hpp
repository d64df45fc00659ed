// Software support per card (data/software.json): for each feature a user's plan may rely on
// (NF4 via bitsandbytes, FP8 training and inference, FlashAttention, vLLM, SGLang, llama.cpp,
// training with PyTorch's distributed frameworks),
// whether the card's software stack has it — yes, partial, no or unknown — with a note and the
// address of the page that says so. Stacks (CUDA, ROCm, CANN, ...) hold the defaults; a card
// can override one feature; FP8 on a card without an FP8 rate falls back to the stack's
// "without FP8 hardware" entry. Loaded without throwing; every problem names file/record/field.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "language.hpp"

namespace atlas {

struct Gpu;
struct GpuCatalog;

enum class SoftwareFeature {
  kNf4Bitsandbytes,
  kFp8Training,
  kFp8Inference,
  kFlashAttention,
  kVllm,
  kSglang,
  kLlamaCpp,
  // Training with the frameworks the engine models (PyTorch with FSDP/DeepSpeed/Megatron-LM):
  // a stack answering "no" is left out of training fits and recommendations.
  kTraining,
};
constexpr std::size_t kSoftwareFeatureCount = 8;

enum class SupportLevel { kUnknown, kNo, kPartial, kYes };

struct SupportEntry {
  SupportLevel level = SupportLevel::kUnknown;
  std::string note;
  std::string note_zh;  // the same in 简体中文 (software.json "note_zh", required beside "note")
  std::string source;  // address of the page that says so; empty only for kUnknown
  // The engine's own entry for a card without an FP8 rate: its note is the engine text
  // sw_no_fp8_rate, looked up when shown (a Chinese pack may arrive after the data).
  bool no_fp8_rate = false;
};

// What a card's stack supports, resolved per card when software.json is attached.
struct GpuSoftware {
  bool loaded = false;  // false until data/software.json has been attached
  std::string stack_id;       // e.g. "cuda"
  std::string stack_name;     // e.g. "CUDA"
  std::string stack_name_zh;  // e.g. "CANN（昇腾）" (software.json "name_zh")
  std::string stack_version;  // e.g. "CUDA 12.9 (vLLM and SGLang wheels)"
  std::string stack_version_zh;  // the same in 简体中文 (software.json "version_zh")
  std::string version_source;
  std::array<SupportEntry, kSoftwareFeatureCount> features;
};

// Data-file key ("nf4_bitsandbytes", ...) and English name ("NF4 (bitsandbytes)", ...).
const char* SoftwareFeatureKey(SoftwareFeature feature);
const char* SoftwareFeatureName(SoftwareFeature feature);
std::optional<SoftwareFeature> SoftwareFeatureFromKey(const std::string& key);
// The feature's name in `language` ("FP8 training" / "FP8 训练"), from the engine's text tables.
std::string SoftwareFeatureName(SoftwareFeature feature, Language language);
// The entry's note in `language` (data/software.json "note" / "note_zh"; sw_no_fp8_rate for the
// engine's own FP8 fallback), and the stack's name in it ("name" / "name_zh").
std::string SupportNote(const SupportEntry& entry, Language language);
std::string StackName(const GpuSoftware& software, Language language);

// "yes", "partial", "no", "unknown".
const char* SupportLevelName(SupportLevel level);
std::optional<SupportLevel> SupportLevelFromName(const std::string& name);

struct SoftwareStack {
  std::string id, name, name_zh, vendor, version, version_zh, version_source;
  std::vector<std::string> gpus;  // ids of data/gpus.json
  std::array<SupportEntry, kSoftwareFeatureCount> features;
  // FP8 entries for cards of this stack whose fp8_dense_tflops is null (absent: "no").
  std::optional<SupportEntry> fp8_training_without_hardware;
  std::optional<SupportEntry> fp8_inference_without_hardware;
};

struct SoftwareOverride {
  std::string gpu;
  SoftwareFeature feature = SoftwareFeature::kNf4Bitsandbytes;
  SupportEntry entry;
};

struct SoftwareCatalog {
  std::vector<SoftwareStack> stacks;
  std::vector<SoftwareOverride> overrides;
};

struct SoftwareCatalogLoad {
  SoftwareCatalog catalog;
  std::vector<std::string> errors;  // each names file, record and field
  bool ok() const { return errors.empty(); }
};

// Parses and validates data/software.json against the cards of `gpus`: every card belongs to
// exactly one stack, every id exists, every feature of a stack is given, levels are known and
// every yes/partial/no cites a source.
SoftwareCatalogLoad LoadSoftwareCatalog(const std::string& text, const std::string& file_name, const GpuCatalog& gpus);

// Resolves each card's support from `software` into Gpu::software (see the rule above).
void AttachSoftwareSupport(const SoftwareCatalog& software, GpuCatalog& gpus);

// Whether `gpu`'s stack supports `feature`; kUnknown ("not loaded") before software.json is.
const SupportEntry& SupportFor(const Gpu& gpu, SoftwareFeature feature);  // lives as long as `gpu`

}  // namespace atlas
