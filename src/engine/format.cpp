#include "format.hpp"

#include "units.hpp"

#include <cmath>
#include <cstdarg>
#include <cstdio>
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

std::string Count(double v) {
  if (!std::isfinite(v)) return "?";
  const double a = std::fabs(v);
  if (a >= 1e12) return Printf("%.3gT", v / 1e12);
  if (a >= 1e9) return Printf("%.3gB", v / 1e9);
  if (a >= 1e6) return Printf("%.3gM", v / 1e6);
  if (a >= 1e3) return Printf("%.3gk", v / 1e3);
  return Printf("%.3g", v);
}

std::string Gib(double bytes) {
  const double gib = bytes / kBytesPerGiB;
  return Printf(gib >= 100 ? "%.0f GiB" : (gib >= 10 ? "%.1f GiB" : "%.2f GiB"), gib);
}

}  // namespace atlas
