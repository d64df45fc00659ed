// Monthly cost of each service form against duty cycle for the focused hub, with break-even points.
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

// The left edge of `text` placed at `x`, moved inside [lo, hi] (an axis label at the chart's end).
float InBox(float x, const char* text, float lo, float hi) {
  return std::clamp(x, lo, std::max(lo, hi - ImGui::CalcTextSize(text).x));
}

// The left edge of a label beside a mark at `x`: to its right, or to its left where it would
// pass the chart's right edge (the chart clips it: "92 %" read "92" on a phone).
float BesideMark(float x, float gap, const char* text, float right) {
  const float w = ImGui::CalcTextSize(text).x;
  return x + gap + w <= right ? x + gap : x - gap - w;
}

}  // namespace

void DrawBreakEven(const CostDerived& d, const Catalogs& c, const UiEnv& env, bool narrow) {
  const UiText& t = env.text();
  const std::string& cur = d.request.currency;
  if (d.focus_region < 0) return;
  const Region& focus = c.regions.regions[d.focus_region];
  WrappedText(Plurals(Printf(t.cost_be_title, d.inputs.gpus, ShortName(focus, env.chinese()).c_str())));
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float width = ImGui::GetContentRegionAvail().x;
  const float height = narrow ? std::max(Em(16), width * 0.8f) : std::clamp(width * 0.55f, Em(14), Em(22));
  const ImVec2 o = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("breakeven", ImVec2(width, height));
  const bool hovered = ImGui::IsItemHovered();
  // The chart only when on screen (its box is laid out either way, so nothing moves): the
  // Cost view is long, and drawing its charts below the fold cost frame time (16.4).
  if (ImGui::IsItemVisible()) {
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
      dl->AddText(ImVec2(InBox(x - ImGui::CalcTextSize(tick.label.c_str()).x / 2, tick.label.c_str(), o.x, o.x + width), bottom + Em(0.2f)),
                  kColorMuted, tick.label.c_str());
    }
    const std::string sym = CurrencySymbol(cur);
    for (const charts::Tick& tick : charts::LinearTicks(0, y_max, std::max(3, static_cast<int>((bottom - top) / Em(2.2f))), "")) {
      const float y = static_cast<float>(sy.ToPixel(tick.value));
      dl->AddLine(ImVec2(left, y), ImVec2(right, y), kColorGrid);
      const std::string label = MoneyTick(tick, cur, sym, env.language);
      dl->AddText(ImVec2(left - ImGui::CalcTextSize(label.c_str()).x - Em(0.3f), y - Em(0.5f)), kColorMuted, label.c_str());
    }
    // The axis title in full where it fits, else its first words (a phone: "duty cycle").
    const char* x_title = ImGui::CalcTextSize(t.cost_be_x).x <= width ? t.cost_be_x : t.cost_be_x_short;
    dl->AddText(ImVec2(InBox((left + right) / 2 - ImGui::CalcTextSize(x_title).x / 2, x_title, o.x, o.x + width), bottom + Em(1.3f)),
                IM_COL32(200, 205, 215, 255), x_title);
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
    dl->AddText(ImVec2(BesideMark(xd, Em(0.2f), t.cost_be_yours, right), top + Em(0.1f)), IM_COL32(255, 255, 255, 150), t.cost_be_yours);
    for (const BreakEvenMark& m : d.marks) {
      const ImVec2 p(static_cast<float>(sx.ToPixel(m.duty)), static_cast<float>(sy.ToPixel(m.cost)));
      dl->AddCircleFilled(p, Em(0.35f), IM_COL32(255, 255, 255, 230));
      const std::string label = Safe(m.duty * 100, 0) + " %";
      dl->AddText(ImVec2(BesideMark(p.x, Em(0.4f), label.c_str(), right), p.y - Em(1.2f)), kColorText, label.c_str());
    }
    dl->PopClipRect();
    if (hovered) {
      const double duty = std::clamp(sx.FromPixel(ImGui::GetIO().MousePos.x), 0.0, 1.0);
      ImGui::BeginTooltip();
      ImGui::Text(t.cost_be_tip_duty, Safe(duty * 100, 0).c_str(), Safe(duty * kHoursPerMonth, 0).c_str());
      for (const FormCurve& f : d.curves) {
        ImGui::PushStyleColor(ImGuiCol_Text, FormColor(f.service));
        if (f.priced) ImGui::Text(t.cost_be_tip_form, FormName(f.service, env, c), Money(f.model.At(duty), cur, env.language).c_str());
        else ImGui::Text(t.cost_be_tip_form, FormName(f.service, env, c), t.cost_no_quote);
        ImGui::PopStyleColor();
      }
      ImGui::EndTooltip();
    }
  }
  // Legend and break-even list as widgets (wrap naturally on phones).
  for (const FormCurve& f : d.curves) {
    ImGui::PushID(static_cast<int>(f.service));
    const ImVec2 p = ImGui::GetCursorScreenPos();
    dl->AddRectFilled(ImVec2(p.x, p.y + Em(0.45f)), ImVec2(p.x + Em(1.0f), p.y + Em(0.6f)), FormColor(f.service, f.priced ? 1.0f : 0.3f));
    ImGui::Dummy(ImVec2(Em(1.2f), Em(1)));
    ImGui::SameLine();
    // Wrapped: a phone is narrower than "per-hour container: ¥0.00 fixed + ¥56,369 at 100 % duty".
    if (f.priced) {
      WrappedText(Printf(t.cost_be_legend, FormName(f.service, env, c), Money(f.model.fixed_per_month, cur, env.language).c_str(),
                         Money(f.model.per_duty, cur, env.language).c_str()));
    } else {
      ColoredWrapped(ImGui::GetColorU32(ImGuiCol_TextDisabled), Printf(t.cost_be_no_quote, FormName(f.service, env, c)));
    }
    if (!f.price_note.empty()) DetailText("tip", Shown(f.price_note, env), env);
    ImGui::PopID();
  }
  // Buying is a third figure here: a month of the cards' straight-line depreciation, where the
  // "Every region and form" table and the buy-or-rent line count this job's outlay or amortised
  // share. Say which.
  const ServiceForm* purchase = c.pricing.Form(ServiceKind::kPurchase);
  if (purchase && std::any_of(d.curves.begin(), d.curves.end(),
                              [](const FormCurve& f) { return f.priced && f.service == ServiceKind::kPurchase; }))
    ColoredWrapped(kColorMuted, Printf(t.cost_be_buying_basis, Shortest(std::round(purchase->server_overhead_fraction * 100)).c_str(),
                                       Shortest(std::round(purchase->spares_fraction * 100)).c_str(),
                                       Shortest(purchase->depreciation_years).c_str(),
                                       d.report.purchase_basis == PurchaseBasis::kAmortised ? t.cost_be_basis_amortised
                                                                                             : t.cost_be_basis_outlay));
  for (const BreakEvenMark& m : d.marks) {
    ImGui::Bullet();  // keeps the line: the text wraps beside it
    WrappedText(Printf(t.cost_be_mark, FormName(m.a, env, c), FormName(m.b, env, c), Safe(m.duty * 100, 0).c_str(),
                       Safe(m.duty * kHoursPerMonth, 0).c_str()));
  }
  if (d.marks.empty()) ColoredWrapped(ImGui::GetColorU32(ImGuiCol_TextDisabled), Printf(t.cost_be_none, 0, 100));
}

}  // namespace atlas::ui::cost
