// Chart helpers of the Cost & region view: linear ticks, nice bounds, short labels,
// normalisation and the map projection (pure functions, no ImGui).
#include "ui/charts/scale.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

namespace chart_helpers_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas::charts;

TEST_CASE("linear ticks step 1-2-2.5-5 and stay inside the range") {
  auto t = LinearTicks(0, 100, 5, "%");
  REQUIRE(t.size() == 6);
  CHECK(t.front().value == doctest::Approx(0));
  CHECK(t[1].value == doctest::Approx(20));
  CHECK(t.back().label == "100 %");
  auto m = LinearTicks(0, 2.5e6, 5, "");
  CHECK(m.back().label == "2.5M");
  for (const Tick& k : m) CHECK(k.value <= 2.5e6 * (1 + 1e-9));
  // Every tick reads its own value, whatever the step (new-user trial: a cost axis of 0..20 read
  // "¥10 ¥12 ¥15 ¥18 ¥20" for 10, 12.5, 15, 17.5, 20).
  std::vector<std::string> labels;
  for (const Tick& k : LinearTicks(0, 20, 8, "")) labels.push_back(k.label);
  CHECK(labels == std::vector<std::string>{"0", "2.5", "5", "7.5", "10", "12.5", "15", "17.5", "20"});
  labels.clear();
  for (const Tick& k : LinearTicks(0, 2, 8, "")) labels.push_back(k.label);
  CHECK(labels == std::vector<std::string>{"0", "0.25", "0.5", "0.75", "1", "1.25", "1.5", "1.75", "2"});
  labels.clear();
  for (const Tick& k : LinearTicks(0, 2000, 8, "")) labels.push_back(k.label);
  CHECK(labels == std::vector<std::string>{"0", "250", "500", "750", "1k", "1.25k", "1.5k", "1.75k", "2k"});
  for (const Tick& k : LinearTicks(0, 0.3, 3, "")) CHECK(k.label.size() <= 4);  // 0.1 steps: "0.3", not "0.30000000000000004"
  CHECK(LinearTicks(0, 0, 5, "").empty());
  CHECK(LinearTicks(0, NAN, 5, "").empty());
  CHECK(LinearTicks(5, 1, 5, "").empty());
}

TEST_CASE("nice ceilings and short numbers") {
  CHECK(NiceCeil(0) == 1);
  CHECK(NiceCeil(NAN) == 1);
  CHECK(NiceCeil(7) == 10);
  CHECK(NiceCeil(1.6) == 2);
  CHECK(NiceCeil(2.2e4) == doctest::Approx(2.5e4));
  CHECK(NiceCeil(100) == 100);
  CHECK(ShortNumber(950) == "950");
  CHECK(ShortNumber(1234) == "1.2k");
  CHECK(ShortNumber(3.4e6) == "3.4M");
  CHECK(ShortNumber(0.5) == "0.5");
  // Never e-notation (%g wrote "1e+06B" and "1e-05").
  CHECK(ShortNumber(1e15) == "1000000B");
  CHECK(ShortNumber(0.0123) == "0.012");
  CHECK(ShortNumber(3.14) == "3.1");
  CHECK(ShortNumber(0.00001) == "0.00001");
  CHECK(ShortNumber(NAN) == "-");
}

TEST_CASE("normalize clamps and never returns NaN") {
  CHECK(Normalize(5, 0, 10) == doctest::Approx(0.5));
  CHECK(Normalize(-5, 0, 10) == 0);
  CHECK(Normalize(50, 0, 10) == 1);
  CHECK(Normalize(1, 1, 1) == doctest::Approx(0.5));
  CHECK(Normalize(NAN, 0, 1) == doctest::Approx(0.5));
}

TEST_CASE("geo projection keeps north up, east right and stays in the rect") {
  const GeoBox china{18, 47, 96, 128};
  const Rect r{0, 0, 400, 300};
  const Point beijing = ProjectGeo(39.9, 116.4, china, r);
  const Point guiyang = ProjectGeo(26.6, 106.6, china, r);
  const Point shanghai = ProjectGeo(31.2, 121.5, china, r);
  CHECK(beijing.y < guiyang.y);   // north is up
  CHECK(shanghai.x > guiyang.x);  // east is right
  for (Point p : {beijing, guiyang, shanghai, ProjectGeo(-90, 500, china, r)}) {
    CHECK(p.x >= 0);
    CHECK(p.x <= 400);
    CHECK(p.y >= 0);
    CHECK(p.y <= 300);
  }
  // Equal degrees of latitude and (cos-squeezed) longitude have equal lengths.
  const Point a = ProjectGeo(30, 100, china, r), b = ProjectGeo(40, 100, china, r);
  const Point e = ProjectGeo(30, 110, china, r);
  const double squeeze = std::cos((18 + 47) / 2.0 * 3.14159265358979 / 180);
  CHECK((e.x - a.x) == doctest::Approx((a.y - b.y) * squeeze));
  // Degenerate boxes land in the middle.
  const Point mid = ProjectGeo(10, 10, GeoBox{5, 5, 0, 0}, r);
  CHECK(mid.x == doctest::Approx(200));
}

TEST_CASE("chart zoom keeps the point under the pointer, stays inside the range, stops at 16x") {
  using atlas::charts::ZoomWindow;
  const ZoomWindow full;
  CHECK_FALSE(full.zoomed());
  // 2x about the centre: the middle half.
  ZoomWindow w = atlas::charts::ZoomAbout(full, 0.5, 0.5, 2);
  CHECK(w.x0 == doctest::Approx(0.25));
  CHECK(w.x1 == doctest::Approx(0.75));
  CHECK(w.zoomed());
  // The point under the pointer stays put: at 30% of the window before and after.
  const double at = w.x0 + 0.3 * (w.x1 - w.x0);
  const ZoomWindow v = atlas::charts::ZoomAbout(w, 0.3, 0.3, 2);
  CHECK(v.x0 + 0.3 * (v.x1 - v.x0) == doctest::Approx(at));
  // Near an edge the window slides back inside [0, 1].
  const ZoomWindow edge = atlas::charts::ZoomAbout(full, 0.0, 1.0, 4);
  CHECK(edge.x0 == doctest::Approx(0.0));
  CHECK(edge.y1 == doctest::Approx(1.0));
  CHECK(edge.x1 - edge.x0 == doctest::Approx(0.25));
  // At most 16x; zooming out past the full range gives the full range.
  ZoomWindow deep = full;
  for (int i = 0; i < 10; ++i) deep = atlas::charts::ZoomAbout(deep, 0.7, 0.2, 3);
  CHECK(deep.x1 - deep.x0 == doctest::Approx(1.0 / ZoomWindow::kMaxZoom));
  CHECK(atlas::charts::ZoomAbout(deep, 0.5, 0.5, 1e-6) == full);
  // Bad input changes nothing.
  CHECK(atlas::charts::ZoomAbout(w, std::nan(""), 0.5, 2) == w);
  CHECK(atlas::charts::ZoomAbout(w, 0.5, 0.5, -1) == w);
  CHECK(atlas::charts::ZoomAbout(w, 0.5, 0.5, std::numeric_limits<double>::infinity()) == w);
}

TEST_CASE("a zoom window maps to a sub-range, in log10 on a log axis") {
  double lo = 0, hi = 0;
  atlas::charts::ZoomRange(10, 1000, 0.5, 1.0, true, lo, hi);
  CHECK(lo == doctest::Approx(100));
  CHECK(hi == doctest::Approx(1000));
  atlas::charts::ZoomRange(0, 10, 0.2, 0.4, false, lo, hi);
  CHECK(lo == doctest::Approx(2));
  CHECK(hi == doctest::Approx(4));
}

TEST_CASE("spaced ticks: labels never touch; fewer ticks rather than overlapping ones (17.7, ¥2.25万 / ¥2.5万)") {
  // 0 .. ¥2.5万 over 300 px: "¥2.25万"-style labels 7 characters of 8 px wide.
  const Scale s{0, 25000, 100, 400, false};
  const auto wide = [](const Tick& t) { return t.value == 0 ? 16.0 : 56.0; };
  const auto lefts = [&](const std::vector<Tick>& ticks) {
    std::vector<std::pair<double, double>> out;
    for (const Tick& t : ticks)
      if (t.major) out.push_back({TickLabelLeft(s, t, wide(t)), TickLabelLeft(s, t, wide(t)) + wide(t)});
    return out;
  };
  // Ten ticks of 2,500 would put 56 px labels 30 px apart.
  CHECK(LinearTicks(0, 25000, 10, "").size() == 11);
  const std::vector<Tick> spaced = SpacedLinearTicks(s, 10, 6, wide);
  REQUIRE(spaced.size() >= 3);
  const auto boxes = lefts(spaced);
  REQUIRE(boxes.size() == spaced.size());
  for (size_t i = 1; i < boxes.size(); ++i) CHECK(boxes[i].first >= boxes[i - 1].second + 6);
  for (const auto& [l, r] : boxes) CHECK((l >= 100 && r <= 400));
  // Room for everything: the most ticks asked for.
  CHECK(SpacedLinearTicks(s, 5, 6, [](const Tick&) { return 10.0; }).size() == LinearTicks(0, 25000, 5, "").size());
  // Too narrow for two labels: grid lines stay, only the labels that clear the last one are kept.
  const Scale tiny{0, 25000, 0, 60, false};
  const std::vector<Tick> crowded = SpacedLinearTicks(tiny, 4, 6, wide);
  int labelled = 0;
  for (const Tick& t : crowded) labelled += t.major ? 1 : 0;
  CHECK(labelled == 1);
  CHECK(crowded.size() >= 2);
}

}  // namespace chart_helpers_test
