// A card whose vendor publishes no memory bandwidth or board power (gpus.json "unpublished",
// the Kunlunxin P800): it keeps a tier and its compute estimates, and every figure that needs
// the missing one says "not published" instead of a number.
#include "engine/cost.hpp"
#include "engine/estimate.hpp"
#include "engine/tiers.hpp"
#include "test_jobs.hpp"
#include "test_support.hpp"

#include <doctest/doctest.h>

#include <cmath>

namespace unpublished_figures_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;
using atlas::test::AnyContains;
using atlas::test::Job;

namespace {
const Catalogs& Data() { return atlas::test::RealCatalogs(); }
const char* kP800 = "kunlunxin-p800";
}  // namespace

TEST_CASE("the P800 is in the catalog with its bandwidth, power and interconnect listed as unpublished") {
  const Gpu* g = Data().gpus.Find(kP800);
  REQUIRE(g);
  CHECK(g->IsUnpublished("memory_bandwidth_gbps"));
  CHECK(g->IsUnpublished("tdp_w"));
  CHECK(g->IsUnpublished("interconnect_gbps"));
  CHECK_FALSE(g->Published("tdp_w", g->tdp_w));
  CHECK(g->Dense16Tflops() == doctest::Approx(345));
  // The tier rule cannot call its bandwidth slow or HBM-class: Tier 2, and the reason says why.
  const TierResult t = ClassifyTier(*g);
  CHECK(t.tier == Tier::kMainstream);
  CHECK(t.reason.find("memory bandwidth not published") != std::string::npos);
  CHECK(ClassifyTier(*g, {}, Language::kChinese).reason.find("显存带宽未公布") != std::string::npos);
}

TEST_CASE("serving on a card without a published bandwidth: prefill estimated, decode 'not published', never 0 or NaN") {
  Workload w = Job(R"({"model": "llama-3.1-8b", "task": "inference", "gpu": "kunlunxin-p800", "batch": 4})");
  const EstimateResult e = Estimate(w, Data());
  REQUIRE(e.compute.ttft_seconds);
  CHECK(std::isfinite(*e.compute.ttft_seconds));
  CHECK(*e.compute.ttft_seconds > 0);
  CHECK_FALSE(e.compute.tokens_per_second);
  CHECK_FALSE(e.compute.tokens_per_second_per_user);
  CHECK_FALSE(e.compute.decode_step_seconds);
  CHECK_FALSE(e.compute.max_concurrent_users);
  for (const Figure& f : e.compute.figures) {
    INFO(f.key);
    CHECK(std::isfinite(f.value));
    CHECK(f.key != "tokens_per_second");
  }
  CHECK(AnyContains(e.compute.notes, "Decode speed, time per output token and concurrent users: not published"));
  // The same job on a card with a bandwidth gets the decode figures (the test can fail).
  w.gpu = "h100-sxm";
  CHECK(Estimate(w, Data()).compute.tokens_per_second);
  // Training needs no bandwidth: its time is estimated on the P800 too.
  const EstimateResult train =
      Estimate(Job(R"({"model": "llama-3.1-8b", "task": "lora", "gpu": "kunlunxin-p800", "train_tokens": 1e8})"), Data());
  REQUIRE(train.compute.time_seconds);
  CHECK(std::isfinite(*train.compute.time_seconds));
}

TEST_CASE("recommend skips a card whose needed figure is unpublished and says which figure") {
  Constraints c;
  c.domestic_only = true;
  c.max_results = 100;
  const RecommendResult serve = test::RecommendJob(R"({"model": "llama-3.1-8b", "task": "inference"})", c);
  for (const Recommendation& r : serve.configs) CHECK(r.gpu != kP800);
  CHECK(AnyContains(serve.why_not, "Kunlun P800: not ranked, its memory bandwidth is not published"));
  // Training does not read the bandwidth, but its energy line needs the board power.
  const RecommendResult train = test::RecommendJob(R"({"model": "llama-3.1-8b", "task": "lora"})", c);
  for (const Recommendation& r : train.configs) CHECK(r.gpu != kP800);
  CHECK(AnyContains(train.why_not, "Kunlun P800: not ranked, its board power is not published"));
  // A card with every figure is ranked as before.
  CHECK(std::any_of(serve.configs.begin(), serve.configs.end(), [](const Recommendation& r) { return r.gpu == "ascend-910b"; }));
}

TEST_CASE("cost on a card without a published board power leaves energy out and says so") {
  CostRequest q;
  q.gpu_id = kP800;
  q.hours = 100;
  const CostReport r = ComputeCost(q, Data().gpus, Data().regions, Data().pricing);
  REQUIRE(r.errors.empty());
  REQUIRE_FALSE(r.rows.empty());
  CHECK(AnyContains(r.notes, "board power of Kunlun P800: not published"));
  for (const CostRow& row : r.rows) {
    CHECK_FALSE(row.energy_published);
    CHECK(row.energy_kwh == 0);
  }
  q.gpu_id = "ascend-910b";
  const CostReport known = ComputeCost(q, Data().gpus, Data().regions, Data().pricing);
  REQUIRE_FALSE(known.rows.empty());
  CHECK(known.rows.front().energy_published);
  CHECK(known.rows.front().energy_kwh > 0);
}

}  // namespace unpublished_figures_test
