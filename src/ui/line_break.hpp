// Where a wrapped line may break, by the rules a Chinese or English reader expects: at spaces,
// and between CJK characters (not before closing punctuation such as ，。）, not after opening
// brackets) — and never inside a figure. Dear ImGui 1.86 also breaks after '.' and ',', which
// split "¥0.36/kWh" as "¥0." / "36/kWh" and "11.7 GiB" as "11." / "7 GiB" on phones; text
// drawn through WrappedText (widgets.hpp) breaks here instead; nor between a number and the unit
// after it ("1.79 GiB", joined by a plain space in the engine's sentences), nor before a section
// mark ("004 §4.2"). Pure: widths come from `measure`.
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

// Whether a line may break between the characters `before` and `after` (Unicode code points).
bool MayBreakBetween(char32_t before, char32_t after);

}  // namespace atlas::ui
