// Share links at their limits: one length limit for encoder and decoder, stale ids dropped one by
// one with a notice (every view's ids), a tier-map sort kept.
#include "app/calculator_model.hpp"
#include "app/share_link.hpp"
#include "app/state_json.hpp"
#include "test_support.hpp"

#include <doctest/doctest.h>

namespace link_limits_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;

namespace {

// Whether a notice, worded in English (as the CLI prints it), contains `needle`.
bool Mentions(const std::vector<LinkNotice>& notices, const std::string& needle) {
  for (const std::string& n : English(notices))
    if (PlainSpaces(n).find(needle) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST_CASE("a link is never longer than the decoder reads: long free text is left out with a notice") {
  const Catalogs& c = test::RealCatalogs();
  AppState s;
  s.view = View::kCalculator;
  s.calculator.model_preset.clear();
  s.calculator.workload.model = *c.models.Find("llama-3.1-8b");
  s.calculator.workload.model.name = std::string(30000, 'n');
  s.calculator.workload.model.id = "custom";
  NormalizeCalculator(s.calculator, c);
  const LinkEncode e = EncodeLinkChecked(s, c);
  CHECK(e.ok);
  CHECK(e.fragment.size() - 1 <= kMaxLinkChars);
  CHECK(Mentions(e.notices, "calc.model.name"));
  CHECK(EncodeLink(s, c) == e.fragment);
  LinkDecode d = DecodeLink(e.fragment, c);
  CHECK_FALSE(Mentions(d.notices, "longer than"));
  CHECK(d.state.calculator.workload.model.layers == s.calculator.workload.model.layers);
  CHECK(d.state.calculator.workload.model.hidden == s.calculator.workload.model.hidden);
  CHECK(d.state.view == View::kCalculator);

  // A short name stays, with no notice.
  s.calculator.workload.model.name = "My 8B";
  const LinkEncode short_name = EncodeLinkChecked(s, c);
  CHECK(short_name.notices.empty());
  CHECK(DecodeLink(short_name.fragment, c).state.calculator.workload.model.name == "My 8B");

  // The decoder's cut is at the same limit.
  const std::string too_long = "#v=1&tier.vendor=" + std::string(kMaxLinkChars, 'x');
  CHECK(Mentions(DecodeLink(too_long, c).notices, std::to_string(kMaxLinkChars)));
}

TEST_CASE("a stale id drops only itself, with a notice naming it; everything valid is kept") {
  const Catalogs& c = test::RealCatalogs();
  REQUIRE(!c.pricing.prices.empty());
  const std::string price = c.pricing.prices.front().id;
  struct Case {
    const char* stale_pair;   // the stale part of the link
    const char* notice;       // what the notice must name
  };
  const Case cases[] = {
      {"tier.vendor=NoSuchVendor", "tier.vendor"},
      {"tier.pinned=no-such-card", "tier.pinned"},
      {"tier.compare=rtx-4090,no-such-card", "tier.compare"},
      {"walk.model=no-such-model", "walk.model"},
      {"walk.owned=no-such-card:2", "walk.owned"},
      {"cost.gpu=no-such-card", "cost.gpu"},
      {"cost.regions=cn-guizhou,no-such-region", "cost.regions"},
      {"cost.focus_region=no-such-region", "cost.focus_region"},
      {"cost.user_centre=atlantis", "cost.user_centre"},
      {"cost.service=timeshare", "cost.service"},
      {"cost.preset=Z", "cost.preset"},
      {"cost.currency=XYZ", "cost.currency"},
      {"cost.prices=no-such-price:100", "cost.prices"},
      {"calc.gpu=no-such-card", "calc.gpu"},
      {"calc.model=no-such-model", "calc.model"},
  };
  // Valid settings of every view around the stale one: all must survive.
  const std::string valid = "&view=cost&tier.sort=memory&tier.desc=true&tier.tier=1&walk.max_gpus=16&walk.task=serving"
                            "&cost.gpus=4&cost.hours=100&cost.currency=USD&calc.task=qlora&calc.gpu=rtx-4090"
                            "&cost.prices=" + price + ":123";
  for (const Case& k : cases) {
    const std::string stale = k.stale_pair;
    CAPTURE(stale);
    // Last, so that it replaces a valid value of the same key (cost.prices, calc.gpu).
    const std::string link = "#v=1" + valid + "&" + k.stale_pair;
    LinkDecode d = DecodeLink(link, c);
    CHECK(Mentions(d.notices, k.notice));
    const AppState& s = d.state;
    CHECK(s.view == View::kCost);
    CHECK(s.tier_map.sort == TierMapSort::kMemory);
    CHECK(s.tier_map.sort_descending);
    CHECK(s.tier_map.tier == 1);
    CHECK(s.walkthrough.max_gpus == 16);
    CHECK(s.walkthrough.task == WalkthroughTask::kRealtimeServing);
    CHECK(s.cost.gpus == 4);
    CHECK(s.cost.hours == 100);
    CHECK(s.calculator.workload.task == Task::kQlora);
    const std::string pair = k.stale_pair;
    if (pair.rfind("calc.gpu", 0) != 0) CHECK(s.calculator.workload.gpu == "rtx-4090");
    if (pair.rfind("cost.currency", 0) != 0) CHECK(s.cost.currency == "USD");
    if (pair.rfind("cost.prices", 0) != 0) {
      REQUIRE(s.cost.price_overrides.size() == 1);
      CHECK(s.cost.price_overrides[0].price_id == price);
    }
    // The stale ids themselves are gone; valid neighbours in the same list stay.
    CHECK(s.cost.gpu != "no-such-card");
    CHECK(c.gpus.Find(s.cost.gpu));
    if (pair.rfind("tier.compare", 0) == 0) CHECK(s.tier_map.compare == std::vector<std::string>{"rtx-4090"});
    if (pair.rfind("cost.regions", 0) == 0) CHECK(s.cost.regions == std::vector<std::string>{"cn-guizhou"});
    for (const std::string& n : English(d.notices)) CHECK(n.size() <= 300);
  }
}

TEST_CASE("a catalog that is not loaded checks nothing (the web app before its deferred data)") {
  Catalogs only_gpus = test::RealCatalogs();
  only_gpus.models = {};
  only_gpus.regions = {};
  only_gpus.pricing = {};
  StateRead r = StateFromJson(Json::parse(R"({"walkthrough": {"model": "qwen2.5-72b"}, "cost": {"regions": ["cn-guizhou"]}})"),
                              only_gpus);
  CHECK(r.state.walkthrough.model_preset == "qwen2.5-72b");
  CHECK(r.state.cost.regions == std::vector<std::string>{"cn-guizhou"});
}

TEST_CASE("a state whose link would still be too long is refused (gpu-atlas link encode exits 2), never cut") {
  // State JSON bounds every string to 64 characters, so only a state built in code can get here;
  // the encoder must say so rather than write a link the decoder would truncate.
  const Catalogs& c = test::RealCatalogs();
  AppState s;
  s.tier_map.vendor = std::string(kMaxLinkChars + 100, 'v');
  const LinkEncode e = EncodeLinkChecked(s, c);
  CHECK_FALSE(e.ok);
  CHECK(e.fragment.size() - 1 > kMaxLinkChars);
  CHECK(Mentions(e.notices, "more than the " + std::to_string(kMaxLinkChars)));
  // The model name is not what made it long: no notice about it.
  CHECK_FALSE(Mentions(e.notices, "calc.model.name"));
  // Just under the limit is written whole.
  s.tier_map.vendor = "nvidia";
  CHECK(EncodeLinkChecked(s, c).ok);
}

TEST_CASE("a switch in a link reads true/false and 1/0; other numbers keep the default with a notice") {
  // New-user trial 2026-12-04: tier.desc=1 was refused, only "true" worked.
  const Catalogs& c = test::RealCatalogs();
  CHECK(DecodeLink("#v=1&view=tiers&tier.sort=memory&tier.desc=1", c).state.tier_map.sort_descending);
  CHECK(DecodeLink("#v=1&view=tiers&tier.fp8=1", c).state.tier_map.fp8_only);
  LinkDecode off = DecodeLink("#v=1&view=tiers&tier.desc=0", c);
  CHECK_FALSE(off.state.tier_map.sort_descending);
  CHECK(off.notices.empty());
  LinkDecode two = DecodeLink("#v=1&view=tiers&tier.desc=2", c);
  CHECK_FALSE(two.state.tier_map.sort_descending);
  CHECK(Mentions(two.notices, "tier.desc"));
}

TEST_CASE("calculator numbers in a link take the units the page's fields take (new-user trial: calc.seq_len=8k)") {
  const Catalogs& c = test::RealCatalogs();
  LinkDecode d = DecodeLink("#v=1&view=calculator&calc.model=llama-3.1-8b&calc.task=full_finetune&calc.seq_len=8k"
                            "&calc.train_tokens=2T&calc.gpus=1%2C024&calc.micro_batch=2",
                            c);
  CHECK(English(d.notices).empty());
  const Workload& w = d.state.calculator.workload;
  CHECK(w.seq_len == 8192);  // lengths are binary, as the field: 8k = 8,192
  CHECK(w.train_tokens == doctest::Approx(2e12));  // tokens decimal: 2T = 2 x 10^12
  CHECK(w.gpus == 1024);
  // A custom model's size as people write it, and a length in its model.
  LinkDecode m = DecodeLink("#v=1&view=calculator&calc.model.params=70B&calc.model.max_context=128k", c);
  CHECK(English(m.notices).empty());
  CHECK(m.state.calculator.workload.model.params == doctest::Approx(70e9));
  CHECK(m.state.calculator.workload.model.max_context == 131072);
  // Units do not stretch a range: 20M tokens of context is past the request's limit, and the
  // notice says which limit.
  LinkDecode far = DecodeLink("#v=1&view=calculator&calc.seq_len=20M", c);
  CHECK(far.state.calculator.workload.seq_len == Workload().seq_len);
  CHECK(Mentions(far.notices, "calc.seq_len: is \"20971520\", above the largest allowed, 1e7, default kept"));
  // Text that is no number stays refused, with the reason.
  CHECK(Mentions(DecodeLink("#v=1&calc.seq_len=long", c).notices, "calc.seq_len: is \"long\", not a number"));
  // Other views' numbers take units too.
  CHECK(DecodeLink("#v=1&cost.gpus=1k", c).state.cost.gpus == 1000);
}

TEST_CASE("cost numbers from a link keep the cost request's bounds (new-user trial: cost.duty_cycle=1e-12 showed 0 %)") {
  const Catalogs& c = test::RealCatalogs();
  const CostState defaults;
  // 720 h at a duty cycle of 1e-12 would span 7.2e14 calendar hours: the default is kept and
  // the notice names the 100-year limit.
  LinkDecode tiny = DecodeLink("#v=1&view=cost&cost.duty_cycle=1e-12", c);
  CHECK(tiny.state.cost.duty_cycle == defaults.duty_cycle);
  CHECK(Mentions(tiny.notices, "cost.duty_cycle: is 1e-12; 720 running hours would then span more than 876000 calendar "
                               "hours (100 years), default kept"));
  // The smallest duty cycle the span allows is kept.
  CHECK(DecodeLink("#v=1&cost.hours=8760&cost.duty_cycle=0.01", c).state.cost.duty_cycle == 0.01);
  CHECK(DecodeLink("#v=1&cost.hours=8760&cost.duty_cycle=0.01", c).notices.empty());
  // Zero is no duty cycle, no hours, no power: refused as the engine refuses it.
  LinkDecode zero = DecodeLink("#v=1&cost.duty_cycle=0&cost.hours=0&cost.utilization=0", c);
  CHECK(zero.state.cost.duty_cycle == defaults.duty_cycle);
  CHECK(zero.state.cost.hours == defaults.hours);
  CHECK(zero.state.cost.utilization == defaults.utilization);
  CHECK(Mentions(zero.notices, "cost.duty_cycle: is \"0\", must be more than 0, default kept"));
  CHECK(Mentions(zero.notices, "cost.hours: is \"0\", must be more than 0, default kept"));
  // A PUE below 1 does not exist; 0 is the page's "the region's figure".
  LinkDecode pue = DecodeLink("#v=1&cost.pue=0.5", c);
  CHECK(pue.state.cost.pue == defaults.pue);
  CHECK(Mentions(pue.notices, "cost.pue: is \"0.5\", must be 0 (not set) or from 1 to 3, default kept"));
  CHECK(DecodeLink("#v=1&cost.pue=0", c).notices.empty());
  // Past the top: the notice says the largest allowed.
  CHECK(Mentions(DecodeLink("#v=1&cost.gpus=100001", c).notices, "cost.gpus: is \"100001\", above the largest allowed, 100000"));
  CHECK(Mentions(DecodeLink("#v=1&tier.tier=7", c).notices, "tier.tier: is \"7\", above the largest allowed, 3, default kept"));
}

}  // namespace link_limits_test
