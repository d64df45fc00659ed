#include "tiers.hpp"

#include <cstdio>

namespace atlas {

namespace {
std::string Fmt(const char* format, double a, double b) {
  char buf[160];
  std::snprintf(buf, sizeof buf, format, a, b);
  return buf;
}
}  // namespace

const char* TierName(Tier tier) {
  switch (tier) {
    case Tier::kFlagship: return "Tier 1 flagship";
    case Tier::kMainstream: return "Tier 2 mainstream-value";
    case Tier::kEntryEdge: return "Tier 3 entry-edge";
  }
  return "?";
}

const char* TierNameZh(Tier tier) {
  switch (tier) {
    case Tier::kFlagship: return "一线 旗舰";
    case Tier::kMainstream: return "二线 主流性价比";
    case Tier::kEntryEdge: return "入门·边缘";
  }
  return "?";
}

TierResult ClassifyTier(const Gpu& g, const TierRule& rule) {
  TierResult r;
  const double dense16 = g.Dense16Tflops();
  // Tier 3 first: either condition alone puts a card in entry-edge.
  TierCheck small_mem{Fmt("memory %.0f GB <= %.0f GB", g.memory_gb, rule.tier3_max_memory_gb),
                      g.memory_gb <= rule.tier3_max_memory_gb};
  TierCheck slow_mem{Fmt("bandwidth %.0f GB/s < %.0f GB/s", g.memory_bandwidth_gbps,
                         rule.tier3_below_bandwidth_gbps),
                     g.memory_bandwidth_gbps < rule.tier3_below_bandwidth_gbps};
  r.checks = {small_mem, slow_mem};
  if (small_mem.passed || slow_mem.passed) {
    r.tier = Tier::kEntryEdge;
    r.reason = std::string("Tier 3: ") + (small_mem.passed ? small_mem.what : slow_mem.what);
    return r;
  }
  TierCheck mem{Fmt("memory %.0f GB >= %.0f GB", g.memory_gb, rule.tier1_min_memory_gb),
                g.memory_gb >= rule.tier1_min_memory_gb};
  TierCheck bw{Fmt("bandwidth %.0f GB/s >= %.0f GB/s", g.memory_bandwidth_gbps,
                   rule.tier1_min_bandwidth_gbps),
               g.memory_bandwidth_gbps >= rule.tier1_min_bandwidth_gbps};
  TierCheck fabric{g.nvlink_class ? "card-to-card fabric " + g.interconnect + " (>= 200 GB/s)"
                                  : "no card-to-card fabric >= 200 GB/s (" + g.interconnect + ")",
                   g.nvlink_class};
  TierCheck compute{Fmt("dense BF16/FP16 %.0f TFLOPS >= %.0f TFLOPS", dense16,
                        rule.tier1_min_dense16_tflops),
                    dense16 >= rule.tier1_min_dense16_tflops};
  r.checks.insert(r.checks.end(), {mem, bw, fabric, compute});
  if (mem.passed && bw.passed && fabric.passed && compute.passed) {
    r.tier = Tier::kFlagship;
    r.reason = "Tier 1: " + mem.what + ", " + bw.what + ", " + fabric.what + ", " + compute.what;
    return r;
  }
  r.tier = Tier::kMainstream;
  std::string missed;
  for (const TierCheck* c : {&mem, &bw, &fabric, &compute}) {
    if (c->passed) continue;
    if (!missed.empty()) missed += "; ";
    // Restate the failed test as what it lacks, e.g. "memory 24 GB < 40 GB".
    if (c == &mem) missed += Fmt("memory %.0f GB < %.0f GB", g.memory_gb, rule.tier1_min_memory_gb);
    else if (c == &bw) missed += Fmt("bandwidth %.0f GB/s < %.0f GB/s", g.memory_bandwidth_gbps, rule.tier1_min_bandwidth_gbps);
    else if (c == &fabric) missed += c->what;
    else missed += Fmt("dense BF16/FP16 %.0f TFLOPS < %.0f TFLOPS", dense16, rule.tier1_min_dense16_tflops);
  }
  r.reason = "Tier 2: above the entry-edge limits, but not flagship: " + missed;
  return r;
}

std::string DescribeTierRule(const TierRule& rule) {
  char buf[640];
  std::snprintf(buf, sizeof buf,
                "Tier 3 entry-edge: memory <= %.0f GB, or memory bandwidth < %.0f GB/s.\n"
                "Tier 1 flagship: memory >= %.0f GB, bandwidth >= %.0f GB/s (HBM-class), a "
                "card-to-card fabric >= 200 GB/s (NVLink, Infinity Fabric, HCCS, ...), and dense "
                "BF16/FP16 >= %.0f TFLOPS, all four.\n"
                "Tier 2 mainstream-value: every other card.",
                rule.tier3_max_memory_gb, rule.tier3_below_bandwidth_gbps, rule.tier1_min_memory_gb,
                rule.tier1_min_bandwidth_gbps, rule.tier1_min_dense16_tflops);
  return buf;
}

}  // namespace atlas
