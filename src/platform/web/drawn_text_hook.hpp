// A test hook: the text the current frame draws through ImGui's widgets, for browser tests that
// check what a view shows (tests/browser/*.test.mjs). Off unless the page sets
// window.__atlasCaptureText = true; then every frame writes its text to window.__atlasDrawnText
// (one line per row of widgets). Uses ImGui's log-to-buffer with no tree auto-opening, so the
// frame draws exactly as without it. Text drawn straight into a draw list (chart labels) is not
// included. Its EM_JS lives here, next to the hook, rather than in browser.cpp.
#pragma once

namespace atlas::platform {

// Call right after ImGui::NewFrame() and right before ImGui::Render().
void BeginDrawnTextCapture();
void EndDrawnTextCapture();

}  // namespace atlas::platform
