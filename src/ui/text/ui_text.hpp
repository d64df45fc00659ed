// Every string the UI draws, one named field each, so a view never holds a literal a reader
// would see. The words live in one folder per language: text/en/*.def (the source) and
// text/zh/*.def (简体中文). A Chinese entry for an id English lacks does not compile; an
// English id Chinese lacks falls back to English and fails tests/ui/ui_text_test.cpp.
//
// Format strings keep printf's conversions in the same order in both languages (tested).
// Labels that double as ImGui ids carry a "###id" suffix in the view, not in the table.
#pragma once

#include "app/app_state.hpp"

#include "engine/text/text_table.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace atlas::ui {

struct UiText {
#define ATLAS_TEXT(id, text) const char* id;
#include "ui/text/en/all.def"
#undef ATLAS_TEXT
};

// A tier's short name for one-line figures (tier_card_figures): "T1" / "第一梯队"; tier is 1-3.
inline const char* TierShortName(const UiText& text, int tier) {
  return tier <= 1 ? text.tier_short_t1 : tier == 2 ? text.tier_short_t2 : text.tier_short_t3;
}

// The table for a language (static, immutable).
const UiText& TextFor(Language language);

// One row per id (id, English, Chinese or nullptr), for tests and tools.
const TextEntry* UiTextEntries(std::size_t& count);

// Text packs (see engine/text/text_table.inc): every field's text in table order, and filling
// the web build's table from one (false, nothing changed, unless there is one text per field).
std::vector<std::string> UiTextPack(Language language);
std::size_t UiTextFieldCount();
bool InstallUiTextPack(Language language, const std::vector<std::string>& texts);

}  // namespace atlas::ui
