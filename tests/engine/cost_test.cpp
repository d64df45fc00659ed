// Cost engine tests: every figure is checked against a hand computation written next to it,
// using the round-number fixture catalogs of cost_fixtures.hpp (test-card: 700 W board power).
#include "cost_fixtures.hpp"
#include "engine/cost.hpp"
#include "test_support.hpp"

#include <doctest/doctest.h>

#include <tuple>

namespace cost_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;
using namespace atlas::test;

namespace {

struct Fixture {
  GpuCatalog gpus;
  RegionCatalog regions;
  PricingCatalog pricing;
  Fixture() {
    Json other = ValidGpuRecord();
    other["id"] = "other-card";  // a card without any price
    gpus = LoadGpuCatalog(CatalogText(Json::array({ValidGpuRecord(), other})), "g.json").catalog;
    regions = LoadRegionCatalog(RegionsText(Json::array({ValidRegionRecord(), UsRegionRecord()})), "r.json").catalog;
    pricing = LoadPricingCatalog(ValidPricingRoot().dump(), "p.json").catalog;
  }
};

// 2 cards × 100 h at half board power, 20% host overhead, in test-cn (PUE air 1.2).
CostRequest BaseRequest() {
  CostRequest q;
  q.gpu_id = "test-card";
  q.gpus = 2;
  q.hours = 100;
  q.utilization = 0.5;
  q.host_overhead = 0.2;
  q.region_ids = {"test-cn"};
  return q;
}

const CostRow& Row(const CostReport& r, const std::string& region, ServiceKind s) {
  for (const CostRow& row : r.rows)
    if (row.region_id == region && row.service == s) return row;
  FAIL("no row " << region << " " << ServiceId(s));
  return r.rows.front();
}

}  // namespace

TEST_CASE("energy and CO2 formulas against hand computation") {
  // 8 × 0.7 kW × 0.8 × 100 h = 448 kWh of GPU; × 1.3 host = 582.4; × PUE 1.25 = 728 kWh.
  CHECK(EnergyKwh(8, 700, 0.8, 100, 0.3, 1.25) == doctest::Approx(728));
  // 728 kWh × 387 g/kWh = 281,736 g = 281.736 kg.
  CHECK(Co2Kg(728, 387) == doctest::Approx(281.736));
  CHECK(EnergyKwh(1, 450, 1.0, 0, 0.3, 1.2) == 0);
}

TEST_CASE("billing months, virtualisation runtime, purchase capex") {
  CHECK(BilledMonths(72, 1) == 1);      // 3 days: one whole month
  CHECK(BilledMonths(730, 1) == 1);     // exactly one 730-hour month
  CHECK(BilledMonths(731, 1) == 2);
  CHECK(BilledMonths(10000, 12) == 14);  // 10,000 / 730 = 13.7 -> 14 > 12-month minimum
  CHECK(BilledMonths(100, 12) == 12);    // the commitment dominates
  CHECK(RuntimeHours(97, 0.03) == doctest::Approx(100));  // 97 / 0.97
  // 27,500 × 1.05 spares × 1.48 server = 42,735; a server-inclusive quote skips the 1.48.
  CHECK(PurchaseCapexPerGpu(27500, 0.05, 0.48, false) == doctest::Approx(42735));
  CHECK(PurchaseCapexPerGpu(337500, 0.05, 0.48, true) == doctest::Approx(354375));
}

TEST_CASE("container row: rent for running hours; energy shown but not added") {
  Fixture f;
  CostRequest q = BaseRequest();
  CostReport r = ComputeCost(q, f.gpus, f.regions, f.pricing);
  REQUIRE(r.errors.empty());
  const CostRow& c = Row(r, "test-cn", ServiceKind::kContainer);
  // Energy: 2 × 0.7 kW × 0.5 × 100 h = 70 kWh; × 1.2 host = 84; × PUE 1.2 = 100.8 kWh.
  CHECK(c.energy_kwh == doctest::Approx(100.8));
  // At 0.5 CNY/kWh: 50.4 CNY. CO2: 100.8 × 500 g = 50.4 kg.
  CHECK(c.energy_cost.amount == doctest::Approx(50.4));
  CHECK(c.energy_cost.currency == "CNY");
  CHECK(c.energy_cost_local.amount == doctest::Approx(50.4));
  CHECK(c.co2_kg == doctest::Approx(50.4));
  // Rent: 2 GPUs × 10 CNY/h × 100 h = 2,000 CNY; the total does not add the energy.
  REQUIRE(c.compute_cost);
  CHECK(c.compute_cost->amount == doctest::Approx(2000));
  CHECK(c.total_cost->amount == doctest::Approx(2000));
  CHECK_FALSE(c.energy_in_total);
  CHECK(c.price->market == "cn");
  // A year at duty 1: 2 × 10 × 8,760 h = 175,200 CNY.
  CHECK(c.annual_cost->amount == doctest::Approx(175200));

  // In USD at the file's 7 CNY/USD: 2,000 / 7 = 285.714...; at the user's 8: 250.
  q.currency = "USD";
  CHECK(Row(ComputeCost(q, f.gpus, f.regions, f.pricing), "test-cn", ServiceKind::kContainer)
            .total_cost->amount == doctest::Approx(2000.0 / 7));
  q.usd_cny = 8.0;
  const CostReport usd = ComputeCost(q, f.gpus, f.regions, f.pricing);
  CHECK(Row(usd, "test-cn", ServiceKind::kContainer).total_cost->amount == doctest::Approx(250));
  CHECK(Row(usd, "test-cn", ServiceKind::kContainer).energy_cost.amount == doctest::Approx(50.4 / 8));
}

TEST_CASE("monthly server: whole months over the calendar span, virtualisation stretches runtime") {
  Fixture f;
  CostRequest q = BaseRequest();
  q.duty_cycle = 0.1;
  const CostRow m = Row(ComputeCost(q, f.gpus, f.regions, f.pricing), "test-cn", ServiceKind::kMonthlyServer);
  // Runtime 100 / 0.97 = 103.09 h; calendar span 1,030.9 h at duty 0.1 -> ceil(1.41) = 2 months.
  CHECK(m.runtime_hours == doctest::Approx(103.0928).epsilon(1e-5));
  REQUIRE(m.billed_months);
  CHECK(*m.billed_months == 2);
  // 2 GPUs × 5,000 CNY × 2 months = 20,000 CNY; energy 100.8 / 0.97 = 103.918 kWh, not added.
  CHECK(m.total_cost->amount == doctest::Approx(20000));
  CHECK(m.energy_kwh == doctest::Approx(100.8 / 0.97));
  // A year: 2 × 5,000 × 12 = 120,000 CNY whatever the duty cycle (billed while stopped).
  CHECK(m.annual_cost->amount == doctest::Approx(120000));
}

TEST_CASE("purchase: the job's cash outlay by default, an amortised share only over a stated horizon") {
  Fixture f;
  CostRequest q = BaseRequest();
  const CostReport r = ComputeCost(q, f.gpus, f.regions, f.pricing);
  CHECK(r.purchase_basis == PurchaseBasis::kJobOutlay);
  const CostRow p = Row(r, "test-cn", ServiceKind::kPurchase);
  // Capex/GPU = 200,000 × 1.05 × 1.48 = 310,800 CNY. A 100-hour job bought for: the whole capex,
  // 2 × 310,800 = 621,600 CNY; plus energy 100.8 kWh × 0.5 = 50.4 -> 621,650.4.
  CHECK(p.compute_cost->amount == doctest::Approx(621600));
  CHECK(p.energy_in_total);
  CHECK(p.total_cost->amount == doctest::Approx(621650.4));
  CHECK(AnyContains(p.notes, "job-outlay basis"));
  // A year at duty 1: 2 × (310,800 / 4 + 0.504 kWh/h × 0.5 CNY × 8,760 h) = 2 × (77,700 + 2,207.52)
  // = 159,815.04 CNY (the annual figure depreciates over the 4-year life whatever the basis).
  CHECK(p.annual_cost->amount == doctest::Approx(159815.04));

  // A job longer than the 4-year life (35,040 h) buys the cards again: 70,080 h -> 2 card-lives.
  CHECK(PurchaseOutlayPerGpu(310800, 70080, 4) == doctest::Approx(621600));
  CHECK(PurchaseOutlayPerGpu(310800, 10, 4) == doctest::Approx(310800));

  // The user states the cards stay busy for 4 years: share = 2 × 310,800 × 100 h / (4 × 8,760 h)
  // = 62,160,000 / 35,040 = 1,773.9726 CNY; plus 50.4 -> 1,824.3726.
  q.purchase_use_years = 4;
  const CostReport a = ComputeCost(q, f.gpus, f.regions, f.pricing);
  CHECK(a.purchase_basis == PurchaseBasis::kAmortised);
  const CostRow pa = Row(a, "test-cn", ServiceKind::kPurchase);
  CHECK(pa.compute_cost->amount == doctest::Approx(1773.9726).epsilon(1e-6));
  CHECK(pa.total_cost->amount == doctest::Approx(1824.3726).epsilon(1e-6));
  CHECK(AnyContains(pa.notes, "amortised basis: this job bears 100 h / (4 years"));
}

namespace {

// The fixture with a purchase market of two sellers at `price_cny` each (comparable with rent).
PricingCatalog TwoSellerPurchase(double price_cny) {
  Json root = ValidPricingRoot();
  root["providers"].push_back(Json::parse(R"({"id": "test-shop", "name": "Test Shop", "name_zh": "测试商店",
                                              "sources": ["https://example.com/test-shop"]})"));
  for (Json& p : root["prices"])
    if (p["id"] == "test-card-purchase-cn") p["price_per_gpu"] = price_cny;
  Json second = root["prices"].back();
  second["id"] = "test-card-purchase-cn-shop";
  second["provider"] = "Test Shop";
  root["prices"].push_back(second);
  const PricingCatalogLoad load = LoadPricingCatalog(root.dump(), "p.json");
  REQUIRE(load.errors.empty());
  return load.catalog;
}

}  // namespace

TEST_CASE("buy or rent for one job: 10 h rents, a year of continuous use can buy, break-even hours agree") {
  Fixture f;
  // Purchase 40,000 CNY from two sellers: capex 40,000 × 1.05 × 1.48 = 62,160 CNY/GPU. Own power
  // 0.7 kW × 0.5 × 1.2 × PUE 1.2 = 0.504 kWh/h × 0.5 CNY = 0.252 CNY/GPU-hour. Rent 10 CNY/h.
  // Break-even H* = 62,160 / (10 − 0.252) = 6,376.69 h.
  f.pricing = TwoSellerPurchase(40000);
  CostRequest q = BaseRequest();
  q.services = {ServiceKind::kContainer, ServiceKind::kPurchase};
  q.hours = 10;
  const CostReport short_job = ComputeCost(q, f.gpus, f.regions, f.pricing);
  REQUIRE(short_job.cheapest);
  CHECK(short_job.rows[*short_job.cheapest].service == ServiceKind::kContainer);  // 200 CNY vs 124,325 CNY
  CHECK(Row(short_job, "test-cn", ServiceKind::kPurchase).price_comparable);
  REQUIRE(short_job.break_even[0].purchase_break_even_hours);
  const double h_star = *short_job.break_even[0].purchase_break_even_hours;
  CHECK(h_star == doctest::Approx(62160 / (10 - 0.252)));
  CHECK(AnyContains(short_job.break_even[0].purchase_break_even_notes, "at 6377 h of use"));

  // A year of continuous use (8,760 h): 2 × 62,160 + 2 × 0.252 × 8,760 = 128,735.04 CNY against
  // 2 × 10 × 8,760 = 175,200 CNY of rent: buying wins, and the note names the basis.
  q.hours = 8760;
  const CostReport year = ComputeCost(q, f.gpus, f.regions, f.pricing);
  REQUIRE(year.cheapest);
  CHECK(year.rows[*year.cheapest].service == ServiceKind::kPurchase);
  CHECK(year.rows[*year.cheapest].total_cost->amount == doctest::Approx(128735.04));
  CHECK(AnyContains(year.notes, "cheapest is purchase, counted as the cash outlay for this job"));

  // At the break-even hours the two rows the report shows cost the same; either side, each wins.
  for (const double k : {1.0, 0.9, 1.1}) {
    q.hours = h_star * k;
    const CostReport r = ComputeCost(q, f.gpus, f.regions, f.pricing);
    const double rent = Row(r, "test-cn", ServiceKind::kContainer).total_cost->amount;
    const double buy = Row(r, "test-cn", ServiceKind::kPurchase).total_cost->amount;
    if (k == 1.0) CHECK(buy == doctest::Approx(rent));
    if (k < 1.0) CHECK(rent < buy);
    if (k > 1.0) CHECK(buy < rent);
  }
  // Rent cheaper than own power never breaks even; nor a payback past the cards' life.
  CHECK_FALSE(PurchaseBreakEvenHours(62160, 0.2, 0, 0.252, 4).has_value());
  CHECK_FALSE(PurchaseBreakEvenHours(62160, 1, 0, 0.252, 4).has_value());  // 83,102 h > 35,040 h
  CHECK(*PurchaseBreakEvenHours(62160, 10, 0.5, 0.252, 4) == doctest::Approx(62160 / (20 - 0.252)));
}

TEST_CASE("a purchase price from one seller is listed but never the headline pick, and the note says why") {
  Fixture f;
  // The fixture's one purchase quote (one seller), made cheap enough to win a year's job.
  Json root = ValidPricingRoot();
  for (Json& p : root["prices"])
    if (p["id"] == "test-card-purchase-cn") p["price_per_gpu"] = 40000;
  f.pricing = LoadPricingCatalog(root.dump(), "p.json").catalog;
  CostRequest q = BaseRequest();
  q.services = {ServiceKind::kContainer, ServiceKind::kPurchase};
  q.hours = 8760;
  const CostReport r = ComputeCost(q, f.gpus, f.regions, f.pricing);
  const CostRow& buy = Row(r, "test-cn", ServiceKind::kPurchase);
  CHECK_FALSE(buy.price_comparable);
  REQUIRE(r.cheapest);
  CHECK(r.rows[*r.cheapest].service == ServiceKind::kContainer);
  CHECK(buy.total_cost->amount < r.rows[*r.cheapest].total_cost->amount);
  CHECK(AnyContains(r.notes, "buying is not picked as cheapest in test-cn: its price rests on current quotes from one seller only (1 quote)"));
  CHECK(AnyContains(buy.notes, "not compared in the headline"));
  // The user choosing that quote makes it their figure: comparable, and picked.
  q.price_rule = {PriceStatistic::kQuote, "test-card-purchase-cn"};
  const CostReport chosen = ComputeCost(q, f.gpus, f.regions, f.pricing);
  REQUIRE(chosen.cheapest);
  CHECK(chosen.rows[*chosen.cheapest].service == ServiceKind::kPurchase);
  // A short job where renting wins anyway: no note about the purchase quote.
  q.price_rule = {};
  q.hours = 10;
  CHECK_FALSE(AnyContains(ComputeCost(q, f.gpus, f.regions, f.pricing).notes, "not picked"));
}

TEST_CASE("the real catalogs: a 10-hour RTX 4090 job and the default 720-hour A100 job rent") {
  const Catalogs& c = RealCatalogs();
  for (const auto& [gpu, gpus, hours] : {std::tuple{"rtx-4090", 1, 10.0}, std::tuple{"a100-80gb-sxm", 8, 720.0}}) {
    CostRequest q;
    q.gpu_id = gpu;
    q.gpus = gpus;
    q.hours = hours;
    const CostReport r = ComputeCost(q, c.gpus, c.regions, c.pricing);
    REQUIRE(r.errors.empty());
    REQUIRE(r.cheapest);
    INFO(q.gpu_id);  // not `gpu`: clang 14 cannot capture a structured binding (INFO is a lambda)
    CHECK(r.rows[*r.cheapest].service != ServiceKind::kPurchase);
  }
}

TEST_CASE("bare metal: 12-month minimum; market fallback is stated; no price gives no number") {
  Fixture f;
  CostRequest q = BaseRequest();
  const CostReport r = ComputeCost(q, f.gpus, f.regions, f.pricing);
  const CostRow& b = Row(r, "test-cn", ServiceKind::kBareMetal);
  // Only a global quote: 1,500 USD × 7 = 10,500 CNY/month × 12 months × 2 GPUs = 252,000 CNY.
  CHECK(*b.billed_months == 12);
  CHECK(b.billed_by_minimum);  // 100 h needs one month; the minimum term bills twelve
  CHECK(b.total_cost->amount == doctest::Approx(252000));
  CHECK(AnyContains(b.notes, "no cn-market quote"));
  CHECK_FALSE(Row(r, "test-cn", ServiceKind::kMonthlyServer).billed_by_minimum);  // one month, its minimum and its length
  CHECK_FALSE(Row(r, "test-cn", ServiceKind::kContainer).billed_by_minimum);
  q.hours = 13 * 730;  // longer than the minimum term: billed for its own 13 months
  const CostReport long_report = ComputeCost(q, f.gpus, f.regions, f.pricing);
  const CostRow& long_job = Row(long_report, "test-cn", ServiceKind::kBareMetal);
  CHECK(*long_job.billed_months == 13);
  CHECK_FALSE(long_job.billed_by_minimum);
  q.hours = 100;

  q.gpu_id = "other-card";
  const CostReport none = ComputeCost(q, f.gpus, f.regions, f.pricing);
  for (const CostRow& row : none.rows) {
    CHECK_FALSE(row.total_cost.has_value());
    CHECK_FALSE(row.compute_cost.has_value());
    CHECK(row.energy_kwh == doctest::Approx(100.8 / (row.service == ServiceKind::kMonthlyServer ? 0.97 : 1.0)));
    CHECK(AnyContains(row.notes, "no price for other-card"));
  }
  CHECK_FALSE(none.cheapest.has_value());
}

TEST_CASE("a global region uses the global quote and local-currency electricity") {
  Fixture f;
  CostRequest q = BaseRequest();
  q.region_ids = {"test-us"};
  q.services = {ServiceKind::kContainer};
  const CostReport r = ComputeCost(q, f.gpus, f.regions, f.pricing);
  REQUIRE(r.rows.size() == 1);
  const CostRow& c = r.rows[0];
  // PUE 1.3: 2 × 0.7 × 0.5 × 100 × 1.2 × 1.3 = 109.2 kWh × 0.1 USD = 10.92 USD = 76.44 CNY.
  CHECK(c.energy_kwh == doctest::Approx(109.2));
  CHECK(c.energy_cost_local.amount == doctest::Approx(10.92));
  CHECK(c.energy_cost_local.currency == "USD");
  CHECK(c.energy_cost.amount == doctest::Approx(76.44));
  // 2 × 2 USD × 100 h = 400 USD = 2,800 CNY.
  CHECK(c.price->market == "global");
  CHECK(c.total_cost->amount == doctest::Approx(2800));
  // Liquid cooling and a PUE override change only the energy figure.
  q.cooling = Cooling::kLiquid;
  CHECK(ComputeCost(q, f.gpus, f.regions, f.pricing).rows[0].pue == doctest::Approx(1.1));
  q.pue = 1.5;
  CHECK(ComputeCost(q, f.gpus, f.regions, f.pricing).rows[0].energy_kwh == doctest::Approx(126));
}

TEST_CASE("break-even duty cycles: at the break-even both forms cost the same") {
  // Container 10 CNY/h: 7,300 CNY per month at duty 1; monthly server 5,000 CNY.
  // d = 5,000 / 7,300 = 0.68493.
  const MonthlyCostModel container = ContainerMonthlyModel(10, 0.0);
  const MonthlyCostModel monthly = RentedMonthlyModel(5000);
  auto d = BreakEvenDutyCycle(container, monthly);
  REQUIRE(d);
  CHECK(*d == doctest::Approx(5000.0 / 7300));
  CHECK(container.At(*d) == doctest::Approx(monthly.At(*d)));
  CHECK(container.At(*d * 0.9) < monthly.At(*d * 0.9));  // below: the container is cheaper
  CHECK(container.At(*d * 1.1) > monthly.At(*d * 1.1));

  // Buying: 310,800 / 48 months = 6,475 CNY fixed; own power 0.504 kWh/h × 0.5 CNY × 730 h
  // = 183.96 CNY per unit duty. d = 6,475 / (7,300 − 183.96) = 0.90990.
  const MonthlyCostModel buy = PurchaseMonthlyModel(310800, 4, 0.504 * 0.5);
  auto d2 = BreakEvenDutyCycle(container, buy);
  REQUIRE(d2);
  CHECK(*d2 == doctest::Approx(6475 / (7300 - 183.96)));
  CHECK(container.At(*d2) == doctest::Approx(buy.At(*d2)));

  // Parallel lines never cross; a rental cheaper than own power never breaks even.
  CHECK_FALSE(BreakEvenDutyCycle(RentedMonthlyModel(1), RentedMonthlyModel(2)).has_value());
  CHECK_FALSE(BreakEvenDutyCycle(ContainerMonthlyModel(0.1, 0), PurchaseMonthlyModel(1000, 4, 0.2)).has_value());

  // The report's break-even for test-cn is the same number, and it is reachable.
  Fixture f;
  const CostReport r = ComputeCost(BaseRequest(), f.gpus, f.regions, f.pricing);
  REQUIRE(r.break_even.size() == 1);
  CHECK(*r.break_even[0].container_vs_monthly_server.duty_cycle == doctest::Approx(5000.0 / 7300));
  CHECK(r.break_even[0].container_vs_monthly_server.reachable);
  CHECK(*r.break_even[0].container_vs_purchase.duty_cycle == doctest::Approx(*d2));
  // At that duty cycle a year of container and a year of buying cost the same in the report too.
  CostRequest at = BaseRequest();
  at.duty_cycle = *d2;
  const CostReport y = ComputeCost(at, f.gpus, f.regions, f.pricing);
  CHECK(Row(y, "test-cn", ServiceKind::kContainer).annual_cost->amount ==
        doctest::Approx(Row(y, "test-cn", ServiceKind::kPurchase).annual_cost->amount));
}

TEST_CASE("cheapest region and form under latency and domestic constraints") {
  Fixture f;
  CostRequest q = BaseRequest();
  q.region_ids = {};  // every region
  q.services = {ServiceKind::kContainer, ServiceKind::kMonthlyServer};
  // test-cn container 2,000 CNY vs test-us container 2,800 CNY.
  CostReport r = ComputeCost(q, f.gpus, f.regions, f.pricing);
  REQUIRE(r.cheapest);
  CHECK(r.rows[*r.cheapest].region_id == "test-cn");
  CHECK(r.rows[*r.cheapest].service == ServiceKind::kContainer);
  // Only regions within 15 ms of New York: test-cn has no figure for it, so test-us wins.
  q.user_centre = "new_york";
  q.max_latency_ms = 15;
  r = ComputeCost(q, f.gpus, f.regions, f.pricing);
  REQUIRE(r.cheapest);
  CHECK(r.rows[*r.cheapest].region_id == "test-us");
  CHECK(AnyContains(Row(r, "test-cn", ServiceKind::kContainer).notes, "no latency figure to new_york"));
  // Domestic only and New York latency: nothing qualifies.
  q.domestic_only = true;
  r = ComputeCost(q, f.gpus, f.regions, f.pricing);
  CHECK_FALSE(r.cheapest.has_value());
  // Shanghai within 15 ms: test-cn is 20 ms away.
  q.domestic_only = false;
  q.user_centre = "shanghai";
  r = ComputeCost(q, f.gpus, f.regions, f.pricing);
  CHECK_FALSE(r.cheapest.has_value());
  CHECK(AnyContains(Row(r, "test-cn", ServiceKind::kContainer).notes, "latency to shanghai 20 ms"));
}

TEST_CASE("absurd requests are rejected, each naming the field") {
  Fixture f;
  auto errors_for = [&](auto mutate) {
    CostRequest q = BaseRequest();
    mutate(q);
    return ComputeCost(q, f.gpus, f.regions, f.pricing).errors;
  };
  CHECK(AnyContains(errors_for([](CostRequest& q) { q.hours = -5; }), "field \"hours\" is -5"));
  CHECK(AnyContains(errors_for([](CostRequest& q) { q.hours = 0; }), "field \"hours\""));
  CHECK(AnyContains(errors_for([](CostRequest& q) { q.utilization = 1.5; }), "field \"utilization\" is 1.5"));
  CHECK(AnyContains(errors_for([](CostRequest& q) { q.gpus = 0; }), "field \"gpus\" is 0"));
  CHECK(AnyContains(errors_for([](CostRequest& q) { q.gpus = 100001; }), "field \"gpus\" is 100001"));
  CHECK(AnyContains(errors_for([](CostRequest& q) { q.gpu_id = "gtx-9999"; }), "field \"gpu\" names \"gtx-9999\""));
  CHECK(AnyContains(errors_for([](CostRequest& q) { q.region_ids = {"mars"}; }), "field \"regions\" names \"mars\""));
  CHECK(AnyContains(errors_for([](CostRequest& q) { q.pue = 0.7; }), "field \"pue\" is 0.7"));
  CHECK(AnyContains(errors_for([](CostRequest& q) { q.usd_cny = 0; }), "field \"usd_cny\" is 0"));
  CHECK(AnyContains(errors_for([](CostRequest& q) { q.duty_cycle = 0; }), "field \"duty_cycle\""));
  CHECK(AnyContains(errors_for([](CostRequest& q) { q.host_overhead = -1; }), "field \"host_overhead\""));
  CHECK(AnyContains(errors_for([](CostRequest& q) { q.currency = "XYZ"; }), "field \"currency\""));
  CHECK(AnyContains(errors_for([](CostRequest& q) { q.max_latency_ms = 10; }), "field \"max_latency_ms\" needs user_centre"));
  CHECK(AnyContains(errors_for([](CostRequest& q) { q.user_centre = "atlantis"; }), "field \"user_centre\" names \"atlantis\""));
  CHECK(AnyContains(errors_for([](CostRequest& q) { q.purchase_use_years = 0; }), "field \"purchase_use_years\" is 0"));
  CHECK(AnyContains(errors_for([](CostRequest& q) { q.purchase_use_years = 21; }), "field \"purchase_use_years\" is 21, must be in (0, 20]"));
  CHECK(ComputeCost(BaseRequest(), f.gpus, f.regions, f.pricing).errors.empty());
}

TEST_CASE("the real catalogs: every region × service gives a row; CN regions use cn quotes") {
  const Catalogs& c = RealCatalogs();
  CostRequest q = CardJob("h100-sxm", 8, 72);
  q.utilization = 0.8;
  const CostReport r = ComputeCost(q, c.gpus, c.regions, c.pricing);
  REQUIRE(r.errors.empty());
  CHECK(r.rows.size() == c.regions.regions.size() * 4);
  CHECK(r.break_even.size() == c.regions.regions.size());
  for (const CostRow& row : r.rows) {
    INFO(row.region_id << " " << ServiceId(row.service));
    CHECK(row.energy_kwh > 0);
    CHECK(row.co2_kg >= 0);
    CHECK(!row.notes.empty());
    if (!row.price) continue;
    // The region's own market when it has a quote, else the other one, with a note saying so.
    const std::string wanted = c.regions.Find(row.region_id)->in_china() ? "cn" : "global";
    bool has_wanted = false;
    for (const PriceRecord* p : c.pricing.PricesFor("h100-sxm", row.service))
      has_wanted = has_wanted || p->market == wanted;
    if (has_wanted)
      CHECK(row.price->market == wanted);
    else
      CHECK(AnyContains(row.notes, "no " + wanted + "-market quote"));
  }
}

TEST_CASE("cheapest: rows priced by their own market first; the other market's only when none is, and said") {
  Fixture f;
  // Bare metal in test-cn has only a global quote; make it the lowest total by far.
  Json root = ValidPricingRoot();
  for (Json& p : root["prices"])
    if (p["id"] == "test-card-bare-global") p["price_per_gpu_month"] = 1;
  f.pricing = LoadPricingCatalog(root.dump(), "p.json").catalog;
  CostRequest q = BaseRequest();
  const CostReport r = ComputeCost(q, f.gpus, f.regions, f.pricing);
  const CostRow& bare = Row(r, "test-cn", ServiceKind::kBareMetal);
  REQUIRE(bare.total_cost);
  REQUIRE(r.cheapest);
  const CostRow& pick = r.rows[*r.cheapest];
  CHECK(pick.service != ServiceKind::kBareMetal);
  CHECK(pick.price_choice->scope != QuoteScope::kOtherMarket);
  CHECK(bare.total_cost->amount < pick.total_cost->amount);  // cheaper, but not sold in the hub's market
  CHECK_FALSE(AnyContains(r.notes, "other market"));
  CHECK_FALSE(pick.price_summary.empty());

  // Only the other market's row is priced: it is the pick, and the note says where its price is from.
  q.services = {ServiceKind::kBareMetal};
  const CostReport only = ComputeCost(q, f.gpus, f.regions, f.pricing);
  REQUIRE(only.cheapest);
  CHECK(only.rows[*only.cheapest].service == ServiceKind::kBareMetal);
  CHECK(AnyContains(only.notes, "priced from the other market's sellers"));
}

TEST_CASE("utilization defaults to the Cost view's 0.8 (one default, kDefaultUtilization)") {
  CHECK(CostRequest{}.utilization == doctest::Approx(0.8));
  CHECK(kDefaultUtilization == doctest::Approx(0.8));
}

TEST_CASE("hubs tied at the cheapest total are counted, so that the headline does not name one as cheaper") {
  Fixture f;
  // A second mainland hub priced by the same sellers: renting a container costs the same in both
  // (rent per card-hour includes the power), 2 cards x 100 h x 10 CNY = 2,000 CNY each.
  Json twin = ValidRegionRecord();
  twin["id"] = "test-cn-2";
  twin["name"] = "Test CN 2";
  f.regions = LoadRegionCatalog(RegionsText(Json::array({ValidRegionRecord(), twin, UsRegionRecord()})), "r.json").catalog;
  CostRequest q = BaseRequest();
  q.region_ids = {"test-cn", "test-cn-2"};
  q.services = {ServiceKind::kContainer};
  const CostReport tied = ComputeCost(q, f.gpus, f.regions, f.pricing);
  REQUIRE(tied.cheapest);
  REQUIRE(tied.rows.size() == 2);
  CHECK(tied.rows[0].total_cost->amount == doctest::Approx(tied.rows[1].total_cost->amount));
  CHECK(tied.cheapest_ties == 1);
  CHECK(tied.cheapest_tie_break == CostTieBreak::kNone);  // alike in quotes, latency and grid: the table's order
  CHECK(tied.rows[*tied.cheapest].region_id == "test-cn");
  // Named among the ties: the lower grid CO2 (100 against 500 g/kWh) ...
  twin["carbon_gco2_per_kwh"] = 100;
  f.regions = LoadRegionCatalog(RegionsText(Json::array({ValidRegionRecord(), twin, UsRegionRecord()})), "r.json").catalog;
  const CostReport greener = ComputeCost(q, f.gpus, f.regions, f.pricing);
  REQUIRE(greener.cheapest);
  CHECK(greener.rows[*greener.cheapest].region_id == "test-cn-2");
  CHECK(greener.cheapest_ties == 1);
  CHECK(greener.cheapest_tie_break == CostTieBreak::kLowerCo2);
  // ... before it, the nearer to the users (40 against 20 ms from Shanghai) ...
  twin["latency_ms"] = Json{{"shanghai", 40}};
  f.regions = LoadRegionCatalog(RegionsText(Json::array({ValidRegionRecord(), twin, UsRegionRecord()})), "r.json").catalog;
  q.user_centre = "shanghai";
  const CostReport nearer = ComputeCost(q, f.gpus, f.regions, f.pricing);
  REQUIRE(nearer.cheapest);
  CHECK(nearer.rows[*nearer.cheapest].region_id == "test-cn");
  CHECK(nearer.cheapest_tie_break == CostTieBreak::kNearer);
  // ... and first, a price from the hub's own sellers over its market's median (same 10 CNY/h).
  Json own = ValidPriceRecord();
  own["id"] = "test-card-container-cn-2";
  own["region"] = "test-cn-2";
  Json pricing = ValidPricingRoot();
  pricing["prices"].push_back(own);
  const PricingCatalog with_own = LoadPricingCatalog(pricing.dump(), "p.json").catalog;
  const CostReport own_quotes = ComputeCost(q, f.gpus, f.regions, with_own);
  REQUIRE(own_quotes.cheapest);
  CHECK(own_quotes.rows[*own_quotes.cheapest].region_id == "test-cn-2");
  CHECK(own_quotes.rows[*own_quotes.cheapest].price_choice->scope == QuoteScope::kRegion);
  CHECK(own_quotes.cheapest_tie_break == CostTieBreak::kOwnQuotes);
  CHECK(std::string(CostTieBreakId(own_quotes.cheapest_tie_break)) == "own_quotes");
  q.user_centre.clear();
  // One hub alone: no tie.
  q.region_ids = {"test-cn"};
  CHECK(ComputeCost(q, f.gpus, f.regions, f.pricing).cheapest_ties == 0);
  // Rows of different totals are not ties: container and monthly server in one hub.
  q.services = {ServiceKind::kContainer, ServiceKind::kMonthlyServer};
  const CostReport two_forms = ComputeCost(q, f.gpus, f.regions, f.pricing);
  REQUIRE(two_forms.cheapest);
  CHECK(two_forms.cheapest_ties == 0);
}

// H100, 8 cards, 720 h, containers: the global hubs with no seller of their own cost ¥129,165;
// those whose Google Cloud quote joins the pool ¥129,217 (0.04 % more). Compared exactly, the
// headline named São Paulo (73 g/kWh) over Finland (30 g/kWh) for ¥52; to 3 significant
// figures all tie, and the rules name the hub with sellers of its own, then the lower CO2.
TEST_CASE("cheapest: totals equal to 3 significant figures tie (a hub's own seller moves its rent by 0.04 %)") {
  const Catalogs& c = RealCatalogs();
  CostRequest q = CardJob("h100-sxm", 8, 720, {ServiceKind::kContainer});
  for (const Region& r : c.regions.regions)
    if (!r.in_china()) q.region_ids.push_back(r.id);
  const CostReport r = ComputeCost(q, c.gpus, c.regions, c.pricing);
  REQUIRE(r.cheapest);
  const CostRow& pick = r.rows[*r.cheapest];
  double lowest = pick.total_cost->amount;
  for (const CostRow& row : r.rows) lowest = std::min(lowest, row.total_cost->amount);
  CHECK(pick.total_cost->amount > lowest);  // not the lowest to the yuan ...
  CHECK(CostRankKey(pick.total_cost->amount) == CostRankKey(lowest));  // ... but equal to 3 figures
  CHECK(pick.region_id == "eu-north-finland");
  CHECK(pick.price_choice->scope == QuoteScope::kRegion);
  CHECK(r.cheapest_ties == static_cast<int>(q.region_ids.size()) - 1);
  CHECK(r.cheapest_tie_break == CostTieBreak::kLowerCo2);
  CHECK(CostRankKey(129165) == CostRankKey(129217));
  CHECK(CostRankKey(129165) != CostRankKey(130500));
  CHECK(CostRankKey(0) == 0);
}

}  // namespace cost_test
