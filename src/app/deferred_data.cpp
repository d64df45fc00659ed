#include "deferred_data.hpp"

namespace atlas {

MarketDataLoad LoadMarketDataDegrading(const DataFileReader& read, const std::string& display_dir,
                                       Catalogs& catalogs) {
  CatalogsLoad load;
  load.catalogs = std::move(catalogs);
  LoadMarketCatalogs(read, display_dir, load);
  catalogs = std::move(load.catalogs);
  MarketDataLoad out;
  out.warnings = load.errors;
  const std::string models = display_dir + "/models.json", regions = display_dir + "/regions.json",
                    pricing = display_dir + "/pricing.json", gaps = display_dir + "/pricing_gaps.json";
  bool models_bad = false, regions_bad = false, pricing_bad = false, gaps_bad = false;
  for (const std::string& e : load.errors) {
    // Every loader message starts with its file's name (LoadText, ForEachRecord, FieldReader).
    models_bad = models_bad || e.rfind(models, 0) == 0;
    regions_bad = regions_bad || e.rfind(regions, 0) == 0;
    pricing_bad = pricing_bad || e.rfind(pricing, 0) == 0;
    gaps_bad = gaps_bad || e.rfind(gaps, 0) == 0;
  }
  if (models_bad) {
    catalogs.models = {};
    out.models_missing = models;
  }
  if (regions_bad || pricing_bad) {
    catalogs.regions = {};
    catalogs.pricing = {};
    out.markets_missing = regions_bad ? regions : pricing;
  }
  // The record of searches without a price only annotates the cost view: a broken one is left
  // out (with its warning) and the quotes stay.
  if (gaps_bad) catalogs.pricing.gaps = {};
  // A message that names none of the three files still counts: nothing is used half-checked.
  if (!out.warnings.empty() && !models_bad && !regions_bad && !pricing_bad && !gaps_bad) {
    catalogs.models = {};
    catalogs.regions = {};
    catalogs.pricing = {};
    out.models_missing = models;
    out.markets_missing = regions;
  }
  return out;
}

}  // namespace atlas
