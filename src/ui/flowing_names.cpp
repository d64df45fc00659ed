#include "flowing_names.hpp"

namespace atlas::ui {

FlowingNames::FlowingNames() : right_(ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x) {}

bool FlowingNames::Name(int id, const std::string& name, bool selected, ImU32 color) {
  const float w = ImGui::CalcTextSize(name.c_str()).x;
  // On this line when the name fits, else on the next.
  if (!first_) {
    ImGui::SameLine();
    if (ImGui::GetCursorScreenPos().x + w > right_) ImGui::NewLine();
  }
  first_ = false;
  ImGui::PushID(id);
  if (color) ImGui::PushStyleColor(ImGuiCol_Text, color);
  const bool clicked = ImGui::Selectable(name.c_str(), selected, 0, ImVec2(w, 0));
  if (color) ImGui::PopStyleColor();
  ImGui::PopID();
  return clicked;
}

}  // namespace atlas::ui
