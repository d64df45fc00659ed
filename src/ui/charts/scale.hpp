// Chart maths, free of ImGui so it can be unit-tested: log/linear mapping from data to pixels,
// "nice" tick values with labels, and nearest-marker hit testing.
#pragma once

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

}  // namespace atlas::charts
