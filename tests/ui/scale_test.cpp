// Chart maths: mapping, ticks, hit testing (pure functions, no ImGui).
#include "ui/charts/scale.hpp"

#include <doctest/doctest.h>

#include <algorithm>

#include <cmath>

namespace scale_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas::charts;

TEST_CASE("log scale maps decades evenly and inverts") {
  Scale s{10, 1000, 0, 200, true};
  CHECK(s.ToPixel(10) == doctest::Approx(0));
  CHECK(s.ToPixel(100) == doctest::Approx(100));
  CHECK(s.ToPixel(1000) == doctest::Approx(200));
  CHECK(s.FromPixel(s.ToPixel(321)) == doctest::Approx(321));
  // y axes run upwards: pixel_hi < pixel_lo.
  Scale y{1, 100, 500, 100, true};
  CHECK(y.ToPixel(10) == doctest::Approx(300));
}

TEST_CASE("bad values never produce NaN pixels") {
  Scale s{10, 1000, 0, 200, true};
  CHECK(std::isfinite(s.ToPixel(0)));
  CHECK(std::isfinite(s.ToPixel(-5)));
  Scale degenerate{10, 10, 0, 200, true};
  CHECK(std::isfinite(degenerate.ToPixel(10)));
  CHECK(LogTicks(0, 10, 5, "").empty());
  CHECK(LogTicks(10, 1, 5, "").empty());
  CHECK(LogTicks(NAN, 10, 5, "").empty());
}

TEST_CASE("log ticks label 1-2-5 when there is room, powers of ten when not") {
  auto ticks = LogTicks(10, 1000, 12, "GB");
  std::vector<std::string> labels;
  for (const Tick& t : ticks)
    if (t.major) labels.push_back(t.label);
  CHECK(labels == std::vector<std::string>{"10 GB", "20 GB", "50 GB", "100 GB", "200 GB", "500 GB", "1k GB"});
  labels.clear();
  for (const Tick& t : LogTicks(10, 100000, 4, ""))
    if (t.major) labels.push_back(t.label);
  CHECK(labels == std::vector<std::string>{"10", "100", "1k", "10k", "100k"});
  labels.clear();
  for (const Tick& t : LogTicks(1e8, 1e10, 4, ""))  // %gk wrote "1e+06k" for 10^9
    if (t.major) labels.push_back(t.label);
  REQUIRE(!labels.empty());
  for (const std::string& l : labels) CHECK((l.back() == 'k' && l.find('e') == std::string::npos));
  CHECK(std::find(labels.begin(), labels.end(), "1000000k") != labels.end());
}

TEST_CASE("nearest point within a radius") {
  std::vector<Point> pts{{0, 0}, {10, 0}, {100, 100}};
  CHECK(NearestPoint(pts, 8, 1, 5) == 1);
  CHECK(NearestPoint(pts, 50, 50, 5) == -1);
  CHECK(NearestPoint({}, 0, 0, 5) == -1);
}

TEST_CASE("marker area grows with bandwidth and stays within bounds") {
  CHECK(BandwidthRadius(100, 100, 8000, 3, 12) == doctest::Approx(3));
  CHECK(BandwidthRadius(8000, 100, 8000, 3, 12) == doctest::Approx(12));
  CHECK(BandwidthRadius(1e9, 100, 8000, 3, 12) == doctest::Approx(12));
  CHECK(BandwidthRadius(4000, 100, 8000, 3, 12) > BandwidthRadius(2000, 100, 8000, 3, 12));
}

}  // namespace scale_test
