// The Cost view's words and small drawing helpers: money, short hub names, service-form names,
// user centres, colours.
#include "cost_parts.hpp"

#include "engine/format.hpp"
#include "ui/charts/scale.hpp"
#include "ui/format_units.hpp"
#include "ui/theme.hpp"
#include "ui/widgets.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstring>

namespace atlas::ui::cost {

const char* CurrencySymbol(const std::string& cur) { return cur == "USD" ? "$" : cur == "CNY" ? "¥" : ""; }

const char* CurrencyHead(const std::string& cur, const UiEnv& env) {
  return env.chinese() && *CurrencySymbol(cur) ? CurrencySymbol(cur) : cur.c_str();
}

std::string MoneyTick(const charts::Tick& tick, const std::string& cur, const std::string& sym, Language language) {
  if (language != Language::kChinese) return sym + tick.label;
  return tick.value == 0 ? sym + "0" : ui::Money(tick.value, cur, language);
}

std::string Money(const std::optional<double>& v, const std::string& cur, const UiEnv& env) {
  return v ? ui::Money(*v, cur, env.language) : env.text().cost_no_price;
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
ImU32 FormColor(ServiceKind k, float alpha) {
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

// Electricity price colour: green (cheap) to red (dear).
ImU32 PriceColor(double t, float alpha) {
  t = std::clamp(t, 0.0, 1.0);
  const int r = static_cast<int>(80 + 170 * t), g = static_cast<int>(200 - 110 * t), b = static_cast<int>(110 - 30 * t);
  return IM_COL32(r, g, b, static_cast<int>(255 * alpha));
}

void DashedLine(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 col, float dash, float thickness) {
  const float len = std::hypot(b.x - a.x, b.y - a.y);
  if (!(len > 0) || !(dash > 0)) return;
  for (float t = 0; t < len; t += 2 * dash) {
    const float t1 = std::min(t + dash, len);
    dl->AddLine(ImVec2(a.x + (b.x - a.x) * t / len, a.y + (b.y - a.y) * t / len),
                ImVec2(a.x + (b.x - a.x) * t1 / len, a.y + (b.y - a.y) * t1 / len), col, thickness);
  }
}

}  // namespace atlas::ui::cost
