// Names listed beside a chart that had no room to show them on it (the tier map's unlabelled
// cards, the cost maps' unnamed regions): they flow like words, each one a selectable name.
#pragma once

#include <imgui.h>

#include <string>

namespace atlas::ui {

// Starts a list: names then go on the current line while they fit, else on the next.
class FlowingNames {
 public:
  FlowingNames();
  // One name (ImGui id `id`, drawn in `color` when not 0); true when it was clicked.
  bool Name(int id, const std::string& name, bool selected, ImU32 color = 0);

 private:
  float right_ = 0;
  bool first_ = true;
};

}  // namespace atlas::ui
