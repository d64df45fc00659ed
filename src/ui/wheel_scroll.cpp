#include "wheel_scroll.hpp"

#include <algorithm>
#include <cmath>

namespace atlas::ui {

namespace {

double Finite(double v) { return std::isfinite(v) ? v : 0.0; }

double Axis(const double (&d)[3], double dpr, double line_px, double page_px) {
  const double px = Finite(d[0]) * dpr + Finite(d[1]) * line_px + Finite(d[2]) * page_px;
  const double cap = 100 * std::max(page_px, 1.0);
  return std::clamp(px, -cap, cap);
}

}  // namespace

ScrollPixels WheelToPixels(const WheelDeltas& d, double dpr, double line_px, double page_w_px, double page_h_px) {
  dpr = std::isfinite(dpr) && dpr > 0 ? dpr : 1.0;
  line_px = std::isfinite(line_px) && line_px > 0 ? line_px : 16.0 * dpr;
  page_w_px = std::isfinite(page_w_px) && page_w_px > 0 ? page_w_px : 0.0;
  page_h_px = std::isfinite(page_h_px) && page_h_px > 0 ? page_h_px : 0.0;
  return {Axis(d.x, dpr, line_px, page_w_px), Axis(d.y, dpr, line_px, page_h_px)};
}

ImGuiWheel PixelsToImGuiWheel(const ScrollPixels& px, float font_px, bool shift_held) {
  if (!(font_px > 0) || !std::isfinite(font_px)) return {};
  const double v_step = std::max(1.0, std::floor(5.0 * font_px));  // imgui.cpp: 5 * CalcFontSize()
  const double h_step = std::max(1.0, std::floor(2.0 * font_px));  // imgui.cpp: 2 * CalcFontSize()
  ImGuiWheel w;
  if (shift_held) {
    // ImGui turns the vertical wheel into horizontal scrolling with Shift (and ignores its
    // horizontal wheel then): send the horizontal distance that way, in horizontal steps.
    w.vertical = static_cast<float>(-(px.x != 0 ? px.x : px.y) / h_step);
    return w;
  }
  w.vertical = static_cast<float>(-px.y / v_step);
  w.horizontal = static_cast<float>(-px.x / h_step);
  return w;
}

}  // namespace atlas::ui
