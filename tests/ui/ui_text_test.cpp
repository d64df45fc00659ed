// The UI's string tables (src/ui/text/en, src/ui/text/zh): complete, and safe to format.
#include "ui/text/ui_text.hpp"

#include <doctest/doctest.h>

#include <cstring>
#include <string>
#include <vector>

using namespace atlas;

namespace {

// The printf conversions of a format string in order ("%s", "%.1f", "%zu"; "%%" skipped).
std::vector<std::string> Conversions(const char* text) {
  std::vector<std::string> out;
  for (const char* p = text; *p; ++p) {
    if (*p != '%') continue;
    if (p[1] == '%') {
      ++p;
      continue;
    }
    std::string conv = "%";
    const char* q = p + 1;
    while (*q && std::strchr("-+ #0123456789.*", *q)) conv += *q++;
    while (*q && std::strchr("hlLzjt", *q)) conv += *q++;
    if (*q) conv += *q;
    out.push_back(conv);
    p = *q ? q : q - 1;
  }
  return out;
}

bool HasCjk(const char* text) {
  // UTF-8 lead bytes 0xE3..0xE9 start U+3000..U+9FFF (CJK punctuation and ideographs).
  for (const unsigned char* p = reinterpret_cast<const unsigned char*>(text); *p; ++p)
    if (*p >= 0xE3 && *p <= 0xE9) return true;
  return false;
}

}  // namespace

TEST_CASE("Conversions reads printf conversions in order") {
  CHECK(Conversions("%s of %zu, %.1f%% and %-4d") == std::vector<std::string>{"%s", "%zu", "%.1f", "%-4d"});
  CHECK(Conversions("100%% sure").empty());
}

TEST_CASE("every English string has a Chinese entry with the same printf conversions") {
  std::size_t count = 0;
  const ui::UiTextEntry* entries = ui::UiTextEntries(count);
  REQUIRE(count > 20);
  int chinese_words = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const ui::UiTextEntry& e = entries[i];
    INFO("id " << e.id);
    REQUIRE(e.english != nullptr);
    CHECK(std::strlen(e.english) > 0);
    REQUIRE_MESSAGE(e.chinese != nullptr, "src/ui/text/zh lacks " << e.id);
    CHECK(std::strlen(e.chinese) > 0);
    // A mismatch would make ImGui::Text read the wrong argument type.
    CHECK(Conversions(e.english) == Conversions(e.chinese));
    // Stable ImGui ids ("###x") are added by the views, never by the tables.
    CHECK(std::strstr(e.english, "###") == nullptr);
    CHECK(std::strstr(e.chinese, "###") == nullptr);
    if (HasCjk(e.chinese)) ++chinese_words;
  }
  // Nearly every entry is actually translated (units and acronyms may stay as they are).
  CHECK(chinese_words > static_cast<int>(count * 7 / 10));
}

TEST_CASE("TextFor picks the table by language") {
  CHECK(std::strcmp(ui::TextFor(Language::kEnglish).tab_calculator, "Calculator") == 0);
  CHECK(std::strcmp(ui::TextFor(Language::kChinese).tab_calculator, "计算器") == 0);
}
