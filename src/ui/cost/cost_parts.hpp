// The Cost view's sections, one file each (src/ui/cost/*.cpp), laid out by src/ui/cost_view.cpp.
// Internal to the view: nothing outside src/ui/cost_view.cpp and src/ui/cost/ includes this.
#pragma once

#include "app/app_state.hpp"
#include "app/cost_model.hpp"
#include "engine/catalogs.hpp"
#include "ui/charts/scale.hpp"
#include "ui/format_units.hpp"
#include "ui/ui_env.hpp"
#include "ui/widgets.hpp"

#include <imgui.h>

#include <optional>
#include <string>

namespace atlas::ui::cost {

// [SECTION] Text and drawing helpers (cost_text.cpp) -----------------------------------------

const char* CurrencySymbol(const std::string& cur);
// A currency in a header or unit: the sign in Chinese ("¥", "$"), the code in English ("CNY");
// data files and the CLI keep codes.
const char* CurrencyHead(const std::string& cur, const UiEnv& env);
// Money through the one shared formatter (ui/format_units.hpp): "¥1,234", "$0.52" in English,
// "¥2.22万" in Chinese; "-" for non-finite.
using ui::Money;
// A money axis tick: in Chinese through the money formatter, 万 and all ("¥2.5万", not "¥25k");
// in English the symbol and the tick's short label ("¥25k").
std::string MoneyTick(const charts::Tick& tick, const std::string& cur, const std::string& sym, Language language);
// The same, or the UI's "no price" when there is none.
std::string Money(const std::optional<double>& v, const std::string& cur, const UiEnv& env);
// A hub's short name ("Beijing-Tianjin-Hebei", "Singapore"; "京津冀", "新加坡").
std::string ShortName(const Region& r, bool chinese);
// A service form's short and long names (pricing.json's name_zh in Chinese).
const char* FormName(ServiceKind k, const UiEnv& env, const Catalogs& c);
const char* FormNameLong(ServiceKind k, const UiEnv& env, const Catalogs& c);
// "/GPU-h", "/card", "/GPU-month".
const char* PriceUnit(ServiceKind k, const UiText& t);
// A user centre of the latency table ("shanghai") by name; an unknown id as it is.
const char* CentreName(const std::string& id, const UiText& t);
ImU32 FormColor(ServiceKind k, float alpha = 1.0f);
const char* GroupTitle(const std::string& g, const UiText& t);
// Electricity price colour: green (cheap, t = 0) to red (dear, t = 1).
ImU32 PriceColor(double t, float alpha = 1.0f);
void DashedLine(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 col, float dash, float thickness = 1.0f);

constexpr ImU32 kColorText = IM_COL32(220, 225, 235, 255);
constexpr ImU32 kColorEnergy = IM_COL32(240, 190, 80, 255);
constexpr ImU32 kColorRent = IM_COL32(96, 180, 255, 255);
constexpr ImU32 kColorCo2 = IM_COL32(150, 200, 150, 255);

// [SECTION] Sections, in the order the view shows them ---------------------------------------

void DrawPresetButtons(AppState& state, const Catalogs& c, const UiEnv& env);          // cost_presets.cpp
void DrawPresetPanel(AppState& state, const PresetOutcome& o, const UiEnv& env);        // cost_presets.cpp
void DrawInputs(CostState& s, const Catalogs& c, const CostDerived& d, const UiEnv& env);  // cost_inputs.cpp
void DrawSummary(const CostDerived& d, const Catalogs& c, const UiEnv& env);           // cost_summary.cpp
void DrawHubTable(const CostDerived& d, const Catalogs& c, const UiEnv& env, bool narrow);  // cost_hub_table.cpp
// A hub's figures as a tooltip (shared by the bars and the map).
void RegionTooltip(const Region& r, const RegionSeries& rs, const CostDerived& d, const Catalogs& c, const UiEnv& env);
void DrawRegionBars(const CostDerived& d, const Catalogs& c, const UiEnv& env, bool narrow);  // cost_region_bars.cpp
void DrawRegionMap(CostState& s, const CostDerived& d, const Catalogs& c, const UiEnv& env, bool narrow);  // cost_map.cpp
void DrawBreakEven(const CostDerived& d, const Catalogs& c, const UiEnv& env, bool narrow);  // cost_break_even.cpp
void DrawRowsTable(const CostDerived& d, const Catalogs& c, const UiEnv& env, bool narrow);   // cost_rows_table.cpp
void DrawPriceTable(CostState& s, const CostDerived& d, const Catalogs& c, const UiEnv& env);  // cost_price_table.cpp

}  // namespace atlas::ui::cost
