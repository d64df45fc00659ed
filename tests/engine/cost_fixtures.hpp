// Small region and pricing catalogs with round numbers, so that the cost tests can be checked
// by hand (the real data files change; these do not).
#pragma once

#include "engine/cost.hpp"
#include "engine/json_reader.hpp"

#include <string>
#include <vector>

namespace atlas::test {

inline Json ValidRegionRecord() {
  return Json::parse(R"({
    "id": "test-cn", "name": "Test hub", "name_zh": "测试枢纽", "country": "CN",
    "group": "cn-west", "hub_kind": "national-hub", "cloud_examples": [],
    "electricity_price": 0.5, "electricity_currency": "CNY", "electricity_year": 2024,
    "electricity_note": "", "pue_air": 1.2, "pue_liquid": 1.1, "pue_target": 1.2,
    "carbon_gco2_per_kwh": 500, "carbon_year": 2022, "carbon_note": "",
    "latency_ms": {"shanghai": 20, "beijing": 10}, "latency_note": "",
    "lat": 26.6, "lon": 106.6, "policy_notes": "", "estimates": ["pue_air"],
    "sources": ["https://example.com/region"]
  })");
}

inline Json UsRegionRecord() {
  Json r = ValidRegionRecord();
  r["id"] = "test-us";
  r["name"] = "Test US";
  r["country"] = "US";
  r["group"] = "global";
  r["hub_kind"] = "cloud-region";
  r["electricity_price"] = 0.1;
  r["electricity_currency"] = "USD";
  r["pue_air"] = 1.3;
  r["pue_target"] = nullptr;
  r["carbon_gco2_per_kwh"] = 400;
  r["latency_ms"] = Json{{"new_york", 10}};
  return r;
}

inline std::string RegionsText(const Json& records) {
  Json root;
  root["schema_version"] = 1;
  root["data_date"] = "2026-12-01";
  root["regions"] = records;
  return root.dump();
}

inline Json ValidPriceRecord() {
  return Json::parse(R"({
    "id": "test-card-container-cn", "gpu": "test-card", "service": "container",
    "provider": "Test Cloud", "market": "cn", "price_per_gpu_hour": 10, "currency": "CNY",
    "as_of": "2026-06", "estimate": false, "notes": "", "sources": ["https://example.com/price"]
  })");
}

// fx USD = 7 CNY, EUR = 8 CNY; monthly server with 3% virtualisation loss; purchase over 4 years
// with 5% spares and 48% server overhead. Prices for "test-card": container cn 10 CNY/h and
// global 2 USD/h; monthly_server cn 5,000 CNY/month; bare_metal global 1,500 USD/month;
// purchase cn 200,000 CNY.
inline Json ValidPricingRoot() {
  Json root = Json::parse(R"({
    "schema_version": 1, "data_date": "2026-12-01",
    "fx": {"usd_cny": 7.0, "eur_cny": 8.0, "as_of": "2026-01-01", "notes": "",
           "estimates": ["eur_cny"], "sources": ["https://example.com/fx"]},
    "service_forms": [
      {"id": "monthly_server", "name": "Monthly", "billing": "monthly",
       "virtualization_overhead": 0.03, "min_commitment_months": 1, "sources": ["https://example.com/m"]},
      {"id": "container", "name": "Container", "billing": "hourly",
       "virtualization_overhead": 0.0, "min_commitment_months": 0, "sources": ["https://example.com/c"]},
      {"id": "bare_metal", "name": "Bare metal", "billing": "monthly",
       "virtualization_overhead": 0.0, "min_commitment_months": 12, "sources": ["https://example.com/b"]},
      {"id": "purchase", "name": "Buy", "billing": "capex", "depreciation_years": 4,
       "hosting_cny_per_kw_month": 600, "spares_fraction": 0.05, "server_overhead_fraction": 0.48,
       "sources": ["https://example.com/p"]}
    ],
    "providers": [
      {"id": "test-cloud", "name": "Test Cloud", "name_zh": "测试云", "sources": ["https://example.com/test-cloud"]}
    ],
    "prices": []
  })");
  Json cn = ValidPriceRecord();
  Json global = ValidPriceRecord();
  global["id"] = "test-card-container-global";
  global["market"] = "global";
  global["price_per_gpu_hour"] = 2;
  global["currency"] = "USD";
  Json monthly = ValidPriceRecord();
  monthly["id"] = "test-card-monthly-cn";
  monthly["service"] = "monthly_server";
  monthly.erase("price_per_gpu_hour");
  monthly["price_per_gpu_month"] = 5000;
  Json bare = ValidPriceRecord();
  bare["id"] = "test-card-bare-global";
  bare["service"] = "bare_metal";
  bare["market"] = "global";
  bare.erase("price_per_gpu_hour");
  bare["price_per_gpu_month"] = 1500;
  bare["currency"] = "USD";
  Json buy = ValidPriceRecord();
  buy["id"] = "test-card-purchase-cn";
  buy["service"] = "purchase";
  buy.erase("price_per_gpu_hour");
  buy["price_per_gpu"] = 200000;
  root["prices"] = Json::array({cn, global, monthly, bare, buy});
  return root;
}

// A job for the real catalogs: `gpus` x `gpu_id` for `hours`, in `services` (every form when empty).
inline CostRequest CardJob(const std::string& gpu_id, int gpus, double hours, std::vector<ServiceKind> services = {}) {
  CostRequest q;
  q.gpu_id = gpu_id;
  q.gpus = gpus;
  q.hours = hours;
  if (!services.empty()) q.services = std::move(services);
  return q;
}

}  // namespace atlas::test
