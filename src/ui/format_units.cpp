#include "format_units.hpp"

#include "widgets.hpp"

#include "engine/format.hpp"
#include "engine/format_zh.hpp"

#include <cmath>
#include <cstdio>

namespace atlas::ui {

std::string Safe(double v, int decimals) { return std::isfinite(v) ? FormatNumber(v, decimals) : "-"; }

std::string Bytes(double bytes) {
  if (!std::isfinite(bytes)) return "-";
  // Binary units, as cards report memory (an "80 GB" H100 holds 80 GiB), and always GiB, the
  // scale of the engine's sentences too (engine/format.hpp Gib): one unit per view.
  return GibNumber(bytes) + "\u00A0GiB";
}

std::string GpuHours(double h, const UiText& t) {
  if (!std::isfinite(h) || h < 0) return "-";
  char buf[96];
  std::snprintf(buf, sizeof buf, t.unit_gpu_hours, FormatNumber(h, h < 100 ? 1 : 0).c_str());
  return buf;
}

std::string Flops(double f) { return Quantity(f, "FLOP"); }

std::string Flops(double f, Language language) {
  if (language != Language::kChinese) return Flops(f);
  return std::isfinite(f) ? ZhJoin(ZhScientific(f), "FLOP") : "-";
}

std::string Money(double v, const std::string& cur, Language language) {
  if (language == Language::kChinese) return ZhMoney(v, cur);
  if (!std::isfinite(v)) return "-";
  const std::string n = FormatNumber(v, std::fabs(v) < 100 ? 2 : 0);
  if (cur == "CNY") return (v < 0 ? "-¥" : "¥") + n.substr(v < 0 ? 1 : 0);
  if (cur == "USD") return (v < 0 ? "-$" : "$") + n.substr(v < 0 ? 1 : 0);
  return ZhJoin(n, cur);
}

std::string Rate(double v, const char* unit) {
  if (!std::isfinite(v)) return "-";
  return ZhJoin(FormatNumber(v, v < 10 ? 1 : 0), unit);
}

std::string Whole(double count, const char* unit) {
  if (!std::isfinite(count)) return "-";
  return ZhJoin(FormatNumber(std::floor(count + 0.5), 0), unit);
}

}  // namespace atlas::ui
