// Shared by the libFuzzer targets: the real catalogs, and invariant checks that abort with a
// message (libFuzzer then saves the input as crash-*). Built only with ATLAS_FUZZ (clang).
#pragma once

#include "engine/catalogs.hpp"
#include "engine/estimate.hpp"
#include "engine/json_reader.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace atlas::fuzz {

[[noreturn]] inline void Fail(const char* file, int line, const char* what, const std::string& detail) {
  std::fprintf(stderr, "\n%s:%d: invariant violated: %s\n%s\n", file, line, what, detail.c_str());
  std::abort();
}

#define FUZZ_CHECK(cond, detail) \
  do { if (!(cond)) ::atlas::fuzz::Fail(__FILE__, __LINE__, #cond, (detail)); } while (0)

// The catalogs of data/, loaded once.
inline const Catalogs& RealCatalogs() {
  static const Catalogs* catalogs = [] {
    CatalogsLoad load = LoadEmbeddedCatalogs();
    if (!load.ok()) Fail(__FILE__, __LINE__, "embedded catalogs load", load.errors.front());
    return new Catalogs(std::move(load.catalogs));
  }();
  return *catalogs;
}

inline std::string Join(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += "  " + l + "\n";
  return out;
}

// What the CLI and the browser print must serialise: dump() throws on invalid UTF-8, and the
// WebAssembly build cannot catch exceptions.
inline void CheckDumps(const Json& j, const char* what) {
  try {
    (void)j.dump();
  } catch (const std::exception& e) {
    Fail(__FILE__, __LINE__, what, std::string("Json::dump threw: ") + e.what());
  }
}

inline bool FiniteNonNegative(double v) { return std::isfinite(v) && v >= 0; }

// Every figure of an estimate that reaches the screen is a finite number.
inline void CheckEstimateFinite(const EstimateResult& r) {
  const MemoryBreakdown& m = r.memory;
  for (double v : {m.weights_bytes, m.gradients_bytes, m.optimizer_bytes, m.activations_bytes, m.kv_cache_bytes,
                   m.overhead_bytes, m.total_bytes, m.cpu_offload_bytes, m.trainable_params})
    FUZZ_CHECK(FiniteNonNegative(v), "memory figure " + std::to_string(v));
  FUZZ_CHECK(std::isfinite(r.headroom_bytes), "headroom " + std::to_string(r.headroom_bytes));
  FUZZ_CHECK(FiniteNonNegative(r.gpu_memory_bytes), "gpu memory");
  const ComputeResult& c = r.compute;
  for (double v : {c.peak_flops, c.mfu_used, c.scaling_efficiency})
    FUZZ_CHECK(FiniteNonNegative(v), "compute figure " + std::to_string(v));
  for (const auto& v : {c.flops_total, c.time_seconds, c.gpu_hours, c.tokens_per_second, c.ttft_seconds,
                        c.decode_step_seconds, c.tokens_per_second_per_user, c.max_concurrent_users})
    FUZZ_CHECK(!v || FiniteNonNegative(*v), "compute figure " + std::to_string(v.value_or(0)));
  for (const Figure& f : m.figures) FUZZ_CHECK(std::isfinite(f.value), "memory figure " + f.key);
  for (const Figure& f : c.figures) FUZZ_CHECK(std::isfinite(f.value), "compute figure " + f.key);
}

}  // namespace atlas::fuzz
