#include "catalogs.hpp"

#include "embedded_data.hpp"
#include "pricing_gaps.hpp"

namespace atlas {

namespace {

// Reads `name` from `read`, or records that it is missing.
bool LoadText(const DataFileReader& read, const std::string& display_dir, const std::string& name, std::string& text,
              CatalogsLoad& out) {
  if (read(name, text)) return true;
  out.errors.push_back(display_dir + "/" + name + ": file is missing or unreadable");
  return false;
}

template <typename Load>
void Append(const Load& load, CatalogsLoad& out) {
  out.errors.insert(out.errors.end(), load.errors.begin(), load.errors.end());
}

}  // namespace

void ClassifyGpuTiers(Catalogs& catalogs) {
  catalogs.gpu_tiers.clear();
  catalogs.gpu_tiers_zh.clear();
  for (const Gpu& g : catalogs.gpus.gpus) {
    catalogs.gpu_tiers.push_back(ClassifyTier(g));
    catalogs.gpu_tiers_zh.push_back(ClassifyTier(g, {}, Language::kChinese));
  }
}

void LoadCoreCatalogs(const DataFileReader& read, const std::string& display_dir, CatalogsLoad& out) {
  std::string text;
  if (LoadText(read, display_dir, "gpus.json", text, out)) {
    GpuCatalogLoad gpus = LoadGpuCatalog(text, display_dir + "/gpus.json");
    Append(gpus, out);
    out.catalogs.gpus = std::move(gpus.catalog);
  }
  ClassifyGpuTiers(out.catalogs);
  if (LoadText(read, display_dir, "assumptions.json", text, out)) {
    AssumptionsLoad assumptions = LoadAssumptions(text, display_dir + "/assumptions.json");
    Append(assumptions, out);
    out.catalogs.assumptions = std::move(assumptions.assumptions);
  }
}

void LoadMarketCatalogs(const DataFileReader& read, const std::string& display_dir, CatalogsLoad& out) {
  std::string text;
  if (LoadText(read, display_dir, "models.json", text, out)) {
    ModelCatalogLoad models = LoadModelCatalog(text, display_dir + "/models.json");
    Append(models, out);
    out.catalogs.models = std::move(models.catalog);
  }
  if (LoadText(read, display_dir, "regions.json", text, out)) {
    RegionCatalogLoad regions = LoadRegionCatalog(text, display_dir + "/regions.json");
    Append(regions, out);
    out.catalogs.regions = std::move(regions.catalog);
  }
  if (LoadText(read, display_dir, "pricing.json", text, out)) {
    PricingCatalogLoad pricing = LoadPricingCatalog(text, display_dir + "/pricing.json");
    Append(pricing, out);
    out.catalogs.pricing = std::move(pricing.catalog);
    auto refs = CheckPricingReferences(out.catalogs.pricing, out.catalogs.gpus, out.catalogs.regions,
                                       display_dir + "/pricing.json", display_dir + "/regions.json");
    out.errors.insert(out.errors.end(), refs.begin(), refs.end());
  }
  if (LoadText(read, display_dir, "pricing_gaps.json", text, out)) {
    PricingGapsLoad gaps = LoadPricingGaps(text, display_dir + "/pricing_gaps.json");
    Append(gaps, out);
    auto refs = CheckPricingGapReferences(gaps.gaps, out.catalogs.gpus, display_dir + "/pricing_gaps.json");
    out.errors.insert(out.errors.end(), refs.begin(), refs.end());
    out.catalogs.pricing.gaps = std::move(gaps.gaps);
  }
  if (LoadText(read, display_dir, "calibration.json", text, out)) {
    CalibrationLoad calibration = LoadCalibration(text, display_dir + "/calibration.json");
    Append(calibration, out);
    for (const UsableMemory& u : calibration.calibration.usable_memory)
      if (!out.catalogs.gpus.Find(u.gpu))
        out.errors.push_back(display_dir + "/calibration.json: usable_memory (id \"" + u.gpu +
                             "\"): field \"gpu\" is not a card in gpus.json");
    out.catalogs.calibration = std::move(calibration.calibration);
  }
  if (LoadText(read, display_dir, "validation_cases.json", text, out)) {
    ValidationCatalogLoad cases = LoadValidationCases(text, display_dir + "/validation_cases.json");
    Append(cases, out);
    out.catalogs.validation = std::move(cases.catalog);
  }
  if (LoadText(read, display_dir, "software.json", text, out)) {
    SoftwareCatalogLoad software = LoadSoftwareCatalog(text, display_dir + "/software.json", out.catalogs.gpus);
    Append(software, out);
    out.catalogs.software = std::move(software.catalog);
    AttachSoftwareSupport(out.catalogs.software, out.catalogs.gpus);
  }
}

CatalogsLoad LoadCatalogs(const DataFileReader& read, const std::string& display_dir) {
  CatalogsLoad out;
  LoadCoreCatalogs(read, display_dir, out);
  LoadMarketCatalogs(read, display_dir, out);
  return out;
}

CatalogsLoad LoadEmbeddedCatalogs() {
  return LoadCatalogs(ReadEmbeddedDataFile, "data");
}

}  // namespace atlas
