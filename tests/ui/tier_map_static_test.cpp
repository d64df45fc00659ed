// The tier map drawn at build time (ui/tier_map_static.hpp): every card in the chart, named on it
// or beside it, the engine's tiers, escaped text, nothing the page's CSP would block.
#include "ui/tier_map_static.hpp"

#include "engine/catalogs.hpp"
#include "engine/format.hpp"
#include "engine/plural.hpp"

#include <doctest/doctest.h>

#include <cctype>
#include <string>

namespace tier_map_static_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;

namespace {

size_t Count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
  return n;
}

}  // namespace

TEST_CASE("static tier map: one marker per card in its tier's colour; every card named on the chart or listed beside it") {
  const CatalogsLoad load = LoadEmbeddedCatalogs();
  REQUIRE(load.ok());
  const Catalogs& c = load.catalogs;
  const std::string html = ui::TierMapStaticHtml(c, ui::TextFor(Language::kEnglish), ui::TextFor(Language::kChinese));
  CHECK(html.rfind("<div id=\"prerender\"", 0) == 0);
  CHECK(Count(html, "<circle ") == c.gpus.gpus.size());
  size_t tier1 = 0, listed = 0;
  for (size_t i = 0; i < c.gpus.gpus.size(); ++i) {
    const Gpu& g = c.gpus.gpus[i];
    const std::string name = ui::HtmlEscape(g.name);
    const bool on_chart = html.find("\">" + name + "</text>") != std::string::npos;
    const bool beside = html.find(Printf("<span class=\"pr-t%d\">", static_cast<int>(c.gpu_tiers[i].tier)) + name + "</span> ") !=
                        std::string::npos;
    CHECK_MESSAGE(on_chart != beside, (g.id + (on_chart ? " is named on the chart" : " is not on the chart") +
                                       (beside ? " and listed beside it" : " nor listed beside it")));
    CHECK_MESSAGE(html.find("</span> " + name + "<br>") != std::string::npos, (g.id + " is not in the phones' card list"));
    tier1 += c.gpu_tiers[i].tier == Tier::kFlagship;
    listed += beside;
  }
  REQUIRE(tier1 > 0);
  REQUIRE(listed > 0);  // the catalog has more names than the chart has room for
  // The count's words as the canvas writes them ("32 cards have"), never the "{one|other}" template.
  const std::string title = Plurals(Printf(ui::TextFor(Language::kEnglish).tier_unlabelled_title, static_cast<int>(listed)));
  CHECK(html.find(title) != std::string::npos);
  CHECK(html.find("cards have no room") != std::string::npos);
  CHECK(html.find('{') == std::string::npos);
  CHECK(Count(html, "class=\"pr-t1\"><title>") == tier1);  // markers coloured by tier
  CHECK(html.find("Tier 1 flagship") != std::string::npos);
  const std::string count = std::to_string(c.gpus.gpus.size());
  CHECK(PlainSpaces(html).find(count + " of " + count + " cards") != std::string::npos);
}

TEST_CASE("static tier map: nothing a strict CSP blocks, and text is escaped") {
  const CatalogsLoad load = LoadEmbeddedCatalogs();
  REQUIRE(load.ok());
  const std::string html =
      ui::TierMapStaticHtml(load.catalogs, ui::TextFor(Language::kEnglish), ui::TextFor(Language::kChinese));
  CHECK(html.find("<script") == std::string::npos);
  CHECK(html.find("style=") == std::string::npos);
  CHECK(html.find("<style") == std::string::npos);
  // No event handler attributes (onload=, onclick=, ...).
  for (size_t at = html.find("=\""); at != std::string::npos; at = html.find("=\"", at + 2)) {
    size_t name = at;
    while (name > 0 && (std::isalnum(static_cast<unsigned char>(html[name - 1])) || html[name - 1] == '-')) --name;
    CHECK_MESSAGE(html.compare(name, 2, "on") != 0, html.substr(name, at - name));
  }
  CHECK(html.find("正在加载中文字体") != std::string::npos);  // the Chinese readers' note
  CHECK(ui::HtmlEscape("A&B <x> \"q\"") == "A&amp;B &lt;x&gt; &quot;q&quot;");
  CHECK(ui::HtmlEscape("") == "");
}

TEST_CASE("static tier map: an empty catalog gives the frame without markers, not a crash") {
  Catalogs empty;
  const std::string html = ui::TierMapStaticHtml(empty, ui::TextFor(Language::kEnglish), ui::TextFor(Language::kChinese));
  CHECK(Count(html, "<circle ") == 0);
  CHECK(PlainSpaces(html).find("0 of 0 cards") != std::string::npos);
}

}  // namespace tier_map_static_test
