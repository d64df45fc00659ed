// The decision walkthrough's answers (part of AppState, serialised in the share link).
#pragma once

#include <string>
#include <vector>

namespace atlas {

enum class WalkthroughTask { kPretrain = 0, kFullFinetune, kPeft, kOfflineInference, kRealtimeServing, kMixed };
enum class Objective { kCost = 0, kTime, kGpus, kEnergy };

struct OwnedGpus {
  std::string gpu;
  int count = 1;
  bool operator==(const OwnedGpus&) const = default;
};

struct WalkthroughState {
  int step = 0;  // 0..4
  WalkthroughTask task = WalkthroughTask::kPeft;
  std::string model_preset = "llama-3.1-8b";  // "" = custom size below
  double custom_params = 0;
  std::string method = "qlora";   // pretrain | full_finetune | lora | qlora | inference
  std::string precision = "nf4";
  double budget_cny = 0;          // 0 = no limit
  double deadline_hours = 0;      // 0 = no limit
  double latency_ms = 0;          // 0 = no limit (serving)
  bool domestic_only = false;
  // Where rental prices come from: "" = by language (a mainland-China region and CN-market
  // sellers in Chinese or with domestic cards only, else a global region), "cn" or "global".
  std::string market;
  std::vector<OwnedGpus> owned;
  int max_gpus = 64;
  Objective objective = Objective::kCost;
  bool operator==(const WalkthroughState&) const = default;
};

}  // namespace atlas
