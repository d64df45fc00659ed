// Display units: GPU-hours keep the hours' precision (the trial saw "3.5 h" beside "3 GPU-h"),
// and the calculator's custom-size field starts empty (it showed "13B" beside an 8B model).
#include "engine/format.hpp"
#include "ui/format_units.hpp"
#include "ui/ui_env.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <string>

using namespace atlas;
using namespace atlas::ui;

TEST_CASE("GPU-hours: one decimal below 100, grouped above, in both languages") {
  const UiText& en = TextFor(Language::kEnglish);
  const UiText& zh = TextFor(Language::kChinese);
  CHECK(GpuHours(3.495, en) == "3.5 GPU-h");
  CHECK(GpuHours(3.495, zh) == "3.5 卡时");
  CHECK(GpuHours(20454.2, en) == "20,454 GPU-h");
  CHECK(GpuHours(0.04, en) == "0.0 GPU-h");
  CHECK(GpuHours(NAN, en) == "-");
  CHECK(GpuHours(-1, en) == "-");
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
  // The engine's sentences use the same scale and digits (engine/format.hpp Gib).
  for (double b : {6485 * gib, 80 * gib, 5.25 * gib, 0.031 * gib}) {
    std::string ui_text = ui::Bytes(b);
    ui_text.replace(ui_text.find(nb), nb.size(), " ");
    CHECK(ui_text == Gib(b));
  }
}
