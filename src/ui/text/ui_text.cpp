#include "ui_text.hpp"

#include "engine/text/text_table.hpp"

#include <cstddef>
#include <cstring>
#include <string>
#include <vector>

namespace atlas::ui {

#define ATLAS_TEXT_STRUCT UiText
#define ATLAS_TEXT_EN_ALL "ui/text/en/all.def"
#define ATLAS_TEXT_ZH_ALL "ui/text/zh/all.def"
#include "engine/text/text_table.inc"

#ifdef ATLAS_TEXT_PACKS
const UiText& TextFor(Language language) { return PackedTable(language); }
#else
const UiText& TextFor(Language language) { return CompiledTable(language); }
const TextEntry* UiTextEntries(std::size_t& count) { return TableEntries(count); }
std::vector<std::string> UiTextPack(Language language) { return PackOf(language); }
#endif

std::size_t UiTextFieldCount() { return kFieldCount; }

bool InstallUiTextPack(Language language, const std::vector<std::string>& texts) { return InstallPack(language, texts); }

}  // namespace atlas::ui
