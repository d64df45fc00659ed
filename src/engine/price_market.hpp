// Prices as a market: for one card, service form and region, the quotes that apply (the
// region's own, else its market's, else the other market's), their statistics (median, lowest,
// highest, number of sellers, dates) and the price the cost engine uses, with the reason.
// Quotes older than 12 months before the catalog's data date are stale and left out of the
// statistic whenever a current quote exists.
#pragma once

#include "language.hpp"
#include "pricing_catalog.hpp"
#include "region_catalog.hpp"

#include <optional>
#include <string>
#include <vector>

namespace atlas {

inline constexpr int kStaleAfterMonths = 12;  // issue 14: "a stale mark past 12 months"

// Which figure of the market is used as the price.
enum class PriceStatistic { kMedian, kMin, kMax, kQuote };
const char* PriceStatisticId(PriceStatistic s);  // "median", "min", "max", "quote"
std::optional<PriceStatistic> ParsePriceStatistic(const std::string& id);

// The request's choice: a statistic, or one quote by id (kQuote).
struct PriceRule {
  PriceStatistic statistic = PriceStatistic::kMedian;
  std::string quote_id;  // kQuote only
  bool operator==(const PriceRule&) const = default;
};

// Where the quotes behind a price come from: kRegion, the market's pooled with the region's own
// sellers' (MarketStats::region_quotes of them); kMarket, the market's alone.
enum class QuoteScope { kRegion, kMarket, kOtherMarket, kQuote };
const char* QuoteScopeId(QuoteScope s);  // "region", "market", "other_market", "quote"

// Months since year 0 of an as_of ("2026-09" or "2026-09-14"); nullopt for anything else.
std::optional<int> AsOfMonthIndex(const std::string& as_of);
// True when the quote is older than kStaleAfterMonths before `data_date` (YYYY-MM[-DD]); a quote
// without a comparable date (anything AsOfMonthIndex refuses) is stale.
bool IsStaleQuote(const PriceRecord& quote, const std::string& data_date);

// A quote's value in CNY for comparing quotes of one service form. Purchase quotes are brought
// to a card-equivalent price: a server-inclusive quote (8-GPU server / 8) has the server share
// removed (÷ (1 + server_overhead_fraction)), so that PurchaseCapexPerGpu(value, ..., false)
// gives the same all-in capex as the quote itself.
std::optional<double> ComparableCny(const PricingCatalog& pricing, const PriceRecord& quote);

struct MarketStats {
  int quotes = 0;         // in the pool the statistic is taken over
  int sellers = 0;        // distinct providers in that pool
  int stale_left_out = 0; // stale quotes of the same scope not used (a current one exists)
  bool stale_only = false;  // the pool has no current quote, so its stale quotes are used
  int region_quotes = 0;    // of `quotes`, those from sellers located in the priced region (ChoosePrice)
  double median_cny = 0, min_cny = 0, max_cny = 0;
  std::string newest_as_of, oldest_as_of;
};

// Statistics of a set of quotes (CNY via ComparableCny; quotes without a rate are skipped).
// The median of an even count is the mean of the two middle values.
MarketStats ComputeMarketStats(const PricingCatalog& pricing, const std::vector<const PriceRecord*>& quotes);

struct PriceChoice {
  std::optional<PriceRecord> record;  // the quote behind the price: the one used (min, max, a
                                      // chosen quote) or the one nearest the median
  std::optional<double> amount_cny;   // the price used, CNY per unit (purchase: card-equivalent)
  PriceStatistic statistic = PriceStatistic::kMedian;
  QuoteScope scope = QuoteScope::kMarket;
  std::string market;     // market of the pool ("cn" or "global")
  std::string region_id;  // the region whose quotes were used (scope kRegion)
  MarketStats stats;
  bool record_is_stale = false;
  int quotes_considered = 0;
  std::vector<std::string> notes;  // which statistic, over which quotes, and why
};

// The price of gpu + service for a region: the quotes of the region's market ("cn" for mainland
// China, "global" elsewhere) that price the whole market (no `region`) pooled with the region's
// own (records whose `region` is that region; scope kRegion when any is used); quotes located
// in other regions only when nothing else prices the card there; else the other market's (with
// a note). Within that pool the current quotes are used when any exist. `rule` picks the statistic (median by default) or one
// quote by id (a quote of another card or form is refused with a note and the median is used).
// `explain` false leaves `notes` empty (a search prices every card and words only those it lists).
PriceChoice ChoosePrice(const PricingCatalog& pricing, const std::string& gpu_id, ServiceKind service,
                        const Region& region, const PriceRule& rule = {},
                        Language language = Language::kEnglish, bool explain = true);

// The market-wide figure for a card + form in one market ("cn" or "global"), whatever the region:
// the statistic (median unless told; kQuote reads as the median) of its current quotes, its stale
// ones when none is current (stats.stale_only). The same pool rule as ChoosePrice; no amount when
// the market has no quote. The Cost view's market panel.
PriceChoice ChooseMarketPrice(const PricingCatalog& pricing, const std::string& gpu_id, ServiceKind service,
                              const std::string& market, PriceStatistic statistic = PriceStatistic::kMedian,
                              Language language = Language::kEnglish);

// The price in one line, for cost and recommend alike: "median of 3 current quotes from 2 sellers,
// ¥6.10–¥9.80; quoted 2026-05–2026-11", "one current quote: RunPod $1.39, quoted 2026-11",
// "only a stale quote (2024-10): News ¥3.28, estimate [stale]",
// "the chosen quote: ...". Empty when the choice has no price.
std::string PriceSummary(const PricingCatalog& pricing, const PriceChoice& choice, Language language);

}  // namespace atlas
