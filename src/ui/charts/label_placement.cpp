#include "label_placement.hpp"

#include <algorithm>
#include <cmath>

namespace atlas::charts {

namespace {

// Whether `b` leaves `area` or overlaps a taken box or another marker than `k` (80 % of its radius).
bool Collides(const Box& b, const std::vector<Marker>& markers, std::size_t k, const Box& area, const std::vector<Box>& taken) {
  if (b.x0 < area.x0 || b.x1 > area.x1 || b.y0 < area.y0 || b.y1 > area.y1) return true;
  for (const Box& t : taken)
    if (b.Overlaps(t)) return true;
  for (std::size_t j = 0; j < markers.size(); ++j) {
    if (j == k) continue;
    const double r = markers[j].radius * 0.8;
    if (b.Overlaps(Box{markers[j].x - r, markers[j].y - r, markers[j].x + r, markers[j].y + r})) return true;
  }
  return false;
}

}  // namespace

std::optional<Box> PlaceLabel(const std::vector<Marker>& markers, std::size_t k, double width, double height,
                              double gap, const Box& area, const std::vector<Box>& taken, bool own_nearest) {
  const Marker& m = markers[k];
  // The canvas's copy of the rule: tier_map_view.cpp DrawChart.
  const auto collides = [&](const Box& b) {
    return Collides(b, markers, k, area, taken) || (own_nearest && NearerAnotherMarker(markers, k, b, 0.0));
  };
  const double side = m.radius + gap, half = side * 0.5;
  const double mid = m.y - height / 2, up = m.y - m.radius - height, down = m.y + m.radius;
  const double xs[] = {m.x + side, m.x - side - width, m.x + half, m.x + half, m.x - half - width, m.x - half - width};
  const double ys[] = {mid, mid, up, down, up, down};
  for (int i = 0; i < 6; ++i) {
    const Box b{xs[i], ys[i], xs[i] + width, ys[i] + height};
    if (!collides(b)) return b;
  }
  return std::nullopt;
}

std::optional<Box> PlaceLineLabel(const std::vector<Marker>& markers, double line_y, double width, double height, double pad,
                   double step, const Box& area, const std::vector<Box>& taken) {
  const auto free = [&](const Box& b) {
    for (const Box& t : taken)
      if (b.Overlaps(t)) return false;
    for (const Marker& m : markers)  // the whole marker: a label over a card hides it
      if (b.Overlaps(Box{m.x - m.radius, m.y - m.radius, m.x + m.radius, m.y + m.radius})) return false;
    return b.y0 >= area.y0 && b.y1 <= area.y1;
  };
  const double under = line_y + pad, over = line_y - pad - height;
  const double first_x = area.x1 - 2 * pad - width;
  for (double x = first_x; x >= area.x0 && step > 0; x -= step)
    for (const double y : {under, over})
      if (const Box b{x, y, x + width, y + height}; free(b)) return b;
  return std::nullopt;
}

PinnedPlace PlacePinnedLabel(const std::vector<Marker>& markers, std::size_t k, double width, double height, double gap,
                             const Box& area, const std::vector<Box>& taken) {
  if (const std::optional<Box> near = PlaceLabel(markers, k, width, height, gap, area, taken)) return {*near, true, false};
  const Marker& m = markers[k];
  // Rows of 1.2 line heights, nearest first, each tried on the marker's right and left, inside the area.
  const double side = m.radius + gap, mid = m.y - height / 2;
  const double x_right = std::max(area.x0, std::min(m.x + side, area.x1 - width));
  const double x_left = std::min(std::max(m.x - side - width, area.x0), area.x1 - width);
  const int rows = static_cast<int>((area.y1 - area.y0) / (height * 1.2)) + 1;
  for (int row = 1; row <= rows; ++row)
    for (const double dy : {-1.0, 1.0})
      for (const double x : {x_right, x_left}) {
        const Box b{x, mid + dy * row * height * 1.2, x + width, mid + dy * row * height * 1.2 + height};
        if (!Collides(b, markers, k, area, taken)) return {b, true, true};
      }
  const double y = std::max(area.y0, std::min(mid, area.y1 - height));
  return {Box{x_right, y, x_right + width, y + height}, false, false};
}

namespace {
double DistanceToBox(const Box& b, double x, double y) {
  return std::hypot(std::max({b.x0 - x, 0.0, x - b.x1}), std::max({b.y0 - y, 0.0, y - b.y1}));
}
}  // namespace

bool NearerAnotherMarker(const std::vector<Marker>& markers, std::size_t k, const Box& box, double margin) {
  const double own = DistanceToBox(box, markers[k].x, markers[k].y);
  for (std::size_t j = 0; j < markers.size(); ++j)
    if (j != k && DistanceToBox(box, markers[j].x, markers[j].y) < own + margin) return true;
  return false;
}

}  // namespace atlas::charts
