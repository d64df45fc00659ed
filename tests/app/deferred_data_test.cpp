// Deferred data that fails to load or validate turns off only what needs it.
#include "app/deferred_data.hpp"
#include "engine/embedded_data.hpp"
#include "test_support.hpp"

#include <doctest/doctest.h>

namespace deferred_data_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;

namespace {

// The GPUs (the first frame's data), as the web app has them before the deferred fetch.
Catalogs CoreOnly() {
  CatalogsLoad load;
  LoadCoreCatalogs(ReadEmbeddedDataFile, "data", load);
  REQUIRE(load.ok());
  return load.catalogs;
}

// The embedded files, with `name` replaced by `text` (or missing when `text` is null).
DataFileReader With(const std::string& name, const char* text) {
  return [name, text](const std::string& file, std::string& out) {
    if (file != name) return ReadEmbeddedDataFile(file, out);
    if (!text) return false;
    out = text;
    return true;
  };
}

bool Mentions(const std::vector<std::string>& lines, const std::string& needle) {
  for (const auto& l : lines)
    if (l.find(needle) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST_CASE("all deferred data good: nothing is off") {
  Catalogs c = CoreOnly();
  const MarketDataLoad load = LoadMarketDataDegrading(ReadEmbeddedDataFile, "data", c);
  CHECK(load.ok());
  CHECK(load.models_missing.empty());
  CHECK(load.markets_missing.empty());
  CHECK_FALSE(c.models.models.empty());
  CHECK_FALSE(c.regions.regions.empty());
  CHECK_FALSE(c.pricing.prices.empty());
  CHECK_FALSE(c.gpus.gpus.empty());
}

TEST_CASE("a broken models.json turns off the model views only, naming the file and the record") {
  std::string text;
  REQUIRE(ReadEmbeddedDataFile("models.json", text));
  Json models = Json::parse(text);
  models["models"][2]["params"] = -5;
  const std::string broken = models.dump();
  Catalogs c = CoreOnly();
  const MarketDataLoad load = LoadMarketDataDegrading(With("models.json", broken.c_str()), "data", c);
  CHECK(load.models_missing == "data/models.json");
  CHECK(load.markets_missing.empty());
  CHECK(Mentions(load.warnings, "data/models.json: models[2]"));
  CHECK(Mentions(load.warnings, "params"));
  CHECK(c.models.models.empty());       // nothing half-checked is used
  CHECK_FALSE(c.regions.regions.empty());
  CHECK_FALSE(c.pricing.prices.empty());
  CHECK_FALSE(c.gpus.gpus.empty());     // the tier map keeps its data
}

TEST_CASE("a broken or missing pricing.json / regions.json turns off the cost view only") {
  for (const char* file : {"pricing.json", "regions.json"}) {
    for (const char* text : {static_cast<const char*>(nullptr), "{\"prices\": [", "[]"}) {
      CAPTURE(std::string(file));
      Catalogs c = CoreOnly();
      const MarketDataLoad load = LoadMarketDataDegrading(With(file, text), "data", c);
      CHECK_FALSE(load.ok());
      CHECK(load.models_missing.empty());
      CHECK_FALSE(load.markets_missing.empty());
      CHECK(Mentions(load.warnings, std::string("data/") + file));
      CHECK_FALSE(c.models.models.empty());
      CHECK(c.regions.regions.empty());
      CHECK(c.pricing.prices.empty());
    }
  }
}

TEST_CASE("a broken or missing pricing_gaps.json leaves out only the gaps: the quotes and the cost view stay") {
  for (const char* text : {static_cast<const char*>(nullptr), "{\"gaps\": [", "{\"gaps\": [{\"gpu\": \"rtx-4090\"}]}"}) {
    CAPTURE(text ? text : "(missing)");
    Catalogs c = CoreOnly();
    const MarketDataLoad load = LoadMarketDataDegrading(With("pricing_gaps.json", text), "data", c);
    CHECK_FALSE(load.ok());
    CHECK(Mentions(load.warnings, "data/pricing_gaps.json"));
    CHECK(load.markets_missing.empty());
    CHECK(load.models_missing.empty());
    CHECK(c.pricing.gaps.empty());
    CHECK_FALSE(c.pricing.prices.empty());
    CHECK_FALSE(c.regions.regions.empty());
  }
  Catalogs c = CoreOnly();
  CHECK(LoadMarketDataDegrading(ReadEmbeddedDataFile, "data", c).ok());
  CHECK_FALSE(c.pricing.gaps.empty());
}

}  // namespace deferred_data_test
