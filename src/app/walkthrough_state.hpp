// The decision walkthrough's answers (part of AppState, serialised in the share link as walk.*).
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

// Step indices (the link's walk.step).
inline constexpr int kWalkStepTask = 0, kWalkStepModel = 1, kWalkStepJob = 2, kWalkStepMethod = 3,
                     kWalkStepConstraints = 4, kWalkStepResults = 5, kWalkSteps = 6;

struct WalkthroughState {
  int step = 0;  // 0..kWalkSteps-1
  WalkthroughTask task = WalkthroughTask::kPeft;
  std::string model_preset = "llama-3.1-8b";  // "" = custom size below
  double custom_params = 0;
  std::string method = "qlora";   // pretrain | full_finetune | lora | qlora | inference
  std::string precision = "nf4";
  double budget_cny = 0;          // 0 = no limit
  double deadline_hours = 0;      // 0 = no limit
  double latency_ms = 0;          // 0 = no limit (serving)
  // The job's own figures, named as in the estimate request (0 = not given: the task's default,
  // see walk_job_fields.hpp). Training: tokens, or dataset tokens x epochs; sequence length.
  double train_tokens = 0;
  double dataset_tokens = 0;
  double epochs = 0;              // 0 = 1 epoch
  double seq_len = 0;
  // Serving: concurrent users, tokens kept per sequence, prompt length, tokens/s per user.
  double batch = 0;
  double context = 0;
  double prompt_tokens = 0;
  double target_tokens_per_second = 0;
  // Where the job runs / its data stays: a regions.json id ("" = by `market` below). It prices
  // the rent (its market's sellers) and is the Cost view's region when the job is carried there.
  std::string region;
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
