// A test hook: text cut off sideways by the clip rectangle it was drawn in (a label wider than
// its column, a value running past the window's edge), for browser tests that check that a
// 390 px phone shows every label whole (issue 17 item 7). Runs only while the drawn-text hook
// captures (window.__atlasCaptureText), after ImGui::Render(), and publishes
// window.__atlasClippedText = [{window, text, x, y, clip_right}] (CSS pixels; text is the
// clipped line's glyphs up to the cut, as far as the draw list shows them).
// Not counted: windows that scroll sideways (a visible horizontal scrollbar) (a table with a frozen first column scrolls its
// other columns out of view by design), and clipping at the top or bottom (vertical scrolling).
#pragma once

#include "app/deferred_code.hpp"

namespace atlas::platform {

// Call right after ImGui::Render(), once the deferred code is loaded (it is part of it: a test
// hook has no place in the first frame's download).
ATLAS_DEFERRED void ReportClippedText(float dpr);

}  // namespace atlas::platform
