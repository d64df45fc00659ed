#include "format.hpp"

#include "units.hpp"

#include <cmath>
#include <cstdarg>
#include <cstdio>

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
