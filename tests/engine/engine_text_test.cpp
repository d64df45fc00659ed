// The engine's string tables (src/engine/text/en, src/engine/text/zh): complete, safe to
// format, and actually used: a Chinese request gets Chinese explanations with the same numbers.
#include "engine/compute_model.hpp"
#include "engine/cost.hpp"
#include "engine/estimate.hpp"
#include "engine/peak_kind_text.hpp"
#include "engine/recommend.hpp"
#include "engine/recommend_request.hpp"
#include "engine/text/engine_text.hpp"
#include "engine/tiers.hpp"
#include "test_jobs.hpp"
#include "test_support.hpp"
#include "text_checks.hpp"

#include <doctest/doctest.h>

#include <cstring>
#include <string>
#include <vector>

namespace engine_text_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;
using test::HasArtefact;
using test::HasCjk;

namespace {

const Catalogs& Data() { return atlas::test::RealCatalogs(); }

using test::Job;

// The jobs of the recommendation tests (the guides' table, serving, MoE pre-training).
const std::vector<std::string>& Jobs() {
  static const std::vector<std::string> jobs = {
      R"({"model": "llama-3.1-8b", "task": "qlora"})",
      R"({"model": "llama-2-70b", "task": "qlora"})",
      R"({"model": "llama-2-70b", "task": "lora", "precision": "bf16"})",
      R"({"model": "llama-2-7b", "task": "full_finetune", "optimizer": "adamw"})",
      R"({"model": "llama-2-13b", "task": "full_finetune"})",
      R"({"model": "bert-large", "task": "inference", "precision": "int8", "batch": 8, "context": 512, "prompt_tokens": 128})",
      R"({"model": "llama-3.1-8b", "task": "inference", "batch": 16})",
      R"({"model": "qwen3-235b-a22b", "task": "pretrain"})",
  };
  return jobs;
}

std::vector<std::string> Texts(const RecommendResult& r) {
  std::vector<std::string> out = r.errors;
  out.insert(out.end(), r.why_not.begin(), r.why_not.end());
  out.insert(out.end(), r.notes.begin(), r.notes.end());
  for (const Tip& t : r.tips) out.push_back(t.title), out.push_back(t.text);
  for (const Recommendation& x : r.configs) {
    out.push_back(x.layout);
    out.insert(out.end(), x.reasons.begin(), x.reasons.end());
    out.insert(out.end(), x.limits.begin(), x.limits.end());
    out.insert(out.end(), x.advice.begin(), x.advice.end());
  }
  return out;
}

std::vector<std::string> Texts(const CostReport& r) {
  std::vector<std::string> out = r.errors;
  out.insert(out.end(), r.notes.begin(), r.notes.end());
  for (const CostRow& row : r.rows) out.insert(out.end(), row.notes.begin(), row.notes.end());
  for (const RegionBreakEven& b : r.break_even) {
    out.insert(out.end(), b.container_vs_monthly_server.notes.begin(), b.container_vs_monthly_server.notes.end());
    out.insert(out.end(), b.container_vs_purchase.notes.begin(), b.container_vs_purchase.notes.end());
  }
  return out;
}

}  // namespace

TEST_CASE("every engine string has a Chinese entry with the same printf conversions") {
  std::size_t count = 0;
  const TextEntry* entries = EngineTextEntries(count);
  REQUIRE(count > 100);
  // Nearly every entry is actually translated (a few acronym-only labels stay as they are).
  test::CheckTextTable(entries, count, "src/engine/text/zh", 0.9);
}

TEST_CASE("EngineTextFor picks the table by language") {
  CHECK(std::strcmp(EngineTextFor(Language::kEnglish).rec_tip_oom_title, "Out of memory") == 0);
  CHECK(std::strcmp(EngineTextFor(Language::kChinese).rec_tip_bandwidth_title, "带宽瓶颈") == 0);
}

TEST_CASE("a Chinese recommendation explains itself in Chinese, with the same numbers as the English one") {
  for (const std::string& job : Jobs()) {
    INFO(job);
    Constraints en;
    en.max_gpus = 16;
    en.budget_cny = 5e5;
    Constraints zh = en;
    zh.language = Language::kChinese;
    const RecommendResult a = Recommend(Job(job), en, Data());
    const RecommendResult b = Recommend(Job(job), zh, Data());
    REQUIRE(a.ok);
    REQUIRE(b.ok);
    REQUIRE(a.configs.size() == b.configs.size());
    for (size_t i = 0; i < a.configs.size(); ++i) {
      CHECK(a.configs[i].gpu == b.configs[i].gpu);
      CHECK(a.configs[i].gpus == b.configs[i].gpus);
      CHECK(a.configs[i].cost_cny == b.configs[i].cost_cny);
      CHECK(a.configs[i].reasons.size() == b.configs[i].reasons.size());
      REQUIRE(!b.configs[i].reasons.empty());
      CHECK(HasCjk(b.configs[i].reasons.front()));
      for (const std::string& s : b.configs[i].limits) CHECK(HasCjk(s));
    }
    CHECK(a.why_not.size() == b.why_not.size());
    for (const std::string& s : b.why_not) CHECK(HasCjk(s));
    REQUIRE(b.notes.size() == b.note_is_guide_disagreement.size());
    REQUIRE(a.notes.size() == a.note_is_guide_disagreement.size());
    CHECK(a.note_is_guide_disagreement == b.note_is_guide_disagreement);
    for (const std::string& s : b.notes) CHECK(HasCjk(s));
    for (const Tip& t : b.tips) {
      CHECK(HasCjk(t.title));
      CHECK(HasCjk(t.text));
    }
    for (const std::string& s : Texts(b)) {
      INFO(s);
      CHECK_FALSE(HasArtefact(s));
    }
  }
}

TEST_CASE("the guide-vs-engine notes are flagged, in either language") {
  for (Language language : {Language::kEnglish, Language::kChinese}) {
    Constraints c;
    c.max_gpus = 1;
    c.language = language;
    const RecommendResult r = Recommend(Job(R"({"model": "llama-2-13b", "task": "full_finetune"})"), c, Data());
    REQUIRE(r.ok);
    REQUIRE(r.notes.size() == r.note_is_guide_disagreement.size());
    int flagged = 0;
    for (size_t i = 0; i < r.notes.size(); ++i)
      if (r.note_is_guide_disagreement[i]) {
        ++flagged;
        // Named by the guide's short title: "region-map guide", 《AI训练产区图》.
        CHECK(r.notes[i].find(language == Language::kChinese ? "《AI训练产区图》" : "region-map guide") != std::string::npos);
      }
    CHECK(flagged == 2);  // 16 vs 12 bytes per parameter; case B's "gold standard"
  }
}

TEST_CASE("Chinese constraint and workload errors name the field in Chinese") {
  Constraints c;
  c.max_gpus = 0;
  c.language = Language::kChinese;
  const RecommendResult r = Recommend(Job(R"({"model": "llama-3.1-8b", "task": "qlora"})"), c, Data());
  REQUIRE(!r.errors.empty());
  CHECK(r.errors.front().find("constraints.max_gpus") != std::string::npos);
  CHECK(HasCjk(r.errors.front()));
  Workload w = Job(R"({"model": "llama-3.1-8b", "task": "full_finetune"})");
  w.tp = 3;
  const std::vector<std::string> e = ValidateWorkload(w, Language::kChinese);
  REQUIRE(!e.empty());
  for (const std::string& s : e) {
    CHECK(HasCjk(s));
    CHECK_FALSE(HasArtefact(s));
  }
}

TEST_CASE("a Chinese cost report has Chinese notes and the same figures") {
  const Catalogs& c = Data();
  for (const char* gpu : {"rtx-4090", "a100-80gb-sxm", "h800-sxm", "ascend-910b", "a10"}) {
    INFO(gpu);
    CostRequest en;
    en.gpu_id = gpu;
    en.gpus = 8;
    en.hours = 200;
    en.duty_cycle = 0.4;
    en.user_centre = "shanghai";
    en.max_latency_ms = 30;
    CostRequest zh = en;
    zh.language = Language::kChinese;
    const CostReport a = ComputeCost(en, c.gpus, c.regions, c.pricing);
    const CostReport b = ComputeCost(zh, c.gpus, c.regions, c.pricing);
    REQUIRE(a.errors.empty());
    REQUIRE(b.errors.empty());
    REQUIRE(a.rows.size() == b.rows.size());
    CHECK(a.cheapest == b.cheapest);
    for (size_t i = 0; i < b.rows.size(); ++i) {
      CHECK(a.rows[i].notes.size() == b.rows[i].notes.size());
      for (const std::string& n : b.rows[i].notes) CHECK(HasCjk(n));
      if (a.rows[i].total_cost) CHECK(a.rows[i].total_cost->amount == b.rows[i].total_cost->amount);
    }
    for (const std::string& s : Texts(b)) {
      INFO(s);
      CHECK(HasCjk(s));
      CHECK_FALSE(HasArtefact(s));
      // Data codes read as words: no "cn 市场", no "container 报价".
      CHECK(s.find("cn 市场") == std::string::npos);
      CHECK(s.find("global 市场") == std::string::npos);
      CHECK(s.find("container") == std::string::npos);
    }
  }
  CostRequest bad;
  bad.gpu_id = "no-such-card";
  bad.hours = -1;
  bad.language = Language::kChinese;
  const std::vector<std::string> e = CheckCostRequest(bad, c.gpus, c.regions, c.pricing);
  REQUIRE(e.size() >= 2);
  for (const std::string& s : e) {
    CHECK(HasCjk(s));
    CHECK(s.find("\"") != std::string::npos);  // the field, as the JSON spells it
  }
}

TEST_CASE("Chinese tier checks and estimate notes") {
  const Catalogs& c = Data();
  for (const Gpu& g : c.gpus.gpus) {
    INFO(g.id);
    const TierResult en = ClassifyTier(g);
    const TierResult zh = ClassifyTier(g, {}, Language::kChinese);
    CHECK(en.tier == zh.tier);
    CHECK(en.reason == c.gpu_tiers[static_cast<size_t>(&g - c.gpus.gpus.data())].reason);
    REQUIRE(en.checks.size() == zh.checks.size());
    CHECK(HasCjk(zh.reason));
    CHECK_FALSE(HasArtefact(zh.reason));
    for (size_t i = 0; i < zh.checks.size(); ++i) {
      CHECK(en.checks[i].passed == zh.checks[i].passed);
      CHECK(HasCjk(zh.checks[i].what));
    }
  }
  for (const std::string& job : Jobs()) {
    Workload w = Job(job);
    w.gpu = "rtx-4090";
    const EstimateResult r = Estimate(w, c, Language::kChinese);
    REQUIRE(r.ok);
    for (const std::string& n : r.notes) {
      INFO(n);
      CHECK(HasCjk(n));
      CHECK_FALSE(HasArtefact(n));
    }
  }
}

TEST_CASE("every peak rate the compute model names has a Chinese name") {
  int kinds = 0;
  for (const Gpu& g : Data().gpus.gpus)
    for (Precision p : {Precision::kFp32, Precision::kTf32, Precision::kBf16, Precision::kFp16, Precision::kFp8, Precision::kInt8,
                        Precision::kInt4, Precision::kNf4})
      for (Task task : {Task::kInference, Task::kFullFinetune}) {
        Workload w;
        w.precision = p;
        w.task = task;
        const char* kind_label = "";
        std::vector<std::string> notes;
        PeakFlops(g, w, kind_label, &notes, Language::kEnglish);
        const std::string kind = kind_label;
        const std::string zh = PeakKindText(kind, Language::kChinese);
        CAPTURE(kind);
        CHECK(PeakKindText(kind, Language::kEnglish) == kind);
        if (kind != "FP32") CHECK((zh != kind && (HasCjk(zh) || kind.find("dense") != std::string::npos)));
        ++kinds;
      }
  CHECK(kinds > 100);
  CHECK(PeakKindText("BF16 dense", Language::kChinese) == "BF16 稠密");
  CHECK(PeakKindText("no such kind", Language::kChinese) == "no such kind");
}

}  // namespace engine_text_test
