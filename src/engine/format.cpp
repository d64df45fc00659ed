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
  std::vsnprintf(buf, sizeof buf, format, args);
  va_end(args);
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

std::string Gb(double bytes) {
  const double gb = bytes / kBytesPerGB;
  return Printf(gb >= 100 ? "%.0f GB" : (gb >= 10 ? "%.1f GB" : "%.2f GB"), gb);
}

}  // namespace atlas
