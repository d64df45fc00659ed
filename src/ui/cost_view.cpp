// The Cost & region view's layout: inputs beside the results on desktop, stacked on phones.
// Each section is its own file in src/ui/cost/ (declared in src/ui/cost/cost_parts.hpp).
#include "cost_view.hpp"

#include "cost/cost_parts.hpp"
#include "cost_job_banner.hpp"
#include "theme.hpp"
#include "widgets.hpp"

#include <imgui.h>

#include <algorithm>

namespace atlas::ui {

namespace {

using namespace cost;

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
  SectionTitle(t.cost_sec_hubs);
  DrawHubTable(d, c, env, narrow);
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

void DrawCostView(AppState& state, const Catalogs& catalogs, const CostDerived& derived,
                  const CalculatorDerived* calculator, const UiEnv& env, UiMemory& memory) {
  DrawCarriedJobBanner(state, catalogs, env, memory);
  const bool narrow = env.narrow();
  if (narrow) {
    BeginViewChild("cost_scroll", ImVec2(0, 0), false);
    DrawCalculatorJobHint(state, catalogs, calculator, env, memory);  // scrolls away with the view on phones
    const bool inputs_open = ImGui::CollapsingHeader(Labeled(env.text().cost_inputs_header, "cost_inputs").c_str());
    TestTarget(env, "cost_inputs_header");  // browser tests open the inputs on a phone
    if (inputs_open) DrawInputs(state.cost, catalogs, derived, env);
    DrawResults(state, catalogs, derived, env, true);
    ImGui::EndChild();
    return;
  }
  DrawCalculatorJobHint(state, catalogs, calculator, env, memory);
  const float inputs_w = std::clamp(ImGui::GetContentRegionAvail().x * 0.24f, Em(17), Em(22));
  BeginViewChild("cost_inputs", ImVec2(inputs_w, 0), true);
  DrawInputs(state.cost, catalogs, derived, env);
  ImGui::EndChild();
  ImGui::SameLine();
  BeginViewChild("cost_results", ImVec2(0, 0), true);
  DrawResults(state, catalogs, derived, env, false);
  ImGui::EndChild();
}

}  // namespace atlas::ui
