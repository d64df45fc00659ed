// Wheel and trackpad scrolling as far as the browser's own would go: pure conversions from DOM
// WheelEvent deltas to device pixels and on to Dear ImGui 1.86's wheel units.
#pragma once

namespace atlas::ui {

// WheelEvent deltas summed since the last frame, by deltaMode: [0] pixels (CSS px, trackpads and
// Chromium's wheels), [1] lines (Firefox's wheels: 3 per notch), [2] pages. Positive y scrolls
// down (content moves up), positive x scrolls right, as the DOM reports them; the platform's
// direction setting (natural scrolling) is already in the sign.
struct WheelDeltas {
  double x[3] = {0, 0, 0};
  double y[3] = {0, 0, 0};
};

// Device pixels to scroll by, positive down/right like the DOM.
struct ScrollPixels {
  double x = 0, y = 0;
};

// Pixels 1:1 (CSS px x devicePixelRatio), a line = `line_px` (one text line with its spacing), a
// page = the scrolled area's size. Non-finite deltas count as none; a frame's scroll is capped at
// 100 pages either way.
ScrollPixels WheelToPixels(const WheelDeltas& d, double dpr, double line_px, double page_w_px, double page_h_px);

// ImGui 1.86 scrolls a window by floor(5 x font size) px per vertical wheel unit and
// floor(2 x font size) per horizontal one, or vertical units with Shift held
// (imgui.cpp, UpdateMouseWheel); ImGui's wheel is positive up/left, the DOM's down/right.
struct ImGuiWheel {
  float vertical = 0, horizontal = 0;
};
ImGuiWheel PixelsToImGuiWheel(const ScrollPixels& px, float font_px, bool shift_held);

}  // namespace atlas::ui
