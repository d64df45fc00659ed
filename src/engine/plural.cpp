#include "plural.hpp"

#include <cctype>

namespace atlas {

namespace {

// The number that ends `s` before any trailing spaces, plain or no-break ("apply 1 " -> "1";
// templates join a count and its noun with U+00A0, "1\u00A0{GPU|GPUs}"), or "".
std::string NumberBefore(const std::string& s) {
  size_t end = s.size();
  while (end > 0) {
    if (s[end - 1] == ' ') --end;
    else if (end > 1 && s.compare(end - 2, 2, "\u00A0") == 0) end -= 2;
    else break;
  }
  size_t start = end;
  while (start > 0 && (std::isdigit(static_cast<unsigned char>(s[start - 1])) || s[start - 1] == ',' || s[start - 1] == '.'))
    --start;
  // A trailing "." or "," ends a sentence or a clause, not the number.
  while (start < end && !std::isdigit(static_cast<unsigned char>(s[start]))) ++start;
  return s.substr(start, end - start);
}

}  // namespace

std::string Plurals(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  size_t i = 0;
  while (i < text.size()) {
    const size_t open = text.find('{', i);
    if (open == std::string::npos) break;
    const size_t close = text.find_first_of("{}", open + 1);
    const size_t bar = text.find('|', open + 1);
    out.append(text, i, open - i);
    if (close == std::string::npos || text[close] != '}' || bar == std::string::npos || bar > close) {
      out += '{';  // not a group: kept as written
      i = open + 1;
      continue;
    }
    const bool one = NumberBefore(out) == "1";
    out.append(text, one ? open + 1 : bar + 1, one ? bar - open - 1 : close - bar - 1);
    i = close + 1;
  }
  out.append(text, i < text.size() ? i : text.size(), std::string::npos);
  return out;
}

}  // namespace atlas
