// In Chinese the Cost view's break-even region defaults to the cheapest mainland-China row.
#include "app/cost_model.hpp"
#include "app/share_link.hpp"
#include "test_support.hpp"

#include <doctest/doctest.h>

namespace chinese_cost_default_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;

TEST_CASE("cost: a Chinese reader's default break-even region is in mainland China; a chosen one stays") {
  const Catalogs& c = test::RealCatalogs();
  AppState state;
  CostDerived zh;
  UpdateCostDerived(state, c, zh, Language::kChinese);
  REQUIRE(zh.valid);
  REQUIRE(zh.focus_region >= 0);
  CHECK(c.regions.regions[static_cast<size_t>(zh.focus_region)].in_china());
  // The headline's hub, when it is a mainland one: it names one of several tied hubs (by grid
  // CO2), and the chart under it opened on another (the first in table order).
  REQUIRE(zh.report.cheapest);
  CHECK(c.regions.regions[static_cast<size_t>(zh.focus_region)].id == zh.report.rows[*zh.report.cheapest].region_id);

  state.cost.focus_region = "us-east-virginia";
  CostDerived chosen;
  UpdateCostDerived(state, c, chosen, Language::kChinese);
  REQUIRE(chosen.focus_region >= 0);
  CHECK(c.regions.regions[static_cast<size_t>(chosen.focus_region)].id == "us-east-virginia");
}

namespace {

// The region of the cheapest row the Cost view names, for the link in `language`.
std::string CheapestRegion(const std::string& link, Language language) {
  const Catalogs& c = test::RealCatalogs();
  const LinkDecode decoded = DecodeLink(link, c);
  CostDerived d;
  UpdateCostDerived(decoded.state, c, d, language);
  REQUIRE(d.valid);
  REQUIRE(d.report.cheapest.has_value());
  return d.report.rows[*d.report.cheapest].region_id;
}

bool InChina(const std::string& region_id) { return test::RealCatalogs().regions.Find(region_id)->in_china(); }

}  // namespace

TEST_CASE("cost: Chinese readers keep to mainland China unless they chose otherwise; English readers are unchanged (17.6)") {
  const Catalogs& c = test::RealCatalogs();
  // A bare link: Chinese prices in mainland China (the walkthrough's rule), English over all regions.
  CHECK(InChina(CheapestRegion("#v=1&view=cost", Language::kChinese)));
  CHECK_FALSE(InChina(CheapestRegion("#v=1&view=cost", Language::kEnglish)));
  AppState bare;
  CHECK(CostMainlandOnly(bare.cost, Language::kChinese, c.regions));
  CHECK_FALSE(CostMainlandOnly(bare.cost, Language::kEnglish, c.regions));
  CHECK(MakeCostRequest(bare.cost, Language::kChinese, c.regions).domestic_only);
  // The reader's choice wins in both languages and stays in the link.
  CHECK_FALSE(InChina(CheapestRegion("#v=1&view=cost&cost.domestic=0", Language::kChinese)));
  CHECK(InChina(CheapestRegion("#v=1&view=cost&cost.domestic=1", Language::kEnglish)));
  const LinkDecode off = DecodeLink("#v=1&view=cost&cost.domestic=0", c);
  CHECK(off.notices.empty());
  REQUIRE(off.state.cost.domestic_only.has_value());
  CHECK_FALSE(*off.state.cost.domestic_only);
  CHECK(EncodeLink(off.state, c).find("cost.domestic=false") != std::string::npos);
  CHECK(EncodeLink(bare, c).find("cost.domestic") == std::string::npos);
  // Regions picked abroad decide (a filter with no mainland region); the break-even chart's
  // region does not change the table.
  CHECK(CheapestRegion("#v=1&view=cost&cost.regions=us-west-oregon", Language::kChinese) == "us-west-oregon");
  AppState focus;
  focus.cost.focus_region = "us-east-virginia";
  CHECK(CostMainlandOnly(focus.cost, Language::kChinese, c.regions));
  // A filter that keeps a mainland region still keeps to the mainland in Chinese.
  AppState mixed;
  for (const Region& r : c.regions.regions) mixed.cost.regions.push_back(r.id);
  mixed.cost.regions.pop_back();
  CHECK(CostMainlandOnly(mixed.cost, Language::kChinese, c.regions));
  // A bad switch value is refused with a notice, the default kept.
  const LinkDecode bad = DecodeLink("#v=1&view=cost&cost.domestic=maybe", c);
  CHECK_FALSE(bad.notices.empty());
  CHECK_FALSE(bad.state.cost.domestic_only.has_value());
}

}  // namespace chinese_cost_default_test
