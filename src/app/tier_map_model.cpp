#include "tier_map_model.hpp"

#include <algorithm>

namespace atlas {

std::vector<int> FilterAndSortGpus(const Catalogs& c, const TierMapState& s) {
  std::vector<int> out;
  const auto& gpus = c.gpus.gpus;
  for (int i = 0; i < static_cast<int>(gpus.size()); ++i) {
    const Gpu& g = gpus[i];
    if (!s.vendor.empty() && g.vendor != s.vendor) continue;
    if (s.tier != 0 && static_cast<int>(c.gpu_tiers[i].tier) != s.tier) continue;
    if (s.domestic_only && !g.domestic) continue;
    if (g.memory_gb < s.min_memory_gb) continue;
    if (s.fp8_only && !g.fp8_dense_tflops) continue;
    out.push_back(i);
  }
  auto key = [&](int i) -> double {
    const Gpu& g = gpus[i];
    switch (s.sort) {
      case TierMapSort::kTier: return static_cast<double>(c.gpu_tiers[i].tier) * 1e6 - g.Dense16Tflops();
      case TierMapSort::kMemory: return g.memory_gb;
      case TierMapSort::kBandwidth: return g.memory_bandwidth_gbps;
      case TierMapSort::kDense16: return g.Dense16Tflops();
      case TierMapSort::kFp8: return g.fp8_dense_tflops.value_or(-1);
      case TierMapSort::kTdp: return g.tdp_w;
      case TierMapSort::kYear: return g.year;
      default: return 0;
    }
  };
  std::stable_sort(out.begin(), out.end(), [&](int a, int b) {
    bool less;
    if (s.sort == TierMapSort::kName) less = gpus[a].name < gpus[b].name;
    else if (s.sort == TierMapSort::kVendor) less = gpus[a].vendor < gpus[b].vendor;
    else less = key(a) < key(b);
    bool greater;
    if (s.sort == TierMapSort::kName) greater = gpus[b].name < gpus[a].name;
    else if (s.sort == TierMapSort::kVendor) greater = gpus[b].vendor < gpus[a].vendor;
    else greater = key(b) < key(a);
    return s.sort_descending ? greater : less;
  });
  return out;
}

std::vector<std::string> Vendors(const GpuCatalog& catalog) {
  std::vector<std::string> out;
  for (const Gpu& g : catalog.gpus)
    if (std::find(out.begin(), out.end(), g.vendor) == out.end()) out.push_back(g.vendor);
  return out;
}

void ToggleCompare(TierMapState& s, const std::string& id) {
  auto it = std::find(s.compare.begin(), s.compare.end(), id);
  if (it != s.compare.end()) {
    s.compare.erase(it);
    return;
  }
  if (static_cast<int>(s.compare.size()) >= TierMapState::kMaxCompare) s.compare.erase(s.compare.begin());
  s.compare.push_back(id);
}

}  // namespace atlas
