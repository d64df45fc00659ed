// A test hook: the text the current frame draws through ImGui's widgets, for browser tests that
// check what a view shows (tests/browser/*.test.mjs). Off unless the page sets
// window.__atlasCaptureText = true; then every frame writes its text to window.__atlasDrawnText
// (one line per row of widgets; an input field's text in braces; a no-break space as a plain
// one). Uses ImGui's text log with no
// tree auto-opening, so the frame draws exactly as without it. Text drawn straight into a draw
// list (chart labels) is not included, nor anything after an open popup or tooltip (ImGui
// ends its log there). Texts wrapped over several lines (ui::WrappedText) are also published,
// as window.__atlasWrappedLines: each text's lines joined by "\n", each text ended by "\x1e"
// (no-break spaces kept as U+00A0).
// Its EM_JS lives here, next to the hook, rather than in browser.cpp.
#pragma once

namespace atlas::platform {

// Call right after ImGui::NewFrame() and right before ImGui::Render().
void BeginDrawnTextCapture();
void EndDrawnTextCapture();
// While capturing: where a named control was drawn (device pixels; dpr converts to CSS). The
// frame's targets are published as window.__atlasTargets = {id: [x, y, width, height, tappable]}
// in CSS pixels (UiEnv::test_target, ui::TestTarget), so tests can tap a control wherever it
// lands; tappable is 1 when its centre is inside the clip rectangle it is drawn under, 0 when it
// is scrolled out of its panel (a tap there would hit the footer or the tab bar).
void ReportTestTarget(const char* id, float x0, float y0, float x1, float y1, float dpr);
// Whether this frame's text was captured (the page asked for it): the other test hooks that
// run after Render (clipped_text_hook.hpp) follow the same switch.
bool DrawnTextCapturedThisFrame();

}  // namespace atlas::platform
