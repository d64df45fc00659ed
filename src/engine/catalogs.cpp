#include "catalogs.hpp"

#include "embedded_data.hpp"

namespace atlas {

CatalogsLoad LoadCatalogs(const DataFileReader& read, const std::string& display_dir) {
  CatalogsLoad out;
  auto load_text = [&](const std::string& name, std::string& text) {
    if (read(name, text)) return true;
    out.errors.push_back(display_dir + "/" + name + ": file is missing or unreadable");
    return false;
  };
  std::string text;
  if (load_text("gpus.json", text)) {
    GpuCatalogLoad gpus = LoadGpuCatalog(text, display_dir + "/gpus.json");
    out.errors.insert(out.errors.end(), gpus.errors.begin(), gpus.errors.end());
    out.catalogs.gpus = std::move(gpus.catalog);
  }
  for (const Gpu& g : out.catalogs.gpus.gpus) {
    out.catalogs.gpu_tiers.push_back(ClassifyTier(g));
    out.catalogs.gpu_tiers_zh.push_back(ClassifyTier(g, {}, Language::kChinese));
  }
  if (load_text("models.json", text)) {
    ModelCatalogLoad models = LoadModelCatalog(text, display_dir + "/models.json");
    out.errors.insert(out.errors.end(), models.errors.begin(), models.errors.end());
    out.catalogs.models = std::move(models.catalog);
  }
  if (load_text("assumptions.json", text)) {
    AssumptionsLoad assumptions = LoadAssumptions(text, display_dir + "/assumptions.json");
    out.errors.insert(out.errors.end(), assumptions.errors.begin(), assumptions.errors.end());
    out.catalogs.assumptions = std::move(assumptions.assumptions);
  }
  if (load_text("regions.json", text)) {
    RegionCatalogLoad regions = LoadRegionCatalog(text, display_dir + "/regions.json");
    out.errors.insert(out.errors.end(), regions.errors.begin(), regions.errors.end());
    out.catalogs.regions = std::move(regions.catalog);
  }
  if (load_text("pricing.json", text)) {
    PricingCatalogLoad pricing = LoadPricingCatalog(text, display_dir + "/pricing.json");
    out.errors.insert(out.errors.end(), pricing.errors.begin(), pricing.errors.end());
    out.catalogs.pricing = std::move(pricing.catalog);
    auto refs = CheckPricingReferences(out.catalogs.pricing, out.catalogs.gpus, out.catalogs.regions,
                                       display_dir + "/pricing.json", display_dir + "/regions.json");
    out.errors.insert(out.errors.end(), refs.begin(), refs.end());
  }
  return out;
}

CatalogsLoad LoadEmbeddedCatalogs() {
  return LoadCatalogs(
      [](const std::string& name, std::string& text) {
        text = EmbeddedDataText(name);
        return !text.empty();
      },
      "data");
}

}  // namespace atlas
