#include "drawn_text_hook.hpp"

#include <emscripten.h>
#include <imgui.h>
#include <imgui_internal.h>

namespace {

EM_JS(int, atlas_js_capture_requested, (), { return window.__atlasCaptureText ? 1 : 0; });
EM_JS(void, atlas_js_publish_drawn_text, (const char* text), { window.__atlasDrawnText = UTF8ToString(text); });

bool g_capturing = false;  // this frame is being logged (set and cleared within one frame)

}  // namespace

namespace atlas::platform {

void BeginDrawnTextCapture() {
  g_capturing = atlas_js_capture_requested() != 0 && !GImGui->LogEnabled;
  if (g_capturing) ImGui::LogToBuffer(0);  // depth 0: no tree node opens because of the log
}

void EndDrawnTextCapture() {
  if (!g_capturing) return;
  g_capturing = false;
  atlas_js_publish_drawn_text(GImGui->LogBuffer.c_str());
  ImGui::LogFinish();
}

}  // namespace atlas::platform
