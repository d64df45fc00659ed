// Rent, energy and CO2 of the job per hub as horizontal bars, grouped east / west / global,
// with the hub tooltip the map shares.
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
#include <utility>
#include <vector>

namespace atlas::ui::cost {

void RegionTooltip(const Region& r, const RegionSeries& rs, const CostDerived& d, const Catalogs& c, const UiEnv& env) {
  const UiText& t = env.text();
  const std::string& cur = d.request.currency;
  // A fixed width: a stretch table of wrapped values in a tooltip that sizes itself to them cut
  // the longest value at its right edge ("London 110 ms, Mumbai 2" on desktop).
  ImGui::SetNextWindowSize(ImVec2(Em(26), 0));
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(Shown(r.DisplayName(env.chinese()), env).c_str());
  ImGui::TextDisabled("%s", GroupTitle(r.group, t));
  if (BeginKeyValueTable("region_tip")) {
    // The local tariff as published: "0.63 CNY" in English; in Chinese the sign before the number
    // ("¥0.63", "$0.125", never the code CNY), other currencies by their code ("0.21 EUR").
    const std::string& local_cur = r.electricity_currency;
    const std::string tariff = env.chinese() && *CurrencySymbol(local_cur)
                                   ? CurrencySymbol(local_cur) + Safe(r.electricity_price_per_kwh, 3)
                                   : Safe(r.electricity_price_per_kwh, 3) + " " + local_cur;
    KeyValueRow(t.cost_tip_electricity,
                Printf(r.IsEstimate("electricity_price") ? t.cost_tip_electricity_estimate : t.cost_tip_electricity_value,
                       tariff.c_str(), r.electricity_year, Money(rs.kwh_price, cur, env.language).c_str()));
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
      KeyValueRow(t.cost_tip_energy_cost, Money(rs.energy_cost, cur, env.language));
      KeyValueRow(d.bar_service == ServiceKind::kPurchase ? t.cost_capex_share : t.cost_rent, Money(rs.rental_cost, cur, env));
      KeyValueRow(t.cost_co2, Printf(t.cost_kg, Safe(rs.co2_kg, 0).c_str()));
      if (rs.cheapest_total)
        KeyValueRow(t.cost_tip_cheapest_form, Printf(t.cost_tip_cheapest_value, FormName(*rs.cheapest_service, env, c),
                                                     Money(*rs.cheapest_total, cur, env.language).c_str()));
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
  const float label_w = Em(narrow ? 8.6f : 10.5f);
  // A name wider than its column (phones: "Beijing-Tianjin-Hebei" in 8.6 em) wraps, and its row
  // grows to hold the lines, rather than being cut at the column's edge.
  const float name_w = label_w - Em(0.9f), line_h = ImGui::GetTextLineHeight();
  std::vector<std::string> names(rows.size());
  std::vector<const std::vector<std::pair<size_t, size_t>>*> name_lines(rows.size());
  std::vector<float> row_hs(rows.size(), row_h);
  int groups = 0;
  std::string last;
  float rows_h = 0;
  for (size_t i = 0; i < rows.size(); ++i) {
    if (rows[i].group != last || groups == 0) ++groups, last = rows[i].group;
    names[i] = ShortName(c.regions.regions[rows[i].region_index], env.chinese());
    name_lines[i] = &TextLines(names[i], name_w);
    row_hs[i] = std::max(row_h, static_cast<float>(name_lines[i]->size()) * line_h + Em(0.3f));
    rows_h += row_hs[i];
  }
  const float height = axis_h + groups * header_h + rows_h + Em(1.8f);
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
  const float gap = Em(narrow ? 0.8f : 1.6f);
  const float money_x0 = o.x + label_w, co2_w = std::max(Em(5), (width - label_w) * 0.26f);
  const float money_x1 = o.x + width - co2_w - gap, co2_x0 = money_x1 + gap, co2_x1 = o.x + width - Em(0.6f);
  const charts::Scale sm{0, money_max, money_x0, money_x1, false};
  const charts::Scale sc{0, co2_max, co2_x0, co2_x1, false};
  const float top = o.y + axis_h, bottom = o.y + height - Em(1.8f);

  // Axes.
  const std::string sym = CurrencySymbol(cur);
  // Tick labels centred, except the ends of each axis, which stay inside it; never touching
  // (charts::SpacedLinearTicks), each one reported to tests as "bar_tick".
  // Generic lambdas, called directly: a std::function would put the money formatting in the
  // first frame's wasm (see charts::SpacedLinearTicks).
  auto axis = [&](const charts::Scale& scale, int max_labels, const auto& text) {
    const auto width = [&](const charts::Tick& tick) { return static_cast<double>(ImGui::CalcTextSize(text(tick).c_str()).x); };
    for (const charts::Tick& tick : charts::SpacedLinearTicks(scale, max_labels, Em(0.8f), width)) {
      const float x = static_cast<float>(scale.ToPixel(tick.value));
      dl->AddLine(ImVec2(x, top), ImVec2(x, bottom), kColorGrid);
      if (!tick.major) continue;
      const std::string label = text(tick);
      const ImVec2 size = ImGui::CalcTextSize(label.c_str());
      const ImVec2 at(static_cast<float>(charts::TickLabelLeft(scale, tick, size.x)), top - Em(1.15f));
      dl->AddText(at, kColorMuted, label.c_str());
      if (env.test_target) env.test_target("bar_tick", at.x, at.y, at.x + size.x, at.y + size.y);
    }
  };
  axis(sm, std::max(2, static_cast<int>((money_x1 - money_x0) / Em(4))),
       [&](const charts::Tick& tick) { return MoneyTick(tick, cur, sym, env.language); });
  axis(sc, std::max(2, static_cast<int>(co2_w / Em(3.5f))), [](const charts::Tick& tick) { return tick.label; });
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
    if (i == 0 || rs.group != last) {
      last = rs.group;
      const ImU32 col = rs.group == "cn-east" ? IM_COL32(255, 160, 120, 255) : rs.group == "cn-west" ? IM_COL32(120, 220, 160, 255) : kColorAccent;
      dl->AddRectFilled(ImVec2(o.x, y + Em(0.25f)), ImVec2(o.x + Em(0.3f), y + header_h - Em(0.15f)), col);
      dl->AddText(ImVec2(o.x + Em(0.6f), y + Em(0.2f)), col, GroupTitle(rs.group, t));
      y += header_h;
    }
    const float rh = row_hs[i];
    // A row off screen is only laid out (the chart's box is sized for all rows): drawing every
    // bar of a long chart below the fold cost frame time (16.4).
    if (!ImGui::IsRectVisible(ImVec2(o.x, y), ImVec2(o.x + width, y + rh))) {
      y += rh;
      continue;
    }
    const bool hot = hovered_chart && mouse.y >= y && mouse.y < y + rh;
    if (hot) {
      hovered = static_cast<int>(i);
      dl->AddRectFilled(ImVec2(o.x, y), ImVec2(o.x + width, y + rh), IM_COL32(255, 255, 255, 18));
    }
    const ImU32 text_col = rs.meets_constraints ? kColorText : kColorMuted;
    dl->PushClipRect(ImVec2(o.x, y), ImVec2(money_x0 - Em(0.3f), y + rh), true);
    DrawTextLines(dl, ImVec2(o.x + Em(0.6f), y + (rh - static_cast<float>(name_lines[i]->size()) * line_h) / 2), text_col,
                  names[i], *name_lines[i], line_h);
    dl->PopClipRect();
    // The bars keep the standard row's height, centred in a row grown for a wrapped name.
    const float bar_h = (row_h - Em(0.45f)) / 2;
    const float y_rent = y + (rh - row_h) / 2 + Em(0.15f), y_energy = y_rent + bar_h + Em(0.1f);
    if (rs.rental_cost) {
      const float x = static_cast<float>(sm.ToPixel(*rs.rental_cost));
      dl->AddRectFilled(ImVec2(money_x0, y_rent), ImVec2(std::max(x, money_x0 + 1), y_rent + bar_h), kColorRent, 2);
      const std::string v = Money(*rs.rental_cost, cur, env.language);
      const ImVec2 vs = ImGui::CalcTextSize(v.c_str());
      if (!narrow && x + Em(0.3f) + vs.x < money_x1)
        dl->AddText(ImGui::GetFont(), ImGui::GetFontSize() * 0.8f, ImVec2(x + Em(0.3f), y_rent + (bar_h - vs.y * 0.8f) / 2), kColorMuted, v.c_str());
    } else {
      dl->AddText(ImGui::GetFont(), ImGui::GetFontSize() * 0.8f, ImVec2(money_x0 + Em(0.2f), y_rent), kColorMuted, t.cost_no_quote);
    }
    const float xe = static_cast<float>(sm.ToPixel(rs.energy_cost));
    dl->AddRectFilled(ImVec2(money_x0, y_energy), ImVec2(std::max(xe, money_x0 + 1), y_energy + bar_h), kColorEnergy, 2);
    const float xc = static_cast<float>(sc.ToPixel(rs.co2_kg));
    const float y_co2 = y + (rh - row_h) / 2;
    dl->AddRectFilled(ImVec2(co2_x0, y_co2 + Em(0.3f)), ImVec2(std::max(xc, co2_x0 + 1), y_co2 + row_h - Em(0.3f)), kColorCo2, 2);
    y += rh;
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

}  // namespace atlas::ui::cost
