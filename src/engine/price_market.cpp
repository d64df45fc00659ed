#include "price_market.hpp"

#include "format.hpp"
#include "format_zh.hpp"
#include "plural.hpp"
#include "text/engine_text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

namespace atlas {

const char* PriceStatisticId(PriceStatistic s) {
  switch (s) {
    case PriceStatistic::kMedian: return "median";
    case PriceStatistic::kMin: return "min";
    case PriceStatistic::kMax: return "max";
    case PriceStatistic::kQuote: return "quote";
  }
  return "median";
}

std::optional<PriceStatistic> ParsePriceStatistic(const std::string& id) {
  for (PriceStatistic s : {PriceStatistic::kMedian, PriceStatistic::kMin, PriceStatistic::kMax, PriceStatistic::kQuote})
    if (id == PriceStatisticId(s)) return s;
  return std::nullopt;
}

const char* QuoteScopeId(QuoteScope s) {
  switch (s) {
    case QuoteScope::kRegion: return "region";
    case QuoteScope::kMarket: return "market";
    case QuoteScope::kOtherMarket: return "other_market";
    case QuoteScope::kQuote: return "quote";
  }
  return "market";
}

std::optional<int> AsOfMonthIndex(const std::string& as_of) {
  // YYYY-MM or YYYY-MM-DD (ISO 8601 calendar month / date).
  if (as_of.size() != 7 && as_of.size() != 10) return std::nullopt;
  for (size_t i = 0; i < as_of.size(); ++i) {
    const bool dash = i == 4 || i == 7;
    if (dash ? as_of[i] != '-' : (as_of[i] < '0' || as_of[i] > '9')) return std::nullopt;
  }
  // The digits were checked above (no stoi: searches test every quote of every card).
  auto number = [&](size_t at, size_t count) {
    int v = 0;
    for (size_t i = at; i < at + count; ++i) v = v * 10 + (as_of[i] - '0');
    return v;
  };
  const int year = number(0, 4);
  const int month = number(5, 2);
  if (month < 1 || month > 12 || year < 1990) return std::nullopt;
  if (as_of.size() == 10) {
    // Days in the month, February by the Gregorian leap-year rule.
    static constexpr int kDays[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    const int day = number(8, 2);
    if (day < 1 || day > kDays[month - 1] + (month == 2 && leap)) return std::nullopt;
  }
  return year * 12 + (month - 1);
}

bool IsStaleQuote(const PriceRecord& quote, const std::string& data_date) {
  const auto q = AsOfMonthIndex(quote.as_of);
  const auto d = AsOfMonthIndex(data_date.size() >= 7 ? data_date.substr(0, 7) : data_date);
  if (!q || !d) return true;
  return *d - *q > kStaleAfterMonths;
}

std::optional<double> ComparableCny(const PricingCatalog& pricing, const PriceRecord& quote) {
  auto v = pricing.fx.Convert(quote.Amount(), quote.currency, "CNY");
  if (!v) return std::nullopt;
  if (quote.service == ServiceKind::kPurchase && quote.includes_server) {
    // data/pricing.json service_forms purchase: server_overhead_fraction = non-GPU server cost /
    // GPU cost, so a per-GPU share of a whole server is card × (1 + overhead).
    const ServiceForm* form = pricing.Form(ServiceKind::kPurchase);
    if (form) *v /= 1.0 + form->server_overhead_fraction;
  }
  return v;
}

MarketStats ComputeMarketStats(const PricingCatalog& pricing, const std::vector<const PriceRecord*>& quotes) {
  MarketStats s;
  std::vector<double> values;
  std::set<std::string> sellers;
  for (const PriceRecord* q : quotes) {
    auto v = ComparableCny(pricing, *q);
    if (!v) continue;
    values.push_back(*v);
    sellers.insert(q->provider);
    // Dates compare as text: YYYY-MM and YYYY-MM-DD sort chronologically.
    if (s.newest_as_of.empty() || q->as_of > s.newest_as_of) s.newest_as_of = q->as_of;
    if (s.oldest_as_of.empty() || q->as_of < s.oldest_as_of) s.oldest_as_of = q->as_of;
  }
  s.quotes = static_cast<int>(values.size());
  s.sellers = static_cast<int>(sellers.size());
  if (values.empty()) return s;
  std::sort(values.begin(), values.end());
  const size_t n = values.size();
  s.min_cny = values.front();
  s.max_cny = values.back();
  s.median_cny = n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2.0;
  return s;
}

namespace {

const char* ServiceWord(ServiceKind kind, const EngineText& T) {
  switch (kind) {
    case ServiceKind::kMonthlyServer: return T.word_service_monthly_server;
    case ServiceKind::kContainer: return T.word_service_container;
    case ServiceKind::kBareMetal: return T.word_service_bare_metal;
    case ServiceKind::kPurchase: return T.word_service_purchase;
  }
  return "?";
}

const char* PriceUnit(ServiceKind s, const EngineText& T) {
  switch (s) {
    case ServiceKind::kContainer: return T.cost_unit_gpu_hour;
    case ServiceKind::kPurchase: return T.cost_unit_card;
    default: return T.cost_unit_gpu_month;
  }
}

const char* StatisticWord(PriceStatistic s, const EngineText& T) {
  switch (s) {
    case PriceStatistic::kMedian: return T.word_stat_median;
    case PriceStatistic::kMin: return T.word_stat_min;
    case PriceStatistic::kMax: return T.word_stat_max;
    case PriceStatistic::kQuote: return T.word_stat_quote;
  }
  return "";
}

// The statistic of one pool of quotes (current ones first; stale ones only when nothing current
// is left) into `out`: amount, reference quote, stats and the "price used" note. False when no
// quote of the pool has a rate to CNY.
bool PriceFromPool(const PricingCatalog& pricing, const std::vector<const PriceRecord*>& pool, PriceStatistic statistic,
                   ServiceKind service, const std::string& scope, const EngineText& T, Language language,
                   PriceChoice& out, bool explain = true) {
  // Chinese: ¥ before the amount, 万 from 10⁴ (format_zh.hpp); English: the plain number and "CNY".
  auto cny = [&](double v) { return language == Language::kChinese ? ZhMoney(v, "CNY") : NoteNumber(v); };
  auto stale = [&](const PriceRecord* p) { return IsStaleQuote(*p, pricing.data_date); };
  std::vector<const PriceRecord*> current;
  for (const PriceRecord* p : pool)
    if (!stale(p)) current.push_back(p);
  const bool stale_only = current.empty();
  if (stale_only) current = pool;
  const int left_out = static_cast<int>(pool.size() - current.size());
  std::vector<std::pair<double, const PriceRecord*>> valued;
  for (const PriceRecord* p : current)
    if (auto v = ComparableCny(pricing, *p)) valued.push_back({*v, p});
  if (valued.empty()) return false;
  std::stable_sort(valued.begin(), valued.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  out.stats = ComputeMarketStats(pricing, current);
  out.stats.stale_only = stale_only;
  out.stats.stale_left_out = left_out;
  out.statistic = statistic;
  out.quotes_considered = static_cast<int>(valued.size());
  const PriceRecord* ref = nullptr;
  switch (statistic) {
    case PriceStatistic::kMin:
      out.amount_cny = valued.front().first;
      ref = valued.front().second;
      break;
    case PriceStatistic::kMax:
      out.amount_cny = valued.back().first;
      ref = valued.back().second;
      break;
    default: {
      out.amount_cny = out.stats.median_cny;
      // The quote nearest the median (the lower one on a tie) is named as the reference.
      double best = 0;
      for (const auto& [v, p] : valued)
        if (!ref || std::fabs(v - out.stats.median_cny) < best - 1e-12) {
          ref = p;
          best = std::fabs(v - out.stats.median_cny);
        }
      break;
    }
  }
  out.record = *ref;
  out.record_is_stale = stale(ref);
  if (explain)
    out.notes.push_back(Printf(T.cost_price_stat, cny(*out.amount_cny).c_str(), PriceUnit(service, T),
                             StatisticWord(statistic, T), out.stats.quotes,
                             stale_only ? T.word_quotes_stale : T.word_quotes_current, out.stats.sellers,
                             scope.c_str(), cny(out.stats.min_cny).c_str(), cny(out.stats.max_cny).c_str()));
  return true;
}

}  // namespace

PriceChoice ChoosePrice(const PricingCatalog& pricing, const std::string& gpu_id, ServiceKind service,
                        const Region& region, const PriceRule& rule_in, Language language, bool explain) {
  const EngineText& T = EngineTextFor(language);
  PriceChoice out;
  PriceRule rule = rule_in;
  const std::vector<const PriceRecord*> all = pricing.PricesFor(gpu_id, service);
  if (all.empty()) {
    if (explain) out.notes.push_back(Printf(T.cost_price_none, gpu_id.c_str(), ServiceWord(service, T)));
    return out;
  }
  const std::string wanted = region.in_china() ? "cn" : "global";
  auto stale = [&](const PriceRecord* p) { return IsStaleQuote(*p, pricing.data_date); };

  // One quote by id: used as is, whatever its market or region.
  if (rule.statistic == PriceStatistic::kQuote) {
    const PriceRecord* chosen = nullptr;
    for (const PriceRecord* p : all)
      if (p->id == rule.quote_id) chosen = p;
    if (chosen) {
      out.statistic = PriceStatistic::kQuote;
      out.scope = QuoteScope::kQuote;
      out.market = chosen->market;
      out.region_id = chosen->region;
      out.record = *chosen;
      out.amount_cny = ComparableCny(pricing, *chosen);
      out.record_is_stale = stale(chosen);
      out.stats = ComputeMarketStats(pricing, {chosen});
      out.quotes_considered = 1;
      if (explain) out.notes.push_back(Printf(T.cost_price_chosen, chosen->id.c_str()));
    } else {
      if (explain)
        out.notes.push_back(Printf(T.cost_price_quote_missing, rule.quote_id.c_str(), gpu_id.c_str(), ServiceWord(service, T)));
      rule.statistic = PriceStatistic::kMedian;
    }
  }

  if (!out.record) {
    // The pool: what a buyer in this region can rent. The market's sellers that price the
    // whole market (no `region`) and the sellers located in this region, together: a region's
    // own quotes are mostly one hyperscaler's on-demand list price (GCP us-east4's H100 at about
    // 3.4x the global median), and priced by those alone the hub that has them read as the
    // dearest while its neighbours had the market's median. Sellers located in another region
    // are left out (GCP Tokyo's price does not rent a card in Oregon). With none of those, every
    // quote of the market; else the other market's.
    const auto here = [&](const PriceRecord* p) { return !p->region.empty() && p->region == region.id; };
    std::vector<const PriceRecord*> pool;
    for (const PriceRecord* p : all)
      if (here(p) || (p->market == wanted && p->region.empty())) pool.push_back(p);
    out.scope = QuoteScope::kMarket;
    out.region_id.clear();
    out.market = wanted;
    if (pool.empty())
      for (const PriceRecord* p : all)
        if (p->market == wanted) pool.push_back(p);
    if (pool.empty()) {
      // The other market's region-wide quotes (its sellers located in one of its hubs price
      // that hub, not this one: GCP Frankfurt's H100 lifted the mainland hubs' figure); every
      // quote only when none is region-wide.
      out.scope = QuoteScope::kOtherMarket;
      out.market = all.front()->market;
      for (const PriceRecord* p : all)
        if (p->region.empty()) pool.push_back(p);
      if (!pool.empty()) out.market = pool.front()->market;
      else pool = all;
      if (explain)
        out.notes.push_back(Printf(T.cost_price_other_market, MarketWord(wanted, T), gpu_id.c_str(),
                                   ServiceWord(service, T), MarketWord(out.market, T)));
    }
    const std::string scope = !explain ? std::string() : Printf(T.cost_price_scope_market, MarketWord(out.market, T));
    if (!PriceFromPool(pricing, pool, rule.statistic, service, scope, T, language, out, explain)) return out;  // no rate for any quote
    // The region's own quotes among those the statistic was taken over (a stale one is left out
    // when a current quote exists).
    // The scope says whether any is (kRegion).
    out.stats.region_quotes = static_cast<int>(std::count_if(pool.begin(), pool.end(), [&](const PriceRecord* p) {
      return here(p) && (out.stats.stale_only || !stale(p));
    }));
    if (out.scope == QuoteScope::kMarket && out.stats.region_quotes > 0) out.scope = QuoteScope::kRegion, out.region_id = region.id;
    if (!explain) return out;  // the numbers are all in
    if (out.scope == QuoteScope::kRegion)
      out.notes.push_back(Plurals(Printf(T.cost_price_region_pooled, out.stats.region_quotes, region.id.c_str())));
    if (out.stats.stale_only) out.notes.push_back(Printf(T.cost_price_stale_only, kStaleAfterMonths, pricing.data_date.c_str()));
    else if (out.stats.stale_left_out > 0)
      out.notes.push_back(Printf(T.cost_price_stale_left_out, out.stats.stale_left_out, kStaleAfterMonths));
  }
  if (!explain) return out;
  const PriceRecord& p = *out.record;
  // Chinese: the quote's own currency as a sign before the amount ("¥1.58", "$2.49"; format_zh.hpp),
  // so its currency word is empty; English: "1.58 CNY".
  const bool zh = language == Language::kChinese;
  out.notes.push_back(Printf(T.cost_price_quote, pricing.ProviderName(p.provider, zh).c_str(), MarketWord(p.market, T),
                             (zh ? ZhMoney(p.Amount(), p.currency) : NoteNumber(p.Amount())).c_str(), zh ? "" : p.currency.c_str(),
                             PriceUnit(service, T), p.as_of.c_str(),
                             p.estimate ? T.cost_estimate_tag : "", out.record_is_stale ? T.cost_stale_tag : ""));
  return out;
}

PriceChoice ChooseMarketPrice(const PricingCatalog& pricing, const std::string& gpu_id, ServiceKind service,
                              const std::string& market, PriceStatistic statistic, Language language) {
  const EngineText& T = EngineTextFor(language);
  PriceChoice out;
  out.scope = QuoteScope::kMarket;
  out.market = market;
  std::vector<const PriceRecord*> pool;
  for (const PriceRecord* p : pricing.PricesFor(gpu_id, service))
    if (p->market == market) pool.push_back(p);
  if (pool.empty() || statistic == PriceStatistic::kQuote) statistic = PriceStatistic::kMedian;
  if (!pool.empty())
    PriceFromPool(pricing, pool, statistic, service, Printf(T.cost_price_scope_market, MarketWord(market, T)), T, language, out);
  return out;
}

namespace {

// A quote's own amount with its currency's sign: "¥3.28", "$1.39" (Chinese: 万 from 10⁴).
std::string QuoteMoney(double amount, const std::string& currency, Language language) {
  if (language == Language::kChinese) return ZhMoney(amount, currency);
  const char* sign = currency == "CNY" ? "¥" : currency == "USD" ? "$" : "";
  const std::string n = Grouped(amount, std::fabs(amount) < 100 ? 2 : 0, language);
  return *sign ? sign + n : n + "\u00A0" + currency;
}

std::string CountPhrase(int n, const char* one, const char* many) { return n == 1 ? std::string(one) : Printf(many, n); }

// "2026-09", or "2024-05–2026-09" when the quotes span several dates.
std::string DateSpan(const MarketStats& s) {
  if (s.oldest_as_of.empty() || s.oldest_as_of == s.newest_as_of) return s.newest_as_of;
  return s.oldest_as_of + "–" + s.newest_as_of;
}

}  // namespace

std::string PriceSummary(const PricingCatalog& pricing, const PriceChoice& c, Language language) {
  if (!c.record || !c.amount_cny) return "";
  const EngineText& T = EngineTextFor(language);
  const bool zh = language == Language::kChinese;
  const PriceRecord& q = *c.record;
  const std::string provider = pricing.ProviderName(q.provider, zh);
  // Every amount with what it buys: a card-hour (containers), a card-month (servers, bare
  // metal) or a card (purchase); the quotes of a market are all of the record's service.
  const char* per = q.price_per_gpu_hour ? T.price_per_card_hour : q.price_per_gpu_month ? T.price_per_card_month : T.price_per_card;
  const std::string quote = QuoteMoney(q.Amount(), q.currency, language) + per;
  const char* estimate = q.estimate ? T.cost_estimate_tag : "";
  // A card's share of a whole server's price: the figure used is the card alone (the server's
  // part taken out, NormalizedAmount), so say so beside the quote as written.
  const ServiceForm* form = pricing.Form(ServiceKind::kPurchase);
  const std::string server = q.service == ServiceKind::kPurchase && q.includes_server && form
                                 ? Printf(T.price_sum_server_part, Shortest(std::round(form->server_overhead_fraction * 100)).c_str())
                                 : std::string();
  if (c.statistic == PriceStatistic::kQuote)
    return Printf(T.price_sum_chosen, provider.c_str(), quote.c_str(), q.as_of.c_str(), estimate,
                  c.record_is_stale ? T.price_stale_mark : "") + server;
  const MarketStats& s = c.stats;
  const std::string lo = QuoteMoney(s.min_cny, "CNY", language), hi = QuoteMoney(s.max_cny, "CNY", language) + per;
  const std::string sellers = CountPhrase(s.sellers, T.price_n_sellers_one, T.price_n_sellers_many);
  if (s.stale_only) {
    if (s.quotes == 1)
      return Printf(T.price_sum_stale_one, q.as_of.c_str(), provider.c_str(), quote.c_str(), estimate, T.price_stale_mark) + server;
    return Printf(T.price_sum_stale, DateSpan(s).c_str(), StatisticWord(c.statistic, T),
                  CountPhrase(s.quotes, T.price_n_quotes_one, T.price_n_quotes_many).c_str(), sellers.c_str(), lo.c_str(),
                  hi.c_str(), T.price_stale_mark);
  }
  if (s.quotes == 1) return Printf(T.price_sum_one, provider.c_str(), quote.c_str(), q.as_of.c_str(), estimate) + server;
  return Printf(T.price_sum_stat, StatisticWord(c.statistic, T),
                CountPhrase(s.quotes, T.price_n_current_one, T.price_n_current_many).c_str(), sellers.c_str(), lo.c_str(),
                hi.c_str(), DateSpan(s).c_str()) +
         (c.scope == QuoteScope::kRegion && s.region_quotes > 0 ? Printf(T.price_sum_region_part, s.region_quotes) : "");
}

}  // namespace atlas
