#include "carried_job.hpp"

#include "engine/cost.hpp"
#include "engine/format.hpp"

#include <algorithm>
#include <cmath>

namespace atlas {

namespace {

// Hours as the Cost view takes them: to the nearest hundredth (36 s), within (0, kMaxJobHours].
// Not up to the next tenth: the walkthrough's "42.7 h · ¥692" then became the Cost view's
// 42.8 h and ¥694 for the same job (a new user's review).
double JobHours(std::optional<double> seconds) {
  if (!seconds || !std::isfinite(*seconds) || *seconds <= 0) return 0;
  return std::clamp(std::round(*seconds / 36.0) / 100.0, 0.01, kMaxJobHours);
}

CarriedJob JobOf(const Workload& w, CarriedJobSource source, std::optional<double> seconds) {
  CarriedJob j;
  j.source = source;
  j.model_name = w.model.name;
  j.model_name_zh = w.model.name_zh;
  j.task = w.task;
  j.precision = w.precision;
  j.gpu = w.gpu;
  j.gpus = std::clamp(w.gpus, 1, 100000);
  j.serving = w.task == Task::kInference;
  j.hours = j.serving ? kHoursPerMonth : JobHours(seconds);
  j.available = !j.gpu.empty() && j.hours > 0;
  return j;
}

}  // namespace

CarriedJob CalculatorJob(const CalculatorDerived& d) {
  const Workload& w = d.inputs.workload;
  CarriedJob j = JobOf(w, CarriedJobSource::kCalculator, d.estimate.compute.time_seconds);
  j.available = j.available && d.valid && d.estimate.ok && d.estimate.fits;  // a job that cannot run has no cost
  return j;
}

CarriedJob WalkthroughJob(const WalkthroughDerived& d, int rank) {
  if (!d.valid || rank < 1 || rank > static_cast<int>(d.result.configs.size())) {
    CarriedJob none;
    none.source = CarriedJobSource::kWalkthrough;
    none.model_name = d.workload.model.name;
    none.model_name_zh = d.workload.model.name_zh;
    none.task = d.workload.task;
    return none;
  }
  const Recommendation& r = d.result.configs[static_cast<size_t>(rank - 1)];
  CarriedJob j = JobOf(r.workload, CarriedJobSource::kWalkthrough, r.time_seconds);
  j.gpu = r.gpu;
  j.gpus = std::clamp(r.gpus, 1, 100000);
  j.region = d.constraints.region;
  j.available = !j.gpu.empty() && j.hours > 0;
  return j;
}

CarriedJob LinkedJob(const AppState& s, const CalculatorDerived* calc, const WalkthroughDerived* walk) {
  switch (s.cost.job) {
    case CarriedJobSource::kCalculator:
      if (calc) return CalculatorJob(*calc);
      break;
    case CarriedJobSource::kWalkthrough:
      if (walk) return WalkthroughJob(*walk, s.cost.job_rank);
      break;
    case CarriedJobSource::kNone: return {};
  }
  CarriedJob pending;
  pending.source = s.cost.job;
  return pending;
}

CarriedJob DescribeLinkedJob(const AppState& s, const Catalogs& c) {
  CarriedJob j;
  j.source = s.cost.job;
  if (j.source == CarriedJobSource::kNone) return j;
  if (j.source == CarriedJobSource::kCalculator) {
    j.model_name = s.calculator.workload.model.name;
    j.model_name_zh = s.calculator.workload.model.name_zh;
    j.task = s.calculator.workload.task;
    j.precision = s.calculator.workload.precision;
  } else {
    const WalkthroughState& w = s.walkthrough;
    const ModelSpec* m = w.model_preset.empty() ? nullptr : c.models.Find(w.model_preset);
    j.model_name = m ? m->name : Count(w.custom_params > 0 ? w.custom_params : 7e9);
    if (m) j.model_name_zh = m->name_zh;
    j.task = w.method == "pretrain" ? Task::kPretrain : w.method == "lora" ? Task::kLora : w.method == "qlora" ? Task::kQlora
             : w.method == "inference" ? Task::kInference : Task::kFullFinetune;
    j.region = s.walkthrough.region;
  }
  j.serving = j.task == Task::kInference;
  j.gpu = s.cost.gpu;
  j.gpus = s.cost.gpus;
  j.hours = s.cost.hours;
  j.available = true;
  return j;
}

namespace {
void Apply(CostState& cost, const CarriedJob& job, CarriedJobMemory& memory) {
  cost.gpu = job.gpu;
  cost.gpus = job.gpus;
  cost.hours = job.hours;
  if (job.serving) cost.duty_cycle = 1.0;  // a service runs all the time
  memory = {true, cost.gpu, cost.gpus, cost.hours};
}
}  // namespace

void CostThisJob(AppState& s, const CarriedJob& job, int rank, CarriedJobMemory& memory) {
  if (!job.available || job.source == CarriedJobSource::kNone) return;
  s.cost.job = job.source;
  s.cost.job_rank = job.source == CarriedJobSource::kWalkthrough ? std::clamp(rank, 1, 1000) : 1;
  s.cost.preset.clear();  // a budget case is another job
  Apply(s.cost, job, memory);
  if (!job.region.empty()) s.cost.focus_region = job.region;
  s.view = View::kCost;
}

void UnlinkCarriedJob(AppState& s, CarriedJobMemory& memory) {
  s.cost.job = CarriedJobSource::kNone;
  s.cost.job_rank = 1;
  memory = {};
}

bool FollowCarriedJob(AppState& s, const CalculatorDerived* calc, const WalkthroughDerived* walk, CarriedJobMemory& memory) {
  if (s.cost.job == CarriedJobSource::kNone) {
    memory = {};
    return false;
  }
  CostState& cost = s.cost;
  if (memory.applied && (cost.gpu != memory.gpu || cost.gpus != memory.gpus || cost.hours != memory.hours)) {
    UnlinkCarriedJob(s, memory);  // the user's own card, count or hours
    return true;
  }
  const CarriedJob job = LinkedJob(s, calc, walk);
  if (!job.available) return false;  // keep the last figures until the job has them again
  if (memory.applied && job.gpu == cost.gpu && job.gpus == cost.gpus && job.hours == cost.hours) return false;
  Apply(cost, job, memory);
  return true;
}

}  // namespace atlas
