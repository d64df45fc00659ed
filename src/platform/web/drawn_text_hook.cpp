#include "drawn_text_hook.hpp"

#include "ui/widgets.hpp"

#include <emscripten.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <cstdio>
#include <string>
#include <vector>

namespace {

EM_JS(int, atlas_js_capture_requested, (), { return window["__atlasCaptureText"] ? 1 : 0; });
// The drawn text with its no-break joins (U+00A0 between a number and its unit) as the plain
// spaces a reader sees, so tests match words as written; the wrapped lines keep them, for the
// tests that check where a line broke.
EM_JS(void, atlas_js_publish_drawn_text, (const char* text, const char* wrapped), {
  window["__atlasDrawnText"] = UTF8ToString(text).split(String.fromCharCode(160)).join(" ");
  window["__atlasWrappedLines"] = UTF8ToString(wrapped);
});
EM_JS(void, atlas_js_publish_targets, (const char* json), { window["__atlasTargets"] = JSON.parse(UTF8ToString(json)); });

// One frame's capture. ImGui's log stops (LogFinish) at the End() of every top-level window,
// popup and tooltip and hands its text to the clipboard function when logging "to the
// clipboard", so for the frame the clipboard function is swapped for one that collects the text.
// The app draws one top-level window: the capture holds it whole, unless a popup or tooltip
// ends first (then the text up to and including that popup).
struct Capture {
  bool active = false;
  bool this_frame = false;  // captured this frame (active is cleared at its end)
  std::string text;
  std::string targets;  // "id":[x,y,w,h],... in CSS pixels
  std::vector<std::string> target_ids;  // the ids reported this frame, in order (repeats too)
  std::string wrapped;  // texts drawn over several lines (ui::LogWrappedLinesTo)
  void (*saved_fn)(void*, const char*) = nullptr;
  void* saved_user_data = nullptr;
};
Capture g_capture;  // set and cleared within one frame

void Collect(void*, const char* text) {
  if (text) g_capture.text += text;
}

}  // namespace

namespace atlas::platform {

void BeginDrawnTextCapture() {
  ImGuiIO& io = ImGui::GetIO();
  g_capture.active = atlas_js_capture_requested() != 0 && !GImGui->LogEnabled;
  g_capture.this_frame = g_capture.active;
  if (!g_capture.active) return;
  g_capture.text.clear();
  g_capture.wrapped.clear();
  atlas::ui::LogWrappedLinesTo(&g_capture.wrapped);
  g_capture.saved_fn = io.SetClipboardTextFn;
  g_capture.saved_user_data = io.ClipboardUserData;
  io.SetClipboardTextFn = Collect;
  ImGui::LogToClipboard(0);  // depth 0: no tree node opens because of the log
}

void EndDrawnTextCapture() {
  if (!g_capture.active) return;
  ImGuiIO& io = ImGui::GetIO();
  ImGui::LogFinish();  // whatever is still being logged
  io.SetClipboardTextFn = g_capture.saved_fn;
  io.ClipboardUserData = g_capture.saved_user_data;
  g_capture.active = false;
  atlas::ui::LogWrappedLinesTo(nullptr);
  atlas_js_publish_drawn_text(g_capture.text.c_str(), g_capture.wrapped.c_str());
  atlas_js_publish_targets(("{" + g_capture.targets + "}").c_str());
  g_capture.targets.clear();
  g_capture.target_ids.clear();
}

bool DrawnTextCapturedThisFrame() { return g_capture.this_frame; }

void ReportTestTarget(const char* id, float x0, float y0, float x1, float y1, float dpr) {
  if (!g_capture.active || dpr <= 0) return;
  // A repeated id (every help marker is "help") gets "#2", "#3", ... in drawing order.
  // Counted over the ids alone: searching the targets text for "id", "id#2", ... scanned it once
  // per earlier repeat, and with ~100 help markers on a view that took ~10 % of a capturing
  // test's CPU (perf: std::string::find under this function).
  int repeat = 1;
  for (const std::string& seen : g_capture.target_ids) repeat += seen == id;
  g_capture.target_ids.push_back(id);
  std::string key = id;
  if (repeat > 1) key += "#" + std::to_string(repeat);
  // Whether a tap at the centre reaches it: inside the clip rectangle it is drawn under (a
  // scrolled panel's edge, a chart's plot). Outside, the tap lands on whatever is drawn there
  // (the footer, the tab bar), so tests skip it or scroll first.
  const ImVec2 clip_min = ImGui::GetWindowDrawList()->GetClipRectMin(), clip_max = ImGui::GetWindowDrawList()->GetClipRectMax();
  const float cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
  const bool tappable = cx >= clip_min.x && cx < clip_max.x && cy >= clip_min.y && cy < clip_max.y;
  char buf[176];
  std::snprintf(buf, sizeof buf, "%s\"%s\":[%.1f,%.1f,%.1f,%.1f,%d]", g_capture.targets.empty() ? "" : ",", key.c_str(), x0 / dpr,
                y0 / dpr, (x1 - x0) / dpr, (y1 - y0) / dpr, tappable ? 1 : 0);
  g_capture.targets += buf;
}

}  // namespace atlas::platform
