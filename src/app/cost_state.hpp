// The Cost & region view's inputs (part of AppState, serialised in the share link).
#pragma once

#include "engine/cost.hpp"

#include <optional>
#include <string>
#include <vector>

namespace atlas {

// The user's own figure for one quote of data/pricing.json (its id), in the quote's currency and
// unit (per GPU-hour, per GPU-month or per card).
struct PriceOverride {
  std::string price_id;
  double amount = 0;
  bool operator==(const PriceOverride&) const = default;
};

// The job the Cost view follows (carried_job.hpp): none, the Calculator's, or a walkthrough
// recommendation's (by rank). While linked, its card, count and hours follow that job.
enum class CarriedJobSource { kNone = 0, kCalculator, kWalkthrough };

struct CostState {
  std::string gpu = "a100-80gb-sxm";
  int gpus = 8;
  double hours = 720;           // running hours of the job
  double utilization = kDefaultUtilization;  // share of board power while running
  double duty_cycle = 1.0;      // share of calendar time running (monthly billing, break-even)
  std::vector<std::string> regions;  // empty = all
  std::string service;          // "" = all forms
  std::string currency = "CNY";
  double usd_cny = 0;           // 0 = data/pricing.json rate
  double pue = 0;               // 0 = region's figure
  double host_overhead = kDefaultHostOverhead;
  bool liquid_cooling = false;
  std::string user_centre;      // latency filter, "" = none
  double max_latency_ms = 0;    // 0 = no limit
  // Mainland-China regions only (CN-market sellers): unset = by language (price_home.hpp,
  // CostMainlandOnly); link cost.domestic=1 / =0 is the reader's choice and is kept.
  std::optional<bool> domestic_only;
  // Years bought cards stay in use (this job and later work): unset = this job bears the whole
  // purchase (the engine's job-outlay basis, engine/cost.hpp "buying for one job"); set, within
  // (0, kMaxPurchaseUseYears], only an amortised share. Link: cost.purchase_use_years.
  std::optional<double> purchase_use_years;
  std::string preset;           // "" or "A" / "B" / "C" (the guides' budget cases)
  std::vector<PriceOverride> price_overrides;  // edited quotes, at most one per price id
  std::string focus_region;     // region of the break-even chart; "" = the cheapest row's
  CarriedJobSource job = CarriedJobSource::kNone;  // link: cost.job=calc|walk
  int job_rank = 1;             // the walkthrough recommendation followed (1 = the first)
  bool operator==(const CostState&) const = default;
};

}  // namespace atlas
