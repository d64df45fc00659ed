// Loader tests: the real catalog loads; every kind of bad record names file, record and field.
#include "engine/gpu_catalog.hpp"
#include "engine/units.hpp"
#include "test_support.hpp"

#include <doctest/doctest.h>

using namespace atlas;
using atlas::test::CatalogText;
using atlas::test::ValidGpuRecord;

namespace {
std::vector<std::string> ErrorsFor(const Json& record) {
  return LoadGpuCatalog(CatalogText(Json::array({record})), "data/gpus.json").errors;
}
bool AnyContains(const std::vector<std::string>& errors, const std::string& needle) {
  for (const auto& e : errors)
    if (e.find(needle) != std::string::npos) return true;
  return false;
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
  for (auto [field, value] : std::vector<std::pair<std::string, double>>{
           {"memory_gb", -80}, {"memory_gb", 1e9}, {"tdp_w", 0}, {"bf16_dense_tflops", -1},
           {"memory_bandwidth_gbps", 3.35e9}}) {
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
