// The market for the card (median and range per form and market) and every quote, editable.
#include "cost_parts.hpp"

#include "engine/format.hpp"
#include "engine/plural.hpp"
#include "ui/charts/scale.hpp"
#include "ui/format_units.hpp"
#include "ui/theme.hpp"
#include "ui/widgets.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstring>

namespace atlas::ui::cost {

namespace {

// "quoted 2026-09", with a stale mark past 12 months (the caller colours it when stale); the
// estimate tag for news and blog figures.
std::string QuotedText(const PriceRecord& p, bool stale, const UiText& t) {
  std::string out = Printf(stale ? t.cost_quoted_stale : t.cost_quoted, p.as_of.c_str());
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
      if (BeginDetail("tip", env, 26)) {
        if (env.chinese()) {
          // The search log is kept as written (queries, sites, English remarks): Chinese readers
          // get its size and where it is, and the record's notes in Chinese.
          WrappedText(Plurals(Printf(t.cost_market_gap_tip_count, m.gap->searched_on.c_str(), static_cast<int>(m.gap->searched.size()))));
          if (!m.gap->notes_zh.empty()) WrappedText(m.gap->notes_zh.c_str());
        } else {
          std::string where;
          for (const std::string& w : m.gap->searched) where += (where.empty() ? "" : t.cost_list_sep) + w;
          WrappedTextF(t.cost_market_gap_tip, m.gap->searched_on.c_str(), where.c_str());
          if (!m.gap->notes.empty()) WrappedText(m.gap->notes.c_str());
        }
        EndDetail(env);
      }
      ImGui::PopID();
      continue;
    }
    ImGui::Bullet();
    // The figure used and how it was taken (engine PriceSummary: statistic, quotes, sellers, range, dates).
    WrappedTextF(t.cost_market_line, FormName(m.service, env, c), market, Money(m.median, cur, env.language).c_str(),
                 PriceUnit(m.service, t), Shown(m.summary, env).c_str());  // a seller's name may hold Chinese
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
        if (ImGui::SmallButton(Labeled(t.source_open, "open_newest").c_str())) env.open_url(m.newest->sources.front());
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", m.newest->sources.front().c_str());
      }
      ImGui::Unindent(Em(1.2f));
    }
    ImGui::PopID();
  }
  ImGui::Spacing();
}

}  // namespace

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
    if (ImGui::SmallButton(Labeled(t.cost_reset_all, "reset_all").c_str())) s.price_overrides.clear();
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
    else {
      // The region as the Cost view names it elsewhere ("US East (N. Virginia)"), not its id.
      const Region* region = c.regions.Find(p.region);
      ImGui::Text(t.cost_market_region, market, region ? region->DisplayName(env.chinese()).c_str() : p.region.c_str());
    }
    ImGui::TableNextColumn();
    const PriceOverride* o = FindPriceOverride(s, p.id);
    double v = o ? o->amount : p.Amount();
    // Four significant digits below 1,000, whole units from there (%g would write 1.2e+04);
    // "¥…/卡时" in Chinese (the sign, never the code), "… CNY/GPU-hour" in English.
    const std::string num = std::fabs(v) >= 1000 ? "%.0f" : "%.4g";
    const std::string fmt = env.chinese() && *CurrencySymbol(p.currency)
                                ? std::string(CurrencySymbol(p.currency)) + num + PriceUnit(p.service, t)
                                : num + "\u00A0" + p.currency + PriceUnit(p.service, t);
    ImGui::SetNextItemWidth(-1);
    if (ImGui::InputDouble("##price", &v, 0, 0, fmt.c_str(), ImGuiInputTextFlags_EnterReturnsTrue) && std::isfinite(v))
      SetPriceOverride(s, p.id, std::fabs(v - p.Amount()) < 1e-12 ? 0 : std::clamp(v, 1e-6, 1e9));
    if (o) {
      ImGui::PushStyleColor(ImGuiCol_Text, kColorWarn);
      ImGui::TextUnformatted(t.cost_edited);
      ImGui::PopStyleColor();
      ImGui::SameLine();
      if (ImGui::SmallButton(Labeled(t.cost_reset, "reset").c_str())) SetPriceOverride(s, p.id, 0);
    }
    ImGui::TableNextColumn();
    const bool stale = IsStaleQuote(p, c.pricing.data_date);
    if (stale) ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kColorWarn), "%s", QuotedText(p, true, t).c_str());
    else ImGui::TextUnformatted(QuotedText(p, false, t).c_str());
    if (stale) DetailText("tip", t.cost_stale_tip, env);
    ImGui::TableNextColumn();
    if (!p.sources.empty() && env.open_url) {
      if (ImGui::SmallButton(Labeled(t.source_open, "open").c_str())) env.open_url(p.sources.front());
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", p.sources.front().c_str());
    } else {
      ImGui::TextDisabled("%zu", p.sources.size());
    }
    ImGui::PopID();
  }
  ImGui::EndTable();
  (void)d;
}

}  // namespace atlas::ui::cost
