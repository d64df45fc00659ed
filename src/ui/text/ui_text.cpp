#include "ui_text.hpp"

#include "engine/text/text_table.hpp"

#include <cstddef>
#include <cstring>

namespace atlas::ui {

#define ATLAS_TEXT_STRUCT UiText
#define ATLAS_TEXT_EN_ALL "ui/text/en/all.def"
#define ATLAS_TEXT_ZH_ALL "ui/text/zh/all.def"
#include "engine/text/text_table.inc"

const UiText& TextFor(Language language) { return language == Language::kChinese ? kChinese : kEnglish; }

const TextEntry* UiTextEntries(std::size_t& count) { return TableEntries(count); }

}  // namespace atlas::ui
