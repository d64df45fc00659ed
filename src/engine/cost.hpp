// Cost & region engine: the energy, carbon and money of a GPU job in a region and service form,
// break-even duty cycles between forms, and the cheapest region + form under constraints.
// Pure functions: no I/O, no globals; the catalogs come in as arguments.
//
// Two different fractions, never mixed up:
//   utilization - average fraction of the card's board power drawn while the job runs (energy);
//   duty_cycle  - fraction of calendar time the job runs (billing of monthly forms, a year of use,
//                 break-even). "Break-even utilisation" in the issue is a duty cycle.
#pragma once

#include "gpu_catalog.hpp"
#include "language.hpp"
#include "price_market.hpp"
#include "pricing_catalog.hpp"
#include "region_catalog.hpp"

#include <optional>
#include <string>
#include <vector>

namespace atlas {

inline constexpr double kHoursPerYear = 8760.0;              // 365 × 24
inline constexpr double kHoursPerMonth = kHoursPerYear / 12;  // 730 h, the cloud billing month
inline constexpr double kDefaultHostOverhead = 0.3;  // project assumption (see EnergyKwh)
// Share of board power a training/serving job draws while running, when the request does not say:
// a project assumption (the Cost view's and the CLI's one default; README "gpu-atlas cost").
inline constexpr double kDefaultUtilization = 0.8;

// Request limits: outside them an input is a typo, not a job.
inline constexpr int kMaxGpus = 100000;
inline constexpr double kMaxJobHours = 876000;  // 100 years
// Longest calendar span (hours / duty_cycle) a request may cover: 100 years, so whole months
// billed stay small integers.
inline constexpr double kMaxCalendarHours = 876000;
inline constexpr double kMinPue = 1.0;          // PUE >= 1 by definition (The Green Grid WP#49)
inline constexpr double kMaxPue = 3.0;
inline constexpr double kMaxHostOverhead = 3.0;
inline constexpr double kMinUsdCny = 1.0;
inline constexpr double kMaxUsdCny = 20.0;
// Longest further-use horizon a request may state for bought cards (purchase_use_years): past it
// the figure is a typo, not a plan (project limit).
inline constexpr double kMaxPurchaseUseYears = 20.0;
// Sellers a purchase price must rest on before the headline may pick buying over renting.
inline constexpr int kMinPurchaseSellers = 2;
// The latency limit to the user centre (max_latency_ms), one pair for the cost request and the
// share link (state_json.cpp), which had each written 0.1 and 1000.
inline constexpr double kMinLatencyMs = 0.1;
inline constexpr double kMaxLatencyMs = 1000;

enum class Cooling { kAir, kLiquid };

struct Money {
  double amount = 0;
  std::string currency;  // ISO 4217
};

// ---- the formulas, one function each (tests check them against hand computations) ----------

// kWh = gpus × board_power_w / 1000 × utilization × hours × (1 + host_overhead) × PUE.
double EnergyKwh(int gpus, double board_power_w, double utilization, double hours,
                 double host_overhead, double pue);
// kg CO2 = kWh × grid gCO2/kWh / 1000.
double Co2Kg(double energy_kwh, double carbon_gco2_per_kwh);
// The PUE used for a region: the override, else the region's typical air or liquid figure.
double RegionPue(const Region& region, Cooling cooling, std::optional<double> pue_override);
// Whole billing months for a monthly form: max(min commitment, ceil(calendar hours / 730)).
int BilledMonths(double calendar_hours, int min_commitment_months);
// Hours a job runs in a form that loses `virtualization_overhead` of throughput: h / (1 − v).
double RuntimeHours(double hours, double virtualization_overhead);
// Capital cost of one working GPU: price × (1 + spares) × (1 + server overhead unless the
// quote already includes the server).
double PurchaseCapexPerGpu(double price_per_gpu, double spares_fraction,
                           double server_overhead_fraction, bool price_includes_server);

// A service form's cost for one GPU over one month at a duty cycle, as fixed + per_duty × duty
// (every form is linear in the duty cycle, which makes break-evens closed-form).
struct MonthlyCostModel {
  double fixed_per_month = 0;  // paid whatever the duty cycle
  double per_duty = 0;         // paid per unit of duty cycle (0..1) over a month
  double At(double duty_cycle) const { return fixed_per_month + per_duty * duty_cycle; }
};
// container: per_duty = price/h × 730 / (1 − v); monthly_server and bare_metal: fixed = price/month;
// purchase: fixed = capex / (12 × years), per_duty = own energy cost per GPU-hour × 730.
MonthlyCostModel ContainerMonthlyModel(double price_per_gpu_hour, double virtualization_overhead);
MonthlyCostModel RentedMonthlyModel(double price_per_gpu_month);
MonthlyCostModel PurchaseMonthlyModel(double capex_per_gpu, double depreciation_years,
                                      double energy_cost_per_gpu_hour);
// The duty cycle where both models cost the same per month; nullopt when the lines never cross
// at a positive duty cycle.
std::optional<double> BreakEvenDutyCycle(const MonthlyCostModel& a, const MonthlyCostModel& b);

// ---- buying for one job: the basis of the comparison with renting ---------------------------
//
// The rule (issue 14's "prices a buyer can act on"; a new-user trial found a 10-hour job told to
// buy a card). Buying is money spent now; renting is money spent per hour. A job of H hours is
// therefore compared on one of two stated bases:
//  - job outlay (default): the cash this job needs if the cards are bought for it, the whole
//    all-in capex (PurchaseCapexPerGpu) plus own power for H hours. A job longer than the
//    hardware's depreciation life needs a card-life per life: capex × max(1, H / life hours).
//    This is what a buyer pays whatever they do with the cards afterwards (resale ignored).
//  - amortised: only when the user states a further-use horizon Y years (the cards stay busy
//    with this and later work for Y years): the straight-line share capex × H / (Y × 8760 h)
//    plus own power (the textbook straight-line depreciation; project assumption: no resale).
// Break-even (job-outlay basis): renting at r per GPU-hour with virtualisation loss v costs
// r·H/(1−v); buying costs capex + e·H (e = own power per GPU-hour), so they are equal at
// H* = capex / (r/(1−v) − e); past H* buying is cheaper. None when r/(1−v) ≤ e, or when H* is
// beyond the depreciation life (the cards wear out before they pay off).
// Comparable quotes: a purchase price from one seller (often one used-market or list quote)
// is not the same kind of figure as the median of several sellers' rents, so the headline picks
// buying only when its price is the statistic of >= kMinPurchaseSellers sellers' current quotes
// (or a quote the user chose); otherwise the row is listed but not picked, with a note.
enum class PurchaseBasis { kJobOutlay, kAmortised };
const char* PurchaseBasisId(PurchaseBasis b);  // "job_outlay", "amortised"
// Capex this job bears per GPU on the job-outlay basis: capex × max(1, hours / (life × 8760)).
double PurchaseOutlayPerGpu(double capex_per_gpu, double runtime_hours, double life_years);
// Capex this job bears per GPU on the amortised basis: capex × hours / (years × 8760).
double PurchaseAmortisedPerGpu(double capex_per_gpu, double runtime_hours, double use_years);
// Job hours at which buying outright costs as much as renting per hour (see the rule above).
std::optional<double> PurchaseBreakEvenHours(double capex_per_gpu, double rent_per_gpu_hour,
                                             double rent_virtualization_overhead,
                                             double energy_cost_per_gpu_hour, double life_years);

// ---- price lookup --------------------------------------------------------------------------

// PriceChoice and ChoosePrice (the market statistics behind a price): engine/price_market.hpp.

// ---- a whole request -------------------------------------------------------------------------

struct CostRequest {
  std::string gpu_id;
  int gpus = 1;
  double hours = 0;          // hours the job runs (GPUs busy), before virtualisation loss
  double utilization = kDefaultUtilization;  // fraction of board power while running, (0, 1]
  double duty_cycle = 1.0;   // fraction of calendar time running, (0, 1]
  std::vector<std::string> region_ids;   // empty = every region
  std::vector<ServiceKind> services;     // empty = all four
  std::optional<double> pue;             // override of the region's PUE
  Cooling cooling = Cooling::kAir;
  double host_overhead = kDefaultHostOverhead;
  std::string currency = "CNY";          // CNY or USD (any currency with a rate works)
  std::optional<double> usd_cny;         // the user's USD/CNY rate instead of pricing.json's
  // Constraints for the cheapest pick (rows are still listed when they fail them).
  std::string user_centre;               // e.g. "shanghai"; names a key of latency_ms
  std::optional<double> max_latency_ms;  // needs user_centre
  bool domestic_only = false;            // mainland-China regions only
  PriceRule price_rule;                  // which figure of the market is the price [median]
  // Further-use horizon of bought cards, in years (see PurchaseBasis): set, the purchase row is
  // the amortised share; unset, the job bears the whole outlay.
  std::optional<double> purchase_use_years;
  Language language = Language::kEnglish;  // of errors and notes (never serialised)
};

// A cost as rankings compare it: rounded to 3 significant figures, a key (transitive, unlike a
// tolerance) under which nearly equal costs tie and another rule decides: recommend's cost
// objective (the faster run), the Cost view's headline (CostTieBreak). A hub whose own seller
// joins its market's pool costs a few hundredths of a per cent more than its neighbours.
double CostRankKey(double cost);

// Why the cheapest row is named before rows of the same total (CostReport::cheapest_tie_break),
// in the order the rules apply.
enum class CostTieBreak { kNone, kOwnQuotes, kNearer, kLowerCo2 };
const char* CostTieBreakId(CostTieBreak b);  // "none", "own_quotes", "nearer", "lower_co2"

struct CostRow {
  std::string region_id;
  ServiceKind service = ServiceKind::kContainer;
  double pue = 1;
  double runtime_hours = 0;   // hours after virtualisation loss
  double energy_kwh = 0;      // at the wall: GPUs + host, × PUE
  Money energy_cost_local;    // energy_kwh × region price, region currency
  Money energy_cost;          // the same in the chosen currency
  bool energy_in_total = false;  // true only for purchase (rental prices include power)
  bool energy_published = true;  // false: the card's board power is not published; energy, its cost and CO2 are 0 and left out
  std::optional<Money> compute_cost;  // rent, or the capex share; none = no price
  std::optional<Money> total_cost;
  std::optional<Money> annual_cost;   // a year of use at the duty cycle
  std::optional<int> billed_months;   // monthly_server, bare_metal
  // The form's minimum term, not the job's length, set billed_months (bare metal's 12 months for
  // a month's job): the total is then the minimum's, whatever the hours.
  bool billed_by_minimum = false;
  double co2_kg = 0;
  std::optional<double> latency_ms;   // to the request's user centre, when known
  bool meets_constraints = true;
  std::optional<PriceRecord> price;         // the quote behind the price (price_market.hpp)
  std::optional<PriceChoice> price_choice;  // statistic, scope, market statistics, reasons
  std::optional<Money> price_used;          // per unit (GPU-hour, GPU-month, card), request currency
  std::string price_summary;                // PriceSummary of price_choice ("median of 3 current quotes ...")
  // Purchase only: whether its price is firm enough to be compared with rent in the headline
  // (>= kMinPurchaseSellers sellers' current quotes, or a quote the user chose).
  bool price_comparable = true;
  std::vector<std::string> notes;
};

struct BreakEven {
  std::optional<double> duty_cycle;  // both forms cost the same per month here
  bool reachable = false;            // 0 < duty_cycle <= 1
  std::vector<std::string> notes;
};

struct RegionBreakEven {
  std::string region_id;
  BreakEven container_vs_monthly_server;  // below it the container is cheaper
  BreakEven container_vs_purchase;        // above it buying is cheaper
  // Job hours past which buying for this job (job-outlay basis) beats the per-hour container.
  std::optional<double> purchase_break_even_hours;
  std::vector<std::string> purchase_break_even_notes;
};

struct CostReport {
  std::vector<CostRow> rows;  // region-major, services in request order
  std::vector<RegionBreakEven> break_even;
  std::optional<size_t> cheapest;  // index into rows: lowest total meeting the constraints
                                   // (purchase rows only with price_comparable)
  // Other rows the pick was chosen from with the same total, to a hundredth of the currency:
  // rent is quoted per card-hour wherever the card runs and includes the power, so many hubs
  // often tie, and the headline says so instead of naming one of them as if it were cheaper.
  int cheapest_ties = 0;
  // What named the pick among those ties (the deepest rule any tied row needed); kNone when they
  // are alike in all three and the table's order decided.
  CostTieBreak cheapest_tie_break = CostTieBreak::kNone;
  PurchaseBasis purchase_basis = PurchaseBasis::kJobOutlay;  // how purchase rows were costed
  std::vector<std::string> notes;
  std::vector<std::string> errors;  // request problems, each naming the field; rows empty then
};

// Range and reference checks of a request (each message names the field).
std::vector<std::string> CheckCostRequest(const CostRequest& request, const GpuCatalog& gpus,
                                          const RegionCatalog& regions,
                                          const PricingCatalog& pricing);
CostReport ComputeCost(const CostRequest& request, const GpuCatalog& gpus,
                       const RegionCatalog& regions, const PricingCatalog& pricing);

}  // namespace atlas
