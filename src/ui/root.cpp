#include "root.hpp"

#include "app/state_json.hpp"

#include "calculator_view.hpp"
#include "share_view.hpp"
#include "cost_view.hpp"
#include "theme.hpp"
#include "tier_map_view.hpp"
#include "walkthrough_view.hpp"
#include "widgets.hpp"

#include <imgui.h>

namespace atlas::ui {

namespace {

struct ViewTab {
  View view;
  const char* label;
  const char* coming;  // what the view will do, until it lands
};

constexpr ViewTab kTabs[] = {
    {View::kTierMap, "Tier map", nullptr},
    {View::kCalculator, "Calculator", nullptr},
    {View::kWalkthrough, "Walkthrough", "The guides' decision tree as a step-by-step wizard ending in ranked hardware recommendations."},
    {View::kCost, "Cost & region", "A job's cost across China's eight compute hubs and global cloud regions, and across rental forms."},
    {View::kShare, "Share", nullptr},
};

void DrawHeader(const UiEnv& env) {
  ImGui::PushStyleColor(ImGuiCol_Text, kColorAccent);
  ImGui::TextUnformatted("GPU Atlas");
  ImGui::PopStyleColor();
  if (!env.narrow()) {
    ImGui::SameLine();
    ImGui::TextDisabled("which accelerators, how many, where, and at what cost");
  }
}

void DrawComingNext(const ViewTab& tab) {
  ImGui::Spacing();
  ImGui::TextUnformatted(tab.label);
  ImGui::TextDisabled("Coming next");
  ImGui::PushTextWrapPos(0);
  ImGui::TextUnformatted(tab.coming);
  ImGui::PopTextWrapPos();
}

void DrawFooter(const AppData& data, const UiEnv& env) {
  ImGui::Separator();
  const Catalogs& c = *data.catalogs;
  ImGui::TextDisabled("Data of %s · %zu cards · dense (no sparsity)", c.gpus.data_date.c_str(), c.gpus.gpus.size());
  if (!env.narrow()) {
    ImGui::SameLine();
    ImGui::TextDisabled("· card memory as sold, read as GiB; bandwidth GB/s");
  }
  ImGui::SameLine();
  if (env.open_url && ImGui::SmallButton("Sources")) env.open_url("data/gpus.json");
}

}  // namespace

void DrawApp(AppState& state, const AppData& data, const UiEnv& env, UiMemory& memory) {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(vp->Pos);
  ImGui::SetNextWindowSize(vp->Size);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;
  ImGui::Begin("GPU Atlas", nullptr, flags);
  DrawHeader(env);
  if (!data.load_errors.empty() || !data.catalogs) {
    ColoredWrapped(kColorBad, "The data files could not be loaded:");
    for (const std::string& e : data.load_errors) ColoredWrapped(kColorBad, e);
    ImGui::End();
    return;
  }
  DrawLinkNotices(memory);
  const float footer_h = ImGui::GetFrameHeightWithSpacing() + ImGui::GetStyle().ItemSpacing.y;
  if (ImGui::BeginTabBar("views", ImGuiTabBarFlags_FittingPolicyScroll)) {
    // The state may change the view from elsewhere (a link, the walkthrough): select that tab
    // and wait until the tab bar shows it before letting the visible tab drive the state.
    if (memory.last_view != static_cast<int>(state.view)) {
      memory.last_view = static_cast<int>(state.view);
      memory.tab_pending = true;
    }
    for (const ViewTab& tab : kTabs) {
      const ImGuiTabItemFlags tf = memory.tab_pending && tab.view == state.view ? ImGuiTabItemFlags_SetSelected : 0;
      if (ImGui::BeginTabItem(tab.label, nullptr, tf)) {
        if (memory.tab_pending) {
          memory.tab_pending = tab.view != state.view;
        } else {
          state.view = tab.view;
          memory.last_view = static_cast<int>(tab.view);
        }
        // performance.mark('gpu-atlas:view:<name>') on each view's first frame.
        const unsigned bit = 1u << static_cast<unsigned>(tab.view);
        if (env.mark && !(memory.views_marked & bit)) {
          memory.views_marked |= bit;
          env.mark((std::string("gpu-atlas:view:") + ViewKey(tab.view)).c_str());
        }
        ImGui::BeginChild("view", ImVec2(0, -footer_h), false);
        if (tab.view == View::kTierMap) DrawTierMapView(state, *data.catalogs, env, memory);
        else if (tab.view == View::kCalculator && data.calculator)
          DrawCalculatorView(state, *data.catalogs, *data.calculator, env, memory);
        else if (tab.view == View::kShare && data.calculator)
          DrawShareView(state, *data.catalogs, *data.calculator, env, memory);
        else if (tab.view == View::kWalkthrough && data.walkthrough)
          DrawWalkthroughView(state, *data.catalogs, *data.walkthrough, env);
        else if (tab.view == View::kCost && data.cost) DrawCostView(state, *data.catalogs, *data.cost, env, memory);
        else DrawComingNext(tab);
        ImGui::EndChild();
        ImGui::EndTabItem();
      }
    }
    ImGui::EndTabBar();
  }
  DrawFooter(data, env);
  ImGui::End();
}

}  // namespace atlas::ui
