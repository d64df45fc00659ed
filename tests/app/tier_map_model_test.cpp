// Filters, sorting and the comparison list of the tier map.
#include "app/tier_map_model.hpp"
#include "test_support.hpp"

#include <doctest/doctest.h>

namespace tier_map_model_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;

TEST_CASE("filters: domestic only never shows a non-domestic card; tier and memory filters hold") {
  const Catalogs& c = atlas::test::RealCatalogs();
  TierMapState s;
  s.domestic_only = true;
  auto shown = FilterAndSortGpus(c, s);
  CHECK(!shown.empty());
  for (int i : shown) CHECK(c.gpus.gpus[i].domestic);
  s = {};
  s.tier = 1;
  s.min_memory_gb = 100;
  for (int i : FilterAndSortGpus(c, s)) {
    CHECK(c.gpu_tiers[i].tier == Tier::kFlagship);
    CHECK(c.gpus.gpus[i].memory_gb >= 100);
  }
  s = {};
  s.fp8_only = true;
  for (int i : FilterAndSortGpus(c, s)) CHECK(c.gpus.gpus[i].fp8_dense_tflops.has_value());
  s = {};
  s.vendor = "no such vendor";
  CHECK(FilterAndSortGpus(c, s).empty());
}

TEST_CASE("sorting by memory, both directions") {
  const Catalogs& c = atlas::test::RealCatalogs();
  TierMapState s;
  s.sort = TierMapSort::kMemory;
  auto up = FilterAndSortGpus(c, s);
  for (size_t k = 1; k < up.size(); ++k) CHECK(c.gpus.gpus[up[k - 1]].memory_gb <= c.gpus.gpus[up[k]].memory_gb);
  s.sort_descending = true;
  auto down = FilterAndSortGpus(c, s);
  CHECK(c.gpus.gpus[down.front()].memory_gb == c.gpus.gpus[up.back()].memory_gb);
  CHECK(up.size() == c.gpus.gpus.size());
}

TEST_CASE("comparison keeps at most four cards, the oldest pick drops out, toggling removes") {
  TierMapState s;
  for (const char* id : {"a", "b", "c", "d", "e"}) ToggleCompare(s, id);
  CHECK(s.compare == std::vector<std::string>{"b", "c", "d", "e"});
  ToggleCompare(s, "c");
  CHECK(s.compare == std::vector<std::string>{"b", "d", "e"});
}

}  // namespace tier_map_model_test
