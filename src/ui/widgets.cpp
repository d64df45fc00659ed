#include "widgets.hpp"

#include "engine/format.hpp"

#include "theme.hpp"

#include <cmath>
#include <cstdio>
#include <cstring>

namespace atlas::ui {

void HelpMarker(const char* text) {
  ImGui::TextDisabled("(?)");
  if (ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(Em(28));
    ImGui::TextUnformatted(text);
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
}

bool BeginKeyValueTable(const char* id) {
  if (!ImGui::BeginTable(id, 2, ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_RowBg)) return false;
  ImGui::TableSetupColumn("key", ImGuiTableColumnFlags_WidthStretch, 0.42f);
  ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch, 0.58f);
  return true;
}

void KeyValueRow(const char* key, const std::string& value) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::PushStyleColor(ImGuiCol_Text, kColorMuted);
  ImGui::TextWrapped("%s", key);
  ImGui::PopStyleColor();
  ImGui::TableNextColumn();
  ImGui::TextWrapped("%s", value.c_str());
}

void EndKeyValueTable() { ImGui::EndTable(); }

// The engine's one number formatter (engine/format.hpp), in the UI's words.
std::string FormatNumber(double value, int decimals) { return Grouped(value, decimals); }

std::string FormatOptional(const std::optional<double>& value, const char* unit, int decimals,
                           const char* none) {
  if (!value) return none;
  return FormatNumber(*value, decimals) + " " + unit;
}

void SourceLinks(const std::vector<std::string>& sources, const UiEnv& env) {
  for (size_t i = 0; i < sources.size(); ++i) {
    ImGui::PushID(static_cast<int>(i));
    if (env.open_url) {
      if (ImGui::SmallButton(env.text().source_open)) env.open_url(sources[i]);
      ImGui::SameLine();
    }
    ImGui::PushStyleColor(ImGuiCol_Text, kColorAccent);
    ImGui::TextWrapped("%s", sources[i].c_str());
    ImGui::PopStyleColor();
    ImGui::PopID();
  }
}

std::string Shown(const std::string& text, const UiEnv& env) {
  if (env.chinese()) return text;
  // Drop CJK code points (the English fonts have none): ideographs, CJK and full-width
  // punctuation, anything beyond the BMP. Everything else the data uses is in the font.
  std::string out;
  for (size_t i = 0; i < text.size();) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    const size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 1;
    if (i + len > text.size()) break;
    unsigned cp = c;
    if (len == 2) cp = ((c & 0x1Fu) << 6) | (text[i + 1] & 0x3Fu);
    if (len == 3) cp = ((c & 0x0Fu) << 12) | ((text[i + 1] & 0x3Fu) << 6) | (text[i + 2] & 0x3Fu);
    if (len == 4) cp = 0x10000;
    const bool cjk = (cp >= 0x2E80 && cp <= 0x9FFF) || (cp >= 0xF900 && cp <= 0xFAFF) ||
                     (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFFEF) || cp >= 0x10000;
    if (!cjk) out.append(text, i, len);
    i += len;
  }
  // Tidy what a dropped name leaves: doubled spaces, empty brackets or quotes.
  std::string tidy;
  for (char ch : out)
    if (!(ch == ' ' && (tidy.empty() || tidy.back() == ' ' || tidy.back() == '('))) tidy += ch;
  for (const char* empty : {" ()", "()", " ''", "''"})
    for (size_t p; (p = tidy.find(empty)) != std::string::npos;) tidy.erase(p, std::strlen(empty));
  while (!tidy.empty() && tidy.back() == ' ') tidy.pop_back();
  return tidy;
}

void ColoredWrapped(ImU32 color, const std::string& text) {
  ImGui::PushStyleColor(ImGuiCol_Text, color);
  ImGui::TextWrapped("%s", text.c_str());
  ImGui::PopStyleColor();
}

}  // namespace atlas::ui

namespace atlas::ui {

void WrappedBullet(const std::string& text) {
  ImGui::Bullet();
  ImGui::PushTextWrapPos(0);
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopTextWrapPos();
}

void SectionTitle(const char* title) {
  ImGui::Spacing();
  ImGui::PushStyleColor(ImGuiCol_Text, kColorAccent);
  ImGui::TextUnformatted(title);
  ImGui::PopStyleColor();
  ImGui::Separator();
}

}  // namespace atlas::ui
