// The one model-preset picker every view uses: a combo whose popup opens on a filter field.
// Typing narrows the list as you type (case-insensitive substring of the preset's name, id or
// family; Chinese text matches as typed), Up/Down move the highlight, Enter picks it.
#pragma once

#include "engine/model_spec.hpp"

#include <string>
#include <vector>

namespace atlas::ui {

// What the picker remembers between frames (not part of the user's configuration).
struct ModelPickerState {
  char filter[64] = "";
  int highlighted = 0;    // position in the filtered list (the extra entry is the last one)
  bool was_open = false;  // the popup was open last frame (a fresh open clears the filter)
};

// True when `query` is empty or appears in the preset's name, id or family, ignoring ASCII case.
bool ModelMatchesQuery(const ModelSpec& model, const std::string& query);
// Positions in `models` of the presets that match `query`: in catalog order for an empty query;
// else names that begin with its first word first, then the newest, then the catalog's order.
// In both, a tuned variant ("… Instruct") comes right after its base model when both match.
std::vector<int> FilterModels(const std::vector<ModelSpec>& models, const std::string& query);

struct ModelPickerText {
  const char* option;      // printf format: preset name, parameter count
  const char* option_moe;  // the same for a mixture-of-experts preset
  const char* search_hint;
  const char* no_match;    // printf format: what was typed
  const char* extra = nullptr;  // an optional last entry (e.g. "Custom size"), picked as ""
  bool chinese = false;         // list the presets by their Chinese names (ModelSpec::DisplayName)
};

// Draws the picker as wide as the next item width. Returns true on the frame the user picks,
// with *picked the preset id ("" for the extra entry).
bool ModelPicker(const char* id, const std::string& preview, const std::vector<ModelSpec>& models,
                 const std::string& selected_id, const ModelPickerText& text, ModelPickerState& state,
                 std::string* picked);

}  // namespace atlas::ui
