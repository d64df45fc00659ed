// data/pricing_gaps.json (engine/pricing_gaps.hpp): searches that found no public price. The
// shipped file loads and covers every card/market that issue 14's coverage asks for and the
// quotes do not reach; each bad record names file, record and field.
#include "calendar_month.hpp"
#include "engine/gpu_catalog.hpp"
#include "engine/price_market.hpp"
#include "engine/pricing_catalog.hpp"
#include "engine/pricing_gaps.hpp"
#include "test_support.hpp"

#include <doctest/doctest.h>

#include <set>

namespace pricing_gaps_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;
using namespace atlas::test;

namespace {

Json ValidGap() {
  return Json::parse(R"({"gpu": "rtx-4090", "service": "bare_metal", "market": "cn",
    "searched": ["https://example.com/list", "search: pages corpus, \"4090 包月\""],
    "searched_on": "2026-12-04", "notes": "none found", "notes_zh": "未找到"})");
}

std::vector<std::string> GapErrors(const Json& record) {
  Json root = {{"schema_version", 1}, {"gaps", Json::array({record})}};
  return LoadPricingGaps(root.dump(), "data/pricing_gaps.json").errors;
}

// Container quotes of one card in one market: (quotes, distinct sellers).
std::pair<int, int> HourlyCoverage(const PricingCatalog& p, const std::string& gpu, const std::string& market) {
  std::set<std::string> sellers;
  int quotes = 0;
  for (const PriceRecord* q : p.PricesFor(gpu, ServiceKind::kContainer))
    if (q->market == market) sellers.insert(q->provider), ++quotes;
  return {quotes, static_cast<int>(sellers.size())};
}

}  // namespace

TEST_CASE("a valid gap record loads, and GapFor finds it by card, form and market") {
  Json root = {{"gaps", Json::array({ValidGap()})}};
  PricingGapsLoad load = LoadPricingGaps(root.dump(), "g.json");
  REQUIRE(load.ok());
  REQUIRE(load.gaps.size() == 1);
  PricingCatalog p;
  p.gaps = load.gaps;
  REQUIRE(p.GapFor("rtx-4090", ServiceKind::kBareMetal, "cn"));
  CHECK(p.GapFor("rtx-4090", ServiceKind::kBareMetal, "global") == nullptr);
  CHECK(p.GapFor("rtx-4090", ServiceKind::kContainer, "cn") == nullptr);
  CHECK(p.GapFor("rtx-4090", ServiceKind::kBareMetal, "cn")->searched.size() == 2);
}

TEST_CASE("bad gap records name the file, the record and the field") {
  const std::string at = "data/pricing_gaps.json: gaps[0]: ";
  Json r = ValidGap();
  r["searched_on"] = "2026-12";
  CHECK(AnyContains(GapErrors(r), at + "field \"searched_on\" is \"2026-12\": must be a date (YYYY-MM-DD)"));
  r = ValidGap();
  r["searched"] = Json::array();
  CHECK(AnyContains(GapErrors(r), at + "field \"searched\""));
  r = ValidGap();
  r.erase("searched");
  CHECK(AnyContains(GapErrors(r), at + "field \"searched\" is missing"));
  r = ValidGap();
  r["market"] = "eu";
  CHECK(AnyContains(GapErrors(r), "field \"market\" must be cn or global"));
  r = ValidGap();
  r["service"] = "spot";
  CHECK(AnyContains(GapErrors(r), "field \"service\" must be monthly_server, container, bare_metal or purchase"));
  // The notes are shown to Chinese readers too: their 简体中文 twin is required.
  r = ValidGap();
  r.erase("notes_zh");
  CHECK(AnyContains(GapErrors(r), at + "field \"notes_zh\" is missing or empty"));
  r["notes_zh"] = "";
  CHECK(AnyContains(GapErrors(r), at + "field \"notes_zh\" is missing or empty"));
  r.erase("notes");
  r.erase("notes_zh");
  CHECK(GapErrors(r).empty());  // no notes, no twin needed
  r = ValidGap();
  r["gpu"] = 42;
  CHECK(AnyContains(GapErrors(r), "data/pricing_gaps.json: gaps[0]"));
  CHECK(AnyContains(GapErrors(r), "field \"gpu\""));
}

TEST_CASE("the gaps file itself: not JSON, no list, a record twice, a card that does not exist") {
  CHECK(AnyContains(LoadPricingGaps("{\"gaps\": [", "data/pricing_gaps.json").errors,
                    "data/pricing_gaps.json: not valid JSON"));
  CHECK(AnyContains(LoadPricingGaps("{}", "data/pricing_gaps.json").errors, "data/pricing_gaps.json"));
  CHECK_FALSE(LoadPricingGaps("[]", "data/pricing_gaps.json").ok());
  Json twice = {{"gaps", Json::array({ValidGap(), ValidGap()})}};
  CHECK(AnyContains(LoadPricingGaps(twice.dump(), "data/pricing_gaps.json").errors,
                    "data/pricing_gaps.json: gaps[1]: field \"gpu\" repeats rtx-4090/bare_metal/cn (card/service/market), "
                    "which gaps[0] already records"));
  Json unknown = ValidGap();
  unknown["gpu"] = "no-such-card";
  PricingGapsLoad load = LoadPricingGaps(Json{{"gaps", Json::array({unknown})}}.dump(), "data/pricing_gaps.json");
  REQUIRE(load.ok());
  const auto refs = CheckPricingGapReferences(load.gaps, RealCatalogs().gpus, "data/pricing_gaps.json");
  CHECK(AnyContains(refs, "data/pricing_gaps.json: gaps[0]: field \"gpu\" names \"no-such-card\", which is not in "
                          "gpus.json"));
}

TEST_CASE("the shipped gaps file loads, is dated, and names real cards") {
  PricingGapsLoad load = LoadPricingGaps(ReadSourceFile("data/pricing_gaps.json"), "data/pricing_gaps.json");
  for (const auto& e : load.errors) INFO(e);
  REQUIRE(load.ok());
  // 2026-12-05: 24, and 4 for quotes removed for want of a month, of which 3 (A100 80G, H800 and
  // MI300X purchase) were then filled by month-dated quotes; A100 40G monthly (cn) is still open.
  // Then 11 more for the monthly/bare-metal/purchase cells of the main cards that had neither a
  // quote nor a record (RTX 3090, RTX 4090 monthly, L40S, H20 outside China): 25 + 11 = 36.
  CHECK(load.gaps.size() >= 36);
  CHECK(CheckPricingGapReferences(load.gaps, RealCatalogs().gpus, "data/pricing_gaps.json").empty());
  CHECK(RealCatalogs().pricing.gaps.size() == load.gaps.size());  // LoadMarketCatalogs reads it
}

// Issue 14's China hourly coverage: RTX 4090, RTX 3090, A100 80 GB, H20 and L20/L40S each want
// >= 3 container quotes from >= 2 sellers in the cn market. Each card that falls short must
// carry its recorded search, and no card may lose quotes it has today (a regression fails here).
TEST_CASE("China hourly coverage: counted per card and seller; a shortfall carries its search") {
  const PricingCatalog& p = RealCatalogs().pricing;
  struct Floor {
    const char* gpu;
    // What data/pricing.json holds on 2026-12-05 once the quotes dated only to a year were
    // replaced or removed (恒源云 3090, 优云智算 H20, the 2023 survey and 2024 news A100 80G).
    int quotes, sellers;
  };
  for (const Floor& f : {Floor{"rtx-4090", 3, 3}, Floor{"rtx-3090", 3, 3}, Floor{"a100-80gb-sxm", 6, 5},
                         Floor{"h20", 3, 3}, Floor{"l20", 6, 4}, Floor{"l40s", 1, 1}}) {
    INFO(f.gpu);
    const auto [quotes, sellers] = HourlyCoverage(p, f.gpu, "cn");
    CHECK(quotes >= f.quotes);
    CHECK(sellers >= f.sellers);
    if (quotes < 3 || sellers < 2) CHECK(p.GapFor(f.gpu, ServiceKind::kContainer, "cn") != nullptr);
  }
}

// The purchase gaps filled on 2026-12-05: each card has a purchase quote in its market, dated to the
// month and marked as an estimate (news or blog figures), and no gap record claims otherwise.
// "Dated to the month" is checked where it can break: the date read by the calendar
// (calendar_month.hpp) and the engine's month index agree, and the same record in the shipped
// file with its date cut back to the year (the retired year-only dating), or given a month
// or day the calendar lacks, is refused by the loader, naming the record.
TEST_CASE("purchase quotes for A100 80G, H800 and MI300X are month-dated estimates, not gaps") {
  const PricingCatalog& p = RealCatalogs().pricing;
  Json shipped = Json::parse(ReadSourceFile("data/pricing.json"));
  REQUIRE(LoadPricingCatalog(shipped.dump(), "data/pricing.json").ok());
  auto refused = [&shipped](const std::string& id, const std::string& as_of) {
    Json edited = shipped;
    bool found = false;
    for (Json& q : edited["prices"])
      if (q["id"] == id) q["as_of"] = as_of, found = true;
    REQUIRE(found);
    // The message names the record by its id (long ids cut to their start) and the field.
    for (const std::string& e : LoadPricingCatalog(edited.dump(), "data/pricing.json").errors)
      if (e.find("(id \"" + id.substr(0, 24)) != std::string::npos && e.find("field \"as_of\" is \"" + as_of + "\"") != std::string::npos)
        return true;
    return false;
  };
  struct Want { const char* gpu; const char* market; };
  for (const Want& w : {Want{"a100-80gb-sxm", "global"}, Want{"h800-sxm", "cn"}, Want{"mi300x", "global"}}) {
    INFO(w.gpu);
    int found = 0;
    for (const PriceRecord* q : p.PricesFor(w.gpu, ServiceKind::kPurchase))
      if (q->market == w.market) {
        ++found;
        INFO(q->id << " as_of " << q->as_of);
        const std::optional<int> month = CalendarMonthIndex(q->as_of);
        CHECK(month.has_value());
        CHECK(AsOfMonthIndex(q->as_of) == month);
        const std::string year = q->as_of.substr(0, 4);
        CHECK(refused(q->id, year));
        CHECK(refused(q->id, year + "-13"));
        CHECK(refused(q->id, year + "-00"));
        CHECK(refused(q->id, year + "-04-31"));
        CHECK(refused(q->id, year + "/" + q->as_of.substr(5, 2)));
        CHECK(q->estimate);
      }
    CHECK(found >= 1);
    CHECK(p.GapFor(w.gpu, ServiceKind::kPurchase, w.market) == nullptr);
  }
  CHECK(p.GapFor("a100-40gb-sxm", ServiceKind::kMonthlyServer, "cn") != nullptr);
}

// Issue 14's table of monthly server, bare metal and purchase prices for the main cards in both
// markets: every cell holds a quote or a record of the search that found none (never silence).
TEST_CASE("every main card has a quote or a recorded search for each monthly and purchase form") {
  const PricingCatalog& p = RealCatalogs().pricing;
  for (const char* gpu : {"rtx-4090", "rtx-3090", "a100-80gb-sxm", "h100-sxm", "h20", "l40s"})
    for (ServiceKind kind : {ServiceKind::kMonthlyServer, ServiceKind::kBareMetal, ServiceKind::kPurchase})
      for (const char* market : {"cn", "global"}) {
        INFO(gpu << " " << static_cast<int>(kind) << " " << market);
        bool quoted = false;
        for (const PriceRecord* q : p.PricesFor(gpu, kind)) quoted = quoted || q->market == market;
        CHECK((quoted || p.GapFor(gpu, kind, market) != nullptr));
      }
  // The one quote found in this pass: Scaleway's 2x L40S bare-metal server, EUR 1,499.99 a month.
  bool scaleway = false;
  for (const PriceRecord* q : p.PricesFor("l40s", ServiceKind::kBareMetal))
    if (q->market == "global" && q->provider == "Scaleway") {
      scaleway = true;
      CHECK(q->currency == "EUR");
      // Dated by the changelog it cites (the date is in the changelog's file name), and, as its
      // note says, older than 12 months at the data date: by the calendar and by the engine.
      REQUIRE(!q->sources.empty());
      CHECK(q->as_of == "2024-11-29");
      CHECK(q->sources[0].find(q->as_of) != std::string::npos);
      const std::optional<int> month = CalendarMonthIndex(q->as_of), data_month = CalendarMonthIndex(p.data_date);
      REQUIRE(month.has_value());
      REQUIRE(data_month.has_value());
      CHECK(*data_month - *month > 12);
      CHECK(AsOfMonthIndex(q->as_of) == month);
      CHECK(IsStaleQuote(*q, p.data_date));
    }
  CHECK(scaleway);
}

}  // namespace pricing_gaps_test
