// The engine's speed without Google Benchmark, so the same figures can be printed natively and
// in WebAssembly (node): full estimates per second and recommendation searches (search-space
// size, combinations evaluated per second). Run: build/native/engine_speed, or
// node --no-experimental-fetch build/web/bench/engine_speed.js
#include "engine/catalogs.hpp"
#include "engine/estimate_request.hpp"
#include "engine/recommend.hpp"

#include <chrono>
#include <cstdio>

namespace {

double Seconds(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int main() {
#if defined(__EMSCRIPTEN__)
  const char* where = "WebAssembly";
#else
  const char* where = "native";
#endif
  const atlas::Catalogs c = atlas::LoadEmbeddedCatalogs().catalogs;
  const atlas::Workload train =
      atlas::ParseEstimateRequestText(R"({"model": "llama-3.1-70b", "task": "pretrain", "gpus": 64, "tp": 8, "dp": 8})", c).workload;
  int n = 0;
  auto start = std::chrono::steady_clock::now();
  while (Seconds(start) < 1.0) {
    volatile bool fits = atlas::Estimate(train, c).fits;
    (void)fits;
    ++n;
  }
  std::printf("[%s] full estimates: %.0f per second\n", where, n / Seconds(start));
  struct Case {
    const char* name;
    const char* json;
    int max_gpus;
  } cases[] = {{"8B QLoRA", R"({"model": "llama-3.1-8b", "task": "qlora"})", 64},
               {"70B full fine-tuning", R"({"model": "llama-3.1-70b", "task": "full_finetune"})", 512},
               {"405B pre-training", R"({"model": "llama-3.1-405b", "task": "pretrain"})", 4096},
               {"DeepSeek-V3 serving", R"({"model": "deepseek-v3", "task": "inference", "precision": "fp8", "batch": 32, "context": 8192})", 64}};
  for (const Case& k : cases) {
    const atlas::Workload w = atlas::ParseEstimateRequestText(k.json, c).workload;
    atlas::Constraints constraints;
    constraints.max_gpus = k.max_gpus;
    atlas::RecommendResult r;
    int runs = 0;
    start = std::chrono::steady_clock::now();
    while (Seconds(start) < 0.5) {
      r = atlas::Recommend(w, constraints, c);
      ++runs;
    }
    const double per_run = Seconds(start) / runs;
    std::printf("[%s] recommend %-22s search space %6zu, evaluated %6zu, %.2f ms per search, %.0f configurations/s\n",
                where, k.name, static_cast<size_t>(r.search_space), static_cast<size_t>(r.evaluated), per_run * 1e3,
                r.evaluated / per_run);
  }
  return 0;
}
