// `gpu-atlas cost [--json] [--data DIR] < request.json`: a job's energy, CO2 and cost per
// region × service form, break-even duty cycles, and the cheapest row under the constraints.
// The request is read strictly: unknown fields, wrong types and out-of-range values are usage
// errors (exit 2) naming the field.
#include "cli_common.hpp"
#include "commands.hpp"
#include "engine/message_text.hpp"
#include "engine/cost.hpp"
#include "engine/cost_request.hpp"
#include "engine/json_reader.hpp"
#include "engine/recommend_request.hpp"
#include "engine/format.hpp"

#include <cstdio>
#include <iostream>

namespace atlas::cli {

namespace {

constexpr const char* kUsage =
    "usage: gpu-atlas cost [--json] [--data DIR] < request.json\n"
    "request: {\"gpu\": \"h100-sxm\", \"gpus\": 8, \"hours\": 72, \"utilization\": 0.8,\n"
    "          \"region\": \"cn-guizhou\" | \"regions\": [...], \"service\": \"container\", ...}\n"
    "(see README, section \"gpu-atlas cost\")\n";

Json MoneyJson(const Money& m) { return Json{{"amount", m.amount}, {"currency", m.currency}}; }
Json MoneyJson(const std::optional<Money>& m) { return m ? MoneyJson(*m) : Json(nullptr); }

const char* PriceUnitKey(ServiceKind s) {
  return s == ServiceKind::kContainer  ? "gpu_hour"
         : s == ServiceKind::kPurchase ? "card"
                                       : "gpu_month";
}

Json RowJson(const CostRow& row, const RegionCatalog& regions) {
  Json j;
  j["region"] = row.region_id;
  const Region* region = regions.Find(row.region_id);
  j["region_name"] = region ? region->name : "";
  j["region_group"] = region ? region->group : "";
  j["service"] = ServiceId(row.service);
  j["pue"] = row.pue;
  j["runtime_hours"] = row.runtime_hours;
  j["energy_kwh"] = row.energy_kwh;
  j["energy_cost"] = MoneyJson(row.energy_cost);
  j["energy_cost_local"] = MoneyJson(row.energy_cost_local);
  j["energy_in_total"] = row.energy_in_total;
  j["compute_cost"] = MoneyJson(row.compute_cost);
  j["total_cost"] = MoneyJson(row.total_cost);
  j["annual_cost"] = MoneyJson(row.annual_cost);
  j["billed_months"] = row.billed_months ? Json(*row.billed_months) : Json(nullptr);
  j["billed_by_minimum"] = row.billed_by_minimum;
  j["co2_kg"] = row.co2_kg;
  j["latency_ms"] = row.latency_ms ? Json(*row.latency_ms) : Json(nullptr);
  j["meets_constraints"] = row.meets_constraints;
  if (row.service == ServiceKind::kPurchase) j["price_comparable"] = row.price_comparable;
  if (row.price && row.price_choice && row.price_used) {
    const PriceRecord& p = *row.price;
    const PriceChoice& c = *row.price_choice;
    // "price": the figure used and which statistic of which quotes it is; "quote": the quote
    // behind it (the one used, or the one nearest the median), with its date and source.
    j["price"] = Json{{"amount", row.price_used->amount},
                      {"currency", row.price_used->currency},
                      {"per", PriceUnitKey(p.service)},
                      {"statistic", PriceStatisticId(c.statistic)},
                      {"scope", QuoteScopeId(c.scope)},
                      {"market", c.market},
                      {"region", c.region_id.empty() ? Json(nullptr) : Json(c.region_id)},
                      {"market_stats", MarketStatsJson(c.stats)},
                      {"summary", row.price_summary},
                      {"quote", Json{{"id", p.id},
                                     {"provider", p.provider},
                                     {"market", p.market},
                                     {"region", p.region.empty() ? Json(nullptr) : Json(p.region)},
                                     {"amount", p.Amount()},
                                     {"currency", p.currency},
                                     {"as_of", p.as_of},
                                     {"stale", c.record_is_stale},
                                     {"estimate", p.estimate},
                                     {"sources", p.sources}}}};
  } else {
    j["price"] = nullptr;
  }
  j["notes"] = row.notes;
  return j;
}

Json BreakEvenJson(const BreakEven& b) {
  Json j;
  j["duty_cycle"] = b.duty_cycle ? Json(*b.duty_cycle) : Json(nullptr);
  j["hours_per_month"] = b.duty_cycle ? Json(*b.duty_cycle * kHoursPerMonth) : Json(nullptr);
  j["reachable"] = b.reachable;
  j["notes"] = b.notes;
  return j;
}

std::string Amount(const std::optional<Money>& m) {
  if (!m) return "no price";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.0f %s", m->amount, m->currency.c_str());
  return buf;
}

}  // namespace

int RunCost(const std::vector<std::string>& args) {
  std::string error;
  auto options = ParseCommon(args, error);
  if (!options) {
    std::cerr << "gpu-atlas cost: " << error << "\n" << kUsage;
    return kExitUsage;
  }
  if (!options->positional.empty()) {
    std::cerr << "gpu-atlas cost: unexpected argument " << options->positional[0] << "\n" << kUsage;
    return kExitUsage;
  }
  auto catalogs = LoadCatalogsOrReport(*options);
  if (!catalogs) return kExitData;

  CostRequestParse parsed = ParseCostRequestText(ReadAllStdin(), *catalogs);
  std::vector<std::string>& errors = parsed.errors;
  const CostRequest& request = parsed.request;
  if (!errors.empty()) {
    for (const std::string& e : errors) std::cerr << "gpu-atlas cost: " << PlainSpaces(BoundMessage(e)) << "\n";
    std::cerr << kUsage;
    return kExitUsage;
  }

  const CostReport report = ComputeCost(request, catalogs->gpus, catalogs->regions, catalogs->pricing);
  if (!report.errors.empty()) {  // CheckCostRequest passed above, so this is not expected
    for (const std::string& e : report.errors) std::cerr << "gpu-atlas cost: request: " << PlainSpaces(BoundMessage(e)) << "\n";
    return kExitUsage;
  }

  if (options->json) {
    Json out;
    out["rows"] = Json::array();
    for (const CostRow& row : report.rows) out["rows"].push_back(RowJson(row, catalogs->regions));
    out["break_even"] = Json::object();
    for (const RegionBreakEven& b : report.break_even)
      out["break_even"][b.region_id] = {
          {"container_vs_monthly_server", BreakEvenJson(b.container_vs_monthly_server)},
          {"container_vs_purchase", BreakEvenJson(b.container_vs_purchase)},
          {"purchase_break_even_hours",
           b.purchase_break_even_hours ? Json(*b.purchase_break_even_hours) : Json(nullptr)},
          {"purchase_break_even_notes", b.purchase_break_even_notes}};
    out["purchase_basis"] = PurchaseBasisId(report.purchase_basis);
    if (report.cheapest) {
      const CostRow& c = report.rows[*report.cheapest];
      out["cheapest"] = {{"region", c.region_id}, {"service", ServiceId(c.service)},
                         {"total_cost", MoneyJson(c.total_cost)}, {"ties", report.cheapest_ties},
                         {"tie_break", CostTieBreakId(report.cheapest_tie_break)}};
    } else {
      out["cheapest"] = nullptr;
    }
    out["notes"] = report.notes;
    std::cout << PlainSpaces(out.dump(2)) << "\n";
    return kExitOk;
  }

  std::printf("%-22s %-15s %10s %14s %16s %16s %10s\n", "region", "service", "energy kWh",
              "energy cost", "compute cost", "total cost", "CO2 kg");
  for (const CostRow& row : report.rows)
    std::printf("%-22s %-15s %10.1f %14s %16s %16s %10.1f%s\n", row.region_id.c_str(),
                ServiceId(row.service), row.energy_kwh, Amount(row.energy_cost).c_str(),
                Amount(row.compute_cost).c_str(), Amount(row.total_cost).c_str(), row.co2_kg,
                row.meets_constraints ? "" : "  (fails constraints)");
  if (report.cheapest) {
    const CostRow& c = report.rows[*report.cheapest];
    std::printf("\ncheapest: %s, %s, %s\n", c.region_id.c_str(), ServiceId(c.service),
                Amount(c.total_cost).c_str());
  }
  std::printf("purchase basis: %s\n", PurchaseBasisId(report.purchase_basis));
  for (const std::string& n : report.notes) std::printf("note: %s\n", PlainSpaces(n).c_str());
  return kExitOk;
}

}  // namespace atlas::cli
