#include "scale.hpp"

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
  if (log) return std::pow(10.0, std::log10(lo) + t * (std::log10(hi) - std::log10(lo)));
  return lo + t * (hi - lo);
}

namespace {
std::string Label(double v, const std::string& unit) {
  char buf[48];
  if (v >= 1000) std::snprintf(buf, sizeof buf, "%gk", v / 1000);
  else std::snprintf(buf, sizeof buf, "%g", v);
  return unit.empty() ? std::string(buf) : std::string(buf) + " " + unit;
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
    const double base = std::pow(10.0, e);
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
  lo = std::pow(10.0, std::log10(lo) - span * margin_fraction);
  hi = std::pow(10.0, std::log10(hi) + span * margin_fraction);
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

}  // namespace atlas::charts
