// The walkthrough takes the job (issue 13.2): its figures in the link as walk.<request field>
// with people's units, bad values with a message and their default, the job as asked (not 8
// users at 4k, not 20 x params tokens), and its answer is recommend's answer to the same request.
#include "app/share_link.hpp"
#include "app/walk_job_fields.hpp"
#include "app/walkthrough_model.hpp"
#include "engine/recommend_request.hpp"
#include "test_support.hpp"

#include <doctest/doctest.h>

namespace walk_job_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;

namespace {

// Whether a notice, worded in English (as the CLI prints it), contains `needle`.
bool Mentions(const std::vector<LinkNotice>& notices, const std::string& needle) {
  for (const std::string& n : English(notices))
    if (n.find(needle) != std::string::npos) return true;
  return false;
}

WalkthroughDerived Derive(AppState& s, Language language = Language::kEnglish) {
  NormalizeWalkthrough(s.walkthrough);
  WalkthroughDerived d;
  UpdateWalkthroughDerived(s, test::RealCatalogs(), d, language);
  return d;
}

// recommend's #1 for the walkthrough's own request, through the CLI's parser (text in, as
// `gpu-atlas recommend --json` reads it).
// The sentences (layout, reasons) follow the language shown; the CLI's are English.
RecommendResult RecommendFor(const Json& request, Language language) {
  const Catalogs& c = test::RealCatalogs();
  RecommendRequestParse p = ParseRecommendRequestText(request.dump(), c);
  REQUIRE_MESSAGE(p.ok(), (p.errors.empty() ? "" : p.errors.front()));
  p.constraints.language = language;
  return Recommend(p.estimate.workload, p.constraints, c);
}

void CheckAgreesWithRecommend(const WalkthroughDerived& d) {
  REQUIRE(d.valid);
  REQUIRE(!d.result.configs.empty());
  const RecommendResult r = RecommendFor(d.request, d.constraints.language);
  REQUIRE(!r.configs.empty());
  const Recommendation& a = d.result.configs.front();
  const Recommendation& b = r.configs.front();
  CHECK(a.gpu == b.gpu);
  CHECK(a.gpus == b.gpus);
  CHECK(a.layout == b.layout);
  CHECK(a.per_gpu_bytes == doctest::Approx(b.per_gpu_bytes));
  CHECK(a.cost_cny.has_value() == b.cost_cny.has_value());
  if (a.cost_cny && b.cost_cny) CHECK(*a.cost_cny == doctest::Approx(*b.cost_cny));
  CHECK(d.result.configs.size() == r.configs.size());
}

}  // namespace

TEST_CASE("walk fields: a link round-trips every job figure, the region and the step") {
  const Catalogs& c = test::RealCatalogs();
  AppState s;
  s.view = View::kWalkthrough;
  WalkthroughState& w = s.walkthrough;
  w.step = kWalkStepJob;
  w.train_tokens = 2e9;
  w.dataset_tokens = 5e8;
  w.epochs = 3;
  w.seq_len = 8192;
  w.batch = 50;
  w.context = 8192;
  w.prompt_tokens = 2000;
  w.target_tokens_per_second = 30;
  w.latency_ms = 500;
  w.deadline_hours = 48;
  w.budget_cny = 50000;
  w.region = "cn-guizhou";
  const std::string link = EncodeLink(s, c);
  for (const char* pair : {"walk.train_tokens=2000000000", "walk.seq_len=8192", "walk.batch=50", "walk.context=8192",
                           "walk.prompt_tokens=2000", "walk.target_tokens_per_second=30", "walk.latency_ms=500",
                           "walk.deadline_hours=48", "walk.budget_cny=50000", "walk.region=cn-guizhou", "walk.epochs=3",
                           "walk.dataset_tokens=500000000", "walk.step=2"})
    CHECK_MESSAGE(link.find(pair) != std::string::npos, pair << " missing from " << link);
  const LinkDecode back = DecodeLink(link, c);
  CHECK(back.notices.empty());
  CHECK(back.state.walkthrough == w);
  // Figures not given are not written.
  CHECK(EncodeLink(AppState{}, c).find("walk.") == std::string::npos);
}

TEST_CASE("walk fields: people's units in a link") {
  const Catalogs& c = test::RealCatalogs();
  const LinkDecode d = DecodeLink(
      "#v=1&view=walkthrough&walk.train_tokens=2B&walk.seq_len=8k&walk.context=128K&walk.batch=1,000"
      "&walk.budget_cny=50k&walk.dataset_tokens=1.5T&walk.prompt_tokens=1.5k&walk.deadline_hours=0",
      c);
  CHECK(d.notices.empty());
  const WalkthroughState& w = d.state.walkthrough;
  CHECK(w.train_tokens == doctest::Approx(2e9));
  CHECK(w.seq_len == 8192);         // lengths: k = 1,024
  CHECK(w.context == 131072);
  CHECK(w.batch == 1000);
  CHECK(w.budget_cny == doctest::Approx(50000));  // money and tokens: k = 1,000
  CHECK(w.dataset_tokens == doctest::Approx(1.5e12));
  CHECK(w.prompt_tokens == 1536);
  CHECK(w.deadline_hours == 0);     // 0 = no limit
}

TEST_CASE("walk fields: bad or absurd values from a link say why and keep their defaults") {
  const Catalogs& c = test::RealCatalogs();
  const LinkDecode d = DecodeLink(
      "#v=1&view=walkthrough&walk.task=serving&walk.batch=-5&walk.seq_len=abc&walk.context=1.5&walk.train_tokens=1e20"
      "&walk.target_tokens_per_second=nan&walk.region=atlantis&walk.latency_ms=%7B%7D&walk.epochs=1e9",
      c);
  CHECK(Mentions(d.notices, "walk.batch: is \"-5\", below the smallest allowed, 1, default kept"));
  CHECK(Mentions(d.notices, "walk.seq_len: is \"abc\", not a number"));
  CHECK(Mentions(d.notices, "walk.context: is \"1.5\", not a whole number"));
  CHECK(Mentions(d.notices, "walk.train_tokens: is \"1"));
  CHECK(Mentions(d.notices, "above the largest allowed, 1000T, default kept"));
  CHECK(Mentions(d.notices, "walk.target_tokens_per_second"));
  CHECK(Mentions(d.notices, "walk.region: region \"atlantis\" is not in this data"));
  CHECK(Mentions(d.notices, "walk.latency_ms"));
  CHECK(Mentions(d.notices, "walk.epochs"));
  const WalkthroughState& w = d.state.walkthrough;
  CHECK(w.batch == 0);
  CHECK(w.seq_len == 0);
  CHECK(w.context == 0);
  CHECK(w.train_tokens == 0);
  CHECK(w.region.empty());
  CHECK(w.task == WalkthroughTask::kRealtimeServing);  // the valid parts are kept
  // The page still answers, with the task's defaults.
  AppState s = d.state;
  const WalkthroughDerived derived = Derive(s);
  CHECK(derived.valid);
  CHECK(derived.workload.batch == 8);
}

TEST_CASE("walk fields: a job nobody can serve gives an answer with no configurations, never a crash") {
  AppState s;
  s.walkthrough.task = WalkthroughTask::kRealtimeServing;
  s.walkthrough.model_preset = "llama-3.1-405b";
  s.walkthrough.batch = 1000000;
  s.walkthrough.context = 10000000;
  s.walkthrough.prompt_tokens = 20000000;  // longer than the context: held to it, with a warning
  s.walkthrough.target_tokens_per_second = 100000;
  const WalkthroughDerived d = Derive(s);
  CHECK(d.result.configs.empty());
  bool clamped = false;
  for (const WalkWarning& w : d.warnings) clamped = clamped || w.kind == WalkWarning::kPromptClamped;
  CHECK(clamped);
  bool beyond = false;
  for (const WalkWarning& w : d.warnings) beyond = beyond || w.kind == WalkWarning::kContextBeyondModel;
  CHECK(beyond);
}

TEST_CASE("the walkthrough sizes the job asked: 50 users at 8k, 2B tokens (issue 13 bugs)") {
  AppState serve;
  serve.walkthrough.task = WalkthroughTask::kRealtimeServing;
  serve.walkthrough.model_preset = "llama-3.1-70b";
  serve.walkthrough.batch = 50;
  serve.walkthrough.context = 8192;
  serve.walkthrough.prompt_tokens = 2048;
  serve.walkthrough.target_tokens_per_second = 25;
  const WalkthroughDerived s = Derive(serve);
  CHECK(s.workload.batch == 50);  // was 8
  CHECK(s.workload.context == 8192);  // was 4,096
  CHECK(s.workload.prompt_tokens == 2048);
  CHECK(s.workload.target_tokens_per_second == 25);
  REQUIRE(!s.result.configs.empty());
  // Each recommendation serves the 50 users (replicas split them) at the speed asked.
  for (const Recommendation& r : s.result.configs) {
    CHECK(r.workload.context == 8192);
    REQUIRE(r.tokens_per_second_per_user);
    CHECK(*r.tokens_per_second_per_user >= 25 * 0.999);
  }
  // The same answers without the figures: the old defaults, which hold less KV cache.
  AppState small = serve;
  small.walkthrough.batch = small.walkthrough.context = small.walkthrough.prompt_tokens = 0;
  small.walkthrough.target_tokens_per_second = 0;
  const WalkthroughDerived d = Derive(small);
  CHECK(d.workload.batch == 8);
  CHECK(d.workload.context == 4096);
  CHECK(d.result.single_gpu_bytes < s.result.single_gpu_bytes);

  for (WalkthroughTask task : {WalkthroughTask::kFullFinetune, WalkthroughTask::kPretrain}) {
    AppState train;
    train.walkthrough.task = task;
    train.walkthrough.model_preset = "llama-3.1-8b";
    train.walkthrough.train_tokens = 2e9;
    train.walkthrough.seq_len = 4096;
    const WalkthroughDerived t = Derive(train);
    CHECK(t.workload.train_tokens == doctest::Approx(2e9));  // pre-training was 20 x 8B = 160B
    CHECK(t.workload.seq_len == 4096);
    // Dataset x epochs when no total is given.
    train.walkthrough.train_tokens = 0;
    train.walkthrough.dataset_tokens = 5e8;
    train.walkthrough.epochs = 3;
    CHECK(Derive(train).workload.train_tokens == doctest::Approx(1.5e9));
  }
  // Twice the tokens, about twice the time of the same #1 configuration.
  AppState one;
  one.walkthrough.task = WalkthroughTask::kFullFinetune;
  one.walkthrough.model_preset = "llama-3.1-8b";
  one.walkthrough.objective = Objective::kTime;
  one.walkthrough.train_tokens = 1e9;
  const WalkthroughDerived a = Derive(one);
  one.walkthrough.train_tokens = 2e9;
  const WalkthroughDerived b = Derive(one);
  REQUIRE(!a.result.configs.empty());
  REQUIRE(!b.result.configs.empty());
  CHECK(a.result.configs[0].gpu == b.result.configs[0].gpu);
  CHECK(*b.result.configs[0].time_seconds == doctest::Approx(2 * *a.result.configs[0].time_seconds).epsilon(0.01));
}

TEST_CASE("the walkthrough's #1 is recommend's #1 for the same request: serving and fine-tuning") {
  AppState serve;
  serve.walkthrough.task = WalkthroughTask::kRealtimeServing;
  serve.walkthrough.model_preset = "llama-3.1-70b";
  serve.walkthrough.batch = 50;
  serve.walkthrough.context = 8192;
  serve.walkthrough.latency_ms = 2000;
  CheckAgreesWithRecommend(Derive(serve));

  AppState tune;
  tune.walkthrough.task = WalkthroughTask::kPeft;
  tune.walkthrough.method = "qlora";
  tune.walkthrough.model_preset = "llama-3.1-8b";
  tune.walkthrough.train_tokens = 2e9;
  tune.walkthrough.seq_len = 4096;
  tune.walkthrough.deadline_hours = 72;
  tune.walkthrough.owned = {{"rtx-4090", 1}};
  CheckAgreesWithRecommend(Derive(tune));

  AppState full = tune;
  full.walkthrough.task = WalkthroughTask::kFullFinetune;
  full.walkthrough.owned.clear();
  CheckAgreesWithRecommend(Derive(full));

  // In Chinese (priced in mainland China, CN sellers only) and with a region chosen: the request
  // carries region and price_market, so recommend prices the same way.
  const WalkthroughDerived zh = Derive(tune, Language::kChinese);
  CHECK(zh.request["constraints"]["price_market"] == "cn");
  CheckAgreesWithRecommend(zh);
  AppState region = serve;
  region.walkthrough.region = "eu-central-frankfurt";
  const WalkthroughDerived frankfurt = Derive(region, Language::kChinese);
  CHECK(frankfurt.request["constraints"]["region"] == "eu-central-frankfurt");
  CHECK(!frankfurt.request["constraints"].contains("price_market"));
  CheckAgreesWithRecommend(frankfurt);
}

TEST_CASE("walk number fields: the table reads numbers and text alike") {
  const WalkNumberField* seq = FindWalkNumberField("seq_len");
  REQUIRE(seq);
  double v = -1;
  CHECK(ReadWalkNumber(*seq, Json("8k"), v).empty());
  CHECK(v == 8192);
  CHECK(ReadWalkNumber(*seq, Json(4096), v).empty());
  CHECK(v == 4096);
  CHECK(ReadWalkNumber(*seq, Json("0"), v).empty());
  CHECK(v == 0);
  CHECK(!ReadWalkNumber(*seq, Json(true), v).empty());
  CHECK(!ReadWalkNumber(*seq, Json("20M"), v).empty());  // 20 x 2^20 > 10^7
  CHECK(FindWalkNumberField("nope") == nullptr);
  for (const WalkNumberField& f : WalkNumberFields()) CHECK(f.spec.min > 0);
}

}  // namespace walk_job_test
