#include "estimate_warnings.hpp"

#include "format.hpp"
#include "format_zh.hpp"
#include "partial_model.hpp"
#include "software_support.hpp"
#include "text/engine_text.hpp"

#include <algorithm>

namespace atlas {

namespace {

// The software features a request relies on, each with the words that name it.
struct Need {
  SoftwareFeature feature;
  const char* EngineText::*words;
};

std::vector<Need> NeedsOf(const Workload& w, Framework framework) {
  std::vector<Need> needs;
  // Training at all: PyTorch's distributed training stack (data/software.json "training").
  if (w.IsTraining()) needs.push_back({SoftwareFeature::kTraining, &EngineText::warn_feature_training});
  // QLoRA's base and bitsandbytes' 8-bit optimizers (Dettmers et al. 2023, the bitsandbytes
  // library) need bitsandbytes' kernels on the card.
  if (w.precision == Precision::kNf4) needs.push_back({SoftwareFeature::kNf4Bitsandbytes, &EngineText::warn_feature_nf4});
  if (w.IsTraining() && (w.optimizer == Optimizer::kAdamW8bit || w.optimizer == Optimizer::kPagedAdamW8bit))
    needs.push_back({SoftwareFeature::kNf4Bitsandbytes, &EngineText::warn_feature_bnb_optimizer});
  if (w.precision == Precision::kFp8)
    needs.push_back(w.IsTraining() ? Need{SoftwareFeature::kFp8Training, &EngineText::warn_feature_fp8_training}
                                   : Need{SoftwareFeature::kFp8Inference, &EngineText::warn_feature_fp8_inference});
  if (!w.IsTraining() && w.kv_precision == KvPrecision::kFp8)
    needs.push_back({SoftwareFeature::kFp8Inference, &EngineText::warn_feature_fp8_kv});
  if (w.flash_attention && w.model.IsTransformer())
    needs.push_back({SoftwareFeature::kFlashAttention, &EngineText::warn_feature_flash_attention});
  if (!w.IsTraining() && framework == Framework::kVllm) needs.push_back({SoftwareFeature::kVllm, &EngineText::warn_feature_vllm});
  if (!w.IsTraining() && framework == Framework::kLlamaCpp)
    needs.push_back({SoftwareFeature::kLlamaCpp, &EngineText::warn_feature_llama_cpp});
  return needs;
}

// Several chips that link to nothing (one SoC each, Gpu::Standalone) are separate computers:
// a model split over them, or training that syncs every step, runs over a network the
// estimate does not model. Serving replicas (data parallel only) need no link.
bool StandaloneSplit(const Workload& w, const Gpu& gpu) {
  return gpu.Standalone() && w.gpus > 1 && (w.tp > 1 || w.pp > 1 || w.IsTraining());
}

}  // namespace

bool SoftwareSaysYes(const Workload& w, Framework framework, const Gpu& gpu) {
  if (!gpu.software.loaded) return true;  // nothing to say yet
  for (const Need& need : NeedsOf(w, framework))
    if (SupportFor(gpu, need.feature).level != SupportLevel::kYes) return false;
  return true;
}

bool RunsAsEstimated(const Workload& w, Framework framework, const Gpu& gpu) {
  if (StandaloneSplit(w, gpu)) return false;
  for (const Need& need : NeedsOf(w, framework))
    if (SupportFor(gpu, need.feature).level == SupportLevel::kNo) return false;
  return true;
}

std::vector<std::string> EstimateWarnings(const Workload& w, Framework framework, const Gpu& gpu, Language language) {
  const EngineText& T = EngineTextFor(language);
  std::vector<std::string> out;
  if (auto mismatch = CheckParamsConsistency(w.model)) out.push_back(ParamsMismatchText(*mismatch, language));
  // One optimizer step consumes micro_batch × grad_accum × dp sequences of seq_len tokens
  // (workload.hpp); fewer training tokens than that is not a training run. In double: 65,536 ×
  // 65,536 × 10⁶ × 10⁷ is past any integer type.
  if (w.IsTraining() && w.train_tokens > 0) {
    const double global_batch_tokens = static_cast<double>(w.micro_batch) * std::max(1, w.grad_accum) *
                                       std::max(1, w.dp) * w.seq_len;
    auto count = [&](double v) { return language == Language::kChinese ? ZhCount(v) : Count(v); };
    if (w.train_tokens < global_batch_tokens)
      out.push_back(Printf(T.warn_tokens_below_global_batch, count(w.train_tokens).c_str(),
                           count(global_batch_tokens).c_str(), w.micro_batch, std::max(1, w.grad_accum),
                           std::max(1, w.dp), w.seq_len));
  }
  // Several devices on one card (gpus.json devices_per_card): the estimate is of the card split
  // over them, which the software must be told (AMD: the MI250X's two GCDs are two GPUs).
  if (gpu.devices_per_card > 1) {
    const std::string device = Gib(gpu.memory_bytes / gpu.devices_per_card);
    out.push_back(Printf(T.warn_multi_device, gpu.DisplayName(language == Language::kChinese).c_str(), gpu.devices_per_card,
                         device.c_str(), w.tp * gpu.devices_per_card, device.c_str(), gpu.devices_per_card));
  }
  if (StandaloneSplit(w, gpu))
    out.push_back(Printf(T.warn_standalone_split, gpu.DisplayName(language == Language::kChinese).c_str(), w.gpus, w.tp,
                         w.pp, std::max(1, w.dp)));
  for (const Need& need : NeedsOf(w, framework)) {
    const SupportEntry& e = SupportFor(gpu, need.feature);
    // Nobody says (software.json "unknown"): worth a line, as a plan may rest on it.
    if (e.level == SupportLevel::kUnknown && gpu.software.loaded) {
      out.push_back(Printf(T.warn_software_unknown, T.*need.words, gpu.DisplayName(language == Language::kChinese).c_str(),
                           StackName(gpu.software, language).c_str()));
      continue;
    }
    if (e.level != SupportLevel::kNo && e.level != SupportLevel::kPartial) continue;
    out.push_back(Printf(e.level == SupportLevel::kNo ? T.warn_software_no : T.warn_software_partial, T.*need.words,
                         gpu.DisplayName(language == Language::kChinese).c_str(), StackName(gpu.software, language).c_str(),
                         SupportNote(e, language).c_str(), e.source.c_str()));
  }
  return out;
}

}  // namespace atlas
