#include "gpu_catalog.hpp"

#include "json_reader.hpp"
#include "units.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>


namespace atlas {

double Gpu::Dense16Tflops() const {
  if (bf16_dense_tflops) return *bf16_dense_tflops;
  if (fp16_dense_tflops) return *fp16_dense_tflops;
  return 0.0;
}

bool Gpu::IsVendorClaimOnly(std::string_view field) const {
  for (const std::string& f : vendor_claim_only)
    if (f == field) return true;
  return false;
}

bool Gpu::IsUnpublished(const std::string& field) const {
  return std::find(unpublished.begin(), unpublished.end(), field) != unpublished.end();
}

const std::string& Gpu::Text(const std::string Gpu::*english, bool chinese) const {
  if (!chinese) return this->*english;
  // The first-frame copy has no interconnect_zh / form_factor_zh (first_frame_gpus.py): English
  // until the full gpus.json arrives, a moment later.
  const auto zh_or_english = [&](const std::string& zh) -> const std::string& { return zh.empty() ? this->*english : zh; };
  if (english == &Gpu::vendor) return vendor_zh;
  if (english == &Gpu::interconnect) return zh_or_english(interconnect_zh);
  if (english == &Gpu::form_factor) return zh_or_english(form_factor_zh);
  if (english == &Gpu::architecture) return zh_or_english(architecture_zh);
  if (english == &Gpu::memory_type) return zh_or_english(memory_type_zh);
  if (english == &Gpu::ecosystem) return zh_or_english(ecosystem_zh);
  if (english == &Gpu::sparsity_note) return sparsity_note_zh;
  if (english == &Gpu::notes) return notes_zh;
  if (english == &Gpu::name) return DisplayName(true);
  return this->*english;
}

const std::vector<std::string>& GpuFigureFields() {
  static const std::vector<std::string> fields = {
      "memory_gb",        "memory_bandwidth_gbps", "fp32_tflops",     "tf32_dense_tflops",
      "bf16_dense_tflops", "fp16_dense_tflops",    "fp8_dense_tflops", "int8_dense_tops",
      "fp4_dense_tflops", "tdp_w",                 "interconnect_gbps"};
  return fields;
}

const std::vector<std::string>& UnpublishableGpuFields() {
  static const std::vector<std::string> fields = {"memory_bandwidth_gbps", "tdp_w", "interconnect_gbps"};
  return fields;
}

const Gpu* GpuCatalog::Find(const std::string& id) const {
  // Lengths first, then bytes. (Searches look a card up once, not per estimate: see the Estimate
  // overload that takes the card.)
  const size_t size = id.size();
  const char* want = id.data();
  for (const Gpu& g : gpus)
    if (g.id.size() == size && std::memcmp(g.id.data(), want, size) == 0) return &g;
  return nullptr;
}

namespace {

// Plausibility bounds: a value outside them is a typo or a unit slip (MB for GB, TB/s for
// GB/s), not a real accelerator. The largest 2026 parts carry ~288 GB and ~8 TB/s.
constexpr double kMaxMemoryGb = 4096;
constexpr double kMaxBandwidthGbps = 100000;
constexpr double kMaxTflops = 100000;
constexpr double kMaxTdpW = 5000;

// Whether the record holds a figure for `field` (null figures cannot be flagged).
bool HasFigure(const Gpu& g, const std::string& field) {
  if (field == "fp32_tflops") return g.fp32_tflops.has_value();
  if (field == "tf32_dense_tflops") return g.tf32_dense_tflops.has_value();
  if (field == "bf16_dense_tflops") return g.bf16_dense_tflops.has_value();
  if (field == "fp16_dense_tflops") return g.fp16_dense_tflops.has_value();
  if (field == "fp8_dense_tflops") return g.fp8_dense_tflops.has_value();
  if (field == "int8_dense_tops") return g.int8_dense_tops.has_value();
  if (field == "fp4_dense_tflops") return g.fp4_dense_tflops.has_value();
  return !g.IsUnpublished(field);  // memory, bandwidth, power and interconnect: numbers unless unpublished
}

// Optional list of figure fields that rest only on the vendor's claim: each a known figure
// field of this record, present (not null), listed once.
void ReadVendorClaims(FieldReader& r, Gpu& g) {
  if (!r.Has("vendor_claim_only")) return;
  g.vendor_claim_only = r.StringList("vendor_claim_only", /*require_non_empty=*/false);
  const std::vector<std::string>& known = GpuFigureFields();
  for (size_t i = 0; i < g.vendor_claim_only.size(); ++i) {
    const std::string& f = g.vendor_claim_only[i];
    if (std::find(known.begin(), known.end(), f) == known.end()) {
      r.Fail("vendor_claim_only", "lists \"" + f + "\", which is not a figure field of a card");
    } else if (!HasFigure(g, f)) {
      r.Fail("vendor_claim_only", "lists \"" + f + "\", but that figure is null");
    } else if (std::find(g.vendor_claim_only.begin(), g.vendor_claim_only.begin() + i, f) !=
               g.vendor_claim_only.begin() + i) {
      r.Fail("vendor_claim_only", "lists \"" + f + "\" twice");
    }
  }
}

// Optional list of required figures the vendor does not publish: each an unpublishable field,
// listed once. Read before the figures, which it allows to be null.
void ReadUnpublished(FieldReader& r, Gpu& g) {
  if (!r.Has("unpublished")) return;
  g.unpublished = r.StringList("unpublished", /*require_non_empty=*/true);
  const std::vector<std::string>& allowed = UnpublishableGpuFields();
  for (size_t i = 0; i < g.unpublished.size(); ++i) {
    const std::string& f = g.unpublished[i];
    if (std::find(allowed.begin(), allowed.end(), f) == allowed.end())
      r.Fail("unpublished", "lists \"" + f + "\"; only memory_bandwidth_gbps, tdp_w and interconnect_gbps may be unpublished");
    else if (std::find(g.unpublished.begin(), g.unpublished.begin() + i, f) != g.unpublished.begin() + i)
      r.Fail("unpublished", "lists \"" + f + "\" twice");
  }
}

// A required figure: a number, or null exactly when the record lists it in "unpublished"
// (then 0, which no reader uses: they check IsUnpublished first).
double ReadRequiredFigure(FieldReader& r, const Gpu& g, const char* key, double min, double max) {
  const std::optional<double> v = r.NullableNumber(key, min, max);
  if (g.IsUnpublished(key)) {
    if (v) r.Fail(key, "is listed in \"unpublished\" but holds a number");
    return 0;
  }
  if (r.IsNull(key)) r.Fail(key, "is null: a figure the vendor does not publish must be listed in \"unpublished\"");
  return v.value_or(0);
}

// The 简体中文 twin "<field>_zh" of a text the reader sees: required, and not empty unless the
// English is empty.
std::string ReadChinese(FieldReader& r, const char* field, const std::string& english) {
  const std::string key = std::string(field) + "_zh";
  if (!r.Has(key.c_str())) {
    r.Fail(key, "is missing: every text shown to a reader needs its 简体中文 twin");
    return "";
  }
  if (english.empty()) return r.NullableString(key.c_str()).value_or("");
  return r.String(key.c_str());
}

Gpu ReadGpu(FieldReader& r, bool first_frame_copy) {
  Gpu g;
  g.id = r.String("id");
  g.vendor = r.String("vendor");
  g.vendor_zh = ReadChinese(r, "vendor", g.vendor);
  g.name = r.String("name");
  g.name_zh = r.NullableString("name_zh").value_or("");
  g.architecture = r.String("architecture");
  // Names with words around them ("2 x 910B-class dies", "unified with the CPU") need Chinese too;
  // the first-frame copy leaves these twins out (first_frame_gpus.py).
  if (!first_frame_copy || r.Has("architecture_zh")) g.architecture_zh = ReadChinese(r, "architecture", g.architecture);
  g.year = r.Integer("year", 2010, 2035);
  g.segment = r.String("segment");
  if (!g.segment.empty() && g.segment != "datacenter" && g.segment != "workstation" &&
      g.segment != "consumer" && g.segment != "edge")
    r.Fail("segment", "must be datacenter, workstation, consumer or edge");
  g.memory_gb = r.Number("memory_gb", 0.5, kMaxMemoryGb);
  g.memory_bytes = g.memory_gb * kBytesPerNominalCardGB;
  g.memory_type = r.String("memory_type");
  if (!first_frame_copy || r.Has("memory_type_zh")) g.memory_type_zh = ReadChinese(r, "memory_type", g.memory_type);
  {
    std::string type = g.memory_type;
    std::transform(type.begin(), type.end(), type.begin(), [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
    g.unified_memory = type.find("unified") != std::string::npos;
  }
  ReadUnpublished(r, g);
  g.memory_bandwidth_gbps = ReadRequiredFigure(r, g, "memory_bandwidth_gbps", 10, kMaxBandwidthGbps);
  g.fp32_tflops = r.NullableNumber("fp32_tflops", 0.01, kMaxTflops);
  g.tf32_dense_tflops = r.NullableNumber("tf32_dense_tflops", 0.01, kMaxTflops);
  g.bf16_dense_tflops = r.NullableNumber("bf16_dense_tflops", 0.01, kMaxTflops);
  g.fp16_dense_tflops = r.NullableNumber("fp16_dense_tflops", 0.01, kMaxTflops);
  g.fp8_dense_tflops = r.NullableNumber("fp8_dense_tflops", 0.01, kMaxTflops);
  g.int8_dense_tops = r.NullableNumber("int8_dense_tops", 0.01, kMaxTflops);
  g.fp4_dense_tflops = r.NullableNumber("fp4_dense_tflops", 0.01, kMaxTflops, false);
  g.tdp_w = ReadRequiredFigure(r, g, "tdp_w", 1, kMaxTdpW);
  g.interconnect = r.String("interconnect");
  // The first-frame copy leaves the long Chinese texts out (first_frame_gpus.py); the full file needs them.
  if (!first_frame_copy || r.Has("interconnect_zh")) g.interconnect_zh = ReadChinese(r, "interconnect", g.interconnect);
  g.interconnect_gbps = ReadRequiredFigure(r, g, "interconnect_gbps", 0, kMaxBandwidthGbps);
  g.nvlink_class = r.Bool("nvlink_class");
  if (r.Has("devices_per_card")) g.devices_per_card = static_cast<int>(r.Integer("devices_per_card", 1, 8));
  g.form_factor = r.String("form_factor");
  if (!first_frame_copy || r.Has("form_factor_zh")) g.form_factor_zh = ReadChinese(r, "form_factor", g.form_factor);
  g.domestic = r.Bool("domestic");
  g.ecosystem = r.String("ecosystem");
  if (!first_frame_copy || r.Has("ecosystem_zh")) g.ecosystem_zh = ReadChinese(r, "ecosystem", g.ecosystem);
  g.sparsity_note = r.StringOr("sparsity_note", "");
  if (r.Has("sparsity_note")) g.sparsity_note_zh = ReadChinese(r, "sparsity_note", g.sparsity_note);
  ReadVendorClaims(r, g);
  // The first-frame copy (cmake/embed_data.cmake, SLIM) leaves out notes and sources.
  g.notes = r.NullableString("notes").value_or("");
  if (r.Has("notes")) g.notes_zh = ReadChinese(r, "notes", g.notes);
  if (r.Has("sources") || !first_frame_copy) g.sources = r.StringList("sources", /*require_non_empty=*/true);
  if (!g.bf16_dense_tflops && !g.fp16_dense_tflops)
    r.Fail("bf16_dense_tflops", "and fp16_dense_tflops are both null: a card needs one");
  return g;
}

}  // namespace

GpuCatalogLoad LoadGpuCatalog(const std::string& text, const std::string& file_name) {
  GpuCatalogLoad out;
  auto root = ParseJson(text, file_name, out.errors);
  if (!root) return out;
  FieldReader top(*root, file_name, out.errors);
  out.catalog.data_date = top.StringOr("data_date", "");
  const bool first_frame_copy = top.BoolOr("first_frame_copy", false);
  out.catalog.details_loaded = !first_frame_copy;
  ForEachRecord(*root, "gpus", file_name, out.errors, [&](FieldReader& r, const Json&) {
    out.catalog.gpus.push_back(ReadGpu(r, first_frame_copy));
    return out.catalog.gpus.back().id;
  });
  return out;
}

}  // namespace atlas
