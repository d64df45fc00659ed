// One job across views (issue 13.3): "Cost this job" carries card, count and hours from the
// Calculator or a walkthrough recommendation into Cost, which follows the job while linked.
#include "app/calculator_model.hpp"
#include "app/carried_job.hpp"
#include "app/share_link.hpp"
#include "app/walkthrough_model.hpp"
#include "engine/cost.hpp"
#include "engine/estimate_request.hpp"
#include "test_support.hpp"

#include <doctest/doctest.h>

#include <cmath>

namespace carried_job_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;

namespace {

struct Derived {
  CalculatorDerived calc;
  WalkthroughDerived walk;
  CarriedJobMemory memory;
  // One frame of the app: derive, then let the Cost view follow its job.
  bool Frame(AppState& s) {
    const Catalogs& c = test::RealCatalogs();
    NormalizeCalculator(s.calculator, c);
    UpdateCalculatorDerived(s, c, calc, Language::kEnglish);
    NormalizeWalkthrough(s.walkthrough);
    UpdateWalkthroughDerived(s, c, walk, Language::kEnglish);
    return FollowCarriedJob(s, &calc, &walk, memory);
  }
};

// 8B QLoRA on one RTX 4090 (the guides' case A): fits, trains for some hours.
AppState LoraJob() {
  AppState s;
  const RequestParse p = ParseEstimateRequest(
      Json{{"model", "llama-3.1-8b"}, {"task", "qlora"}, {"gpu", "rtx-4090"}, {"train_tokens", 1e8}}, test::RealCatalogs());
  REQUIRE(p.ok());
  s.calculator.workload = p.workload;
  s.calculator.model_preset = p.model_preset;
  return s;
}

}  // namespace

TEST_CASE("Cost this job from the Calculator: card, count and hours, and the Cost view opens") {
  AppState s = LoraJob();
  Derived d;
  d.Frame(s);
  const CarriedJob job = CalculatorJob(d.calc);
  REQUIRE(job.available);
  CHECK(job.gpu == "rtx-4090");
  CHECK(job.gpus == 1);
  CHECK(job.model_name == s.calculator.workload.model.name);
  CHECK(job.task == Task::kQlora);
  const double hours = *d.calc.estimate.compute.time_seconds / 3600;
  CHECK(job.hours >= hours);
  CHECK(job.hours <= hours + 0.1);
  CostThisJob(s, job, 1, d.memory);
  CHECK(s.view == View::kCost);
  CHECK(s.cost.job == CarriedJobSource::kCalculator);
  CHECK(s.cost.gpu == "rtx-4090");
  CHECK(s.cost.gpus == 1);
  CHECK(s.cost.hours == job.hours);
  // The banner's words come from the state alone.
  const CarriedJob shown = DescribeLinkedJob(s, test::RealCatalogs());
  CHECK(shown.source == CarriedJobSource::kCalculator);
  CHECK(shown.model_name == job.model_name);
  CHECK(shown.hours == job.hours);
  CHECK(!d.Frame(s));  // nothing to follow: already the job's figures
}

TEST_CASE("the Cost view follows the linked job, and an edit of its own unlinks") {
  AppState s = LoraJob();
  Derived d;
  d.Frame(s);
  CostThisJob(s, CalculatorJob(d.calc), 1, d.memory);
  const double hours_1 = s.cost.hours;
  // Twice the tokens in the Calculator: Cost follows (about twice the hours).
  s.calculator.workload.train_tokens = 2e8;
  CHECK(d.Frame(s));
  CHECK(s.cost.job == CarriedJobSource::kCalculator);
  CHECK(s.cost.hours == doctest::Approx(2 * hours_1).epsilon(0.05));
  // Two cards: the count follows.
  s.calculator.workload.gpus = 2;
  s.calculator.workload.dp = 2;
  d.Frame(s);
  CHECK(s.cost.gpus == 2);
  // The user types other hours in the Cost view: the link ends, the user's figure stays.
  s.cost.hours = 500;
  CHECK(d.Frame(s));
  CHECK(s.cost.job == CarriedJobSource::kNone);
  CHECK(s.cost.hours == 500);
  s.calculator.workload.train_tokens = 4e8;
  CHECK(!d.Frame(s));
  CHECK(s.cost.hours == 500);  // no longer followed
}

TEST_CASE("Unlink keeps the figures; a job that does not fit cannot be costed") {
  AppState s = LoraJob();
  Derived d;
  d.Frame(s);
  CostThisJob(s, CalculatorJob(d.calc), 1, d.memory);
  const CostState before = s.cost;
  UnlinkCarriedJob(s, d.memory);
  CHECK(s.cost.job == CarriedJobSource::kNone);
  CHECK(s.cost.gpu == before.gpu);
  CHECK(s.cost.hours == before.hours);
  AppState big;
  big.calculator.model_preset = "llama-3.1-70b";
  big.calculator.workload.task = Task::kFullFinetune;
  big.calculator.workload.gpu = "rtx-4090";
  Derived e;
  e.Frame(big);
  REQUIRE(!e.calc.estimate.fits);
  const CarriedJob job = CalculatorJob(e.calc);
  CHECK(!job.available);
  const AppState unchanged = big;
  CostThisJob(big, job, 1, e.memory);
  CHECK(big == unchanged);
}

TEST_CASE("Cost this job from a walkthrough recommendation: its card, count, time and region") {
  AppState s;
  s.walkthrough.task = WalkthroughTask::kPeft;
  s.walkthrough.method = "qlora";
  s.walkthrough.train_tokens = 2e9;
  s.walkthrough.region = "cn-guizhou";
  Derived d;
  d.Frame(s);
  REQUIRE(d.walk.result.configs.size() >= 2);
  const Recommendation& second = d.walk.result.configs[1];
  const CarriedJob job = WalkthroughJob(d.walk, 2);
  REQUIRE(job.available);
  CostThisJob(s, job, 2, d.memory);
  CHECK(s.view == View::kCost);
  CHECK(s.cost.job == CarriedJobSource::kWalkthrough);
  CHECK(s.cost.job_rank == 2);
  CHECK(s.cost.gpu == second.gpu);
  CHECK(s.cost.gpus == second.gpus);
  CHECK(s.cost.hours == doctest::Approx(*second.time_seconds / 3600).epsilon(0.01));
  // To the nearest 36 s, so the Cost view's total is the walkthrough's (hours up to the next
  // tenth once made "42.7 h, ¥692" into 42.8 h and ¥694).
  CHECK(std::fabs(s.cost.hours - *second.time_seconds / 3600) <= 0.005 + 1e-9);
  CHECK(s.cost.focus_region == "cn-guizhou");
  // The link carries it; a fresh page (no memory) follows it again.
  const LinkDecode link = DecodeLink(EncodeLink(s, test::RealCatalogs()), test::RealCatalogs());
  CHECK(link.notices.empty());
  CHECK(link.state.cost.job == CarriedJobSource::kWalkthrough);
  CHECK(link.state.cost.job_rank == 2);
  AppState reopened = link.state;
  reopened.cost.hours = 1;  // a stale figure in the link: the job wins on opening
  Derived fresh;
  CHECK(fresh.Frame(reopened));
  CHECK(reopened.cost.job == CarriedJobSource::kWalkthrough);
  CHECK(reopened.cost.hours == s.cost.hours);
  CHECK(WalkthroughJob(d.walk, 99).available == false);
  CHECK(WalkthroughJob(d.walk, 0).available == false);
}

TEST_CASE("a carried serving job is costed for a month of service, all the time") {
  AppState s;
  s.walkthrough.task = WalkthroughTask::kRealtimeServing;
  s.walkthrough.batch = 50;
  s.walkthrough.context = 8192;
  Derived d;
  d.Frame(s);
  const CarriedJob job = WalkthroughJob(d.walk, 1);
  REQUIRE(job.available);
  CHECK(job.serving);
  s.cost.duty_cycle = 0.3;
  CostThisJob(s, job, 1, d.memory);
  CHECK(s.cost.hours == kHoursPerMonth);
  CHECK(s.cost.duty_cycle == 1.0);
}

TEST_CASE("cost.job in a link: bad values say so and link nothing") {
  const Catalogs& c = test::RealCatalogs();
  const LinkDecode d = DecodeLink("#v=1&view=cost&cost.job=banana&cost.job_rank=0", c);
  CHECK(d.state.cost.job == CarriedJobSource::kNone);
  CHECK(d.state.cost.job_rank == 1);
  CHECK(d.notices.size() == 2);
  const LinkDecode ok = DecodeLink("#v=1&view=cost&cost.job=calc", c);
  CHECK(ok.notices.empty());
  CHECK(ok.state.cost.job == CarriedJobSource::kCalculator);
}

}  // namespace carried_job_test
