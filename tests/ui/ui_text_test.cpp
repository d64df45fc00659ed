// The UI's string tables (src/ui/text/en, src/ui/text/zh): complete, and safe to format.
#include "text_checks.hpp"
#include "ui/text/ui_text.hpp"
#include "ui/widgets.hpp"

#include <doctest/doctest.h>

#include <cstring>

using namespace atlas;

using test::Conversions;

TEST_CASE("Conversions reads printf conversions in order") {
  CHECK(Conversions("%s of %zu, %.1f%% and %-4d") == std::vector<std::string>{"%s", "%zu", "%.1f", "%-4d"});
  CHECK(Conversions("100%% sure").empty());
}

TEST_CASE("every English string has a Chinese entry with the same printf conversions") {
  std::size_t count = 0;
  const TextEntry* entries = ui::UiTextEntries(count);
  // Nearly every entry is actually translated (units and acronyms may stay as they are).
  test::CheckTextTable(entries, count, "src/ui/text/zh", 0.7);
}

TEST_CASE("TextFor picks the table by language") {
  CHECK(std::strcmp(ui::TextFor(Language::kEnglish).tab_calculator, "Calculator") == 0);
  CHECK(std::strcmp(ui::TextFor(Language::kChinese).tab_calculator, "计算器") == 0);
}

TEST_CASE("Shown drops what the English fonts cannot draw, and keeps everything in Chinese") {
  ui::UiEnv english;
  english.language = Language::kEnglish;
  ui::UiEnv chinese;
  chinese.language = Language::kChinese;
  const std::string provider = "5.15 CNY/GPU-h container (Chenjian Cloud (晨涧云), cn market)";
  CHECK(ui::Shown(provider, english) == "5.15 CNY/GPU-h container (Chenjian Cloud, cn market)");
  CHECK(ui::Shown(provider, chinese) == provider);
  CHECK(ui::Shown("ROCm-like '类CUDA' stack", english) == "ROCm-like 'CUDA' stack");
  CHECK(ui::Shown("≈ 1.5× → ≤ 2 GiB – ok", english) == "≈ 1.5× → ≤ 2\u00A0GiB – ok");  // symbols stay; the figure joined
  CHECK(ui::Shown("全中文", english).empty());
}
