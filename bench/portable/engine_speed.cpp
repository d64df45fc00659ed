// The engine's speed without Google Benchmark, so the same figures can be printed natively and
// in WebAssembly (node): full estimates per second and recommendation searches (search-space
// size, combinations evaluated per second), and "make it fit" (ms per fit; budget <= 5 ms in
// WebAssembly). Run: build/native/engine_speed, or
// node --no-experimental-fetch build/web/bench/engine_speed.js
#include "engine/catalogs.hpp"
#include "engine/estimate_request.hpp"
#include "engine/fit.hpp"
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
  const double estimates_per_second = n / Seconds(start);
  std::printf("[%s] full estimates: %.0f per second\n", where, estimates_per_second);
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
  // Make it fit: one job each, from already fitting to hopeless (the blockers' extra searches).
  struct FitCase {
    const char* name;
    const char* json;
    int max_gpus;  // 0 = the request's count
  } fits[] = {{"8B QLoRA, fits as asked", R"({"model": "llama-3.1-8b", "task": "qlora", "gpu": "rtx-4090"})", 0},
              {"70B QLoRA on 2 x 4090", R"({"model": "llama-3.1-70b", "task": "qlora", "gpu": "rtx-4090", "gpus": 2})", 0},
              {"70B full FT, 8 x H100, mb 4", R"({"model": "llama-3.1-70b", "task": "full_finetune", "gpu": "h100-sxm", "gpus": 8, "micro_batch": 4})", 64},
              {"70B serving, up to 8 x H100", R"({"model": "llama-3.1-70b", "task": "inference", "gpu": "h100-sxm", "batch": 32, "context": 32768})", 8},
              {"DeepSeek-V3 serving, 8 x H200", R"({"model": "deepseek-v3", "task": "inference", "precision": "fp8", "gpu": "h200-sxm", "gpus": 8, "tp": 8, "batch": 64, "context": 32768})", 0},
              {"405B full FT on 1 T4 (hopeless)", R"({"model": "llama-3.1-405b", "task": "full_finetune", "gpu": "t4"})", 0},
              {"405B full FT, up to 4096 T4s", R"({"model": "llama-3.1-405b", "task": "full_finetune", "gpu": "t4"})", 4096},
              {"DeepSeek-V3 FT, 8 -> 4096 x 4090", R"({"model": "deepseek-v3", "task": "full_finetune", "gpu": "rtx-4090", "gpus": 8, "micro_batch": 8})", 4096}};
  for (const FitCase& k : fits) {
    const atlas::Workload w = atlas::ParseEstimateRequestText(k.json, c).workload;
    atlas::FitConstraints constraints;
    if (k.max_gpus) constraints.max_gpus = k.max_gpus;
    atlas::FitResult r;
    int runs = 0;
    start = std::chrono::steady_clock::now();
    while (Seconds(start) < 0.5) {
      r = atlas::Fit(w, constraints, c);
      ++runs;
    }
    const double per_run = Seconds(start) / runs;
    // Also in units of one full estimate of this run, which discounts a busy machine.
    std::printf("[%s] fit %-32s %s, %zu changes, %4d memory + %3d compute estimates, %.2f ms per fit (= %.0f full estimates)\n",
                where, k.name, r.fits ? "fits" : "no fit", r.changes.size(), r.memory_estimates, r.compute_estimates,
                per_run * 1e3, per_run * estimates_per_second);
  }
  return 0;
}
