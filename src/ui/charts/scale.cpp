#include "scale.hpp"

#include "engine/power_of_ten.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace atlas::charts {

double Scale::ToPixel(double v) const {
  double t;
  if (log) {
    const double safe = std::max(v, 1e-12);
    t = (std::log10(safe) - std::log10(lo)) / (std::log10(hi) - std::log10(lo));
  } else {
    t = (v - lo) / (hi - lo);
  }
  if (!std::isfinite(t)) t = 0;
  return pixel_lo + t * (pixel_hi - pixel_lo);
}

double Scale::FromPixel(double p) const {
  double t = (p - pixel_lo) / (pixel_hi - pixel_lo);
  if (!std::isfinite(t)) t = 0;
  if (log) return PowerOfTen(std::log10(lo) + t * (std::log10(hi) - std::log10(lo)));
  return lo + t * (hi - lo);
}

namespace {
// `v` with `decimals` decimals, trailing zeros dropped ("2.50" -> "2.5", "3.0" -> "3"): never
// e-notation, as %g writes past 10^6 or below 10^-4.
std::string Trimmed(double v, int decimals) {
  char buf[400];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  std::string s = buf;
  if (s.find('.') != std::string::npos) {
    s.erase(s.find_last_not_of('0') + 1);
    if (s.back() == '.') s.pop_back();
  }
  return s == "-0" ? "0" : s;
}

std::string Label(double v, const std::string& unit) {
  // Ticks are 1, 2 and 5 times a power of ten.
  const std::string n = v >= 1000 ? Trimmed(v / 1000, 1) + "k" : Trimmed(v, v >= 1 ? 1 : 4);
  return unit.empty() ? n : n + " " + unit;
}
}  // namespace

std::vector<Tick> LogTicks(double lo, double hi, int max_labels, const std::string& unit) {
  std::vector<Tick> ticks;
  if (!(lo > 0) || !(hi > lo) || !std::isfinite(lo) || !std::isfinite(hi)) return ticks;
  const int first = static_cast<int>(std::floor(std::log10(lo)));
  const int last = static_cast<int>(std::ceil(std::log10(hi)));
  const double decades = std::max(1.0, std::log10(hi / lo));
  // Label 1-2-5 when there is room for ~3 labels per decade, else 1-3 or powers of ten.
  const double per_decade = max_labels / decades;
  for (int e = first; e <= last && e < first + 40; ++e) {
    const double base = PowerOfTen(e);
    for (int m = 1; m <= 9; ++m) {
      const double v = m * base;
      if (v < lo * (1 - 1e-9) || v > hi * (1 + 1e-9)) continue;
      bool major = m == 1 || (per_decade >= 3 && (m == 2 || m == 5)) ||
                   (per_decade >= 2 && per_decade < 3 && m == 3);
      ticks.push_back({v, major ? Label(v, unit) : std::string(), major});
    }
  }
  return ticks;
}

void PadLogRange(double& lo, double& hi, double margin_fraction) {
  if (!(lo > 0)) lo = 1;
  if (!(hi > lo)) hi = lo * 10;
  const double span = std::log10(hi) - std::log10(lo);
  lo = PowerOfTen(std::log10(lo) - span * margin_fraction);
  hi = PowerOfTen(std::log10(hi) + span * margin_fraction);
}

int NearestPoint(const std::vector<Point>& points, double x, double y, double radius) {
  int best = -1;
  double best_d2 = radius * radius;
  for (int i = 0; i < static_cast<int>(points.size()); ++i) {
    const double dx = points[i].x - x, dy = points[i].y - y;
    const double d2 = dx * dx + dy * dy;
    if (d2 <= best_d2) {
      best_d2 = d2;
      best = i;
    }
  }
  return best;
}

double BandwidthRadius(double bw, double min_gbps, double max_gbps, double r_min, double r_max) {
  if (!(max_gbps > min_gbps)) return (r_min + r_max) / 2;
  double t = (std::clamp(bw, min_gbps, max_gbps) - min_gbps) / (max_gbps - min_gbps);
  // Area proportional to bandwidth: radius grows with the square root.
  return std::sqrt(r_min * r_min + t * (r_max * r_max - r_min * r_min));
}


std::string ShortNumber(double v) {
  if (!std::isfinite(v)) return "-";
  const double a = std::fabs(v);
  if (a >= 1e9) return Trimmed(std::round(v / 1e8) / 10, 1) + "B";
  if (a >= 1e6) return Trimmed(std::round(v / 1e5) / 10, 1) + "M";
  if (a >= 1e3) return Trimmed(std::round(v / 1e2) / 10, 1) + "k";
  if (a >= 10 || a == 0) return Trimmed(v, 0);
  // Two significant digits: 3.1, 0.25, 0.012.
  return Trimmed(v, std::clamp(1 - static_cast<int>(std::floor(std::log10(a))), 0, 8));
}

double NiceCeil(double hi) {
  if (!(hi > 0) || !std::isfinite(hi)) return 1;
  const double base = PowerOfTen(static_cast<int>(std::floor(std::log10(hi))));
  for (double m : {1.0, 2.0, 2.5, 5.0, 10.0})
    if (m * base >= hi * (1 - 1e-9)) return m * base;
  return 10 * base;
}

namespace {

// The fewest decimals that write `step` exactly (2.5 -> 1, 0.25 -> 2, 50 -> 0), at most 8.
int StepDecimals(double step) {
  for (int d = 0; d < 8; ++d) {
    const double x = step * PowerOfTen(d);
    if (std::fabs(x - std::round(x)) < 1e-6 * std::max(1.0, std::fabs(x))) return d;
  }
  return 8;
}

// A tick's label as ShortNumber writes it (950, 1.2k, 3.4M), with as many decimals as the step
// needs, so every tick reads its own value: on a 2.5 step, 12.5 and 17.5, never "12" and "18".
std::string TickLabel(double v, double step) {
  const double a = std::fabs(v);
  if (a < step * 1e-6) return "0";
  const double scale = a >= 1e9 ? 1e9 : a >= 1e6 ? 1e6 : a >= 1e3 ? 1e3 : 1;
  const char* suffix = a >= 1e9 ? "B" : a >= 1e6 ? "M" : a >= 1e3 ? "k" : "";
  return Trimmed(v / scale, StepDecimals(step / scale)) + suffix;
}

}  // namespace

std::vector<Tick> LinearTicks(double lo, double hi, int max_labels, const std::string& unit) {
  std::vector<Tick> ticks;
  if (!std::isfinite(lo) || !std::isfinite(hi) || !(hi > lo)) return ticks;
  max_labels = std::max(2, max_labels);
  const double raw = (hi - lo) / max_labels;
  const double base = PowerOfTen(static_cast<int>(std::floor(std::log10(raw))));
  double step = 10 * base;
  for (double m : {1.0, 2.0, 2.5, 5.0, 10.0})
    if (m * base >= raw) { step = m * base; break; }
  const double first = std::ceil(lo / step - 1e-9) * step;
  for (int i = 0; i <= max_labels + 1; ++i) {
    const double v = first + i * step;
    if (v > hi * (1 + 1e-9) + 1e-12) break;
    const std::string label = TickLabel(v, step);
    ticks.push_back({v, unit.empty() ? label : label + " " + unit, true});
  }
  return ticks;
}

double TickLabelLeft(const Scale& s, const Tick& tick, double width) {
  const double lo = std::min(s.pixel_lo, s.pixel_hi), hi = std::max(s.pixel_lo, s.pixel_hi);
  return std::clamp(s.ToPixel(tick.value) - width / 2, lo, std::max(lo, hi - width));
}

double Normalize(double v, double lo, double hi) {
  if (!std::isfinite(v) || !std::isfinite(lo) || !std::isfinite(hi) || !(hi > lo)) return 0.5;
  return std::clamp((v - lo) / (hi - lo), 0.0, 1.0);
}

Point ProjectGeo(double lat, double lon, const GeoBox& box, const Rect& rect) {
  const double kPi = 3.14159265358979323846;
  const double squeeze = std::cos((box.lat_lo + box.lat_hi) / 2 * kPi / 180);
  const double w_deg = (box.lon_hi - box.lon_lo) * squeeze, h_deg = box.lat_hi - box.lat_lo;
  const double rw = rect.x1 - rect.x0, rh = rect.y1 - rect.y0;
  if (!(w_deg > 0) || !(h_deg > 0) || !(rw > 0) || !(rh > 0)) return {(rect.x0 + rect.x1) / 2, (rect.y0 + rect.y1) / 2};
  const double k = std::min(rw / w_deg, rh / h_deg);  // pixels per degree
  const double ox = rect.x0 + (rw - w_deg * k) / 2, oy = rect.y0 + (rh - h_deg * k) / 2;
  const double x = ox + (std::clamp(lon, box.lon_lo, box.lon_hi) - box.lon_lo) * squeeze * k;
  const double y = oy + (box.lat_hi - std::clamp(lat, box.lat_lo, box.lat_hi)) * k;
  return {x, y};
}

namespace {

// One axis of ZoomAbout: the span shrinks by `factor` about `at` (an absolute fraction), then
// slides back inside [0, 1].
void ZoomAxis(double& a, double& b, double at, double factor) {
  const double span = std::clamp((b - a) / factor, 1 / ZoomWindow::kMaxZoom, 1.0);
  if (span >= 1) {
    a = 0, b = 1;
    return;
  }
  const double rel = (at - a) / (b - a);
  a = at - rel * span;
  b = a + span;
  if (a < 0) b -= a, a = 0;
  if (b > 1) a -= b - 1, b = 1;
  a = std::max(a, 0.0);
}

}  // namespace

ZoomWindow ZoomAbout(const ZoomWindow& w, double fx, double fy, double factor) {
  if (!std::isfinite(fx) || !std::isfinite(fy) || !std::isfinite(factor) || factor <= 0) return w;
  fx = std::clamp(fx, 0.0, 1.0);
  fy = std::clamp(fy, 0.0, 1.0);
  ZoomWindow out = w;
  ZoomAxis(out.x0, out.x1, w.x0 + fx * (w.x1 - w.x0), factor);
  ZoomAxis(out.y0, out.y1, w.y0 + fy * (w.y1 - w.y0), factor);
  return out;
}

void ZoomRange(double full_lo, double full_hi, double f0, double f1, bool log, double& lo, double& hi) {
  if (log && full_lo > 0 && full_hi > 0) {
    const double a = std::log10(full_lo), b = std::log10(full_hi);
    lo = PowerOfTen(a + f0 * (b - a));
    hi = PowerOfTen(a + f1 * (b - a));
  } else {
    lo = full_lo + f0 * (full_hi - full_lo);
    hi = full_lo + f1 * (full_hi - full_lo);
  }
}

}  // namespace atlas::charts
