#include "root.hpp"

#include "engine/format.hpp"

#include "app/state_json.hpp"

#include "accuracy_view.hpp"
#include "calculator_view.hpp"
#include "share_view.hpp"
#include "cost_view.hpp"
#include "theme.hpp"
#include "tier_map_view.hpp"
#include "walkthrough_view.hpp"
#include "widgets.hpp"

#include <imgui.h>
#include <imgui_internal.h>  // ImRect, ImMin, ImMax

#include <algorithm>
#include <iterator>
#include <optional>
#include <string>

namespace atlas::ui {

namespace {

struct ViewTab {
  View view;
  const char* UiText::*label;
  const char* UiText::*short_label;  // the phone's bottom tab bar
  const char* id;  // stable ImGui id, whatever the language
};

constexpr ViewTab kTabs[] = {
    {View::kTierMap, &UiText::tab_tier_map, &UiText::tab_short_tier_map, "tiers"},
    {View::kCalculator, &UiText::tab_calculator, &UiText::tab_short_calculator, "calculator"},
    {View::kWalkthrough, &UiText::tab_walkthrough, &UiText::tab_short_walkthrough, "walkthrough"},
    {View::kCost, &UiText::tab_cost, &UiText::tab_short_cost, "cost"},
    {View::kShare, &UiText::tab_share, &UiText::tab_short_share, "share"},
};

constexpr float kMinTouchTargetCss = 44;

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
  // Phones: the short form, so the Sources button fits on the line.
  ImGui::TextDisabled(env.narrow() ? t.footer_data_short : t.footer_data, c.gpus.data_date.c_str(), c.gpus.gpus.size());
  // Desktops: a space's width after the data line's closing "·" (ImGui's item spacing is two).
  ImGui::SameLine(0, env.narrow() ? -1.0f : ImGui::GetFontSize() * 0.25f);
  if (env.narrow())
    HelpMarker(t.footer_units, env);  // phones: the units behind a (?), so nothing is clipped
  else
    ImGui::TextDisabled("%s", t.footer_units);
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

// One view's panel, and performance.mark('gpu-atlas:view:<name>') on its first frame.
void DrawView(View view, AppState& state, const AppData& data, const UiEnv& env, UiMemory& memory) {
  if (view != View::kShare) memory.shared_view = view;
  const unsigned bit = 1u << static_cast<unsigned>(view);
  if (env.mark && !(memory.views_marked & bit)) {
    memory.views_marked |= bit;
    env.mark((std::string("gpu-atlas:view:") + ViewKey(view)).c_str());
  }
  // The Accuracy panel covers the view it was opened from, until closed or another view is chosen.
  AccuracyUi& accuracy = memory.accuracy;
  if (accuracy.open && accuracy.opened_from != static_cast<int>(view)) accuracy.open = false;
  if (accuracy.open && data.accuracy) {
    DrawAccuracyView(*data.accuracy, env, memory);
    return;
  }
  if (view == View::kTierMap) DrawTierMapView(state, *data.catalogs, env, memory);
  else if (!MissingFor(view, data).empty())
    ColoredWrapped(kColorBad, Printf(env.text().view_data_missing, MissingFor(view, data).c_str()).c_str());
  else if (view == View::kCalculator && data.calculator) DrawCalculatorView(state, *data.catalogs, *data.calculator, env, memory);
  else if (view == View::kShare && data.calculator) DrawShareView(state, *data.catalogs, *data.calculator, env, memory);
  else if (view == View::kWalkthrough && data.walkthrough) DrawWalkthroughView(state, *data.catalogs, *data.walkthrough, env, memory);
  else if (view == View::kCost && data.cost) DrawCostView(state, *data.catalogs, *data.cost, data.calculator, env, memory);
  else DrawViewPending(data, env);
}

// The view's panel is a child drawn without its own background (BeginViewChild: the screen is
// cleared in its colour, ScreenClearColour); PaintAroundPanel needs its rectangle.
ImRect EndViewPanel() {
  ImGui::EndChild();
  return ImRect(ImGui::GetItemRectMin(), ImGui::GetItemRectMax());  // EndChild's item: the child's rectangle
}

// Paints the window's colour everywhere but the view's panel, beneath everything (the background
// draw list): four bands, then at each corner a square of the window's colour with the panel's
// rounded corner over it, drawn as ImGui draws a rounded child (the same arc and anti-aliased
// edge). The pixels are those of the window's background with the panel filled over it, for
// about half the filled pixels on a phone (software WebGL and phones' GPUs spend a frame mostly
// on them). Without a panel (a data error, a tab not selected yet), the whole screen.
void PaintAroundPanel(const std::optional<ImRect>& panel) {
  ImDrawList* dl = ImGui::GetBackgroundDrawList();
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const ImVec2 lo = vp->Pos, hi(vp->Pos.x + vp->Size.x, vp->Pos.y + vp->Size.y);
  const ImU32 window = ImGui::GetColorU32(ImGuiCol_WindowBg);
  if (!panel) {
    dl->AddRectFilled(lo, hi, window);
    return;
  }
  const ImVec2 a = panel->Min, b = panel->Max;
  dl->AddRectFilled(lo, ImVec2(hi.x, a.y), window);
  dl->AddRectFilled(ImVec2(lo.x, b.y), hi, window);
  dl->AddRectFilled(ImVec2(lo.x, a.y), ImVec2(a.x, b.y), window);
  dl->AddRectFilled(ImVec2(b.x, a.y), ImVec2(hi.x, b.y), window);
  const float r = ImGui::GetStyle().ChildRounding;
  // ImGui shrinks the rounding of a panel only a few lines tall, so the arc would not match: its
  // corners stay square.
  if (r < 1 || b.x - a.x < 4 * r || b.y - a.y < 4 * r) return;
  const ImU32 fill = ImGui::GetColorU32(ImGuiCol_ChildBg);
  // Corner k: bit 0 right, bit 1 bottom (ImDrawFlags_RoundCornersTopLeft << k names it too).
  for (int k = 0; k < 4; ++k) {
    const float x = k & 1 ? b.x - 2 * r : a.x, y = k & 2 ? b.y - 2 * r : a.y;  // the corner's 2r box
    const float sx = k & 1 ? b.x - r : a.x, sy = k & 2 ? b.y - r : a.y;         // its r square at the corner
    dl->AddRectFilled(ImVec2(sx, sy), ImVec2(sx + r, sy + r), window);
    dl->AddRectFilled(ImVec2(x, y), ImVec2(x + 2 * r, y + 2 * r), fill, r, ImDrawFlags_RoundCornersTopLeft << k);
  }
}

// Phones: the view fills the screen and a bottom tab bar reaches every view in one tap, each
// tab at least 44 CSS px tall (Apple's minimum touch target) with a short label that fits.
// Returns the view panel's rectangle (PaintAroundPanel).
ImRect DrawPhoneLayout(AppState& state, const AppData& data, const UiEnv& env, UiMemory& memory, float footer_h) {
  const UiText& t = env.text();
  const float bar_h = std::max(kMinTouchTargetCss * env.dpr, ImGui::GetFrameHeight() * 1.6f);
  // One child per view, so each keeps its own scroll position (as the desktop's tabs do).
  BeginViewChild((std::string("view_") + ViewKey(state.view)).c_str(),
                 ImVec2(0, -(footer_h + bar_h + ImGui::GetStyle().ItemSpacing.y)), false);
  DrawView(state.view, state, data, env, memory);
  const ImRect panel = EndViewPanel();
  memory.last_view = static_cast<int>(state.view);
  memory.tab_pending = true;  // the desktop tab bar selects the state's view if the width grows
  DrawFooter(data, env);
  const float gap = std::max(1.0f, env.dpr);
  const float tab_w = (ImGui::GetContentRegionAvail().x - gap * (std::size(kTabs) - 1)) / std::size(kTabs);
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(gap, 0));
  ImGui::PushStyleVar(ImGuiStyleVar_FrameRounding, 0);
  for (const ViewTab& tab : kTabs) {
    const bool selected = tab.view == state.view;
    ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetColorU32(selected ? ImGuiCol_TabActive : ImGuiCol_Tab));
    if (selected) ImGui::PushStyleColor(ImGuiCol_Text, kColorAccent);
    const std::string label = std::string(t.*tab.short_label) + "###tab_" + tab.id;
    if (ImGui::Button(label.c_str(), ImVec2(tab_w, bar_h))) state.view = tab.view;
    ImGui::PopStyleColor(selected ? 2 : 1);
    ImGui::SameLine();
  }
  ImGui::NewLine();
  ImGui::PopStyleVar(2);
  return panel;
}

}  // namespace

const char* ViewTitle(View view, const UiText& t) {
  for (const ViewTab& tab : kTabs)
    if (tab.view == view) return t.*tab.label;
  return t.tab_calculator;
}

ImVec4 ScreenClearColour() {
  ImVec4 c = ImGui::GetStyle().Colors[ImGuiCol_ChildBg];
  c.w = 1.0f;
  return c;
}

void DrawApp(AppState& state, const AppData& data, const UiEnv& host, UiMemory& memory) {
  UiEnv env = host;
  env.views_ready = data.calculator != nullptr;
  env.accuracy = data.accuracy;
  env.language = state.language == Language::kChinese && host.chinese_font_ready ? Language::kChinese
                                                                                : Language::kEnglish;
  const UiText& t = env.text();
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(vp->Pos);
  ImGui::SetNextWindowSize(vp->Size);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;
  // A see-through background (its border stays): the platform clears the screen in the view
  // panel's colour and PaintAroundPanel paints the window's colour around the panel, so the
  // pixels are painted once. Begin draws it; the colour is restored for the popups and sheets.
  ImGui::PushStyleColor(ImGuiCol_WindowBg, IM_COL32(0, 0, 0, 0));
  ImGui::Begin("GPU Atlas", nullptr, flags);
  ImGui::PopStyleColor();
  DrawHeader(state, env);
  if (!data.load_errors.empty() || !data.catalogs) {
    ColoredWrapped(kColorBad, t.data_load_failed);
    for (const std::string& e : data.load_errors) ColoredWrapped(kColorBad, e);
    PaintAroundPanel(std::nullopt);
    ImGui::End();
    return;
  }
  DrawUpdateBanner(env);
  DrawDataWarnings(data, env);
  if (!memory.link_notices.empty()) DrawLinkNotices(env, memory);
  const float footer_h = ImGui::GetFrameHeightWithSpacing() + ImGui::GetStyle().ItemSpacing.y;
  if (env.narrow()) {
    PaintAroundPanel(DrawPhoneLayout(state, data, env, memory, footer_h));
    ImGui::End();
    return;
  }
  std::optional<ImRect> panel;  // none while the tab bar has not selected the state's view yet
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
        BeginViewChild("view", ImVec2(0, -footer_h), false);
        DrawView(tab.view, state, data, env, memory);
        panel = EndViewPanel();
        ImGui::EndTabItem();
      }
    }
    ImGui::EndTabBar();
  }
  DrawFooter(data, env);
  PaintAroundPanel(panel);
  ImGui::End();
}

}  // namespace atlas::ui
