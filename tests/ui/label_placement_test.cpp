// Where a tier-map name goes (ui/charts/label_placement.hpp): the rule the canvas and the page
// drawn at build time share.
#include "ui/charts/label_placement.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>

namespace label_placement_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas::charts;

namespace {
const Box kArea{0, 0, 200, 100};
}

TEST_CASE("label placement: right of the marker when free, vertically centred") {
  const std::vector<Marker> markers{{50, 50, 5}};
  const auto at = PlaceLabel(markers, 0, 40, 10, 2, kArea, {});
  REQUIRE(at);
  CHECK(at->x0 == doctest::Approx(57));  // radius + gap
  CHECK(at->y0 == doctest::Approx(45));
  CHECK(at->x1 == doctest::Approx(97));
}

TEST_CASE("label placement: a guide label on the right sends the name left, then above") {
  const std::vector<Marker> markers{{100, 50, 5}};
  std::vector<Box> taken{{105, 46, 190, 54}};
  auto at = PlaceLabel(markers, 0, 40, 10, 2, kArea, taken);
  REQUIRE(at);
  CHECK(at->x1 == doctest::Approx(93));  // left of the rim
  taken.push_back({0, 46, 95, 54});       // both sides taken: above, to the right
  at = PlaceLabel(markers, 0, 40, 10, 2, kArea, taken);
  REQUIRE(at);
  CHECK(at->y1 == doctest::Approx(45));
  CHECK(at->x0 == doctest::Approx(103.5));
}

TEST_CASE("label placement: never over another marker, never outside the chart, else nothing") {
  // A big neighbour right beside the marker blocks the right-hand place.
  const std::vector<Marker> markers{{50, 50, 5}, {75, 50, 10}};
  const auto at = PlaceLabel(markers, 0, 30, 10, 2, kArea, {});
  REQUIRE(at);
  CHECK(at->x1 <= 43.0);
  // Near the right edge a long name cannot go right; in a tiny area it has no place at all.
  const std::vector<Marker> edge{{190, 50, 5}};
  const auto left = PlaceLabel(edge, 0, 60, 10, 2, kArea, {});
  REQUIRE(left);
  CHECK(left->x1 < 190);
  CHECK_FALSE(PlaceLabel(edge, 0, 300, 10, 2, kArea, {}));
}

TEST_CASE("the pinned card's name: beside its marker when free, else on a free row with a leader line, never lost") {
  const std::vector<Marker> markers{{100, 50, 5}};
  // Free beside the marker: the ordinary place, no leader line.
  PinnedPlace at = PlacePinnedLabel(markers, 0, 40, 10, 2, kArea, {});
  CHECK(at.free);
  CHECK_FALSE(at.leader);
  CHECK(at.box.x0 == doctest::Approx(107));
  // Every place around the marker taken (a band 30 high across the chart): a row above or
  // below the band, inside the chart, clear of it, joined by a leader line.
  const std::vector<Box> band{{0, 35, 200, 65}};
  at = PlacePinnedLabel(markers, 0, 40, 10, 2, kArea, band);
  CHECK(at.free);
  CHECK(at.leader);
  CHECK_FALSE(at.box.Overlaps(band[0]));
  CHECK(at.box.y0 >= kArea.y0);
  CHECK(at.box.y1 <= kArea.y1);
  CHECK(at.box.x1 <= kArea.x1);
  // Nowhere free (the whole chart taken): still placed, inside the chart, marked as not free.
  at = PlacePinnedLabel(markers, 0, 40, 10, 2, kArea, {kArea});
  CHECK_FALSE(at.free);
  CHECK(at.box.x0 >= kArea.x0);
  CHECK(at.box.x1 <= kArea.x1);
  CHECK(at.box.y0 >= kArea.y0);
  CHECK(at.box.y1 <= kArea.y1);
  // Near the right edge the row's name moves inside the chart rather than past its edge.
  const std::vector<Marker> edge{{195, 50, 3}};
  at = PlacePinnedLabel(edge, 0, 40, 10, 2, kArea, band);
  CHECK(at.box.x1 <= kArea.x1);
  CHECK_FALSE(at.box.Overlaps(band[0]));
}

TEST_CASE("a guide line's label: right-aligned under the line when nothing is there") {
  const Box at = *PlaceLineLabel({{20, 80, 5}}, 50, 40, 10, 1, 10, kArea, {});
  CHECK(at.x1 == doctest::Approx(198));  // the area's right edge less twice the pad
  CHECK(at.y0 == doctest::Approx(51));   // under the line
}

TEST_CASE("a guide line's label moves off a card just under the line (H20 under 150 TFLOPS): above, else left") {
  // A marker under the line's right end: the label goes above the line, still right-aligned.
  std::vector<Marker> markers{{180, 56, 5}};
  Box at = *PlaceLineLabel(markers, 50, 40, 10, 1, 10, kArea, {});
  CHECK(at.y1 == doctest::Approx(49));
  CHECK(at.x1 == doctest::Approx(198));
  // Markers above and under the right end: the label slides left, under the line, clear of both.
  markers.push_back({180, 44, 5});
  at = *PlaceLineLabel(markers, 50, 40, 10, 1, 10, kArea, {});
  CHECK(at.x1 < 175);
  for (const Marker& m : markers) CHECK_FALSE(at.Overlaps(Box{m.x - m.radius, m.y - m.radius, m.x + m.radius, m.y + m.radius}));
  // A taken box (another label) is avoided the same way.
  const Box taken{100, 51, 140, 61};
  at = *PlaceLineLabel(markers, 50, 40, 10, 1, 10, kArea, {taken});
  CHECK_FALSE(at.Overlaps(taken));
}

TEST_CASE("a guide line's label with every place taken: none (the value goes on the axis); a bad step does not loop") {
  std::vector<Marker> row;
  for (double x = 0; x <= 200; x += 8) row.push_back({x, 50, 12});
  CHECK_FALSE(PlaceLineLabel(row, 50, 40, 10, 1, 10, kArea, {}).has_value());
  CHECK_FALSE(PlaceLineLabel({}, 50, 40, 10, 1, 0, kArea, {}).has_value());  // step 0: no endless loop
  CHECK_FALSE(PlaceLineLabel({}, 50, 40, 10, 1, NAN, kArea, {}).has_value());
  CHECK_FALSE(PlaceLineLabel({}, 50, 400, 10, 1, 10, kArea, {}).has_value());  // wider than the area
}

// The cost map's phone layout put "Seoul" right of its dot and just left of Tokyo's: it read as
// Tokyo's. A place is ambiguous when another dot is not clearly farther from the name.
TEST_CASE("label placement: a name between two markers reads as either; beside its own alone it does not") {
  const std::vector<Marker> two{{50, 50, 5}, {100, 50, 5}};
  const Box right_of_first{57, 45, 92, 55};   // 7 from its own centre, 8 from the other's
  CHECK(NearerAnotherMarker(two, 0, right_of_first, 6));
  const Box left_of_first{8, 45, 43, 55};     // 7 from its own, 57 from the other
  CHECK_FALSE(NearerAnotherMarker(two, 0, left_of_first, 6));
  CHECK_FALSE(NearerAnotherMarker({{50, 50, 5}}, 0, right_of_first, 6));  // no other marker
  // Above the first, the other marker 50 to the right: the box's nearest point to it is 8 away
  // horizontally and 5 vertically, against 5 for its own: ambiguous only with a wide margin.
  const Box above_first{30, 35, 92, 45};
  CHECK_FALSE(NearerAnotherMarker(two, 0, above_first, 2));
  CHECK(NearerAnotherMarker(two, 0, above_first, 6));
}

// The review's case: "Instinct MI300X" placed above-left of its bubble sat over the MI325X's
// (a neighbour up and to the left). With own_nearest (the desktop chart and the page drawn at
// build time), a name nearer another marker than its own is not placed there: it reads as its
// own card's or goes to the list beside the chart. Without it (phones) the place stands.
TEST_CASE("label placement: with own_nearest, not where another marker is nearer the name than its own") {
  // Own marker at (155, 50); a small neighbour at (100, 40) just left of where the name goes when
  // the area's edge at 200 leaves no room on the right.
  const std::vector<Marker> markers{{155, 50, 8}, {100, 40, 4}};
  const auto at = PlaceLabel(markers, 0, 40, 10, 2, kArea, {}, true);
  if (at) {
    const double own = std::hypot(std::max({at->x0 - 155.0, 0.0, 155.0 - at->x1}), std::max({at->y0 - 50.0, 0.0, 50.0 - at->y1}));
    const double other = std::hypot(std::max({at->x0 - 100.0, 0.0, 100.0 - at->x1}), std::max({at->y0 - 40.0, 0.0, 40.0 - at->y1}));
    CHECK(other >= own);
  }
  CHECK((!at || at->x1 != doctest::Approx(145)));
  // Without the rule (phones), or alone, the left-hand place is used.
  const auto phone = PlaceLabel(markers, 0, 40, 10, 2, kArea, {});
  REQUIRE(phone);
  CHECK(phone->x1 == doctest::Approx(145));
  const auto alone = PlaceLabel({{155, 50, 8}}, 0, 40, 10, 2, kArea, {}, true);
  REQUIRE(alone);
  CHECK(alone->x1 == doctest::Approx(145));
}

}  // namespace label_placement_test
