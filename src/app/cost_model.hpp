// What the Cost & region view shows, derived from AppState::cost: the engine's CostReport, the
// per-region series of the bar chart and the map, the service-form lines of the break-even
// chart, and the guides' three budget cases (案例 A/B/C) next to the engine's figures.
// Recomputed only when the inputs change, never per frame.
#pragma once

#include "app/deferred_code.hpp"
#include "app/app_state.hpp"
#include "engine/catalogs.hpp"
#include "engine/cost.hpp"

#include <optional>
#include <string>
#include <vector>

namespace atlas {

// ---- the request ---------------------------------------------------------------------------

// Whether the view keeps to mainland-China regions: the reader's choice, else regions picked
// abroad (a regions filter with no mainland region) say no, else the
// walkthrough's rule by language (price_home.hpp: Chinese readers price in China).
bool CostMainlandOnly(const CostState& state, Language language, const RegionCatalog& regions);
// The engine request for the state (0 / "" fields mean "not set"), mainland-only as above.
CostRequest MakeCostRequest(const CostState& state, Language language, const RegionCatalog& regions);
// pricing.json with the user's overrides applied (unknown ids and non-positive amounts ignored).
PricingCatalog ApplyPriceOverrides(const PricingCatalog& pricing, const std::vector<PriceOverride>& overrides);
// Sets (amount > 0) or removes (amount <= 0) the override of one quote.
void SetPriceOverride(CostState& state, const std::string& price_id, double amount);
const PriceOverride* FindPriceOverride(const CostState& state, const std::string& price_id);

// ---- chart data ----------------------------------------------------------------------------

// One region in the bar chart and on the map, in the chosen currency.
struct RegionSeries {
  int region_index = 0;     // into catalogs.regions.regions
  std::string group;        // cn-east | cn-west | global
  double kwh_price = 0;     // electricity per kWh, chosen currency
  double pue = 1;
  double energy_kwh = 0;    // of the job, for the bar service
  double energy_cost = 0;   // chosen currency
  std::optional<double> rental_cost;  // compute cost of the bar service (none = no price)
  double co2_kg = 0;
  std::optional<double> cheapest_total;  // lowest total of the region's priced rows
  std::optional<ServiceKind> cheapest_service;
  bool meets_constraints = true;
};

// Why a hub is left out of the cheapest pick (its row is greyed in the table and sorted after
// every hub that is in): outside mainland China under "mainland China only", or past the latency
// limit (or with no latency figure) to the user's city.
// Why a hub is out of the cheapest pick: another market, a latency over the limit, or no latency
// known to the user's city while a limit is set (data/regions.json has no figure for it).
enum class HubExclusion { kNone, kOtherMarket, kLatency, kLatencyUnknown };

// One hub as a row of the Cost view's table (src/app/cost_hub_table.hpp): the figures that
// decide where to run, in the chosen currency. Rent is the bar service's for the job, priced
// from the hub's own quotes when it has any (so it differs between hubs), else its market's.
struct HubRow {
  int region_index = 0;              // into catalogs.regions.regions
  std::string group;                 // cn-east | cn-west | global
  double kwh_price = 0;              // electricity per kWh, chosen currency
  double pue = 1;                    // as used (region's figure, cooling, or the user's)
  double carbon_g_per_kwh = 0;       // grid average
  std::optional<double> latency_ms;  // round trip to the user's city; none = no city or not measured
  std::optional<double> rent;        // the job's rent (or capex share), chosen currency; none = no price
  std::optional<double> rent_per_unit;  // the price used per GPU-hour / GPU-month / card
  QuoteScope rent_scope = QuoteScope::kMarket;  // region's own quotes, its market's, the other market's
  bool rent_stale_only = false;      // only quotes older than 12 months price it
  bool rent_estimate = false;        // the quote behind it is an estimate (news, blog, used market)
  std::string rent_summary;          // PriceSummary of the price used (the row's tooltip)
  bool cheapest = false;             // the verdict's row (the report's cheapest) is in this hub
  bool meets_constraints = true;
  HubExclusion excluded = HubExclusion::kNone;  // kNone exactly when meets_constraints
};

struct DutyPoint {
  double duty = 0;  // 0..1
  double cost = 0;  // per month for the whole fleet, chosen currency
};

// A service form's monthly cost as a line over the duty cycle (fleet of `gpus` cards).
struct FormCurve {
  ServiceKind service = ServiceKind::kContainer;
  bool priced = false;
  MonthlyCostModel model;          // fleet: fixed + per_duty × duty
  std::vector<DutyPoint> points;   // 0 %, 5 %, ..., 100 %
  std::string price_note;          // the quote used, or why there is none
};

// Where two forms' lines cross inside 0-100 % duty.
struct BreakEvenMark {
  ServiceKind a = ServiceKind::kContainer, b = ServiceKind::kMonthlyServer;
  double duty = 0;
  double cost = 0;  // per month, fleet
};

// The market for the chosen card in one service form and market, as the price display shows it
// (engine/price_market.hpp): statistics of the current quotes (of all quotes when none is
// current), the newest quote, and the recorded search when there is no quote at all.
struct MarketLine {
  ServiceKind service = ServiceKind::kContainer;
  std::string market;  // cn | global
  MarketStats stats;   // in CNY
  double median = 0, min = 0, max = 0;  // the same in the view's currency (median: the statistic used)
  std::string summary;  // PriceSummary: "median of 3 current quotes from 2 sellers, ¥x–¥y; quoted ..."
  std::optional<PriceRecord> newest;    // the newest quote of the pool
  bool newest_stale = false;
  std::optional<PriceGap> gap;          // searched and not found (no quote in this market)
};

// ---- the guides' budget cases ----------------------------------------------------------------

// One line of a preset's panel: the guide's claim and the engine's figure for the same thing.
struct PresetFigure {
  std::string label;
  std::string guide;   // what the guide says, quoted with its figure
  std::string engine;  // what the engine computes, with units
  std::optional<double> guide_low_cny, guide_high_cny;
  std::optional<double> engine_cny;  // none: no quote in pricing.json
};

struct PresetOutcome {
  std::string id;       // A | B | C
  std::string title;
  std::string setup;    // what the preset puts into the inputs
  std::vector<PresetFigure> figures;
  std::vector<std::string> why;    // why the guide's figure and ours differ
  std::vector<std::string> notes;  // assumptions the preset adds (labelled as such)
};

struct CostPresetInfo {
  const char* id;
  const char* label;        // button text
  const char* guide_quote;  // the guide's own words (第六章)
};
inline constexpr CostPresetInfo kCostPresets[] = {
    {"A", "A · 8B QLoRA on one 24 GB card",
     "案例 A: 单张 RTX 4090 或 3090 (24GB), QLoRA 4-bit; 云上约 2-4 元/小时; 每天运行 8 小时微调 3 天, 总成本控制在100-200元."},
    {"B", "B · 13B SaaS: A100 + A10",
     "案例 B: 预算10万元/年; 训练 1台 A100 80G 云主机约1-1.5万元/月 (每周增量预训练); 推理 多台 A10 (24G) 容器弹性伸缩."},
    {"C", "C · 200B MoE on 64 H800",
     "案例 C: 预算数百万级以上; 至少 64x H800 或昇腾910B, 400G InfiniBand; GPU裸金属托管在内蒙古/贵州节点: 电费便宜, 节省的电费非常可观."},
};

// Fills state.cost (and state.calculator with the matching workload) for preset "A", "B" or
// "C"; returns false for an unknown id (state unchanged).
bool ApplyCostPreset(AppState& state, const Catalogs& catalogs, const std::string& id);
// The preset's panel: the guide's figures and the engine's for the same configuration, with
// the user's price overrides and USD/CNY rate. Figures in CNY, as the guide's.
// Texts in `language`.
PresetOutcome ComputePresetOutcome(const std::string& id, const Catalogs& catalogs,
                                   const CostState& user, Language language = Language::kEnglish);

// ---- derived -------------------------------------------------------------------------------

struct CostDerived {
  CostState inputs;   // what the results below were computed from
  Language language = Language::kEnglish;  // of errors and notes (part of the cache key)
  bool valid = false;
  std::vector<std::string> errors;
  CostRequest request;
  PricingCatalog pricing;  // with overrides
  CostReport report;
  ServiceKind bar_service = ServiceKind::kContainer;  // the service behind "rental cost" bars
  std::vector<RegionSeries> regions;  // east hubs, west hubs, then global
  double kwh_price_min = 0, kwh_price_max = 0;  // over all catalog regions, chosen currency
  std::vector<RegionSeries> map_regions;        // every catalog region (map shows all)
  int focus_region = -1;              // region of the break-even chart, into catalogs
  std::vector<FormCurve> curves;
  std::vector<BreakEvenMark> marks;
  std::vector<MarketLine> market;     // the chosen card: every form x market with a quote or a gap
  std::vector<HubRow> hubs;           // the table of hubs, in d.regions order (cost_hub_table.hpp)
  std::optional<PresetOutcome> preset;
  int computations = 0;
};

// `language`: the one errors and notes are shown in (switching it recomputes).
ATLAS_DEFERRED void UpdateCostDerived(const AppState& state, const Catalogs& catalogs, CostDerived& derived, Language language);

// Display order of region groups: 0 east hubs, 1 west hubs, 2 global.
int RegionGroupOrder(const std::string& group);

}  // namespace atlas
