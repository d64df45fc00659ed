// The Cost view's table of hubs: one row per hub of the job with its electricity price, PUE,
// carbon intensity, latency to the user's city and rent; rent follows the hub's own quotes;
// sorting puts missing values last in both directions.
#include "app/cost_hub_table.hpp"
#include "test_support.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>

namespace cost_hub_table_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;

namespace {

const HubRow* Row(const CostDerived& d, const Catalogs& c, const std::string& id) {
  for (const HubRow& h : d.hubs)
    if (c.regions.regions[h.region_index].id == id) return &h;
  return nullptr;
}

}  // namespace

// With a latency limit, a hub over it is tagged "latency limit"; one whose latency to the user's
// city is not in the data is tagged "latency not known" (a review: Hong Kong, Seoul and Tokyo
// read as over 30 ms to Shanghai when no figure exists).
TEST_CASE("hub table: a latency limit leaves out hubs over it and hubs with no latency known, each said so") {
  const Catalogs& c = test::RealCatalogs();
  AppState state;
  state.cost.gpu = "h100-sxm";
  state.cost.user_centre = "shanghai";
  state.cost.max_latency_ms = 21;
  CostDerived d;
  UpdateCostDerived(state, c, d, Language::kEnglish);
  REQUIRE(d.valid);
  const HubRow* delta = Row(d, c, "cn-yangtze-delta");    // 3 ms
  const HubRow* guizhou = Row(d, c, "cn-guizhou");        // 25 ms
  const HubRow* hong_kong = Row(d, c, "ap-hongkong");     // not in the data
  REQUIRE(delta);
  REQUIRE(guizhou);
  REQUIRE(hong_kong);
  CHECK(delta->excluded == HubExclusion::kNone);
  CHECK(guizhou->excluded == HubExclusion::kLatency);
  CHECK(hong_kong->excluded == HubExclusion::kLatencyUnknown);
  CHECK_FALSE(hong_kong->latency_ms);
}

TEST_CASE("hub table: the region's figures per row, rent pooling the hub's own sellers with the market's") {
  const Catalogs& c = test::RealCatalogs();
  AppState state;
  state.cost.gpu = "h100-sxm";
  state.cost.gpus = 8;
  state.cost.service = "container";
  state.cost.user_centre = "shanghai";
  CostDerived d;
  UpdateCostDerived(state, c, d, Language::kEnglish);
  REQUIRE(d.valid);
  REQUIRE(d.hubs.size() == d.regions.size());
  for (const HubRow& h : d.hubs) {
    const Region& r = c.regions.regions[h.region_index];
    INFO(r.id);
    CHECK(h.carbon_g_per_kwh == r.carbon_gco2_per_kwh);
    CHECK(h.pue >= 1);
    CHECK(std::isfinite(h.kwh_price));
    if (auto it = r.latency_ms.find("shanghai"); it != r.latency_ms.end()) {
      REQUIRE(h.latency_ms);
      CHECK(*h.latency_ms == it->second);
    } else {
      CHECK_FALSE(h.latency_ms);
    }
  }
  // H100 has a seller located in Tokyo and one in Frankfurt (Google Cloud's on-demand list prices
  // in data/pricing.json, ~1.8x and ~4x the market's median): each is pooled with the market's
  // region-wide quotes, so those hubs' rents stay near the market's instead of at a hyperscaler's
  // list price (a review saw an A100 hub at ¥140,647 beside its neighbours' ¥62,617).
  const HubRow* tokyo = Row(d, c, "ap-tokyo");
  const HubRow* frankfurt = Row(d, c, "eu-central-frankfurt");
  const HubRow* ireland = Row(d, c, "eu-west-ireland");  // no seller located there
  REQUIRE(tokyo);
  REQUIRE(frankfurt);
  REQUIRE(ireland);
  REQUIRE(tokyo->rent);
  REQUIRE(frankfurt->rent);
  REQUIRE(ireland->rent);
  CHECK(tokyo->rent_scope == QuoteScope::kRegion);
  CHECK(frankfurt->rent_scope == QuoteScope::kRegion);
  CHECK(ireland->rent_scope == QuoteScope::kMarket);
  CHECK(*tokyo->rent >= *ireland->rent);
  CHECK(*tokyo->rent < 1.1 * *ireland->rent);
  CHECK(*frankfurt->rent < 1.1 * *ireland->rent);
  CHECK(tokyo->rent_summary.find("; 1 of them from sellers in this hub") != std::string::npos);
  CHECK(ireland->rent_summary.find("from sellers in this hub") == std::string::npos);
  // Without a city there is no latency to show.
  state.cost.user_centre.clear();
  UpdateCostDerived(state, c, d, Language::kEnglish);
  for (const HubRow& h : d.hubs) CHECK_FALSE(h.latency_ms);
}

TEST_CASE("hub table order: by column, missing values last both ways, hub order for ties and bad columns") {
  std::vector<HubRow> rows(4);
  rows[0].group = "global", rows[0].region_index = 9, rows[0].kwh_price = 0.9, rows[0].rent = 300;
  rows[1].group = "cn-east", rows[1].region_index = 0, rows[1].kwh_price = 0.6, rows[1].latency_ms = 30;
  rows[2].group = "cn-west", rows[2].region_index = 5, rows[2].kwh_price = 0.3, rows[2].rent = 100, rows[2].latency_ms = 40;
  rows[3].group = "cn-east", rows[3].region_index = 1, rows[3].kwh_price = 0.6, rows[3].rent = 200;
  CHECK(HubRowOrder(rows, HubColumn::kHub, true) == std::vector<int>{1, 3, 2, 0});
  CHECK(HubRowOrder(rows, HubColumn::kHub, false) == std::vector<int>{0, 2, 3, 1});
  CHECK(HubRowOrder(rows, HubColumn::kElectricity, true) == std::vector<int>{2, 1, 3, 0});
  CHECK(HubRowOrder(rows, HubColumn::kElectricity, false) == std::vector<int>{0, 1, 3, 2});
  CHECK(HubRowOrder(rows, HubColumn::kRent, true) == std::vector<int>{2, 3, 0, 1});   // no price last
  CHECK(HubRowOrder(rows, HubColumn::kRent, false) == std::vector<int>{0, 3, 2, 1});  // ... both ways
  CHECK(HubRowOrder(rows, HubColumn::kLatency, false) == std::vector<int>{2, 1, 3, 0});
  CHECK(HubRowOrder(rows, static_cast<HubColumn>(42), true) == HubRowOrder(rows, HubColumn::kHub, true));
  CHECK(HubRowOrder({}, HubColumn::kRent, true).empty());
  // Tied rents (one market's median): the headline's hub first, then the lower grid CO2.
  std::vector<HubRow> tied(3);
  for (int i = 0; i < 3; ++i) tied[i].group = "global", tied[i].region_index = i, tied[i].rent = 500;
  tied[0].carbon_g_per_kwh = 400, tied[1].carbon_g_per_kwh = 30, tied[2].carbon_g_per_kwh = 100;
  CHECK(HubRowOrder(tied, HubColumn::kRent, true) == std::vector<int>{1, 2, 0});
  tied[2].cheapest = true;
  CHECK(HubRowOrder(tied, HubColumn::kRent, true) == std::vector<int>{2, 1, 0});
}

TEST_CASE("hub table and verdict agree: the verdict's row is a table row, with its price, marks and form") {
  const Catalogs& c = test::RealCatalogs();
  for (const Language language : {Language::kEnglish, Language::kChinese}) {
    AppState state;  // the default Cost view (#v=1&view=cost)
    CostDerived d;
    UpdateCostDerived(state, c, d, language);
    REQUIRE(d.valid);
    REQUIRE(d.report.cheapest);
    const CostRow& pick = d.report.rows[*d.report.cheapest];
    CHECK(d.bar_service == pick.service);  // the table shows the verdict's form
    int marked = 0;
    for (const HubRow& h : d.hubs) {
      if (!h.cheapest) continue;
      ++marked;
      CHECK(c.regions.regions[h.region_index].id == pick.region_id);
      REQUIRE(h.rent);
      REQUIRE(pick.compute_cost);
      CHECK(*h.rent == doctest::Approx(pick.compute_cost->amount));
      CHECK(h.rent_summary == pick.price_summary);
      CHECK(h.rent_estimate == (pick.price && pick.price->estimate));
      CHECK(h.rent_scope == pick.price_choice->scope);
    }
    CHECK(marked == 1);
    CHECK_FALSE(pick.price_summary.empty());
    // A verdict priced from the other market's sellers only when no row has a local price.
    if (pick.price_choice->scope == QuoteScope::kOtherMarket)
      for (const CostRow& row : d.report.rows)
        CHECK_FALSE((row.total_cost && row.meets_constraints && row.price_choice->scope != QuoteScope::kOtherMarket));
  }
}

TEST_CASE("hub table order: hubs left out by the constraints (greyed) after every hub that is in, any column, any direction") {
  // Two hubs that are in, two left out: the left-out ones are cheaper, cleaner and closer, so a
  // plain sort would list them first.
  std::vector<HubRow> rows(5);
  rows[0].group = "global", rows[0].region_index = 9, rows[0].kwh_price = 0.1, rows[0].rent = 10, rows[0].latency_ms = 5;
  rows[0].meets_constraints = false, rows[0].excluded = HubExclusion::kOtherMarket;
  rows[1].group = "cn-east", rows[1].region_index = 0, rows[1].kwh_price = 0.6, rows[1].rent = 200, rows[1].latency_ms = 30;
  rows[2].group = "cn-west", rows[2].region_index = 5, rows[2].kwh_price = 0.3, rows[2].rent = 100;
  rows[3].group = "global", rows[3].region_index = 7, rows[3].kwh_price = 0.2, rows[3].rent = 20, rows[3].latency_ms = 900;
  rows[3].meets_constraints = false, rows[3].excluded = HubExclusion::kLatency;
  rows[4].group = "cn-east", rows[4].region_index = 1, rows[4].kwh_price = 0.5;  // in, no price
  auto in_first = [&](const std::vector<int>& order) {
    bool seen_out = false;
    for (int i : order) {
      if (!rows[i].meets_constraints) seen_out = true;
      else if (seen_out) return false;
    }
    return true;
  };
  for (int col = 0; col < kHubColumnCount; ++col)
    for (const bool ascending : {true, false}) {
      INFO(col << (ascending ? " ascending" : " descending"));
      CHECK(in_first(HubRowOrder(rows, static_cast<HubColumn>(col), ascending)));
    }
  // Within each part the column's order holds, missing values last.
  CHECK(HubRowOrder(rows, HubColumn::kRent, true) == std::vector<int>{2, 1, 4, 0, 3});
  CHECK(HubRowOrder(rows, HubColumn::kRent, false) == std::vector<int>{1, 2, 4, 3, 0});
  CHECK(HubRowOrder(rows, HubColumn::kLatency, true) == std::vector<int>{1, 4, 2, 0, 3});  // ties: hub order
  CHECK(HubRowOrder(rows, HubColumn::kHub, true) == std::vector<int>{1, 4, 2, 3, 0});
  CHECK(HubRowOrder(rows, HubColumn::kHub, false) == std::vector<int>{2, 4, 1, 0, 3});
}

TEST_CASE("hub table: \"mainland China only\" greys the hubs outside it as another market's; a latency limit as too far") {
  const Catalogs& c = test::RealCatalogs();
  AppState state;
  state.cost.gpu = "h100-sxm";
  state.cost.service = "container";
  state.cost.domestic_only = true;
  CostDerived d;
  UpdateCostDerived(state, c, d, Language::kEnglish);
  REQUIRE(d.valid);
  int out = 0, in = 0;
  for (const HubRow& h : d.hubs) {
    const Region& r = c.regions.regions[h.region_index];
    INFO(r.id);
    CHECK(h.meets_constraints == r.in_china());
    CHECK(h.excluded == (r.in_china() ? HubExclusion::kNone : HubExclusion::kOtherMarket));
    (r.in_china() ? in : out)++;
  }
  CHECK(in > 0);
  CHECK(out > 0);
  // The default order (rent, cheapest first) lists every mainland hub first.
  const std::vector<int> order = HubRowOrder(d.hubs, HubColumn::kRent, true);
  for (size_t k = 0; k < order.size(); ++k) {
    INFO(k);
    CHECK(d.hubs[order[k]].meets_constraints == (static_cast<int>(k) < in));
  }
  // Every hub allowed, a latency limit from Shanghai: the hubs with no latency known to it (the
  // global ones) are out, and said to be for that reason, not for being over the limit.
  state.cost.domestic_only = false;
  state.cost.user_centre = "shanghai";
  state.cost.max_latency_ms = 60;
  UpdateCostDerived(state, c, d, Language::kEnglish);
  REQUIRE(d.valid);
  int far = 0;
  for (const HubRow& h : d.hubs) {
    INFO(c.regions.regions[h.region_index].id);
    CHECK(h.excluded == (h.meets_constraints ? HubExclusion::kNone
                         : h.latency_ms          ? HubExclusion::kLatency
                                                 : HubExclusion::kLatencyUnknown));
    far += !h.meets_constraints;
  }
  CHECK(far > 0);
}

}  // namespace cost_hub_table_test
