// How many estimates per second the engine does (numbers only, and with explanations), and
// how long the Calculator's "fits on" strip takes (every catalog card). Prints figures; the
// budgets live in bench/RESULTS.md, never in unit tests.
#include "app/calculator_model.hpp"
#include "engine/catalogs.hpp"
#include "engine/estimate_request.hpp"

#include <benchmark/benchmark.h>

namespace {

const atlas::Catalogs& Data() {
  static const atlas::Catalogs catalogs = atlas::LoadEmbeddedCatalogs().catalogs;
  return catalogs;
}

atlas::Workload Request(const char* json) {
  return atlas::ParseEstimateRequestText(json, Data()).workload;
}

void BM_EstimateTraining(benchmark::State& state) {
  const atlas::Workload w = Request(R"({"model": "llama-3.1-70b", "task": "pretrain", "gpus": 64, "tp": 8, "dp": 8, "zero_stage": 1})");
  for (auto _ : state) benchmark::DoNotOptimize(atlas::Estimate(w, Data()));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_EstimateTraining);

void BM_EstimateInference(benchmark::State& state) {
  const atlas::Workload w = Request(R"({"model": "deepseek-v3", "task": "inference", "precision": "fp8", "gpus": 16, "tp": 8, "pp": 2, "gpu": "h200-sxm", "batch": 32, "context": 32768})");
  for (auto _ : state) benchmark::DoNotOptimize(atlas::Estimate(w, Data()));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_EstimateInference);

// The numbers only (explain = false), as searches, fit and the fits-on strip call it.
void BM_EstimateTrainingNumbers(benchmark::State& state) {
  const atlas::Workload w = Request(R"({"model": "llama-3.1-70b", "task": "pretrain", "gpus": 64, "tp": 8, "dp": 8, "zero_stage": 1})");
  for (auto _ : state) benchmark::DoNotOptimize(atlas::Estimate(w, Data(), atlas::Language::kEnglish, false));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_EstimateTrainingNumbers);

void BM_EstimateInferenceNumbers(benchmark::State& state) {
  const atlas::Workload w = Request(R"({"model": "deepseek-v3", "task": "inference", "precision": "fp8", "gpus": 16, "tp": 8, "pp": 2, "gpu": "h200-sxm", "batch": 32, "context": 32768})");
  for (auto _ : state) benchmark::DoNotOptimize(atlas::Estimate(w, Data(), atlas::Language::kEnglish, false));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_EstimateInferenceNumbers);

void BM_CalculatorRecompute(benchmark::State& state) {
  atlas::AppState app;
  atlas::NormalizeCalculator(app.calculator, Data());
  int toggle = 0;
  for (auto _ : state) {
    atlas::CalculatorDerived derived;
    app.calculator.workload.micro_batch = 1 + (toggle++ & 1);
    atlas::UpdateCalculatorDerived(app, Data(), derived, app.language);
    benchmark::DoNotOptimize(derived);
  }
  state.SetLabel("estimate + fits-on strip over the whole catalog");
}
BENCHMARK(BM_CalculatorRecompute)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
