#include "line_break.hpp"

#include <cctype>
#include <string>

namespace atlas::ui {

namespace {

// The code point at text[i] and its byte length (invalid bytes count as one character).
char32_t Decode(const std::string& text, size_t i, size_t& length) {
  const auto b = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char c = b(i);
  length = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 1;
  if (i + length > text.size()) length = 1;
  if (length == 1) return c;
  char32_t cp = c & (0x7F >> length);
  for (size_t k = 1; k < length; ++k) cp = (cp << 6) | (b(i + k) & 0x3F);
  return cp;
}

// CJK ideographs, kana, CJK punctuation and full-width forms: a line may break around them.
bool IsCjk(char32_t c) {
  return (c >= 0x2E80 && c <= 0x9FFF) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFF00 && c <= 0xFFEF);
}

// Characters a line may not start with (closing punctuation, units' marks, the section mark:
// a source "004 §4.2" stays whole) or end with (opening brackets, currency signs); the
// no-break space binds both sides.
bool NoBreakBefore(char32_t c) {
  for (char32_t x : {U'，', U'。', U'、', U'；', U'：', U'？', U'！', U'）', U'」', U'』', U'】', U'》', U'’', U'”',
                     U',', U'.', U';', U':', U'!', U'?', U')', U']', U'%', U'\u00A0', U'％', U'·', U'…',
                     U'§'})
    if (c == x) return true;
  return false;
}
bool NoBreakAfter(char32_t c) {
  for (char32_t x : {U'（', U'「', U'『', U'【', U'《', U'‘', U'“', U'(', U'[', U'¥', U'$', U'\u00A0'})
    if (c == x) return true;
  return false;
}

// Whether text[i] starts a unit written after a number and a space ("12.8 GiB", "3 kWh", "8 GPUs"):
// the engine's figures join them with a plain space, and a line must not break there either.
bool UnitAfterNumber(const std::string& text, size_t i, char32_t before_space) {
  if (before_space < U'0' || before_space > U'9') return false;
  for (const char* unit : {"GiB", "GB", "MiB", "MB", "TiB", "TB", "KiB", "kWh", "kW", "W", "TFLOPS", "TOPS", "FLOP", "ms",
                           "h", "tokens", "token", "GPUs", "GPU", "%", "kg"}) {
    const size_t n = std::char_traits<char>::length(unit);
    if (text.compare(i, n, unit) != 0) continue;
    const unsigned char next = i + n < text.size() ? static_cast<unsigned char>(text[i + n]) : ' ';
    if (!std::isalpha(next)) return true;  // the whole word ("GiB", "GB/s"), not "has" or "Wh-"
  }
  return false;
}

}  // namespace

bool MayBreakBetween(char32_t before, char32_t after) {
  if (NoBreakBefore(after) || NoBreakAfter(before)) return false;
  if (before == U' ' || before == U'\u3000' || after == U' ' || after == U'\u3000') return true;
  return IsCjk(before) || IsCjk(after);
}

std::vector<std::pair<size_t, size_t>> BreakLines(const std::string& text, float width, const MeasureText& measure) {
  std::vector<std::pair<size_t, size_t>> lines;
  const char* base = text.c_str();
  size_t start = 0;
  while (start <= text.size()) {
    // Walk the line's characters, remembering the last place it may break.
    size_t i = start, last_break = std::string::npos, end = text.size();
    char32_t prev = 0, before_prev = 0;
    bool hard = false;
    float line_width = 0;  // ImGui 1.86 has no kerning: a line is the sum of its characters
    while (i < text.size()) {
      size_t len = 0;
      const char32_t c = Decode(text, i, len);
      if (c == U'\n') {
        end = i;
        hard = true;
        break;
      }
      // Not around the space between a number and its unit ("1.79 | GiB" nor "1.79| GiB"), nor
      // before a space that the next character must not start a line after ("004| §4.2").
      size_t next_len = 0;
      const bool glued_space =
          c == U' ' && i + 1 < text.size() && (UnitAfterNumber(text, i + 1, prev) || NoBreakBefore(Decode(text, i + 1, next_len)));
      const bool unit_after_space = prev == U' ' && UnitAfterNumber(text, i, before_prev);
      if (i > start && MayBreakBetween(prev, c) && !glued_space && !unit_after_space) last_break = i;
      line_width += measure(base + i, base + i + len);
      if (line_width > width) {
        end = i;
        break;
      }
      before_prev = prev;
      prev = c;
      i += len;
    }
    if (hard || i >= text.size()) {
      lines.push_back({start, hard ? end : text.size()});
      if (!hard) break;
      start = end + 1;
      continue;
    }
    // The line overflows at `end`: break at the last opportunity, else between characters.
    size_t cut = last_break != std::string::npos ? last_break : (end > start ? end : end + 1);
    if (last_break == std::string::npos && cut < text.size()) {
      // Cut between characters: closing punctuation (、，。) still stays with the character
      // before it, so the next line never starts with it ("NVLink、" at 6 wide).
      size_t back = cut, len = 0;
      while (back > start && NoBreakBefore(Decode(text, back, len))) {
        do --back;
        while (back > start && (static_cast<unsigned char>(text[back]) & 0xC0) == 0x80);
      }
      if (back > start) cut = back;
    }
    if (cut <= start) {  // a single character wider than the line
      size_t len = 0;
      Decode(text, start, len);
      cut = start + len;
    }
    size_t line_end = cut;
    while (line_end > start && text[line_end - 1] == ' ') --line_end;  // drop the space at the break
    lines.push_back({start, line_end});
    start = cut;
    while (start < text.size() && text[start] == ' ') ++start;
    if (start >= text.size()) break;
  }
  return lines;
}

}  // namespace atlas::ui
