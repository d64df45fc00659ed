// Chips with no link to another chip (gpus.json interconnect_gbps 0: Apple M-series SoCs,
// Jetson AGX Orin) are separate computers: Fits on, the recommendation and Make it fit never
// split a model over several of them, and an estimate that does is warned. Before this, 70B
// serving listed "M4 Max x 8, TP 8" and Make it fit proposed a second M4 Max with TP 2.
#include "engine/estimate.hpp"
#include "engine/fit.hpp"
#include "engine/recommend.hpp"
#include "test_jobs.hpp"
#include "test_support.hpp"

#include <doctest/doctest.h>

#include <string>

namespace standalone_chips_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;
using test::Job;

namespace {

const Catalogs& Data() { return test::RealCatalogs(); }

int CountOf(const std::vector<std::string>& lines, const std::string& part) {
  int n = 0;
  for (const std::string& l : lines) n += l.find(part) != std::string::npos;
  return n;
}

}  // namespace

TEST_CASE("standalone chips: the SoCs of the catalog, and no card with a link or an unpublished one") {
  for (const char* id : {"apple-m3-max", "apple-m4-max", "apple-m2-ultra", "jetson-agx-orin-64gb"}) {
    INFO(id);
    REQUIRE(Data().gpus.Find(id));
    CHECK(Data().gpus.Find(id)->Standalone());
  }
  // PCIe cards peer over PCIe; P800's link is not published (null), which is not "none".
  for (const char* id : {"rtx-4090", "h100-sxm", "iluvatar-bi-v100", "kunlunxin-p800"}) {
    INFO(id);
    REQUIRE(Data().gpus.Find(id));
    CHECK_FALSE(Data().gpus.Find(id)->Standalone());
  }
}

TEST_CASE("standalone chips: Fits on tries one only (Llama 3.1 70B BF16 serving needs ~134 GiB, an M4 Max has 128 GB)") {
  const Workload w = Job(R"({"model": "llama-3.1-70b", "task": "inference"})");
  const Gpu& m4 = *Data().gpus.Find("apple-m4-max");
  CHECK(MinGpusToFit(w, Data(), m4, 1024) == 0);
  // The same weights in INT8 (~68 GiB) fit on one.
  const Workload int8 = Job(R"({"model": "llama-3.1-70b", "task": "inference", "precision": "int8"})");
  CHECK(MinGpusToFit(int8, Data(), m4, 1024) == 1);
  // A card of the same memory class that links to others still spreads (H100 80 GB: 2).
  CHECK(MinGpusToFit(w, Data(), *Data().gpus.Find("h100-sxm"), 1024) == 2);
}

TEST_CASE("standalone chips: the recommendation lists them only alone") {
  Constraints c;
  c.max_gpus = 8;
  c.max_results = 1000;
  for (const char* job : {R"({"model": "llama-3.1-70b", "task": "inference"})", R"({"model": "llama-3.1-8b", "task": "inference"})"}) {
    INFO(job);
    const RecommendResult r = Recommend(Job(job), c, Data());
    REQUIRE(r.ok);
    REQUIRE(!r.configs.empty());
    for (const Recommendation& rec : r.configs) {
      INFO(rec.gpu);
      if (Data().gpus.Find(rec.gpu)->Standalone()) CHECK(rec.gpus == 1);
    }
  }
  // 8B BF16 (~16 GiB) fits one M4 Max: it is still offered, alone.
  const RecommendResult small = Recommend(Job(R"({"model": "llama-3.1-8b", "task": "inference"})"), c, Data());
  bool m4_alone = false;
  for (const Recommendation& rec : small.configs) m4_alone |= rec.gpu == "apple-m4-max" && rec.gpus == 1;
  CHECK(m4_alone);
}

TEST_CASE("standalone chips: Make it fit changes the weights, not the count") {
  FitConstraints cons;
  cons.max_gpus = 8;
  const FitResult r = Fit(Job(R"({"model": "llama-3.1-70b", "task": "inference", "gpu": "apple-m4-max"})"), cons, Data());
  REQUIRE(r.ok);
  REQUIRE(r.fits);
  CHECK(r.workload.gpus == 1);
  CHECK(r.workload.tp == 1);
  bool precision_changed = false;
  for (const FitChange& ch : r.changes) {
    CHECK(ch.field != "gpus");
    precision_changed |= ch.field == "precision";
  }
  CHECK(precision_changed);
  // The same job on H100s may still add a card.
  const FitResult h100 = Fit(Job(R"({"model": "llama-3.1-70b", "task": "inference", "gpu": "h100-sxm"})"), cons, Data());
  REQUIRE(h100.fits);
  CHECK(h100.workload.gpus == 2);
}

TEST_CASE("standalone chips: an estimate split over several is warned; serving replicas are not") {
  const EstimateResult split =
      Estimate(Job(R"({"model": "llama-3.1-70b", "task": "inference", "gpu": "apple-m4-max", "gpus": 2, "tp": 2})"), Data());
  REQUIRE(split.ok);
  CHECK(CountOf(split.warnings, "is a single chip with no link to another chip: 2 of them are separate computers") == 1);
  CHECK(CountOf(split.warnings, "tensor parallel 2 × pipeline 1 × data parallel 1") == 1);
  const EstimateResult zh = Estimate(Job(R"({"model": "llama-3.1-70b", "task": "inference", "gpu": "apple-m4-max", "gpus": 2, "tp": 2})"),
                                     Data(), Language::kChinese);
  CHECK(CountOf(zh.warnings, "是单颗芯片，与其他芯片没有互联") == 1);
  const EstimateResult replicas =
      Estimate(Job(R"({"model": "llama-3.1-8b", "task": "inference", "gpu": "apple-m4-max", "gpus": 2, "dp": 2})"), Data());
  REQUIRE(replicas.ok);
  CHECK(CountOf(replicas.warnings, "single chip") == 0);
  const EstimateResult linked = Estimate(Job(R"({"model": "llama-3.1-70b", "task": "inference", "gpu": "h100-sxm", "gpus": 2, "tp": 2})"), Data());
  CHECK(CountOf(linked.warnings, "single chip") == 0);
}

}  // namespace standalone_chips_test
