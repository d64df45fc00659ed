#include "format.hpp"

#include "engine/power_of_ten.hpp"

#include "format_zh.hpp"
#include "text/engine_text.hpp"
#include "units.hpp"

#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <algorithm>
#include <cstdlib>

namespace atlas {

std::string Printf(const char* format, ...) {
  char buf[512];
  va_list args;
  va_start(args, format);
  va_list again;
  va_copy(again, args);
  const int n = std::vsnprintf(buf, sizeof buf, format, args);
  va_end(args);
  if (n < 0) {
    va_end(again);
    return {};
  }
  if (static_cast<size_t>(n) < sizeof buf) {
    va_end(again);
    return std::string(buf, static_cast<size_t>(n));
  }
  // Longer than the buffer (a Chinese sentence is ~3 bytes a character, or a long user id).
  std::string out(static_cast<size_t>(n), '\0');
  std::vsnprintf(out.data(), out.size() + 1, format, again);
  va_end(again);
  return out;
}

std::string Grouped(double value, int decimals, Language /*language: one style so far*/) {
  if (!std::isfinite(value)) return "-";
  decimals = decimals < 0 ? 0 : (decimals > 9 ? 9 : decimals);
  char raw[400];  // %.9f of the largest double is ~320 characters
  std::snprintf(raw, sizeof raw, "%.*f", decimals, std::fabs(value));
  const std::string s(raw);
  const size_t dot = s.find('.');
  const std::string integer = s.substr(0, dot);
  const std::string fraction = dot == std::string::npos ? "" : s.substr(dot);
  std::string grouped;
  for (size_t i = 0; i < integer.size(); ++i) {
    if (i > 0 && (integer.size() - i) % 3 == 0) grouped += ',';
    grouped += integer[i];
  }
  const bool negative = value < 0 && s.find_first_not_of("0.") != std::string::npos;  // no "-0"
  return (negative ? "-" : "") + grouped + fraction;
}

std::string Readable(double value, int decimals, Language language) {
  if (!std::isfinite(value)) return "-";
  if (std::fabs(value) < 1e15) return Grouped(value, decimals, language);
  // m × 10^e with 1 <= |m| < 10, m to 2 decimals ("1.9", "2.05"), exponent in superscripts.
  int exponent = static_cast<int>(std::floor(std::log10(std::fabs(value))));
  double mantissa = value / PowerOfTen(exponent);
  if (std::fabs(std::round(mantissa * 100) / 100) >= 10) mantissa /= 10, ++exponent;
  std::string m = Printf("%.2f", mantissa);
  while (m.back() == '0') m.pop_back();
  if (m.back() == '.') m.pop_back();
  static const char* const kSuperscript[] = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};
  std::string power;
  for (char digit : std::to_string(exponent)) power += kSuperscript[digit - '0'];
  return m + "\u00A0×\u00A010" + power;  // no-break: "1.9 × 10²³" is one figure
}

std::string Quantity(double value, const std::string& unit, int decimals, Language language) {
  if (!std::isfinite(value)) return "-";
  return ZhJoin(Readable(value, decimals, language), unit);
}

std::string Plain(double value, int significant) {
  if (!std::isfinite(value)) return "";
  significant = significant < 1 ? 1 : (significant > 17 ? 17 : significant);
  if (std::fabs(value) >= 1e15) return Printf("%.*g", significant, value);
  // Rounded to `significant` digits, then written without an exponent or trailing zeros.
  const double rounded = std::strtod(Printf("%.*g", significant, value).c_str(), nullptr);
  const int magnitude = static_cast<int>(std::floor(std::log10(std::fabs(rounded) + 1e-300)));
  std::string s = Printf("%.*f", std::clamp(significant - 1 - magnitude, 0, 20), rounded);
  if (s.find('.') != std::string::npos) {
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
  }
  return s == "-0" ? "0" : s;
}

std::string Shortest(double v) {
  if (!std::isfinite(v)) return std::isnan(v) ? "nan" : (v > 0 ? "inf" : "-inf");
  char buf[48];
  int digits = 1;
  for (; digits < 17; ++digits) {
    std::snprintf(buf, sizeof buf, "%.*g", digits, v);
    if (std::strtod(buf, nullptr) == v) break;
  }
  // %g writes 100 with one digit as "1e+02": give it the digits of its integer part instead.
  const int exponent = v == 0 ? 0 : static_cast<int>(std::floor(std::log10(std::fabs(v))));
  if (exponent >= digits && exponent < 17) digits = exponent + 1;
  std::snprintf(buf, sizeof buf, "%.*g", digits, v);
  return buf;
}

std::string Duration(double s, Language language) {
  if (!std::isfinite(s) || s < 0) return "-";
  const EngineText& T = EngineTextFor(language);
  // Below 10 of a unit one decimal (two significant digits below 1 ms), else whole units.
  const auto in = [](double v, const char* unit) { return ZhJoin(v < 10 ? Plain(v, 2) : Grouped(v, 0), unit); };
  if (s < 1) return in(s * 1e3, T.dur_ms);
  if (s < 120) return ZhJoin(Grouped(s, 1), T.dur_s);
  if (s < 7200) return ZhJoin(Grouped(s / 60, 0), T.dur_min);
  if (s < 3 * 86400) return ZhJoin(Grouped(s / 3600, 1), T.dur_h);
  if (s < 730 * 86400) return ZhJoin(Grouped(s / 86400, 1), T.dur_days);
  return ZhJoin(Readable(s / (365.25 * 86400), 1, language), T.dur_years);
}

std::string Count(double v) {
  if (!std::isfinite(v)) return "?";
  const double a = std::fabs(v);
  if (a >= 1e15) return Grouped(v / 1e12, 0) + "T";
  if (a >= 1e12) return Plain(v / 1e12, 3) + "T";
  if (a >= 1e9) return Plain(v / 1e9, 3) + "B";
  if (a >= 1e6) return Plain(v / 1e6, 3) + "M";
  if (a >= 1e3) return Plain(v / 1e3, 3) + "k";
  return Plain(v, 3);
}

std::string GibNumber(double bytes) {
  if (!std::isfinite(bytes)) return "-";
  const double gib = bytes / kBytesPerGiB;
  const double a = std::fabs(gib);
  if (a >= 100) return Grouped(gib, 0);
  if (a >= 10) return Grouped(gib, 1);
  if (a >= 0.1 || a == 0) return Grouped(gib, 2);
  return Plain(gib, 2);
}

std::string Gib(double bytes) { return ZhJoin(GibNumber(bytes), "GiB"); }

std::string NoteNumber(double value) {
  char buf[64];
  std::snprintf(buf, sizeof buf, std::fabs(value) >= 1000 ? "%.0f" : "%.4g", value);
  return buf;
}

std::string PlainSpaces(std::string text) {
  // Copied across rather than replaced in place: GCC 12 warns (-Wrestrict, a false positive) on
  // std::string::replace here. U+00A0 is two bytes in UTF-8 (C2 A0); a lone byte is left as is.
  if (text.find(kNoBreakSpace) == std::string::npos) return text;
  std::string plain;
  plain.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    if (text.compare(i, 2, kNoBreakSpace) == 0) {
      plain += ' ';
      ++i;
    } else {
      plain += text[i];
    }
  }
  return plain;
}

}  // namespace atlas
