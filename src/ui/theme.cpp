#include "theme.hpp"

namespace atlas::ui {

ImU32 TierColor(int tier, float alpha) {
  const int a = static_cast<int>(alpha * 255);
  switch (tier) {
    case 1: return IM_COL32(255, 140, 60, a);   // flagship: orange
    case 2: return IM_COL32(80, 170, 255, a);   // mainstream: blue
    default: return IM_COL32(120, 210, 140, a); // entry-edge: green
  }
}

void ApplyTheme(float scale) {
  ImGuiStyle& style = ImGui::GetStyle();
  style = ImGuiStyle();
  ImGui::StyleColorsDark(&style);
  style.WindowRounding = 6;
  style.FrameRounding = 4;
  style.GrabRounding = 4;
  style.TabRounding = 4;
  style.ChildRounding = 6;
  style.PopupRounding = 6;
  style.FramePadding = ImVec2(8, 5);
  style.ItemSpacing = ImVec2(8, 6);
  style.WindowPadding = ImVec2(10, 10);
  style.ScrollbarSize = 14;
  style.GrabMinSize = 12;
  ImVec4* c = style.Colors;
  c[ImGuiCol_WindowBg] = ImVec4(0.075f, 0.085f, 0.105f, 1.0f);
  c[ImGuiCol_ChildBg] = ImVec4(0.10f, 0.115f, 0.14f, 1.0f);
  c[ImGuiCol_PopupBg] = ImVec4(0.11f, 0.125f, 0.15f, 0.98f);
  c[ImGuiCol_Header] = ImVec4(0.20f, 0.32f, 0.48f, 0.55f);
  c[ImGuiCol_HeaderHovered] = ImVec4(0.24f, 0.40f, 0.60f, 0.80f);
  c[ImGuiCol_Tab] = ImVec4(0.14f, 0.17f, 0.22f, 1.0f);
  c[ImGuiCol_TabActive] = ImVec4(0.22f, 0.38f, 0.62f, 1.0f);
  c[ImGuiCol_TabHovered] = ImVec4(0.28f, 0.46f, 0.72f, 1.0f);
  c[ImGuiCol_FrameBg] = ImVec4(0.16f, 0.18f, 0.22f, 1.0f);
  c[ImGuiCol_TableHeaderBg] = ImVec4(0.15f, 0.17f, 0.21f, 1.0f);
  c[ImGuiCol_TableRowBgAlt] = ImVec4(1, 1, 1, 0.03f);
  style.ScaleAllSizes(scale);
}

}  // namespace atlas::ui
