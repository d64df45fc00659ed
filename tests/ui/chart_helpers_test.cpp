// Chart helpers of the Cost & region view: linear ticks, nice bounds, short labels,
// normalisation and the map projection (pure functions, no ImGui).
#include "ui/charts/scale.hpp"

#include <doctest/doctest.h>

#include <cmath>

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
