#include "line_break.hpp"

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

// Characters a line may not start with (closing punctuation, units' marks) or end with
// (opening brackets, currency signs); the no-break space binds both sides.
bool NoBreakBefore(char32_t c) {
  for (char32_t x : {U'，', U'。', U'、', U'；', U'：', U'？', U'！', U'）', U'」', U'』', U'】', U'》', U'’', U'”',
                     U',', U'.', U';', U':', U'!', U'?', U')', U']', U'%', U'\u00A0', U'％', U'·', U'…'})
    if (c == x) return true;
  return false;
}
bool NoBreakAfter(char32_t c) {
  for (char32_t x : {U'（', U'「', U'『', U'【', U'《', U'‘', U'“', U'(', U'[', U'¥', U'$', U'\u00A0'})
    if (c == x) return true;
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
    char32_t prev = 0;
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
      if (i > start && MayBreakBetween(prev, c)) last_break = i;
      line_width += measure(base + i, base + i + len);
      if (line_width > width) {
        end = i;
        break;
      }
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
