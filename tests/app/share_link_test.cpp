// The share link: round trips, compactness, and hostile input (never a crash, always a notice).
#include "app/calculator_model.hpp"
#include "app/share_link.hpp"
#include "app/state_json.hpp"
#include "engine/estimate_request.hpp"
#include "test_support.hpp"

#include <doctest/doctest.h>

#include <random>

namespace share_link_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;

namespace {

AppState Normalized(AppState s) {
  NormalizeCalculator(s.calculator, atlas::test::RealCatalogs());
  return s;
}

// Whether a notice, worded in English (as the CLI prints it), contains `needle`.
bool Mentions(const std::vector<LinkNotice>& notices, const std::string& needle) {
  for (const std::string& n : English(notices))
    if (n.find(needle) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST_CASE("default state round-trips and the link is short") {
  const Catalogs& c = atlas::test::RealCatalogs();
  AppState s = Normalized(AppState{});
  const std::string link = EncodeLink(s, c);
  CHECK(link.rfind("#v=1&data=", 0) == 0);
  CHECK(link.size() < 260);  // recipe fields (precision, optimizer, checkpointing, LoRA) are always written
  LinkDecode d = DecodeLink(link, c);
  CHECK(d.notices.empty());
  CHECK(Normalized(d.state).calculator == s.calculator);
  CHECK(d.state.view == s.view);
}

TEST_CASE("a configured state round-trips exactly: every view's settings") {
  const Catalogs& c = atlas::test::RealCatalogs();
  AppState s;
  s.view = View::kCalculator;
  s.language = Language::kChinese;
  s.tier_map.vendor = "NVIDIA";
  s.tier_map.tier = 1;
  s.tier_map.domestic_only = true;
  s.tier_map.compare = {"h100-sxm", "mi300x"};
  s.tier_map.pinned = "h20";
  s.tier_map.sort = TierMapSort::kMemory;
  s.tier_map.sort_descending = true;
  SelectPreset(s.calculator, c, "mixtral-8x7b");
  Workload& w = s.calculator.workload;
  w.task = Task::kPretrain;
  w.tp = 2, w.dp = 4, w.ep = 2, w.zero_stage = 1, w.gpu = "a100-80gb-sxm", w.seq_len = 4096, w.mfu = 0.42;
  w.checkpointing = Checkpointing::kSelective;
  s.walkthrough.step = 3;
  s.walkthrough.owned = {{"rtx-4090", 2}};
  s.walkthrough.budget_cny = 5000;
  s.cost.gpu = "h800-sxm";
  s.cost.regions = {"cn-inner-mongolia", "cn-guizhou"};
  s.cost.currency = "USD";
  s.cost.focus_region = "cn-guizhou";
  s.cost.price_overrides = {{"rtx-4090-container-zhixingyun-2026-09", 1.5}};
  s = Normalized(s);
  const std::string link = EncodeLink(s, c);
  INFO(link);
  LinkDecode d = DecodeLink("https://example.org/sub/path/index.html" + link, c);
  for (const std::string& n : English(d.notices)) INFO(n);
  CHECK(d.notices.empty());
  AppState back = Normalized(d.state);
  CHECK(back.view == s.view);
  CHECK(back.language == s.language);
  CHECK(back.tier_map.compare == s.tier_map.compare);
  CHECK(back.tier_map.pinned == s.tier_map.pinned);
  CHECK(back.tier_map.sort == s.tier_map.sort);
  CHECK(back.calculator == s.calculator);
  CHECK(back.walkthrough == s.walkthrough);
  CHECK(back.cost == s.cost);
  // Encoding is stable: the same state gives the same link.
  CHECK(EncodeLink(back, c) == link);
}

TEST_CASE("a custom model travels in the link") {
  const Catalogs& c = atlas::test::RealCatalogs();
  AppState s;
  SelectCustomSize(s.calculator, "13B");
  s.calculator.workload.model.layers = 44;
  ArchitectureEdited(s.calculator);
  s = Normalized(s);
  LinkDecode d = DecodeLink(EncodeLink(s, c), c);
  CHECK(d.notices.empty());
  CHECK(d.state.calculator.model_preset.empty());
  CHECK(d.state.calculator.workload.model.layers == 44);
  CHECK(d.state.calculator.workload.model.params == doctest::Approx(s.calculator.workload.model.params));
}

TEST_CASE("an edited MLA, encoder, encoder-decoder or GeGLU preset reopens with the same estimate (found by fuzz_estimate_request)") {
  const Catalogs& c = atlas::test::RealCatalogs();
  for (const char* id : {"deepseek-v3", "t5-large", "gemma-2-9b", "bert-base", "mixtral-8x7b", "qwen3-30b-a3b"}) {
    INFO(id);
    AppState s;
    s.calculator.model_preset = id;
    s = Normalized(s);
    s.calculator.workload.task = Task::kInference;
    s.calculator.workload.model.max_context += 1;  // any edit makes the model custom
    ArchitectureEdited(s.calculator);
    s = Normalized(s);
    LinkDecode d = DecodeLink(EncodeLink(s, c), c);
    CHECK(d.notices.empty());
    const Workload& before = s.calculator.workload;
    const Workload& after = d.state.calculator.workload;
    CHECK(after.model.kind == before.model.kind);
    CHECK(after.model.ffn_kind == before.model.ffn_kind);
    CHECK(after.model.attention == before.model.attention);
    CHECK(after.model.tied_embeddings == before.model.tied_embeddings);
    CHECK(after.model.dense_ffn_hidden == before.model.dense_ffn_hidden);
    CHECK(after.model.qk_rope_head_dim == before.model.qk_rope_head_dim);
    const EstimateResult a = Estimate(before, c), b = Estimate(after, c);
    CHECK(b.ok);
    CHECK(b.memory.total_bytes == doctest::Approx(a.memory.total_bytes));
    CHECK(b.memory.kv_cache_bytes == doctest::Approx(a.memory.kv_cache_bytes));
  }
}

TEST_CASE("train_tokens equal to another task's default survives the link (found by fuzz_link)") {
  const Catalogs& c = atlas::test::RealCatalogs();
  AppState s = Normalized(AppState{});
  s.calculator.workload.task = Task::kPretrain;
  s.calculator.workload.train_tokens = 1e8;  // the fine-tuning default, not pre-training's 20 x params
  s = Normalized(s);
  LinkDecode d = DecodeLink(EncodeLink(s, c), c);
  CHECK(d.notices.empty());
  CHECK(d.state.calculator.workload.train_tokens == 1e8);
  // And a pre-training job at its own default still leaves the field out of the link.
  s.calculator.workload.train_tokens = DefaultTrainTokens(s.calculator.workload);
  CHECK(EncodeLink(s, c).find("train_tokens") == std::string::npos);
  CHECK(Normalized(DecodeLink(EncodeLink(s, c), c).state).calculator == s.calculator);
}

TEST_CASE("NormalizeCalculator with the UI's largest tp x pp x dp: no overflow, an error instead") {
  CalculatorState s;
  s.workload.task = Task::kPretrain;
  s.workload.tp = 1024, s.workload.pp = 1024, s.workload.dp = 1000000;  // the inputs' maxima
  NormalizeCalculator(s, atlas::test::RealCatalogs());
  CHECK(s.workload.gpus > 0);
  CHECK(!ValidateWorkload(s.workload).empty());
}

TEST_CASE("mangled, hostile and future links keep valid parts and say what was ignored") {
  const Catalogs& c = atlas::test::RealCatalogs();
  LinkDecode d = DecodeLink("#v=9&view=calculator&calc.model=llama-2-70b&calc.gpus=banana&calc.tp=3&evil=1&tier.tier=7", c);
  CHECK(d.state.view == View::kCalculator);
  CHECK(d.state.calculator.model_preset == "llama-2-70b");  // the valid part survives
  CHECK(Mentions(d.notices, "newer GPU Atlas"));
  CHECK(Mentions(d.notices, "calc.gpus"));
  CHECK(Mentions(d.notices, "calc.tp"));
  CHECK(Mentions(d.notices, "\"evil\""));
  CHECK(Mentions(d.notices, "tier.tier"));
  // Data date differs: says so.
  CHECK(Mentions(DecodeLink("#v=1&data=2020-01-01", c).notices, "data of 2020-01-01"));
  // Unknown ids after a data update are named.
  CHECK(Mentions(DecodeLink("#v=1&tier.compare=h100-sxm,h9000", c).notices, "h9000"));
  // Scripts and markup never get in.
  LinkDecode x = DecodeLink("#tier.vendor=%3Cscript%3Ealert(1)%3C%2Fscript%3E&tier.pinned=javascript:alert(1)", c);
  CHECK(x.state.tier_map.vendor.empty());
  CHECK(x.state.tier_map.pinned.empty());
  // Truncated, empty, huge.
  CHECK_NOTHROW(DecodeLink("#v=1&calc.mod", c));
  CHECK(DecodeLink("", c).notices.empty());
  CHECK(Mentions(DecodeLink("#" + std::string(100000, 'a'), c).notices, "only its start was read"));
  std::string many = "#v=1";
  for (int i = 0; i < 1000; ++i) many += "&x" + std::to_string(i) + "=1";
  CHECK(Mentions(DecodeLink(many, c).notices, "too many parts"));
}

TEST_CASE("bytes that are not UTF-8 are ignored, so the state and notices serialise (found by fuzz_link)") {
  const Catalogs& c = atlas::test::RealCatalogs();
  const std::string long_key = "#v=1&" + std::string(39, 'k') + "\xC3\xA9=1";  // cut at 40 bytes: mid-character
  for (const std::string link : {std::string("#v=1&tier.vendor=%FF&view=calculator"), std::string("#v=1&x\xF5=1&view=calculator"),
                                 std::string("#v=1&calc.model.name=%C3&view=calculator"), long_key}) {
    LinkDecode d = DecodeLink(link, c);
    Json printed = StateToJson(d.state);
    printed["notices"] = English(d.notices);
    CHECK_NOTHROW((void)printed.dump());
    if (link != long_key) {
      CHECK(d.state.view == View::kCalculator);  // the valid parts are kept
      CHECK(Mentions(d.notices, "not valid UTF-8"));
    }
  }
}

TEST_CASE("random bytes never crash the decoder") {
  const Catalogs& c = atlas::test::RealCatalogs();
  std::mt19937 rng(7);
  const std::string alphabet = "#&=.%v0123456789abcdefxyzcalc.tier.walk.cost.model-_,:+~!\"'<>\\/ \x01\xff";
  for (int i = 0; i < 3000; ++i) {
    std::string s;
    const int n = static_cast<int>(rng() % 120);
    for (int k = 0; k < n; ++k) s += alphabet[rng() % alphabet.size()];
    LinkDecode d = DecodeLink(s, c);
    (void)d;
  }
  // Structured junk aimed at the calculator.
  for (const char* junk : {"#calc.model.params=1e300", "#calc.model.params=-1", "#calc.model.layers=0",
                           "#calc.model=%00", "#calc.batch=99999999999999999999", "#calc.mfu=nan",
                           "#calc.model.heads=7&calc.model.kv_heads=3", "#calc.gpus=0"}) {
    LinkDecode d = DecodeLink(junk, c);
    AppState s = Normalized(d.state);
    CHECK(ValidateWorkload(s.calculator.workload).empty());
  }
}

TEST_CASE("link notices are codes worded when shown: English for the CLI, Chinese for the Chinese UI") {
  const Catalogs& c = atlas::test::RealCatalogs();
  const LinkDecode d = DecodeLink("#v=9&lang=zh&walk.seq_len=-5&cost.gpu=no-such-card&evil=1&tier.tier=7", c);
  REQUIRE(d.notices.size() == 5);
  const std::vector<std::string> en = English(d.notices), zh = Worded(d.notices, Language::kChinese);
  CHECK(test::AnyContains(en, "walk.seq_len: is \"-5\", below the smallest allowed, 1, default kept"));
  CHECK(test::AnyContains(zh, "walk.seq_len：\"-5\" 小于允许的最小值 1，保留默认值"));
  CHECK(test::AnyContains(en, "cost.gpu: card \"no-such-card\" is not in this data; default"));
  CHECK(test::AnyContains(zh, "cost.gpu：本数据中没有卡 \"no-such-card\"；已使用默认值"));
  CHECK(test::AnyContains(zh, "版本 9"));
  CHECK(test::AnyContains(zh, "“evil”：不属于 GPU Atlas 链接"));
  CHECK(test::AnyContains(zh, "tier.tier：\"7\" 大于允许的最大值 3，保留默认值"));  // the limit is named
  for (size_t i = 0; i < zh.size(); ++i) {
    INFO(en[i] << " / " << zh[i]);
    CHECK(zh[i] != en[i]);  // every notice has its Chinese words
  }
  // Arguments that are words of the tables follow the language too; %% and a missing argument
  // are safe.
  CHECK(Worded({&EngineText::link_id_unknown, {"x", &EngineText::link_what_region, "\"y\""}}, Language::kChinese) ==
        "x：本数据中没有地区 \"y\"；已忽略");
  CHECK(Worded({&EngineText::link_id_unknown, {"x"}}, Language::kEnglish) == "x:   is not in this data; ignored");
  CHECK(Worded(LinkNotice{}, Language::kEnglish).empty());
}

}  // namespace share_link_test
