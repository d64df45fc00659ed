// The one user configuration. Views read and edit it; the share link is its serialisation;
// the CLI reads the same form. Plain data only: no pointers into catalogs, ids instead.
#pragma once

#include "app/cost_state.hpp"
#include "app/walkthrough_state.hpp"
#include "engine/language.hpp"
#include "engine/workload.hpp"

#include <string>
#include <vector>

namespace atlas {

enum class View { kTierMap = 0, kCalculator, kWalkthrough, kCost, kShare, kCount };

enum class TierMapSort { kTier = 0, kName, kVendor, kMemory, kBandwidth, kDense16, kFp8, kTdp, kYear };

struct TierMapState {
  std::string vendor;         // "" = all vendors
  int tier = 0;               // 0 = all tiers, else 1..3
  bool domestic_only = false;
  double min_memory_gb = 0;
  bool fp8_only = false;
  bool table_view = false;    // chart or sortable table
  TierMapSort sort = TierMapSort::kTier;
  bool sort_descending = false;
  std::string pinned;                 // card whose spec card stays open
  std::vector<std::string> compare;   // up to kMaxCompare ids, side by side
  static constexpr int kMaxCompare = 4;
  bool operator==(const TierMapState&) const = default;
};

// The Calculator's inputs: the workload (model included) and which preset it came from.
struct CalculatorState {
  Workload workload;
  std::string model_preset = "llama-3.1-8b";  // "" = custom architecture
  bool operator==(const CalculatorState&) const = default;
};

struct AppState {
  View view = View::kTierMap;
  Language language = Language::kEnglish;
  TierMapState tier_map;
  CalculatorState calculator;
  WalkthroughState walkthrough;
  CostState cost;
  bool operator==(const AppState&) const = default;
};

}  // namespace atlas
