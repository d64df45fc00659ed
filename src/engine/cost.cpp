#include "cost.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

namespace atlas {

namespace {

// Short human figures for notes: 0.63, 6.88, 1350, 337500.
std::string Num(double v) {
  char buf[64];
  if (std::fabs(v) >= 1000)
    std::snprintf(buf, sizeof buf, "%.0f", v);
  else
    std::snprintf(buf, sizeof buf, "%.4g", v);
  return buf;
}

std::string Percent(double fraction) { return Num(fraction * 100) + "%"; }

const char* PriceUnit(ServiceKind s) {
  switch (s) {
    case ServiceKind::kContainer: return "GPU-hour";
    case ServiceKind::kPurchase: return "card";
    default: return "GPU-month";
  }
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
  return std::max(min_commitment_months, static_cast<int>(std::max(months, 1.0)));
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

// ---- price lookup --------------------------------------------------------------------------

PriceChoice ChoosePrice(const PricingCatalog& pricing, const std::string& gpu_id,
                        ServiceKind service, const Region& region) {
  PriceChoice out;
  std::vector<const PriceRecord*> all = pricing.PricesFor(gpu_id, service);
  if (all.empty()) {
    out.notes.push_back(std::string("no price for ") + gpu_id + " as " + ServiceId(service) +
                        " in pricing.json: compute and total cost left empty");
    return out;
  }
  const std::string wanted = region.in_china() ? "cn" : "global";
  std::vector<const PriceRecord*> quotes;
  for (const PriceRecord* p : all)
    if (p->market == wanted) quotes.push_back(p);
  if (quotes.empty()) {
    quotes = all;
    out.notes.push_back("no " + wanted + "-market quote for " + gpu_id + " " +
                        ServiceId(service) + "; using the " + all.front()->market +
                        " market's price instead");
  }
  // Rank by comparable CNY value; for purchase the all-in capex (a server-inclusive quote is
  // not cheaper than a bare card just because it looks bigger).
  const ServiceForm* purchase = pricing.Form(ServiceKind::kPurchase);
  auto value = [&](const PriceRecord* p) {
    double v = pricing.fx.Convert(p->Amount(), p->currency, "CNY").value_or(p->Amount());
    if (service == ServiceKind::kPurchase && purchase)
      v = PurchaseCapexPerGpu(v, purchase->spares_fraction, purchase->server_overhead_fraction,
                              p->includes_server);
    return v;
  };
  std::stable_sort(quotes.begin(), quotes.end(),
                   [&](const PriceRecord* a, const PriceRecord* b) { return value(a) < value(b); });
  const PriceRecord* pick = quotes[(quotes.size() - 1) / 2];  // lower median: a real quote
  out.record = *pick;
  out.quotes_considered = static_cast<int>(quotes.size());
  std::string note = std::string("price: ") + pick->provider + " (" + pick->market + ") " +
                     Num(pick->Amount()) + " " + pick->currency + "/" + PriceUnit(service) +
                     ", as of " + pick->as_of + (pick->estimate ? ", estimate" : "");
  if (quotes.size() > 1)
    note += "; lower median of " + std::to_string(quotes.size()) + " quotes (" +
            Num(quotes.front()->Amount()) + " " + quotes.front()->currency + " to " +
            Num(quotes.back()->Amount()) + " " + quotes.back()->currency + ")";
  out.notes.push_back(note);
  return out;
}

// ---- a whole request -------------------------------------------------------------------------

std::vector<std::string> CheckCostRequest(const CostRequest& q, const GpuCatalog& gpus,
                                          const RegionCatalog& regions,
                                          const PricingCatalog& pricing) {
  std::vector<std::string> e;
  auto fail = [&](const std::string& field, const std::string& msg) {
    e.push_back("field \"" + field + "\" " + msg);
  };
  if (!gpus.Find(q.gpu_id)) fail("gpu", "names \"" + q.gpu_id + "\", which is not in gpus.json");
  if (q.gpus < 1 || q.gpus > kMaxGpus)
    fail("gpus", "is " + std::to_string(q.gpus) + ", must be in [1, " + std::to_string(kMaxGpus) + "]");
  if (!(q.hours > 0) || q.hours > kMaxJobHours)
    fail("hours", "is " + Num(q.hours) + ", must be > 0 and <= " + Num(kMaxJobHours));
  if (!(q.utilization > 0) || q.utilization > 1)
    fail("utilization", "is " + Num(q.utilization) + ", must be > 0 and <= 1");
  if (!(q.duty_cycle > 0) || q.duty_cycle > 1)
    fail("duty_cycle", "is " + Num(q.duty_cycle) + ", must be > 0 and <= 1");
  std::set<std::string> seen;
  for (const std::string& id : q.region_ids) {
    if (!regions.Find(id)) fail("regions", "names \"" + id + "\", which is not in regions.json");
    if (!seen.insert(id).second) fail("regions", "lists \"" + id + "\" twice");
  }
  if (q.pue && (!(*q.pue >= kMinPue) || *q.pue > kMaxPue))
    fail("pue", "is " + Num(*q.pue) + ", must be in [1, 3]");
  if (!(q.host_overhead >= 0) || q.host_overhead > kMaxHostOverhead)
    fail("host_overhead", "is " + Num(q.host_overhead) + ", must be in [0, 3]");
  if (!pricing.fx.Knows(q.currency)) fail("currency", "\"" + q.currency + "\" has no exchange rate");
  if (q.usd_cny && (!(*q.usd_cny >= kMinUsdCny) || *q.usd_cny > kMaxUsdCny))
    fail("usd_cny", "is " + Num(*q.usd_cny) + ", must be in [1, 20]");
  if (q.max_latency_ms && !(*q.max_latency_ms > 0))
    fail("max_latency_ms", "must be > 0");
  if (q.max_latency_ms && q.user_centre.empty())
    fail("max_latency_ms", "needs user_centre (the city the latency is measured to)");
  if (!q.user_centre.empty()) {
    auto centres = regions.UserCentres();
    if (std::find(centres.begin(), centres.end(), q.user_centre) == centres.end()) {
      std::string known;
      for (const auto& c : centres) known += (known.empty() ? "" : ", ") + c;
      fail("user_centre", "names \"" + q.user_centre + "\", not a user centre of regions.json (" +
                              known + ")");
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

  report.notes.push_back("board power " + Num(gpu.tdp_w) + " W (gpus.json tdp_w) × utilization " +
                         Num(q.utilization) + " × (1 + host overhead " + Num(q.host_overhead) +
                         (q.host_overhead == kDefaultHostOverhead ? ", project default" : "") +
                         ") × PUE");
  auto usd = fx.cny_per_unit.find("USD");
  report.notes.push_back("USD/CNY " + (usd == fx.cny_per_unit.end() ? std::string("unknown") : std::to_string(usd->second).substr(0, 6)) +
                         (q.usd_cny ? " (the request's rate)" : " (pricing.json fx, as of " + fx.as_of + ")"));

  const ServiceForm* container_form = pricing.Form(ServiceKind::kContainer);
  const ServiceForm* purchase_form = pricing.Form(ServiceKind::kPurchase);

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
      constraint_notes.push_back("outside mainland China (domestic_only)");
    }
    if (q.max_latency_ms) {
      if (!latency) {
        meets = false;
        constraint_notes.push_back("no latency figure to " + q.user_centre);
      } else if (*latency > *q.max_latency_ms) {
        meets = false;
        constraint_notes.push_back("latency to " + q.user_centre + " " + Num(*latency) +
                                   " ms (estimate) > limit " + Num(*q.max_latency_ms) + " ms");
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
      row.notes.push_back("electricity " + Num(price_local) + " " + local_cur + "/kWh (" +
                          std::to_string(region->electricity_year) +
                          (region->IsEstimate("electricity_price") ? ", estimate" : "") +
                          "), PUE " + Num(pue) + (q.pue ? " (request)" : q.cooling == Cooling::kLiquid ? " (liquid)" : " (air)") +
                          ", grid " + Num(region->carbon_gco2_per_kwh) + " gCO2/kWh");
      if (v > 0)
        row.notes.push_back("runtime +" + Percent(1 / (1 - v) - 1) + " for " + Percent(v) +
                            " virtualisation loss (project assumption)");
      for (const auto& n : constraint_notes) row.notes.push_back("fails constraint: " + n);

      PriceChoice choice = ChoosePrice(pricing, q.gpu_id, s, *region);
      row.notes.insert(row.notes.end(), choice.notes.begin(), choice.notes.end());
      std::optional<double> price =
          choice.record ? to_cur(choice.record->Amount(), choice.record->currency) : std::nullopt;
      if (choice.record && !price) row.notes.push_back("price currency has no exchange rate");
      if (price && form) {
        row.price = choice.record;
        double compute = 0;
        MonthlyCostModel model;
        switch (s) {
          case ServiceKind::kContainer:
            // Billed only while running: gpus × price/h × runtime.
            compute = q.gpus * *price * row.runtime_hours;
            model = ContainerMonthlyModel(*price, v);
            row.notes.push_back("billed " + Num(row.runtime_hours) + " running hours; rental price includes power, energy shown for CO2 only");
            break;
          case ServiceKind::kMonthlyServer:
          case ServiceKind::kBareMetal: {
            // Whole months over the calendar span (runtime / duty cycle), at least the commitment.
            const double calendar_h = row.runtime_hours / q.duty_cycle;
            row.billed_months = BilledMonths(calendar_h, form->min_commitment_months);
            compute = q.gpus * *price * *row.billed_months;
            model = RentedMonthlyModel(*price);
            row.notes.push_back("billed " + std::to_string(*row.billed_months) +
                                " whole month(s) for a calendar span of " + Num(calendar_h) +
                                " h (duty cycle " + Num(q.duty_cycle) + "), minimum " +
                                std::to_string(form->min_commitment_months) +
                                "; billed while stopped; price includes power");
            break;
          }
          case ServiceKind::kPurchase: {
            const double capex = PurchaseCapexPerGpu(*price, form->spares_fraction,
                                                     form->server_overhead_fraction,
                                                     choice.record->includes_server);
            // Straight-line depreciation, the job's share = runtime / (years × 8760 h).
            compute = q.gpus * capex * row.runtime_hours / (form->depreciation_years * kHoursPerYear);
            model = PurchaseMonthlyModel(capex, form->depreciation_years, own_energy_per_gpu_hour);
            row.notes.push_back(
                "capex " + Num(capex) + " " + cur + "/GPU = price × (1 + " +
                Percent(form->spares_fraction) + " spares)" +
                (choice.record->includes_server ? " (quote includes the server)"
                                                : " × (1 + " + Percent(form->server_overhead_fraction) + " server)") +
                ", depreciated over " + Num(form->depreciation_years) +
                " years; job share assumes the hardware stays busy otherwise (annual_cost covers idle time)");
            row.notes.push_back("own power paid at the region's price × PUE and added; rack space and staff not included");
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
      PriceChoice c = ChoosePrice(pricing, q.gpu_id, s, *region);
      if (!c.record) return std::nullopt;
      return to_cur(c.record->Amount(), c.record->currency);
    };
    const auto container_price = price_of(ServiceKind::kContainer);
    const auto monthly_price = price_of(ServiceKind::kMonthlyServer);
    const auto purchase_price = price_of(ServiceKind::kPurchase);
    const double vc = container_form ? container_form->virtualization_overhead : 0.0;
    auto describe = [](BreakEven& b, const char* cheap_below, const char* cheap_above) {
      if (!b.duty_cycle) {
        b.notes.push_back(std::string("no break-even: ") + cheap_below + " is never cheaper");
        return;
      }
      b.reachable = *b.duty_cycle <= 1.0;
      b.notes.push_back(std::string("below ") + Percent(*b.duty_cycle) + " duty (" +
                        Num(*b.duty_cycle * kHoursPerMonth) + " h/month) " + cheap_below +
                        " is cheaper, above it " + cheap_above);
      if (!b.reachable)
        b.notes.push_back(std::string("above 100%: ") + cheap_below + " is cheaper at any duty cycle");
    };
    if (container_price && monthly_price) {
      be.container_vs_monthly_server.duty_cycle =
          BreakEvenDutyCycle(ContainerMonthlyModel(*container_price, vc), RentedMonthlyModel(*monthly_price));
      describe(be.container_vs_monthly_server, "the container", "the monthly server");
    } else {
      be.container_vs_monthly_server.notes.push_back(
          std::string("no ") + (container_price ? "monthly_server" : "container") + " price for " + q.gpu_id);
    }
    if (container_price && purchase_price && purchase_form) {
      const double capex = PurchaseCapexPerGpu(
          *purchase_price, purchase_form->spares_fraction, purchase_form->server_overhead_fraction,
          ChoosePrice(pricing, q.gpu_id, ServiceKind::kPurchase, *region).record->includes_server);
      be.container_vs_purchase.duty_cycle = BreakEvenDutyCycle(
          ContainerMonthlyModel(*container_price, vc),
          PurchaseMonthlyModel(capex, purchase_form->depreciation_years, own_energy_per_gpu_hour));
      describe(be.container_vs_purchase, "renting (container)", "buying");
      be.container_vs_purchase.notes.push_back("buying = capex over " +
                                               Num(purchase_form->depreciation_years) +
                                               " years + own power at this region's price × PUE");
    } else {
      be.container_vs_purchase.notes.push_back(
          std::string("no ") + (container_price ? "purchase" : "container") + " price for " + q.gpu_id);
    }
    report.break_even.push_back(std::move(be));
  }

  for (size_t i = 0; i < report.rows.size(); ++i) {
    const CostRow& r = report.rows[i];
    if (!r.total_cost || !r.meets_constraints) continue;
    if (!report.cheapest || r.total_cost->amount < report.rows[*report.cheapest].total_cost->amount)
      report.cheapest = i;
  }
  if (!report.cheapest) report.notes.push_back("no row has a price and meets the constraints");
  else if (report.rows[*report.cheapest].service == ServiceKind::kPurchase)
    report.notes.push_back("cheapest is purchase: its job cost is a depreciation share that assumes "
                           "the hardware stays busy for its whole life; compare annual_cost at your "
                           "duty cycle and the container_vs_purchase break-even");
  return report;
}

}  // namespace atlas
