#include "model_picker.hpp"

#include "engine/format.hpp"

#include <imgui.h>

#include <algorithm>
#include <cctype>
#include <string>
#include <unordered_map>
#include <vector>

namespace atlas::ui {

namespace {

std::string Lower(const std::string& s) {
  std::string out = s;
  for (char& ch : out) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return out;
}

bool KeyPressed(ImGuiKey key) { return ImGui::IsKeyPressed(ImGui::GetKeyIndex(key)); }

}  // namespace

namespace {

// Without the separators people type or leave out at will: "llama3.1" finds "Llama 3.1 8B".
std::string WithoutSeparators(const std::string& s) {
  std::string out;
  for (char ch : s)
    if (ch != ' ' && ch != '-' && ch != '_' && ch != '.') out += ch;
  return out;
}

// The name of the base model a tuned variant is named after, lower case and without
// separators: "Llama 3.1 70B Instruct" -> "llama3170b", "Qwen2.5-14B-Instruct" -> "qwen2514b"
// (the catalog spells the base "Qwen2.5 14B"), "Mistral 7B Instruct v0.3" -> "mistral7bv03";
// empty for a name with no such word. Compare with NameKey.
std::string BaseModelKey(const std::string& name) {
  for (const char* word : {" Instruct", "-Instruct"}) {
    const size_t at = name.find(word);
    if (at != std::string::npos)
      return WithoutSeparators(Lower(name.substr(0, at) + name.substr(at + std::char_traits<char>::length(word))));
  }
  return {};
}

std::string NameKey(const std::string& name) { return WithoutSeparators(Lower(name)); }

// Each tuned variant moved to just after its base model when both are listed ("70B": Llama 3.1
// 70B Instruct beside Llama 3.1 70B, not twenty rows further down).
void GroupVariantsWithBase(const std::vector<ModelSpec>& models, std::vector<int>& order) {
  std::unordered_map<std::string, int> listed;  // name key -> the listed model of that name
  for (int i : order) listed.emplace(NameKey(models[i].name), i);
  std::vector<int> base_of(models.size(), -1);  // a listed variant's base, else -1
  std::vector<std::vector<int>> variants(models.size());
  for (int i : order) {
    const std::string base = BaseModelKey(models[i].name);
    const auto it = base.empty() ? listed.end() : listed.find(base);
    if (it == listed.end() || it->second == i) continue;
    base_of[i] = it->second;
    variants[it->second].push_back(i);
  }
  std::vector<int> grouped;
  grouped.reserve(order.size());
  for (int i : order) {
    if (base_of[i] >= 0) continue;
    grouped.push_back(i);
    grouped.insert(grouped.end(), variants[i].begin(), variants[i].end());
  }
  if (grouped.size() == order.size()) order = std::move(grouped);  // (a variant of a variant: left as sorted)
}

}  // namespace

bool ModelMatchesQuery(const ModelSpec& m, const std::string& query) {
  // Every word of the query must appear in the name, id, family or the family's Chinese name
  // ("qwen 72" finds Qwen2.5 72B, "千问 7b" the Qwen 7B models), as typed or with separators
  // ignored. UTF-8 bytes >= 0x80 pass tolower as is, so Chinese text matches byte for byte.
  const std::string haystack = Lower(m.name + "\n" + m.name_zh + "\n" + m.id + "\n" + m.family + "\n" + m.family_zh);
  const std::string bare = WithoutSeparators(haystack);
  const std::string q = Lower(query);
  for (size_t at = 0; at < q.size();) {
    const size_t end = std::min(q.find(' ', at), q.size());
    const std::string word = q.substr(at, end - at);
    at = end + 1;
    if (word.empty()) continue;
    if (haystack.find(word) == std::string::npos) {
      const std::string bare_word = WithoutSeparators(word);
      if (bare_word.empty() || bare.find(bare_word) == std::string::npos) return false;
    }
  }
  return true;
}

std::vector<int> FilterModels(const std::vector<ModelSpec>& models, const std::string& query) {
  std::vector<int> out;
  for (int i = 0; i < static_cast<int>(models.size()); ++i)
    if (ModelMatchesQuery(models[i], query)) out.push_back(i);
  // A typed query ranks the matches: names that begin with its first word ("llama 70": the
  // Llamas before DeepSeek-R1-Distill-Llama-70B), then the newest first ("70B": Llama 3.1 70B
  // before Llama 2 70B, which the catalog lists first), then the catalog's order.
  const std::string q = Lower(query);
  const size_t start = q.find_first_not_of(' ');
  if (start == std::string::npos) {
    GroupVariantsWithBase(models, out);
    return out;
  }
  const std::string first = WithoutSeparators(q.substr(start, q.find(' ', start) - start));
  const auto leads = [&](const ModelSpec& m) {
    return !first.empty() && (WithoutSeparators(Lower(m.name)).rfind(first, 0) == 0 || WithoutSeparators(Lower(m.name_zh)).rfind(first, 0) == 0);
  };
  std::vector<std::pair<bool, int>> keys(models.size());
  for (int i : out) keys[i] = {!leads(models[i]), -models[i].year};
  std::stable_sort(out.begin(), out.end(), [&](int a, int b) { return keys[a] < keys[b]; });
  GroupVariantsWithBase(models, out);
  return out;
}

bool ModelPicker(const char* id, const std::string& preview, const std::vector<ModelSpec>& models,
                 const std::string& selected_id, const ModelPickerText& text, ModelPickerState& state,
                 std::string* picked) {
  bool done = false;
  if (!ImGui::BeginCombo(id, preview.c_str(), ImGuiComboFlags_HeightLarge)) {
    state.was_open = false;
    return false;
  }
  const std::vector<int> shown = FilterModels(models, state.filter);
  const int rows = static_cast<int>(shown.size()) + (text.extra ? 1 : 0);
  if (!state.was_open) {  // opened this frame: start from an empty filter on the current preset
    state.was_open = true;
    state.filter[0] = '\0';
    state.highlighted = 0;
    for (int r = 0; r < static_cast<int>(shown.size()); ++r)
      if (models[shown[r]].id == selected_id) state.highlighted = r;
    ImGui::SetKeyboardFocusHere();
  }
  ImGui::SetNextItemWidth(-1);
  const bool entered = ImGui::InputTextWithHint("##filter", text.search_hint, state.filter, sizeof state.filter,
                                                ImGuiInputTextFlags_EnterReturnsTrue);
  if (ImGui::IsItemEdited()) state.highlighted = 0;  // the list changed under the highlight
  // Escape closes the picker, as a native drop-down does (ImGui only left the field, so the next
  // click on the box closed the still-open list instead of opening it).
  const bool cancelled = KeyPressed(ImGuiKey_Escape);
  bool moved = false;
  if (KeyPressed(ImGuiKey_DownArrow)) state.highlighted++, moved = true;
  if (KeyPressed(ImGuiKey_UpArrow)) state.highlighted--, moved = true;
  state.highlighted = rows > 0 ? std::clamp(state.highlighted, 0, rows - 1) : 0;
  if (entered) ImGui::SetKeyboardFocusHere(-1);  // Enter leaves the field focused if nothing is picked

  // The list scrolls under the filter field; it is as tall as its rows, up to twelve.
  const float row_h = ImGui::GetTextLineHeightWithSpacing();
  const float list_h = row_h * static_cast<float>(std::clamp(rows, 1, 12)) + ImGui::GetStyle().ItemSpacing.y;
  if (ImGui::BeginChild("##models", ImVec2(0, list_h), false)) {
    for (int r = 0; r < rows; ++r) {
      const bool is_extra = r == static_cast<int>(shown.size());
      const ModelSpec* m = is_extra ? nullptr : &models[shown[r]];
      const std::string label =
          is_extra ? std::string(text.extra) + "###extra"
                   : Printf(m->IsMoe() ? text.option_moe : text.option, m->DisplayName(text.chinese).c_str(), Count(m->params).c_str()) +
                         "###" + m->id;
      const bool current = is_extra ? selected_id.empty() : m->id == selected_id;
      if (r == state.highlighted) {
        ImGui::PushStyleColor(ImGuiCol_Header, ImGui::GetStyleColorVec4(ImGuiCol_HeaderHovered));
        if (moved) ImGui::SetScrollHereY();
      }
      const bool clicked = ImGui::Selectable(label.c_str(), current || r == state.highlighted);
      if (r == state.highlighted) ImGui::PopStyleColor();
      if (clicked || (entered && r == state.highlighted)) {
        *picked = is_extra ? std::string() : m->id;
        done = true;
      }
    }
    if (shown.empty()) ImGui::TextDisabled(text.no_match, state.filter);
  }
  ImGui::EndChild();
  if (done || cancelled) ImGui::CloseCurrentPopup();
  ImGui::EndCombo();
  if (done || cancelled) state.was_open = false;
  return done;
}

}  // namespace atlas::ui
