// Where a wrapped line may break, by the rules a Chinese or English reader expects: at spaces,
// after a hyphen before a letter ("Beijing-|Tianjin"),
// and between CJK characters (not before closing punctuation such as ，。）, not after opening
// brackets) — and never inside a figure. Dear ImGui 1.86 also breaks after '.' and ',', which
// split "¥0.36/kWh" as "¥0." / "36/kWh" and "11.7 GiB" as "11." / "7 GiB" on phones; text
// drawn through WrappedText (widgets.hpp) breaks here instead. A number and its unit are joined
// by the formatters and the text templates with a no-break space U+00A0 ("1.79\u00A0GiB",
// "6,369\u00A0小时"; engine/format_zh.hpp kNoBreakSpace), which never breaks; a Chinese unit word
// after such a join or a digit ("小时", "张卡", "万", "元/小时") is not broken inside either, though
// the CJK text after it still breaks anywhere. Nor before a section mark ("004 §4.2"). Pure:
// widths come from `measure`.
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace atlas::ui {

// The width of text[begin, end) in pixels.
using MeasureText = std::function<float(const char* begin, const char* end)>;

// `text` split into lines no wider than `width` (byte ranges [first, second) into `text`; a
// space at a break is dropped; '\n' always breaks). A run with no break opportunity wider than
// `width` is cut between characters, as a last resort.
std::vector<std::pair<size_t, size_t>> BreakLines(const std::string& text, float width, const MeasureText& measure);

// The byte length of the Chinese unit word at text[i] ("小时", "张卡", "万亿"; the longest of
// line_break.cpp's list), or 0. BreakLines keeps such a word whole after a figure.
size_t CjkUnitWordAt(const std::string& text, size_t i);

// Whether a line may break between the characters `before` and `after` (Unicode code points).
bool MayBreakBetween(char32_t before, char32_t after);

}  // namespace atlas::ui
