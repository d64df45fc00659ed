#include "cost.hpp"

#include "engine/power_of_ten.hpp"

#include "format.hpp"
#include "text/engine_text.hpp"
#include "plural.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

namespace atlas {

namespace {

// Why `a` is named before `b` when their totals tie (CostReport::cheapest_tie_break), or kNone
// when it is not: sellers located in its own hub among its quotes (not the market's alone or the
// other market's), then nearer the users (when both latencies are known), then less CO2.
CostTieBreak TieBreakOver(const CostRow& a, const CostRow& b) {
  const auto scope_rank = [](const CostRow& r) {
    if (!r.price_choice) return 0;
    const QuoteScope s = r.price_choice->scope;
    return s == QuoteScope::kRegion || s == QuoteScope::kQuote ? 0 : s == QuoteScope::kMarket ? 1 : 2;
  };
  if (scope_rank(a) != scope_rank(b)) return scope_rank(a) < scope_rank(b) ? CostTieBreak::kOwnQuotes : CostTieBreak::kNone;
  if (a.latency_ms && b.latency_ms && std::fabs(*a.latency_ms - *b.latency_ms) >= 0.5)
    return *a.latency_ms < *b.latency_ms ? CostTieBreak::kNearer : CostTieBreak::kNone;
  if (std::fabs(a.co2_kg - b.co2_kg) >= 0.05) return a.co2_kg < b.co2_kg ? CostTieBreak::kLowerCo2 : CostTieBreak::kNone;
  return CostTieBreak::kNone;
}

std::string Percent(double fraction) { return NoteNumber(fraction * 100) + "%"; }

// Why a purchase price is not comparable with a market median of rents (cost.hpp rule).
std::string PurchaseWeakness(const PriceChoice& choice, const EngineText& T) {
  if (choice.stats.stale_only) return T.cost_purchase_stale_only;
  return Plurals(Printf(T.cost_purchase_one_seller, choice.stats.quotes));
}


}  // namespace

// ---- formulas ------------------------------------------------------------------------------

double EnergyKwh(int gpus, double board_power_w, double utilization, double hours,
                 double host_overhead, double pue) {
  // Issue 5 ("GPUs × board power × utilisation × hours, plus host overhead … × PUE"); PUE is
  // facility energy / IT energy (The Green Grid WP#49), so IT kWh × PUE is the energy billed.
  return gpus * (board_power_w / 1000.0) * utilization * hours * (1.0 + host_overhead) * pue;
}

double Co2Kg(double energy_kwh, double carbon_gco2_per_kwh) {
  // Location-based Scope 2 accounting (GHG Protocol Scope 2 Guidance): kWh × grid factor.
  return energy_kwh * carbon_gco2_per_kwh / 1000.0;
}

double RegionPue(const Region& region, Cooling cooling, std::optional<double> pue_override) {
  // Project assumption: a rented or owned GPU sits in a typical DC of its region.
  if (pue_override) return *pue_override;
  return cooling == Cooling::kLiquid ? region.pue_liquid : region.pue_air;
}

int BilledMonths(double calendar_hours, int min_commitment_months) {
  // Subscription (包年包月) billing: whole months, charged while the instance is stopped
  // (data/pricing.json service_forms monthly_server); 730 h/month = 8760 h / 12. The small
  // tolerance keeps 730.0000001 h (a rounding artefact) from becoming two months.
  const double months = std::ceil(calendar_hours / kHoursPerMonth - 1e-9);
  // Clamped before the cast (requests are limited to kMaxCalendarHours; a virtualisation
  // stretch or a caller that skipped CheckCostRequest must still not overflow int).
  const double bounded = std::clamp(std::isnan(months) ? 1.0 : months, 1.0, 1e6);
  return std::max(min_commitment_months, static_cast<int>(bounded));
}

double RuntimeHours(double hours, double virtualization_overhead) {
  // Project assumption: a hypervisor that loses fraction v of throughput stretches the job by
  // 1 / (1 − v) (data/pricing.json virtualization_overhead).
  return hours / (1.0 - virtualization_overhead);
}

double PurchaseCapexPerGpu(double price_per_gpu, double spares_fraction,
                           double server_overhead_fraction, bool price_includes_server) {
  // data/pricing.json service_forms purchase: spares_fraction (project assumption) and
  // server_overhead_fraction (non-GPU server cost / GPU cost, from 8-GPU server quotes).
  const double server = price_includes_server ? 0.0 : server_overhead_fraction;
  return price_per_gpu * (1.0 + spares_fraction) * (1.0 + server);
}

MonthlyCostModel ContainerMonthlyModel(double price_per_gpu_hour, double virtualization_overhead) {
  // Billed only while running: duty × 730 h × price, stretched by the virtualisation loss.
  return {0.0, price_per_gpu_hour * kHoursPerMonth / (1.0 - virtualization_overhead)};
}

MonthlyCostModel RentedMonthlyModel(double price_per_gpu_month) {
  // Billed while stopped: the monthly price whatever the duty cycle.
  return {price_per_gpu_month, 0.0};
}

MonthlyCostModel PurchaseMonthlyModel(double capex_per_gpu, double depreciation_years,
                                      double energy_cost_per_gpu_hour) {
  // Straight-line depreciation over depreciation_years (project assumption: no resale value,
  // idle power ignored) plus own power only while running.
  return {capex_per_gpu / (12.0 * depreciation_years), energy_cost_per_gpu_hour * kHoursPerMonth};
}

std::optional<double> BreakEvenDutyCycle(const MonthlyCostModel& a, const MonthlyCostModel& b) {
  // a.fixed + a.per_duty·d = b.fixed + b.per_duty·d  =>  d = (b.fixed − a.fixed) / (a.per − b.per).
  const double slope = a.per_duty - b.per_duty;
  if (std::fabs(slope) < 1e-12) return std::nullopt;
  const double d = (b.fixed_per_month - a.fixed_per_month) / slope;
  if (!(d > 0) || !std::isfinite(d)) return std::nullopt;
  return d;
}

// ---- buying for one job (the rule is written out in cost.hpp) --------------------------------

const char* PurchaseBasisId(PurchaseBasis b) { return b == PurchaseBasis::kAmortised ? "amortised" : "job_outlay"; }

double PurchaseOutlayPerGpu(double capex_per_gpu, double runtime_hours, double life_years) {
  // The cards are bought for the job; a job longer than their life buys them again (linearly).
  return capex_per_gpu * std::max(1.0, runtime_hours / (life_years * kHoursPerYear));
}

double PurchaseAmortisedPerGpu(double capex_per_gpu, double runtime_hours, double use_years) {
  // Straight-line depreciation over the stated further-use horizon (no resale value).
  return capex_per_gpu * runtime_hours / (use_years * kHoursPerYear);
}

std::optional<double> PurchaseBreakEvenHours(double capex_per_gpu, double rent_per_gpu_hour,
                                             double rent_virtualization_overhead,
                                             double energy_cost_per_gpu_hour, double life_years) {
  // r·H/(1−v) = capex + e·H  =>  H* = capex / (r/(1−v) − e); valid within one card-life.
  const double margin = rent_per_gpu_hour / (1.0 - rent_virtualization_overhead) - energy_cost_per_gpu_hour;
  if (!(margin > 0)) return std::nullopt;
  const double h = capex_per_gpu / margin;
  if (!std::isfinite(h) || h > life_years * kHoursPerYear) return std::nullopt;
  return h;
}

// ---- a whole request -------------------------------------------------------------------------

std::vector<std::string> CheckCostRequest(const CostRequest& q, const GpuCatalog& gpus,
                                          const RegionCatalog& regions,
                                          const PricingCatalog& pricing) {
  const EngineText& T = EngineTextFor(q.language);
  std::vector<std::string> e;
  if (!gpus.Find(q.gpu_id)) e.push_back(Printf(T.cost_err_gpu, q.gpu_id.c_str()));
  if (q.gpus < 1 || q.gpus > kMaxGpus) e.push_back(Printf(T.cost_err_gpus, q.gpus, kMaxGpus));
  if (!(q.hours > 0) || q.hours > kMaxJobHours)
    e.push_back(Printf(T.cost_err_hours, NoteNumber(q.hours).c_str(), NoteNumber(kMaxJobHours).c_str()));
  if (!(q.utilization > 0) || q.utilization > 1) e.push_back(Printf(T.cost_err_utilization, NoteNumber(q.utilization).c_str()));
  if (!(q.duty_cycle > 0) || q.duty_cycle > 1) e.push_back(Printf(T.cost_err_duty_cycle, NoteNumber(q.duty_cycle).c_str()));
  else if (q.hours > 0 && q.hours / q.duty_cycle > kMaxCalendarHours)
    e.push_back(Printf(T.cost_err_span, Shortest(q.duty_cycle).c_str(), NoteNumber(q.hours).c_str(),
                       NoteNumber(q.hours / q.duty_cycle).c_str(), NoteNumber(kMaxCalendarHours).c_str()));
  std::set<std::string> seen;
  for (const std::string& id : q.region_ids) {
    if (!regions.Find(id)) e.push_back(Printf(T.cost_err_region_unknown, id.c_str()));
    if (!seen.insert(id).second) e.push_back(Printf(T.cost_err_region_twice, id.c_str()));
  }
  if (q.pue && (!(*q.pue >= kMinPue) || *q.pue > kMaxPue)) e.push_back(Printf(T.cost_err_pue, NoteNumber(*q.pue).c_str()));
  if (!(q.host_overhead >= 0) || q.host_overhead > kMaxHostOverhead)
    e.push_back(Printf(T.cost_err_host_overhead, NoteNumber(q.host_overhead).c_str()));
  if (!pricing.fx.Knows(q.currency)) e.push_back(Printf(T.cost_err_currency, q.currency.c_str()));
  if (q.usd_cny && (!(*q.usd_cny >= kMinUsdCny) || *q.usd_cny > kMaxUsdCny))
    e.push_back(Printf(T.cost_err_usd_cny, NoteNumber(*q.usd_cny).c_str()));
  if (q.purchase_use_years && (!(*q.purchase_use_years > 0) || *q.purchase_use_years > kMaxPurchaseUseYears))
    e.push_back(Printf(T.cost_err_purchase_use_years, NoteNumber(*q.purchase_use_years).c_str(), NoteNumber(kMaxPurchaseUseYears).c_str()));
  if (q.max_latency_ms && !(*q.max_latency_ms > 0)) e.push_back(T.cost_err_latency_positive);
  if (q.max_latency_ms && q.user_centre.empty()) e.push_back(T.cost_err_latency_centre);
  if (!q.user_centre.empty()) {
    auto centres = regions.UserCentres();
    if (std::find(centres.begin(), centres.end(), q.user_centre) == centres.end()) {
      std::string known;
      for (const auto& c : centres) known += (known.empty() ? "" : T.cost_list_sep) + c;
      e.push_back(Printf(T.cost_err_user_centre, q.user_centre.c_str(), known.c_str()));
    }
  }
  return e;
}

namespace {

struct RegionPrices {  // the three quotes a region's break-evens need, in the chosen currency
  std::optional<double> container_per_hour, monthly_per_month, purchase_capex;
  std::vector<std::string> notes;
};

}  // namespace

CostReport ComputeCost(const CostRequest& q, const GpuCatalog& gpus, const RegionCatalog& regions,
                       const PricingCatalog& pricing_in) {
  const EngineText& T = EngineTextFor(q.language);
  CostReport report;
  report.errors = CheckCostRequest(q, gpus, regions, pricing_in);
  if (!report.errors.empty()) return report;
  PricingCatalog pricing = pricing_in;
  if (q.usd_cny) pricing.fx = pricing.fx.WithUsdCny(*q.usd_cny);
  const FxTable& fx = pricing.fx;
  const Gpu& gpu = *gpus.Find(q.gpu_id);
  const std::string& cur = q.currency;
  auto to_cur = [&](double amount, const std::string& from) {
    return fx.Convert(amount, from, cur);
  };

  std::vector<const Region*> chosen;
  if (q.region_ids.empty())
    for (const Region& r : regions.regions) chosen.push_back(&r);
  else
    for (const std::string& id : q.region_ids) chosen.push_back(regions.Find(id));
  std::vector<ServiceKind> services = q.services;
  if (services.empty()) services.assign(std::begin(kAllServiceKinds), std::end(kAllServiceKinds));

  const bool power_published = !gpu.IsUnpublished("tdp_w");
  report.notes.push_back(!power_published ? Printf(T.cost_note_power_unpublished, gpu.DisplayName(q.language == Language::kChinese).c_str())
                         : Printf(q.host_overhead == kDefaultHostOverhead ? T.cost_note_power_default : T.cost_note_power,
                                  NoteNumber(gpu.tdp_w).c_str(), NoteNumber(q.utilization).c_str(), NoteNumber(q.host_overhead).c_str()));
  auto usd = fx.cny_per_unit.find("USD");
  const std::string rate = usd == fx.cny_per_unit.end() ? std::string(T.cost_unknown) : std::to_string(usd->second).substr(0, 6);
  report.notes.push_back(q.usd_cny ? Printf(T.cost_note_fx_request, rate.c_str())
                                   : Printf(T.cost_note_fx_catalog, rate.c_str(), fx.as_of.c_str()));

  const ServiceForm* container_form = pricing.Form(ServiceKind::kContainer);
  const ServiceForm* purchase_form = pricing.Form(ServiceKind::kPurchase);
  report.purchase_basis = q.purchase_use_years ? PurchaseBasis::kAmortised : PurchaseBasis::kJobOutlay;

  for (const Region* region : chosen) {
    const double pue = RegionPue(*region, q.cooling, q.pue);
    const double price_local = region->electricity_price_per_kwh;
    const std::string& local_cur = region->electricity_currency;
    const double kwh_price_cur = to_cur(price_local, local_cur).value_or(0.0);

    // Constraints.
    bool meets = true;
    std::vector<std::string> constraint_notes;
    std::optional<double> latency;
    if (!q.user_centre.empty()) {
      auto it = region->latency_ms.find(q.user_centre);
      if (it != region->latency_ms.end()) latency = it->second;
    }
    if (q.domestic_only && !region->in_china()) {
      meets = false;
      constraint_notes.push_back(T.cost_constraint_outside_china);
    }
    if (q.max_latency_ms) {
      if (!latency) {
        meets = false;
        constraint_notes.push_back(Printf(T.cost_constraint_no_latency, q.user_centre.c_str()));
      } else if (*latency > *q.max_latency_ms) {
        meets = false;
        constraint_notes.push_back(Printf(T.cost_constraint_latency, q.user_centre.c_str(), NoteNumber(*latency).c_str(),
                                          NoteNumber(*q.max_latency_ms).c_str()));
      }
    }

    // Own energy cost of one GPU-hour of this job (purchase, break-even).
    const double own_energy_per_gpu_hour =
        EnergyKwh(1, gpu.tdp_w, q.utilization, 1.0, q.host_overhead, pue) * kwh_price_cur;

    for (ServiceKind s : services) {
      CostRow row;
      row.region_id = region->id;
      row.service = s;
      row.pue = pue;
      row.latency_ms = latency;
      row.meets_constraints = meets;
      const ServiceForm* form = pricing.Form(s);
      const double v = form ? form->virtualization_overhead : 0.0;
      row.runtime_hours = RuntimeHours(q.hours, v);
      row.energy_kwh = EnergyKwh(q.gpus, gpu.tdp_w, q.utilization, row.runtime_hours,
                                 q.host_overhead, pue);
      row.energy_cost_local = {row.energy_kwh * price_local, local_cur};
      row.energy_cost = {row.energy_kwh * kwh_price_cur, cur};
      row.co2_kg = Co2Kg(row.energy_kwh, region->carbon_gco2_per_kwh);
      row.energy_in_total = s == ServiceKind::kPurchase;
      row.energy_published = power_published;
      row.notes.push_back(Printf(T.cost_row_electricity, NoteNumber(price_local).c_str(), local_cur.c_str(), region->electricity_year,
                                 region->IsEstimate("electricity_price") ? T.cost_estimate_tag : "", NoteNumber(pue).c_str(),
                                 q.pue ? T.cost_pue_request : q.cooling == Cooling::kLiquid ? T.cost_pue_liquid : T.cost_pue_air,
                                 NoteNumber(region->carbon_gco2_per_kwh).c_str()));
      if (v > 0)
        row.notes.push_back(Printf(T.cost_row_virtualisation, Percent(1 / (1 - v) - 1).c_str(), Percent(v).c_str()));
      for (const auto& n : constraint_notes) row.notes.push_back(Printf(T.cost_fails_constraint, n.c_str()));

      PriceChoice choice = ChoosePrice(pricing, q.gpu_id, s, *region, q.price_rule, q.language);
      row.notes.insert(row.notes.end(), choice.notes.begin(), choice.notes.end());
      // The market's figure (median of current quotes by default), in CNY, to the request currency.
      std::optional<double> price = choice.amount_cny ? to_cur(*choice.amount_cny, "CNY") : std::nullopt;
      if (choice.record && !price) row.notes.push_back(T.cost_row_no_fx);
      if (price && form) {
        row.price = choice.record;
        row.price_choice = choice;
        row.price_summary = PriceSummary(pricing, choice, q.language);
        row.price_used = Money{*price, cur};
        double compute = 0;
        MonthlyCostModel model;
        switch (s) {
          case ServiceKind::kContainer:
            // Billed only while running: gpus × price/h × runtime.
            compute = q.gpus * *price * row.runtime_hours;
            model = ContainerMonthlyModel(*price, v);
            row.notes.push_back(Printf(T.cost_row_billed_container, NoteNumber(row.runtime_hours).c_str()));
            break;
          case ServiceKind::kMonthlyServer:
          case ServiceKind::kBareMetal: {
            // Whole months over the calendar span (runtime / duty cycle), at least the commitment.
            const double calendar_h = row.runtime_hours / q.duty_cycle;
            row.billed_months = BilledMonths(calendar_h, form->min_commitment_months);
            row.billed_by_minimum = *row.billed_months > BilledMonths(calendar_h, 0);
            compute = q.gpus * *price * *row.billed_months;
            model = RentedMonthlyModel(*price);
            row.notes.push_back(Plurals(Printf(T.cost_row_billed_monthly, *row.billed_months, NoteNumber(calendar_h).c_str(),
                                       NoteNumber(q.duty_cycle).c_str(), form->min_commitment_months)));
            break;
          }
          case ServiceKind::kPurchase: {
            // The price is card-equivalent (price_market.hpp ComparableCny): server share added here.
            const double capex = PurchaseCapexPerGpu(*price, form->spares_fraction,
                                                     form->server_overhead_fraction, false);
            // The job's capex on the request's basis (cost.hpp, "buying for one job").
            const double life = form->depreciation_years;
            if (q.purchase_use_years) {
              compute = q.gpus * PurchaseAmortisedPerGpu(capex, row.runtime_hours, *q.purchase_use_years);
            } else {
              compute = q.gpus * PurchaseOutlayPerGpu(capex, row.runtime_hours, life);
            }
            model = PurchaseMonthlyModel(capex, life, own_energy_per_gpu_hour);
            row.notes.push_back(Printf(T.cost_row_capex_plus_server, NoteNumber(capex).c_str(), cur.c_str(),
                                         Percent(form->spares_fraction).c_str(),
                                         Percent(form->server_overhead_fraction).c_str(), NoteNumber(life).c_str()));
            row.notes.push_back(q.purchase_use_years
                                    ? Printf(T.cost_row_basis_amortised, NoteNumber(row.runtime_hours).c_str(),
                                             NoteNumber(*q.purchase_use_years).c_str())
                                    : Printf(T.cost_row_basis_outlay,
                                             NoteNumber(std::max(1.0, row.runtime_hours / (life * kHoursPerYear))).c_str(),
                                             NoteNumber(life).c_str()));
            // Comparable with a market median of rents: current quotes from enough sellers, or
            // the user's own choice of quote.
            const MarketStats& st = choice.stats;
            row.price_comparable = choice.statistic == PriceStatistic::kQuote ||
                                   (st.sellers >= kMinPurchaseSellers && !st.stale_only);
            if (!row.price_comparable)
              row.notes.push_back(Printf(T.cost_row_purchase_not_comparable, PurchaseWeakness(choice, T).c_str()));
            row.notes.push_back(T.cost_row_own_power);
            break;
          }
        }
        row.compute_cost = Money{compute, cur};
        row.total_cost = Money{compute + (row.energy_in_total ? row.energy_cost.amount : 0.0), cur};
        // A year at the duty cycle: 12 × (fixed + per_duty × duty) per GPU.
        row.annual_cost = Money{q.gpus * 12.0 * model.At(q.duty_cycle), cur};
      }
      report.rows.push_back(std::move(row));
    }

    // Break-evens for this region (independent of the services requested).
    RegionBreakEven be;
    be.region_id = region->id;
    auto price_of = [&](ServiceKind s) -> std::optional<double> {
      PriceChoice c = ChoosePrice(pricing, q.gpu_id, s, *region, q.price_rule, q.language);
      if (!c.amount_cny) return std::nullopt;
      return to_cur(*c.amount_cny, "CNY");
    };
    const auto container_price = price_of(ServiceKind::kContainer);
    const auto monthly_price = price_of(ServiceKind::kMonthlyServer);
    const auto purchase_price = price_of(ServiceKind::kPurchase);
    const double vc = container_form ? container_form->virtualization_overhead : 0.0;
    auto describe = [&T](BreakEven& b, const char* cheap_below, const char* cheap_above) {
      if (!b.duty_cycle) {
        b.notes.push_back(Printf(T.cost_be_never, cheap_below));
        return;
      }
      b.reachable = *b.duty_cycle <= 1.0;
      b.notes.push_back(Printf(T.cost_be_at, Percent(*b.duty_cycle).c_str(), NoteNumber(*b.duty_cycle * kHoursPerMonth).c_str(),
                               cheap_below, cheap_above));
      if (!b.reachable) b.notes.push_back(Printf(T.cost_be_unreachable, cheap_below));
    };
    if (container_price && monthly_price) {
      be.container_vs_monthly_server.duty_cycle =
          BreakEvenDutyCycle(ContainerMonthlyModel(*container_price, vc), RentedMonthlyModel(*monthly_price));
      describe(be.container_vs_monthly_server, T.cost_be_container, T.cost_be_monthly_server);
    } else {
      be.container_vs_monthly_server.notes.push_back(
          Printf(T.cost_be_no_price, container_price ? T.word_service_monthly_server : T.word_service_container, q.gpu_id.c_str()));
    }
    if (container_price && purchase_price && purchase_form) {
      const double capex = PurchaseCapexPerGpu(*purchase_price, purchase_form->spares_fraction,
                                               purchase_form->server_overhead_fraction, false);
      be.container_vs_purchase.duty_cycle = BreakEvenDutyCycle(
          ContainerMonthlyModel(*container_price, vc),
          PurchaseMonthlyModel(capex, purchase_form->depreciation_years, own_energy_per_gpu_hour));
      describe(be.container_vs_purchase, T.cost_be_renting, T.cost_be_buying);
      be.container_vs_purchase.notes.push_back(Printf(T.cost_be_buying_note, NoteNumber(purchase_form->depreciation_years).c_str()));
      be.purchase_break_even_hours = PurchaseBreakEvenHours(capex, *container_price, vc, own_energy_per_gpu_hour,
                                                            purchase_form->depreciation_years);
      be.purchase_break_even_notes.push_back(
          be.purchase_break_even_hours
              ? Printf(T.cost_be_purchase_hours, NoteNumber(*be.purchase_break_even_hours).c_str())
              : Printf(T.cost_be_purchase_hours_never, NoteNumber(purchase_form->depreciation_years).c_str()));
    } else {
      be.container_vs_purchase.notes.push_back(
          Printf(T.cost_be_no_price, container_price ? T.word_service_purchase : T.word_service_container, q.gpu_id.c_str()));
    }
    report.break_even.push_back(std::move(be));
  }

  // The cheapest row: among rows priced by their own region's market first (a hub's row priced
  // from the other market's sellers is a card not sold there, as recommend ranks it), the other
  // market's only when no row has a local price; the note says so. A purchase row whose price is
  // not comparable with a market median (cost.hpp) is never picked.
  // The best rows are kept as index, total and a found flag, not as optionals read back through
  // a lambda: GCC 12's -Wmaybe-uninitialized (Release build) could not tell that an engaged
  // optional's value had been written.
  // Rows whose totals are equal to 3 significant figures tie (CostRankKey: rent is quoted per
  // card-hour wherever the card runs, power included, so hubs priced by one market's median often
  // do, and a hub whose own seller joins the pool costs ~0.04 % more); among them the headline
  // names the one with sellers in the hub, then the one nearer the users, then the one with the
  // lower grid CO2, and says which of these decided; with none deciding, the lower total.
  struct Pick {
    const std::vector<CostRow>* rows = nullptr;
    size_t index = 0;
    double total = 0;
    bool found = false;
    void Offer(size_t i, double t) {
      const double key = CostRankKey(t), held = CostRankKey(total);
      const CostRow &row = (*rows)[i], &best = (*rows)[index];
      if (!found || key < held ||
          (key == held && (TieBreakOver(row, best) != CostTieBreak::kNone ||
                           (TieBreakOver(best, row) == CostTieBreak::kNone && t < total))))
        index = i, total = t, found = true;
    }
  };
  Pick pick{&report.rows}, not_comparable{&report.rows};  // the headline's row; the cheapest purchase left out of it
  bool picked_local = false;   // the pick came from the rows priced by their own market
  const auto eligible = [&report](size_t i, bool local_only) {
    const CostRow& r = report.rows[i];
    return r.total_cost && r.meets_constraints &&
           !(local_only && r.price_choice && r.price_choice->scope == QuoteScope::kOtherMarket);
  };
  for (const bool local_only : {true, false}) {
    for (size_t i = 0; i < report.rows.size(); ++i) {
      if (!eligible(i, local_only)) continue;
      const CostRow& r = report.rows[i];
      (r.price_comparable ? pick : not_comparable).Offer(i, r.total_cost->amount);
    }
    if (pick.found) {
      picked_local = local_only;
      break;
    }
    not_comparable = Pick{&report.rows};
  }
  if (pick.found) report.cheapest = pick.index;
  for (size_t i = 0; pick.found && i < report.rows.size(); ++i)
    if (i != pick.index && eligible(i, picked_local) && report.rows[i].price_comparable &&
        CostRankKey(report.rows[i].total_cost->amount) == CostRankKey(pick.total)) {
      ++report.cheapest_ties;
      report.cheapest_tie_break = std::max(report.cheapest_tie_break, TieBreakOver(report.rows[pick.index], report.rows[i]));
    }
  const CostRow* cheapest = pick.found ? &report.rows[pick.index] : nullptr;
  if (cheapest && cheapest->price_choice && cheapest->price_choice->scope == QuoteScope::kOtherMarket)
    report.notes.push_back(T.cost_note_cheapest_other_market);
  // Said only when the left-out purchase would have been the pick.
  if (not_comparable.found && (!pick.found || not_comparable.total < pick.total)) {
    const CostRow& r = report.rows[not_comparable.index];
    report.notes.push_back(Printf(T.cost_note_purchase_not_comparable, r.region_id.c_str(),
                                  PurchaseWeakness(*r.price_choice, T).c_str(), kMinPurchaseSellers));
  }
  if (!cheapest) report.notes.push_back(T.cost_note_no_cheapest);
  else if (cheapest->service == ServiceKind::kPurchase)
    report.notes.push_back(Printf(T.cost_note_cheapest_purchase,
                                  q.purchase_use_years ? Printf(T.cost_basis_amortised, NoteNumber(*q.purchase_use_years).c_str()).c_str()
                                                       : T.cost_basis_job_outlay));
  return report;
}

const char* CostTieBreakId(CostTieBreak b) {
  switch (b) {
    case CostTieBreak::kOwnQuotes: return "own_quotes";
    case CostTieBreak::kNearer: return "nearer";
    case CostTieBreak::kLowerCo2: return "lower_co2";
    case CostTieBreak::kNone: break;
  }
  return "none";
}

double CostRankKey(double cost) {
  if (!(cost > 0) || !std::isfinite(cost)) return cost;
  const double scale = PowerOfTen(2 - static_cast<int>(std::floor(std::log10(cost))));
  return std::round(cost * scale) / scale;
}

}  // namespace atlas
