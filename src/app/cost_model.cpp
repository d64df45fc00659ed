#include "cost_model.hpp"

#include "app/calculator_model.hpp"
#include "app/cost_hub_table.hpp"
#include "app/price_home.hpp"
#include "engine/estimate.hpp"
#include "engine/format.hpp"
#include "engine/text/engine_text.hpp"
#include "engine/plural.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace atlas {

// [SECTION] helpers ----------------------------------------------------------------------------

namespace {

std::string Cny(double v) { return "¥" + Grouped(v, std::fabs(v) < 100 ? 2 : 0); }
std::string Cny(const std::optional<double>& v, const EngineText& T) { return v ? Cny(*v) : std::string(T.pre_no_price); }

const CostRow* FindRow(const CostReport& r, const std::string& region, ServiceKind s) {
  for (const CostRow& row : r.rows)
    if (row.region_id == region && row.service == s) return &row;
  return nullptr;
}

std::optional<double> Total(const CostRow* row) {
  if (!row || !row->total_cost || !std::isfinite(row->total_cost->amount)) return std::nullopt;
  return row->total_cost->amount;
}

FxTable EffectiveFx(const PricingCatalog& pricing, double usd_cny) {
  if (usd_cny >= kMinUsdCny && usd_cny <= kMaxUsdCny) return pricing.fx.WithUsdCny(usd_cny);
  return pricing.fx;
}

// A quote converted to `currency`, or nullopt.
std::optional<double> QuoteIn(const PricingCatalog& pricing, const FxTable& fx, const std::string& gpu,
                              ServiceKind s, const Region& region, const std::string& currency,
                              PriceChoice* choice_out = nullptr, Language language = Language::kEnglish) {
  PriceChoice choice = ChoosePrice(pricing, gpu, s, region, PriceRule{}, language);
  std::optional<double> v;
  // The market's figure (median of current quotes), in CNY; purchase prices are card-equivalent.
  if (choice.amount_cny) v = fx.Convert(*choice.amount_cny, "CNY", currency);
  if (choice_out) *choice_out = std::move(choice);
  return v;
}

}  // namespace

// [SECTION] request and overrides -----------------------------------------------------------

bool CostMainlandOnly(const CostState& s, Language language, const RegionCatalog& regions) {
  std::optional<bool> chosen = s.domestic_only;
  auto abroad = [&](const std::string& id) {
    const Region* r = regions.Find(id);
    return r && !r->in_china();
  };
  // A regions filter with no mainland region. (The break-even chart's region only picks the
  // chart: a dot clicked abroad does not change the table.)
  if (!chosen && !s.regions.empty() && std::all_of(s.regions.begin(), s.regions.end(), abroad)) chosen = false;
  return PricesInChina(chosen, language);
}

CostRequest MakeCostRequest(const CostState& s, Language language, const RegionCatalog& regions) {
  CostRequest q;
  q.gpu_id = s.gpu;
  q.gpus = s.gpus;
  q.hours = s.hours;
  q.utilization = s.utilization;
  q.duty_cycle = s.duty_cycle;
  q.region_ids = s.regions;
  if (auto k = ParseServiceId(s.service)) q.services = {*k};
  if (s.pue > 0) q.pue = s.pue;
  q.cooling = s.liquid_cooling ? Cooling::kLiquid : Cooling::kAir;
  q.host_overhead = s.host_overhead;
  q.currency = s.currency.empty() ? "CNY" : s.currency;
  if (s.usd_cny > 0) q.usd_cny = s.usd_cny;
  q.user_centre = s.user_centre;
  if (s.max_latency_ms > 0 && !s.user_centre.empty()) q.max_latency_ms = s.max_latency_ms;
  q.domestic_only = CostMainlandOnly(s, language, regions);
  q.purchase_use_years = s.purchase_use_years;  // out of range: the engine's error names the limit
  q.language = language;
  return q;
}

PricingCatalog ApplyPriceOverrides(const PricingCatalog& pricing, const std::vector<PriceOverride>& overrides) {
  PricingCatalog out = pricing;
  for (const PriceOverride& o : overrides) {
    if (!(o.amount > 0) || !std::isfinite(o.amount)) continue;
    for (PriceRecord& p : out.prices) {
      if (p.id != o.price_id) continue;
      if (p.price_per_gpu_hour) p.price_per_gpu_hour = o.amount;
      else if (p.price_per_gpu_month) p.price_per_gpu_month = o.amount;
      else if (p.price_per_gpu) p.price_per_gpu = o.amount;
      p.notes = "edited in the UI" + (p.notes.empty() ? std::string() : "; " + p.notes);
    }
  }
  return out;
}

void SetPriceOverride(CostState& s, const std::string& id, double amount) {
  auto it = std::find_if(s.price_overrides.begin(), s.price_overrides.end(),
                         [&](const PriceOverride& o) { return o.price_id == id; });
  if (!(amount > 0) || !std::isfinite(amount)) {
    if (it != s.price_overrides.end()) s.price_overrides.erase(it);
    return;
  }
  if (it != s.price_overrides.end()) it->amount = amount;
  else s.price_overrides.push_back({id, amount});
}

const PriceOverride* FindPriceOverride(const CostState& s, const std::string& id) {
  for (const PriceOverride& o : s.price_overrides)
    if (o.price_id == id) return &o;
  return nullptr;
}

int RegionGroupOrder(const std::string& group) {
  if (group == "cn-east") return 0;
  if (group == "cn-west") return 1;
  return 2;
}

// [SECTION] presets ---------------------------------------------------------------------------

namespace {

struct PresetSetup {
  CostState cost;
  CalculatorState calculator;
  EstimateResult estimate;   // of the calculator workload
  double hours_per_week = 0; // B: continued pre-training hours per week
  std::vector<std::string> notes;
};

constexpr double kPresetBTokensPerWeek = 0.5e9;  // project assumption: 0.5B tokens a week
constexpr double kPresetCTokens = 1e12;          // project assumption: 1T training tokens
constexpr int kPresetBInferenceReplicas = 2;     // project assumption for "多台" A10, 24/7

Workload BaseWorkload(const Catalogs& c, const std::string& model, Task task, const std::string& gpu) {
  Workload w;
  if (const ModelSpec* m = c.models.Find(model)) w.model = *m;
  w.task = task;
  w.gpu = gpu;
  w.gpus = 1;
  return w;
}

bool MakePresetSetup(const std::string& id, const Catalogs& c, PresetSetup& out,
                     const EngineText& T = EngineTextFor(Language::kEnglish)) {
  PresetSetup p;
  CostState& s = p.cost;
  s.preset = id;
  s.domestic_only = true;
  if (id == "A") {
    Workload w = BaseWorkload(c, "llama-3-8b", Task::kQlora, "rtx-4090");
    w.precision = Precision::kNf4;
    w.train_tokens = 1e8;
    p.calculator.workload = w;
    p.calculator.model_preset = "llama-3-8b";
    s.gpu = "rtx-4090";
    s.gpus = 1;
    s.hours = 24;                // 8 h a day × 3 days
    s.duty_cycle = 8.0 / 24.0;   // 8 of 24 hours
    s.service = "container";
  } else if (id == "B") {
    Workload w = BaseWorkload(c, "llama-2-13b", Task::kPretrain, "a100-80gb-sxm");
    w.precision = Precision::kBf16;
    w.zero_stage = 3;
    w.checkpointing = Checkpointing::kFull;
    w.train_tokens = kPresetBTokensPerWeek;
    Workload layout = w;
    const Gpu* g = c.gpus.Find(w.gpu);
    if (g && MinGpusToFit(w, c, *g, 8, &layout) > 0) w = layout;
    w.train_tokens = kPresetBTokensPerWeek;
    p.calculator.workload = w;
    p.calculator.model_preset = "llama-2-13b";
    s.gpu = "a100-80gb-sxm";
    s.gpus = std::max(1, w.gpus);
    p.notes.push_back(Printf(T.pre_b_tokens_note, Grouped(kPresetBTokensPerWeek / 1e9, 1).c_str()));
  } else if (id == "C") {
    Workload w = BaseWorkload(c, "qwen3-235b-a22b", Task::kPretrain, "h800-sxm");
    w.precision = Precision::kBf16;
    w.zero_stage = 3;
    w.checkpointing = Checkpointing::kFull;
    w.dp = 64;
    w.gpus = 64;
    w.train_tokens = kPresetCTokens;
    p.calculator.workload = w;
    p.calculator.model_preset = "qwen3-235b-a22b";
    s.gpu = "h800-sxm";
    s.gpus = 64;
    s.regions = {"cn-inner-mongolia", "cn-guizhou", "cn-yangtze-delta"};
    s.focus_region = "cn-inner-mongolia";
    p.notes.push_back(T.pre_c_model_note);
    p.notes.push_back(Printf(T.pre_c_tokens_note, Grouped(kPresetCTokens / 1e12, 0).c_str()));
  } else {
    return false;
  }
  // Hours from the estimate engine (training time of the calculator workload).
  NormalizeCalculator(p.calculator, c);
  if (c.gpus.Find(p.calculator.workload.gpu) && ValidateWorkload(p.calculator.workload).empty())
    p.estimate = Estimate(p.calculator.workload, c, Language::kEnglish, false);  // numbers only: nothing shows its words
  std::optional<double> t;
  if (p.estimate.ok && p.estimate.compute.time_seconds && std::isfinite(*p.estimate.compute.time_seconds))
    t = *p.estimate.compute.time_seconds;
  if (id == "B") {
    p.hours_per_week = t && *t > 0 ? std::min(*t / 3600.0, 168.0) : 48.0;
    s.hours = std::round(p.hours_per_week * 52.0 / 12.0);  // a month of weekly runs
    s.duty_cycle = std::clamp(p.hours_per_week / 168.0, 0.01, 1.0);
    if (!t) p.notes.push_back(T.pre_b_no_estimate);
  } else if (id == "C") {
    s.hours = t && *t > 0 ? std::min(std::round(*t / 3600.0), kMaxJobHours) : 1440.0;
    if (!t) p.notes.push_back(T.pre_c_no_estimate);
  }
  out = std::move(p);
  return true;
}

}  // namespace

bool ApplyCostPreset(AppState& state, const Catalogs& c, const std::string& id) {
  PresetSetup p;
  if (!MakePresetSetup(id, c, p)) return false;
  // Keep what belongs to the user, not to the case: currency, rate, edited quotes, and how long
  // bought cards stay in use.
  p.cost.currency = state.cost.currency;
  p.cost.usd_cny = state.cost.usd_cny;
  p.cost.purchase_use_years = state.cost.purchase_use_years;
  p.cost.price_overrides = state.cost.price_overrides;
  state.cost = p.cost;
  state.calculator = p.calculator;
  return true;
}

PresetOutcome ComputePresetOutcome(const std::string& id, const Catalogs& c, const CostState& user, Language language) {
  const EngineText& T = EngineTextFor(language);
  PresetOutcome o;
  o.id = id;
  PresetSetup p;
  if (!MakePresetSetup(id, c, p, T)) return o;
  o.notes = p.notes;
  const PricingCatalog pricing = ApplyPriceOverrides(c.pricing, user.price_overrides);
  const FxTable fx = EffectiveFx(pricing, user.usd_cny);
  CostState cs = p.cost;
  cs.currency = "CNY";
  cs.usd_cny = user.usd_cny >= kMinUsdCny && user.usd_cny <= kMaxUsdCny ? user.usd_cny : 0;
  auto run = [&](const CostState& st) { return ComputeCost(MakeCostRequest(st, language, c.regions), c.gpus, c.regions, pricing); };
  auto cheapest_total = [](const CostReport& r) -> std::optional<double> {
    if (!r.cheapest) return std::nullopt;
    return Total(&r.rows[*r.cheapest]);
  };
  const Region* any_cn = c.regions.Find("cn-yangtze-delta");
  const Region* any_global = c.regions.Find("us-east-virginia");
  const double tps = p.estimate.compute.tokens_per_second.value_or(0);

  if (id == "A") {
    o.title = T.pre_a_title;
    o.setup = Printf(T.pre_a_setup, 100.0 * 8 / 24);
    const CostReport r = run(cs);
    const auto cn = cheapest_total(r);
    PresetFigure f{T.pre_a_rent_label, T.pre_a_rent_guide, "", 100, 200, cn};
    f.engine = cn ? Printf(T.pre_a_rent_engine, Cny(*cn).c_str()) : std::string(T.pre_a_rent_none);
    o.figures.push_back(f);
    std::optional<double> cn_rate, gl_rate;
    if (any_cn) cn_rate = QuoteIn(pricing, fx, "rtx-4090", ServiceKind::kContainer, *any_cn, "CNY");
    if (any_global) gl_rate = QuoteIn(pricing, fx, "rtx-4090", ServiceKind::kContainer, *any_global, "CNY");
    PresetFigure rate{T.pre_a_rate_label, T.pre_a_rate_guide, "", 2, 4, cn_rate};
    if (cn_rate && gl_rate) rate.engine = Printf(T.pre_a_rate_both, Cny(*cn_rate).c_str(), Cny(*gl_rate).c_str());
    else if (cn_rate) rate.engine = Printf(T.pre_a_rate_mainland, Cny(*cn_rate).c_str());
    else if (gl_rate) rate.engine = Printf(T.pre_a_rate_global, Cny(*gl_rate).c_str());
    else rate.engine = T.pre_a_rate_none;
    o.figures.push_back(rate);
    PresetFigure own{T.pre_a_own_label, T.pre_a_own_guide, "", 48, 96, std::nullopt};
    if (gl_rate) own.engine = Printf(T.pre_a_own_engine, Cny(*gl_rate * 24).c_str()), own.engine_cny = *gl_rate * 24;
    else own.engine = "-";
    o.figures.push_back(own);
    PresetFigure tokens{T.pre_a_tokens_label, T.pre_a_tokens_guide, "", std::nullopt, std::nullopt, std::nullopt};
    tokens.engine = tps > 0 ? Printf(T.pre_a_tokens_engine, Grouped(tps, 0).c_str(), Grouped(tps * 24 * 3600 / 1e6, 0).c_str())
                            : std::string(T.pre_no_estimate);
    o.figures.push_back(tokens);
    o.why.push_back(T.pre_a_why_price);
    o.why.push_back(T.pre_a_why_budget);
    o.why.push_back(T.pre_a_why_fits);
  } else if (id == "B") {
    o.title = T.pre_b_title;
    o.setup = Printf(T.pre_b_setup, p.cost.gpus, Grouped(p.hours_per_week, 0).c_str(), Grouped(p.cost.hours, 0).c_str());
    std::optional<double> monthly80, container80, monthly40;
    PriceChoice ch;
    if (any_cn) {
      monthly80 = QuoteIn(pricing, fx, "a100-80gb-sxm", ServiceKind::kMonthlyServer, *any_cn, "CNY");
      container80 = QuoteIn(pricing, fx, "a100-80gb-sxm", ServiceKind::kContainer, *any_cn, "CNY");
      monthly40 = QuoteIn(pricing, fx, "a100-40gb-sxm", ServiceKind::kMonthlyServer, *any_cn, "CNY");
    }
    PresetFigure srv{T.pre_b_server_label, T.pre_b_server_guide, "", 10000, 15000, monthly80};
    if (monthly80) srv.engine = Printf(T.pre_b_server_engine, Cny(*monthly80).c_str());
    else if (container80 && monthly40)
      srv.engine = Printf(T.pre_b_server_none_both, Cny(*container80 * kHoursPerMonth).c_str(), Cny(*monthly40).c_str());
    else if (container80) srv.engine = Printf(T.pre_b_server_none_container, Cny(*container80 * kHoursPerMonth).c_str());
    else if (monthly40) srv.engine = Printf(T.pre_b_server_none_40gb, Cny(*monthly40).c_str());
    else srv.engine = T.pre_b_server_none;
    if (!monthly80 && container80) srv.engine_cny = *container80 * kHoursPerMonth;
    o.figures.push_back(srv);

    const CostReport r = run(cs);
    const std::string region0 = r.rows.empty() ? std::string() : r.rows.front().region_id;
    const auto train_container = Total(FindRow(r, region0, ServiceKind::kContainer));
    const auto train_monthly = Total(FindRow(r, region0, ServiceKind::kMonthlyServer));
    PresetFigure train{T.pre_b_train_label, T.pre_b_train_guide, "", 10000, 15000,
                       train_monthly ? train_monthly : train_container};
    const std::string month_hours = Grouped(p.cost.hours, 0);
    if (train_container && train_monthly)
      train.engine = Plurals(Printf(T.pre_b_train_both, p.cost.gpus, month_hours.c_str(), Cny(*train_container).c_str(),
                            Cny(*train_monthly).c_str()));
    else if (train_container)
      train.engine = Plurals(Printf(T.pre_b_train_container, p.cost.gpus, month_hours.c_str(), Cny(*train_container).c_str()));
    else if (train_monthly)
      train.engine = Plurals(Printf(T.pre_b_train_monthly, p.cost.gpus, month_hours.c_str(), Cny(*train_monthly).c_str()));
    else
      train.engine = Plurals(Printf(T.pre_b_train_none, p.cost.gpus, month_hours.c_str()));
    o.figures.push_back(train);

    CostState inf = cs;
    inf.gpu = "a10";
    inf.gpus = kPresetBInferenceReplicas;
    inf.hours = kHoursPerMonth;
    inf.duty_cycle = 1;
    inf.service = "container";
    inf.regions = {};
    const auto inference = cheapest_total(run(inf));
    PresetFigure infer{T.pre_b_infer_label, T.pre_b_infer_guide, "", std::nullopt, std::nullopt, inference};
    infer.engine = Printf(T.pre_b_infer_engine, kPresetBInferenceReplicas, Cny(inference, T).c_str());
    o.figures.push_back(infer);

    const std::optional<double> train_month = train_monthly ? train_monthly : train_container;
    PresetFigure year{T.pre_b_year_label, T.pre_b_year_guide, "", 100000, 100000, std::nullopt};
    if (train_month && inference) year.engine_cny = 12 * (*train_month + *inference);
    year.engine = year.engine_cny ? Printf(T.pre_b_year_engine, Cny(*year.engine_cny).c_str()) : std::string(T.pre_b_year_incomplete);
    o.figures.push_back(year);

    const double need = p.estimate.memory.total_bytes * std::max(1, p.calculator.workload.gpus);
    o.why.push_back(T.pre_b_why_budget);
    o.why.push_back(Printf(T.pre_b_why_memory, Grouped(need / (1024.0 * 1024 * 1024), 0).c_str(), p.calculator.workload.gpus));
    o.why.push_back(T.pre_b_why_price);
    o.why.push_back(T.pre_b_why_a10);
    o.notes.push_back(Printf(T.pre_b_replicas_note, kPresetBInferenceReplicas));
  } else if (id == "C") {
    o.title = T.pre_c_title;
    o.setup = Printf(T.pre_c_setup, Grouped(p.cost.hours, 0).c_str(), Grouped(p.cost.hours / 24, 0).c_str());
    const CostReport r = run(cs);
    const Region* im = c.regions.Find("cn-inner-mongolia");
    PriceChoice buy;
    std::optional<double> capex;
    const ServiceForm* pf = pricing.Form(ServiceKind::kPurchase);
    if (im && pf) {
      if (auto price = QuoteIn(pricing, fx, "h800-sxm", ServiceKind::kPurchase, *im, "CNY", &buy); price && buy.record)
        capex = 64 * PurchaseCapexPerGpu(*price, pf->spares_fraction, pf->server_overhead_fraction, false);
    }
    PresetFigure hw{T.pre_c_buy_label, T.pre_c_buy_guide, "", 3e6, std::nullopt, capex};
    hw.engine = capex ? Printf(T.pre_c_buy_engine, Cny(*capex).c_str()) : std::string(T.pre_c_buy_none);
    o.figures.push_back(hw);

    const auto energy = [&](const char* region) -> std::optional<double> {
      const CostRow* row = FindRow(r, region, ServiceKind::kPurchase);
      if (!row || !std::isfinite(row->energy_cost.amount)) return std::nullopt;
      return row->energy_cost.amount;
    };
    const auto e_im = energy("cn-inner-mongolia"), e_gz = energy("cn-guizhou"), e_sh = energy("cn-yangtze-delta");
    PresetFigure el{T.pre_c_power_label, T.pre_c_power_guide, "", std::nullopt, std::nullopt, std::nullopt};
    if (e_im && e_sh) {
      el.engine_cny = *e_sh - *e_im;
      el.engine = e_gz ? Printf(T.pre_c_power_engine_guizhou, Cny(*e_im).c_str(), Cny(*e_gz).c_str(), Cny(*e_sh).c_str(),
                                Cny(*e_sh - *e_im).c_str())
                       : Printf(T.pre_c_power_engine, Cny(*e_im).c_str(), Cny(*e_sh).c_str(), Cny(*e_sh - *e_im).c_str());
    } else {
      el.engine = "-";
    }
    o.figures.push_back(el);
    const auto job_sh = Total(FindRow(r, "cn-yangtze-delta", ServiceKind::kPurchase));
    PresetFigure share{T.pre_c_share_label, T.pre_c_share_guide, "", std::nullopt, std::nullopt, std::nullopt};
    if (e_im && e_sh && job_sh && *job_sh > 0)
      share.engine = Printf(T.pre_c_share_engine, Grouped(100.0 * (*e_sh - *e_im) / *job_sh, 1).c_str(), Cny(*job_sh).c_str());
    else
      share.engine = "-";
    o.figures.push_back(share);

    const auto bare = Total(FindRow(r, "cn-inner-mongolia", ServiceKind::kBareMetal));
    PresetFigure bm{T.pre_c_bare_label, T.pre_c_bare_guide, "", std::nullopt, std::nullopt, bare};
    bm.engine = bare ? Cny(*bare) : std::string(T.pre_c_bare_none);
    o.figures.push_back(bm);

    std::optional<double> ascend;
    if (im && pf) {
      PriceChoice ac;
      if (auto price = QuoteIn(pricing, fx, "ascend-910b", ServiceKind::kPurchase, *im, "CNY", &ac); price && ac.record)
        ascend = 64 * PurchaseCapexPerGpu(*price, pf->spares_fraction, pf->server_overhead_fraction, false);
    }
    PresetFigure asc{T.pre_c_ascend_label, T.pre_c_ascend_guide, "", std::nullopt, std::nullopt, ascend};
    asc.engine = ascend ? Printf(T.pre_c_ascend_engine, Cny(*ascend).c_str()) : std::string(T.pre_c_ascend_none);
    o.figures.push_back(asc);

    o.why.push_back(T.pre_c_why_power);
    o.why.push_back(T.pre_c_why_west);
    o.why.push_back(T.pre_c_why_time);
  }
  return o;
}

// [SECTION] derived ---------------------------------------------------------------------------

namespace {

// The region of the cheapest mainland-China row that meets the constraints; -1 when none has a
// price.
int CheapestMainlandRegion(const CostReport& report, const RegionCatalog& regions) {
  int best = -1;
  double best_total = 0;
  for (const CostRow& row : report.rows) {
    const Region* r = regions.Find(row.region_id);
    const std::optional<double> t = Total(&row);
    if (!r || !r->in_china() || !row.meets_constraints || !t) continue;
    if (best < 0 || *t < best_total) best = static_cast<int>(r - regions.regions.data()), best_total = *t;
  }
  return best;
}

}  // namespace

void UpdateCostDerived(const AppState& state, const Catalogs& c, CostDerived& d, Language language) {
  if (d.computations > 0 && d.inputs == state.cost && d.language == language) return;
  const int computations = d.computations + 1;
  d = CostDerived{};
  d.computations = computations;
  d.inputs = state.cost;
  d.language = language;
  const CostState& s = state.cost;
  d.pricing = ApplyPriceOverrides(c.pricing, s.price_overrides);
  d.request = MakeCostRequest(s, language, c.regions);
  d.report = ComputeCost(d.request, c.gpus, c.regions, d.pricing);
  d.errors = d.report.errors;
  d.valid = d.errors.empty();
  if (!s.preset.empty()) {
    PresetOutcome o = ComputePresetOutcome(s.preset, c, s, language);
    if (!o.title.empty()) d.preset = std::move(o);
  }

  const FxTable fx = EffectiveFx(d.pricing, s.usd_cny);
  const std::string cur = fx.Knows(d.request.currency) ? d.request.currency : "CNY";
  const std::optional<double> pue_override = s.pue >= kMinPue && s.pue <= kMaxPue ? std::optional<double>(s.pue) : std::nullopt;
  const Cooling cooling = s.liquid_cooling ? Cooling::kLiquid : Cooling::kAir;

  // The card's market, form by form (cn first): the price display's summary lines.
  for (ServiceKind k : kAllServiceKinds)
    for (const char* market : {"cn", "global"}) {
      MarketLine line;
      line.service = k;
      line.market = market;
      // The market's statistic by the engine's one rule (price_market.hpp), as cost and recommend use it.
      const PriceChoice choice = ChooseMarketPrice(d.pricing, s.gpu, k, market, d.request.price_rule.statistic, language);
      if (!choice.amount_cny) {
        if (const PriceGap* g = d.pricing.GapFor(s.gpu, k, market)) line.gap = *g;
        if (line.gap) d.market.push_back(std::move(line));
        continue;
      }
      std::vector<const PriceRecord*> pool;
      for (const PriceRecord* p : d.pricing.PricesFor(s.gpu, k))
        if (p->market == market && (choice.stats.stale_only || !IsStaleQuote(*p, d.pricing.data_date))) pool.push_back(p);
      line.stats = choice.stats;
      line.summary = PriceSummary(d.pricing, choice, language);
      line.median = fx.Convert(*choice.amount_cny, "CNY", cur).value_or(0.0);
      line.min = fx.Convert(line.stats.min_cny, "CNY", cur).value_or(0.0);
      line.max = fx.Convert(line.stats.max_cny, "CNY", cur).value_or(0.0);
      const PriceRecord* newest = pool.front();
      for (const PriceRecord* p : pool)
        if (p->as_of > newest->as_of) newest = p;
      line.newest = *newest;
      line.newest_stale = IsStaleQuote(*newest, d.pricing.data_date);
      d.market.push_back(std::move(line));
    }

  // Every region on the map: its electricity price in the chosen currency.
  bool first = true;
  for (int i = 0; i < static_cast<int>(c.regions.regions.size()); ++i) {
    const Region& reg = c.regions.regions[i];
    RegionSeries rs;
    rs.region_index = i;
    rs.group = reg.group;
    rs.kwh_price = fx.Convert(reg.electricity_price_per_kwh, reg.electricity_currency, cur).value_or(0.0);
    rs.pue = RegionPue(reg, cooling, pue_override);
    if (!std::isfinite(rs.kwh_price)) rs.kwh_price = 0;
    d.kwh_price_min = first ? rs.kwh_price : std::min(d.kwh_price_min, rs.kwh_price);
    d.kwh_price_max = first ? rs.kwh_price : std::max(d.kwh_price_max, rs.kwh_price);
    first = false;
    d.map_regions.push_back(rs);
  }
  if (!d.valid) return;

  // The bars' service: the filter, else the cheapest row's form, else the per-hour container.
  d.bar_service = ParseServiceId(s.service).value_or(
      d.report.cheapest ? d.report.rows[*d.report.cheapest].service : ServiceKind::kContainer);
  for (RegionSeries& rs : d.map_regions) {
    const Region& reg = c.regions.regions[rs.region_index];
    bool in_report = false;
    for (const CostRow& row : d.report.rows) {
      if (row.region_id != reg.id) continue;
      in_report = true;
      rs.meets_constraints = row.meets_constraints;
      if (row.service == d.bar_service) {
        rs.energy_kwh = row.energy_kwh;
        rs.energy_cost = std::isfinite(row.energy_cost.amount) ? row.energy_cost.amount : 0;
        if (row.compute_cost && std::isfinite(row.compute_cost->amount)) rs.rental_cost = row.compute_cost->amount;
        rs.co2_kg = std::isfinite(row.co2_kg) ? row.co2_kg : 0;
        rs.pue = row.pue;
      }
      if (auto t = Total(&row); t && (!rs.cheapest_total || *t < *rs.cheapest_total))
        rs.cheapest_total = t, rs.cheapest_service = row.service;
    }
    if (in_report) d.regions.push_back(rs);
  }
  std::stable_sort(d.regions.begin(), d.regions.end(), [](const RegionSeries& a, const RegionSeries& b) {
    return RegionGroupOrder(a.group) < RegionGroupOrder(b.group);
  });
  d.hubs = BuildHubRows(d, c);

  // The break-even chart's region: the chosen one, else the cheapest row's (in Chinese the
  // cheapest mainland-China row's, priced by CN-market sellers), else the first.
  auto index_of = [&](const std::string& id) {
    for (const RegionSeries& rs : d.regions)
      if (c.regions.regions[rs.region_index].id == id) return rs.region_index;
    return -1;
  };
  d.focus_region = index_of(s.focus_region);
  // In Chinese the chart opens on a mainland hub: the headline's when it is one (the headline
  // names one of several tied hubs, engine/cost.cpp TieBreakOver), else the cheapest mainland row.
  if (d.focus_region < 0 && language == Language::kChinese) {
    const Region* pick = d.report.cheapest ? c.regions.Find(d.report.rows[*d.report.cheapest].region_id) : nullptr;
    d.focus_region = pick && pick->in_china() ? index_of(pick->id) : CheapestMainlandRegion(d.report, c.regions);
  }
  if (d.focus_region < 0 && d.report.cheapest) d.focus_region = index_of(d.report.rows[*d.report.cheapest].region_id);
  if (d.focus_region < 0 && !d.regions.empty()) d.focus_region = d.regions.front().region_index;
  if (d.focus_region < 0) return;

  const Region& focus = c.regions.regions[d.focus_region];
  const Gpu* gpu = c.gpus.Find(s.gpu);
  const double pue = RegionPue(focus, cooling, pue_override);
  const double kwh_price = fx.Convert(focus.electricity_price_per_kwh, focus.electricity_currency, cur).value_or(0.0);
  const double own_energy_per_gpu_hour = gpu ? EnergyKwh(1, gpu->tdp_w, s.utilization, 1.0, s.host_overhead, pue) * kwh_price : 0.0;
  for (ServiceKind k : kAllServiceKinds) {
    FormCurve fc;
    fc.service = k;
    PriceChoice choice;
    const std::optional<double> price = QuoteIn(d.pricing, fx, s.gpu, k, focus, cur, &choice, language);
    const ServiceForm* form = d.pricing.Form(k);
    if (!choice.notes.empty()) fc.price_note = choice.notes.front();
    if (price && form && choice.record) {
      fc.priced = true;
      MonthlyCostModel m;
      switch (k) {
        case ServiceKind::kContainer: m = ContainerMonthlyModel(*price, form->virtualization_overhead); break;
        case ServiceKind::kMonthlyServer:
        case ServiceKind::kBareMetal: m = RentedMonthlyModel(*price); break;
        case ServiceKind::kPurchase:
          m = PurchaseMonthlyModel(PurchaseCapexPerGpu(*price, form->spares_fraction, form->server_overhead_fraction, false),
                                   form->depreciation_years, own_energy_per_gpu_hour);
          break;
      }
      fc.model = {m.fixed_per_month * s.gpus, m.per_duty * s.gpus};
      for (int i = 0; i <= 20; ++i) fc.points.push_back({i / 20.0, fc.model.At(i / 20.0)});
    }
    d.curves.push_back(std::move(fc));
  }
  for (size_t i = 0; i < d.curves.size(); ++i)
    for (size_t j = i + 1; j < d.curves.size(); ++j) {
      if (!d.curves[i].priced || !d.curves[j].priced) continue;
      const auto be = BreakEvenDutyCycle(d.curves[i].model, d.curves[j].model);
      if (be && *be <= 1.0)
        d.marks.push_back({d.curves[i].service, d.curves[j].service, *be, d.curves[i].model.At(*be)});
    }
}

}  // namespace atlas
