// A test hook: text cut off sideways by the clip rectangle it was drawn in (a label wider than
// its column, a value running past the window's edge), for browser tests that check that a
// 390 px phone shows every label whole (issue 17 item 7). Runs only while the drawn-text hook
// captures (window.__atlasCaptureText), after ImGui::Render(), and publishes
// window.__atlasClippedText = [{window, text, x, y, clip_right}] (CSS pixels; text is the
// clipped line's glyphs up to the cut, as far as the draw list shows them).
// Not counted: windows that scroll sideways (a visible horizontal scrollbar) (a table with a frozen first column scrolls its
// other columns out of view by design), and clipping at the top or bottom (vertical scrolling).
#pragma once

namespace atlas::platform {

// Call right after ImGui::Render(), once the deferred code is loaded. It is first-frame code
// (1.2 KiB gzip of the first frame): as a deferred entry point (ATLAS_DEFERRED) its guarded call from the frame
// loop made a page opened without a link call into the deferred module before it had arrived
// (placeholder 552, "both async and sync fetching of the wasm failed"), seen by chinese.test.
void ReportClippedText(float dpr);

}  // namespace atlas::platform
