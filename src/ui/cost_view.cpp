// [SECTION] index: Text helpers · Presets · Inputs · Summary · Region bars · Map · Break-even ·
// Rows table · Price table · Layout
#include "cost_view.hpp"

#include "charts/scale.hpp"
#include "engine/format.hpp"
#include "format_units.hpp"
#include "theme.hpp"
#include "widgets.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstring>

namespace atlas::ui {

namespace {

// [SECTION] Text helpers ---------------------------------------------------------------------

// A widget label whose ImGui id stays the same in every language.
std::string Label(const char* text, const char* id) { return std::string(text) + "###" + id; }

const char* CurrencySymbol(const std::string& cur) { return cur == "USD" ? "$" : cur == "CNY" ? "¥" : ""; }

// A money axis tick: in Chinese through the money formatter, 万 and all ("¥2.5万", not "¥25k");
// in English the symbol and the tick's short label ("¥25k").
std::string MoneyTick(const charts::Tick& tick, const std::string& cur, const std::string& sym, Language language) {
  if (language != Language::kChinese) return sym + tick.label;
  return tick.value == 0 ? sym + "0" : Money(tick.value, cur, language);
}

// "¥1,234", "$0.52": two decimals below 100, none above; "-" for non-finite.
std::string Money(double v, const std::string& cur) {
  if (!std::isfinite(v)) return "-";
  const char* sym = CurrencySymbol(cur);
  const std::string n = FormatNumber(v, std::fabs(v) < 100 ? 2 : 0);
  return *sym ? sym + n : n + " " + cur;
}
std::string Money(const std::optional<double>& v, const std::string& cur, const UiText& t) {
  return v ? Money(*v, cur) : t.cost_no_price;
}

// "Beijing-Tianjin-Hebei hub (Zhangjiakou cluster)" -> "Beijing-Tianjin-Hebei";
// "Asia Pacific (Singapore)" -> "Singapore"; "US East (N. Virginia)" -> "US East". In Chinese
// the same part of name_zh: "京津冀枢纽（张家口集群）" -> "京津冀", "亚太（新加坡）" -> "新加坡".
std::string ShortName(const Region& r, bool chinese) {
  const std::string& n = r.name;
  const std::string& zh = r.name_zh;
  const bool use_zh = chinese && !zh.empty();
  constexpr const char* kOpenZh = "（";
  constexpr const char* kCloseZh = "）";
  if (size_t hub = n.find(" hub"); hub != std::string::npos) {
    if (!use_zh) return n.substr(0, hub);
    const size_t hub_zh = zh.find("枢纽");
    return hub_zh == std::string::npos ? zh : zh.substr(0, hub_zh);
  }
  const size_t open = n.find(" (");
  if (open == std::string::npos) return use_zh ? zh : n;
  const std::string head = n.substr(0, open);
  const bool inner_wanted = head == "Asia Pacific" || head == "South America" || head == "Europe West" ||
                            head == "Europe Central" || head == "Nordics";
  if (use_zh) {
    const size_t open_zh = zh.find(kOpenZh);
    if (open_zh == std::string::npos) return zh;
    if (!inner_wanted) return zh.substr(0, open_zh);
    const size_t from = open_zh + std::strlen(kOpenZh);
    const size_t close_zh = zh.find(kCloseZh, from);
    std::string inner = zh.substr(from, close_zh == std::string::npos ? std::string::npos : close_zh - from);
    for (const char* sep : {"，", "、"})
      if (size_t cut = inner.find(sep); cut != std::string::npos) inner = inner.substr(0, cut);
    return inner;
  }
  if (inner_wanted) {
    const size_t close = n.find(')', open);
    std::string inner = n.substr(open + 2, close == std::string::npos ? std::string::npos : close - open - 2);
    if (size_t comma = inner.find(','); comma != std::string::npos) inner = inner.substr(0, comma);
    return inner;
  }
  return head;
}

// A service form's name: pricing.json's name_zh in Chinese, else the UI's short word.
const char* FormName(ServiceKind k, const UiEnv& env, const Catalogs& c) {
  if (env.chinese())
    if (const ServiceForm* f = c.pricing.Form(k); f && !f->name_zh.empty()) return f->name_zh.c_str();
  const UiText& t = env.text();
  switch (k) {
    case ServiceKind::kMonthlyServer: return t.cost_form_monthly;
    case ServiceKind::kContainer: return t.cost_form_container;
    case ServiceKind::kBareMetal: return t.cost_form_bare;
    case ServiceKind::kPurchase: return t.cost_form_purchase;
  }
  return "?";
}
// The same, as the form picker lists it ("Monthly cloud server").
const char* FormNameLong(ServiceKind k, const UiEnv& env, const Catalogs& c) {
  if (env.chinese())
    if (const ServiceForm* f = c.pricing.Form(k); f && !f->name_zh.empty()) return f->name_zh.c_str();
  const UiText& t = env.text();
  switch (k) {
    case ServiceKind::kMonthlyServer: return t.cost_form_monthly_long;
    case ServiceKind::kContainer: return t.cost_form_container_long;
    case ServiceKind::kBareMetal: return t.cost_form_bare_long;
    case ServiceKind::kPurchase: return t.cost_form_purchase_long;
  }
  return "?";
}
const char* PriceUnit(ServiceKind k, const UiText& t) {
  switch (k) {
    case ServiceKind::kContainer: return t.cost_unit_gpu_hour;
    case ServiceKind::kPurchase: return t.cost_unit_card;
    default: return t.cost_unit_gpu_month;
  }
}
// A user centre of the latency table ("shanghai") by name; an unknown id as it is.
const char* CentreName(const std::string& id, const UiText& t) {
  static constexpr std::pair<const char*, const char* UiText::*> kCentres[] = {
      {"beijing", &UiText::cost_centre_beijing},     {"shanghai", &UiText::cost_centre_shanghai},
      {"guangzhou", &UiText::cost_centre_guangzhou}, {"chengdu", &UiText::cost_centre_chengdu},
      {"hong_kong", &UiText::cost_centre_hong_kong}, {"singapore", &UiText::cost_centre_singapore},
      {"tokyo", &UiText::cost_centre_tokyo},         {"seoul", &UiText::cost_centre_seoul},
      {"mumbai", &UiText::cost_centre_mumbai},       {"sydney", &UiText::cost_centre_sydney},
      {"frankfurt", &UiText::cost_centre_frankfurt}, {"london", &UiText::cost_centre_london},
      {"new_york", &UiText::cost_centre_new_york},   {"chicago", &UiText::cost_centre_chicago},
      {"los_angeles", &UiText::cost_centre_los_angeles}, {"sao_paulo", &UiText::cost_centre_sao_paulo},
  };
  for (const auto& [centre, name] : kCentres)
    if (id == centre) return t.*name;
  return id.c_str();
}
ImU32 FormColor(ServiceKind k, float alpha = 1.0f) {
  const int a = static_cast<int>(255 * alpha);
  switch (k) {
    case ServiceKind::kContainer: return IM_COL32(96, 180, 255, a);
    case ServiceKind::kMonthlyServer: return IM_COL32(190, 140, 255, a);
    case ServiceKind::kBareMetal: return IM_COL32(80, 210, 190, a);
    case ServiceKind::kPurchase: return IM_COL32(240, 190, 80, a);
  }
  return IM_COL32(200, 200, 200, a);
}
const char* GroupTitle(const std::string& g, const UiText& t) {
  if (g == "cn-east") return t.cost_group_east;
  if (g == "cn-west") return t.cost_group_west;
  return t.cost_group_global;
}
constexpr ImU32 kColorText = IM_COL32(220, 225, 235, 255);
constexpr ImU32 kColorEnergy = IM_COL32(240, 190, 80, 255);
constexpr ImU32 kColorRent = IM_COL32(96, 180, 255, 255);
constexpr ImU32 kColorCo2 = IM_COL32(150, 200, 150, 255);

// Electricity price colour: green (cheap) to red (dear).
ImU32 PriceColor(double t, float alpha = 1.0f) {
  t = std::clamp(t, 0.0, 1.0);
  const int r = static_cast<int>(80 + 170 * t), g = static_cast<int>(200 - 110 * t), b = static_cast<int>(110 - 30 * t);
  return IM_COL32(r, g, b, static_cast<int>(255 * alpha));
}

void DashedLine(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 col, float dash, float thickness = 1.0f) {
  const float len = std::hypot(b.x - a.x, b.y - a.y);
  if (!(len > 0) || !(dash > 0)) return;
  for (float t = 0; t < len; t += 2 * dash) {
    const float t1 = std::min(t + dash, len);
    dl->AddLine(ImVec2(a.x + (b.x - a.x) * t / len, a.y + (b.y - a.y) * t / len),
                ImVec2(a.x + (b.x - a.x) * t1 / len, a.y + (b.y - a.y) * t1 / len), col, thickness);
  }
}

ImVec2 ToImVec(charts::Point p) { return ImVec2(static_cast<float>(p.x), static_cast<float>(p.y)); }

// [SECTION] Presets --------------------------------------------------------------------------

// The UI's words for a preset of kCostPresets: its button and the guide's own claim (the
// Chinese original in Chinese, an English rendering in English).
struct PresetText {
  const char* id;
  const char* UiText::*label;
  const char* UiText::*quote;
};
constexpr PresetText kPresetTexts[] = {{"A", &UiText::cost_preset_a, &UiText::cost_preset_quote_a},
                                       {"B", &UiText::cost_preset_b, &UiText::cost_preset_quote_b},
                                       {"C", &UiText::cost_preset_c, &UiText::cost_preset_quote_c}};
const PresetText* FindPresetText(const std::string& id) {
  for (const PresetText& p : kPresetTexts)
    if (id == p.id) return &p;
  return nullptr;
}

void DrawPresetButtons(AppState& state, const Catalogs& c, const UiEnv& env) {
  const UiText& t = env.text();
  const bool narrow = env.narrow();
  ImGui::TextUnformatted(t.cost_presets_title);
  ImGui::SameLine();
  HelpMarker(t.cost_presets_help);
  for (int i = 0; i < static_cast<int>(std::size(kCostPresets)); ++i) {
    const CostPresetInfo& p = kCostPresets[i];
    ImGui::PushID(i);
    const bool active = state.cost.preset == p.id;
    if (active) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    const ImVec2 size = narrow ? ImVec2(-1, Em(2.4f)) : ImVec2(0, Em(1.9f));
    const PresetText* text = FindPresetText(p.id);
    if (ImGui::Button(text ? t.*text->label : p.label, size)) ApplyCostPreset(state, c, p.id);
    if (active) ImGui::PopStyleColor();
    if (!narrow && i + 1 < static_cast<int>(std::size(kCostPresets))) ImGui::SameLine();
    ImGui::PopID();
  }
}

void DrawPresetPanel(AppState& state, const PresetOutcome& o, const UiEnv& env) {
  const UiText& t = env.text();
  const bool narrow = env.narrow();
  ImGui::PushStyleColor(ImGuiCol_ChildBg, IM_COL32(255, 255, 255, 10));
  ImGui::BeginGroup();
  ImGui::PushStyleColor(ImGuiCol_Text, kColorAccent);
  WrappedText(o.title.c_str());
  ImGui::PopStyleColor();
  ImGui::SameLine();
  if (ImGui::SmallButton(Label(t.cost_preset_close, "close").c_str())) state.cost.preset.clear();
  ImGui::TextDisabled("%s", o.setup.c_str());
  if (const PresetText* text = FindPresetText(o.id)) WrappedTextF(t.cost_preset_quote, t.*text->quote);
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchProp;
  if (narrow) {
    for (size_t i = 0; i < o.figures.size(); ++i) {
      const PresetFigure& f = o.figures[i];
      ImGui::PushID(static_cast<int>(i));
      ImGui::Separator();
      WrappedText(f.label.c_str());
      ImGui::PushStyleColor(ImGuiCol_Text, kColorMuted);
      WrappedTextF(t.cost_guide_says, f.guide.c_str());
      ImGui::PopStyleColor();
      ColoredWrapped(kColorGood, Printf(t.cost_engine_says, f.engine.c_str()));
      ImGui::PopID();
    }
  } else if (ImGui::BeginTable("preset_figures", 3, flags)) {
    ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthStretch, 0.26f);
    ImGui::TableSetupColumn(t.cost_col_guide, ImGuiTableColumnFlags_WidthStretch, 0.28f);
    ImGui::TableSetupColumn(t.cost_col_engine, ImGuiTableColumnFlags_WidthStretch, 0.46f);
    ImGui::TableHeadersRow();
    for (size_t i = 0; i < o.figures.size(); ++i) {
      const PresetFigure& f = o.figures[i];
      ImGui::PushID(static_cast<int>(i));
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      WrappedText(f.label.c_str());
      ImGui::TableNextColumn();
      ImGui::PushStyleColor(ImGuiCol_Text, kColorMuted);
      WrappedText(f.guide.c_str());
      ImGui::PopStyleColor();
      ImGui::TableNextColumn();
      ColoredWrapped(kColorGood, f.engine);
      ImGui::PopID();
    }
    ImGui::EndTable();
  }
  ImGui::TextUnformatted(t.cost_why_differ);
  for (size_t i = 0; i < o.why.size(); ++i) {
    ImGui::Bullet();
    WrappedText(o.why[i].c_str());
  }
  for (const std::string& n : o.notes) ImGui::TextDisabled(t.cost_assumption, n.c_str());
  ImGui::EndGroup();
  ImGui::PopStyleColor();
}

// [SECTION] Inputs ---------------------------------------------------------------------------

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

void DrawRegionPicker(CostState& s, const Catalogs& c, const UiEnv& env) {
  const UiText& t = env.text();
  const auto& regions = c.regions.regions;
  auto chosen = [&](const std::string& id) {
    return s.regions.empty() || std::find(s.regions.begin(), s.regions.end(), id) != s.regions.end();
  };
  if (ImGui::SmallButton(Label(t.cost_all, "all").c_str())) s.regions.clear();
  ImGui::SameLine();
  if (ImGui::SmallButton(Label(t.cost_china_hubs, "china").c_str())) {
    s.regions.clear();
    for (const Region& r : regions)
      if (r.in_china()) s.regions.push_back(r.id);
  }
  ImGui::SameLine();
  if (ImGui::SmallButton(Label(t.cost_global, "global").c_str())) {
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
      const std::string label = forms ? Printf(t.cost_gpu_forms, name.c_str(), forms) : Printf(t.cost_gpu_no_quotes, name.c_str());
      if (ImGui::Selectable(label.c_str(), g.id == s.gpu)) s.gpu = g.id;
      ImGui::PopID();
    }
    ImGui::EndCombo();
  }
  if (gpu) ImGui::TextDisabled(t.cost_board_power_note, Safe(gpu->tdp_w, 0).c_str());
  const NumberFieldSpec cards{1, static_cast<double>(kMaxGpus), true, StepKind::kPowerOfTwo};
  if (NumberField(Label(t.cost_cards, "cards"), s.gpus, cards, t, InputWidth())) s.gpus = std::clamp(s.gpus, 1, kMaxGpus);
  DoubleInput(t, Label(t.cost_hours, "hours"), s.hours, 0.5, kMaxJobHours);
  PercentSlider(Label(t.cost_power, "utilization").c_str(), s.utilization, 5, 100);
  ImGui::SameLine();
  HelpMarker(t.cost_power_help);
  PercentSlider(Label(t.cost_duty, "duty").c_str(), s.duty_cycle, 1, 100);
  ImGui::SameLine();
  HelpMarker(t.cost_duty_help);

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

  ImGui::Spacing();
  ImGui::TextUnformatted(t.cost_money);
  if (ImGui::RadioButton(Label(t.cost_cny, "cny").c_str(), s.currency != "USD")) s.currency = "CNY";
  ImGui::SameLine();
  if (ImGui::RadioButton(Label(t.cost_usd, "usd").c_str(), s.currency == "USD")) s.currency = "USD";
  double rate = s.usd_cny > 0 ? s.usd_cny : c.pricing.fx.Convert(1, "USD", "CNY").value_or(7.2);
  if (DoubleInput(t, Label(t.cost_usd_cny, "usd_cny"), rate, kMinUsdCny, kMaxUsdCny, 0.01)) s.usd_cny = rate;
  if (s.usd_cny > 0) {
    ImGui::SameLine();
    if (ImGui::SmallButton(Label(t.cost_data_rate, "data_rate").c_str())) s.usd_cny = 0;
  } else {
    ImGui::TextDisabled(t.cost_rate_of, c.pricing.fx.as_of.c_str());
  }

  ImGui::Spacing();
  ImGui::TextUnformatted(t.cost_power_cooling);
  bool own_pue = s.pue > 0;
  if (ImGui::Checkbox(Label(t.cost_my_pue, "own_pue").c_str(), &own_pue)) s.pue = own_pue ? 1.3 : 0;
  if (own_pue) {
    ImGui::SameLine();
    float p = static_cast<float>(s.pue);
    ImGui::SetNextItemWidth(-1);
    if (ImGui::SliderFloat("##pue", &p, 1.0f, 3.0f, "PUE %.2f")) s.pue = std::clamp(static_cast<double>(p), kMinPue, kMaxPue);
  }
  if (ImGui::RadioButton(Label(t.cost_air, "air").c_str(), !s.liquid_cooling)) s.liquid_cooling = false;
  ImGui::SameLine();
  if (ImGui::RadioButton(Label(t.cost_liquid, "liquid").c_str(), s.liquid_cooling)) s.liquid_cooling = true;
  float host = static_cast<float>(s.host_overhead * 100);
  ImGui::SetNextItemWidth(InputWidth());
  if (ImGui::SliderFloat(Label(t.cost_host, "host").c_str(), &host, 0, 300, "+%.0f %%"))
    s.host_overhead = std::clamp(static_cast<double>(host) / 100, 0.0, kMaxHostOverhead);
  ImGui::SameLine();
  HelpMarker(Printf(t.cost_host_help, 30).c_str());

  ImGui::Spacing();
  ImGui::TextUnformatted(t.cost_constraints);
  ImGui::Checkbox(Label(t.cost_mainland_only, "mainland").c_str(), &s.domestic_only);
  const std::vector<std::string> centres = c.regions.UserCentres();
  ImGui::SetNextItemWidth(InputWidth());
  if (ImGui::BeginCombo(Label(t.cost_user_centre, "centre").c_str(),
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
    if (ImGui::SliderFloat(Label(t.cost_max_latency, "latency").c_str(), &ms, 0, 200, ms > 0 ? "%.0f ms" : t.cost_no_limit))
      s.max_latency_ms = std::clamp(static_cast<double>(ms), 0.0, 1000.0);
  }

  ImGui::Spacing();
  ImGui::TextUnformatted(t.cost_regions);
  DrawRegionPicker(s, c, env);
}

// [SECTION] Summary --------------------------------------------------------------------------

void DrawSummary(const CostDerived& d, const Catalogs& c, const UiEnv& env) {
  const UiText& t = env.text();
  if (!d.valid) {
    for (const std::string& e : d.errors) ColoredWrapped(kColorBad, Shown(e, env));
    return;
  }
  const std::string& cur = d.request.currency;
  if (d.report.cheapest) {
    const CostRow& row = d.report.rows[*d.report.cheapest];
    const Region* r = c.regions.Find(row.region_id);
    ImGui::PushStyleColor(ImGuiCol_Text, kColorGood);
    WrappedTextF(t.cost_cheapest, r ? ShortName(*r, env.chinese()).c_str() : row.region_id.c_str(),
                       FormName(row.service, env, c),
                       Money(row.total_cost ? row.total_cost->amount : NAN, cur).c_str(),
                       Money(row.annual_cost ? row.annual_cost->amount : NAN, cur).c_str(),
                       Safe(d.request.duty_cycle * 100, 0).c_str());
    ImGui::PopStyleColor();
  } else {
    ColoredWrapped(kColorWarn, t.cost_no_cheapest);
  }
  ImGui::PushStyleColor(ImGuiCol_Text, kColorMuted);
  for (const std::string& n : d.report.notes) WrappedText(Shown(n, env).c_str());
  ImGui::PopStyleColor();
}

// [SECTION] Region bars ----------------------------------------------------------------------

void RegionTooltip(const Region& r, const RegionSeries& rs, const CostDerived& d, const Catalogs& c, const UiEnv& env) {
  const UiText& t = env.text();
  const std::string& cur = d.request.currency;
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(Em(24));
  ImGui::TextUnformatted(Shown(r.DisplayName(env.chinese()), env).c_str());
  ImGui::TextDisabled("%s", GroupTitle(r.group, t));
  if (BeginKeyValueTable("region_tip")) {
    KeyValueRow(t.cost_tip_electricity,
                Printf(r.IsEstimate("electricity_price") ? t.cost_tip_electricity_estimate : t.cost_tip_electricity_value,
                       Safe(r.electricity_price_per_kwh, 3).c_str(), r.electricity_currency.c_str(), r.electricity_year,
                       Money(rs.kwh_price, cur).c_str()));
    KeyValueRow("PUE", r.pue_target ? Printf(t.cost_tip_pue_cap, Safe(r.pue_air, 2).c_str(), Safe(r.pue_liquid, 2).c_str(),
                                             Safe(*r.pue_target, 2).c_str())
                                    : Printf(t.cost_tip_pue_value, Safe(r.pue_air, 2).c_str(), Safe(r.pue_liquid, 2).c_str()));
    KeyValueRow(t.cost_tip_carbon, Printf(t.cost_tip_carbon_value, Safe(r.carbon_gco2_per_kwh, 0).c_str(), r.carbon_year));
    std::string lat;
    for (const auto& [centre, ms] : r.latency_ms)
      lat += (lat.empty() ? "" : t.cost_list_sep) + Printf(t.cost_tip_latency_item, CentreName(centre, t), Safe(ms, 0).c_str());
    KeyValueRow(t.cost_tip_latency, lat.empty() ? "-" : lat);
    if (d.valid && rs.energy_kwh > 0) {
      KeyValueRow(t.cost_tip_job_energy, Printf(t.cost_tip_job_energy_value, Safe(rs.energy_kwh, 0).c_str(), Safe(rs.pue, 2).c_str()));
      KeyValueRow(t.cost_tip_energy_cost, Money(rs.energy_cost, cur));
      KeyValueRow(d.bar_service == ServiceKind::kPurchase ? t.cost_capex_share : t.cost_rent, Money(rs.rental_cost, cur, t));
      KeyValueRow(t.cost_co2, Printf(t.cost_kg, Safe(rs.co2_kg, 0).c_str()));
      if (rs.cheapest_total)
        KeyValueRow(t.cost_tip_cheapest_form, Printf(t.cost_tip_cheapest_value, FormName(*rs.cheapest_service, env, c),
                                                     Money(*rs.cheapest_total, cur).c_str()));
    }
    EndKeyValueTable();
  }
  const std::string policy = Shown(r.PolicyNotes(env.chinese()), env);
  if (!policy.empty()) ImGui::TextDisabled("%s", policy.c_str());
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

void DrawRegionBars(const CostDerived& d, const Catalogs& c, const UiEnv& env, bool narrow) {
  const UiText& t = env.text();
  const std::string& cur = d.request.currency;
  const auto& rows = d.regions;
  if (rows.empty()) return;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float width = ImGui::GetContentRegionAvail().x;
  const float row_h = Em(narrow ? 1.9f : 1.45f), header_h = Em(1.4f), axis_h = Em(2.6f);
  int groups = 0;
  std::string last;
  for (const RegionSeries& rs : rows)
    if (rs.group != last || groups == 0) ++groups, last = rs.group;
  const float height = axis_h + groups * header_h + rows.size() * row_h + Em(1.8f);
  const ImVec2 o = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("bars", ImVec2(width, height));
  const bool hovered_chart = ImGui::IsItemHovered();
  const ImVec2 mouse = ImGui::GetIO().MousePos;

  double money_max = 0, co2_max = 0;
  for (const RegionSeries& rs : rows) {
    money_max = std::max({money_max, rs.energy_cost, rs.rental_cost.value_or(0.0)});
    co2_max = std::max(co2_max, rs.co2_kg);
  }
  money_max = charts::NiceCeil(money_max);
  co2_max = charts::NiceCeil(co2_max);
  const float label_w = Em(narrow ? 8.6f : 10.5f);
  const float gap = Em(narrow ? 0.8f : 1.6f);
  const float money_x0 = o.x + label_w, co2_w = std::max(Em(5), (width - label_w) * 0.26f);
  const float money_x1 = o.x + width - co2_w - gap, co2_x0 = money_x1 + gap, co2_x1 = o.x + width - Em(0.6f);
  const charts::Scale sm{0, money_max, money_x0, money_x1, false};
  const charts::Scale sc{0, co2_max, co2_x0, co2_x1, false};
  const float top = o.y + axis_h, bottom = o.y + height - Em(1.8f);

  // Axes.
  const std::string sym = CurrencySymbol(cur);
  const int money_labels = std::max(2, static_cast<int>((money_x1 - money_x0) / Em(4)));
  // Tick labels centred, except the ends of each axis, which stay inside it.
  auto tick_label = [&](float x, float x0, float x1, const std::string& label) {
    const float w = ImGui::CalcTextSize(label.c_str()).x;
    const float lx = std::clamp(x - w / 2, x0, x1 - w);
    dl->AddText(ImVec2(lx, top - Em(1.15f)), kColorMuted, label.c_str());
  };
  for (const charts::Tick& tick : charts::LinearTicks(0, money_max, money_labels, "")) {
    const float x = static_cast<float>(sm.ToPixel(tick.value));
    dl->AddLine(ImVec2(x, top), ImVec2(x, bottom), kColorGrid);
    tick_label(x, money_x0, money_x1, MoneyTick(tick, cur, sym, env.language));
  }
  for (const charts::Tick& tick : charts::LinearTicks(0, co2_max, std::max(2, static_cast<int>(co2_w / Em(3.5f))), "")) {
    const float x = static_cast<float>(sc.ToPixel(tick.value));
    dl->AddLine(ImVec2(x, top), ImVec2(x, bottom), kColorGrid);
    tick_label(x, co2_x0, co2_x1, tick.label);
  }
  // Chinese text writes money with ¥ (CNY only in data and the CLI; glossary).
  const std::string money_title =
      Printf(narrow ? t.cost_bars_money_narrow : t.cost_bars_money, (env.chinese() && !sym.empty() ? sym : cur).c_str());
  dl->AddText(ImVec2(money_x0, o.y), IM_COL32(200, 205, 215, 255), money_title.c_str());
  dl->AddText(ImVec2(co2_x0, o.y), IM_COL32(200, 205, 215, 255), t.cost_bars_co2);

  int hovered = -1;
  float y = top;
  last.clear();
  for (size_t i = 0; i < rows.size(); ++i) {
    const RegionSeries& rs = rows[i];
    const Region& r = c.regions.regions[rs.region_index];
    if (i == 0 || rs.group != last) {
      last = rs.group;
      const ImU32 col = rs.group == "cn-east" ? IM_COL32(255, 160, 120, 255) : rs.group == "cn-west" ? IM_COL32(120, 220, 160, 255) : kColorAccent;
      dl->AddRectFilled(ImVec2(o.x, y + Em(0.25f)), ImVec2(o.x + Em(0.3f), y + header_h - Em(0.15f)), col);
      dl->AddText(ImVec2(o.x + Em(0.6f), y + Em(0.2f)), col, GroupTitle(rs.group, t));
      y += header_h;
    }
    const bool hot = hovered_chart && mouse.y >= y && mouse.y < y + row_h;
    if (hot) {
      hovered = static_cast<int>(i);
      dl->AddRectFilled(ImVec2(o.x, y), ImVec2(o.x + width, y + row_h), IM_COL32(255, 255, 255, 18));
    }
    const std::string name = ShortName(r, env.chinese());
    ImVec2 tsz = ImGui::CalcTextSize(name.c_str());
    const ImU32 text_col = rs.meets_constraints ? kColorText : kColorMuted;
    dl->PushClipRect(ImVec2(o.x, y), ImVec2(money_x0 - Em(0.3f), y + row_h), true);
    dl->AddText(ImVec2(o.x + Em(0.6f), y + (row_h - tsz.y) / 2), text_col, name.c_str());
    dl->PopClipRect();
    const float bar_h = (row_h - Em(0.45f)) / 2;
    const float y_rent = y + Em(0.15f), y_energy = y_rent + bar_h + Em(0.1f);
    if (rs.rental_cost) {
      const float x = static_cast<float>(sm.ToPixel(*rs.rental_cost));
      dl->AddRectFilled(ImVec2(money_x0, y_rent), ImVec2(std::max(x, money_x0 + 1), y_rent + bar_h), kColorRent, 2);
      const std::string v = Money(*rs.rental_cost, cur);
      const ImVec2 vs = ImGui::CalcTextSize(v.c_str());
      if (!narrow && x + Em(0.3f) + vs.x < money_x1)
        dl->AddText(ImGui::GetFont(), ImGui::GetFontSize() * 0.8f, ImVec2(x + Em(0.3f), y_rent + (bar_h - vs.y * 0.8f) / 2), kColorMuted, v.c_str());
    } else {
      dl->AddText(ImGui::GetFont(), ImGui::GetFontSize() * 0.8f, ImVec2(money_x0 + Em(0.2f), y_rent), kColorMuted, t.cost_no_quote);
    }
    const float xe = static_cast<float>(sm.ToPixel(rs.energy_cost));
    dl->AddRectFilled(ImVec2(money_x0, y_energy), ImVec2(std::max(xe, money_x0 + 1), y_energy + bar_h), kColorEnergy, 2);
    const float xc = static_cast<float>(sc.ToPixel(rs.co2_kg));
    dl->AddRectFilled(ImVec2(co2_x0, y + Em(0.3f)), ImVec2(std::max(xc, co2_x0 + 1), y + row_h - Em(0.3f)), kColorCo2, 2);
    y += row_h;
  }
  // Legend.
  const float ly = bottom + Em(0.4f);
  float lx = o.x;
  auto key = [&](ImU32 col, const char* text) {
    dl->AddRectFilled(ImVec2(lx, ly + Em(0.2f)), ImVec2(lx + Em(0.8f), ly + Em(0.8f)), col, 2);
    dl->AddText(ImVec2(lx + Em(1.1f), ly), kColorText, text);
    lx += Em(1.1f) + ImGui::CalcTextSize(text).x + Em(1.0f);
  };
  key(kColorRent, d.bar_service == ServiceKind::kPurchase ? t.cost_capex_share : narrow ? t.cost_rent : t.cost_rent_incl);
  key(kColorEnergy, narrow ? t.cost_energy : t.cost_energy_region);
  key(kColorCo2, t.cost_co2);
  if (!narrow) {
    const std::string form = Printf(t.cost_form_label, FormName(d.bar_service, env, c));
    dl->AddText(ImVec2(lx, ly), kColorMuted, form.c_str());
  }
  if (hovered >= 0) RegionTooltip(c.regions.regions[rows[hovered].region_index], rows[hovered], d, c, env);
}

// [SECTION] Map ------------------------------------------------------------------------------

// Draws one map panel (China's hubs or the world) and returns the hovered region or -1.
int DrawMapPanel(ImDrawList* dl, const CostDerived& d, const Catalogs& c, const CostState& s, const charts::Rect& rect,
                 const charts::GeoBox& box, bool china, const char* title, bool hover_ok, std::vector<charts::Point>& pts,
                 std::vector<int>& idx, const UiEnv& env) {
  dl->AddRectFilled(ImVec2(static_cast<float>(rect.x0), static_cast<float>(rect.y0)),
                    ImVec2(static_cast<float>(rect.x1), static_cast<float>(rect.y1)), IM_COL32(255, 255, 255, 8), 4);
  dl->AddText(ImVec2(static_cast<float>(rect.x0) + Em(0.4f), static_cast<float>(rect.y0) + Em(0.2f)), IM_COL32(200, 205, 215, 255), title);
  const charts::Rect inner{rect.x0 + Em(0.8f), rect.y0 + Em(1.6f), rect.x1 - Em(0.8f), rect.y1 - Em(0.6f)};
  const float step = china ? 5.0f : 30.0f;
  // Graticule.
  for (double lat = std::ceil(box.lat_lo / step) * step; lat <= box.lat_hi; lat += step)
    dl->AddLine(ToImVec(charts::ProjectGeo(lat, box.lon_lo, box, inner)), ToImVec(charts::ProjectGeo(lat, box.lon_hi, box, inner)),
                lat == 0 ? IM_COL32(255, 255, 255, 40) : IM_COL32(255, 255, 255, 16));
  for (double lon = std::ceil(box.lon_lo / step) * step; lon <= box.lon_hi; lon += step)
    dl->AddLine(ToImVec(charts::ProjectGeo(box.lat_lo, lon, box, inner)), ToImVec(charts::ProjectGeo(box.lat_hi, lon, box, inner)),
                IM_COL32(255, 255, 255, 16));
  if (china) {
    // The Hu line (Heihe-Tengchong), the usual east/west divide of population and power demand.
    DashedLine(dl, ToImVec(charts::ProjectGeo(50.2, 127.5, box, inner)), ToImVec(charts::ProjectGeo(25.0, 98.5, box, inner)),
               IM_COL32(255, 255, 255, 60), Em(0.35f));
    const ImVec2 hl = ToImVec(charts::ProjectGeo(45.5, 121.5, box, inner));
    dl->AddText(hl, IM_COL32(255, 255, 255, 90), env.text().cost_map_hu_line);
  }
  int hovered = -1;
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  std::vector<ImVec4> placed;
  for (const RegionSeries& rs : d.map_regions) {
    const Region& r = c.regions.regions[rs.region_index];
    if (r.in_china() != china) continue;
    const ImVec2 p = ToImVec(charts::ProjectGeo(r.lat, r.lon, box, inner));
    pts.push_back({p.x, p.y});
    idx.push_back(rs.region_index);
    const bool in_job = std::any_of(d.regions.begin(), d.regions.end(), [&](const RegionSeries& x) { return x.region_index == rs.region_index; });
    const double price_t = charts::Normalize(rs.kwh_price, d.kwh_price_min, d.kwh_price_max);
    const float rad = Em(china ? 0.55f : 0.45f);
    dl->AddCircleFilled(p, rad, PriceColor(price_t, in_job ? 1.0f : 0.35f));
    if (rs.region_index == d.focus_region) dl->AddCircle(p, rad + Em(0.25f), IM_COL32(255, 255, 255, 230), 0, Em(0.12f));
    if (hover_ok && std::hypot(mouse.x - p.x, mouse.y - p.y) < Em(1.0f)) hovered = rs.region_index;
    // Label right of the dot, else left; skipped when both collide (hover shows it).
    const std::string name = ShortName(r, env.chinese());
    const ImVec2 sz = ImGui::CalcTextSize(name.c_str());
    auto collides = [&](const ImVec4& q) {
      if (q.x < inner.x0 - Em(0.6f) || q.z > inner.x1 + Em(0.6f)) return true;
      for (const ImVec4& o : placed)
        if (!(q.z < o.x || q.x > o.z || q.w < o.y || q.y > o.w)) return true;
      return false;
    };
    ImVec4 q(p.x + rad + Em(0.2f), p.y - sz.y / 2, p.x + rad + Em(0.2f) + sz.x, p.y + sz.y / 2);
    if (collides(q)) q = ImVec4(p.x - rad - Em(0.2f) - sz.x, p.y - sz.y / 2, p.x - rad - Em(0.2f), p.y + sz.y / 2);
    if (collides(q)) q = ImVec4(p.x - sz.x / 2, p.y + rad, p.x + sz.x / 2, p.y + rad + sz.y);
    if (!collides(q)) {
      placed.push_back(q);
      dl->AddText(ImVec2(q.x, q.y), in_job ? kColorText : kColorMuted, name.c_str());
    }
  }
  (void)s;
  return hovered;
}

void DrawRegionMap(CostState& s, const CostDerived& d, const Catalogs& c, const UiEnv& env, bool narrow) {
  const UiText& t = env.text();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float width = ImGui::GetContentRegionAvail().x;
  const float china_h = narrow ? width * 0.85f : std::min(width * 0.42f, Em(22));
  const float world_h = narrow ? width * 0.6f : china_h;
  const float legend_h = Em(2.2f);
  const float height = narrow ? china_h + world_h + Em(0.5f) + legend_h : china_h + legend_h;
  const ImVec2 o = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("map", ImVec2(width, height));
  const bool hover_ok = ImGui::IsItemHovered();
  const bool clicked = ImGui::IsItemClicked(ImGuiMouseButton_Left);
  charts::Rect china_rect, world_rect;
  if (narrow) {
    china_rect = {o.x, o.y, o.x + width, o.y + china_h};
    world_rect = {o.x, o.y + china_h + Em(0.5f), o.x + width, o.y + china_h + Em(0.5f) + world_h};
  } else {
    const float cw = width * 0.44f;
    china_rect = {o.x, o.y, o.x + cw, o.y + china_h};
    world_rect = {o.x + cw + Em(0.6f), o.y, o.x + width, o.y + china_h};
  }
  std::vector<charts::Point> pts;
  std::vector<int> idx;
  int hovered = DrawMapPanel(dl, d, c, s, china_rect, charts::GeoBox{18, 47, 96, 128}, true, t.cost_map_china, hover_ok,
                             pts, idx, env);
  const int hw = DrawMapPanel(dl, d, c, s, world_rect, charts::GeoBox{-42, 66, -130, 160}, false, t.cost_group_global,
                              hover_ok, pts, idx, env);
  if (hovered < 0) hovered = hw;
  // Legend: price ramp.
  const float ly = o.y + height - legend_h + Em(0.5f);
  const std::string& cur = d.request.currency;
  const std::string lo = Money(d.kwh_price_min, cur) + "/kWh", hi = Money(d.kwh_price_max, cur) + "/kWh";
  float x = o.x;
  dl->AddText(ImVec2(x, ly), kColorMuted, lo.c_str());
  x += ImGui::CalcTextSize(lo.c_str()).x + Em(0.4f);
  const float ramp_w = Em(narrow ? 5 : 8);
  for (int i = 0; i < 16; ++i)
    dl->AddRectFilled(ImVec2(x + ramp_w * i / 16, ly + Em(0.2f)), ImVec2(x + ramp_w * (i + 1) / 16, ly + Em(0.9f)), PriceColor(i / 15.0));
  x += ramp_w + Em(0.4f);
  dl->AddText(ImVec2(x, ly), kColorMuted, hi.c_str());
  x += ImGui::CalcTextSize(hi.c_str()).x + Em(1);
  if (!narrow) dl->AddText(ImVec2(x, ly), kColorMuted, t.cost_map_legend);
  if (hovered >= 0) {
    for (const RegionSeries& rs : d.map_regions)
      if (rs.region_index == hovered) {
        RegionSeries shown = rs;
        for (const RegionSeries& job : d.regions)
          if (job.region_index == hovered) shown = job;
        RegionTooltip(c.regions.regions[hovered], shown, d, c, env);
      }
    if (clicked) s.focus_region = c.regions.regions[hovered].id;
  }
}

// [SECTION] Break-even -----------------------------------------------------------------------

void DrawBreakEven(const CostDerived& d, const Catalogs& c, const UiEnv& env, bool narrow) {
  const UiText& t = env.text();
  const std::string& cur = d.request.currency;
  if (d.focus_region < 0) return;
  const Region& focus = c.regions.regions[d.focus_region];
  WrappedTextF(t.cost_be_title, d.inputs.gpus, ShortName(focus, env.chinese()).c_str());
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float width = ImGui::GetContentRegionAvail().x;
  const float height = narrow ? std::max(Em(16), width * 0.8f) : std::clamp(width * 0.55f, Em(14), Em(22));
  const ImVec2 o = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("breakeven", ImVec2(width, height));
  const bool hovered = ImGui::IsItemHovered();
  double y_max = 0;
  for (const FormCurve& f : d.curves)
    if (f.priced) y_max = std::max({y_max, f.model.At(0), f.model.At(1)});
  y_max = charts::NiceCeil(y_max * 1.05);
  const float left = o.x + Em(narrow ? 3.6f : 4.6f), right = o.x + width - Em(0.8f);
  const float top = o.y + Em(0.6f), bottom = o.y + height - Em(2.6f);
  const charts::Scale sx{0, 1, left, right, false};
  const charts::Scale sy{0, y_max, bottom, top, false};
  dl->AddRectFilled(ImVec2(left, top), ImVec2(right, bottom), IM_COL32(255, 255, 255, 8), 4);
  for (const charts::Tick& tick : charts::LinearTicks(0, 100, narrow ? 4 : 10, "%")) {
    const float x = static_cast<float>(sx.ToPixel(tick.value / 100));
    dl->AddLine(ImVec2(x, top), ImVec2(x, bottom), kColorGrid);
    dl->AddText(ImVec2(x - ImGui::CalcTextSize(tick.label.c_str()).x / 2, bottom + Em(0.2f)), kColorMuted, tick.label.c_str());
  }
  const std::string sym = CurrencySymbol(cur);
  for (const charts::Tick& tick : charts::LinearTicks(0, y_max, std::max(3, static_cast<int>((bottom - top) / Em(2.2f))), "")) {
    const float y = static_cast<float>(sy.ToPixel(tick.value));
    dl->AddLine(ImVec2(left, y), ImVec2(right, y), kColorGrid);
    const std::string label = MoneyTick(tick, cur, sym, env.language);
    dl->AddText(ImVec2(left - ImGui::CalcTextSize(label.c_str()).x - Em(0.3f), y - Em(0.5f)), kColorMuted, label.c_str());
  }
  const char* x_title = t.cost_be_x;
  dl->AddText(ImVec2((left + right) / 2 - ImGui::CalcTextSize(x_title).x / 2, bottom + Em(1.3f)), IM_COL32(200, 205, 215, 255), x_title);
  dl->PushClipRect(ImVec2(left, top), ImVec2(right, bottom), true);
  for (const FormCurve& f : d.curves) {
    if (!f.priced || f.points.size() < 2) continue;
    std::vector<ImVec2> line;
    for (const DutyPoint& p : f.points) line.push_back(ImVec2(static_cast<float>(sx.ToPixel(p.duty)), static_cast<float>(sy.ToPixel(p.cost))));
    dl->AddPolyline(line.data(), static_cast<int>(line.size()), FormColor(f.service), 0, Em(0.14f));
  }
  // The job's duty cycle.
  const float xd = static_cast<float>(sx.ToPixel(d.inputs.duty_cycle));
  DashedLine(dl, ImVec2(xd, top), ImVec2(xd, bottom), IM_COL32(255, 255, 255, 110), Em(0.3f));
  dl->AddText(ImVec2(xd + Em(0.2f), top + Em(0.1f)), IM_COL32(255, 255, 255, 150), t.cost_be_yours);
  for (const BreakEvenMark& m : d.marks) {
    const ImVec2 p(static_cast<float>(sx.ToPixel(m.duty)), static_cast<float>(sy.ToPixel(m.cost)));
    dl->AddCircleFilled(p, Em(0.35f), IM_COL32(255, 255, 255, 230));
    const std::string label = Safe(m.duty * 100, 0) + " %";
    dl->AddText(ImVec2(p.x + Em(0.4f), p.y - Em(1.2f)), kColorText, label.c_str());
  }
  dl->PopClipRect();
  if (hovered) {
    const double duty = std::clamp(sx.FromPixel(ImGui::GetIO().MousePos.x), 0.0, 1.0);
    ImGui::BeginTooltip();
    ImGui::Text(t.cost_be_tip_duty, Safe(duty * 100, 0).c_str(), Safe(duty * kHoursPerMonth, 0).c_str());
    for (const FormCurve& f : d.curves) {
      ImGui::PushStyleColor(ImGuiCol_Text, FormColor(f.service));
      if (f.priced) ImGui::Text(t.cost_be_tip_form, FormName(f.service, env, c), Money(f.model.At(duty), cur).c_str());
      else ImGui::Text(t.cost_be_tip_form, FormName(f.service, env, c), t.cost_no_quote);
      ImGui::PopStyleColor();
    }
    ImGui::EndTooltip();
  }
  // Legend and break-even list as widgets (wrap naturally on phones).
  for (const FormCurve& f : d.curves) {
    ImGui::PushID(static_cast<int>(f.service));
    const ImVec2 p = ImGui::GetCursorScreenPos();
    dl->AddRectFilled(ImVec2(p.x, p.y + Em(0.45f)), ImVec2(p.x + Em(1.0f), p.y + Em(0.6f)), FormColor(f.service, f.priced ? 1.0f : 0.3f));
    ImGui::Dummy(ImVec2(Em(1.2f), Em(1)));
    ImGui::SameLine();
    if (f.priced) {
      ImGui::Text(t.cost_be_legend, FormName(f.service, env, c), Money(f.model.fixed_per_month, cur).c_str(),
                  Money(f.model.per_duty, cur).c_str());
    } else {
      ImGui::TextDisabled(t.cost_be_no_quote, FormName(f.service, env, c));
    }
    if (!f.price_note.empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", Shown(f.price_note, env).c_str());
    ImGui::PopID();
  }
  for (const BreakEvenMark& m : d.marks)
    ImGui::BulletText(t.cost_be_mark, FormName(m.a, env, c), FormName(m.b, env, c), Safe(m.duty * 100, 0).c_str(),
                      Safe(m.duty * kHoursPerMonth, 0).c_str());
  if (d.marks.empty()) ImGui::TextDisabled(t.cost_be_none, 0, 100);
}

// [SECTION] Rows table -----------------------------------------------------------------------

void DrawRowsTable(const CostDerived& d, const Catalogs& c, const UiEnv& env, bool narrow) {
  const UiText& t = env.text();
  if (!d.valid || d.report.rows.empty()) return;
  const std::string& cur = d.request.currency;
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders | ImGuiTableFlags_ScrollX |
                                ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit;
  const float h = std::min(Em(narrow ? 22 : 20), Em(1.6f) * (d.report.rows.size() + 2));
  if (!ImGui::BeginTable("rows", 8, flags, ImVec2(0, h))) return;
  ImGui::TableSetupScrollFreeze(1, 1);
  ImGui::TableSetupColumn(t.cost_col_region);
  ImGui::TableSetupColumn(t.cost_col_form);
  ImGui::TableSetupColumn(Printf(t.cost_col_total, cur.c_str()).c_str());
  ImGui::TableSetupColumn(Printf(t.cost_col_year, cur.c_str()).c_str());
  ImGui::TableSetupColumn(t.cost_col_kwh);
  ImGui::TableSetupColumn(Printf(t.cost_col_energy, cur.c_str()).c_str());
  ImGui::TableSetupColumn(t.cost_col_co2);
  ImGui::TableSetupColumn(t.cost_col_notes);
  ImGui::TableHeadersRow();
  for (size_t i = 0; i < d.report.rows.size(); ++i) {
    const CostRow& row = d.report.rows[i];
    const Region* r = c.regions.Find(row.region_id);
    ImGui::PushID(static_cast<int>(i));
    ImGui::TableNextRow();
    if (d.report.cheapest && *d.report.cheapest == i) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, IM_COL32(92, 200, 120, 50));
    ImGui::TableNextColumn();
    const std::string region = r ? ShortName(*r, env.chinese()) : row.region_id;
    if (row.meets_constraints) ImGui::TextUnformatted(region.c_str());
    else ImGui::TextDisabled("%s", region.c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(FormName(row.service, env, c));
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(row.total_cost ? Money(row.total_cost->amount, cur).c_str() : t.cost_no_price);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(row.annual_cost ? Money(row.annual_cost->amount, cur).c_str() : "-");
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(Safe(row.energy_kwh, 0).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(
        Printf(row.energy_in_total ? t.cost_energy_paid : t.cost_energy_in_rent, Money(row.energy_cost.amount, cur).c_str()).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(Safe(row.co2_kg, 0).c_str());
    ImGui::TableNextColumn();
    ImGui::TextDisabled(t.cost_notes_count, row.notes.size());
    if (ImGui::IsItemHovered()) {
      ImGui::BeginTooltip();
      ImGui::PushTextWrapPos(Em(26));
      for (const std::string& n : row.notes) WrappedBullet(Shown(n, env));
      ImGui::PopTextWrapPos();
      ImGui::EndTooltip();
    }
    ImGui::PopID();
  }
  ImGui::EndTable();
}

// [SECTION] Price table ----------------------------------------------------------------------

// "quoted 2026-09", with a stale mark past 12 months ("(year only)" when the source shows no month:
// the caller colours it when stale); the estimate tag for news and blog figures.
std::string QuotedText(const PriceRecord& p, bool stale, const UiText& t) {
  std::string out = Printf(p.as_of_year_only ? t.cost_quoted_year : stale ? t.cost_quoted_stale : t.cost_quoted, p.as_of.c_str());
  return p.estimate ? Printf(t.cost_as_of_estimate, out.c_str()) : out;
}

// The market for the card, one line per form and market: median and range of the current quotes
// with the number of sellers, the newest quote with its date and source one click away, or "no
// public price found" where a search is recorded (data/pricing.json gaps).
void DrawMarketLines(const CostDerived& d, const Catalogs& c, const UiEnv& env) {
  const UiText& t = env.text();
  if (d.market.empty()) return;
  WrappedText(t.cost_market_help);
  const std::string& cur = d.request.currency.empty() ? std::string("CNY") : d.request.currency;
  for (size_t i = 0; i < d.market.size(); ++i) {
    const MarketLine& m = d.market[i];
    ImGui::PushID(static_cast<int>(i) + 1000);
    const char* market = m.market == "cn" ? t.cost_market_cn : t.cost_market_global;
    if (m.gap) {
      ImGui::PushStyleColor(ImGuiCol_Text, kColorWarn);
      ImGui::Bullet();
      WrappedTextF(t.cost_market_gap, FormName(m.service, env, c), market);
      ImGui::PopStyleColor();
      if (ImGui::IsItemHovered()) {
        std::string where;
        for (const std::string& w : m.gap->searched) where += (where.empty() ? "" : t.cost_list_sep) + w;
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(Em(26));
        WrappedTextF(t.cost_market_gap_tip, m.gap->searched_on.c_str(), where.c_str());
        if (!m.gap->notes.empty()) WrappedText(m.gap->notes.c_str());
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
      }
      ImGui::PopID();
      continue;
    }
    ImGui::Bullet();
    WrappedTextF(t.cost_market_line, FormName(m.service, env, c), market, Money(m.median, cur).c_str(),
                       PriceUnit(m.service, t), Money(m.min, cur).c_str(), Money(m.max, cur).c_str(), m.stats.quotes,
                       m.stats.sellers);
    if (m.stats.stale_only) {
      ImGui::SameLine();
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kColorWarn), "%s", t.cost_market_stale_only);
    }
    if (m.newest) {
      ImGui::Indent(Em(1.2f));
      const std::string quoted = QuotedText(*m.newest, m.newest_stale, t);
      ImGui::TextDisabled(t.cost_market_newest, Shown(c.pricing.ProviderName(m.newest->provider, env.chinese()), env).c_str(), quoted.c_str());
      if (!m.newest->sources.empty() && env.open_url) {
        ImGui::SameLine();
        if (ImGui::SmallButton(Label(t.source_open, "open_newest").c_str())) env.open_url(m.newest->sources.front());
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", m.newest->sources.front().c_str());
      }
      ImGui::Unindent(Em(1.2f));
    }
    ImGui::PopID();
  }
  ImGui::Spacing();
}

void DrawPriceTable(CostState& s, const CostDerived& d, const Catalogs& c, const UiEnv& env) {
  const UiText& t = env.text();
  DrawMarketLines(d, c, env);
  WrappedText(t.cost_prices_help);
  std::vector<int> shown;
  for (int i = 0; i < static_cast<int>(c.pricing.prices.size()); ++i)
    if (c.pricing.prices[i].gpu == s.gpu) shown.push_back(i);
  if (shown.empty()) {
    ColoredWrapped(kColorWarn, t.cost_prices_none);
    return;
  }
  if (!s.price_overrides.empty()) {
    if (ImGui::SmallButton(Label(t.cost_reset_all, "reset_all").c_str())) s.price_overrides.clear();
  }
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders | ImGuiTableFlags_ScrollX | ImGuiTableFlags_SizingFixedFit;
  const float table_h = ImGui::GetFrameHeightWithSpacing() * (shown.size() + 1.5f) + (s.price_overrides.empty() ? 0 : Em(1.5f) * shown.size());
  if (!ImGui::BeginTable("prices", 6, flags, ImVec2(0, table_h))) return;
  ImGui::TableSetupColumn(t.cost_col_provider);
  ImGui::TableSetupColumn(t.cost_col_form);
  ImGui::TableSetupColumn(t.cost_col_market);
  ImGui::TableSetupColumn(t.cost_col_price, ImGuiTableColumnFlags_WidthFixed, Em(env.narrow() ? 9 : 10));
  ImGui::TableSetupColumn(t.cost_col_as_of);
  ImGui::TableSetupColumn(t.cost_col_sources);
  ImGui::TableHeadersRow();
  for (int i : shown) {
    const PriceRecord& p = c.pricing.prices[i];
    ImGui::PushID(i);
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(Shown(c.pricing.ProviderName(p.provider, env.chinese()), env).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(FormName(p.service, env, c));
    ImGui::TableNextColumn();
    const char* market = p.market == "cn" ? t.cost_market_cn : p.market == "global" ? t.cost_market_global : p.market.c_str();
    if (p.region.empty()) ImGui::TextUnformatted(market);
    else ImGui::Text(t.cost_market_region, market, p.region.c_str());
    ImGui::TableNextColumn();
    const PriceOverride* o = FindPriceOverride(s, p.id);
    double v = o ? o->amount : p.Amount();
    const std::string fmt = "%.4g " + p.currency + PriceUnit(p.service, t);
    ImGui::SetNextItemWidth(-1);
    if (ImGui::InputDouble("##price", &v, 0, 0, fmt.c_str(), ImGuiInputTextFlags_EnterReturnsTrue) && std::isfinite(v))
      SetPriceOverride(s, p.id, std::fabs(v - p.Amount()) < 1e-12 ? 0 : std::clamp(v, 1e-6, 1e9));
    if (o) {
      ImGui::PushStyleColor(ImGuiCol_Text, kColorWarn);
      ImGui::TextUnformatted(t.cost_edited);
      ImGui::PopStyleColor();
      ImGui::SameLine();
      if (ImGui::SmallButton(Label(t.cost_reset, "reset").c_str())) SetPriceOverride(s, p.id, 0);
    }
    ImGui::TableNextColumn();
    const bool stale = IsStaleQuote(p, c.pricing.data_date);
    if (stale) ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kColorWarn), "%s", QuotedText(p, true, t).c_str());
    else ImGui::TextUnformatted(QuotedText(p, false, t).c_str());
    if (stale && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", t.cost_stale_tip);
    ImGui::TableNextColumn();
    if (!p.sources.empty() && env.open_url) {
      if (ImGui::SmallButton(Label(t.source_open, "open").c_str())) env.open_url(p.sources.front());
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", p.sources.front().c_str());
    } else {
      ImGui::TextDisabled("%zu", p.sources.size());
    }
    ImGui::PopID();
  }
  ImGui::EndTable();
  (void)d;
}

// [SECTION] Layout ---------------------------------------------------------------------------

void DrawResults(AppState& state, const Catalogs& c, const CostDerived& d, const UiEnv& env, bool narrow) {
  const UiText& t = env.text();
  DrawPresetButtons(state, c, env);
  if (d.preset && !state.cost.preset.empty()) {
    ImGui::Spacing();
    DrawPresetPanel(state, *d.preset, env);
  }
  ImGui::Spacing();
  DrawSummary(d, c, env);
  if (!d.valid) return;
  SectionTitle(t.cost_sec_bars);
  DrawRegionBars(d, c, env, narrow);
  SectionTitle(t.cost_sec_map);
  DrawRegionMap(state.cost, d, c, env, narrow);
  SectionTitle(t.cost_sec_breakeven);
  DrawBreakEven(d, c, env, narrow);
  SectionTitle(t.cost_sec_rows);
  DrawRowsTable(d, c, env, narrow);
  SectionTitle(t.cost_sec_prices);
  DrawPriceTable(state.cost, d, c, env);
}

}  // namespace

void DrawCostView(AppState& state, const Catalogs& catalogs, const CostDerived& derived, const UiEnv& env,
                  UiMemory& memory) {
  (void)memory;
  const bool narrow = env.narrow();
  if (narrow) {
    ImGui::BeginChild("cost_scroll", ImVec2(0, 0), false);
    if (ImGui::CollapsingHeader(Label(env.text().cost_inputs_header, "cost_inputs").c_str()))
      DrawInputs(state.cost, catalogs, derived, env);
    DrawResults(state, catalogs, derived, env, true);
    ImGui::EndChild();
    return;
  }
  const float inputs_w = std::clamp(ImGui::GetContentRegionAvail().x * 0.24f, Em(17), Em(22));
  ImGui::BeginChild("cost_inputs", ImVec2(inputs_w, 0), true);
  DrawInputs(state.cost, catalogs, derived, env);
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("cost_results", ImVec2(0, 0), true);
  DrawResults(state, catalogs, derived, env, false);
  ImGui::EndChild();
}

}  // namespace atlas::ui
