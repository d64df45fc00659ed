// The tier rule against the guides' examples (000_… §1.2, 004_… ch. 2-3) and its boundaries.
#include "engine/tiers.hpp"
#include "test_support.hpp"

#include <doctest/doctest.h>

#include <regex>

namespace tiers_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;

namespace {
Tier TierOf(const std::string& id) {
  const Catalogs& c = atlas::test::RealCatalogs();
  const Gpu* g = c.gpus.Find(id);
  REQUIRE_MESSAGE(g, "missing card " << id);
  return ClassifyTier(*g).tier;
}
}  // namespace

TEST_CASE("guides' flagship examples are Tier 1: H100, H200, A100, MI300X, Ascend 910B") {
  for (const char* id : {"h100-sxm", "h200-sxm", "a100-80gb-sxm", "a100-40gb-sxm", "mi300x", "ascend-910b",
                         "b200-sxm", "h800-sxm"}) {
    INFO(id);
    CHECK(TierOf(id) == Tier::kFlagship);
  }
}

TEST_CASE("guides' mainstream examples are Tier 2: RTX 4090, A6000, L40S, A10, V100") {
  for (const char* id : {"rtx-4090", "rtx-a6000", "l40s", "a10", "v100-sxm2-32gb", "rtx-3090", "rx-7900-xtx", "l4"}) {
    INFO(id);
    CHECK(TierOf(id) == Tier::kMainstream);
  }
}

TEST_CASE("guides' entry-edge examples are Tier 3: T4, RTX 3060, Jetson AGX Orin") {
  for (const char* id : {"t4", "rtx-3060-12gb", "jetson-agx-orin-64gb"}) {
    INFO(id);
    CHECK(TierOf(id) == Tier::kEntryEdge);
  }
}

TEST_CASE("every card gets a reason that names the rule's numbers") {
  for (const Gpu& g : atlas::test::RealCatalogs().gpus.gpus) {
    TierResult r = ClassifyTier(g);
    INFO(g.id << ": " << r.reason);
    CHECK(r.reason.rfind("Tier " + std::to_string(static_cast<int>(r.tier)) + ":", 0) == 0);
    CHECK(!r.checks.empty());
  }
}

TEST_CASE("boundary cards are explained by the rule") {
  Gpu g;
  g.name = "boundary";
  g.memory_gb = 16;
  g.memory_bandwidth_gbps = 900;
  g.bf16_dense_tflops = 200;
  // Exactly 16 GB is entry-edge (<=), 16.1 GB is not.
  CHECK(ClassifyTier(g).tier == Tier::kEntryEdge);
  g.memory_gb = 16.1;
  CHECK(ClassifyTier(g).tier == Tier::kMainstream);
  // Exactly 300 GB/s is not edge-class (L4 sits there); 299 is.
  g.memory_gb = 24;
  g.memory_bandwidth_gbps = 300;
  CHECK(ClassifyTier(g).tier == Tier::kMainstream);
  g.memory_bandwidth_gbps = 299;
  CHECK(ClassifyTier(g).tier == Tier::kEntryEdge);
  // H20-like: 96 GB HBM, 4 TB/s, NVLink, but 148 dense TFLOPS < 150 -> Tier 2, and says why.
  g.memory_gb = 96;
  g.memory_bandwidth_gbps = 4000;
  g.nvlink_class = true;
  g.interconnect = "NVLink 4";
  g.bf16_dense_tflops = 148;
  TierResult r = ClassifyTier(g);
  CHECK(r.tier == Tier::kMainstream);
  CHECK(PlainSpaces(r.reason).find("dense BF16/FP16 below 150 TFLOPS (has 148)") != std::string::npos);
  // Same card at 150 TFLOPS is flagship.
  g.bf16_dense_tflops = 150;
  CHECK(ClassifyTier(g).tier == Tier::kFlagship);
  // Without a card-to-card fabric (PCIe only) a big HBM card stays Tier 2.
  g.nvlink_class = false;
  g.interconnect = "PCIe 5.0 x16";
  r = ClassifyTier(g);
  CHECK(r.tier == Tier::kMainstream);
  CHECK(r.reason.find("no card-to-card fabric") != std::string::npos);
}

TEST_CASE("the loaded catalogs carry every card's tier reasons in both languages, same tiers") {
  const Catalogs& c = test::RealCatalogs();
  REQUIRE(c.gpu_tiers.size() == c.gpus.gpus.size());
  REQUIRE(c.gpu_tiers_zh.size() == c.gpus.gpus.size());
  for (size_t i = 0; i < c.gpus.gpus.size(); ++i) {
    INFO(c.gpus.gpus[i].id);
    CHECK(c.TierOf(i, Language::kChinese).tier == c.TierOf(i, Language::kEnglish).tier);
    CHECK(c.TierOf(i, Language::kChinese).reason != c.TierOf(i, Language::kEnglish).reason);
  }
}

TEST_CASE("tier checks say the limit and what the card has, true whether passed or not (new-user trial)") {
  // An 80 GB flagship's Tier 3 check read "no: memory 80 GB <= 16 GB", a false statement.
  const Catalogs& c = test::RealCatalogs();
  const std::regex symbol_between_numbers("[0-9] ?[A-Za-z/]* ?(<=|>=|<|>|≤|≥) ?[0-9]");
  for (size_t i = 0; i < c.gpus.gpus.size(); ++i)
    for (Language language : {Language::kEnglish, Language::kChinese}) {
      const TierResult& r = c.TierOf(i, language);
      INFO(c.gpus.gpus[i].id << ": " << r.reason);
      CHECK_FALSE(std::regex_search(r.reason, symbol_between_numbers));
      for (const TierCheck& check : r.checks) {
        INFO(check.what);
        CHECK_FALSE(std::regex_search(check.what, symbol_between_numbers));
        CHECK(check.what.find('%') == std::string::npos);
        CHECK(check.what.find('$') == std::string::npos);
      }
    }
  Gpu g;
  g.id = "big";
  g.name = "Big";
  g.memory_gb = 80;
  g.memory_bandwidth_gbps = 3350;
  const TierResult r = ClassifyTier(g);
  REQUIRE(r.checks.size() >= 2);
  CHECK(PlainSpaces(r.checks[0].what) == "memory at most 16 GB (has 80)");
  CHECK_FALSE(r.checks[0].passed);
  CHECK(PlainSpaces(ClassifyTier(g, {}, Language::kChinese).checks[0].what) == "显存不超过 16 GB（实有 80）");
}

}  // namespace tiers_test
