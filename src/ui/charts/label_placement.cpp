#include "label_placement.hpp"

namespace atlas::charts {

std::optional<Box> PlaceLabel(const std::vector<Marker>& markers, std::size_t k, double width, double height,
                              double gap, const Box& area, const std::vector<Box>& taken) {
  const Marker& m = markers[k];
  const auto collides = [&](const Box& b) {
    if (b.x0 < area.x0 || b.x1 > area.x1 || b.y0 < area.y0 || b.y1 > area.y1) return true;
    for (const Box& t : taken)
      if (b.Overlaps(t)) return true;
    for (std::size_t j = 0; j < markers.size(); ++j) {
      if (j == k) continue;
      const double r = markers[j].radius * 0.8;
      if (b.Overlaps(Box{markers[j].x - r, markers[j].y - r, markers[j].x + r, markers[j].y + r})) return true;
    }
    return false;
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

}  // namespace atlas::charts
