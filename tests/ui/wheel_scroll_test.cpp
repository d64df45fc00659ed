// Wheel deltas -> pixels -> ImGui wheel units (src/ui/wheel_scroll.hpp).
#include "ui/wheel_scroll.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>

namespace wheel_scroll_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas::ui;

TEST_CASE("pixel deltas scroll 1:1 in CSS pixels, lines by the line height, pages by the view") {
  WheelDeltas d;
  d.y[0] = 100;  // one Chromium notch, or a trackpad swipe
  CHECK(WheelToPixels(d, 1, 20, 800, 600).y == doctest::Approx(100));
  CHECK(WheelToPixels(d, 3, 60, 800, 600).y == doctest::Approx(300));  // device pixels at 3x
  WheelDeltas lines;
  lines.y[1] = 3;  // one Firefox notch: three lines
  CHECK(WheelToPixels(lines, 1, 19, 800, 600).y == doctest::Approx(57));
  WheelDeltas page;
  page.y[2] = -1;
  page.x[2] = 1;
  const ScrollPixels p = WheelToPixels(page, 1, 19, 800, 600);
  CHECK(p.y == doctest::Approx(-600));
  CHECK(p.x == doctest::Approx(800));
}

TEST_CASE("bad wheel deltas scroll nothing or at most 100 pages") {
  WheelDeltas d;
  d.y[0] = std::numeric_limits<double>::quiet_NaN();
  d.x[1] = std::numeric_limits<double>::infinity();
  const ScrollPixels p = WheelToPixels(d, 1, 20, 800, 600);
  CHECK(p.y == 0);
  CHECK(p.x == 0);
  WheelDeltas huge;
  huge.y[0] = 1e12;
  CHECK(WheelToPixels(huge, 1, 20, 800, 600).y == doctest::Approx(60000));
  CHECK(WheelToPixels(huge, -1, NAN, 800, 600).y == doctest::Approx(60000));  // bad dpr: 1
}

TEST_CASE("ImGui wheel units reproduce the pixel distance, with ImGui's sign") {
  // font 15 px: ImGui scrolls floor(75) px per vertical unit, floor(30) per horizontal unit.
  const ImGuiWheel w = PixelsToImGuiWheel({30, 150}, 15, false);
  CHECK(w.vertical == doctest::Approx(-2));   // down in the DOM = negative in ImGui
  CHECK(w.horizontal == doctest::Approx(-1));
  // 1.25x: 18.75 px font, floor(93.75) = 93 px per unit: 100 px is 100/93 units.
  CHECK(PixelsToImGuiWheel({0, 100}, 18.75f, false).vertical == doctest::Approx(-100.0 / 93));
  // Shift: ImGui scrolls horizontally by the vertical wheel, in horizontal steps.
  CHECK(PixelsToImGuiWheel({60, 0}, 15, true).vertical == doctest::Approx(-2));
  CHECK(PixelsToImGuiWheel({0, 60}, 15, true).vertical == doctest::Approx(-2));
  CHECK(PixelsToImGuiWheel({0, 60}, 0, false).vertical == 0);
  CHECK(PixelsToImGuiWheel({0, 60}, NAN, false).vertical == 0);
}

}  // namespace wheel_scroll_test
