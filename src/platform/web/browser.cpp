#include "browser.hpp"

#include <emscripten.h>

namespace atlas::platform {

// clang-format off
EM_JS(float, atlas_js_css_width, (), { return document.documentElement.clientWidth || window.innerWidth; });
EM_JS(float, atlas_js_css_height, (), { return document.documentElement.clientHeight || window.innerHeight; });
EM_JS(float, atlas_js_dpr, (), { return Math.min(Math.max(window.devicePixelRatio || 1, 1), 4); });
// Only http(s) and same-site relative links: a data file cannot smuggle javascript: URLs.
EM_JS(void, atlas_js_open_url, (const char* url), {
  var u = UTF8ToString(url);
  var lower = u.toLowerCase();
  var web = lower.indexOf("https:") === 0 || lower.indexOf("http:") === 0;
  var relative = u.indexOf(":") < 0 && u.indexOf(String.fromCharCode(92)) < 0;
  if (web || relative) window.open(u, "_blank", "noopener");
});
EM_JS(void, atlas_js_mark, (const char* name), {
  var n = UTF8ToString(name);
  if (performance.getEntriesByName(n, "mark").length === 0) performance.mark(n);
});
EM_JS(void, atlas_js_hide_loading, (), {
  var el = document.getElementById("loading");
  if (el) el.remove();
  document.body.classList.add("ready");
});
// Resizes the canvas backing store through Emscripten's Browser helper, which also tells GLFW
// (glfwSetWindowSize would request fullscreen when the size equals the screen's).
EM_JS(void, atlas_js_resize_canvas, (int w, int h), { Browser.setCanvasSize(w, h); });
// clang-format on

ViewportSize QueryViewport() { return {atlas_js_css_width(), atlas_js_css_height(), atlas_js_dpr()}; }
void OpenUrl(const std::string& url) { atlas_js_open_url(url.c_str()); }
void PerformanceMark(const char* name) { atlas_js_mark(name); }
void HideLoadingIndicator() { atlas_js_hide_loading(); }
void ResizeCanvas(int width_px, int height_px) { atlas_js_resize_canvas(width_px, height_px); }

}  // namespace atlas::platform
