// Efficiency defaults (data/assumptions.json): MFU per tier and precision, scaling across
// GPUs and nodes, inference efficiencies, framework overhead. Each with sources.
#pragma once

#include <string>
#include <vector>

namespace atlas {

struct MfuDefault {
  int tier = 1;
  std::string precision;  // bf16 | fp8 | fp32
  double mfu = 0.4;
  std::string notes;
  std::vector<std::string> sources;
};

struct Assumptions {
  std::vector<MfuDefault> mfu;
  double scaling_intra_node_fabric = 0.95;
  double scaling_intra_node_pcie = 0.85;
  double scaling_inter_node = 0.90;
  int gpus_per_node = 8;
  double decode_bandwidth_efficiency = 0.70;
  double prefill_mfu = 0.50;
  double overhead_fixed_gib = 1.0;
  double overhead_fraction = 0.05;
  std::vector<std::string> scaling_sources, inference_sources, overhead_sources;

  // MFU for a card's tier and a compute precision class ("bf16", "fp8", "fp32").
  const MfuDefault* FindMfu(int tier, const std::string& precision_class) const;
};

struct AssumptionsLoad {
  Assumptions assumptions;
  std::vector<std::string> errors;
  bool ok() const { return errors.empty(); }
};

AssumptionsLoad LoadAssumptions(const std::string& text, const std::string& file_name);

}  // namespace atlas
