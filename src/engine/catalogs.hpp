// All data catalogs together, loaded from a folder or from the copies compiled into the binary.
#pragma once

#include "assumptions.hpp"
#include "calibration.hpp"
#include "gpu_catalog.hpp"
#include "model_catalog.hpp"
#include "pricing_catalog.hpp"
#include "region_catalog.hpp"
#include "software_support.hpp"
#include "tiers.hpp"
#include "validation_cases.hpp"

#include <functional>
#include <string>
#include <vector>

namespace atlas {

struct Catalogs {
  GpuCatalog gpus;
  std::vector<TierResult> gpu_tiers;     // parallel to gpus.gpus, reasons in English
  std::vector<TierResult> gpu_tiers_zh;  // the same, reasons in Chinese
  const TierResult& TierOf(size_t gpu_index, Language language) const {
    return language == Language::kChinese ? gpu_tiers_zh[gpu_index] : gpu_tiers[gpu_index];
  }
  ModelCatalog models;
  Assumptions assumptions;
  RegionCatalog regions;
  PricingCatalog pricing;
  Calibration calibration;  // frameworks, efficiencies, usable capacity (data/calibration.json)
  ValidationCatalog validation;  // measured runs the engine is checked against
  SoftwareCatalog software;  // also resolved into each gpus.gpus[i].software
};

struct CatalogsLoad {
  Catalogs catalogs;
  std::vector<std::string> errors;
  bool ok() const { return errors.empty(); }
};

// Reads a data file by name ("gpus.json"); returns false when it does not exist.
using DataFileReader = std::function<bool(const std::string& name, std::string& text)>;

CatalogsLoad LoadCatalogs(const DataFileReader& read, const std::string& display_dir);
// LoadCatalogs in two steps, adding to `out`: the GPUs (with their tiers) and the assumptions,
// which are all the tier map needs, then models, regions, prices and software support. The web app draws its first
// frame after the first step and fetches the files of the second.
void LoadCoreCatalogs(const DataFileReader& read, const std::string& display_dir, CatalogsLoad& out);
void LoadMarketCatalogs(const DataFileReader& read, const std::string& display_dir, CatalogsLoad& out);
// The data compiled into the binary.
CatalogsLoad LoadEmbeddedCatalogs();
// (Re)computes gpu_tiers and gpu_tiers_zh from the GPUs, e.g. once the Chinese words arrive.
void ClassifyGpuTiers(Catalogs& catalogs);

}  // namespace atlas
