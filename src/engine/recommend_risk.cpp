#include "recommend_risk.hpp"

#include "format.hpp"
#include "text/engine_text.hpp"

#include <algorithm>
#include <array>

namespace atlas {

const char* RiskId(RiskKind kind) {
  switch (kind) {
    case RiskKind::kConsumerMultiNode: return "consumer_multi_node";
    case RiskKind::kPcieTensorParallel: return "pcie_tensor_parallel";
    case RiskKind::kServingAcrossNodes: return "serving_across_nodes";
    case RiskKind::kSoftwareImmature: return "software_immature";
    case RiskKind::kVendorClaim: return "vendor_claim";
  }
  return "?";
}

namespace {

// FeaturesNeeded into a fixed array (at most three: training, NF4, FP8), for the search's
// per-configuration checks, which allocate nothing; returns the count.
int NeededFeatures(const Workload& w, std::array<SoftwareFeature, 3>& out) {
  int n = 0;
  if (w.IsTraining()) out[static_cast<size_t>(n++)] = SoftwareFeature::kTraining;
  if (w.task == Task::kQlora) out[static_cast<size_t>(n++)] = SoftwareFeature::kNf4Bitsandbytes;
  if (w.precision == Precision::kFp8)
    out[static_cast<size_t>(n++)] = w.IsTraining() ? SoftwareFeature::kFp8Training : SoftwareFeature::kFp8Inference;
  if (!w.IsTraining()) out[static_cast<size_t>(n++)] = IsGgufFormat(w.precision) ? SoftwareFeature::kLlamaCpp : SoftwareFeature::kVllm;
  return n;
}

// The gpus.json field behind the compute model's peak: its peak kinds (compute_model.cpp
// PeakFlops) and the field of each; the 16-bit fallbacks use BF16 when the card has it, else
// FP16 (Dense16).
const char* PeakField(const Gpu& g, const std::string& peak_kind) {
  const char* dense16 = g.bf16_dense_tflops ? "bf16_dense_tflops" : "fp16_dense_tflops";
  if (peak_kind == "FP32" || peak_kind == "FP32 (no TF32)") return "fp32_tflops";
  if (peak_kind == "TF32 dense") return "tf32_dense_tflops";
  if (peak_kind == "FP8 dense") return "fp8_dense_tflops";
  if (peak_kind == "INT8 dense") return "int8_dense_tops";
  if (peak_kind == "FP16 dense" && g.fp16_dense_tflops) return "fp16_dense_tflops";
  return dense16;
}

// Serving speed is set by memory bandwidth as much as by compute.
bool BandwidthClaimOnly(const Gpu& g, const Workload& w) {
  return !w.IsTraining() && g.IsVendorClaimOnly("memory_bandwidth_gbps");
}

// Calls flag(kind, say) for every risk of `w` on `g`, in order; say() words it (only called when
// the sentence is wanted). Stops early when flag returns false.
template <class Flag>
void ForEachRisk(const Gpu& g, const Workload& w, int gpus_per_node, const std::string& peak_kind, Language language,
                 Flag&& flag) {
  const EngineText& T = EngineTextFor(language);
  const bool zh = language == Language::kChinese;
  auto name = [&] { return g.DisplayName(zh).c_str(); };
  const int per_node = std::max(1, gpus_per_node);
  const int nodes = (w.gpus + per_node - 1) / per_node;
  // GPUDirect RDMA, which multi-node collectives rely on, is listed for Tesla / Quadro
  // (data-centre and workstation) GPUs only (NVIDIA GPUDirect RDMA User Manual, System
  // Requirements: docs.nvidia.com/networking/display/GPUDirectRDMAv18/System+Requirements+and+Recommendations).
  if (g.segment == "consumer" && nodes > 1 &&
      !flag(RiskKind::kConsumerMultiNode, [&] { return Printf(T.risk_consumer_multi_node, w.gpus, name(), nodes); }))
    return;
  if (w.tp > kMaxPcieTensorParallel && !g.nvlink_class &&
      !flag(RiskKind::kPcieTensorParallel,
            [&] { return Printf(T.risk_pcie_tensor_parallel, w.tp, name(), kMaxPcieTensorParallel); }))
    return;
  // vLLM serves across nodes only on a Ray cluster with a fast network between the nodes
  // (docs.vllm.ai/en/v0.8.3/serving/distributed_serving.html, multi-node section).
  const int model_parallel = std::max(1, w.tp) * std::max(1, w.pp);
  if (!w.IsTraining() && model_parallel > per_node &&
      !flag(RiskKind::kServingAcrossNodes, [&] {
        return Printf(T.risk_serving_across_nodes, (model_parallel + per_node - 1) / per_node, w.tp, w.pp);
      }))
    return;
  std::array<SoftwareFeature, 3> features;
  const int feature_count = NeededFeatures(w, features);
  for (int i = 0; i < feature_count; ++i) {
    const SoftwareFeature f = features[static_cast<size_t>(i)];
    const SupportEntry& e = SupportFor(g, f);
    if (e.level == SupportLevel::kPartial) {
      if (!flag(RiskKind::kSoftwareImmature, [&] {
            return Printf(T.risk_software_partial, StackName(g.software, language).c_str(),
                          SoftwareFeatureName(f, language).c_str(), SupportNote(e, language).c_str());
          }))
        return;
    }
    // "training" is recorded only where a source was found (data/software.json): an unknown
    // there is no sign of an immature stack, so only "no" (a refusal) and "partial" count.
    else if (e.level == SupportLevel::kUnknown && f != SoftwareFeature::kTraining) {
      if (!flag(RiskKind::kSoftwareImmature, [&] {
            return Printf(T.risk_software_unknown, SoftwareFeatureName(f, language).c_str(),
                          g.software.stack_name.empty() ? g.Text(&Gpu::ecosystem, zh).c_str()
                                                        : StackName(g.software, language).c_str());
          }))
        return;
    }
  }
  if (HasVendorClaim(g, w, peak_kind))
    flag(RiskKind::kVendorClaim, [&] {
      std::string list;
      for (const std::string& f : VendorClaimFields(g, w, peak_kind)) list += (list.empty() ? "" : ", ") + f;
      return Printf(T.risk_vendor_claim, name(), list.c_str());
    });
}

}  // namespace

std::vector<SoftwareFeature> FeaturesNeeded(const Workload& w) {
  std::array<SoftwareFeature, 3> features;
  return std::vector<SoftwareFeature>(features.begin(), features.begin() + NeededFeatures(w, features));
}

std::string UnsupportedSoftware(const Gpu& g, const Workload& w, Language language) {
  const EngineText& T = EngineTextFor(language);
  for (SoftwareFeature f : FeaturesNeeded(w)) {
    const SupportEntry& e = SupportFor(g, f);
    if (e.level == SupportLevel::kNo)
      return Printf(T.risk_software_no, g.DisplayName(language == Language::kChinese).c_str(),
                    SoftwareFeatureName(f, language).c_str(), StackName(g.software, language).c_str());
  }
  return "";
}

std::vector<std::string> VendorClaimFields(const Gpu& g, const Workload& w, const std::string& peak_kind) {
  std::vector<std::string> out;
  if (const char* field = PeakField(g, peak_kind); g.IsVendorClaimOnly(field)) out.push_back(field);
  if (BandwidthClaimOnly(g, w)) out.push_back("memory_bandwidth_gbps");
  return out;
}

bool HasVendorClaim(const Gpu& g, const Workload& w, const std::string& peak_kind) {
  return g.IsVendorClaimOnly(PeakField(g, peak_kind)) || BandwidthClaimOnly(g, w);
}

std::vector<RiskFlag> AssessRisk(const Gpu& g, const Workload& w, int gpus_per_node, const std::string& peak_kind,
                                 Language language, bool explain) {
  std::vector<RiskFlag> out;
  ForEachRisk(g, w, gpus_per_node, peak_kind, language, [&](RiskKind kind, auto&& say) {
    out.push_back({kind, explain ? say() : std::string()});
    return true;
  });
  return out;
}

std::vector<RiskFlag> LayoutRisks(const Gpu& g, const Workload& w, int gpus_per_node, Language language) {
  std::vector<RiskFlag> out;
  ForEachRisk(g, w, gpus_per_node, "", language, [&](RiskKind kind, auto&& say) {
    if (kind == RiskKind::kConsumerMultiNode || kind == RiskKind::kPcieTensorParallel || kind == RiskKind::kServingAcrossNodes)
      out.push_back({kind, say()});
    return true;
  });
  return out;
}

bool HasRisk(const Gpu& g, const Workload& w, int gpus_per_node, const std::string& peak_kind) {
  bool any = false;
  ForEachRisk(g, w, gpus_per_node, peak_kind, Language::kEnglish, [&](RiskKind, auto&&) {
    any = true;
    return false;
  });
  return any;
}

}  // namespace atlas
