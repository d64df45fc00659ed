#include "format_zh.hpp"

#include "engine/power_of_ten.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace atlas {

namespace {

// |value| with `decimals` decimals, thousands grouped with ',' (sign added by the caller).
std::string GroupedAbs(double value, int decimals) {
  char raw[64];
  std::snprintf(raw, sizeof raw, "%.*f", decimals, std::fabs(value));
  const std::string s(raw);
  const size_t dot = s.find('.');
  const std::string integer = s.substr(0, dot);
  const std::string frac = dot == std::string::npos ? "" : s.substr(dot);
  std::string grouped;
  for (size_t i = 0; i < integer.size(); ++i) {
    if (i > 0 && (integer.size() - i) % 3 == 0) grouped += ',';
    grouped += integer[i];
  }
  return grouped + frac;
}

// "2.50" -> "2.5", "3.00" -> "3" (only after a decimal point).
std::string TrimZeros(std::string s) {
  if (s.find('.') == std::string::npos) return s;
  while (!s.empty() && s.back() == '0') s.pop_back();
  if (!s.empty() && s.back() == '.') s.pop_back();
  return s;
}

// |x| (>= 1) with 3 significant digits, decided after rounding (9.996 -> "10.0" -> "10").
std::string ThreeSignificant(double x) {
  const double a = std::fabs(x);
  const int decimals = a < 9.995 ? 2 : a < 99.95 ? 1 : 0;
  return TrimZeros(GroupedAbs(a, decimals));
}

std::string Superscript(int n) {
  static const char* const kDigits[] = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};
  std::string digits = std::to_string(n < 0 ? -n : n);
  std::string out = n < 0 ? "⁻" : "";
  for (char c : digits) out += kDigits[c - '0'];
  return out;
}

}  // namespace

std::string ZhJoin(const std::string& number, const std::string& unit) {
  return unit.empty() ? number : number + kNoBreakSpace + unit;
}

std::string ZhMagnitude(double value, int small_decimals) {
  if (!std::isfinite(value)) return "-";
  const std::string sign = value < 0 ? "-" : "";
  const double a = std::fabs(value);
  // Each unit starts where the rounded number would reach it (9,999.6 is 1万, not "10,000").
  const double small_limit = 1e4 - 0.5 * PowerOfTen(-small_decimals);
  if (a < small_limit) return sign + GroupedAbs(a, small_decimals);
  if (a < 1e8 - 5e3) return sign + ThreeSignificant(a / 1e4) + "万";
  if (a < 1e12 - 5e7) return sign + ThreeSignificant(a / 1e8) + "亿";
  return sign + ThreeSignificant(a / 1e12) + "万亿";
}

std::string ZhMoney(double amount, const std::string& currency) {
  if (!std::isfinite(amount)) return "-";
  const std::string number = ZhMagnitude(amount, std::fabs(amount) < 99.995 ? 2 : 0);
  const bool negative = !number.empty() && number[0] == '-';
  const std::string digits = negative ? number.substr(1) : number;
  const std::string sign = negative ? "-" : "";
  if (currency == "CNY") return sign + "¥" + digits;
  if (currency == "USD") return sign + "$" + digits;
  return ZhJoin(number, currency);
}

std::string ZhCount(double value) {
  if (!std::isfinite(value)) return "-";
  const double whole = std::round(value);
  return ZhMagnitude(whole == 0 ? 0.0 : whole, 0);  // no "-0"
}

std::string ZhScientific(double value, int significant) {
  if (!std::isfinite(value)) return "-";
  if (significant < 1) significant = 1;
  const double a = std::fabs(value);
  if (a == 0) return "0";
  if (a >= 0.01 && a < 1e4) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*g", significant, value);
    return buf;
  }
  int exponent = static_cast<int>(std::floor(std::log10(a)));
  double mantissa = value / PowerOfTen(exponent);
  // Rounding may carry into the next power (9.996e18 -> 10.0 × 10¹⁸ -> 1.00 × 10¹⁹).
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", significant - 1, mantissa);
  if (std::fabs(std::atof(buf)) >= 10) {
    ++exponent;
    mantissa = value / PowerOfTen(exponent);
    std::snprintf(buf, sizeof buf, "%.*f", significant - 1, mantissa);
  }
  return std::string(buf) + kNoBreakSpace + "×" + kNoBreakSpace + "10" + Superscript(exponent);
}

std::string ZhPercent(double fraction, int decimals) {
  if (!std::isfinite(fraction)) return "-";
  return TrimZeros(GroupedAbs(fraction * 100, decimals)).insert(0, fraction < 0 ? "-" : "") + "%";
}

}  // namespace atlas
