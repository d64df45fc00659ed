// Display units: GPU-hours keep the hours' precision (the trial saw "3.5 h" beside "3 GPU-h"),
// and the calculator's custom-size field starts empty (it showed "13B" beside an 8B model).
#include "engine/format.hpp"
#include "engine/format_zh.hpp"
#include "ui/format_units.hpp"
#include "ui/ui_env.hpp"
#include "ui/widgets.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <string>

namespace format_units_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;
using namespace atlas::ui;

TEST_CASE("GPU-hours: one decimal below 100, grouped above, in both languages") {
  const UiText& en = TextFor(Language::kEnglish);
  const UiText& zh = TextFor(Language::kChinese);
  CHECK(GpuHours(3.495, en) == "3.5\u00A0GPU-h");  // the template joins number and unit
  CHECK(GpuHours(3.495, zh) == "3.5\u00A0卡时");
  CHECK(GpuHours(20454.2, en) == "20,454\u00A0GPU-h");
  CHECK(GpuHours(0.04, en) == "0.0\u00A0GPU-h");
  CHECK(GpuHours(NAN, en) == "-");
  CHECK(GpuHours(-1, en) == "-");
}

TEST_CASE("prose from the data gets the no-break join between a number and its unit, and only there") {
  const std::string nb = "\u00A0";
  CHECK(JoinFigures("80 GB HBM3, 3.35 TB/s, 700 W") == "80" + nb + "GB HBM3, 3.35" + nb + "TB/s, 700" + nb + "W");
  CHECK(JoinFigures("约 24 小时，8 张卡，¥3 元/小时") == "约 24" + nb + "小时，8" + nb + "张卡，¥3" + nb + "元/小时");
  CHECK(JoinFigures("up to 8 GPUs and 50 %") == "up to 8" + nb + "GPUs and 50" + nb + "%");
  // Not a unit, not after a number, or only the start of a word: left as written.
  CHECK(JoinFigures("A100 has 2 Whole cards, GB 80, 3 GBs, 4 hosts") == "A100 has 2 Whole cards, GB 80, 3 GBs, 4 hosts");
  CHECK(JoinFigures("8 个人 H 100") == "8" + nb + "个人 H 100");
  CHECK(JoinFigures("") == "");
  CHECK(JoinFigures("9 ") == "9 ");
  CHECK(JoinFigures("12.8" + nb + "GiB") == "12.8" + nb + "GiB");  // already joined
}

TEST_CASE("the custom-size field holds no size until the reader types one") {
  const CalculatorUi ui;
  CHECK(ui.custom_size[0] == '\0');
  CHECK(std::string(TextFor(Language::kEnglish).calc_custom_size_hint).find("13B") != std::string::npos);
}

TEST_CASE("memory sizes: always GiB, so figures side by side compare (never TiB beside GiB, nor MiB)") {
  const std::string nb = "\u00A0";
  const double gib = 1024.0 * 1024 * 1024;
  CHECK(ui::Bytes(6485 * gib) == "6,485" + nb + "GiB");  // new-user trial: "6.33 TiB" beside "6485 GiB"
  CHECK(ui::Bytes(80 * gib) == "80.0" + nb + "GiB");
  CHECK(ui::Bytes(5.25 * gib) == "5.25" + nb + "GiB");
  CHECK(ui::Bytes(0.5 * gib) == "0.50" + nb + "GiB");
  CHECK(ui::Bytes(0.031 * gib) == "0.031" + nb + "GiB");
  CHECK(ui::Bytes(std::nan("")) == "-");
  // The engine's sentences use the same scale, digits and no-break join (engine/format.hpp Gib);
  // the CLI prints them with a plain space.
  for (double b : {6485 * gib, 80 * gib, 5.25 * gib, 0.031 * gib}) {
    CHECK(ui::Bytes(b) == Gib(b));
    CHECK(PlainSpaces(Gib(b)) == GibNumber(b) + " GiB");
  }
}

TEST_CASE("money and figures kept between frames read exactly as formatted afresh, past the table's 4096 entries") {
  // ui::Money and ui::Safe keep their text by their arguments (the Cost view's frame budget);
  // every answer must still be the formatter's own, for each language, currency and precision.
  for (int round = 0; round < 2; ++round)
    for (int i = 0; i < 5000; ++i) {
      const double v = (i - 2500) * 37.25 + i * 1e-3;
      CHECK(ui::Money(v, "CNY", Language::kChinese) == atlas::ZhMoney(v, "CNY"));
      CHECK(Safe(v, i % 3) == FormatNumber(v, i % 3));
    }
  CHECK(ui::Money(12.5, "CNY", Language::kEnglish) == "¥12.50");
  CHECK(ui::Money(12.5, "USD", Language::kEnglish) == "$12.50");
  CHECK(ui::Money(12.5, "USD", Language::kChinese) == "$12.50");
  CHECK(ui::Money(12.5, "EUR", Language::kEnglish) == "12.50\u00A0EUR");
  CHECK(ui::Money(-1234567, "CNY", Language::kEnglish) == "-¥1,234,567");
  CHECK(ui::Money(NAN, "CNY", Language::kEnglish) == "-");
  CHECK(ui::Money(NAN, "CNY", Language::kChinese) == "-");
  CHECK(Safe(NAN, 2) == "-");
  CHECK(Safe(INFINITY, 0) == "-");
  CHECK(Safe(0.0, 1) == FormatNumber(0.0, 1));
  CHECK(Safe(-0.0, 1) == FormatNumber(-0.0, 1));
}

}  // namespace format_units_test
