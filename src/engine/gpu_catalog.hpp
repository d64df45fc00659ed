// The accelerator catalog (data/gpus.json): one record per card with vendor figures, loaded
// and validated without throwing. Every throughput is the *dense* figure (no 2:4 sparsity).
#pragma once

#include "software_support.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace atlas {

struct Gpu {
  std::string id;
  std::string vendor;
  std::string vendor_zh;  // every text a reader sees has its 简体中文 twin (<field>_zh)
  std::string name;
  std::string name_zh;  // empty when the Chinese name is the same
  std::string architecture;
  std::string architecture_zh;  // "达芬奇（Da Vinci，昇腾 310P）"; empty in the first-frame copy
  int year = 0;
  std::string segment;  // datacenter | workstation | consumer | edge
  double memory_gb = 0;  // nominal capacity as sold (see units.hpp: treated as GiB)
  double memory_bytes = 0;
  std::string memory_type;
  std::string memory_type_zh;  // "LPDDR5（统一内存）"; empty in the first-frame copy
  // Memory shared with the CPU (memory_type says "unified"): offloading to the host frees nothing.
  bool unified_memory = false;
  double memory_bandwidth_gbps = 0;  // GB/s
  std::optional<double> fp32_tflops;  // vector FP32; null where the vendor publishes none
  std::optional<double> tf32_dense_tflops;
  std::optional<double> bf16_dense_tflops;
  std::optional<double> fp16_dense_tflops;
  std::optional<double> fp8_dense_tflops;
  std::optional<double> int8_dense_tops;
  std::optional<double> fp4_dense_tflops;
  double tdp_w = 0;
  std::string interconnect;
  std::string interconnect_zh;
  double interconnect_gbps = 0;  // GB/s per GPU, bidirectional
  bool nvlink_class = false;     // GPU-to-GPU fabric >= 200 GB/s (NVLink, IF, HCCS, ...)
  // Chips on the card that software sees as separate GPUs (MI250X: 2 GCDs of 64 GB; Atlas 300I
  // Duo: 2 x Ascend 310P). The figures above are the whole card's; a job on one card is split
  // over them with tensor parallelism (gpus.json "devices_per_card", default 1).
  int devices_per_card = 1;
  std::string form_factor;
  std::string form_factor_zh;
  bool domestic = false;  // 国产: Chinese-designed
  std::string ecosystem;
  std::string ecosystem_zh;  // "Neuware（寒武纪）"; empty in the first-frame copy
  std::string sparsity_note;
  std::string sparsity_note_zh;
  // Figure fields (e.g. "bf16_dense_tflops") that rest only on the vendor's own claim, not
  // confirmed by an independent source (BR100's 1,024 TFLOPS); the UI marks them.
  std::vector<std::string> vendor_claim_only;
  // Figure fields the vendor does not publish at all (P800's memory bandwidth): null in
  // gpus.json, 0 here; the engine and the UI say "not published" instead of using them.
  std::vector<std::string> unpublished;
  std::string notes;
  std::string notes_zh;
  std::vector<std::string> sources;
  GpuSoftware software;  // filled from data/software.json (AttachSoftwareSupport)

  // Best dense 16-bit tensor throughput (BF16, else FP16), TFLOPS; 0 when neither exists.
  double Dense16Tflops() const;
  // A chip with no link to another chip: gpus.json records interconnect_gbps 0 for one SoC
  // (Apple M-series, Jetson), as opposed to a figure it does not publish. Such chips are
  // separate computers: the engine never splits a model over several of them (tensor or
  // pipeline parallel, sharded training); only one of them holds a job.
  bool Standalone() const { return interconnect_gbps <= 0 && !IsUnpublished("interconnect_gbps"); }
  // Whether the figure `field` (a gpus.json field name) is only the vendor's claim.
  bool IsVendorClaimOnly(std::string_view field) const;
  // Whether the figure `field` (a gpus.json field name) is listed as not published.
  bool IsUnpublished(const std::string& field) const;
  // `value` of the required figure `field`, or none when the vendor does not publish it.
  std::optional<double> Published(const std::string& field, double value) const {
    return IsUnpublished(field) ? std::nullopt : std::optional<double>(value);
  }
  const std::string& DisplayName(bool chinese) const {
    return chinese && !name_zh.empty() ? name_zh : name;
  }
  // The reader's language of a text field: `english` itself, or its `_zh` twin in Chinese.
  const std::string& Text(const std::string Gpu::*english, bool chinese) const;
};

// The figure fields a record may list in `vendor_claim_only` (gpus.json field names).
const std::vector<std::string>& GpuFigureFields();
// The required figures a record may instead list in `unpublished` (and leave null): memory
// bandwidth, board power and interconnect bandwidth. Memory and a 16-bit rate stay required.
const std::vector<std::string>& UnpublishableGpuFields();

struct GpuCatalog {
  std::string data_date;
  // False for the web build's first-frame copy, which leaves out notes, sparsity notes and
  // sources (they arrive with the full data/gpus.json after the first frame).
  bool details_loaded = true;
  std::vector<Gpu> gpus;
  const Gpu* Find(const std::string& id) const;
};

struct GpuCatalogLoad {
  GpuCatalog catalog;
  std::vector<std::string> errors;  // each names file, record and field
  bool ok() const { return errors.empty(); }
};

// Parses and validates the catalog text; `file_name` prefixes every message.
GpuCatalogLoad LoadGpuCatalog(const std::string& text, const std::string& file_name);

}  // namespace atlas
