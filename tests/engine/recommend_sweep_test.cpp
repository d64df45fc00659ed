// The recommendation search's whole output, pinned: for several requests (pre-training,
// fine-tuning, QLoRA, serving, MoE; budgets, deadlines, owned cards, domestic only, Chinese), the
// ranked list (card, count, layout, cost, time, flags), the search's counts (search space,
// configurations evaluated, memory and compute estimates, fitting total) and a digest of every
// sentence must equal tests/engine/golden/recommend_sweep.txt. The search is tuned for speed
// (issue 16.5); a tuning that changes any of this fails here.
//
// Prices are this file's own round figures (the real quotes change every week); the cards,
// models, calibration and software are data/'s. When data/ changes on purpose, check the
// difference and refresh: ATLAS_UPDATE_GOLDEN=1 build/native/engine_tests -tc='*sweep*'.
#include "cost_fixtures.hpp"
#include "engine/format.hpp"
#include "engine/recommend.hpp"
#include "test_jobs.hpp"
#include "test_support.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace recommend_sweep_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;

namespace {

const char* kGoldenFile = "tests/engine/golden/recommend_sweep.txt";

// The real catalogs with a fixed price list: every card priced per GPU-hour at a round figure
// from its memory (1 CNY per 8 GB, at least 1), in the cn market for even catalog positions and
// the global one (in USD, 7 CNY each) for odd ones, so both tiers of availability occur.
const Catalogs& PinnedCatalogs() {
  static const Catalogs catalogs = [] {
    Catalogs c = test::RealCatalogs();
    Json root = test::ValidPricingRoot();
    Json prices = Json::array();
    for (size_t i = 0; i < c.gpus.gpus.size(); ++i) {
      const Gpu& g = c.gpus.gpus[i];
      Json p = test::ValidPriceRecord();
      p["id"] = g.id + "-container";
      p["gpu"] = g.id;
      const double cny = std::max(1.0, std::floor(g.memory_bytes / 8e9));
      if (i % 2 == 0) {
        p["market"] = "cn";
        p["price_per_gpu_hour"] = cny;
      } else {
        p["market"] = "global";
        p["currency"] = "USD";
        p["price_per_gpu_hour"] = cny / 7;
      }
      prices.push_back(p);
    }
    root["prices"] = prices;
    PricingCatalogLoad load = LoadPricingCatalog(root.dump(), "pinned pricing");
    for (const std::string& e : load.errors) INFO(e);
    REQUIRE(load.ok());
    c.pricing = load.catalog;
    return c;
  }();
  return catalogs;
}

// Read with plain spaces: the no-break joins between figures and units are presentation, not
// words, so the pinned digests do not move when a template joins a unit.
uint64_t Fnv(uint64_t h, const std::string& text) {
  for (unsigned char ch : PlainSpaces(text)) h = (h ^ ch) * 1099511628211ULL;
  return (h ^ 0xff) * 1099511628211ULL;  // a separator, so "ab","c" differs from "a","bc"
}

std::string Fixed(const std::optional<double>& v) {
  if (!v) return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", *v);
  return buf;
}

// One request's output as lines: the counts, one line per listed configuration, a digest of words.
std::string Fingerprint(const RecommendResult& r) {
  std::ostringstream out;
  out << "counts space=" << r.search_space << " evaluated=" << r.evaluated << " memory=" << r.memory_estimates
      << " compute=" << r.compute_estimates << " fitting=" << r.fitting_total << " listed=" << r.configs.size() << "\n";
  uint64_t words = 1469598103934665603ULL;
  for (const Recommendation& x : r.configs) {
    out << "  #" << x.rank << " " << x.gpu << " x" << x.gpus << " [" << x.layout << "] cost=" << Fixed(x.cost_cny)
        << " time=" << Fixed(x.time_seconds) << " tps_user=" << Fixed(x.tokens_per_second_per_user)
        << " per_gpu=" << Fixed(x.per_gpu_bytes) << " " << AvailabilityId(x.availability) << (x.pareto ? " pareto" : "")
        << (x.owned ? " owned" : "") << " risks=";
    for (const RiskFlag& f : x.risks) out << RiskId(f.kind) << ",";
    out << " price=" << (x.price ? x.price->price_id + "@" + Fixed(x.price->cny_per_gpu_hour) : "-") << "\n";
    for (const auto* list : {&x.reasons, &x.limits, &x.advice, &x.vendor_claim_fields})
      for (const std::string& s : *list) words = Fnv(words, s);
    for (const RiskFlag& f : x.risks) words = Fnv(words, f.text);
    if (x.price) words = Fnv(words, x.price->summary);
    words = Fnv(words, x.workload.gpu + " " + std::to_string(x.workload.tp) + " " + std::to_string(x.workload.pp) + " " +
                           std::to_string(x.workload.dp) + " " + std::to_string(x.workload.ep) + " " +
                           std::to_string(x.workload.zero_stage) + " " + ToString(x.workload.precision) + " " +
                           ToString(x.workload.checkpointing) + " " + std::to_string(x.workload.batch));
  }
  for (const auto* list : {&r.why_not, &r.warnings, &r.notes})
    for (const std::string& s : *list) words = Fnv(words, s);
  for (const Tip& t : r.tips) words = Fnv(Fnv(words, t.title), t.text);
  char digest[40];
  std::snprintf(digest, sizeof digest, "%016llx", static_cast<unsigned long long>(words));
  out << "  words " << digest << " (" << r.why_not.size() << " why-not, " << r.notes.size() << " notes, "
      << r.tips.size() << " tips, " << r.warnings.size() << " warnings)\n";
  return out.str();
}

struct Request {
  const char* name;
  const char* job;
  Constraints constraints;
};

std::vector<Request> Requests() {
  std::vector<Request> out;
  auto add = [&](const char* name, const char* job, auto&& set) {
    Constraints c;
    c.region = "us-east-virginia";
    set(c);
    out.push_back({name, job, c});
  };
  add("8B QLoRA", R"({"model": "llama-3.1-8b", "task": "qlora"})", [](Constraints&) {});
  add("70B full fine-tuning up to 512, by time", R"({"model": "llama-3.1-70b", "task": "full_finetune"})", [](Constraints& c) {
    c.max_gpus = 512;
    c.objective = RankObjective::kTime;
  });
  add("405B pre-training up to 4096, deadline 60 days", R"({"model": "llama-3.1-405b", "task": "pretrain"})", [](Constraints& c) {
    c.max_gpus = 4096;
    c.deadline_hours = 60 * 24;
    c.max_results = 40;
  });
  add("DeepSeek-V3 serving FP8, int4 allowed", R"({"model": "deepseek-v3", "task": "inference", "precision": "fp8", "batch": 32, "context": 8192})",
      [](Constraints& c) { c.allow_4bit = true; });
  add("70B serving, budget and latency, owned 4090s", R"({"model": "llama-3.1-70b", "task": "inference", "batch": 16, "context": 16384})",
      [](Constraints& c) {
        c.budget_cny = 60;
        c.latency_ms = 2000;
        c.owned = {{"rtx-4090", 6}};
      });
  add("8B LoRA, domestic only, Chinese, by energy", R"({"model": "llama-3.1-8b", "task": "lora"})", [](Constraints& c) {
    c.domestic_only = true;
    c.region = "cn-guizhou";
    c.language = Language::kChinese;
    c.objective = RankObjective::kEnergy;
  });
  add("70B full FT, budget 200k, risks ignored, by GPUs", R"({"model": "llama-3.1-70b", "task": "full_finetune"})", [](Constraints& c) {
    c.max_gpus = 256;
    c.budget_cny = 200000;
    c.prefer_low_risk = false;
    c.objective = RankObjective::kGpus;
    c.min_cpu_cores_per_gpu = 0;
  });
  add("DeepSeek-V3 full FT up to 1024, cn market only", R"({"model": "deepseek-v3", "task": "full_finetune"})", [](Constraints& c) {
    c.max_gpus = 1024;
    c.price_market = "cn";
  });
  return out;
}

std::string AllFingerprints() {
  std::string out;
  for (const Request& q : Requests()) {
    const RecommendResult r = Recommend(test::Job(q.job), q.constraints, PinnedCatalogs());
    for (const std::string& e : r.errors) INFO(e);
    REQUIRE(r.ok);
    // Written with plain spaces, as the CLI prints it: the no-break joins of figures are the
    // canvas's business (engine/format.hpp PlainSpaces), and the pinned file stays readable.
    out += std::string("== ") + q.name + "\n" + PlainSpaces(Fingerprint(r));
  }
  return out;
}

}  // namespace

TEST_CASE("the recommendation sweep's output is pinned (ranked lists, counts, words)") {
  const std::string now = AllFingerprints();
  const std::string path = std::string(ATLAS_SOURCE_DIR) + "/" + kGoldenFile;
  if (std::getenv("ATLAS_UPDATE_GOLDEN")) {
    std::ofstream(path, std::ios::binary) << now;
    MESSAGE("wrote " << std::string(kGoldenFile));
    return;
  }
  const std::string golden = test::ReadSourceFile(kGoldenFile);
  REQUIRE_MESSAGE(!golden.empty(), kGoldenFile << " is missing");
  // Request by request, so a failure shows the one that moved.
  auto sections = [](const std::string& text) {
    std::vector<std::string> out;
    size_t at = 0;
    while ((at = text.find("== ", at)) != std::string::npos) {
      const size_t next = text.find("\n== ", at);
      out.push_back(text.substr(at, next == std::string::npos ? std::string::npos : next + 1 - at));
      if (next == std::string::npos) break;
      at = next + 1;
    }
    return out;
  };
  const std::vector<std::string> a = sections(now), b = sections(golden);
  REQUIRE(a.size() == b.size());
  for (size_t i = 0; i < a.size(); ++i) CHECK(a[i] == b[i]);
}

TEST_CASE("the pinned sweep's fingerprint sees a change of the output") {
  // The fingerprint must not be blind: a moved rank, a changed sentence or count differs.
  const Request q = Requests().front();
  RecommendResult r = Recommend(test::Job(q.job), q.constraints, PinnedCatalogs());
  REQUIRE(r.configs.size() >= 2);
  const std::string base = Fingerprint(r);
  RecommendResult swapped = r;
  std::swap(swapped.configs[0], swapped.configs[1]);
  CHECK(Fingerprint(swapped) != base);
  RecommendResult reworded = r;
  reworded.configs.back().reasons.front() += ".";
  CHECK(Fingerprint(reworded) != base);
  RecommendResult recounted = r;
  recounted.evaluated++;
  CHECK(Fingerprint(recounted) != base);
}

}  // namespace recommend_sweep_test
