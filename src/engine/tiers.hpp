// The tier rule: one explicit classification of every accelerator into
//   Tier 1 flagship / 一线, Tier 2 mainstream-value / 二线, Tier 3 entry-edge / 入门·边缘,
// from catalog fields only, so that a card near a boundary can be explained line by line.
#pragma once

#include "gpu_catalog.hpp"
#include "language.hpp"

#include <string>
#include <vector>

namespace atlas {

enum class Tier { kFlagship = 1, kMainstream = 2, kEntryEdge = 3 };

// Thresholds of the rule, in one place (shown verbatim in the UI and the CLI).
struct TierRule {
  // Tier 3 when either holds: small memory, or edge-class bandwidth (LPDDR/GDDR6 128-bit).
  double tier3_max_memory_gb = 16;          // <= 16 GB: INT8 inference / edge (T4, RTX 3060)
  double tier3_below_bandwidth_gbps = 300;  // < 300 GB/s: edge modules (Jetson AGX Orin 205)
  // Tier 1 when all hold: big HBM, a GPU-to-GPU fabric, flagship dense 16-bit throughput.
  double tier1_min_memory_gb = 40;             // A100 40 GB is the smallest flagship
  double tier1_min_bandwidth_gbps = 1500;      // HBM2e and newer (A100 40 GB: 1,555)
  double tier1_min_dense16_tflops = 150;       // A100: 312; V100: 125 -> Tier 2
  // plus nvlink_class == true (>= 200 GB/s card-to-card: NVLink, Infinity Fabric, HCCS, ...)
};

struct TierCheck {
  std::string what;      // e.g. "memory 80 GB >= 40 GB"
  bool passed = false;
};

struct TierResult {
  Tier tier = Tier::kMainstream;
  std::string reason;             // one line, e.g. "Tier 1: 80 GB HBM, 3,350 GB/s, NVLink, 989 TFLOPS"
  std::vector<TierCheck> checks;  // every test of the rule with its outcome
};

// Checks and reason in `language` (catalogs.gpu_tiers holds the English classification).
TierResult ClassifyTier(const Gpu& gpu, const TierRule& rule = {}, Language language = Language::kEnglish);

// "Tier 1 flagship", "Tier 2 mainstream-value", "Tier 3 entry-edge".
const char* TierName(Tier tier);
const char* TierNameZh(Tier tier);
// The rule in words, for the UI and README.
std::string DescribeTierRule(const TierRule& rule = {});

}  // namespace atlas
