// Chart maths, free of ImGui so it can be unit-tested: log/linear mapping from data to pixels,
// "nice" tick values with labels, and nearest-marker hit testing.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

namespace atlas::charts {

// Maps [lo, hi] in data units onto [pixel_lo, pixel_hi] (pixel_hi may be < pixel_lo for y).
struct Scale {
  double lo = 1, hi = 10;
  double pixel_lo = 0, pixel_hi = 100;
  bool log = true;

  double ToPixel(double value) const;
  double FromPixel(double pixel) const;
};

struct Tick {
  double value;
  std::string label;
  bool major;  // labelled
};

// Ticks for a log axis over [lo, hi]: 1-2-5 steps per decade, fewer when space is tight.
// `unit` is appended to labels ("GB", "TFLOPS"); values >= 1000 use "k" (1k, 2k).
std::vector<Tick> LogTicks(double lo, double hi, int max_labels, const std::string& unit);
// Expands [lo, hi] outwards to the nearest 1-2-5 values, keeping a margin for markers.
void PadLogRange(double& lo, double& hi, double margin_fraction);

struct Point {
  double x, y;
};
// Index of the point nearest to (x, y) within `radius` pixels, or -1.
int NearestPoint(const std::vector<Point>& points, double x, double y, double radius);

// Marker radius for a bandwidth (GB/s), area-proportional between min and max radii.
double BandwidthRadius(double bandwidth_gbps, double min_gbps, double max_gbps, double r_min,
                       double r_max);


// Ticks for a linear axis over [0 or lo, hi] at 1-2-5 steps, at most `max_labels` labelled;
// labels use k / M for thousands / millions ("1.5M ¥" with unit "¥" as a suffix) and as many
// decimals as the step needs (12.5 on a 2.5 step, never "12").
std::vector<Tick> LinearTicks(double lo, double hi, int max_labels, const std::string& unit);
// Ticks for a horizontal linear axis whose labels never touch: the most ticks, up to
// `max_labels`, whose labels — `label_width(tick)` wide, centred on the tick, the end ones kept
// inside [s.pixel_lo, s.pixel_hi] — leave at least `gap` pixels between neighbours (a step of
// 1-2-2.5-5 with fewer ticks when "¥2.25万" and "¥2.5万" would touch). When even two ticks'
// labels would touch, the later ones lose their label (major = false: a grid line only).
// Where SpacedLinearTicks draws each label: its left edge (centred, kept inside the axis).
double TickLabelLeft(const Scale& s, const Tick& tick, double width);
// A template, not a std::function: the web build's split (ATLAS_DEFERRED) keeps every function
// reachable through the function table in the first frame's wasm, and the callers' label
// lambdas would drag the money formatting in with them.
template <typename LabelWidth>
std::vector<Tick> SpacedLinearTicks(const Scale& s, int max_labels, double gap, const LabelWidth& label_width) {
  std::vector<Tick> ticks;
  for (int n = std::max(2, max_labels); n >= 2; --n) {
    ticks = LinearTicks(s.lo, s.hi, n, "");
    bool clear = true;
    double right = -1e300;
    for (const Tick& t : ticks) {
      const double w = label_width(t), left = TickLabelLeft(s, t, w);
      if (left < right + gap) clear = false;
      right = left + w;
    }
    if (clear) return ticks;
  }
  // Two ticks still touch: keep each label only where it clears the last one kept.
  double right = -1e300;
  for (Tick& t : ticks) {
    const double w = label_width(t), left = TickLabelLeft(s, t, w);
    t.major = left >= right + gap;
    if (t.major) right = left + w;
  }
  return ticks;
}
// A "nice" upper bound >= hi for a linear axis starting at 0 (1, 2, 2.5, 5 × 10^n); 1 if hi <= 0.
double NiceCeil(double hi);
// Short label for a value: 950, 1.2k, 3.4M, 1.1B.
std::string ShortNumber(double value);

// (v - lo) / (hi - lo) clamped to [0, 1]; 0.5 when the range is empty or anything is NaN.
double Normalize(double v, double lo, double hi);

// A lat/lon box mapped onto a pixel rectangle (equirectangular, x = lon, y = -lat), with the
// longitude squeezed by cos(mid latitude) so shapes are not stretched, centred in the rect.
struct GeoBox {
  double lat_lo = -60, lat_hi = 75, lon_lo = -180, lon_hi = 180;
};
struct Rect {
  double x0 = 0, y0 = 0, x1 = 100, y1 = 100;
};
Point ProjectGeo(double lat, double lon, const GeoBox& box, const Rect& rect);

// The part of a chart's full range on screen, as fractions [0, 1] of each axis (of log10 of
// the values on a log axis). Zooming keeps the point under the pointer (or between the
// fingers) where it is, never leaves the full range, and stops at kMaxZoom.
struct ZoomWindow {
  static constexpr double kMaxZoom = 16;
  double x0 = 0, x1 = 1, y0 = 0, y1 = 1;
  bool zoomed() const { return x1 - x0 < 1 - 1e-9 || y1 - y0 < 1 - 1e-9; }
  bool operator==(const ZoomWindow&) const = default;
};
// Zooms by `factor` (> 1 in, < 1 out) about the point at fractions (fx, fy) of the current
// window (fy from the bottom). Bad input (NaN, factor <= 0) leaves the window as it is.
ZoomWindow ZoomAbout(const ZoomWindow& w, double fx, double fy, double factor);
// The sub-range [lo, hi] of the full range [full_lo, full_hi] that fractions [f0, f1] show.
void ZoomRange(double full_lo, double full_hi, double f0, double f1, bool log, double& lo, double& hi);

}  // namespace atlas::charts
