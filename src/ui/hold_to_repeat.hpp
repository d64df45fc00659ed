// Steppers repeat while held: a number field's − and + step again and again while the mouse
// button or the finger stays on them, as a browser's spin buttons and a phone's steppers do
// (ImGui's button repeat: after io.KeyRepeatDelay, every io.KeyRepeatRate). A finger's press
// normally waits until the gesture is known (src/platform/web/main.cpp, a tap or a scroll), so the
// platform has to know that the finger rests on such a button: the widget notes its id in its
// window's ImGui storage when hovered, and the platform compares it with the hovered id.
#pragma once

#include <imgui.h>
#include <imgui_internal.h>

namespace atlas::ui {

// The storage key (a fixed id; ImGui's own are hashes, a clash is a 1 in 2^32 chance per item).
constexpr ImGuiID kHoldToRepeatKey = 0x686f6c64u;  // "hold"

// Draws a button that repeats while held. True on each step.
inline bool RepeatButton(const char* label, const ImVec2& size) {
  ImGui::PushButtonRepeat(true);
  const bool pressed = ImGui::Button(label, size);
  ImGui::PopButtonRepeat();
  if (ImGui::IsItemHovered()) ImGui::GetStateStorage()->SetInt(kHoldToRepeatKey, static_cast<int>(ImGui::GetItemID()));
  return pressed;
}

// Whether the item the pointer rested on in the last frame is a RepeatButton (call before NewFrame).
inline bool HoveredItemRepeats(const ImGuiContext& g) {
  return g.HoveredWindow && g.HoveredId != 0 &&
         static_cast<ImGuiID>(g.HoveredWindow->StateStorage.GetInt(kHoldToRepeatKey, 0)) == g.HoveredId;
}

}  // namespace atlas::ui
