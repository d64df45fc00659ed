// What the tier map shows, derived from the catalog and the filters: which cards pass, in
// which order, with the sort applied. Pure and tested; the view only draws it.
#pragma once

#include "app/app_state.hpp"
#include "engine/catalogs.hpp"

#include <string>
#include <vector>

namespace atlas {

// Indices into catalogs.gpus.gpus of the cards passing the filters, sorted as requested.
std::vector<int> FilterAndSortGpus(const Catalogs& catalogs, const TierMapState& state);
// Distinct vendors in catalog order.
std::vector<std::string> Vendors(const GpuCatalog& catalog);
// Adds or removes `id` from the comparison (at most kMaxCompare; the oldest pick drops out).
void ToggleCompare(TierMapState& state, const std::string& id);

}  // namespace atlas
