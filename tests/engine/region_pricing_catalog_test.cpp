// Loader tests for data/regions.json and data/pricing.json: the shipped files load, every record
// carries sources, and every kind of bad record names file, record and field.
#include "cost_fixtures.hpp"
#include "engine/pricing_catalog.hpp"
#include "engine/region_catalog.hpp"
#include "test_support.hpp"

#include <doctest/doctest.h>

#include <set>

namespace region_pricing_catalog_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;
using namespace atlas::test;

namespace {
std::vector<std::string> RegionErrors(const Json& record) {
  return LoadRegionCatalog(RegionsText(Json::array({record})), "data/regions.json").errors;
}
std::vector<std::string> PriceErrors(const Json& record) {
  Json root = ValidPricingRoot();
  root["prices"] = Json::array({record});
  return LoadPricingCatalog(root.dump(), "data/pricing.json").errors;
}
}  // namespace

TEST_CASE("the shipped regions load: 8 China hubs, >= 12 global regions, each with sources") {
  RegionCatalogLoad load = LoadRegionCatalog(ReadSourceFile("data/regions.json"), "data/regions.json");
  for (const auto& e : load.errors) INFO(e);
  CHECK(load.ok());
  int hubs = 0, global = 0;
  for (const Region& r : load.catalog.regions) {
    INFO(r.id);
    CHECK(!r.sources.empty());
    CHECK(r.pue_air >= r.pue_liquid);
    CHECK(!r.latency_ms.empty());
    CHECK(r.policy_notes_zh.empty() == r.policy_notes.empty());
    hubs += r.hub_kind == "national-hub" && r.in_china();
    global += r.group == "global";
  }
  CHECK(hubs == 8);
  CHECK(global >= 12);
  for (const char* id : {"cn-jingjinji", "cn-yangtze-delta", "cn-greater-bay", "cn-chengdu-chongqing",
                         "cn-inner-mongolia", "cn-guizhou", "cn-gansu", "cn-ningxia"})
    CHECK(load.catalog.Find(id) != nullptr);
}

TEST_CASE("a region's policy notes need their Chinese text") {
  Json record = ValidRegionRecord();
  record["policy_notes"] = "East hub.";
  CHECK(AnyContains(RegionErrors(record), "policy_notes_zh"));
  record["policy_notes_zh"] = "东部枢纽。";
  CHECK(RegionErrors(record).empty());
  RegionCatalogLoad load = LoadRegionCatalog(RegionsText(Json::array({record})), "data/regions.json");
  REQUIRE(load.ok());
  CHECK(load.catalog.regions[0].PolicyNotes(true) == "东部枢纽。");
  CHECK(load.catalog.regions[0].PolicyNotes(false) == "East hub.");
}

TEST_CASE("the shipped pricing loads: fx, the five service forms, every price with sources") {
  PricingCatalogLoad load = LoadPricingCatalog(ReadSourceFile("data/pricing.json"), "data/pricing.json");
  for (const auto& e : load.errors) INFO(e);
  CHECK(load.ok());
  CHECK(load.catalog.fx.Knows("USD"));
  CHECK(!load.catalog.fx.sources.empty());
  for (const char* id : {"monthly_server", "container", "bare_metal", "purchase", "cpu_server"})
    CHECK(load.catalog.Form(id) != nullptr);
  for (const ServiceForm& f : load.catalog.service_forms) {
    INFO(f.id);
    CHECK(!f.sources.empty());
  }
  std::set<std::string> markets;
  for (const PriceRecord& p : load.catalog.prices) {
    INFO(p.id);
    CHECK(!p.sources.empty());
    CHECK(!p.as_of.empty());
    CHECK(p.Amount() > 0);
    markets.insert(p.market);
  }
  CHECK(markets == std::set<std::string>{"cn", "global"});
}

TEST_CASE("the embedded catalogs cross-check: prices name real cards, region currencies have rates") {
  const Catalogs& c = RealCatalogs();
  CHECK(CheckPricingReferences(c.pricing, c.gpus, c.regions, "p", "r").empty());
  CHECK(!c.regions.regions.empty());
  CHECK(!c.pricing.prices.empty());
  for (const Region& r : c.regions.regions) CHECK(c.pricing.fx.Knows(r.electricity_currency));
}

TEST_CASE("currency conversion round-trips through every rate") {
  const FxTable& fx = RealCatalogs().pricing.fx;
  std::vector<std::string> codes = {"CNY"};
  for (const auto& [code, rate] : fx.cny_per_unit) codes.push_back(code);
  CHECK(codes.size() >= 5);
  for (const auto& a : codes)
    for (const auto& b : codes) {
      INFO(a << " -> " << b);
      auto there = fx.Convert(123.45, a, b);
      REQUIRE(there);
      auto back = fx.Convert(*there, b, a);
      REQUIRE(back);
      CHECK(*back == doctest::Approx(123.45).epsilon(1e-12));
    }
  // Hand check with the fixture: 100 USD = 700 CNY = 87.5 EUR (7 / 8 CNY per unit).
  PricingCatalogLoad fixture = LoadPricingCatalog(ValidPricingRoot().dump(), "p.json");
  REQUIRE(fixture.ok());
  CHECK(*fixture.catalog.fx.Convert(100, "USD", "CNY") == doctest::Approx(700));
  CHECK(*fixture.catalog.fx.Convert(100, "USD", "EUR") == doctest::Approx(87.5));
  CHECK(*fixture.catalog.fx.WithUsdCny(7.5).Convert(100, "USD", "CNY") == doctest::Approx(750));
  CHECK_FALSE(fixture.catalog.fx.Convert(1, "XYZ", "CNY").has_value());
}

TEST_CASE("region loader: missing fields, wrong types, absurd values name file, record and field") {
  Json rec = ValidRegionRecord();
  REQUIRE(RegionErrors(rec).empty());
  rec.erase("carbon_gco2_per_kwh");
  auto errors = RegionErrors(rec);
  REQUIRE(errors.size() == 1);
  CHECK(errors[0] == "data/regions.json: regions[0] (id \"test-cn\"): field \"carbon_gco2_per_kwh\" is missing");

  Json bad = ValidRegionRecord();
  bad["pue_air"] = 0.8;                 // PUE below 1 is impossible
  bad["electricity_price"] = "0.5";
  bad["latency_ms"] = Json{{"shanghai", -3}};
  bad["group"] = "cn-north";
  bad["electricity_currency"] = "yuan";
  bad["sources"] = Json::array();
  bad["estimates"] = Json::array({"price"});
  errors = RegionErrors(bad);
  CHECK(AnyContains(errors, "field \"pue_air\" is 0.8, outside the allowed range [1, 3]"));
  CHECK(AnyContains(errors, "field \"electricity_price\" must be a number, got string"));
  CHECK(AnyContains(errors, "field \"latency_ms.shanghai\" must be a number of milliseconds"));
  CHECK(AnyContains(errors, "field \"group\" must be cn-east, cn-west or global"));
  CHECK(AnyContains(errors, "field \"electricity_currency\" must be a three-letter ISO 4217 code"));
  CHECK(AnyContains(errors, "field \"sources\" must not be empty"));
  CHECK(AnyContains(errors, "field \"estimates\" names unknown field \"price\""));

  Json liquid_worse = ValidRegionRecord();
  liquid_worse["pue_liquid"] = 1.5;
  CHECK(AnyContains(RegionErrors(liquid_worse), "field \"pue_liquid\" is higher than pue_air"));
}

TEST_CASE("region loader: duplicates and broken files") {
  Json a = ValidRegionRecord(), b = ValidRegionRecord();
  auto errors = LoadRegionCatalog(RegionsText(Json::array({a, b})), "r.json").errors;
  CHECK(AnyContains(errors, "r.json: regions[1] (id \"test-cn\"): field \"id\" duplicates an earlier record"));
  CHECK(LoadRegionCatalog("{", "r.json").errors == std::vector<std::string>{"r.json: not valid JSON"});
  CHECK(AnyContains(LoadRegionCatalog("{\"regions\": 3}", "r.json").errors, "must be a list of records"));
  CHECK(AnyContains(LoadRegionCatalog("{\"regions\": [7]}", "r.json").errors, "regions[0]: expected an object"));
  CHECK(AnyContains(LoadRegionCatalog("{\"regions\": []}", "r.json").errors, "holds no records"));
}

TEST_CASE("pricing loader: price records are checked field by field") {
  REQUIRE(LoadPricingCatalog(ValidPricingRoot().dump(), "data/pricing.json").ok());
  Json rec = ValidPriceRecord();
  rec.erase("sources");
  auto errors = PriceErrors(rec);
  REQUIRE(errors.size() == 1);
  CHECK(errors[0] == "data/pricing.json: prices[0] (id \"test-card-container-cn\"): field \"sources\" is missing");

  Json wrong_unit = ValidPriceRecord();
  wrong_unit["price_per_gpu_month"] = 7000;  // a monthly price on an hourly service
  CHECK(AnyContains(PriceErrors(wrong_unit),
                    "field \"price_per_gpu_month\" does not apply to service container"));
  Json negative = ValidPriceRecord();
  negative["price_per_gpu_hour"] = -1;
  CHECK(AnyContains(PriceErrors(negative), "field \"price_per_gpu_hour\" is -1, outside the allowed range"));
  Json currency = ValidPriceRecord();
  currency["currency"] = "GBP";
  CHECK(AnyContains(PriceErrors(currency), "field \"currency\" \"GBP\" has no rate in fx"));
  Json service = ValidPriceRecord();
  service["service"] = "spot";
  CHECK(AnyContains(PriceErrors(service), "field \"service\" must be monthly_server, container"));
  Json market = ValidPriceRecord();
  market["market"] = "eu";
  CHECK(AnyContains(PriceErrors(market), "field \"market\" must be cn or global"));
  Json server = ValidPriceRecord();
  server["includes_server"] = true;
  CHECK(AnyContains(PriceErrors(server), "field \"includes_server\" applies only to service purchase"));

  Json root = ValidPricingRoot();
  root["prices"].push_back(root["prices"][0]);
  CHECK(AnyContains(LoadPricingCatalog(root.dump(), "p.json").errors,
                    "p.json: prices[5] (id \"test-card-container-cn\"): field \"id\" duplicates an earlier record"));
}

TEST_CASE("pricing loader: every quote's provider is a record of the providers table, with its Chinese name") {
  Json unknown = ValidPriceRecord();
  unknown["provider"] = "Nobody Cloud";
  CHECK(AnyContains(PriceErrors(unknown),
                    "prices[0] (id \"test-card-container-cn\"): field \"provider\" names \"Nobody Cloud\", which is not in \"providers\""));
  Json by_id = ValidPriceRecord();
  by_id["provider"] = "test-cloud";
  CHECK(PriceErrors(by_id).empty());

  Json root = ValidPricingRoot();
  root["providers"][0].erase("name_zh");
  CHECK(AnyContains(LoadPricingCatalog(root.dump(), "p.json").errors,
                    "p.json: providers[0] (id \"test-cloud\"): field \"name_zh\" is missing"));
  root.erase("providers");
  CHECK(AnyContains(LoadPricingCatalog(root.dump(), "p.json").errors, "providers"));

  PricingCatalogLoad load = LoadPricingCatalog(ValidPricingRoot().dump(), "p.json");
  REQUIRE(load.ok());
  CHECK(load.catalog.ProviderName("Test Cloud", true) == "测试云");
  CHECK(load.catalog.ProviderName("Test Cloud", false) == "Test Cloud");
  CHECK(load.catalog.ProviderName("edited seller", true) == "edited seller");  // a price edited in the UI
}

TEST_CASE("the shipped providers: each has a Chinese name and a source; every quote's provider is one of them") {
  const Catalogs& c = RealCatalogs();
  REQUIRE(c.pricing.providers.size() >= 40);
  for (const Provider& p : c.pricing.providers) {
    INFO(p.id);
    CHECK(!p.name_zh.empty());
    CHECK(!p.sources.empty());
  }
  for (const PriceRecord& q : c.pricing.prices) CHECK(c.pricing.FindProvider(q.provider) != nullptr);
  CHECK(c.pricing.ProviderName("Alibaba Cloud", true) == "阿里云");
}

TEST_CASE("pricing loader: fx and service forms") {
  Json root = ValidPricingRoot();
  root["fx"].erase("usd_cny");
  root["fx"]["eur_cny"] = -8;
  root["fx"]["dollars"] = 7;
  auto errors = LoadPricingCatalog(root.dump(), "p.json").errors;
  CHECK(AnyContains(errors, "p.json: fx: field \"usd_cny\" is missing"));
  CHECK(AnyContains(errors, "p.json: fx: field \"eur_cny\" is -8, outside the allowed range"));
  CHECK(AnyContains(errors, "p.json: fx: field \"dollars\" is not a rate"));

  Json forms = ValidPricingRoot();
  forms["service_forms"][3]["depreciation_years"] = 0;
  forms["service_forms"].erase(1);  // no container form
  errors = LoadPricingCatalog(forms.dump(), "p.json").errors;
  CHECK(AnyContains(errors, "service_forms[2] (id \"purchase\"): field \"depreciation_years\" is 0, outside"));
  CHECK(AnyContains(errors, "p.json: field \"service_forms\" has no record with id \"container\""));
}

TEST_CASE("cross-file references: unknown cards and currencies without a rate are named") {
  PricingCatalogLoad pricing = LoadPricingCatalog(ValidPricingRoot().dump(), "data/pricing.json");
  GpuCatalogLoad gpus = LoadGpuCatalog(CatalogText(Json::array({ValidGpuRecord()})), "data/gpus.json");
  Json region = ValidRegionRecord();
  region["electricity_currency"] = "JPY";
  RegionCatalogLoad regions = LoadRegionCatalog(RegionsText(Json::array({region})), "data/regions.json");
  REQUIRE(pricing.ok());
  REQUIRE(gpus.ok());
  REQUIRE(regions.ok());
  pricing.catalog.prices[2].gpu = "no-such-card";
  auto errors = CheckPricingReferences(pricing.catalog, gpus.catalog, regions.catalog,
                                       "data/pricing.json", "data/regions.json");
  CHECK(AnyContains(errors, "data/pricing.json: prices[2] (id \"test-card-monthly-cn\"): field \"gpu\" names \"no-such-card\", which is not in gpus.json"));
  CHECK(AnyContains(errors, "data/regions.json: regions[0] (id \"test-cn\"): field \"electricity_currency\" \"JPY\" has no rate"));
}

TEST_CASE("a data folder without regions.json or pricing.json is reported by name") {
  CatalogsLoad load = LoadCatalogs([](const std::string&, std::string&) { return false; }, "/tmp/nowhere");
  CHECK(AnyContains(load.errors, "/tmp/nowhere/regions.json: file is missing or unreadable"));
  CHECK(AnyContains(load.errors, "/tmp/nowhere/pricing.json: file is missing or unreadable"));
}

}  // namespace region_pricing_catalog_test
