// The browser services GPU Atlas uses, behind plain C++ functions. The only place with EM_JS.
#pragma once

#include <string>

namespace atlas::platform {

struct ViewportSize {
  float css_width, css_height, dpr;
};

ViewportSize QueryViewport();
void OpenUrl(const std::string& url);
// performance.mark(name), once per name; harmless to call again.
void PerformanceMark(const char* name);
// Hides the HTML loading indicator once the first frame is drawn.
void HideLoadingIndicator();
// Sets the canvas backing store to width_px x height_px device pixels (GLFW follows).
void ResizeCanvas(int width_px, int height_px);

}  // namespace atlas::platform
