// The Cost view's further-use years of bought cards (CostState::purchase_use_years, the engine's
// request field of the same name, engine/cost.hpp "buying for one job"): unset by default (the
// job bears the whole purchase), carried by the share link and the state JSON, refused with one
// notice naming the limit when out of (0, 20], and the same request as `gpu-atlas cost` reads.
#include "app/cost_model.hpp"
#include "app/share_link.hpp"
#include "app/state_json.hpp"
#include "engine/cost_request.hpp"
#include "test_support.hpp"

#include <doctest/doctest.h>

#include <cmath>

namespace purchase_use_years_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;

namespace {

const char* kKey = "cost.purchase_use_years";

int Mentioning(const std::vector<std::string>& notices, const std::string& needle) {
  int n = 0;
  for (const std::string& s : notices) n += s.find(needle) != std::string::npos;
  return n;
}

const CostRow* Row(const CostReport& r, const std::string& region, ServiceKind s) {
  for (const CostRow& row : r.rows)
    if (row.region_id == region && row.service == s) return &row;
  return nullptr;
}

}  // namespace

TEST_CASE("further-use years: unset by default, left out of the link, and the engine counts the whole outlay") {
  const Catalogs& c = test::RealCatalogs();
  const AppState s;
  CHECK_FALSE(s.cost.purchase_use_years.has_value());
  CHECK(StateToJson(s)["cost"]["purchase_use_years"].is_null());
  const std::string link = EncodeLink(s, c);
  CHECK(link.find("purchase_use_years") == std::string::npos);
  const CostRequest q = MakeCostRequest(s.cost, Language::kEnglish, c.regions);
  CHECK_FALSE(q.purchase_use_years.has_value());
  CHECK(ComputeCost(q, c.gpus, c.regions, c.pricing).purchase_basis == PurchaseBasis::kJobOutlay);
}

TEST_CASE("further-use years round-trip through the link and the state JSON") {
  const Catalogs& c = test::RealCatalogs();
  for (const double years : {3.0, 2.5, 0.25, 20.0}) {
    INFO(years);
    AppState s;
    s.view = View::kCost;
    s.cost.purchase_use_years = years;
    const std::string link = EncodeLink(s, c);
    INFO(link);
    CHECK(link.find("&cost.purchase_use_years=") != std::string::npos);
    const LinkDecode d = DecodeLink(link, c);
    CHECK(English(d.notices).empty());
    REQUIRE(d.state.cost.purchase_use_years.has_value());
    CHECK(*d.state.cost.purchase_use_years == years);
    CHECK(d.state.cost == s.cost);
    // The JSON form (`gpu-atlas link decode` / `link encode`): a number, read back as is.
    const Json j = StateToJson(s);
    CHECK(j["cost"]["purchase_use_years"] == years);
    const StateRead back = StateFromJson(j, c);
    CHECK(back.notices.empty());
    CHECK(back.state.cost.purchase_use_years == s.cost.purchase_use_years);
  }
  // null in the JSON form is "unset" (this job only), with no notice.
  Json j = StateToJson(AppState{});
  j["cost"]["purchase_use_years"] = nullptr;
  const StateRead unset = StateFromJson(j, c);
  CHECK(unset.notices.empty());
  CHECK_FALSE(unset.state.cost.purchase_use_years.has_value());
}

TEST_CASE("bad further-use years in a link: one notice naming the limit, default (unset) kept, the rest kept") {
  const Catalogs& c = test::RealCatalogs();
  for (const char* bad : {"-1", "0", "25", "20.5", "NaN", "nan", "inf", "abc", "", "3y", "1e400", "%2D0"}) {
    INFO(bad);
    const LinkDecode d = DecodeLink(std::string("#v=1&view=cost&cost.gpus=4&") + kKey + "=" + bad, c);
    const std::vector<std::string> en = English(d.notices);
    for (const std::string& n : en) INFO(n);
    REQUIRE(en.size() == 1);
    CHECK(en[0].rfind(std::string(kKey) + ": is \"", 0) == 0);
    CHECK(PlainSpaces(en[0]).find("must be more than 0 and at most 20 years of further use; default kept") != std::string::npos);  // as the CLI prints it
    const std::vector<std::string> zh = Worded(d.notices, Language::kChinese);
    CHECK(zh[0].find("必须大于 0 且不超过 20\u00A0年（后续使用年限）") != std::string::npos);  // the figure and 年 joined (no-break)
    CHECK_FALSE(d.state.cost.purchase_use_years.has_value());
    CHECK(d.state.cost.gpus == 4);  // the rest of the link survives
    CHECK(d.state.view == View::kCost);
  }
  // The value is quoted as written.
  CHECK(Mentioning(English(DecodeLink(std::string("#v=1&") + kKey + "=25", c).notices), "is \"25\"") == 1);
  CHECK(Mentioning(English(DecodeLink(std::string("#v=1&") + kKey + "=abc", c).notices), "is \"abc\"") == 1);
  // The JSON form's other types: the same one notice.
  for (const Json& bad : {Json(true), Json::array({3}), Json::object(), Json(-0.5), Json(1e9)}) {
    INFO(bad.dump());
    Json j = StateToJson(AppState{});
    j["cost"]["purchase_use_years"] = bad;
    const StateRead r = StateFromJson(j, c);
    REQUIRE(r.notices.size() == 1);
    CHECK(Mentioning(English(r.notices), "cost.purchase_use_years: is ") == 1);
    CHECK_FALSE(r.state.cost.purchase_use_years.has_value());
  }
  // A fraction of a year is a valid horizon.
  CHECK(DecodeLink(std::string("#v=1&") + kKey + "=2.5", c).state.cost.purchase_use_years == 2.5);
}

// The page's request and `gpu-atlas cost`'s are one CostRequest: the same state and the same JSON
// request give the same rows. Hand figure from data/pricing.json (2026-12-01): the A100 80GB
// purchase quote is USD 11,500 (one seller, "a100-80gb-sxm-purchase-new-market-2026-03"), × the
// data's USD/CNY 6.9858 (CFETS, 2026-01-27) = ¥80,336.70 a card; capex with spares 5 % and server
// share 48 % (service_forms.purchase) = 80,336.70 × 1.05 × 1.48 = ¥124,843.23 a card; 720 h of
// 3 years (26,280 h) is 2.7397 %, so 8 cards bear ¥27,362.90, against the job outlay's whole
// 8 × 124,843.23 = ¥998,745.85.
TEST_CASE("further-use years: the page's request equals the CLI's, amortised by the hand figure") {
  const Catalogs& c = test::RealCatalogs();
  AppState s;  // the default job: 8 × A100 80GB SXM for 720 h
  s.cost.purchase_use_years = 3;
  const CostRequest page = MakeCostRequest(s.cost, Language::kEnglish, c.regions);
  REQUIRE(page.purchase_use_years == 3.0);
  const CostRequestParse cli = ParseCostRequestText(
      R"({"gpu": "a100-80gb-sxm", "gpus": 8, "hours": 720, "purchase_use_years": 3})", c);
  REQUIRE(cli.ok());
  const CostReport a = ComputeCost(page, c.gpus, c.regions, c.pricing);
  const CostReport b = ComputeCost(cli.request, c.gpus, c.regions, c.pricing);
  CHECK(a.purchase_basis == PurchaseBasis::kAmortised);
  CHECK(b.purchase_basis == PurchaseBasis::kAmortised);
  REQUIRE(a.rows.size() == b.rows.size());
  for (size_t i = 0; i < a.rows.size(); ++i) {
    INFO(a.rows[i].region_id << " " << ServiceId(a.rows[i].service));
    CHECK(a.rows[i].total_cost.has_value() == b.rows[i].total_cost.has_value());
    if (a.rows[i].total_cost && b.rows[i].total_cost) CHECK(a.rows[i].total_cost->amount == b.rows[i].total_cost->amount);
  }
  CHECK(a.cheapest == b.cheapest);

  const CostRow* buy = Row(a, "us-east-virginia", ServiceKind::kPurchase);
  REQUIRE(buy);
  REQUIRE(buy->compute_cost.has_value());
  CHECK(buy->compute_cost->amount == doctest::Approx(27362.90).epsilon(1e-6));
  CHECK_FALSE(buy->price_comparable);  // one seller: listed, never the headline's pick
  s.cost.purchase_use_years.reset();
  const CostReport outlay = ComputeCost(MakeCostRequest(s.cost, Language::kEnglish, c.regions), c.gpus, c.regions, c.pricing);
  const CostRow* whole = Row(outlay, "us-east-virginia", ServiceKind::kPurchase);
  REQUIRE(whole);
  CHECK(whole->compute_cost->amount == doctest::Approx(998745.85).epsilon(1e-6));
}

TEST_CASE("further-use years out of range reach the engine as its own error, and the view recomputes on change") {
  const Catalogs& c = test::RealCatalogs();
  AppState s;
  CostDerived d;
  UpdateCostDerived(s, c, d, Language::kEnglish);
  REQUIRE(d.valid);
  const int before = d.computations;
  s.cost.purchase_use_years = 3;
  UpdateCostDerived(s, c, d, Language::kEnglish);
  CHECK(d.computations == before + 1);  // part of the cache key (CostState ==)
  CHECK(d.report.purchase_basis == PurchaseBasis::kAmortised);
  s.cost.purchase_use_years = 25;  // only a state built in code gets here (link and field refuse it)
  UpdateCostDerived(s, c, d, Language::kEnglish);
  CHECK_FALSE(d.valid);
  CHECK(test::AnyContains(d.errors, "field \"purchase_use_years\" is 25, must be in (0, 20]"));
}

TEST_CASE("a budget case keeps the reader's further-use years, as it keeps the currency") {
  const Catalogs& c = test::RealCatalogs();
  AppState s;
  s.cost.purchase_use_years = 4;
  REQUIRE(ApplyCostPreset(s, c, "C"));
  CHECK(s.cost.purchase_use_years == 4.0);
  s.cost.purchase_use_years.reset();
  REQUIRE(ApplyCostPreset(s, c, "A"));
  CHECK_FALSE(s.cost.purchase_use_years.has_value());
}

}  // namespace purchase_use_years_test
