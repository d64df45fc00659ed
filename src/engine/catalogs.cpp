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
  for (const Gpu& g : out.catalogs.gpus.gpus) out.catalogs.gpu_tiers.push_back(ClassifyTier(g));
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
