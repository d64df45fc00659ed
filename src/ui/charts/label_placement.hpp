#pragma once
// Where a card's name goes beside its marker on the tier map, for the page drawn at build time
// (tier_map_static.cpp): the canvas's rule (tier_map_view.cpp DrawChart), so the names do not
// jump when the canvas takes over. The canvas keeps its own float copy of the rule: calling this
// from the first-frame code measured 365 B gzip more, over the 220 KiB first-frame budget.
// Pure geometry in any unit (pixels or a fraction box).
#include <cstddef>
#include <optional>
#include <vector>

namespace atlas::charts {

struct Box {
  double x0, y0, x1, y1;
  bool Overlaps(const Box& o) const { return !(x1 < o.x0 || x0 > o.x1 || y1 < o.y0 || y0 > o.y1); }
};

struct Marker {
  double x, y, radius;
};

// Tries the right of marker `k`, then its left, then above or below on either side; a place is
// free when it stays inside `area`, overlaps no box in `taken` (guide labels, earlier names) and
// no other marker (80 % of its radius, so touching rims are allowed). `gap` separates name and
// rim. Returns the first free box, or nothing when every place collides.
std::optional<Box> PlaceLabel(const std::vector<Marker>& markers, std::size_t k, double width, double height,
                              double gap, const Box& area, const std::vector<Box>& taken);

}  // namespace atlas::charts
