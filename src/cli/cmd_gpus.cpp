// `gpu-atlas gpus [--json] [--data DIR]`: the catalog with tiers, as a table or JSON.
#include "cli_common.hpp"
#include "commands.hpp"
#include "engine/json_reader.hpp"
#include "engine/format.hpp"

#include <cstdio>
#include <iostream>

namespace atlas::cli {

namespace {

// The card's stack and, per feature, {level, note, source} (data/software.json).
Json SoftwareToJson(const Gpu& g) {
  Json j;
  j["stack"] = g.software.stack_id;
  j["stack_name"] = g.software.stack_name;
  j["stack_version"] = g.software.stack_version;
  j["version_source"] = g.software.version_source;
  Json features = Json::object();
  for (size_t i = 0; i < kSoftwareFeatureCount; ++i) {
    const auto feature = static_cast<SoftwareFeature>(i);
    const SupportEntry e = SupportFor(g, feature);
    features[SoftwareFeatureKey(feature)] = {{"level", SupportLevelName(e.level)}, {"note", e.note}, {"source", e.source}};
  }
  j["features"] = features;
  return j;
}

Json GpuToJson(const Gpu& g, const TierResult& t) {
  Json j;
  j["id"] = g.id;
  j["vendor"] = g.vendor;
  j["name"] = g.name;
  j["name_zh"] = g.name_zh.empty() ? Json(nullptr) : Json(g.name_zh);
  j["architecture"] = g.architecture;
  j["year"] = g.year;
  j["segment"] = g.segment;
  j["tier"] = static_cast<int>(t.tier);
  j["tier_name"] = TierName(t.tier);
  j["tier_reason"] = t.reason;
  j["memory_gb"] = g.memory_gb;
  j["memory_bytes"] = g.memory_bytes;
  j["memory_type"] = g.memory_type;
  j["memory_bandwidth_gbps"] = NumberOrNull(g.Published("memory_bandwidth_gbps", g.memory_bandwidth_gbps));
  j["fp32_tflops"] = NumberOrNull(g.fp32_tflops);
  j["tf32_dense_tflops"] = NumberOrNull(g.tf32_dense_tflops);
  j["bf16_dense_tflops"] = NumberOrNull(g.bf16_dense_tflops);
  j["fp16_dense_tflops"] = NumberOrNull(g.fp16_dense_tflops);
  j["fp8_dense_tflops"] = NumberOrNull(g.fp8_dense_tflops);
  j["int8_dense_tops"] = NumberOrNull(g.int8_dense_tops);
  j["fp4_dense_tflops"] = NumberOrNull(g.fp4_dense_tflops);
  j["tdp_w"] = NumberOrNull(g.Published("tdp_w", g.tdp_w));
  j["interconnect"] = g.interconnect;
  j["interconnect_gbps"] = NumberOrNull(g.Published("interconnect_gbps", g.interconnect_gbps));
  j["unpublished"] = g.unpublished;
  j["nvlink_class"] = g.nvlink_class;
  j["form_factor"] = g.form_factor;
  j["domestic"] = g.domestic;
  j["ecosystem"] = g.ecosystem;
  j["sparsity_note"] = g.sparsity_note;
  j["vendor_claim_only"] = g.vendor_claim_only;
  j["sources"] = g.sources;
  j["software"] = SoftwareToJson(g);
  return j;
}

std::string Cell(const std::optional<double>& v) {
  if (!v) return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.0f", *v);
  return buf;
}

}  // namespace

int RunGpus(const std::vector<std::string>& args) {
  std::string error;
  auto options = ParseCommon(args, error);
  if (!options) {
    std::cerr << "gpu-atlas gpus: " << error << "\nusage: gpu-atlas gpus [--json] [--data DIR]\n";
    return kExitUsage;
  }
  if (!options->positional.empty()) {
    std::cerr << "gpu-atlas gpus: unexpected argument " << options->positional[0] << "\n";
    return kExitUsage;
  }
  auto catalogs = LoadCatalogsOrReport(*options);
  if (!catalogs) return kExitData;
  const auto& gpus = catalogs->gpus.gpus;
  if (options->json) {
    Json list = Json::array();
    for (size_t i = 0; i < gpus.size(); ++i) list.push_back(GpuToJson(gpus[i], catalogs->gpu_tiers[i]));
    std::cout << PlainSpaces(list.dump(2)) << "\n";
    return kExitOk;
  }
  std::printf("%-22s %-9s %-28s %4s %7s %8s %8s %8s %6s  %s\n", "id", "vendor", "name", "tier",
              "mem GB", "BW GB/s", "BF16 TF", "FP8 TF", "TDP W", "interconnect");
  for (size_t i = 0; i < gpus.size(); ++i) {
    const Gpu& g = gpus[i];
    std::printf("%-22s %-9s %-28s %4d %7.0f %8s %8s %8s %6s  %s%s\n", g.id.c_str(),
                g.vendor.c_str(), g.name.c_str(), static_cast<int>(catalogs->gpu_tiers[i].tier),
                g.memory_gb, Cell(g.Published("memory_bandwidth_gbps", g.memory_bandwidth_gbps)).c_str(),
                Cell(g.Dense16Tflops() > 0 ? std::optional<double>(g.Dense16Tflops()) : std::nullopt).c_str(),
                Cell(g.fp8_dense_tflops).c_str(), Cell(g.Published("tdp_w", g.tdp_w)).c_str(), g.interconnect.c_str(),
                g.domestic ? "  [domestic]" : "");
  }
  std::printf("\n%zu accelerators, dense throughput (no sparsity), data of %s.\n%s\n", gpus.size(),
              catalogs->gpus.data_date.c_str(), DescribeTierRule().c_str());
  return kExitOk;
}

}  // namespace atlas::cli
