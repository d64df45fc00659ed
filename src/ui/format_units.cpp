#include "format_units.hpp"

#include "line_break.hpp"
#include "widgets.hpp"

#include "engine/format.hpp"
#include "engine/format_zh.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <unordered_map>

namespace atlas::ui {

namespace {

// Figures drawn every frame (the Cost view's hub, price and bar tables format the same few
// hundred amounts each frame; the number grouping and ZhMoney's 万/亿 rounding were ~20 % of the
// Chinese Cost view's frame, callgrind on frame_cpu) depend only on their arguments, so their
// text is kept by them. The UI is single-threaded; the table is emptied past 4096 entries.
template <typename Make>
std::string Kept(std::unordered_map<std::string, std::string>& kept, double v, int extra, const std::string& more, Make&& make) {
  std::string key(sizeof v + sizeof extra, '\0');
  std::memcpy(key.data(), &v, sizeof v);
  std::memcpy(key.data() + sizeof v, &extra, sizeof extra);
  key += more;
  if (auto it = kept.find(key); it != kept.end()) return it->second;
  if (kept.size() >= 4096) kept.clear();
  return kept.emplace(std::move(key), make()).first->second;
}

std::string MoneyText(double v, const std::string& cur, Language language) {
  if (language == Language::kChinese) return ZhMoney(v, cur);
  if (!std::isfinite(v)) return "-";
  const std::string n = FormatNumber(v, std::fabs(v) < 100 ? 2 : 0);
  if (cur == "CNY") return (v < 0 ? "-¥" : "¥") + n.substr(v < 0 ? 1 : 0);
  if (cur == "USD") return (v < 0 ? "-$" : "$") + n.substr(v < 0 ? 1 : 0);
  return ZhJoin(n, cur);
}

}  // namespace

std::string Safe(double v, int decimals) {
  static std::unordered_map<std::string, std::string> kept;
  return Kept(kept, v, decimals, {}, [&] { return std::isfinite(v) ? FormatNumber(v, decimals) : "-"; });
}

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
  static std::unordered_map<std::string, std::string> kept;
  return Kept(kept, v, static_cast<int>(language), cur, [&] { return MoneyText(v, cur, language); });
}

std::string Rate(double v, const char* unit) {
  if (!std::isfinite(v)) return "-";
  return ZhJoin(FormatNumber(v, v < 10 ? 1 : 0), unit);
}

std::string Whole(double count, const char* unit) {
  if (!std::isfinite(count)) return "-";
  return ZhJoin(FormatNumber(std::floor(count + 0.5), 0), unit);
}

namespace {

// Whether text[i] starts a Latin unit as a whole word ("GB" in "80 GB HBM3" and "GB/s", not in
// "GBs"), or a Chinese unit word.
bool UnitAt(const std::string& text, size_t i) {
  for (const char* unit : {"GiB", "GB", "MiB", "MB", "TiB", "TB", "KiB", "kWh", "kW", "W", "TFLOPS", "TOPS", "PFLOPS",
                           "FLOP", "ms", "h", "tokens", "token", "GPUs", "GPU", "%", "kg", "bytes", "bits", "nm", "MHz",
                           "GHz", "years", "days", "hours", "months"}) {
    const size_t n = std::strlen(unit);
    if (text.compare(i, n, unit) != 0) continue;
    const unsigned char next = i + n < text.size() ? static_cast<unsigned char>(text[i + n]) : ' ';
    if (!std::isalnum(next) && next != '_') return true;
  }
  return CjkUnitWordAt(text, i) > 0;
}

}  // namespace

std::string JoinFigures(const std::string& text) {
  std::string out;
  out.reserve(text.size() + 8);
  for (size_t i = 0; i < text.size(); ++i) {
    const bool after_number = i > 0 && text[i - 1] >= '0' && text[i - 1] <= '9';
    if (text[i] == ' ' && after_number && UnitAt(text, i + 1))
      out += kNoBreakSpace;
    else
      out += text[i];
  }
  return out;
}

}  // namespace atlas::ui
