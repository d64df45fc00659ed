// Chinese number style (src/engine/format_zh.hpp): 万/亿, ¥, × 10ⁿ, whole counts, no-break joins.
#include "engine/format_zh.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <string>

namespace format_zh_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;

namespace {
const std::string kNb = "\u00A0";
const double kNan = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();
}  // namespace

TEST_CASE("money in 万 and 亿 with ¥, as the issue's examples") {
  CHECK(ZhMoney(22500, "CNY") == "¥2.25万");
  CHECK(ZhMoney(16800000, "CNY") == "¥1,680万");
  CHECK(ZhMoney(1e6, "CNY") == "¥100万");
  CHECK(ZhMoney(168000, "CNY") == "¥16.8万");
  CHECK(ZhMoney(3.2e8, "CNY") == "¥3.2亿");
  CHECK(ZhMoney(2.5e12, "CNY") == "¥2.5万亿");
  CHECK(ZhMoney(860, "CNY") == "¥860");
  CHECK(ZhMoney(0.36, "CNY") == "¥0.36");
  CHECK(ZhMoney(9860, "CNY") == "¥9,860");
  CHECK(ZhMoney(-22500, "CNY") == "-¥2.25万");
  CHECK(ZhMoney(11500, "USD") == "$1.15万");
  CHECK(ZhMoney(12000, "EUR") == "1.2万" + kNb + "EUR");
}

TEST_CASE("unit boundaries follow the rounded number") {
  CHECK(ZhMoney(9999.6, "CNY") == "¥1万");
  CHECK(ZhMoney(99.996, "CNY") == "¥100");
  CHECK(ZhMagnitude(99999, 0) == "10万");
  CHECK(ZhMagnitude(99960000, 0) == "9,996万");  // 万 up to four digits, as "1,680万"
  CHECK(ZhMagnitude(99996000, 0) == "1亿");
  CHECK(ZhMagnitude(20000, 0) == "2万");
  CHECK(ZhMagnitude(1234.5, 1) == "1,234.5");
}

TEST_CASE("counts are whole numbers") {
  CHECK(ZhCount(0.4) == "0");
  CHECK(ZhCount(-0.4) == "0");
  CHECK(ZhCount(2.6) == "3");
  CHECK(ZhCount(8000) == "8,000");
  CHECK(ZhCount(3.2e9) == "32亿");
  CHECK(ZhCount(15e12) == "15万亿");
}

TEST_CASE("scientific notation as × 10ⁿ, joined so it never wraps") {
  CHECK(ZhScientific(4.98e18) == "4.98" + kNb + "×" + kNb + "10¹⁸");
  CHECK(ZhScientific(9.996e18) == "1.00" + kNb + "×" + kNb + "10¹⁹");
  CHECK(ZhScientific(-1.5e-5, 2) == "-1.5" + kNb + "×" + kNb + "10⁻⁵");
  CHECK(ZhScientific(123.4) == "123");
  CHECK(ZhScientific(0) == "0");
  CHECK(ZhScientific(8.09e22).find('e') == std::string::npos);
}

TEST_CASE("joins, percentages and non-finite input") {
  CHECK(ZhJoin("24.0", "GiB") == "24.0" + kNb + "GiB");
  CHECK(ZhJoin("3", "") == "3");
  CHECK(ZhPercent(1.0) == "100%");
  CHECK(ZhPercent(0.125, 1) == "12.5%");
  for (double bad : {kNan, kInf, -kInf}) {
    CHECK(ZhMoney(bad, "CNY") == "-");
    CHECK(ZhCount(bad) == "-");
    CHECK(ZhScientific(bad) == "-");
    CHECK(ZhPercent(bad) == "-");
    CHECK(ZhMagnitude(bad, 2) == "-");
  }
}

}  // namespace format_zh_test
