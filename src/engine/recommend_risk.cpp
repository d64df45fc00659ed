#include "recommend_risk.hpp"

#include "format.hpp"
#include "text/engine_text.hpp"

#include <algorithm>

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

std::vector<SoftwareFeature> FeaturesNeeded(const Workload& w) {
  std::vector<SoftwareFeature> out;
  if (w.IsTraining()) out.push_back(SoftwareFeature::kTraining);
  if (w.task == Task::kQlora) out.push_back(SoftwareFeature::kNf4Bitsandbytes);
  if (w.precision == Precision::kFp8)
    out.push_back(w.IsTraining() ? SoftwareFeature::kFp8Training : SoftwareFeature::kFp8Inference);
  if (!w.IsTraining()) out.push_back(IsGgufFormat(w.precision) ? SoftwareFeature::kLlamaCpp : SoftwareFeature::kVllm);
  return out;
}

std::string UnsupportedSoftware(const Gpu& g, const Workload& w, Language language) {
  const EngineText& T = EngineTextFor(language);
  for (SoftwareFeature f : FeaturesNeeded(w)) {
    const SupportEntry& e = SupportFor(g, f);
    if (e.level == SupportLevel::kNo)
      return Printf(T.risk_software_no, g.DisplayName(language == Language::kChinese).c_str(), SoftwareFeatureName(f),
                    g.software.stack_name.c_str());
  }
  return "";
}

std::vector<std::string> VendorClaimFields(const Gpu& g, const Workload& w, const std::string& peak_kind) {
  // The compute model's peak kinds (compute_model.cpp PeakFlops) and the field behind each; the
  // 16-bit fallbacks use BF16 when the card has it, else FP16 (Dense16).
  const char* dense16 = g.bf16_dense_tflops ? "bf16_dense_tflops" : "fp16_dense_tflops";
  const char* field;  // no string built: the search calls this for every configuration
  if (peak_kind == "FP32" || peak_kind == "FP32 (no TF32)") field = "fp32_tflops";
  else if (peak_kind == "TF32 dense") field = "tf32_dense_tflops";
  else if (peak_kind == "FP8 dense") field = "fp8_dense_tflops";
  else if (peak_kind == "INT8 dense") field = "int8_dense_tops";
  else if (peak_kind == "FP16 dense" && g.fp16_dense_tflops) field = "fp16_dense_tflops";
  else field = dense16;
  std::vector<std::string> out;
  if (g.IsVendorClaimOnly(field)) out.push_back(field);
  // Serving speed is set by memory bandwidth as much as by compute.
  if (!w.IsTraining() && g.IsVendorClaimOnly("memory_bandwidth_gbps")) out.push_back("memory_bandwidth_gbps");
  return out;
}

std::vector<RiskFlag> AssessRisk(const Gpu& g, const Workload& w, int gpus_per_node, const std::string& peak_kind,
                                 Language language, bool explain) {
  const EngineText& T = EngineTextFor(language);
  const bool zh = language == Language::kChinese;
  const std::string name = explain ? g.DisplayName(zh) : std::string();
  const int per_node = std::max(1, gpus_per_node);
  const int nodes = (w.gpus + per_node - 1) / per_node;
  std::vector<RiskFlag> out;
  // Each flag's sentence is made only when `explain`: `say` is called inside the ternary.
  auto text = [explain](auto&& say) { return explain ? say() : std::string(); };
  // GPUDirect RDMA, which multi-node collectives rely on, is listed for Tesla / Quadro
  // (data-centre and workstation) GPUs only (NVIDIA GPUDirect RDMA User Manual, System
  // Requirements: docs.nvidia.com/networking/display/GPUDirectRDMAv18/System+Requirements+and+Recommendations).
  if (g.segment == "consumer" && nodes > 1)
    out.push_back({RiskKind::kConsumerMultiNode, text([&] { return Printf(T.risk_consumer_multi_node, w.gpus, name.c_str(), nodes); })});
  if (w.tp > kMaxPcieTensorParallel && !g.nvlink_class)
    out.push_back({RiskKind::kPcieTensorParallel,
                   text([&] { return Printf(T.risk_pcie_tensor_parallel, w.tp, name.c_str(), kMaxPcieTensorParallel); })});
  // vLLM serves across nodes only on a Ray cluster with a fast network between the nodes
  // (docs.vllm.ai/en/v0.8.3/serving/distributed_serving.html, multi-node section).
  const int model_parallel = std::max(1, w.tp) * std::max(1, w.pp);
  if (!w.IsTraining() && model_parallel > per_node)
    out.push_back({RiskKind::kServingAcrossNodes,
                   text([&] { return Printf(T.risk_serving_across_nodes, (model_parallel + per_node - 1) / per_node, w.tp, w.pp); })});
  for (SoftwareFeature f : FeaturesNeeded(w)) {
    const SupportEntry& e = SupportFor(g, f);
    if (e.level == SupportLevel::kPartial)
      out.push_back({RiskKind::kSoftwareImmature, text([&] {
                       return Printf(T.risk_software_partial, g.software.stack_name.c_str(), SoftwareFeatureName(f), e.note.c_str());
                     })});
    // "training" is recorded only where a source was found (data/software.json): an unknown
    // there is no sign of an immature stack, so only "no" (a refusal) and "partial" count.
    else if (e.level == SupportLevel::kUnknown && f != SoftwareFeature::kTraining)
      out.push_back({RiskKind::kSoftwareImmature, text([&] {
                       return Printf(T.risk_software_unknown, SoftwareFeatureName(f),
                                     g.software.stack_name.empty() ? g.ecosystem.c_str() : g.software.stack_name.c_str());
                     })});
  }
  const std::vector<std::string> claims = VendorClaimFields(g, w, peak_kind);
  if (!claims.empty() && !explain) out.push_back({RiskKind::kVendorClaim, std::string()});
  else if (!claims.empty()) {
    std::string list;
    for (const std::string& f : claims) list += (list.empty() ? "" : ", ") + f;
    out.push_back({RiskKind::kVendorClaim, Printf(T.risk_vendor_claim, name.c_str(), list.c_str())});
  }
  return out;
}

}  // namespace atlas
