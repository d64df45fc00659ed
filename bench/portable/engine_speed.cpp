// The engine's speed without Google Benchmark, so the same figures can be printed natively and
// in WebAssembly (node): estimates per second (numbers only, as searches call it: budget >= 10^6/s
// natively and >= 2 x 10^5/s in WebAssembly; and with every explanation, as the Calculator and the
// CLI ask), recommendation searches (search-space size, combinations evaluated per second; budget
// <= 5 ms per search in WebAssembly), and "make it fit" (ms per fit; budget <= 5 ms in
// WebAssembly). A fixed arithmetic loop is timed in the same run as a reference: on a busy
// machine every figure drops with it; searches also print their CPU time, which moves less. Run: build/native/engine_speed, or
// node --no-liftoff --no-experimental-fetch build/web/bench/engine_speed.js (--no-liftoff: V8
// compiles the wasm optimised at once; otherwise a long single call such as the reference loop
// stays in the baseline tier, ~4x slower, as it never returns to be tiered up).
#include "engine/catalogs.hpp"
#include "engine/estimate_request.hpp"
#include "engine/fit.hpp"
#include "engine/recommend.hpp"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <ctime>
#if defined(__EMSCRIPTEN__)
#include <emscripten.h>
#endif

namespace {

// CPU seconds used so far: natively the thread's, in node the process's (process.cpuUsage: the
// main thread plus V8's helper threads, which are idle once the wasm is compiled). On a busy
// machine this moves far less than the wall clock, which also counts the waits for a core.
double CpuSeconds() {
#if defined(__EMSCRIPTEN__)
  return EM_ASM_DOUBLE({
    const u = process.cpuUsage();
    return (u.user + u.system) / 1e6;
  });
#else
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
#endif
}

double Seconds(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Millions of rounds per second of a fixed integer + floating-point loop (the same-run reference).
double ReferenceMillionsPerSecond() {
  uint64_t x = 1;
  double y = 1;
  long rounds = 0;
  const auto start = std::chrono::steady_clock::now();
  while (Seconds(start) < 0.5) {
    for (int i = 0; i < 100000; ++i) {
      x = x * 6364136223846793005ULL + 1442695040888963407ULL;
      y = y * 0.999999 + static_cast<double>(x >> 40) * 1e-9;
    }
    rounds += 100000;
  }
  volatile double keep = y;
  (void)keep;
  return rounds / Seconds(start) / 1e6;
}

// Estimates of `w` per second for one second; `card` set: on the card looked up once, as the
// searches call it, else by the card's id (a catalog lookup per estimate).
double EstimatesPerSecond(const atlas::Workload& w, const atlas::Catalogs& c, bool explain, const atlas::Gpu* card = nullptr) {
  long n = 0;
  const auto start = std::chrono::steady_clock::now();
  while (Seconds(start) < 1.0) {
    for (int i = 0; i < 100; ++i) {
      volatile bool fits = (card ? atlas::Estimate(w, *card, c, atlas::Language::kEnglish, explain)
                                 : atlas::Estimate(w, c, atlas::Language::kEnglish, explain)).fits;
      (void)fits;
    }
    n += 100;
  }
  return n / Seconds(start);
}

}  // namespace

int main() {
#if defined(__EMSCRIPTEN__)
  const char* where = "WebAssembly";
#else
  const char* where = "native";
#endif
  const atlas::Catalogs c = atlas::LoadEmbeddedCatalogs().catalogs;
  std::printf("[%s] reference loop: %.1f million rounds per second\n", where, ReferenceMillionsPerSecond());
  const atlas::Workload train =
      atlas::ParseEstimateRequestText(R"({"model": "llama-3.1-70b", "task": "pretrain", "gpus": 64, "tp": 8, "dp": 8})", c).workload;
  const atlas::Workload serve =
      atlas::ParseEstimateRequestText(R"({"model": "deepseek-v3", "task": "inference", "precision": "fp8", "gpus": 16, "tp": 8, "pp": 2, "gpu": "h200-sxm", "batch": 32, "context": 32768})", c).workload;
  const double estimates_per_second = EstimatesPerSecond(train, c, false);
  std::printf("[%s] estimates, numbers only: 70B pre-training %.0f per second, DeepSeek-V3 serving %.0f per second\n", where,
              estimates_per_second, EstimatesPerSecond(serve, c, false));
  std::printf("[%s] estimates, numbers only, card looked up once (as searches call it): 70B pre-training %.0f per second, "
              "DeepSeek-V3 serving %.0f per second\n", where, EstimatesPerSecond(train, c, false, c.gpus.Find(train.gpu)),
              EstimatesPerSecond(serve, c, false, c.gpus.Find(serve.gpu)));
  std::printf("[%s] estimates with explanations: 70B pre-training %.0f per second, DeepSeek-V3 serving %.0f per second\n",
              where, EstimatesPerSecond(train, c, true), EstimatesPerSecond(serve, c, true));
  auto start = std::chrono::steady_clock::now();
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
    // One search first: V8 compiles a wasm function on its first call, which the first case's
    // only run in 0.5 s would otherwise pay (seen: 555 ms for one search, 27 ms of it CPU).
    atlas::RecommendResult r = atlas::Recommend(w, constraints, c);
    int runs = 0;
    start = std::chrono::steady_clock::now();
    const double cpu_start = CpuSeconds();
    while (Seconds(start) < 0.5) {
      r = atlas::Recommend(w, constraints, c);
      ++runs;
    }
    const double per_run = Seconds(start) / runs, cpu_per_run = (CpuSeconds() - cpu_start) / runs;
    std::printf("[%s] recommend %-22s search space %6zu, evaluated %6zu, %.2f ms per search (CPU %.2f ms), %.0f configurations/s\n",
                where, k.name, static_cast<size_t>(r.search_space), static_cast<size_t>(r.evaluated), per_run * 1e3,
                cpu_per_run * 1e3, r.evaluated / per_run);
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
    // Also in units of one estimate (numbers only) of this run, which discounts a busy machine.
    std::printf("[%s] fit %-32s %s, %zu changes, %4d memory + %3d compute estimates, %.2f ms per fit (= %.0f estimates)\n",
                where, k.name, r.fits ? "fits" : "no fit", r.changes.size(), r.memory_estimates, r.compute_estimates,
                per_run * 1e3, per_run * estimates_per_second);
  }
  return 0;
}
