// How fast the recommendation search runs (it reruns on every input change in the browser):
// prints the search-space size, the combinations checked and configurations evaluated per
// second. Figures only; budgets live in bench/RESULTS.md, never in unit tests.
#include "engine/catalogs.hpp"
#include "engine/estimate_request.hpp"
#include "engine/recommend.hpp"

#include <benchmark/benchmark.h>

namespace {

const atlas::Catalogs& Data() {
  static const atlas::Catalogs catalogs = atlas::LoadEmbeddedCatalogs().catalogs;
  return catalogs;
}

void RunSearch(benchmark::State& state, const char* json, int max_gpus) {
  const atlas::Workload w = atlas::ParseEstimateRequestText(json, Data()).workload;
  atlas::Constraints c;
  c.max_gpus = max_gpus;
  atlas::RecommendResult last;
  for (auto _ : state) {
    last = atlas::Recommend(w, c, Data());
    benchmark::DoNotOptimize(last);
  }
  state.counters["search_space"] = static_cast<double>(last.search_space);
  state.counters["evaluated"] = static_cast<double>(last.evaluated);
  state.counters["compute_runs"] = last.compute_estimates;
  state.counters["evaluated_per_s"] =
      benchmark::Counter(static_cast<double>(last.evaluated) * state.iterations(), benchmark::Counter::kIsRate);
}

void BM_RecommendQlora8B(benchmark::State& s) { RunSearch(s, R"({"model": "llama-3.1-8b", "task": "qlora"})", 64); }
BENCHMARK(BM_RecommendQlora8B)->Unit(benchmark::kMillisecond);

void BM_RecommendFullFt70B(benchmark::State& s) {
  RunSearch(s, R"({"model": "llama-3.1-70b", "task": "full_finetune"})", 512);
}
BENCHMARK(BM_RecommendFullFt70B)->Unit(benchmark::kMillisecond);

void BM_RecommendPretrain405B(benchmark::State& s) {
  RunSearch(s, R"({"model": "llama-3.1-405b", "task": "pretrain"})", 4096);
}
BENCHMARK(BM_RecommendPretrain405B)->Unit(benchmark::kMillisecond);

void BM_RecommendServeMoE(benchmark::State& s) {
  RunSearch(s, R"({"model": "deepseek-v3", "task": "inference", "precision": "fp8", "batch": 32, "context": 8192})", 64);
}
BENCHMARK(BM_RecommendServeMoE)->Unit(benchmark::kMillisecond);

}  // namespace
