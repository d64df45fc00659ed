// The Cost view's inputs: card and job, service form, currency, power and cooling, constraints, hubs.
#include "cost_parts.hpp"

#include "engine/format.hpp"
#include "ui/charts/scale.hpp"
#include "ui/format_units.hpp"
#include "ui/theme.hpp"
#include "ui/widgets.hpp"
#include "engine/plural.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstring>

namespace atlas::ui::cost {

namespace {

float InputWidth() { return std::max(Em(6), ImGui::GetContentRegionAvail().x * 0.5f); }

// A number field within [lo, hi] that commits on Enter, on leaving it or after a pause; − / +
// step by `step` (linear) or, with step 0, along 1-2-5.
bool DoubleInput(const UiText& t, const std::string& label, double& value, double lo, double hi, double step = 0) {
  const NumberFieldSpec spec{lo, hi, false, step > 0 ? StepKind::kLinear : StepKind::kLog125, step > 0 ? step : 1};
  return NumberField(label, value, spec, t, InputWidth());
}

bool PercentSlider(const char* label, double& fraction, float lo_pct, float hi_pct) {
  float pct = static_cast<float>(fraction * 100);
  ImGui::SetNextItemWidth(InputWidth());
  if (!ImGui::SliderFloat(label, &pct, lo_pct, hi_pct, "%.0f %%")) return false;
  fraction = std::clamp(static_cast<double>(pct), static_cast<double>(lo_pct), static_cast<double>(hi_pct)) / 100.0;
  return true;
}

int PricedForms(const PricingCatalog& p, const std::string& gpu) {
  int n = 0;
  for (ServiceKind k : kAllServiceKinds) n += p.PricesFor(gpu, k).empty() ? 0 : 1;
  return n;
}

// How a purchase is counted against renting (engine/cost.hpp, "buying for one job"): for this
// job only (unset, the default: the job bears the whole outlay) or kept in use for a stated
// number of further-use years (an amortised share).
void DrawPurchaseUse(CostState& s, const Catalogs& c, const UiEnv& env) {
  const UiText& t = env.text();
  ImGui::Spacing();
  ImGui::TextUnformatted(t.cost_buy_use);
  ImGui::SameLine();
  HelpMarker(Printf(t.cost_buy_use_help, Shortest(kMaxPurchaseUseYears).c_str()).c_str(), env);
  const bool further = s.purchase_use_years.has_value();
  if (ImGui::RadioButton(Labeled(t.cost_buy_this_job, "buy_job").c_str(), !further)) s.purchase_use_years.reset();
  TestTarget(env, "cost_buy_this_job");
  if (ImGui::RadioButton(Labeled(t.cost_buy_further_use, "buy_further").c_str(), further) && !further) {
    // Starting point: the cards' whole depreciation life (data/pricing.json service_forms), the
    // horizon over which the break-even chart already spreads a purchase.
    const ServiceForm* buy = c.pricing.Form(ServiceKind::kPurchase);
    const double life = buy ? buy->depreciation_years : 0;
    s.purchase_use_years = life > 0 && life <= kMaxPurchaseUseYears ? life : 1.0;
  }
  TestTarget(env, "cost_buy_further");
  if (!s.purchase_use_years) return;
  double years = *s.purchase_use_years;
  // 0.1 year (about five weeks) is the field's floor; the link and the engine take any
  // positive figure up to kMaxPurchaseUseYears.
  if (DoubleInput(t, Labeled(t.cost_buy_use_years, "use_years"), years, 0.1, kMaxPurchaseUseYears, 1))
    s.purchase_use_years = years;
}

}  // namespace

void DrawRegionPicker(CostState& s, const Catalogs& c, const UiEnv& env) {
  const UiText& t = env.text();
  const auto& regions = c.regions.regions;
  auto chosen = [&](const std::string& id) {
    return s.regions.empty() || std::find(s.regions.begin(), s.regions.end(), id) != s.regions.end();
  };
  if (ImGui::SmallButton(Labeled(t.cost_all, "all").c_str())) s.regions.clear();
  ImGui::SameLine();
  if (ImGui::SmallButton(Labeled(t.cost_china_hubs, "china").c_str())) {
    s.regions.clear();
    for (const Region& r : regions)
      if (r.in_china()) s.regions.push_back(r.id);
  }
  ImGui::SameLine();
  if (ImGui::SmallButton(Labeled(t.cost_global, "global").c_str())) {
    s.regions.clear();
    for (const Region& r : regions)
      if (!r.in_china()) s.regions.push_back(r.id);
  }
  for (const char* group : {"cn-east", "cn-west", "global"}) {
    ImGui::TextDisabled("%s", GroupTitle(group, t));
    for (int i = 0; i < static_cast<int>(regions.size()); ++i) {
      const Region& r = regions[i];
      if (RegionGroupOrder(r.group) != RegionGroupOrder(group)) continue;
      ImGui::PushID(i);
      bool on = chosen(r.id);
      if (ImGui::Checkbox(ShortName(r, env.chinese()).c_str(), &on)) {
        if (s.regions.empty())
          for (const Region& all : regions) s.regions.push_back(all.id);
        if (on) s.regions.push_back(r.id);
        else s.regions.erase(std::remove(s.regions.begin(), s.regions.end(), r.id), s.regions.end());
        // Keep catalog order; every region (or none) means "all".
        std::vector<std::string> ordered;
        for (const Region& all : regions)
          if (std::find(s.regions.begin(), s.regions.end(), all.id) != s.regions.end()) ordered.push_back(all.id);
        s.regions = ordered.size() == regions.size() || ordered.empty() ? std::vector<std::string>{} : ordered;
      }
      ImGui::PopID();
    }
  }
}

void DrawInputs(CostState& s, const Catalogs& c, const CostDerived& d, const UiEnv& env) {
  const UiText& t = env.text();
  // Card.
  const Gpu* gpu = c.gpus.Find(s.gpu);
  ImGui::TextUnformatted(t.cost_card_job);
  ImGui::SetNextItemWidth(-1);
  const std::string preview = gpu ? gpu->DisplayName(env.chinese()) : s.gpu;
  if (ImGui::BeginCombo("##gpu", preview.c_str(), ImGuiComboFlags_HeightLarge)) {
    for (int i = 0; i < static_cast<int>(c.gpus.gpus.size()); ++i) {
      const Gpu& g = c.gpus.gpus[i];
      ImGui::PushID(i);
      const int forms = PricedForms(d.pricing, g.id);
      const std::string& name = g.DisplayName(env.chinese());
      const std::string label = forms ? Plurals(Printf(t.cost_gpu_forms, name.c_str(), forms)) : Printf(t.cost_gpu_no_quotes, name.c_str());
      if (ImGui::Selectable(label.c_str(), g.id == s.gpu)) s.gpu = g.id;
      ImGui::PopID();
    }
    ImGui::EndCombo();
  }
  if (gpu) ImGui::TextDisabled(t.cost_board_power_note, gpu->IsUnpublished("tdp_w") ? t.card_not_published : (Safe(gpu->tdp_w, 0) + "\u00A0W").c_str());
  if (gpu && !gpu->vendor_claim_only.empty()) {
    std::string fields;
    for (const std::string& f : gpu->vendor_claim_only) fields += (fields.empty() ? "" : ", ") + f;
    ColoredWrapped(kColorWarn, Printf(t.cost_card_vendor_claim, fields.c_str()));
  }
  if (const int per_node = std::max(1, c.assumptions.gpus_per_node); gpu && gpu->segment == "consumer" && s.gpus > per_node)
    ColoredWrapped(kColorWarn, Printf(t.cost_consumer_nodes, s.gpus, (s.gpus + per_node - 1) / per_node));
  const NumberFieldSpec cards{1, static_cast<double>(kMaxGpus), true, StepKind::kPowerOfTwo};
  if (NumberField(Labeled(t.cost_cards, "cards"), s.gpus, cards, t, InputWidth())) s.gpus = std::clamp(s.gpus, 1, kMaxGpus);
  DoubleInput(t, Labeled(t.cost_hours, "hours"), s.hours, 0.5, kMaxJobHours);
  PercentSlider(Labeled(t.cost_power, "utilization").c_str(), s.utilization, 5, 100);
  ImGui::SameLine();
  HelpMarker(t.cost_power_help, env);
  PercentSlider(Labeled(t.cost_duty, "duty").c_str(), s.duty_cycle, 1, 100);
  ImGui::SameLine();
  HelpMarker(t.cost_duty_help, env);

  ImGui::Spacing();
  ImGui::TextUnformatted(t.cost_service_form);
  // Same order as ServiceKind, after "all".
  const char* forms[] = {t.cost_form_all, FormNameLong(ServiceKind::kMonthlyServer, env, c),
                         FormNameLong(ServiceKind::kContainer, env, c), FormNameLong(ServiceKind::kBareMetal, env, c),
                         FormNameLong(ServiceKind::kPurchase, env, c)};
  int form = 0;
  if (auto k = ParseServiceId(s.service)) form = 1 + static_cast<int>(*k);
  ImGui::SetNextItemWidth(-1);
  if (ImGui::Combo("##service", &form, forms, IM_ARRAYSIZE(forms)))
    s.service = form == 0 ? std::string() : ServiceId(static_cast<ServiceKind>(form - 1));
  DrawPurchaseUse(s, c, env);

  ImGui::Spacing();
  ImGui::TextUnformatted(t.cost_money);
  if (ImGui::RadioButton(Labeled(t.cost_cny, "cny").c_str(), s.currency != "USD")) s.currency = "CNY";
  ImGui::SameLine();
  if (ImGui::RadioButton(Labeled(t.cost_usd, "usd").c_str(), s.currency == "USD")) s.currency = "USD";
  double rate = s.usd_cny > 0 ? s.usd_cny : c.pricing.fx.Convert(1, "USD", "CNY").value_or(7.2);
  if (DoubleInput(t, Labeled(t.cost_usd_cny, "usd_cny"), rate, kMinUsdCny, kMaxUsdCny, 0.01)) s.usd_cny = rate;
  if (s.usd_cny > 0) {
    ImGui::SameLine();
    if (ImGui::SmallButton(Labeled(t.cost_data_rate, "data_rate").c_str())) s.usd_cny = 0;
  } else {
    // The rate's own date (data/pricing.json fx.as_of), said beside the quotes' data date.
    const std::string& fx_date = c.pricing.fx.as_of;
    const std::string note = fx_date.substr(0, 7) < c.pricing.data_date.substr(0, 7)
                                 ? Printf(t.cost_rate_of, fx_date.c_str(), c.pricing.data_date.c_str())
                                 : Printf(t.cost_rate_of_current, fx_date.c_str());
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    WrappedText(note);
    ImGui::PopStyleColor();
  }

  ImGui::Spacing();
  ImGui::TextUnformatted(t.cost_power_cooling);
  bool own_pue = s.pue > 0;
  if (ImGui::Checkbox(Labeled(t.cost_my_pue, "own_pue").c_str(), &own_pue)) s.pue = own_pue ? 1.3 : 0;
  if (own_pue) {
    ImGui::SameLine();
    float p = static_cast<float>(s.pue);
    ImGui::SetNextItemWidth(-1);
    if (ImGui::SliderFloat("##pue", &p, 1.0f, 3.0f, "PUE %.2f")) s.pue = std::clamp(static_cast<double>(p), kMinPue, kMaxPue);
  }
  if (ImGui::RadioButton(Labeled(t.cost_air, "air").c_str(), !s.liquid_cooling)) s.liquid_cooling = false;
  ImGui::SameLine();
  if (ImGui::RadioButton(Labeled(t.cost_liquid, "liquid").c_str(), s.liquid_cooling)) s.liquid_cooling = true;
  float host = static_cast<float>(s.host_overhead * 100);
  ImGui::SetNextItemWidth(InputWidth());
  if (ImGui::SliderFloat(Labeled(t.cost_host, "host").c_str(), &host, 0, 300, "+%.0f %%"))
    s.host_overhead = std::clamp(static_cast<double>(host) / 100, 0.0, kMaxHostOverhead);
  ImGui::SameLine();
  HelpMarker(Printf(t.cost_host_help, 30).c_str(), env);

  ImGui::Spacing();
  ImGui::TextUnformatted(t.cost_constraints);
  // Shown as the page prices (in Chinese: ticked until the reader unticks it), read from the
  // request derived once per state change (CostMainlandOnly); a click is a choice.
  bool mainland = d.request.domestic_only;
  if (ImGui::Checkbox(Labeled(t.cost_mainland_only, "mainland").c_str(), &mainland)) s.domestic_only = mainland;
  TestTarget(env, "cost_mainland");
  // Ticked by the page's language, not by the reader: say so, or the Chinese and the English page
  // of one link name different hubs with no word why (a review read it as a contradiction).
  if (!s.domestic_only && d.request.domestic_only) ColoredWrapped(kColorMuted, t.cost_mainland_default);
  const std::vector<std::string> centres = c.regions.UserCentres();
  ImGui::SetNextItemWidth(InputWidth());
  if (ImGui::BeginCombo(Labeled(t.cost_user_centre, "centre").c_str(),
                        s.user_centre.empty() ? t.value_none : CentreName(s.user_centre, t))) {
    if (ImGui::Selectable(t.value_none, s.user_centre.empty())) s.user_centre.clear(), s.max_latency_ms = 0;
    for (size_t i = 0; i < centres.size(); ++i) {
      ImGui::PushID(static_cast<int>(i));
      if (ImGui::Selectable(CentreName(centres[i], t), centres[i] == s.user_centre)) s.user_centre = centres[i];
      ImGui::PopID();
    }
    ImGui::EndCombo();
  }
  if (!s.user_centre.empty()) {
    float ms = static_cast<float>(s.max_latency_ms);
    ImGui::SetNextItemWidth(InputWidth());
    if (ImGui::SliderFloat(Labeled(t.cost_max_latency, "latency").c_str(), &ms, 0, 200, ms > 0 ? "%.0f ms" : t.cost_no_limit))
      s.max_latency_ms = std::clamp(static_cast<double>(ms), 0.0, 1000.0);
  }

  ImGui::Spacing();
  ImGui::TextUnformatted(t.cost_regions);
  DrawRegionPicker(s, c, env);
}

}  // namespace atlas::ui::cost
