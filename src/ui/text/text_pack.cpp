#include "text_pack.hpp"

#include "engine/json_reader.hpp"
#include "engine/text/engine_text.hpp"
#include "ui/text/ui_text.hpp"

#include <vector>

namespace atlas::ui {

namespace {

constexpr int kFormat = 1;

const char* LanguageCode(Language language) { return language == Language::kChinese ? "zh" : "en"; }

// The strings of `pack[key]`, or an error.
bool Strings(const Json& pack, const char* key, std::vector<std::string>& out, std::string& error) {
  const auto it = pack.find(key);
  if (it == pack.end() || !it->is_array()) {
    error = std::string("text pack: \"") + key + "\" is not an array";
    return false;
  }
  for (const Json& item : *it) {
    if (!item.is_string()) {
      error = std::string("text pack: \"") + key + "\" holds a non-string";
      return false;
    }
    out.push_back(item.get<std::string>());
  }
  return true;
}

}  // namespace

std::string InstallTextPack(const std::string& json_text, Language language) {
  std::vector<std::string> errors;
  const std::optional<Json> pack = ParseJson(json_text, "text pack", errors);
  if (!pack) return errors.empty() ? "text pack: not valid JSON" : errors.front();
  if (!pack->is_object()) return "text pack: not a JSON object";
  const auto format = pack->find("format");
  if (format == pack->end() || !format->is_number_integer() || format->get<int>() != kFormat)
    return "text pack: unknown format (this build reads format 1)";
  const auto code = pack->find("language");
  if (code == pack->end() || !code->is_string() || code->get<std::string>() != LanguageCode(language))
    return std::string("text pack: not the ") + LanguageCode(language) + " pack";
  std::vector<std::string> ui, engine;
  std::string error;
  if (!Strings(*pack, "ui", ui, error) || !Strings(*pack, "engine", engine, error)) return error;
  // Both counts are checked before either table changes.
  if (ui.size() != UiTextFieldCount()) return "text pack: the UI's words do not match this build";
  if (engine.size() != EngineTextFieldCount()) return "text pack: the engine's words do not match this build";
  InstallUiTextPack(language, ui);
  InstallEngineTextPack(language, engine);
  return "";
}

#ifndef ATLAS_TEXT_PACKS
std::string TextPackJson(Language language) {
  Json pack = {{"format", kFormat}, {"language", LanguageCode(language)}};
  pack["ui"] = UiTextPack(language);
  pack["engine"] = EngineTextPack(language);
  return pack.dump();
}
#endif

}  // namespace atlas::ui
