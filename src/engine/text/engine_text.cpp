#include "engine_text.hpp"

#include "engine/text/text_table.hpp"

#include <cstddef>
#include <cstring>
#include <string>
#include <vector>

namespace atlas {

#define ATLAS_TEXT_STRUCT EngineText
#define ATLAS_TEXT_EN_ALL "engine/text/en/all.def"
#define ATLAS_TEXT_ZH_ALL "engine/text/zh/all.def"
#include "engine/text/text_table.inc"

#ifdef ATLAS_TEXT_PACKS
const EngineText& EngineTextFor(Language language) { return PackedTable(language); }
#else
const EngineText& EngineTextFor(Language language) { return CompiledTable(language); }
const TextEntry* EngineTextEntries(std::size_t& count) { return TableEntries(count); }
std::vector<std::string> EngineTextPack(Language language) { return PackOf(language); }
#endif

std::size_t EngineTextFieldCount() { return kFieldCount; }

bool InstallEngineTextPack(Language language, const std::vector<std::string>& texts) {
  return InstallPack(language, texts);
}

const char* MarketWord(const std::string& market, const EngineText& text) {
  if (market == "cn") return text.word_market_cn;
  if (market == "global") return text.word_market_global;
  return market.c_str();
}

}  // namespace atlas
