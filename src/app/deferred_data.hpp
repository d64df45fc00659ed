// The data the web app fetches after its first frame (models, regions, prices), loaded so that
// a broken file turns off only what needs it: its catalog stays empty, its problems (each naming
// the file, the record and the field) are kept for a banner, and the rest loads as usual.
#pragma once

#include "engine/catalogs.hpp"

#include <string>
#include <vector>

namespace atlas {

struct MarketDataLoad {
  std::vector<std::string> warnings;  // every problem, "data/models.json: models[3] (id ...): ..."
  std::string models_missing;         // "data/models.json" when it could not be used, else ""
  std::string markets_missing;        // "data/regions.json" or "data/pricing.json", else ""
  bool ok() const { return warnings.empty(); }
};

// Adds models.json, regions.json, pricing.json and pricing_gaps.json (read by `read`) to
// `catalogs`, which holds the GPUs already. A file that is missing, not JSON or invalid leaves
// its catalog empty; a broken regions.json also leaves the prices out (they refer to regions),
// and vice versa; a broken pricing_gaps.json leaves only the gaps out.
MarketDataLoad LoadMarketDataDegrading(const DataFileReader& read, const std::string& display_dir, Catalogs& catalogs);

}  // namespace atlas
