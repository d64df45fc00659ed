#include "engine_text.hpp"

#include <cstring>

namespace atlas {

namespace {

constexpr EngineText kEnglish = {
#define ATLAS_TEXT(id, text) text,
#include "engine/text/en/all.def"
#undef ATLAS_TEXT
};

// English first, then every entry text/zh defines (an id English lacks is a compile error).
constexpr EngineText MakeChinese() {
  EngineText t = kEnglish;
#define ATLAS_TEXT(id, text) t.id = text;
#include "engine/text/zh/all.def"
#undef ATLAS_TEXT
  return t;
}
constexpr EngineText kChinese = MakeChinese();

// Which ids text/zh defines, in its order (checked against English by the tests).
constexpr const char* kChineseIds[] = {
#define ATLAS_TEXT(id, text) #id,
#include "engine/text/zh/all.def"
#undef ATLAS_TEXT
};

constexpr const char* kEnglishIds[] = {
#define ATLAS_TEXT(id, text) #id,
#include "engine/text/en/all.def"
#undef ATLAS_TEXT
};

constexpr std::size_t kCount = sizeof kEnglishIds / sizeof kEnglishIds[0];
static_assert(sizeof(EngineText) == kCount * sizeof(const char*), "EngineText is one pointer per id");

bool ChineseDefines(const char* id) {
  for (const char* zh : kChineseIds)
    if (std::strcmp(zh, id) == 0) return true;
  return false;
}

struct Entries {
  EngineTextEntry rows[kCount] = {
#define ATLAS_TEXT(id, text) {#id, kEnglish.id, kChinese.id},
#include "engine/text/en/all.def"
#undef ATLAS_TEXT
  };
  Entries() {
    for (EngineTextEntry& row : rows)
      if (!ChineseDefines(row.id)) row.chinese = nullptr;
  }
};

}  // namespace

const EngineText& EngineTextFor(Language language) {
  return language == Language::kChinese ? kChinese : kEnglish;
}

const EngineTextEntry* EngineTextEntries(std::size_t& count) {
  static const Entries entries;
  count = kCount;
  return entries.rows;
}

}  // namespace atlas
