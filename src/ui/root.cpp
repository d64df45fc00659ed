#include "root.hpp"

#include "engine/format.hpp"

#include "app/state_json.hpp"

#include "calculator_view.hpp"
#include "share_view.hpp"
#include "cost_view.hpp"
#include "theme.hpp"
#include "tier_map_view.hpp"
#include "walkthrough_view.hpp"
#include "widgets.hpp"

#include <imgui.h>

#include <algorithm>

namespace atlas::ui {

namespace {

struct ViewTab {
  View view;
  const char* UiText::*label;
  const char* id;  // stable ImGui id, whatever the language
};

constexpr ViewTab kTabs[] = {
    {View::kTierMap, &UiText::tab_tier_map, "tiers"},
    {View::kCalculator, &UiText::tab_calculator, "calculator"},
    {View::kWalkthrough, &UiText::tab_walkthrough, "walkthrough"},
    {View::kCost, &UiText::tab_cost, "cost"},
    {View::kShare, &UiText::tab_share, "share"},
};

// Title, tagline and the language switch (right-aligned). Switching edits the state only; the
// platform fetches the Chinese font on first use and DrawApp shows Chinese once it is there.
void DrawHeader(AppState& state, const UiEnv& env) {
  const UiText& t = env.text();
  ImGui::PushStyleColor(ImGuiCol_Text, kColorAccent);
  ImGui::TextUnformatted(t.app_title);
  ImGui::PopStyleColor();
  if (!env.narrow()) {
    ImGui::SameLine();
    ImGui::TextDisabled("%s", t.app_tagline);
  }
  const bool waiting = state.language == Language::kChinese && !env.chinese();
  const char* label = !waiting ? t.language_switch : env.chinese_font_failed ? t.language_failed : t.language_loading;
  const float w = ImGui::CalcTextSize(label).x + ImGui::GetStyle().FramePadding.x * 2;
  ImGui::SameLine(std::max(ImGui::GetCursorPosX(), ImGui::GetWindowContentRegionMax().x - w));
  if (ImGui::SmallButton((std::string(label) + "###language").c_str()))
    state.language = state.language == Language::kChinese ? Language::kEnglish : Language::kChinese;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", t.language_switch_tip);
}

void DrawFooter(const AppData& data, const UiEnv& env) {
  const UiText& t = env.text();
  ImGui::Separator();
  const Catalogs& c = *data.catalogs;
  ImGui::TextDisabled(t.footer_data, c.gpus.data_date.c_str(), c.gpus.gpus.size());
  if (!env.narrow()) {
    ImGui::SameLine();
    ImGui::TextDisabled("%s", t.footer_units);
  }
  ImGui::SameLine();
  if (env.open_url && ImGui::SmallButton(t.footer_sources)) env.open_url("data/gpus.json");
}

// A view whose code and data have not arrived yet (web app), or failed to.
void DrawViewPending(const AppData& data, const UiEnv& env) {
  const UiText& t = env.text();
  if (!data.views_failed) {
    ImGui::TextDisabled("%s", t.view_loading);
    return;
  }
  ColoredWrapped(kColorBad, t.view_load_failed);
  if (env.retry_load && ImGui::Button(t.view_load_retry)) env.retry_load();
}

// A complete new version is installed (the service worker says so): one line, one button.
void DrawUpdateBanner(const UiEnv& env) {
  if (!env.update_ready) return;
  const UiText& t = env.text();
  ImGui::AlignTextToFramePadding();
  ColoredWrapped(kColorWarn, t.update_ready);
  ImGui::SameLine();
  if (ImGui::SmallButton(t.update_reload) && env.reload) env.reload();
}

// Deferred data that failed: named file by file and record by record, above the views.
void DrawDataWarnings(const AppData& data, const UiEnv& env) {
  if (data.data_warnings.empty()) return;
  const UiText& t = env.text();
  const float h = std::min(Em(1.4f) * (1.6f + data.data_warnings.size()), Em(8));
  ImGui::BeginChild("data_warnings", ImVec2(0, h), true);
  ColoredWrapped(kColorBad, t.data_partial_failed);
  for (const std::string& w : data.data_warnings) WrappedBullet(w);
  ImGui::EndChild();
}

// The file a view needs that could not be read, or "" when it has everything.
const std::string& MissingFor(View view, const AppData& data) {
  static const std::string kNone;
  if (view == View::kCost) return data.markets_missing;
  if (view == View::kCalculator || view == View::kWalkthrough || view == View::kShare) return data.models_missing;
  return kNone;
}

}  // namespace

void DrawApp(AppState& state, const AppData& data, const UiEnv& host, UiMemory& memory) {
  UiEnv env = host;
  env.language = state.language == Language::kChinese && host.chinese_font_ready ? Language::kChinese
                                                                                : Language::kEnglish;
  const UiText& t = env.text();
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(vp->Pos);
  ImGui::SetNextWindowSize(vp->Size);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;
  ImGui::Begin("GPU Atlas", nullptr, flags);
  DrawHeader(state, env);
  if (!data.load_errors.empty() || !data.catalogs) {
    ColoredWrapped(kColorBad, t.data_load_failed);
    for (const std::string& e : data.load_errors) ColoredWrapped(kColorBad, e);
    ImGui::End();
    return;
  }
  DrawUpdateBanner(env);
  DrawDataWarnings(data, env);
  DrawLinkNotices(env, memory);
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
      const std::string label = std::string(t.*tab.label) + "###" + tab.id;
      if (ImGui::BeginTabItem(label.c_str(), nullptr, tf)) {
        if (memory.tab_pending) {
          memory.tab_pending = tab.view != state.view;
          if (memory.tab_pending) {  // shown only until the tab bar selects the state's view
            ImGui::EndTabItem();
            continue;
          }
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
        else if (!MissingFor(tab.view, data).empty())
          ColoredWrapped(kColorBad, Printf(t.view_data_missing, MissingFor(tab.view, data).c_str()).c_str());
        else if (tab.view == View::kCalculator && data.calculator)
          DrawCalculatorView(state, *data.catalogs, *data.calculator, env, memory);
        else if (tab.view == View::kShare && data.calculator)
          DrawShareView(state, *data.catalogs, *data.calculator, env, memory);
        else if (tab.view == View::kWalkthrough && data.walkthrough)
          DrawWalkthroughView(state, *data.catalogs, *data.walkthrough, env, memory);
        else if (tab.view == View::kCost && data.cost) DrawCostView(state, *data.catalogs, *data.cost, env, memory);
        else DrawViewPending(data, env);
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
