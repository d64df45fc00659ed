// Helpers shared by the doctest suites: the real data catalogs, and a valid GPU record to
// mutate in loader tests.
#pragma once

#include "engine/catalogs.hpp"
#include "engine/format.hpp"
#include "engine/json_reader.hpp"

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace atlas::test {

// Whether any of the messages contains `needle` (loaders' and parsers' error lists), read with
// plain spaces as the CLI prints them (engine/format.hpp PlainSpaces: the no-break joins
// between numbers and units are the canvas's business).
inline bool AnyContains(const std::vector<std::string>& errors, const std::string& needle) {
  const std::string plain_needle = PlainSpaces(needle);
  for (const auto& e : errors)
    if (PlainSpaces(e).find(plain_needle) != std::string::npos) return true;
  return false;
}

inline std::string ReadSourceFile(const std::string& relative) {
  std::ifstream in(std::string(ATLAS_SOURCE_DIR) + "/" + relative, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The catalogs of data/ (loaded once per test binary; tests only read them).
inline const Catalogs& RealCatalogs() {
  static const Catalogs catalogs = [] {
    CatalogsLoad load = LoadEmbeddedCatalogs();
    return load.catalogs;
  }();
  return catalogs;
}

inline Json ValidGpuRecord() {
  return Json::parse(R"({
    "id": "test-card", "vendor": "NVIDIA", "vendor_zh": "英伟达", "name": "Test Card", "name_zh": null,
    "architecture": "Hopper", "architecture_zh": "Hopper", "year": 2022, "segment": "datacenter",
    "memory_gb": 80, "memory_type": "HBM3", "memory_type_zh": "HBM3", "memory_bandwidth_gbps": 3350,
    "fp32_tflops": 66.9, "tf32_dense_tflops": 494.7, "bf16_dense_tflops": 989.4,
    "fp16_dense_tflops": 989.4, "fp8_dense_tflops": 1978.9, "int8_dense_tops": 1978.9,
    "fp4_dense_tflops": null, "tdp_w": 700, "interconnect": "NVLink 4", "interconnect_zh": "NVLink 4",
    "interconnect_gbps": 900, "nvlink_class": true, "form_factor": "SXM5", "form_factor_zh": "SXM5",
    "domestic": false, "ecosystem": "CUDA", "ecosystem_zh": "CUDA", "sparsity_note": "dense", "sparsity_note_zh": "稠密",
    "notes": "", "notes_zh": "", "sources": ["https://example.com/sheet"]
  })");
}

inline std::string CatalogText(const Json& records) {
  Json root;
  root["schema_version"] = 1;
  root["data_date"] = "2026-12-01";
  root["gpus"] = records;
  return root.dump();
}

}  // namespace atlas::test
