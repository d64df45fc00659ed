// In Chinese the Cost view's break-even region defaults to the cheapest mainland-China row.
#include "app/cost_model.hpp"
#include "test_support.hpp"

#include <doctest/doctest.h>

using namespace atlas;

TEST_CASE("cost: a Chinese reader's default break-even region is in mainland China; a chosen one stays") {
  const Catalogs& c = test::RealCatalogs();
  AppState state;
  CostDerived zh;
  UpdateCostDerived(state, c, zh, Language::kChinese);
  REQUIRE(zh.valid);
  REQUIRE(zh.focus_region >= 0);
  CHECK(c.regions.regions[static_cast<size_t>(zh.focus_region)].in_china());

  state.cost.focus_region = "us-east-virginia";
  CostDerived chosen;
  UpdateCostDerived(state, c, chosen, Language::kChinese);
  REQUIRE(chosen.focus_region >= 0);
  CHECK(c.regions.regions[static_cast<size_t>(chosen.focus_region)].id == "us-east-virginia");
}
