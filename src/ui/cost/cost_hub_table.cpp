// The hubs side by side: the job's rent, electricity price, PUE, carbon intensity and latency to
// the user's city as sortable columns (figures from src/app/cost_hub_table.hpp; this file only
// draws them). On phones the hub column stays frozen while the others scroll sideways.
#include "cost_parts.hpp"

#include "app/cost_hub_table.hpp"
#include "engine/format.hpp"
#include "ui/format_units.hpp"
#include "ui/theme.hpp"
#include "ui/widgets.hpp"

#include <imgui.h>

#include <algorithm>

namespace atlas::ui::cost {

void DrawHubTable(const CostDerived& d, const Catalogs& c, const UiEnv& env, bool narrow) {
  const UiText& t = env.text();
  if (!d.valid || d.hubs.empty()) return;
  const std::string& cur = d.request.currency;
  const bool purchase = d.bar_service == ServiceKind::kPurchase;
  if (purchase) WrappedText(t.cost_hubs_help_purchase);
  else WrappedTextF(t.cost_hubs_help, FormName(d.bar_service, env, c));
  const char* cur_head = CurrencyHead(cur, env);
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders | ImGuiTableFlags_ScrollX |
                                ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_Sortable;
  const float h = std::min(Em(narrow ? 24 : 22), ImGui::GetFrameHeightWithSpacing() * (d.hubs.size() + 1.6f));
  if (!ImGui::BeginTable("hubs", kHubColumnCount, flags, ImVec2(0, h))) return;
  ImGui::TableSetupScrollFreeze(1, 1);  // the hub's name stays while the figures scroll (phones)
  const ImGuiTableColumnFlags num = ImGuiTableColumnFlags_PreferSortAscending;
  // On phones the frozen hub column is kept narrow (long names clip) so figures show beside it.
  ImGui::TableSetupColumn(t.cost_col_hub, ImGuiTableColumnFlags_NoHide | (narrow ? ImGuiTableColumnFlags_WidthFixed : 0),
                          narrow ? Em(7.5f) : 0, static_cast<ImGuiID>(HubColumn::kHub));
  // The job's rent (or price) right after the hub: the figure the table is for, in view on a
  // phone without a sideways swipe (it was last, behind four columns).
  ImGui::TableSetupColumn(Printf(purchase ? t.cost_col_capex : t.cost_col_rent, cur_head).c_str(), num | ImGuiTableColumnFlags_DefaultSort, 0,
                          static_cast<ImGuiID>(HubColumn::kRent));
  ImGui::TableSetupColumn(Printf(t.cost_col_electricity, CurrencySymbol(cur)).c_str(), num, 0,
                          static_cast<ImGuiID>(HubColumn::kElectricity));
  ImGui::TableSetupColumn(t.cost_col_pue, num, 0, static_cast<ImGuiID>(HubColumn::kPue));
  ImGui::TableSetupColumn(t.cost_col_carbon, num, 0, static_cast<ImGuiID>(HubColumn::kCarbon));
  const std::string latency = d.inputs.user_centre.empty() ? std::string(t.cost_col_latency_none)
                                                           : Printf(t.cost_col_latency, CentreName(d.inputs.user_centre, t));
  ImGui::TableSetupColumn(latency.c_str(), num, 0, static_cast<ImGuiID>(HubColumn::kLatency));
  ImGui::TableHeadersRow();
  // The order of the sorted column (the app model sorts; nothing is computed here).
  HubColumn column = HubColumn::kRent;
  bool ascending = true;
  if (const ImGuiTableSortSpecs* specs = ImGui::TableGetSortSpecs(); specs && specs->SpecsCount > 0) {
    column = static_cast<HubColumn>(specs->Specs[0].ColumnUserID);
    ascending = specs->Specs[0].SortDirection != ImGuiSortDirection_Descending;
  }
  for (int i : HubRowOrder(d.hubs, column, ascending)) {
    const HubRow& row = d.hubs[static_cast<size_t>(i)];
    const Region& r = c.regions.regions[static_cast<size_t>(row.region_index)];
    ImGui::PushID(i);
    ImGui::TableNextRow();
    // The headline's hub, marked: totals equal to 3 significant figures tie there and the
    // headline's own rules pick among them, so it need not be the first row sorted by rent.
    if (row.cheapest) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, kColorPickRowBg);
    ImGui::TableNextColumn();
    const std::string name = ShortName(r, env.chinese());
    // On phones the frozen column is narrow: a long name wraps inside it rather than being cut.
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(row.meets_constraints ? ImGuiCol_Text : ImGuiCol_TextDisabled));
    if (narrow) WrappedText(name);
    else ImGui::TextUnformatted(name.c_str());
    ImGui::PopStyleColor();
    // A greyed hub says why it is out (sorted after the hubs that are in, cost_hub_table.hpp): on
    // desktop beside its name, on phones under it (the frozen column is narrow).
    if (row.cheapest) {
      if (!narrow) ImGui::SameLine();
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kColorGood), "%s", t.cost_hub_pick);
      if (!narrow) DetailText("tip", t.cost_hub_pick_help, env, 24);
    }
    if (row.excluded != HubExclusion::kNone) {
      const bool market = row.excluded == HubExclusion::kOtherMarket, unknown = row.excluded == HubExclusion::kLatencyUnknown;
      if (!narrow) ImGui::SameLine();
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kColorWarn), "%s",
                         market ? t.cost_hub_out_market : unknown ? t.cost_hub_out_latency_unknown : t.cost_hub_out_latency);
      // Its detail on desktop only: on phones the first detail of a row answers a tap anywhere on
      // the row (widgets.cpp TappedDetail), and that must stay the row's rent, not the tag.
      if (!narrow)
        DetailText("tip", market    ? t.cost_hub_out_market_help
                          : unknown ? t.cost_hub_out_latency_unknown_help
                                    : t.cost_hub_out_latency_help, env, 24);
    }
    ImGui::TableNextColumn();
    if (!row.rent) {
      ImGui::TextDisabled("%s", t.mark_no_price);
    } else {
      ImGui::TextUnformatted(Money(*row.rent, cur, env.language).c_str());
      if (!row.rent_summary.empty()) DetailText("tip", Shown(row.rent_summary, env), env, 24);
      // On phones the tag goes under the rent (beside it, it reached the screen's edge).
      if (row.rent_scope == QuoteScope::kRegion) {
        if (!narrow) ImGui::SameLine();
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kColorGood), "%s", t.cost_rent_hub_quote);
        DetailText("tip", t.cost_rent_hub_quote_help, env, 24);
      } else if (row.rent_scope == QuoteScope::kOtherMarket) {
        // Short on phones ("not offered in your market" ran past the screen's edge), and not
        // "other market", the tag of a hub the constraints leave out.
        ImGui::SameLine();
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kColorWarn), "%s", narrow ? t.mark_other_market_short : t.mark_other_market);
      }
      if (row.rent_estimate) {
        ImGui::SameLine();
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kColorWarn), "%s", t.mark_estimate);
        if (!row.rent_summary.empty()) DetailText("tip", Shown(row.rent_summary, env), env, 24);
      }
      if (row.rent_stale_only) {
        ImGui::SameLine();
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kColorWarn), "%s", t.mark_stale);
        DetailText("tip", t.cost_stale_tip, env, 24);
      }
    }
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(Safe(row.kwh_price, 3).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(Safe(row.pue, 2).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(Safe(row.carbon_g_per_kwh, 0).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(row.latency_ms ? Safe(*row.latency_ms, 0).c_str() : "-");
    ImGui::PopID();
  }
  ImGui::EndTable();
  TestTarget(env, "cost_hubs_table");  // browser tests swipe it sideways on phones
}

}  // namespace atlas::ui::cost
