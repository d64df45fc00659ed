// What the views need to know about the host, passed down each frame (no globals): display
// scale, CSS size for the narrow layout, and the platform's few services.
#pragma once

#include <functional>
#include <string>

namespace atlas::ui {

struct UiEnv {
  float dpr = 1.0f;          // device pixels per CSS pixel; ImGui works in device pixels
  float css_width = 1280;    // viewport in CSS pixels
  float css_height = 800;
  bool narrow() const { return css_width <= 480.0f; }
  std::function<void(const std::string& url)> open_url;  // may be empty (native tests)
};

// Transient UI memory that is not part of the user's configuration (hover, last tab drawn).
struct UiMemory {
  int hovered_gpu = -1;
  int last_view = -1;
  bool tab_pending = false;  // the state asked for a tab the tab bar does not show yet
  bool tier_rule_open = false;
};

}  // namespace atlas::ui
