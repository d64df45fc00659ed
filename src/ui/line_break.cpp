#include "line_break.hpp"

#include <string>
#include <vector>

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
// a source "004 §4.2" stays whole; the slash of a unit: "元/小时", "¥3.2/卡时") or end with
// (opening brackets, currency signs); the no-break space binds both sides.
bool NoBreakBefore(char32_t c) {
  for (char32_t x : {U'，', U'。', U'、', U'；', U'：', U'？', U'！', U'）', U'」', U'』', U'】', U'》', U'’', U'”',
                     U',', U'.', U';', U':', U'!', U'?', U')', U']', U'%', U'\u00A0', U'％', U'·', U'…',
                     U'§', U'/'})
    if (c == x) return true;
  return false;
}
bool NoBreakAfter(char32_t c) {
  for (char32_t x : {U'（', U'「', U'『', U'【', U'《', U'‘', U'“', U'(', U'[', U'¥', U'$', U'\u00A0'})
    if (c == x) return true;
  return false;
}

// Chinese unit words written after a figure: time, bytes and bits, money and magnitudes, and the
// measure words of counts (8 张卡, 3 个用户, 5 层), as the zh texts (src/ui/text/zh,
// src/engine/text/zh) and engine/format_zh.hpp write them. CJK text may break between any two
// characters, so the join before a word does not keep "小时" whole: a word listed here, met right
// after a figure's no-break join or digit ("6,369\u00A0小时", "¥2.25万"), or after a '/' joined to
// what precedes it ("元/小时", "¥3.2/卡时", "USD/卡"), is not broken inside nor from the figure;
// the text after it breaks as any CJK text. The formatters mark where a figure is (the join);
// this list says how far its Chinese unit reaches. Longest first: "张卡" before "张", "万亿"
// before "万".
constexpr const char* kCjkUnitWords[] = {
    "万亿", "亿", "万元", "万", "元", "小时", "分钟", "毫秒", "秒", "个月", "月", "周", "天", "年", "卡时", "卡月",
    "张卡", "张", "卡", "个", "人", "位", "字节", "条", "层", "步", "项", "款", "次", "家", "名", "台", "份", "种",
    "路", "段", "核", "倍", "节点", "瓦", "千瓦时", "度"};

bool IsDigit(char32_t c) {
  return (c >= U'0' && c <= U'9') || c == U'¹' || c == U'²' || c == U'³' || (c >= U'⁰' && c <= U'⁹');
}

// For each byte position of `text`, whether a line must not break before the character there
// because it is inside a figure's CJK unit word or joins one to its figure (see kCjkUnitWords).
std::vector<bool> GluedCjkUnits(const std::string& text) {
  std::vector<bool> glued(text.size() + 1, false);
  char32_t prev = 0, before_prev = 0;
  bool in_title = false;
  for (size_t i = 0; i < text.size();) {
    size_t len = 0;
    const char32_t c = Decode(text, i, len);
    // A book title stays whole, as Chinese typesetting keeps it ("《算力梯队划分》§2.2", the guides'
    // names); one wider than the line is still cut between characters (BreakLines).
    if (in_title) glued[i] = true;
    if (c == U'《' || c == U'》') in_title = c == U'《';
    // After a digit, a figure's no-break join, or a '/' inside a unit ("元/小时", "¥3.2/卡时").
    const bool after_figure = IsDigit(prev) || prev == U'\u00A0' || (prev == U'/' && before_prev != 0 && before_prev != U' ');
    if (const size_t n = after_figure ? CjkUnitWordAt(text, i) : 0) {
      for (size_t k = i; k < i + n; ++k) glued[k] = true;  // from the figure, and inside the word
      size_t last = i + n - 1;
      while (last > i && (static_cast<unsigned char>(text[last]) & 0xC0) == 0x80) --last;
      before_prev = 0;
      prev = Decode(text, last, len);
      i += n;
      continue;
    }
    before_prev = prev;
    prev = c;
    i += len;
  }
  return glued;
}

}  // namespace

size_t CjkUnitWordAt(const std::string& text, size_t i) {
  size_t best = 0;
  for (const char* word : kCjkUnitWords) {
    const size_t n = std::char_traits<char>::length(word);
    if (n > best && text.compare(i, n, word) == 0) best = n;
  }
  return best;
}

bool MayBreakBetween(char32_t before, char32_t after) {
  if (NoBreakBefore(after) || NoBreakAfter(before)) return false;
  if (before == U' ' || before == U'\u3000' || after == U' ' || after == U'\u3000') return true;
  // After the hyphen of a compound name, before its next word ("Beijing-|Tianjin-|Hebei" in a
  // phone's narrow name column); never before a digit ("Qwen2.5-7B", "-5").
  if (before == U'-' && ((after >= U'A' && after <= U'Z') || (after >= U'a' && after <= U'z'))) return true;
  return IsCjk(before) || IsCjk(after);
}

std::vector<std::pair<size_t, size_t>> BreakLines(const std::string& text, float width, const MeasureText& measure) {
  std::vector<std::pair<size_t, size_t>> lines;
  const std::vector<bool> glued = GluedCjkUnits(text);
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
      // Not before a space that the next character must not start a line after ("004| §4.2"),
      // nor inside a figure's CJK unit word ("6,369 小|时").
      size_t next_len = 0;
      const bool glued_space = c == U' ' && i + 1 < text.size() && NoBreakBefore(Decode(text, i + 1, next_len));
      if (i > start && MayBreakBetween(prev, c) && !glued_space && !glued[i]) last_break = i;
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
