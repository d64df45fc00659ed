// The Cost view's table of hubs: one row per region of the job (electricity price, PUE, carbon
// intensity, latency to the user's city, rent) and the row order for a sorted column. Pure.
#pragma once

#include "app/cost_model.hpp"
#include "engine/catalogs.hpp"

#include <vector>

namespace atlas {

enum class HubColumn { kHub = 0, kElectricity, kPue, kCarbon, kLatency, kRent };
inline constexpr int kHubColumnCount = 6;

// The rows for the regions of `d.regions` (call after they and d.report are filled).
std::vector<HubRow> BuildHubRows(const CostDerived& d, const Catalogs& catalogs);

// Indices into `rows` sorted by `column` (kHub: east hubs, west hubs, global, catalog order).
// Rows that fail the constraints (greyed) come after every row that meets them, in either
// direction; within each part, rows without a value (no latency, no price) come last in either
// direction; ties keep the hub order. A column index out of range sorts by hub.
std::vector<int> HubRowOrder(const std::vector<HubRow>& rows, HubColumn column, bool ascending);

}  // namespace atlas
