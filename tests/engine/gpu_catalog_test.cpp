// Loader tests: the real catalog loads; every kind of bad record names file, record and field.
#include "engine/gpu_catalog.hpp"
#include "engine/units.hpp"
#include "test_support.hpp"

#include <doctest/doctest.h>

#include <algorithm>

namespace gpu_catalog_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;
using atlas::test::AnyContains;
using atlas::test::CatalogText;
using atlas::test::ValidGpuRecord;

namespace {
std::vector<std::string> ErrorsFor(const Json& record) {
  return LoadGpuCatalog(CatalogText(Json::array({record})), "data/gpus.json").errors;
}
}  // namespace

TEST_CASE("the shipped catalog loads cleanly with at least 35 cards, each with sources") {
  const std::string text = atlas::test::ReadSourceFile("data/gpus.json");
  GpuCatalogLoad load = LoadGpuCatalog(text, "data/gpus.json");
  for (const auto& e : load.errors) INFO(e);
  CHECK(load.ok());
  CHECK(load.catalog.gpus.size() >= 35);
  for (const Gpu& g : load.catalog.gpus) {
    INFO(g.id);
    CHECK(!g.sources.empty());
    CHECK(g.Dense16Tflops() > 0);
  }
}

TEST_CASE("the guides' cards are in the catalog with their dense figures (vendor sheets)") {
  const GpuCatalog& c = atlas::test::RealCatalogs().gpus;
  // NVIDIA H100 datasheet: 1,979 TFLOPS BF16 *with sparsity* -> 989.4 dense; FP32 67 (not 197).
  const Gpu* h100 = c.Find("h100-sxm");
  REQUIRE(h100);
  CHECK(*h100->bf16_dense_tflops == doctest::Approx(989.4).epsilon(0.01));
  CHECK(*h100->fp32_tflops == doctest::Approx(66.9).epsilon(0.02));
  // Ada whitepaper: RTX 4090 BF16 with FP32 accumulate 165.2 dense (330 is FP16-accumulate).
  const Gpu* rtx4090 = c.Find("rtx-4090");
  REQUIRE(rtx4090);
  CHECK(*rtx4090->bf16_dense_tflops == doctest::Approx(165.2).epsilon(0.01));
  // A100 datasheet: 312 TFLOPS BF16 dense (624 with sparsity).
  REQUIRE(c.Find("a100-80gb-sxm"));
  CHECK(*c.Find("a100-80gb-sxm")->bf16_dense_tflops == doctest::Approx(312).epsilon(0.01));
  // T4 and V100 have no BF16 tensor support; their FP16 tensor figures are 65 and 125.
  REQUIRE(c.Find("t4"));
  CHECK_FALSE(c.Find("t4")->bf16_dense_tflops.has_value());
  CHECK(c.Find("t4")->Dense16Tflops() == doctest::Approx(65));
}

TEST_CASE("card memory capacity is read as GiB, as the hardware reports it") {
  GpuCatalogLoad load = LoadGpuCatalog(CatalogText(Json::array({ValidGpuRecord()})), "x.json");
  REQUIRE(load.ok());
  CHECK(load.catalog.gpus[0].memory_bytes == doctest::Approx(80 * kBytesPerGiB));
}

TEST_CASE("a missing field names the file, the record and the field") {
  Json rec = ValidGpuRecord();
  rec.erase("memory_bandwidth_gbps");
  auto errors = ErrorsFor(rec);
  REQUIRE(errors.size() == 1);
  CHECK(errors[0] == "data/gpus.json: gpus[0] (id \"test-card\"): field \"memory_bandwidth_gbps\" is missing");
}

TEST_CASE("every text a reader sees has its Chinese twin, named by file, record and field when missing") {
  for (const char* field : {"vendor_zh", "interconnect_zh", "form_factor_zh", "sparsity_note_zh", "notes_zh",
                            "architecture_zh", "memory_type_zh", "ecosystem_zh"}) {
    Json rec = ValidGpuRecord();
    rec.erase(field);
    CHECK(AnyContains(ErrorsFor(rec), std::string("gpus[0] (id \"test-card\"): field \"") + field + "\" is missing"));
  }
  Json rec = ValidGpuRecord();
  rec["notes"] = "Two dies.";
  CHECK(AnyContains(ErrorsFor(rec), "field \"notes_zh\" must not be empty"));
  rec["notes_zh"] = "两个裸片。";
  GpuCatalogLoad load = LoadGpuCatalog(CatalogText(Json::array({rec})), "g.json");
  REQUIRE(load.ok());
  const Gpu& g = load.catalog.gpus[0];
  CHECK(g.Text(&Gpu::notes, true) == "两个裸片。");
  CHECK(g.Text(&Gpu::notes, false) == "Two dies.");
  CHECK(g.Text(&Gpu::vendor, true) == "英伟达");
  CHECK(g.Text(&Gpu::architecture, true) == "Hopper");  // a proper noun stays as written
  // Words around a name are Chinese (the spec card's architecture, memory and software rows).
  rec["memory_type"] = "LPDDR5 (unified)";
  rec["memory_type_zh"] = "";
  CHECK(AnyContains(ErrorsFor(rec), "field \"memory_type_zh\" must not be empty"));
  rec["memory_type_zh"] = "LPDDR5（统一内存）";
  rec["ecosystem_zh"] = "CUDA（测试）";
  load = LoadGpuCatalog(CatalogText(Json::array({rec})), "g.json");
  REQUIRE(load.ok());
  CHECK(load.catalog.gpus[0].Text(&Gpu::memory_type, true) == "LPDDR5（统一内存）");
  CHECK(load.catalog.gpus[0].Text(&Gpu::memory_type, false) == "LPDDR5 (unified)");
  CHECK(load.catalog.gpus[0].Text(&Gpu::ecosystem, true) == "CUDA（测试）");
  CHECK(load.catalog.gpus[0].unified_memory);  // read from the English
}

TEST_CASE("the shipped cards carry Chinese vendor, interconnect, form factor and notes") {
  const GpuCatalogLoad load = LoadGpuCatalog(atlas::test::ReadSourceFile("data/gpus.json"), "data/gpus.json");
  REQUIRE(load.ok());
  for (const Gpu& g : load.catalog.gpus) {
    INFO(g.id);
    CHECK(!g.vendor_zh.empty());
    CHECK(!g.interconnect_zh.empty());
    CHECK(g.notes.empty() == g.notes_zh.empty());
    CHECK(g.sparsity_note.empty() == g.sparsity_note_zh.empty());
    // No English words left around the names: "(unified with the CPU)", "(3rd gen)", "(Cambricon)".
    for (const std::string* zh : {&g.architecture_zh, &g.memory_type_zh, &g.ecosystem_zh}) {
      INFO(*zh);
      for (const char* word : {"unified", "gen)", "dies", "chiplet", "family", "inference", "(Cambricon", "(Enflame",
                               "(Kunlunxin", "ToolKit", "Da Vinci)", "Unified"})
        CHECK(zh->find(word) == std::string::npos);
    }
  }
}

TEST_CASE("wrong types are reported, not thrown") {
  Json rec = ValidGpuRecord();
  rec["memory_gb"] = "80";
  rec["domestic"] = 1;
  rec["sources"] = "https://example.com";
  auto errors = ErrorsFor(rec);
  CHECK(AnyContains(errors, "field \"memory_gb\" must be a number, got string"));
  CHECK(AnyContains(errors, "field \"domestic\" must be true or false"));
  CHECK(AnyContains(errors, "field \"sources\" must be a list of strings"));
}

TEST_CASE("negative and absurd values are rejected with the allowed range") {
  for (const auto& field_value : std::vector<std::pair<std::string, double>>{
           {"memory_gb", -80}, {"memory_gb", 1e9}, {"tdp_w", 0}, {"bf16_dense_tflops", -1},
           {"memory_bandwidth_gbps", 3.35e9}}) {
    // Named copies, not a structured binding: clang 14 cannot capture those in INFO's lambda.
    const std::string field = field_value.first;
    const double value = field_value.second;
    Json rec = ValidGpuRecord();
    rec[field] = value;
    auto errors = ErrorsFor(rec);
    INFO(field << " = " << value);
    CHECK(AnyContains(errors, "field \"" + field + "\" is "));
    CHECK(AnyContains(errors, "outside the allowed range"));
  }
}

TEST_CASE("duplicate ids, empty sources, no 16-bit figure") {
  Json a = ValidGpuRecord(), b = ValidGpuRecord();
  auto errors = LoadGpuCatalog(CatalogText(Json::array({a, b})), "g.json").errors;
  CHECK(AnyContains(errors, "gpus[1] (id \"test-card\"): field \"id\" duplicates an earlier record"));
  Json c = ValidGpuRecord();
  c["sources"] = Json::array();
  CHECK(AnyContains(ErrorsFor(c), "field \"sources\" must not be empty"));
  Json d = ValidGpuRecord();
  d["bf16_dense_tflops"] = nullptr;
  d["fp16_dense_tflops"] = nullptr;
  CHECK(AnyContains(ErrorsFor(d), "a card needs one"));
}

TEST_CASE("broken files: not JSON, not an object, no list, records that are not objects") {
  CHECK(LoadGpuCatalog("{\"gpus\": [", "g.json").errors == std::vector<std::string>{"g.json: not valid JSON"});
  CHECK(AnyContains(LoadGpuCatalog("[1,2]", "g.json").errors, "must be a list of records"));
  CHECK(AnyContains(LoadGpuCatalog("{\"gpus\": {}}", "g.json").errors, "must be a list of records"));
  CHECK(AnyContains(LoadGpuCatalog("{\"gpus\": [42]}", "g.json").errors, "gpus[0]: expected an object"));
  CHECK(AnyContains(LoadGpuCatalog("{\"gpus\": []}", "g.json").errors, "holds no records"));
  CHECK(AnyContains(LoadGpuCatalog("", "g.json").errors, "not valid JSON"));
}

TEST_CASE("a data folder without gpus.json is reported by name") {
  CatalogsLoad load = LoadCatalogs([](const std::string&, std::string&) { return false; }, "/tmp/nowhere");
  CHECK(AnyContains(load.errors, "/tmp/nowhere/gpus.json: file is missing or unreadable"));
}

TEST_CASE("the catalog has at least 60 cards, incl. the ones users ask for, each with a tier and a reason") {
  const Catalogs& c = atlas::test::RealCatalogs();
  CHECK(c.gpus.gpus.size() >= 60);
  for (const char* id : {"rtx-4060-ti-16gb", "rtx-4070-ti-super", "rtx-4080", "rtx-4080-super", "rtx-4090d",
                         "rtx-5080", "apple-m2-ultra", "apple-m4-max", "ascend-910c", "gb200-b200", "mi300a",
                         "gaudi3-pcie", "a40", "rtx-3090-ti", "rtx-pro-6000-blackwell-max-q"}) {
    INFO(id);
    CHECK(c.gpus.Find(id) != nullptr);
  }
  REQUIRE(c.gpu_tiers.size() == c.gpus.gpus.size());
  for (size_t i = 0; i < c.gpus.gpus.size(); ++i) {
    INFO(c.gpus.gpus[i].id);
    CHECK_FALSE(c.gpu_tiers[i].reason.empty());
    CHECK_FALSE(c.gpu_tiers[i].checks.empty());
  }
  // Ada whitepaper per-SM rate (512 FLOP/clk/SM, FP32 accumulate) x 76 SMs x 2,505 MHz = 97.5;
  // NVIDIA's launch figure 390 TFLOPS = that x 2 (FP16 accumulate) x 2 (sparsity).
  CHECK(*c.gpus.Find("rtx-4080")->bf16_dense_tflops == doctest::Approx(97.5).epsilon(0.01));
  CHECK(*c.gpus.Find("rtx-4080")->bf16_dense_tflops * 4 == doctest::Approx(390).epsilon(0.01));
  // RTX 5080: '1,801 AI TOPS' is FP4 with sparsity -> 900.5 dense FP4, 112.6 dense BF16.
  CHECK(*c.gpus.Find("rtx-5080")->fp4_dense_tflops * 2 == doctest::Approx(1801).epsilon(0.005));
  // Unified-memory SoCs: Apple publishes FP32 only; the Mac is no fabric card.
  CHECK(c.gpus.Find("apple-m2-ultra")->memory_gb == 192);
  CHECK_FALSE(c.gpus.Find("apple-m2-ultra")->nvlink_class);
  // M3 Max (40-core): Apple's 400 GB/s and 128 GB; 14.32 TFLOPS FP32 = 5,120 ALUs x 2 x 1,398 MHz
  // (hmc-tech), FP16 equal to FP32 as for the other Apple GPUs without matrix units.
  const Gpu* m3 = c.gpus.Find("apple-m3-max");
  REQUIRE(m3);
  CHECK(m3->memory_gb == 128);
  CHECK(m3->memory_bandwidth_gbps == 400);
  CHECK(*m3->fp32_tflops == doctest::Approx(5120 * 2 * 1.398e-3).epsilon(0.001));
  CHECK(*m3->fp16_dense_tflops == *m3->fp32_tflops);
  CHECK_FALSE(m3->bf16_dense_tflops);
  CHECK_FALSE(m3->domestic);
}

TEST_CASE("figures that are only the vendor's claim are flagged (BR100's 1,024 TFLOPS)") {
  const GpuCatalog& c = atlas::test::RealCatalogs().gpus;
  const Gpu* br100 = c.Find("biren-br100");
  REQUIRE(br100);
  CHECK(*br100->bf16_dense_tflops == doctest::Approx(1024));
  CHECK(br100->IsVendorClaimOnly("bf16_dense_tflops"));
  CHECK_FALSE(br100->IsVendorClaimOnly("memory_gb"));
  CHECK_FALSE(c.Find("h100-sxm")->IsVendorClaimOnly("bf16_dense_tflops"));
  for (const Gpu& g : c.gpus)
    for (const std::string& f : g.vendor_claim_only) {
      INFO(g.id << " " << f);
      CHECK(std::find(GpuFigureFields().begin(), GpuFigureFields().end(), f) != GpuFigureFields().end());
    }
}

TEST_CASE("vendor_claim_only: unknown field, null figure, duplicate, wrong type name the record and field") {
  Json rec = ValidGpuRecord();
  rec["vendor_claim_only"] = Json::array({"bf16_dense_tflops"});
  GpuCatalogLoad ok = LoadGpuCatalog(CatalogText(Json::array({rec})), "data/gpus.json");
  REQUIRE(ok.ok());
  CHECK(ok.catalog.gpus[0].IsVendorClaimOnly("bf16_dense_tflops"));

  rec["vendor_claim_only"] = Json::array({"name"});
  CHECK(AnyContains(ErrorsFor(rec), "gpus[0] (id \"test-card\"): field \"vendor_claim_only\" lists \"name\", which is not a figure field"));
  rec["vendor_claim_only"] = Json::array({"fp4_dense_tflops"});  // null in the valid record
  CHECK(AnyContains(ErrorsFor(rec), "field \"vendor_claim_only\" lists \"fp4_dense_tflops\", but that figure is null"));
  rec["vendor_claim_only"] = Json::array({"tdp_w", "tdp_w"});
  CHECK(AnyContains(ErrorsFor(rec), "field \"vendor_claim_only\" lists \"tdp_w\" twice"));
  rec["vendor_claim_only"] = "bf16_dense_tflops";
  CHECK(AnyContains(ErrorsFor(rec), "field \"vendor_claim_only\" must be a list of strings"));
}

TEST_CASE("the first-frame copy may leave out notes and sources; the full file may not") {
  Json rec = ValidGpuRecord();
  rec.erase("sources");
  rec.erase("notes");
  rec.erase("sparsity_note");
  rec.erase("notes_zh");
  rec.erase("sparsity_note_zh");
  rec.erase("interconnect_zh");
  rec.erase("form_factor_zh");
  rec.erase("architecture_zh");
  rec.erase("memory_type_zh");
  rec.erase("ecosystem_zh");
  Json root = Json::parse(CatalogText(Json::array({rec})));
  const auto full_errors = LoadGpuCatalog(root.dump(), "data/gpus.json").errors;
  CHECK(AnyContains(full_errors, "field \"sources\" is missing"));
  CHECK(AnyContains(full_errors, "field \"interconnect_zh\" is missing"));
  CHECK(AnyContains(full_errors, "field \"memory_type_zh\" is missing"));
  root["first_frame_copy"] = true;
  GpuCatalogLoad slim = LoadGpuCatalog(root.dump(), "gpus.json");
  for (const auto& e : slim.errors) INFO(e);
  CHECK(slim.ok());
  CHECK_FALSE(slim.catalog.details_loaded);
  const Gpu& g = slim.catalog.gpus.at(0);
  CHECK(g.sources.empty());
  // Until the full file arrives, Chinese readers see the English interconnect and form factor.
  CHECK(g.Text(&Gpu::interconnect, true) == g.interconnect);
  CHECK(g.Text(&Gpu::form_factor, true) == g.form_factor);
  CHECK(g.Text(&Gpu::memory_type, true) == g.memory_type);
  CHECK_FALSE(g.interconnect.empty());
  CHECK(LoadGpuCatalog(CatalogText(Json::array({ValidGpuRecord()})), "g.json").catalog.details_loaded);
}

TEST_CASE("a required figure may be null only when the record lists it as unpublished") {
  // Listed and null: loads, the figure reads as unpublished (0 in the struct, never used).
  Json ok = ValidGpuRecord();
  ok["memory_bandwidth_gbps"] = nullptr;
  ok["tdp_w"] = nullptr;
  ok["unpublished"] = Json::array({"memory_bandwidth_gbps", "tdp_w"});
  const GpuCatalogLoad load = LoadGpuCatalog(CatalogText(Json::array({ok})), "data/gpus.json");
  for (const auto& e : load.errors) INFO(e);
  REQUIRE(load.ok());
  const Gpu& g = load.catalog.gpus[0];
  CHECK(g.IsUnpublished("memory_bandwidth_gbps"));
  CHECK(g.IsUnpublished("tdp_w"));
  CHECK_FALSE(g.IsUnpublished("interconnect_gbps"));
  CHECK(g.memory_bandwidth_gbps == 0);
  // Null but not listed.
  Json unlisted = ValidGpuRecord();
  unlisted["tdp_w"] = nullptr;
  CHECK(AnyContains(ErrorsFor(unlisted), "field \"tdp_w\" is null: a figure the vendor does not publish must be listed in \"unpublished\""));
  // Listed but holding a number.
  Json both = ValidGpuRecord();
  both["unpublished"] = Json::array({"interconnect_gbps"});
  CHECK(AnyContains(ErrorsFor(both), "field \"interconnect_gbps\" is listed in \"unpublished\" but holds a number"));
  // Memory and the 16-bit rate can never be unpublished; no field twice; no empty list.
  Json memory = ValidGpuRecord();
  memory["unpublished"] = Json::array({"memory_gb"});
  CHECK(AnyContains(ErrorsFor(memory), "lists \"memory_gb\"; only memory_bandwidth_gbps, tdp_w and interconnect_gbps may be unpublished"));
  Json twice = ValidGpuRecord();
  twice["tdp_w"] = nullptr;
  twice["unpublished"] = Json::array({"tdp_w", "tdp_w"});
  CHECK(AnyContains(ErrorsFor(twice), "lists \"tdp_w\" twice"));
  Json empty = ValidGpuRecord();
  empty["unpublished"] = Json::array();
  CHECK(AnyContains(ErrorsFor(empty), "field \"unpublished\" must not be empty"));
  // An unpublished figure cannot also be flagged as the vendor's claim.
  Json claimed = ok;
  claimed["vendor_claim_only"] = Json::array({"tdp_w"});
  CHECK(AnyContains(ErrorsFor(claimed), "lists \"tdp_w\", but that figure is null"));
}

}  // namespace gpu_catalog_test
