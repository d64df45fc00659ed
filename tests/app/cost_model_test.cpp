// The Cost & region view's derived data: recomputed only on change, chart series consistent with
// the engine's report, price overrides, and the guides' budget cases (案例 A/B/C) with the
// figures the view shows next to the guide's.
#include "app/cost_model.hpp"
#include "test_support.hpp"

#include <doctest/doctest.h>

#include <cmath>

namespace cost_model_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;

namespace {

const PresetFigure* Figure(const PresetOutcome& o, const std::string& label_start) {
  for (const PresetFigure& f : o.figures)
    if (PlainSpaces(f.label).rfind(label_start, 0) == 0) return &f;  // labels join figures with U+00A0
  return nullptr;
}

bool AllFinite(const CostDerived& d) {
  for (const RegionSeries& r : d.map_regions)
    if (!std::isfinite(r.kwh_price) || !std::isfinite(r.energy_cost) || !std::isfinite(r.co2_kg)) return false;
  for (const FormCurve& f : d.curves)
    for (const DutyPoint& p : f.points)
      if (!std::isfinite(p.cost)) return false;
  return true;
}

}  // namespace

TEST_CASE("cost derived data recomputes only when the inputs change") {
  const Catalogs& c = test::RealCatalogs();
  AppState state;
  CostDerived d;
  for (int frame = 0; frame < 10; ++frame) UpdateCostDerived(state, c, d, state.language);
  CHECK(d.computations == 1);
  CHECK(d.valid);
  state.cost.hours = 100;
  UpdateCostDerived(state, c, d, state.language);
  UpdateCostDerived(state, c, d, state.language);
  CHECK(d.computations == 2);
  state.tier_map.tier = 2;  // another view's state does not count
  UpdateCostDerived(state, c, d, state.language);
  CHECK(d.computations == 2);
  SetPriceOverride(state.cost, "a100-80gb-sxm-container-aws-21", 2.0);
  UpdateCostDerived(state, c, d, state.language);
  CHECK(d.computations == 3);
}

TEST_CASE("chart series follow the engine's report") {
  const Catalogs& c = test::RealCatalogs();
  AppState state;
  state.cost.gpu = "h100-sxm";
  state.cost.gpus = 8;
  state.cost.hours = 500;
  state.cost.duty_cycle = 0.5;
  CostDerived d;
  UpdateCostDerived(state, c, d, state.language);
  REQUIRE(d.valid);
  CHECK(d.map_regions.size() == c.regions.regions.size());
  CHECK(d.regions.size() == c.regions.regions.size());  // no filter = every region
  // East hubs, then west hubs, then global.
  for (size_t i = 1; i < d.regions.size(); ++i)
    CHECK(RegionGroupOrder(d.regions[i - 1].group) <= RegionGroupOrder(d.regions[i].group));
  CHECK(d.regions.front().group == "cn-east");
  CHECK(d.regions.back().group == "global");
  // Each bar is the report's row of the bar service (no filter: the cheapest row's form).
  REQUIRE(d.report.cheapest);
  CHECK(d.bar_service == d.report.rows[*d.report.cheapest].service);
  for (const RegionSeries& rs : d.regions) {
    const std::string& id = c.regions.regions[rs.region_index].id;
    for (const CostRow& row : d.report.rows)
      if (row.region_id == id && row.service == d.bar_service) {
        CHECK(rs.energy_cost == doctest::Approx(row.energy_cost.amount));
        CHECK(rs.co2_kg == doctest::Approx(row.co2_kg));
        CHECK(rs.rental_cost.has_value() == row.compute_cost.has_value());
      }
  }
  CHECK(d.kwh_price_min < d.kwh_price_max);
  CHECK(AllFinite(d));
  // Break-even marks: both lines cost the same there, within 0-100 %.
  REQUIRE(d.focus_region >= 0);
  for (const BreakEvenMark& m : d.marks) {
    CHECK(m.duty > 0);
    CHECK(m.duty <= 1);
    const FormCurve* a = nullptr;
    const FormCurve* b = nullptr;
    for (const FormCurve& f : d.curves) {
      if (f.service == m.a) a = &f;
      if (f.service == m.b) b = &f;
    }
    REQUIRE(a);
    REQUIRE(b);
    CHECK(a->model.At(m.duty) == doctest::Approx(b->model.At(m.duty)));
  }
  // The focus region can be chosen.
  state.cost.focus_region = "cn-guizhou";
  UpdateCostDerived(state, c, d, state.language);
  CHECK(c.regions.regions[d.focus_region].id == "cn-guizhou");
}

TEST_CASE("price overrides change the quote and the costs; invalid ones are ignored") {
  const Catalogs& c = test::RealCatalogs();
  CostState s;
  s.gpu = "rtx-4090";
  s.gpus = 1;
  s.hours = 10;
  s.service = "container";
  s.regions = {"cn-guizhou"};
  AppState state;
  state.cost = s;
  CostDerived d;
  UpdateCostDerived(state, c, d, state.language);
  REQUIRE(d.valid);
  REQUIRE(d.report.rows.size() == 1);
  CHECK(d.report.rows[0].total_cost->amount == doctest::Approx(19.9));  // the median of 1.65, 1.99 and 2.27 CNY/h × 10 h
  SetPriceOverride(state.cost, "rtx-4090-container-zhixingyun-2026-09", 3.0);
  CHECK(state.cost.price_overrides.size() == 1);
  SetPriceOverride(state.cost, "rtx-4090-container-zhixingyun-2026-09", 2.0);  // replaces
  CHECK(state.cost.price_overrides.size() == 1);
  UpdateCostDerived(state, c, d, state.language);
  CHECK(d.report.rows[0].total_cost->amount == doctest::Approx(20.0));
  SetPriceOverride(state.cost, "rtx-4090-container-zhixingyun-2026-09", 0);  // removes
  CHECK(state.cost.price_overrides.empty());
  PricingCatalog p = ApplyPriceOverrides(c.pricing, {{"no-such-id", 5}, {"rtx-4090-container-zhixingyun-2026-09", NAN}});
  CHECK(p.prices.size() == c.pricing.prices.size());
  CHECK(ChoosePrice(p, "rtx-4090", ServiceKind::kContainer, *c.regions.Find("cn-guizhou")).record->Amount() == doctest::Approx(1.99));  // the quote at the median
}

TEST_CASE("bad inputs give errors, not NaN") {
  const Catalogs& c = test::RealCatalogs();
  AppState state;
  state.cost.hours = -1;
  state.cost.gpu = "no-such-card";
  state.cost.usd_cny = 500;
  CostDerived d;
  UpdateCostDerived(state, c, d, state.language);
  CHECK_FALSE(d.valid);
  CHECK(d.errors.size() >= 3);
  CHECK(d.regions.empty());
  CHECK(AllFinite(d));
}

TEST_CASE("USD figures are the CNY figures over the rate") {
  const Catalogs& c = test::RealCatalogs();
  AppState cny;
  cny.cost.gpu = "h100-sxm";
  cny.cost.usd_cny = 8.0;
  AppState usd = cny;
  usd.cost.currency = "USD";
  CostDerived a, b;
  UpdateCostDerived(cny, c, a, cny.language);
  UpdateCostDerived(usd, c, b, usd.language);
  REQUIRE(a.valid);
  REQUIRE(b.valid);
  REQUIRE(a.regions.size() == b.regions.size());
  for (size_t i = 0; i < a.regions.size(); ++i) {
    CHECK(b.regions[i].energy_cost * 8.0 == doctest::Approx(a.regions[i].energy_cost));
    if (a.regions[i].rental_cost) CHECK(*b.regions[i].rental_cost * 8.0 == doctest::Approx(*a.regions[i].rental_cost));
  }
}

TEST_CASE("preset A: Llama 3 8B QLoRA on one 4090, 8 h x 3 days") {
  const Catalogs& c = test::RealCatalogs();
  AppState state;
  state.cost.currency = "USD";
  REQUIRE(ApplyCostPreset(state, c, "A"));
  CHECK(state.cost.currency == "USD");  // the user's currency is kept
  CHECK(state.cost.gpu == "rtx-4090");
  CHECK(state.cost.gpus == 1);
  CHECK(state.cost.hours == doctest::Approx(24));
  CHECK(state.cost.duty_cycle == doctest::Approx(1.0 / 3));
  CHECK(state.calculator.workload.task == Task::kQlora);
  CHECK(state.calculator.workload.model.id == "llama-3-8b");
  CostDerived d;
  UpdateCostDerived(state, c, d, state.language);
  REQUIRE(d.valid);
  REQUIRE(d.preset);
  const PresetOutcome& o = *d.preset;
  CHECK(o.id == "A");
  CHECK(o.why.size() >= 2);
  const PresetFigure* rent = Figure(o, "Rent for 24 h");
  REQUIRE(rent);
  CHECK(rent->guide_low_cny == doctest::Approx(100));
  CHECK(rent->guide_high_cny == doctest::Approx(200));
  REQUIRE(rent->engine_cny);
  CHECK(*rent->engine_cny == doctest::Approx(1.99 * 24));  // median of three mainland sellers, ¥47.76
  CHECK(*rent->engine_cny < *rent->guide_low_cny);
  const PresetFigure* tokens = Figure(o, "Training tokens");
  REQUIRE(tokens);
  CHECK(tokens->engine.find("tokens/s") != std::string::npos);
}

TEST_CASE("preset B: 13B weekly training on A100 80G + A10 inference") {
  const Catalogs& c = test::RealCatalogs();
  AppState state;
  REQUIRE(ApplyCostPreset(state, c, "B"));
  CHECK(state.cost.gpu == "a100-80gb-sxm");
  CHECK(state.cost.gpus >= 2);  // 13B full training does not fit one 80 GB card
  CHECK(state.cost.duty_cycle > 0);
  CHECK(state.cost.duty_cycle <= 1);
  CostDerived d;
  UpdateCostDerived(state, c, d, state.language);
  REQUIRE(d.valid);
  REQUIRE(d.preset);
  const PresetOutcome& o = *d.preset;
  const PresetFigure* server = Figure(o, "A100 80G cloud server");
  REQUIRE(server);
  CHECK(server->guide_low_cny == doctest::Approx(10000));
  // No monthly A100 80G quote: the engine shows 730 h on the mainland container instead.
  CHECK(server->engine.find("no monthly A100 80G quote") != std::string::npos);
  REQUIRE(server->engine_cny);
  // 730 h at the median of the current mainland A100 80G container quotes (Gitee AI ¥7.00,
  // Zhixingyun ¥8.00, Alibaba ¥9.80, China Telecom ¥31.27, Alibaba gn7e ¥34.74, Volcano ¥50.40 an
  // hour): (9.80 + 31.27) / 2.
  const PriceChoice a100 = ChoosePrice(c.pricing, "a100-80gb-sxm", ServiceKind::kContainer, *c.regions.Find("cn-guizhou"));
  REQUIRE(a100.amount_cny);
  CHECK(a100.statistic == PriceStatistic::kMedian);
  CHECK_FALSE(a100.stats.stale_only);
  CHECK(*a100.amount_cny == doctest::Approx((9.80 + 31.27) / 2));
  CHECK(*server->engine_cny == doctest::Approx(*a100.amount_cny * kHoursPerMonth));
  const PresetFigure* inference = Figure(o, "A10 inference");
  REQUIRE(inference);
  REQUIRE(inference->engine_cny);
  CHECK(*inference->engine_cny == doctest::Approx(2 * 1.23 * 6.9858 * kHoursPerMonth).epsilon(0.001));
  const PresetFigure* year = Figure(o, "A year");
  REQUIRE(year);
  REQUIRE(year->engine_cny);
  CHECK(*year->engine_cny > 100000);  // above the guide's budget
  // No monthly A100 quote of either size is left (the only one, a 2023 survey range without a
  // month, was removed): nothing about an A100 40GB monthly price is claimed.
  CHECK(server->engine.find("A100 40GB monthly") == std::string::npos);
  // A price typed by the user for a mainland container quote moves the figure: Gitee AI's ¥7.00
  // typed as ¥40 makes the median (31.27 + 34.742) / 2.
  AppState edited = state;
  SetPriceOverride(edited.cost, "a100-80gb-sxm-container-gitee-ai-2026-07", 40);
  CostDerived e;
  UpdateCostDerived(edited, c, e, edited.language);
  REQUIRE(e.preset);
  const PresetFigure* typed = Figure(*e.preset, "A100 80G cloud server");
  REQUIRE(typed);
  REQUIRE(typed->engine_cny);
  CHECK(*typed->engine_cny == doctest::Approx((31.27 + 34.742) / 2 * kHoursPerMonth));
}

TEST_CASE("preset C: 64 H800, Inner Mongolia / Guizhou vs Shanghai") {
  const Catalogs& c = test::RealCatalogs();
  AppState state;
  REQUIRE(ApplyCostPreset(state, c, "C"));
  CHECK(state.cost.gpu == "h800-sxm");
  CHECK(state.cost.gpus == 64);
  CHECK(state.cost.regions.size() == 3);
  CHECK(state.cost.hours > 24 * 30);  // months of pre-training (estimate engine)
  CostDerived d;
  UpdateCostDerived(state, c, d, state.language);
  REQUIRE(d.valid);
  REQUIRE(d.preset);
  const PresetOutcome& o = *d.preset;
  const PresetFigure* hw = Figure(o, "Buy 64 H800");
  REQUIRE(hw);
  REQUIRE(hw->engine_cny);
  // The only dated H800 purchase price: an 8-card server at about 230 万 CNY before the US export
  // update of October 2023 (Caixin, estimate) / 8, server included, plus 5 % spares. It is older than
  // 12 months, so it is used only because no current quote exists.
  CHECK(*hw->engine_cny == doctest::Approx(64 * 287500 * 1.05));
  CHECK(c.pricing.GapFor("h800-sxm", ServiceKind::kPurchase, "cn") == nullptr);
  const PresetFigure* share = Figure(o, "Saving as a share");
  REQUIRE(share);
  CHECK(share->engine.find("%") != std::string::npos);
  // The electricity saved (Inner Mongolia vs Shanghai) is a few percent of owning the cluster for the run.
  const PresetFigure* power = Figure(o, "Electricity of the run");
  REQUIRE(power);
  REQUIRE(power->engine_cny);
  CHECK(*power->engine_cny > 0);
  const CostRow* sh = nullptr;
  for (const CostRow& r : d.report.rows)
    if (r.region_id == "cn-yangtze-delta" && r.service == ServiceKind::kPurchase) sh = &r;
  REQUIRE(sh);
  REQUIRE(sh->total_cost);
  CHECK(*power->engine_cny / sh->total_cost->amount < 0.10);
  // Renting bare metal in Inner Mongolia is still priced (H800 bare-metal quotes, 2026-08/09).
  const PresetFigure* bare = Figure(o, "Rent bare metal");
  REQUIRE(bare);
  REQUIRE(bare->engine_cny);
  CHECK(*bare->engine_cny > 0);
  // The break-even chart shows Inner Mongolia.
  CHECK(c.regions.regions[d.focus_region].id == "cn-inner-mongolia");
}

TEST_CASE("unknown preset ids leave the state alone") {
  const Catalogs& c = test::RealCatalogs();
  AppState state;
  const CostState before = state.cost;
  CHECK_FALSE(ApplyCostPreset(state, c, "Z"));
  CHECK(state.cost == before);
  CHECK(ComputePresetOutcome("Z", c, state.cost).figures.empty());
}

TEST_CASE("price display: the card's market per form and market; a recorded search where there is no quote") {
  const Catalogs& c = test::RealCatalogs();
  AppState state;
  state.cost.gpu = "rtx-4090";
  state.cost.gpus = 1;
  state.cost.hours = 24;
  CostDerived d;
  UpdateCostDerived(state, c, d, state.language);
  REQUIRE(d.valid);
  const MarketLine* global = nullptr;
  const MarketLine* cn_monthly = nullptr;
  for (const MarketLine& m : d.market) {
    if (m.service == ServiceKind::kContainer && m.market == "global") global = &m;
    if (m.service == ServiceKind::kMonthlyServer && m.market == "cn") cn_monthly = &m;
  }
  REQUIRE(global);
  CHECK(global->stats.quotes >= 3);
  CHECK(global->stats.sellers >= 2);
  CHECK(global->min <= global->median);
  CHECK(global->median <= global->max);
  REQUIRE(global->newest);
  CHECK(!global->newest->sources.empty());
  CHECK_FALSE(global->gap);
  // No mainland monthly price for a 4090 was found: the line carries the search, not a number.
  REQUIRE(cn_monthly);
  REQUIRE(cn_monthly->gap);
  CHECK(cn_monthly->stats.quotes == 0);
  CHECK(!cn_monthly->gap->searched.empty());
}

}  // namespace cost_model_test
