// Line breaking (ui/line_break.hpp): at spaces and between CJK characters, never inside a
// figure ("11.7 GiB", "¥0.36/kWh", "¥22,162"), never before closing punctuation.
#include "ui/line_break.hpp"
#include "engine/text/engine_text.hpp"
#include "ui/text/ui_text.hpp"

#include <doctest/doctest.h>

#include <cctype>
#include <string>
#include <vector>

using namespace atlas::ui;

namespace {

// Every character is 1 wide (a UTF-8 lead byte counts, continuation bytes do not).
float Width(const char* b, const char* e) {
  float w = 0;
  for (const char* p = b; p < e; ++p)
    if ((static_cast<unsigned char>(*p) & 0xC0) != 0x80) w += 1;
  return w;
}

std::vector<std::string> Lines(const std::string& text, float width) {
  std::vector<std::string> out;
  for (const auto& [b, e] : BreakLines(text, width, Width)) out.push_back(text.substr(b, e - b));
  return out;
}

}  // namespace

TEST_CASE("a figure never breaks at its decimal point or thousands comma") {
  // "Fits: 12.3 of 24.0 GiB, 11.7 GiB free" at a width where ImGui broke after "11.".
  const std::string fits = "Fits: 12.3 of 24.0 GiB, 11.7\u00A0GiB free";
  for (float w = 12; w <= 40; ++w)
    for (const std::string& line : Lines(fits, w)) {
      INFO(w << ": " << line);
      const bool whole_figure = line.find("11.") == std::string::npos || line.find("11.7\u00A0GiB") != std::string::npos;
      CHECK(whole_figure);
      CHECK(line.back() != '.');
    }
  CHECK(Lines("电价 ¥0.36/kWh，很便宜", 10) == std::vector<std::string>{"电价", "¥0.36/kWh，", "很便宜"});
  CHECK(Lines("总价 ¥22,162 元", 8) == std::vector<std::string>{"总价", "¥22,162", "元"});
}

TEST_CASE("Chinese breaks between characters, but not before closing punctuation or after an opening bracket") {
  CHECK(Lines("放得下：每卡用显存", 4) == std::vector<std::string>{"放得下：", "每卡用显", "存"});
  CHECK_FALSE(MayBreakBetween(U'下', U'，'));
  CHECK_FALSE(MayBreakBetween(U'（', U'每'));
  CHECK(MayBreakBetween(U'每', U'卡'));
  CHECK(MayBreakBetween(U'卡', U'G'));
  CHECK_FALSE(MayBreakBetween(U'1', U'.'));
  CHECK_FALSE(MayBreakBetween(U'.', U'7'));
  CHECK_FALSE(MayBreakBetween(U'7', U'\u00A0'));
}

TEST_CASE("spaces break and are dropped; newlines always break; a run too long is cut, nothing is lost") {
  CHECK(Lines("one two three", 7) == std::vector<std::string>{"one two", "three"});
  CHECK(Lines("a\nb", 10) == std::vector<std::string>{"a", "b"});
  CHECK(Lines("", 10) == std::vector<std::string>{""});
  const std::vector<std::string> cut = Lines("https://host/#v=1&view=cost", 10);
  std::string joined;
  for (const std::string& l : cut) {
    CHECK(Width(l.data(), l.data() + l.size()) <= 10);
    joined += l;
  }
  CHECK(joined == "https://host/#v=1&view=cost");
  CHECK(Lines("x", 0.5f) == std::vector<std::string>{"x"});  // narrower than one character: still drawn
  // A run cut between characters keeps its closing punctuation: "、" never starts a line.
  CHECK(Lines("NVLink、PCIe", 6) == std::vector<std::string>{"NVLin", "k、PCIe"});
}

TEST_CASE("no line of any Chinese text starts with closing punctuation such as 、，。 (kinsoku), at any width") {
  // Every Chinese string of the UI's and the engine's tables, wrapped at 6 to 40 characters.
  const std::u32string closing = U"，。、；：？！）」』】》";
  const auto starts_badly = [&](const std::string& line) {
    for (char32_t c : closing) {
      std::string utf8;
      // The closing marks are all 3-byte UTF-8 (U+3000..U+FFFF).
      utf8 += static_cast<char>(0xE0 | (c >> 12));
      utf8 += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      utf8 += static_cast<char>(0x80 | (c & 0x3F));
      if (line.compare(0, utf8.size(), utf8) == 0) return true;
    }
    return false;
  };
  int checked = 0, with_enumeration_comma = 0;
  for (const auto entries : {&atlas::ui::UiTextEntries, &atlas::EngineTextEntries}) {
    std::size_t count = 0;
    const atlas::TextEntry* e = entries(count);
    for (std::size_t i = 0; i < count; ++i) {
      if (!e[i].chinese) continue;
      const std::string text = e[i].chinese;
      if (text.find("、") != std::string::npos) ++with_enumeration_comma;
      for (float w = 6; w <= 40; ++w) {
        const std::vector<std::string> lines = Lines(text, w);
        for (size_t l = 1; l < lines.size(); ++l) {
          INFO(e[i].id << " at width " << w << ": line " << l << " \"" << lines[l] << "\"");
          CHECK_FALSE(starts_badly(lines[l]));
        }
      }
      ++checked;
    }
  }
  CHECK(checked > 500);
  CHECK(with_enumeration_comma > 10);  // the rule is exercised where the trial saw it fail
}

TEST_CASE("a source reference is never split: no break before the section mark (17, phone guide row)") {
  CHECK_FALSE(MayBreakBetween(U' ', U'§'));
  // The walkthrough's guide row on a phone broke as "[004" / "§4.2]".
  const std::string row = "指南表格：7B-13B LoRA / QLoRA → RTX 4090（24 GB）[004 §4.2]";
  for (float w = 11; w <= 40; ++w)  // "[004 §4.2]" is 10 wide
    for (const std::string& line : Lines(row, w)) {
      INFO(w << ": " << line);
      CHECK((line.find("[004") == std::string::npos || line.find("[004 §4.2]") != std::string::npos));
      CHECK(line.rfind("§", 0) != 0);
    }
}

TEST_CASE("a number and its unit stay on one line even when the engine joins them with a plain space (Make it fit)") {
  const std::string why = "activations per GPU 12.8 GiB -> 1.79 GiB, at the cost of 3 kWh and 8 GPUs; has Whole words";
  for (float w = 10; w <= 40; ++w) {
    const std::vector<std::string> lines = Lines(why, w);
    for (size_t i = 0; i + 1 < lines.size(); ++i) {
      INFO(w << ": " << lines[i] << " | " << lines[i + 1]);
      const bool unit_next = lines[i + 1].rfind("GiB", 0) == 0 || lines[i + 1].rfind("kWh", 0) == 0 || lines[i + 1].rfind("GPUs", 0) == 0;
      CHECK_FALSE((std::isdigit(static_cast<unsigned char>(lines[i].back())) && unit_next));
      CHECK(lines[i].back() != '.');
    }
  }
  // A word that only starts like a unit still breaks: "of 3 has" may break before "has".
  CHECK(Lines("3 has", 3) == std::vector<std::string>{"3", "has"});
}
