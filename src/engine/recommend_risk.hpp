// What a practitioner weighs besides price and speed when picking a configuration: engineering
// risks (consumer cards across nodes, tensor parallelism over PCIe on many cards, serving
// pipelines across nodes, software that does not yet support the job) and figures that rest only
// on a vendor's claim. The recommender flags them on each configuration and, unless the request
// says otherwise, ranks flagged configurations after unflagged ones (recommend.cpp). Pure.
#pragma once

#include "gpu_catalog.hpp"
#include "language.hpp"
#include "software_support.hpp"
#include "workload.hpp"

#include <string>
#include <vector>

namespace atlas {

enum class RiskKind {
  kConsumerMultiNode,    // consumer cards in more than one node
  kPcieTensorParallel,   // tensor parallelism over PCIe on more than kMaxPcieTensorParallel cards
  kServingAcrossNodes,   // a serving pipeline (or TP) spanning nodes
  kSoftwareImmature,     // the stack supports the job's feature only partly, or nobody says
  kVendorClaim,          // the speed rests on a figure only the vendor claims
};
const char* RiskId(RiskKind kind);  // "consumer_multi_node", "pcie_tensor_parallel", ...

struct RiskFlag {
  RiskKind kind = RiskKind::kConsumerMultiNode;
  std::string text;  // one sentence with the numbers and why, in the request's language
  bool operator==(const RiskFlag&) const = default;
};

// Tensor parallelism all-reduces every layer's activations; vLLM's guide puts TP inside a node
// with a fast GPU-to-GPU fabric and recommends pipeline parallelism for cards without NVLink
// (docs.vllm.ai/en/v0.8.3/serving/distributed_serving.html). Beyond 4 PCIe cards is flagged.
inline constexpr int kMaxPcieTensorParallel = 4;

// The software feature a configuration cannot run without: QLoRA -> NF4 (bitsandbytes);
// FP8 training / inference -> FP8; serving -> vLLM. None for plain 16-bit training.
std::vector<SoftwareFeature> FeaturesNeeded(const Workload& w);

// The first feature `g`'s stack does not support for `w` ("no" in data/software.json), with the
// sentence saying so; empty when every needed feature is at least partly supported or unknown.
std::string UnsupportedSoftware(const Gpu& g, const Workload& w, Language language);

// gpus.json figure fields behind the speed of `w` on `g` that are only the vendor's claim
// (e.g. "bf16_dense_tflops" for BR100); `peak_kind` is the compute model's ("BF16 dense", ...).
std::vector<std::string> VendorClaimFields(const Gpu& g, const Workload& w, const std::string& peak_kind);

// Every flag of configuration `w` (its gpus, tp, pp and task) on `g`, nodes of `gpus_per_node`.
// `explain` false leaves each flag's text empty (the search ranks hundreds of configurations by
// their flags and words only the few it lists).
std::vector<RiskFlag> AssessRisk(const Gpu& g, const Workload& w, int gpus_per_node, const std::string& peak_kind,
                                 Language language, bool explain = true);

// The flags of `w`'s layout alone (consumer cards across nodes, tensor parallelism over PCIe,
// serving across nodes), worded: what the Calculator says of a card count, where the software's
// support is said by EstimateWarnings.
std::vector<RiskFlag> LayoutRisks(const Gpu& g, const Workload& w, int gpus_per_node, Language language);

// Whether AssessRisk would flag anything, and whether VendorClaimFields would list anything:
// the same rules, no sentence and no allocation (the search asks for every configuration).
bool HasRisk(const Gpu& g, const Workload& w, int gpus_per_node, const std::string& peak_kind);
bool HasVendorClaim(const Gpu& g, const Workload& w, const std::string& peak_kind);

}  // namespace atlas
