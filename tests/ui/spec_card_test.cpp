// The spec card's figures: a precision the vendor's sheet gives no rate for says so in words,
// instead of a bare dash readers took for a missing value (V100 and T4 have no TF32 mode; AMD
// lists none for CDNA 2 and CDNA 4: data/gpus.json notes and sources).
#include "test_support.hpp"
#include "ui/gpu_spec_card.hpp"

#include <doctest/doctest.h>

#include <string>

namespace spec_card_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;

TEST_CASE("a rate the vendor does not list reads \"none listed\" / 规格表未列出, a listed one its figure") {
  const Catalogs& c = test::RealCatalogs();
  const ui::UiText& en = ui::TextFor(Language::kEnglish);
  const ui::UiText& zh = ui::TextFor(Language::kChinese);
  for (const char* id : {"v100-sxm2-32gb", "t4", "mi250x", "mi355x"}) {
    const Gpu* g = c.gpus.Find(id);
    REQUIRE_MESSAGE(g != nullptr, id);
    REQUIRE_FALSE(g->tf32_dense_tflops.has_value());
    CHECK_MESSAGE(ui::SpecCardValue(*g, "tf32_dense_tflops", en, false) == "none listed", id);
    CHECK_MESSAGE(ui::SpecCardValue(*g, "tf32_dense_tflops", zh, true) == "规格表未列出", id);
  }
  const Gpu* mi300x = c.gpus.Find("mi300x");
  REQUIRE(mi300x != nullptr);
  CHECK(ui::SpecCardValue(*mi300x, "tf32_dense_tflops", en, false) == "653.7\u00A0TFLOPS");
  // A field the vendor does not publish at all keeps its own words.
  const Gpu* p800 = c.gpus.Find("kunlunxin-p800");
  REQUIRE(p800 != nullptr);
  CHECK(ui::SpecCardValue(*p800, "memory_bandwidth_gbps", en, false) == en.card_not_published);
  CHECK(ui::SpecCardValue(*p800, "no_such_field", en, false).empty());
}

}  // namespace spec_card_test
