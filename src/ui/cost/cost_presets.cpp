// The guides' budget cases as preset buttons, and the panel comparing their claims with the engine.
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

namespace atlas::ui::cost {

namespace {

// The UI's words for a preset of kCostPresets: its button and the guide's own claim (the
// Chinese original in Chinese, an English rendering in English).
struct PresetText {
  const char* id;
  const char* UiText::*label;
  const char* UiText::*quote;
};
constexpr PresetText kPresetTexts[] = {{"A", &UiText::cost_preset_a, &UiText::cost_preset_quote_a},
                                       {"B", &UiText::cost_preset_b, &UiText::cost_preset_quote_b},
                                       {"C", &UiText::cost_preset_c, &UiText::cost_preset_quote_c}};
const PresetText* FindPresetText(const std::string& id) {
  for (const PresetText& p : kPresetTexts)
    if (id == p.id) return &p;
  return nullptr;
}

}  // namespace

void DrawPresetButtons(AppState& state, const Catalogs& c, const UiEnv& env) {
  const UiText& t = env.text();
  const bool narrow = env.narrow();
  ImGui::TextUnformatted(t.cost_presets_title);
  ImGui::SameLine();
  HelpMarker(t.cost_presets_help, env);
  for (int i = 0; i < static_cast<int>(std::size(kCostPresets)); ++i) {
    const CostPresetInfo& p = kCostPresets[i];
    ImGui::PushID(i);
    const bool active = state.cost.preset == p.id;
    // The applied case: filled and outlined. A hovered one only lightens (ImGui's default hover
    // colour is the opaque blue of a pressed button, which read as "selected").
    const ImVec4 base = ImGui::GetStyleColorVec4(ImGuiCol_Button);
    if (active) {
      ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
      ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
      ImGui::PushStyleColor(ImGuiCol_Border, IM_COL32(235, 238, 245, 230));
      ImGui::PushStyleVar(ImGuiStyleVar_FrameBorderSize, std::max(1.0f, Em(0.12f)));
    } else {
      ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImVec4(base.x, base.y, base.z, std::min(1.0f, base.w + 0.2f)));
    }
    const ImVec2 size = narrow ? ImVec2(-1, Em(2.4f)) : ImVec2(0, Em(1.9f));
    const PresetText* text = FindPresetText(p.id);
    if (ImGui::Button(text ? t.*text->label : p.label, size)) ApplyCostPreset(state, c, p.id);
    if (active) {
      ImGui::PopStyleVar();
      ImGui::PopStyleColor(3);
    } else {
      ImGui::PopStyleColor();
    }
    if (!narrow && i + 1 < static_cast<int>(std::size(kCostPresets))) ImGui::SameLine();
    ImGui::PopID();
  }
}

void DrawPresetPanel(AppState& state, const PresetOutcome& o, const UiEnv& env) {
  const UiText& t = env.text();
  const bool narrow = env.narrow();
  ImGui::PushStyleColor(ImGuiCol_ChildBg, IM_COL32(255, 255, 255, 10));
  ImGui::BeginGroup();
  ImGui::PushStyleColor(ImGuiCol_Text, kColorAccent);
  WrappedText(o.title.c_str());
  ImGui::PopStyleColor();
  ImGui::SameLine();
  if (ImGui::SmallButton(Labeled(t.cost_preset_close, "close").c_str())) state.cost.preset.clear();
  ImGui::TextDisabled("%s", o.setup.c_str());
  if (const PresetText* text = FindPresetText(o.id)) WrappedTextF(t.cost_preset_quote, t.*text->quote);
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchProp;
  if (narrow) {
    for (size_t i = 0; i < o.figures.size(); ++i) {
      const PresetFigure& f = o.figures[i];
      ImGui::PushID(static_cast<int>(i));
      ImGui::Separator();
      WrappedText(f.label.c_str());
      ImGui::PushStyleColor(ImGuiCol_Text, kColorMuted);
      WrappedTextF(t.cost_guide_says, f.guide.c_str());
      ImGui::PopStyleColor();
      ColoredWrapped(kColorGood, Printf(t.cost_engine_says, f.engine.c_str()));
      ImGui::PopID();
    }
  } else if (ImGui::BeginTable("preset_figures", 3, flags)) {
    ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthStretch, 0.26f);
    ImGui::TableSetupColumn(t.cost_col_guide, ImGuiTableColumnFlags_WidthStretch, 0.28f);
    ImGui::TableSetupColumn(t.cost_col_engine, ImGuiTableColumnFlags_WidthStretch, 0.46f);
    ImGui::TableHeadersRow();
    for (size_t i = 0; i < o.figures.size(); ++i) {
      const PresetFigure& f = o.figures[i];
      ImGui::PushID(static_cast<int>(i));
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      WrappedText(f.label.c_str());
      ImGui::TableNextColumn();
      ImGui::PushStyleColor(ImGuiCol_Text, kColorMuted);
      WrappedText(f.guide.c_str());
      ImGui::PopStyleColor();
      ImGui::TableNextColumn();
      ColoredWrapped(kColorGood, f.engine);
      ImGui::PopID();
    }
    ImGui::EndTable();
  }
  ImGui::TextUnformatted(t.cost_why_differ);
  for (size_t i = 0; i < o.why.size(); ++i) {
    ImGui::Bullet();
    WrappedText(o.why[i].c_str());
  }
  for (const std::string& n : o.notes) ImGui::TextDisabled(t.cost_assumption, n.c_str());
  ImGui::EndGroup();
  ImGui::PopStyleColor();
}

}  // namespace atlas::ui::cost
