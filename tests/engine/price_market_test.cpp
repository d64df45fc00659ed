// Prices as a market (engine/price_market.hpp): dates and staleness, market statistics, the
// region's own quotes before the market's, the statistic a request picks, and the loader's
// checks of dates, sources and regions. Fixture: cost_fixtures.hpp (USD = 7 CNY).
#include "calendar_month.hpp"
#include "cost_fixtures.hpp"
#include "engine/cost.hpp"
#include "engine/gpu_catalog.hpp"
#include "engine/price_market.hpp"
#include "engine/pricing_catalog.hpp"
#include "engine/region_catalog.hpp"
#include "test_support.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <set>

namespace price_market_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;
using namespace atlas::test;

namespace {

Json Quote(const std::string& id, double cny_per_hour, const std::string& provider, const std::string& as_of) {
  Json q = ValidPriceRecord();
  q["id"] = id;
  q["price_per_gpu_hour"] = cny_per_hour;
  q["provider"] = provider;
  q["as_of"] = as_of;
  return q;
}

// The fixture's pricing with "test-card" container quotes replaced by `quotes`.
PricingCatalog PricingWith(const std::vector<Json>& quotes) {
  Json root = ValidPricingRoot();
  Json prices = Json::array();
  for (const Json& p : root["prices"])
    if (p["service"] != "container") prices.push_back(p);
  for (const Json& q : quotes) {
    prices.push_back(q);
    bool known = false;
    for (const Json& p : root["providers"]) known = known || p["name"] == q["provider"];
    if (known) continue;
    Json provider = root["providers"][0];
    provider["id"] = provider["name"] = q["provider"];
    root["providers"].push_back(provider);
  }
  root["prices"] = prices;
  PricingCatalogLoad load = LoadPricingCatalog(root.dump(), "p.json");
  for (const auto& e : load.errors) INFO(e);
  REQUIRE(load.ok());
  return load.catalog;
}

Region RegionRecord(const Json& record) {
  RegionCatalogLoad load = LoadRegionCatalog(RegionsText(Json::array({record})), "r.json");
  REQUIRE(load.ok());
  return load.catalog.regions[0];
}

std::vector<std::string> PriceErrors(const Json& record) {
  Json root = ValidPricingRoot();
  root["prices"] = Json::array({record});
  return LoadPricingCatalog(root.dump(), "data/pricing.json").errors;
}

}  // namespace

TEST_CASE("as_of: months and dates are read; anything else is not") {
  CHECK(AsOfMonthIndex("2026-09") == 2026 * 12 + 8);
  CHECK(AsOfMonthIndex("2026-09-14") == 2026 * 12 + 8);
  for (const char* bad : {"2026", "2026-13", "2026-00", "2026-9", "26-09", "2026-09-32", "2026/09", "", "2023-Q3"})
    CHECK_FALSE(AsOfMonthIndex(bad).has_value());
  // The day must exist in its month: 30 days in September, 28 in February but 29 in leap years.
  CHECK(AsOfMonthIndex("2026-09-30").has_value());
  CHECK_FALSE(AsOfMonthIndex("2026-09-31").has_value());
  CHECK_FALSE(AsOfMonthIndex("2026-02-29").has_value());
  CHECK(AsOfMonthIndex("2024-02-29").has_value());
  CHECK_FALSE(AsOfMonthIndex("2100-02-29").has_value());  // century, not a leap year
  CHECK(AsOfMonthIndex("2000-02-29").has_value());        // divisible by 400
  CHECK_FALSE(AsOfMonthIndex("2026-04-00").has_value());
}

TEST_CASE("stale past 12 months before the data date; an undated quote is always stale") {
  PriceRecord q;
  q.as_of = "2025-12";
  CHECK_FALSE(IsStaleQuote(q, "2026-12-01"));  // 12 months: still current
  q.as_of = "2025-11-30";
  CHECK(IsStaleQuote(q, "2026-12-01"));        // 13 months
  q.as_of = "2026";                            // a year alone (the loader refuses it) is no date
  CHECK(IsStaleQuote(q, "2026-12-01"));
  q.as_of = "garbage";
  CHECK(IsStaleQuote(q, "2026-12-01"));
}

TEST_CASE("market statistics: median (odd and even), min, max, distinct sellers, dates") {
  const PricingCatalog p = PricingWith({Quote("a", 1, "S1", "2026-01"), Quote("b", 4, "S2", "2026-10"),
                                        Quote("c", 2, "S1", "2026-05"), Quote("d", 10, "S3", "2026-07")});
  std::vector<const PriceRecord*> q = p.PricesFor("test-card", ServiceKind::kContainer);
  REQUIRE(q.size() == 4);
  MarketStats s = ComputeMarketStats(p, q);
  CHECK(s.quotes == 4);
  CHECK(s.sellers == 3);
  CHECK(s.median_cny == doctest::Approx(3.0));  // (2 + 4) / 2
  CHECK(s.min_cny == doctest::Approx(1));
  CHECK(s.max_cny == doctest::Approx(10));
  CHECK(s.newest_as_of == "2026-10");
  CHECK(s.oldest_as_of == "2026-01");
  q.pop_back();  // 1, 4, 2 -> median 2
  CHECK(ComputeMarketStats(p, q).median_cny == doctest::Approx(2));
  CHECK(ComputeMarketStats(p, {}).quotes == 0);
}

TEST_CASE("purchase quotes compare as cards: a server-inclusive quote has the server share removed") {
  Json root = ValidPricingRoot();
  Json server = root["prices"][4];
  server["id"] = "server-share";
  server["includes_server"] = true;
  server["price_per_gpu"] = 296000;  // 200,000 × 1.48 (server_overhead_fraction 0.48)
  root["prices"].push_back(server);
  PricingCatalogLoad load = LoadPricingCatalog(root.dump(), "p.json");
  REQUIRE(load.ok());
  const auto q = load.catalog.PricesFor("test-card", ServiceKind::kPurchase);
  REQUIRE(q.size() == 2);
  CHECK(*ComparableCny(load.catalog, *q[1]) == doctest::Approx(200000));
  const MarketStats s = ComputeMarketStats(load.catalog, q);
  CHECK(s.min_cny == doctest::Approx(s.max_cny));
}

TEST_CASE("the price: median of current quotes; stale ones left out while a current one exists") {
  const PricingCatalog p = PricingWith({Quote("old", 100, "Old", "2024-01"), Quote("a", 10, "A", "2026-06"),
                                        Quote("b", 12, "B", "2026-09"), Quote("c", 20, "C", "2026-11")});
  const Region cn = RegionRecord(ValidRegionRecord());
  PriceChoice c = ChoosePrice(p, "test-card", ServiceKind::kContainer, cn);
  REQUIRE(c.amount_cny);
  CHECK(*c.amount_cny == doctest::Approx(12));
  CHECK(c.statistic == PriceStatistic::kMedian);
  CHECK(c.scope == QuoteScope::kMarket);
  CHECK(c.stats.quotes == 3);
  CHECK(c.stats.stale_left_out == 1);
  CHECK(c.record->id == "b");
  CHECK(AnyContains(c.notes, "1 stale quotes"));
  CHECK(AnyContains(c.notes, "median of 3 current quotes from 3 sellers"));

  // Only stale quotes: they are used, and the notes say so.
  const PricingCatalog stale = PricingWith({Quote("old1", 8, "X", "2023-01"), Quote("old2", 6, "Y", "2024-02")});
  c = ChoosePrice(stale, "test-card", ServiceKind::kContainer, cn);
  REQUIRE(c.amount_cny);
  CHECK(*c.amount_cny == doctest::Approx(7));
  CHECK(c.stats.stale_only);
  CHECK(c.record_is_stale);
  CHECK(AnyContains(c.notes, "the stale quotes are used"));
}

TEST_CASE("the price: min, max, or one quote by id; a quote of another card falls back to the median") {
  const PricingCatalog p = PricingWith({Quote("a", 10, "A", "2026-06"), Quote("b", 12, "B", "2026-09"),
                                        Quote("c", 20, "C", "2026-11")});
  const Region cn = RegionRecord(ValidRegionRecord());
  CHECK(*ChoosePrice(p, "test-card", ServiceKind::kContainer, cn, {PriceStatistic::kMin, ""}).amount_cny == doctest::Approx(10));
  CHECK(*ChoosePrice(p, "test-card", ServiceKind::kContainer, cn, {PriceStatistic::kMax, ""}).amount_cny == doctest::Approx(20));
  PriceChoice one = ChoosePrice(p, "test-card", ServiceKind::kContainer, cn, {PriceStatistic::kQuote, "c"});
  CHECK(*one.amount_cny == doctest::Approx(20));
  CHECK(one.scope == QuoteScope::kQuote);
  CHECK(one.record->id == "c");
  PriceChoice wrong = ChoosePrice(p, "test-card", ServiceKind::kContainer, cn, {PriceStatistic::kQuote, "test-card-monthly-cn"});
  CHECK(wrong.statistic == PriceStatistic::kMedian);
  CHECK(*wrong.amount_cny == doctest::Approx(12));
  CHECK(AnyContains(wrong.notes, "is not a quote for test-card"));
  CHECK(ParsePriceStatistic("median") == PriceStatistic::kMedian);
  CHECK_FALSE(ParsePriceStatistic("mean").has_value());
}

// A hub's own sellers (most often one hyperscaler's on-demand list price: GCP us-east4's H100 at
// ~3.4x the global median in data/pricing.json) are pooled with the market's region-wide sellers;
// sellers located in another hub are left out.
TEST_CASE("per-region choice: the region's own quotes pooled with the market's region-wide ones") {
  Json us = UsRegionRecord();
  Json other = UsRegionRecord();
  other["id"] = "test-us-2";
  Json third = UsRegionRecord();
  third["id"] = "test-us-3";
  RegionCatalogLoad regions = LoadRegionCatalog(RegionsText(Json::array({ValidRegionRecord(), us, other, third})), "r.json");
  REQUIRE(regions.ok());
  Json a = Quote("global-a", 1, "Cloud", "2026-10");
  a["market"] = "global";
  a["currency"] = "USD";
  a["region"] = "test-us";
  Json b = a;
  b["id"] = "global-b";
  b["price_per_gpu_hour"] = 3;
  b["region"] = "test-us-2";
  Json c = a;
  c["id"] = "global-c";
  c["price_per_gpu_hour"] = 5;
  c.erase("region");
  const PricingCatalog p = PricingWith({a, b, c});
  GpuCatalogLoad gpus = LoadGpuCatalog(CatalogText(Json::array({ValidGpuRecord()})), "g.json");
  REQUIRE(gpus.ok());
  CHECK(CheckPricingReferences(p, gpus.catalog, regions.catalog, "p", "r").empty());

  PriceChoice own = ChoosePrice(p, "test-card", ServiceKind::kContainer, *regions.catalog.Find("test-us"));
  CHECK(own.scope == QuoteScope::kRegion);
  CHECK(own.stats.quotes == 2);  // its own (1 USD) and the region-wide one (5 USD), not test-us-2's
  CHECK(own.stats.region_quotes == 1);
  CHECK(*own.amount_cny == doctest::Approx(21));  // median of 1 and 5 USD
  CHECK(AnyContains(own.notes, "1 quote from sellers in region test-us pooled with the market's region-wide quotes"));
  CHECK(PriceSummary(p, own, Language::kEnglish).find("; 1 of them from sellers in this hub") != std::string::npos);
  PriceChoice other_region = ChoosePrice(p, "test-card", ServiceKind::kContainer, *regions.catalog.Find("test-us-2"));
  CHECK(*other_region.amount_cny == doctest::Approx(28));  // median of 3 and 5 USD
  // A region with no seller of its own: the region-wide quotes alone (test-us's and test-us-2's
  // located sellers left out).
  PriceChoice none_here = ChoosePrice(p, "test-card", ServiceKind::kContainer, *regions.catalog.Find("test-us-3"));
  CHECK(none_here.scope == QuoteScope::kMarket);
  CHECK(none_here.stats.region_quotes == 0);
  CHECK(none_here.stats.quotes == 1);
  CHECK(*none_here.amount_cny == doctest::Approx(35));  // 5 USD
  // A China region has no cn quote here: the other market's region-wide quote (5 USD); the
  // sellers located in its US hubs (1 and 3 USD) price those hubs, not a Chinese one.
  PriceChoice fallback = ChoosePrice(p, "test-card", ServiceKind::kContainer, *regions.catalog.Find("test-cn"));
  CHECK(fallback.scope == QuoteScope::kOtherMarket);
  CHECK(*fallback.amount_cny == doctest::Approx(35));

  // The cost engine bills the region's own price.
  CostRequest q;
  q.gpu_id = "test-card";
  q.gpus = 1;
  q.hours = 10;
  q.services = {ServiceKind::kContainer};
  q.region_ids = {"test-us", "test-us-2"};
  const CostReport r = ComputeCost(q, gpus.catalog, regions.catalog, p);
  REQUIRE(r.rows.size() == 2);
  CHECK(r.rows[0].total_cost->amount == doctest::Approx(210));
  CHECK(r.rows[1].total_cost->amount == doctest::Approx(280));
  CHECK(r.rows[0].price_choice->scope == QuoteScope::kRegion);
  q.price_rule = {PriceStatistic::kQuote, "global-c"};
  CHECK(ComputeCost(q, gpus.catalog, regions.catalog, p).rows[0].total_cost->amount == doctest::Approx(350));
}

TEST_CASE("loader: as_of must be a month or a date; a year alone is refused") {
  Json good = ValidPriceRecord();
  for (const char* ok : {"2026-09", "2026-09-14", "2024-02-29"}) {
    good["as_of"] = ok;
    CHECK(PriceErrors(good).empty());
  }
  // A year alone: the file, the record's id and the field are named, with what to do.
  Json year = ValidPriceRecord();
  year["as_of"] = "2026";
  CHECK(AnyContains(PriceErrors(year),
                    "data/pricing.json: prices[0] (id \"test-card-container-cn\"): field \"as_of\" is \"2026\": must be a month "
                    "(YYYY-MM) or a date (YYYY-MM-DD); a year alone is not enough"));
  // The retired flag no longer excuses a year, nor is it accepted beside a good date.
  year["as_of_year_only"] = true;
  CHECK(AnyContains(PriceErrors(year), "field \"as_of\" is \"2026\": must be a month"));
  CHECK(AnyContains(PriceErrors(year), "prices[0] (id \"test-card-container-cn\"): field \"as_of_year_only\" is no longer accepted"));
  Json flagged = ValidPriceRecord();
  flagged["as_of_year_only"] = false;
  CHECK(AnyContains(PriceErrors(flagged), "field \"as_of_year_only\" is no longer accepted"));
  // A bad month, a day the month does not have, a quarter, a bare date in another order.
  Json month = ValidPriceRecord();
  for (const char* bad : {"2026-13", "2026-00", "2026-02-30", "2026-09-31", "2023-Q3", "09-2026", "2026-9"}) {
    month["as_of"] = bad;
    CHECK(AnyContains(PriceErrors(month), "prices[0] (id \"test-card-container-cn\"): field \"as_of\" is \"" + std::string(bad) +
                                              "\": must be a month (YYYY-MM) or a date (YYYY-MM-DD)"));
  }
  // Missing or not a string.
  Json missing = ValidPriceRecord();
  missing.erase("as_of");
  CHECK(AnyContains(PriceErrors(missing), "prices[0] (id \"test-card-container-cn\"): field \"as_of\" is missing"));
  Json number = ValidPriceRecord();
  number["as_of"] = 2026;
  CHECK(AnyContains(PriceErrors(number), "prices[0] (id \"test-card-container-cn\"): field \"as_of\" must be a string"));
  // A date after the catalog's data_date (2026-12-01) is a typo that would never go stale.
  Json future = ValidPriceRecord();
  future["as_of"] = "2062-09";
  CHECK(AnyContains(PriceErrors(future), "prices[0] (id \"test-card-container-cn\"): field \"as_of\" is \"2062-09\", later than the catalog's data_date \"2026-12-01\""));
  future["as_of"] = "2027-01-01";
  CHECK(AnyContains(PriceErrors(future), "later than the catalog's data_date"));
  future["as_of"] = "2026-12-31";  // the catalog's own month is fine
  CHECK(PriceErrors(future).empty());
}

TEST_CASE("loader: every source must be an address") {
  Json none = ValidPriceRecord();
  none["sources"] = Json::array();
  CHECK(AnyContains(PriceErrors(none), "prices[0] (id \"test-card-container-cn\"): field \"sources\""));
  Json text = ValidPriceRecord();
  text["sources"] = Json::array({"https://example.com/a", "a blog somewhere"});
  CHECK(AnyContains(PriceErrors(text), "field \"sources\" has \"a blog somewhere\", which is not an address"));
}

TEST_CASE("references: a region that does not exist, or of the other market, is named") {
  Json root = ValidPricingRoot();
  root["prices"][0]["region"] = "atlantis";
  root["prices"][1]["region"] = "test-cn";  // a global quote in a China region
  PricingCatalogLoad pricing = LoadPricingCatalog(root.dump(), "data/pricing.json");
  REQUIRE(pricing.ok());
  GpuCatalogLoad gpus = LoadGpuCatalog(CatalogText(Json::array({ValidGpuRecord()})), "data/gpus.json");
  RegionCatalogLoad regions = LoadRegionCatalog(RegionsText(Json::array({ValidRegionRecord()})), "data/regions.json");
  auto errors = CheckPricingReferences(pricing.catalog, gpus.catalog, regions.catalog, "data/pricing.json", "data/regions.json");
  CHECK(AnyContains(errors, "data/pricing.json: prices[0] (id \"test-card-container-cn\"): field \"region\" names \"atlantis\", which is not in data/regions.json"));
  CHECK(AnyContains(errors, "prices[1] (id \"test-card-container-global\"): field \"region\" names \"test-cn\", which is not in the global market"));
}

TEST_CASE("pricing.json keeps no gaps list: the searches without a price live in pricing_gaps.json") {
  Json root = ValidPricingRoot();
  root["gaps"] = Json::array();
  CHECK(AnyContains(LoadPricingCatalog(root.dump(), "p.json").errors,
                    "p.json: field \"gaps\" belongs in pricing_gaps.json"));
}

TEST_CASE("the shipped prices: 200+ dated quotes from 15+ sites, per-region quotes, the coverage of issue 14") {
  const Catalogs& c = RealCatalogs();
  const PricingCatalog& p = c.pricing;
  CHECK(p.prices.size() >= 200);
  std::set<std::string> sites;
  // Every quote's date read by the calendar (calendar_month.hpp), not by the engine: the engine's
  // month index and its stale mark must agree with it (issue 14: stale past 12 months).
  const std::optional<int> data_month = CalendarMonthIndex(p.data_date);
  REQUIRE(data_month.has_value());
  int stale = 0;
  for (const PriceRecord& q : p.prices) {
    INFO(q.id << " as_of " << q.as_of);
    const std::optional<int> month = CalendarMonthIndex(q.as_of);
    CHECK(month.has_value());
    CHECK(AsOfMonthIndex(q.as_of) == month);
    const bool older = month && *data_month - *month > 12;
    CHECK(IsStaleQuote(q, p.data_date) == older);
    stale += older;
    for (const std::string& s : q.sources) {
      const size_t start = s.find("://") + 3;
      sites.insert(s.substr(start, s.find('/', start) - start));
    }
  }
  CHECK(sites.size() >= 15);
  // Both kinds are present, so the comparison above meets stale and current quotes alike.
  CHECK(stale > 0);
  CHECK(stale < static_cast<int>(p.prices.size()));
  auto sellers = [&](const char* gpu, const char* market) {
    std::set<std::string> out;
    int quotes = 0;
    for (const PriceRecord* q : p.PricesFor(gpu, ServiceKind::kContainer))
      if (q->market == market) out.insert(q->provider), ++quotes;
    return std::make_pair(quotes, static_cast<int>(out.size()));
  };
  for (const char* gpu : {"rtx-4090", "rtx-3090", "a100-80gb-sxm"}) {
    INFO(gpu);
    CHECK(sellers(gpu, "global").first >= 3);
    CHECK(sellers(gpu, "global").second >= 2);
  }
  CHECK(sellers("h100-sxm", "global").first >= 3);
  // Per-region: at least 3 (card, seller) pairs whose price differs between regions.
  std::map<std::pair<std::string, std::string>, std::set<double>> by_pair;
  for (const PriceRecord& q : p.prices)
    if (!q.region.empty()) by_pair[{q.gpu, q.provider}].insert(q.Amount());
  int differing = 0;
  for (const auto& [pair, values] : by_pair) differing += values.size() > 1;
  CHECK(differing >= 3);
  // Where the cn market falls short, the search is recorded (never a made-up quote).
  for (const char* gpu : {"rtx-4090", "rtx-3090", "a100-80gb-sxm", "h20"})
    if (sellers(gpu, "cn").second < 2) CHECK(p.GapFor(gpu, ServiceKind::kContainer, "cn") != nullptr);
}

TEST_CASE("guide case A: a day of RTX 4090 in a mainland region is judged on the median of the quotes") {
  const Catalogs& c = RealCatalogs();
  CostRequest q = CardJob("rtx-4090", 1, 24, {ServiceKind::kContainer});
  q.region_ids = {"cn-guizhou"};
  const CostReport r = ComputeCost(q, c.gpus, c.regions, c.pricing);
  REQUIRE(r.rows.size() == 1);
  const CostRow& row = r.rows[0];
  REQUIRE(row.price_choice);
  CHECK(row.price_choice->statistic == PriceStatistic::kMedian);
  CHECK(row.price_choice->market == "cn");
  CHECK_FALSE(row.price_choice->stats.stale_only);
  // 24 h × the median of the current mainland quotes (Zhixingyun ¥1.65, Gitee AI ¥1.99 and
  // ShengSuanYun ¥2.27/h, median ¥1.99): about ¥48 a day. The guide's "about ¥30" (¥1.25/h) is
  // below even the cheapest current quote.
  CHECK(row.price_choice->stats.sellers >= 3);
  CHECK(row.total_cost->amount == doctest::Approx(24 * row.price_choice->stats.median_cny));
  CHECK(row.total_cost->amount > 35);
  CHECK(row.total_cost->amount < 60);
}

TEST_CASE("price summary: the statistic, quotes and sellers (singular and plural), range and what it buys, dates, stale mark") {
  const Region cn = RegionRecord(ValidRegionRecord());
  const PricingCatalog p = PricingWith({Quote("old", 100, "Old", "2024-01"), Quote("a", 10, "A", "2026-06"),
                                        Quote("b", 12, "B", "2026-09"), Quote("c", 20, "A", "2026-11")});
  const PriceChoice c = ChoosePrice(p, "test-card", ServiceKind::kContainer, cn);
  CHECK(PlainSpaces(PriceSummary(p, c, Language::kEnglish)) == "median of 3 current quotes from 2 sellers, ¥10.00–¥20.00 per card-hour; quoted 2026-06–2026-11");
  CHECK(PlainSpaces(PriceSummary(p, c, Language::kChinese)) == "中位数：3 个当期报价，来自 2 家卖家，¥10.00–¥20.00/卡·时；报价时间 2026-06–2026-11");

  // One current quote: "one current quote", never "1 quotes from 1 sellers".
  const PricingCatalog one = PricingWith({Quote("a", 10, "A", "2026-09")});
  const std::string s1 = PlainSpaces(PriceSummary(one, ChoosePrice(one, "test-card", ServiceKind::kContainer, cn), Language::kEnglish));
  CHECK(s1 == "one current quote: A ¥10.00 per card-hour, quoted 2026-09");
  CHECK(s1.find("1 quotes") == std::string::npos);

  // Only a stale quote: said, with the stale mark.
  Json old = Quote("news", 3.28, "News", "2024-10");
  old["estimate"] = true;
  const PricingCatalog stale = PricingWith({old});
  const PriceChoice sc = ChoosePrice(stale, "test-card", ServiceKind::kContainer, cn);
  CHECK(PriceSummary(stale, sc, Language::kEnglish) == "only a stale quote (2024-10): News ¥3.28\u00A0per card-hour, estimate [stale]");
  // In Chinese the seller's name_zh (the fixture's copied provider record has 测试云).
  CHECK(PriceSummary(stale, sc, Language::kChinese) == "只有一个过期报价（2024-10）：" + stale.ProviderName("News", true) + " ¥3.28/卡·时，估算【已过期】");
  const PricingCatalog stale2 = PricingWith({Quote("o1", 8, "X", "2023-01"), Quote("o2", 6, "Y", "2024-02")});
  CHECK(PlainSpaces(PriceSummary(stale2, ChoosePrice(stale2, "test-card", ServiceKind::kContainer, cn), Language::kEnglish)) ==
        "only stale quotes (2023-01–2024-02): median of 2 quotes from 2 sellers, ¥6.00–¥8.00 per card-hour [stale]");

  // What an amount buys: a card-month for a monthly server, a card for a purchase (the fixture's
  // 5,000 CNY/month and 200,000 CNY quotes).
  const std::string month = PlainSpaces(PriceSummary(p, ChoosePrice(p, "test-card", ServiceKind::kMonthlyServer, cn), Language::kEnglish));
  INFO(month);
  CHECK(month.find(" per card-month") != std::string::npos);
  CHECK(month.find("card-hour") == std::string::npos);
  const std::string buy = PriceSummary(p, ChoosePrice(p, "test-card", ServiceKind::kPurchase, cn), Language::kChinese);
  INFO(buy);
  CHECK(buy.find("/卡") != std::string::npos);
  CHECK(buy.find("/卡·") == std::string::npos);

  // No price, no summary.
  CHECK(PriceSummary(p, PriceChoice{}, Language::kEnglish).empty());
}

TEST_CASE("the price's notes in Chinese write money with ¥ (万 from 10⁴), never CNY or 元") {
  const Region cn = RegionRecord(ValidRegionRecord());
  const PricingCatalog p = PricingWith({Quote("a", 10, "A", "2026-06"), Quote("b", 12, "B", "2026-09"),
                                        Quote("c", 10000, "C", "2026-11")});
  const PriceChoice zh = ChoosePrice(p, "test-card", ServiceKind::kContainer, cn, {}, Language::kChinese);
  REQUIRE(zh.notes.size() >= 2);
  std::string all;
  for (const std::string& n : zh.notes) all += PlainSpaces(n) + "\n";
  INFO(all);
  CHECK(all.find("CNY") == std::string::npos);
  CHECK(all.find("元") == std::string::npos);
  CHECK(all.find("所用价格：¥12.00/卡时") != std::string::npos);
  CHECK(all.find("¥1万") != std::string::npos);  // the range's top, 10,000 (the loader's hourly bound)
  const PriceChoice en = ChoosePrice(p, "test-card", ServiceKind::kContainer, cn);
  std::string en_all;
  for (const std::string& n : en.notes) en_all += PlainSpaces(n) + "\n";
  INFO(en_all);
  CHECK(en_all.find("price used: 12 CNY/") != std::string::npos);  // English unchanged
}

TEST_CASE("market-wide price: the same pool rule as ChoosePrice, per market, whatever the region") {
  const PricingCatalog p = PricingWith({Quote("old", 100, "Old", "2024-01"), Quote("a", 10, "A", "2026-06"),
                                        Quote("b", 12, "B", "2026-09"), Quote("c", 20, "C", "2026-11")});
  const PriceChoice m = ChooseMarketPrice(p, "test-card", ServiceKind::kContainer, "cn");
  const PriceChoice r = ChoosePrice(p, "test-card", ServiceKind::kContainer, RegionRecord(ValidRegionRecord()));
  REQUIRE(m.amount_cny);
  CHECK(*m.amount_cny == doctest::Approx(*r.amount_cny));
  CHECK(m.stats.quotes == 3);
  CHECK(m.stats.stale_left_out == 1);
  CHECK(*ChooseMarketPrice(p, "test-card", ServiceKind::kContainer, "cn", PriceStatistic::kMax).amount_cny == doctest::Approx(20));
  CHECK_FALSE(ChooseMarketPrice(p, "test-card", ServiceKind::kContainer, "global").amount_cny.has_value());
  CHECK_FALSE(ChooseMarketPrice(p, "no-such-card", ServiceKind::kContainer, "cn").amount_cny.has_value());
}

}  // namespace price_market_test

namespace price_market_test {
// A card's share of a whole server's price (pricing.json includes_server): the figure used has
// the server's part taken out, and the summary says so beside the quote as written (a review:
// "¥228,041/card, only a stale quote: China server distributors ¥337,500 per card").
TEST_CASE("price summary: a card's share of a whole server says that the server's part is taken out") {
  const Catalogs& c = test::RealCatalogs();
  const Region* hub = c.regions.Find("cn-yangtze-delta");
  REQUIRE(hub);
  const PriceChoice choice = ChoosePrice(c.pricing, "h100-sxm", ServiceKind::kPurchase, *hub);
  REQUIRE(choice.record);
  REQUIRE(choice.record->includes_server);
  const std::string en = PriceSummary(c.pricing, choice, Language::kEnglish);
  CHECK(en.find("a card's share of a whole server: the server's part (48\u00A0% of the cards' price) is taken out") != std::string::npos);
  CHECK(PriceSummary(c.pricing, choice, Language::kChinese).find("已扣除服务器部分（卡价的 48%）") != std::string::npos);
}
}  // namespace price_market_test
