// The data loaders (gpus, models, regions, pricing, assumptions) on arbitrary text. The first
// byte picks the file ('g', 'm', 'r', 'p', 'a'; any other byte: its value mod 5), the rest is
// the file's text. A file that loads without errors is usable: ids unique, figures finite,
// and with it in place of the shipped copy the catalogs still give finite estimates and costs.
#include "engine/cost.hpp"
#include "engine/embedded_data.hpp"
#include "fuzz_common.hpp"

#include <cstddef>
#include <cstdint>
#include <set>

using namespace atlas;

namespace {

const char* const kFiles[] = {"gpus.json", "models.json", "regions.json", "pricing.json", "assumptions.json"};

int PickFile(uint8_t b) {
  switch (b) {
    case 'g': return 0;
    case 'm': return 1;
    case 'r': return 2;
    case 'p': return 3;
    case 'a': return 4;
    default: return b % 5;
  }
}

template <class Records>
void CheckUniqueIds(const Records& records) {
  std::set<std::string> ids;
  for (const auto& r : records) {
    FUZZ_CHECK(!r.id.empty(), "empty id");
    FUZZ_CHECK(ids.insert(r.id).second, "duplicate id " + r.id);
  }
}

// Returns whether the file loaded without errors.
bool CheckFileOnItsOwn(int file, const std::string& text) {
  const std::string name = std::string("data/") + kFiles[file];
  switch (file) {
    case 0: {
      GpuCatalogLoad l = LoadGpuCatalog(text, name);
      fuzz::CheckDumps(Json(l.errors), "gpu errors");
      if (!l.ok()) return false;
      FUZZ_CHECK(!l.catalog.gpus.empty(), "no cards");
      CheckUniqueIds(l.catalog.gpus);
      for (const Gpu& g : l.catalog.gpus) {
        FUZZ_CHECK(std::isfinite(g.memory_bytes) && g.memory_bytes > 0, g.id);
        FUZZ_CHECK(std::isfinite(g.memory_bandwidth_gbps) && g.memory_bandwidth_gbps > 0, g.id);
        FUZZ_CHECK(std::isfinite(g.Dense16Tflops()) && g.Dense16Tflops() >= 0, g.id);
        const TierResult t = ClassifyTier(g);
        FUZZ_CHECK(t.tier == Tier::kFlagship || t.tier == Tier::kMainstream || t.tier == Tier::kEntryEdge, g.id);
      }
      return true;
    }
    case 1: {
      ModelCatalogLoad l = LoadModelCatalog(text, name);
      fuzz::CheckDumps(Json(l.errors), "model errors");
      if (!l.ok()) return false;
      CheckUniqueIds(l.catalog.models);
      for (const ModelSpec& m : l.catalog.models) {
        FUZZ_CHECK(ValidateModel(m).empty(), m.id + "\n" + fuzz::Join(ValidateModel(m)));
        FUZZ_CHECK(std::isfinite(m.params) && m.params > 0, m.id);
      }
      return true;
    }
    case 2: {
      RegionCatalogLoad l = LoadRegionCatalog(text, name);
      fuzz::CheckDumps(Json(l.errors), "region errors");
      if (l.ok()) CheckUniqueIds(l.catalog.regions);
      return l.ok();
    }
    case 3: {
      PricingCatalogLoad l = LoadPricingCatalog(text, name);
      fuzz::CheckDumps(Json(l.errors), "pricing errors");
      if (l.ok()) CheckUniqueIds(l.catalog.prices);
      return l.ok();
    }
    default: {
      AssumptionsLoad l = LoadAssumptions(text, name);
      fuzz::CheckDumps(Json(l.errors), "assumption errors");
      return l.ok();
    }
  }
}

void CheckMoney(const Money& m, const std::string& what) {
  FUZZ_CHECK(std::isfinite(m.amount) && m.amount >= 0, what + " " + std::to_string(m.amount) + " " + m.currency);
}

// The whole set with the fuzzed file in place of the shipped one.
void CheckCatalogs(int file, const std::string& text) {
  CatalogsLoad load = LoadCatalogs(
      [&](const std::string& name, std::string& out) {
        out = name == kFiles[file] ? text : EmbeddedDataText(name);
        return true;
      },
      "data");
  fuzz::CheckDumps(Json(load.errors), "catalog errors");
  if (!load.ok()) return;
  const Catalogs& c = load.catalogs;
  FUZZ_CHECK(c.gpu_tiers.size() == c.gpus.gpus.size(), "tiers");

  // A few estimates: each card (up to 4) with the first model, training and inference.
  for (size_t i = 0; i < c.gpus.gpus.size() && i < 4; ++i) {
    for (Task task : {Task::kFullFinetune, Task::kInference}) {
      Workload w;
      if (!c.models.models.empty()) w.model = c.models.models.front();
      else w.model = ModelFromParamCount(8e9);
      w.task = task;
      w.gpu = c.gpus.gpus[i].id;
      w.train_tokens = task == Task::kInference ? 0 : 1e8;
      if (!ValidateWorkload(w).empty()) continue;
      const EstimateResult r = Estimate(w, c);
      FUZZ_CHECK(r.ok, fuzz::Join(r.errors));
      fuzz::CheckEstimateFinite(r);
    }
  }

  // A cost report for a priced card (or the first card) in every region and form.
  CostRequest req;
  req.gpu_id = !c.pricing.prices.empty() ? c.pricing.prices.front().gpu : c.gpus.gpus.front().id;
  req.gpus = 8;
  req.hours = 100;
  req.utilization = 0.8;
  req.duty_cycle = 0.5;
  if (!CheckCostRequest(req, c.gpus, c.regions, c.pricing).empty()) return;
  const CostReport report = ComputeCost(req, c.gpus, c.regions, c.pricing);
  for (const CostRow& row : report.rows) {
    const std::string where = row.region_id + "/" + ServiceId(row.service);
    FUZZ_CHECK(std::isfinite(row.energy_kwh) && row.energy_kwh >= 0, where);
    FUZZ_CHECK(std::isfinite(row.co2_kg) && row.co2_kg >= 0, where);
    FUZZ_CHECK(std::isfinite(row.pue) && row.pue >= 1, where);
    CheckMoney(row.energy_cost, where + " energy");
    if (row.compute_cost) CheckMoney(*row.compute_cost, where + " compute");
    if (row.total_cost) CheckMoney(*row.total_cost, where + " total");
    if (row.annual_cost) CheckMoney(*row.annual_cost, where + " annual");
  }
  for (const RegionBreakEven& b : report.break_even)
    for (const BreakEven* e : {&b.container_vs_monthly_server, &b.container_vs_purchase})
      FUZZ_CHECK(!e->duty_cycle || std::isfinite(*e->duty_cycle), b.region_id);
  if (report.cheapest) FUZZ_CHECK(*report.cheapest < report.rows.size(), "cheapest index");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const int file = PickFile(data[0]);
  const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  // The whole set is loaded (slow) only when the file alone loads without errors.
  if (CheckFileOnItsOwn(file, text)) CheckCatalogs(file, text);
  return 0;
}
