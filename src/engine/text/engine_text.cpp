#include "engine_text.hpp"

#include "engine/text/text_table.hpp"

#include <cstddef>
#include <cstring>

namespace atlas {

#define ATLAS_TEXT_STRUCT EngineText
#define ATLAS_TEXT_EN_ALL "engine/text/en/all.def"
#define ATLAS_TEXT_ZH_ALL "engine/text/zh/all.def"
#include "engine/text/text_table.inc"

const EngineText& EngineTextFor(Language language) {
  return language == Language::kChinese ? kChinese : kEnglish;
}

const char* MarketWord(const std::string& market, const EngineText& text) {
  if (market == "cn") return text.word_market_cn;
  if (market == "global") return text.word_market_global;
  return market.c_str();
}

const TextEntry* EngineTextEntries(std::size_t& count) { return TableEntries(count); }

}  // namespace atlas
