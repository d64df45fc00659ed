#pragma once
// Where a card's name goes beside its marker on the tier map, for the page drawn at build time
// (tier_map_static.cpp): the canvas's rule (tier_map_view.cpp DrawChart), so the names do not
// jump when the canvas takes over. The canvas keeps its own float copy of the rule: calling this
// from the first-frame code measured 365 B gzip more, over the 220 KiB first-frame budget.
// The pinned card's name (PlacePinnedLabel) is placed by the canvas once the views' code has
// arrived (tier_map_pinned_name.cpp, a deferred entry point), so it costs the first frame nothing.
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
// rim. With `own_nearest`, nor where another marker is nearer the box than marker `k` (a name
// above two bubbles reads as the other card's: "Instinct MI300X" over the MI325X's), as the
// desktop chart places names; a phone's narrow chart would keep too few. Returns the first free
// box, or nothing when every place collides.
std::optional<Box> PlaceLabel(const std::vector<Marker>& markers, std::size_t k, double width, double height,
                              double gap, const Box& area, const std::vector<Box>& taken, bool own_nearest = false);

// The pinned card's name, which must be shown: PlaceLabel's places first; else further away,
// row by row above and below the marker (on its right, then its left), kept inside `area`; else,
// when everything collides, the right-hand place moved inside `area` (the caller draws it on a
// backing). `leader` tells whether the name sits away from its marker (draw a line to it).
struct PinnedPlace {
  Box box;
  bool free = true;     // false: overlaps something (drawn on a backing)
  bool leader = false;  // moved away from the marker: a leader line joins them
};
// A horizontal guide line's label (the tier rule's 150 TFLOPS line): right-aligned just under
// the line, unless a marker (any part of it) or a taken box is there (H20 at 148 TFLOPS sits
// under the line's right end); then just above it; then both again a step further left, up to
// the area's left edge. Nothing when every place is taken (the caller writes the value on the
// axis instead). `pad` separates the label from the line, twice `pad` from the area's right edge;
// `step` is how far each try moves left.
std::optional<Box> PlaceLineLabel(const std::vector<Marker>& markers, double line_y, double width, double height, double pad,
                   double step, const Box& area, const std::vector<Box>& taken);

// True when a name at `box` would read as another marker's: some marker other than `k` is no
// more than `margin` farther from the box than marker `k` is (distance from the centre to the
// box's nearest point). The cost map's names ("Seoul" halfway between Seoul and Tokyo).
bool NearerAnotherMarker(const std::vector<Marker>& markers, std::size_t k, const Box& box, double margin);

PinnedPlace PlacePinnedLabel(const std::vector<Marker>& markers, std::size_t k, double width, double height, double gap,
                             const Box& area, const std::vector<Box>& taken);

}  // namespace atlas::charts
