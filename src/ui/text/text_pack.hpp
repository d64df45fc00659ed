// Text packs: the web build's words that are not compiled in (the English of the views after
// the first frame, and all of the Chinese) arrive as one JSON file per language,
// build/web/dist/text/<en|zh>.json, written at build time from the very tables the native build
// compiles (src/build_tools/text_pack.cpp; see engine/text/text_table.inc):
//   {"format": 1, "language": "zh", "ui": [every UiText field], "engine": [every EngineText field]}
// in table order.
#pragma once

#include "engine/language.hpp"

#include <string>

namespace atlas::ui {

// Fills the UI's and the engine's tables for `language` from a pack. Returns "" on success,
// else what is wrong with the pack (and changes nothing).
std::string InstallTextPack(const std::string& json_text, Language language);

// The pack of the tables compiled in (not in the web build, which compiles only part of them).
std::string TextPackJson(Language language);

}  // namespace atlas::ui
