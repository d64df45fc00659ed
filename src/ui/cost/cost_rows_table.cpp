// Every hub x service form as a table row: total, annual, energy, CO2 and notes.
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

void DrawRowsTable(const CostDerived& d, const Catalogs& c, const UiEnv& env, bool narrow) {
  const UiText& t = env.text();
  if (!d.valid || d.report.rows.empty()) return;
  const std::string& cur = d.request.currency;
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders | ImGuiTableFlags_ScrollX |
                                ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit;
  const float h = std::min(Em(narrow ? 22 : 20), Em(1.6f) * (d.report.rows.size() + 2));
  if (!ImGui::BeginTable("rows", 8, flags, ImVec2(0, h))) return;
  ImGui::TableSetupScrollFreeze(1, 1);
  // On phones the frozen region column is kept narrow (long names wrap inside it) so the form
  // and the total show beside it, as in the hub table (the region's full width hid the rest).
  ImGui::TableSetupColumn(t.cost_col_region, narrow ? ImGuiTableColumnFlags_WidthFixed : 0, narrow ? Em(7.5f) : 0);
  ImGui::TableSetupColumn(t.cost_col_form);
  ImGui::TableSetupColumn(Printf(t.cost_col_total, CurrencyHead(cur, env)).c_str());
  ImGui::TableSetupColumn(Printf(t.cost_col_year, CurrencyHead(cur, env)).c_str());
  ImGui::TableSetupColumn(t.cost_col_kwh);
  ImGui::TableSetupColumn(Printf(t.cost_col_energy, CurrencyHead(cur, env)).c_str());
  ImGui::TableSetupColumn(t.cost_col_co2);
  ImGui::TableSetupColumn(t.cost_col_notes);
  ImGui::TableHeadersRow();
  for (size_t i = 0; i < d.report.rows.size(); ++i) {
    const CostRow& row = d.report.rows[i];
    const Region* r = c.regions.Find(row.region_id);
    ImGui::PushID(static_cast<int>(i));
    ImGui::TableNextRow();
    if (d.report.cheapest && *d.report.cheapest == i) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, kColorPickRowBg);
    ImGui::TableNextColumn();
    const std::string region = r ? ShortName(*r, env.chinese()) : row.region_id;
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(row.meets_constraints ? ImGuiCol_Text : ImGuiCol_TextDisabled));
    if (narrow) WrappedText(region);
    else ImGui::TextUnformatted(region.c_str());
    ImGui::PopStyleColor();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(FormName(row.service, env, c));
    ImGui::TableNextColumn();
    // A total set by the form's minimum term (bare metal: 12 months for a month's job) says so
    // in the cell, not only in the row's notes.
    if (!row.total_cost) ImGui::TextUnformatted(t.cost_no_price);
    else if (row.billed_by_minimum && row.billed_months)
      ImGui::TextUnformatted(Printf(t.cost_total_minimum_term, Money(row.total_cost->amount, cur, env.language).c_str(),
                                    *row.billed_months).c_str());
    else ImGui::TextUnformatted(Money(row.total_cost->amount, cur, env.language).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(row.annual_cost ? Money(row.annual_cost->amount, cur, env.language).c_str() : "-");
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(row.energy_published ? Safe(row.energy_kwh, 0).c_str() : t.card_not_published);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(row.energy_published ? Printf(row.energy_in_total ? t.cost_energy_paid : t.cost_energy_in_rent,
                                                         Money(row.energy_cost.amount, cur, env.language).c_str()).c_str()
                                                : t.card_not_published);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(row.energy_published ? Safe(row.co2_kg, 0).c_str() : t.card_not_published);
    ImGui::TableNextColumn();
    ImGui::TextDisabled("%s", Plurals(Printf(t.cost_notes_count, row.notes.size())).c_str());
    if (BeginDetail("tip", env, 26)) {
      for (const std::string& n : row.notes) WrappedBullet(Shown(n, env));
      EndDetail(env);
    }
    ImGui::PopID();
  }
  ImGui::EndTable();
}

}  // namespace atlas::ui::cost
