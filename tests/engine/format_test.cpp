// The shared number formatter (engine/format.hpp): durations and counts read as people write
// them, never in e-notation.
#include "engine/format.hpp"
#include "engine/power_of_ten.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <string>

namespace format_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;

namespace {
const std::string kNb = "\u00A0";  // the no-break space joining a number and its unit
bool HasExponent(const std::string& s) { return s.find("e+") != std::string::npos || s.find("e-") != std::string::npos; }
}  // namespace

TEST_CASE("durations: the unit people expect, one decimal below 10 of it, in both languages") {
  CHECK(Duration(0.0032) == "3.2" + kNb + "ms");
  CHECK(Duration(0.35) == "350" + kNb + "ms");
  CHECK(Duration(0.000035) == "0.035" + kNb + "ms");
  CHECK(Duration(3.21) == "3.2" + kNb + "s");
  CHECK(Duration(725) == "12" + kNb + "min");
  CHECK(Duration(5400) == "90" + kNb + "min");
  CHECK(Duration(9000) == "2.5" + kNb + "h");
  CHECK(Duration(3.5e5) == "4.1" + kNb + "days");
  CHECK(Duration(3 * 365.25 * 86400) == "3.0" + kNb + "years");
  CHECK(Duration(3.21, Language::kChinese) == "3.2" + kNb + "秒");
  CHECK(Duration(725, Language::kChinese) == "12" + kNb + "分钟");
  CHECK(Duration(9000, Language::kChinese) == "2.5" + kNb + "小时");
  CHECK(Duration(0.35, Language::kChinese) == "350" + kNb + "毫秒");
  CHECK(Duration(0) == "0" + kNb + "ms");
  // What %.3g wrote as "3.2e-05 s" and "1.2e+09 s".
  CHECK_FALSE(HasExponent(Duration(3.2e-5)));
  CHECK_FALSE(HasExponent(Duration(1.2e9)));
  CHECK(Duration(1e30).find("×" + kNb + "10") != std::string::npos);  // absurd spans stay readable
  CHECK(Duration(-1) == "-");
  CHECK(Duration(NAN) == "-");
  CHECK(Duration(INFINITY) == "-");
}

TEST_CASE("GiB figures join number and unit with a no-break space; PlainSpaces undoes it for the CLI") {
  const double gib = 1024.0 * 1024 * 1024;
  CHECK(Gib(12.8 * gib) == "12.8" + kNb + "GiB");
  CHECK(Gib(1.79 * gib) == "1.79" + kNb + "GiB");
  CHECK(PlainSpaces("activations per GPU " + Gib(12.8 * gib)) == "activations per GPU 12.8 GiB");
  // Every join, Chinese next to it, nothing else touched; a stray lead byte (C2) stays as it was.
  CHECK(PlainSpaces("8" + kNb + "张卡，" + "720" + kNb + "小时" + kNb) == "8 张卡，720 小时 ");
  CHECK(PlainSpaces("") == "");
  CHECK(PlainSpaces("no joins here") == "no joins here");
  CHECK(PlainSpaces(std::string("end \xC2")) == "end \xC2");
  CHECK(PlainSpaces("\xC2\xC2\xA0") == "\xC2 ");
}

TEST_CASE("counts: 3 significant digits with k/M/B/T, never e-notation") {
  CHECK(Count(8.03e9) == "8.03B");
  CHECK(Count(1.2e12) == "1.2T");
  CHECK(Count(70e9) == "70B");
  CHECK(Count(512) == "512");
  CHECK(Count(4.5e15) == "4,500T");
  CHECK(Count(2e-5) == "0.00002");
  for (double v : {999.6, 999.6e3, 1e18, 1e-6, 123456789.0}) CHECK_FALSE(HasExponent(Count(v)));
}

}  // namespace format_test

// PowerOfTen replaces std::pow in the first frame's code: a whole power of ten is exact where a
// double holds it (10^0 .. 10^22), the nearest double for 10^-1 .. 10^-22, and within a few units
// in the last place elsewhere; the real-valued one agrees with std::pow to 1e-14.
TEST_CASE("PowerOfTen: exact whole powers, std::pow's value elsewhere") {
  double exact = 1;
  for (int e = 0; e <= 22; ++e, exact *= 10) {
    CHECK(atlas::PowerOfTen(e) == exact);
    CHECK(atlas::PowerOfTen(-e) == 1 / exact);
    CHECK(atlas::PowerOfTen(-e) == std::pow(10.0, -e));
  }
  for (int e : {23, 100, 300, -100, -300}) CHECK(std::fabs(atlas::PowerOfTen(e) / std::pow(10.0, e) - 1) < 1e-14);
  for (double x : {-3.7, -0.5, 0.0, 0.3010299956639812, 1.25, 2.999, 5.5})
    CHECK(std::fabs(atlas::PowerOfTen(x) / std::pow(10.0, x) - 1) < 1e-14);
}
