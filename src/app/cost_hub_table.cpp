#include "cost_hub_table.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace atlas {

std::vector<HubRow> BuildHubRows(const CostDerived& d, const Catalogs& c) {
  std::vector<HubRow> out;
  for (const RegionSeries& rs : d.regions) {
    if (rs.region_index < 0 || rs.region_index >= static_cast<int>(c.regions.regions.size())) continue;
    const Region& reg = c.regions.regions[rs.region_index];
    HubRow h;
    h.region_index = rs.region_index;
    h.group = rs.group;
    h.kwh_price = rs.kwh_price;
    h.pue = rs.pue;
    h.carbon_g_per_kwh = reg.carbon_gco2_per_kwh;
    h.meets_constraints = rs.meets_constraints;
    // The engine's constraints (the rows' meets_constraints, engine/cost.cpp): the market first
    // when both fail, as the row's tag names one reason.
    if (!d.inputs.user_centre.empty())
      if (auto it = reg.latency_ms.find(d.inputs.user_centre); it != reg.latency_ms.end() && std::isfinite(it->second))
        h.latency_ms = it->second;
    if (!h.meets_constraints)
      h.excluded = d.request.domestic_only && !reg.in_china() ? HubExclusion::kOtherMarket
                   : h.latency_ms                              ? HubExclusion::kLatency
                                                               : HubExclusion::kLatencyUnknown;
    h.rent = rs.rental_cost;
    for (const CostRow& row : d.report.rows) {
      if (row.region_id != reg.id || row.service != d.bar_service) continue;
      if (row.price_used && std::isfinite(row.price_used->amount)) h.rent_per_unit = row.price_used->amount;
      if (row.price_choice) h.rent_scope = row.price_choice->scope, h.rent_stale_only = row.price_choice->stats.stale_only;
      h.rent_summary = row.price_summary;
      h.rent_estimate = row.price && row.price->estimate;
    }
    if (d.report.cheapest && d.report.rows[*d.report.cheapest].region_id == reg.id) h.cheapest = true;
    out.push_back(std::move(h));
  }
  return out;
}

std::vector<int> HubRowOrder(const std::vector<HubRow>& rows, HubColumn column, bool ascending) {
  std::vector<int> order(rows.size());
  std::iota(order.begin(), order.end(), 0);
  auto value = [&](const HubRow& h) -> std::optional<double> {
    switch (column) {
      case HubColumn::kHub: return std::nullopt;
      case HubColumn::kElectricity: return h.kwh_price;
      case HubColumn::kPue: return h.pue;
      case HubColumn::kCarbon: return h.carbon_g_per_kwh;
      case HubColumn::kLatency: return h.latency_ms;
      case HubColumn::kRent: return h.rent;
    }
    return std::nullopt;
  };
  auto hub_key = [&](int i) { return std::make_pair(RegionGroupOrder(rows[i].group), rows[i].region_index); };
  const bool by_hub = column == HubColumn::kHub || static_cast<int>(column) < 0 || static_cast<int>(column) >= kHubColumnCount;
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    // Hubs left out by the constraints (greyed) after every hub that is in, whatever the column
    // or direction: a reader scanning the top of a sorted column sees only hubs they can use.
    if (rows[a].meets_constraints != rows[b].meets_constraints) return rows[a].meets_constraints;
    if (by_hub) return ascending ? hub_key(a) < hub_key(b) : hub_key(b) < hub_key(a);
    const std::optional<double> va = value(rows[a]), vb = value(rows[b]);
    if (va.has_value() != vb.has_value()) return va.has_value();  // missing values last
    // Rent that ties (hubs priced by one market's median): the headline's hub first, then the
    // lower grid CO2, as the headline names one of them (engine/cost.cpp, TieBreakOver).
    if (va && column == HubColumn::kRent && std::fabs(*va - *vb) < 0.005) {
      if (rows[a].cheapest != rows[b].cheapest) return rows[a].cheapest;
      if (rows[a].carbon_g_per_kwh != rows[b].carbon_g_per_kwh) return rows[a].carbon_g_per_kwh < rows[b].carbon_g_per_kwh;
      return hub_key(a) < hub_key(b);
    }
    if (!va || *va == *vb) return hub_key(a) < hub_key(b);
    return ascending ? *va < *vb : *va > *vb;
  });
  return order;
}

}  // namespace atlas
