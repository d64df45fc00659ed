// The tier map drawn at build time (ui/tier_map_static.hpp): every card in the chart and the
// table, the engine's tiers, escaped text, nothing the page's CSP would block.
#include "ui/tier_map_static.hpp"

#include "engine/catalogs.hpp"

#include <doctest/doctest.h>

#include <cctype>
#include <string>

using namespace atlas;

namespace {

size_t Count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
  return n;
}

}  // namespace

TEST_CASE("static tier map: one marker and one table row per card, with the engine's tier") {
  const CatalogsLoad load = LoadEmbeddedCatalogs();
  REQUIRE(load.ok());
  const Catalogs& c = load.catalogs;
  const std::string html = ui::TierMapStaticHtml(c, ui::TextFor(Language::kEnglish), ui::TextFor(Language::kChinese));
  CHECK(html.rfind("<div id=\"prerender\"", 0) == 0);
  CHECK(Count(html, "<circle ") == c.gpus.gpus.size());
  CHECK(Count(html, "<tr><td>") == c.gpus.gpus.size());
  size_t tier1 = 0;
  for (size_t i = 0; i < c.gpus.gpus.size(); ++i) {
    CHECK_MESSAGE(html.find("<tr><td>" + ui::HtmlEscape(c.gpus.gpus[i].name) + "</td>") != std::string::npos, c.gpus.gpus[i].id);
    tier1 += c.gpu_tiers[i].tier == Tier::kFlagship;
  }
  REQUIRE(tier1 > 0);
  // Table tier cells plus the legend's dot.
  CHECK(Count(html, "<td class=\"pr-t1\">1</td>") == tier1);
  CHECK(html.find("Tier 1 flagship") != std::string::npos);
  const std::string count = std::to_string(c.gpus.gpus.size());
  CHECK(html.find(count + " of " + count + " cards") != std::string::npos);
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
  CHECK(html.find("0 of 0 cards") != std::string::npos);
}
