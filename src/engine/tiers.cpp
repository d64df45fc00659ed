#include "tiers.hpp"

#include "format.hpp"
#include "text/engine_text.hpp"

#include <cstdio>

namespace atlas {

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
    case Tier::kFlagship: return "第一梯队 旗舰";
    case Tier::kMainstream: return "第二梯队 主流性价比";
    case Tier::kEntryEdge: return "第三梯队 入门·边缘";
  }
  return "?";
}

TierResult ClassifyTier(const Gpu& g, const TierRule& rule, Language language) {
  const EngineText& T = EngineTextFor(language);
  TierResult r;
  const double dense16 = g.Dense16Tflops();
  // Tier 3 first: either condition alone puts a card in entry-edge.
  TierCheck small_mem{Printf(T.tier_check_small_memory, g.memory_gb, rule.tier3_max_memory_gb),
                      g.memory_gb <= rule.tier3_max_memory_gb};
  // A card whose bandwidth the vendor does not publish passes neither bandwidth test, and both
  // say so instead of comparing a number (gpus.json "unpublished").
  const bool bw_unpublished = g.IsUnpublished("memory_bandwidth_gbps");
  TierCheck slow_mem{bw_unpublished ? std::string(T.tier_check_bandwidth_unpublished)
                                    : Printf(T.tier_check_slow_bandwidth, g.memory_bandwidth_gbps, rule.tier3_below_bandwidth_gbps),
                     !bw_unpublished && g.memory_bandwidth_gbps < rule.tier3_below_bandwidth_gbps};
  r.checks = {small_mem, slow_mem};
  if (small_mem.passed || slow_mem.passed) {
    r.tier = Tier::kEntryEdge;
    r.reason = Printf(T.tier_reason_3, (small_mem.passed ? small_mem.what : slow_mem.what).c_str());
    return r;
  }
  TierCheck mem{Printf(T.tier_check_memory, g.memory_gb, rule.tier1_min_memory_gb),
                g.memory_gb >= rule.tier1_min_memory_gb};
  TierCheck bw{bw_unpublished ? std::string(T.tier_check_bandwidth_unpublished)
                              : Printf(T.tier_check_bandwidth, g.memory_bandwidth_gbps, rule.tier1_min_bandwidth_gbps),
               !bw_unpublished && g.memory_bandwidth_gbps >= rule.tier1_min_bandwidth_gbps};
  TierCheck fabric{Printf(g.nvlink_class ? T.tier_check_fabric : T.tier_check_no_fabric,
                          g.Text(&Gpu::interconnect, language == Language::kChinese).c_str()),
                   g.nvlink_class};
  TierCheck compute{Printf(T.tier_check_compute, dense16, rule.tier1_min_dense16_tflops),
                    dense16 >= rule.tier1_min_dense16_tflops};
  r.checks.insert(r.checks.end(), {mem, bw, fabric, compute});
  if (mem.passed && bw.passed && fabric.passed && compute.passed) {
    r.tier = Tier::kFlagship;
    r.reason = Printf(T.tier_reason_1, mem.what.c_str(), bw.what.c_str(), fabric.what.c_str(), compute.what.c_str());
    return r;
  }
  r.tier = Tier::kMainstream;
  std::string missed;
  for (const TierCheck* c : {&mem, &bw, &fabric, &compute}) {
    if (c->passed) continue;
    if (!missed.empty()) missed += T.tier_missed_sep;
    // Restate the failed test as what it lacks, e.g. "memory 24 GB < 40 GB".
    if (c == &mem) missed += Printf(T.tier_missed_memory, g.memory_gb, rule.tier1_min_memory_gb);
    else if (c == &bw) missed += bw_unpublished ? bw.what : Printf(T.tier_check_slow_bandwidth, g.memory_bandwidth_gbps, rule.tier1_min_bandwidth_gbps);
    else if (c == &fabric) missed += c->what;
    else missed += Printf(T.tier_missed_compute, dense16, rule.tier1_min_dense16_tflops);
  }
  r.reason = Printf(T.tier_reason_2, missed.c_str());
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
