// Colours and style, scaled to the display. Sizes elsewhere are in multiples of the font size.
#pragma once

#include <imgui.h>

namespace atlas::ui {

void ApplyTheme(float scale);

// Tier colours (1..3), shared by markers, legend and table.
ImU32 TierColor(int tier, float alpha = 1.0f);
inline constexpr ImU32 kColorMuted = IM_COL32(150, 160, 175, 255);
inline constexpr ImU32 kColorGrid = IM_COL32(255, 255, 255, 28);
inline constexpr ImU32 kColorAccent = IM_COL32(96, 180, 255, 255);
inline constexpr ImU32 kColorGood = IM_COL32(92, 200, 120, 255);
inline constexpr ImU32 kColorBad = IM_COL32(240, 100, 90, 255);
inline constexpr ImU32 kColorWarn = IM_COL32(240, 190, 80, 255);
// The background of the row a table's verdict names (the Cost view's headline pick).
inline constexpr ImU32 kColorPickRowBg = IM_COL32(92, 200, 120, 50);

// Em: n font-heights in pixels.
inline float Em(float n) { return n * ImGui::GetFontSize(); }

}  // namespace atlas::ui
