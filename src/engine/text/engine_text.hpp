// Every sentence the engine writes for a person (reasons, limits, advice, notes, tips, errors),
// one named field each, in the language of the request. Same mechanism as the UI's tables
// (src/ui/text/ui_text.hpp): the words live in text/en/*.def (the source) and text/zh/*.def
// (简体中文), one file per engine area. A Chinese entry for an id English lacks does not
// compile; an English id Chinese lacks falls back to English and fails
// tests/engine/engine_text_test.cpp.
//
// Rules: one format string per sentence (no assembly in English word order), printf's
// conversions in the same order in both languages (tested). Formulas, input listings and
// source citations are not in the tables: they stay as written (formulas and paper titles).
#pragma once

#include "engine/language.hpp"

#include "engine/text/text_table.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace atlas {

struct EngineText {
#define ATLAS_TEXT(id, text) const char* id;
#include "engine/text/en/all.def"
#undef ATLAS_TEXT
};

// The table for a language (static, immutable).
const EngineText& EngineTextFor(Language language);

// A market code ("cn", "global") as a word of the table's language (unknown codes as given).
const char* MarketWord(const std::string& market, const EngineText& text);

// One row per id (id, English, Chinese or nullptr), for tests and tools.
const TextEntry* EngineTextEntries(std::size_t& count);

// Text packs (see engine/text/text_table.inc): every field's text in table order, and filling
// the web build's table from one (false, nothing changed, unless there is one text per field).
std::vector<std::string> EngineTextPack(Language language);
std::size_t EngineTextFieldCount();
bool InstallEngineTextPack(Language language, const std::vector<std::string>& texts);

}  // namespace atlas
