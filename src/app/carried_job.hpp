// One job across views: "Cost this job" carries the Calculator's job, or a walkthrough
// recommendation, into the Cost view — card, count and hours (and the walkthrough's region) —
// and the Cost view follows that job while it stays linked (state.cost.job, in the link as
// cost.job=calc|walk and cost.job_rank). Pure: the views only call these.
#pragma once

#include "app/app_state.hpp"
#include "app/calculator_model.hpp"
#include "app/deferred_code.hpp"
#include "app/walkthrough_model.hpp"

#include <string>

namespace atlas {

// The job as the Cost view needs it.
struct CarriedJob {
  CarriedJobSource source = CarriedJobSource::kNone;
  bool available = false;  // the source has a job to cost now (it fits and has a time)
  std::string model_name;
  std::string model_name_zh;  // the preset's Chinese name (ModelSpec::name_zh), empty when the same
  Task task = Task::kFullFinetune;
  Precision precision = Precision::kBf16;
  std::string gpu;         // catalog id
  int gpus = 1;
  double hours = 0;        // training: the estimated run time; serving: one month of service
  bool serving = false;
  std::string region;      // the walkthrough's region ("" = none chosen)
  bool operator==(const CarriedJob&) const = default;
};

// Serving runs all month: a carried serving job is costed for one billing month, 730 h
// (kHoursPerMonth of engine/cost.hpp).
// The Calculator's job: its card and count; hours from its estimated time.
CarriedJob CalculatorJob(const CalculatorDerived& calculator);
// Walkthrough recommendation `rank` (1 = the first): its card, count and time.
CarriedJob WalkthroughJob(const WalkthroughDerived& walkthrough, int rank);
// The job state.cost.job names (kNone: nothing carried; a source not computed: not available).
CarriedJob LinkedJob(const AppState& state, const CalculatorDerived* calculator, const WalkthroughDerived* walkthrough);

// The linked job as the Cost view's banner names it, from the state alone: the source's model
// and task, and the card, count and hours the Cost view holds ("Costing: Llama 3.1 70B QLoRA,
// 4 x RTX 4090, 31 h - from Calculator"). source kNone when nothing is linked.
CarriedJob DescribeLinkedJob(const AppState& state, const Catalogs& catalogs);

// What the Cost view last received from the linked job (not in the link: a session's memory),
// so an edit of card, count or hours in the Cost view can be told from the job changing.
struct CarriedJobMemory {
  bool applied = false;
  std::string gpu;
  int gpus = 0;
  double hours = 0;
};

// "Cost this job": links the Cost view to `job` (rank: the walkthrough recommendation's), sets
// card, count, hours (and the region it runs in) and opens the Cost view. Nothing happens for
// a job that is not available.
void CostThisJob(AppState& state, const CarriedJob& job, int rank, CarriedJobMemory& memory);
// Ends the link; card, count and hours keep their values.
void UnlinkCarriedJob(AppState& state, CarriedJobMemory& memory);
// Each frame before the Cost view's results: while linked, card, count and hours follow the
// job; if the user changed one of them in the Cost view since it was carried, the link ends
// instead (their figures win). True when the state changed.
ATLAS_DEFERRED bool FollowCarriedJob(AppState& state, const CalculatorDerived* calculator,
                                     const WalkthroughDerived* walkthrough, CarriedJobMemory& memory);

}  // namespace atlas
