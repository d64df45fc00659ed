// The `gpu-atlas cost` request (JSON), read strictly: unknown fields, wrong types and
// out-of-range values are errors naming the field (moved from the CLI so the fuzzer reads
// requests exactly as the CLI does).
#include "cost_request.hpp"

#include "price_market.hpp"

namespace atlas {

namespace {

const std::vector<std::string> kRequestFields = {
    "gpu",      "gpus",          "hours",    "utilization", "duty_cycle",     "region",
    "regions",  "service",       "pue",      "cooling",     "host_overhead",  "currency",
    "usd_cny",  "user_centre",   "max_latency_ms",          "domestic_only",  "price_statistic",
    "price_quote", "purchase_use_years"};

// Reads and type/range-checks the request; references (gpu, regions) are checked against the
// catalogs here so that the message names the field the user wrote.
CostRequest ReadRequest(const Json& j, const Catalogs& catalogs, std::vector<std::string>& errors) {
  CostRequest q;
  FieldReader r(j, "request", errors);
  if (!j.is_object()) return q;
  r.RejectUnknown(kRequestFields);
  q.gpu_id = r.String("gpu");
  if (!q.gpu_id.empty() && !catalogs.gpus.Find(q.gpu_id))
    r.Fail("gpu", "names \"" + q.gpu_id + "\", which is not in gpus.json (see gpu-atlas gpus)");
  q.gpus = r.Integer("gpus", 1, kMaxGpus);
  q.hours = r.Number("hours", 0, kMaxJobHours);
  if (r.Has("hours") && j["hours"].is_number() && j["hours"].get<double>() == 0)
    r.Fail("hours", "must be greater than 0");
  q.utilization = r.NumberOr("utilization", kDefaultUtilization, 0, 1);
  if (r.Has("utilization") && j["utilization"].is_number() && j["utilization"].get<double>() == 0)
    r.Fail("utilization", "must be greater than 0 (fraction of board power while running)");
  q.duty_cycle = r.NumberOr("duty_cycle", 1.0, 0, 1);
  if (r.Has("duty_cycle") && j["duty_cycle"].is_number() && j["duty_cycle"].get<double>() == 0)
    r.Fail("duty_cycle", "must be greater than 0");
  if (r.Has("region") && r.Has("regions")) r.Fail("regions", "cannot be given together with region");
  auto check_region = [&](const char* field, const std::string& id) {
    if (!catalogs.regions.Find(id))
      r.Fail(field, "names \"" + id + "\", which is not in regions.json");
  };
  if (r.Has("region")) {
    std::string id = r.String("region");
    if (!id.empty()) {
      check_region("region", id);
      q.region_ids.push_back(id);
    }
  } else if (r.Has("regions")) {
    q.region_ids = r.StringList("regions", /*require_non_empty=*/true);
    for (size_t i = 0; i < q.region_ids.size(); ++i) {
      check_region("regions", q.region_ids[i]);
      for (size_t k = 0; k < i; ++k)
        if (q.region_ids[k] == q.region_ids[i]) r.Fail("regions", "lists \"" + q.region_ids[i] + "\" twice");
    }
  }
  if (r.Has("service")) {
    std::string s = r.String("service");
    auto kind = ParseServiceId(s);
    if (kind)
      q.services.push_back(*kind);
    else if (!s.empty())
      r.Fail("service", "is \"" + s + "\", must be monthly_server, container, bare_metal or purchase");
  }
  if (r.Has("pue")) q.pue = r.Number("pue", kMinPue, kMaxPue);
  std::string cooling = r.StringOr("cooling", "air");
  if (cooling == "liquid")
    q.cooling = Cooling::kLiquid;
  else if (cooling != "air")
    r.Fail("cooling", "is \"" + cooling + "\", must be air or liquid");
  q.host_overhead = r.NumberOr("host_overhead", kDefaultHostOverhead, 0, kMaxHostOverhead);
  q.currency = r.StringOr("currency", "CNY");
  if (q.currency != "CNY" && q.currency != "USD")
    r.Fail("currency", "is \"" + q.currency + "\", must be CNY or USD");
  if (r.Has("usd_cny")) q.usd_cny = r.Number("usd_cny", kMinUsdCny, kMaxUsdCny);
  q.user_centre = r.StringOr("user_centre", "");
  if (r.Has("max_latency_ms")) q.max_latency_ms = r.Number("max_latency_ms", kMinLatencyMs, kMaxLatencyMs);
  q.domestic_only = r.BoolOr("domestic_only", false);
  // Further-use horizon of bought cards (cost.hpp, "buying for one job"): amortised basis.
  if (r.Has("purchase_use_years")) q.purchase_use_years = r.Number("purchase_use_years", 0, kMaxPurchaseUseYears);
  // Which figure of the market prices each row: median (default), min, max, or one quote by id.
  if (r.Has("price_statistic")) {
    const std::string s = r.String("price_statistic");
    auto st = ParsePriceStatistic(s);
    if (st && *st != PriceStatistic::kQuote) q.price_rule.statistic = *st;
    else if (!s.empty()) r.Fail("price_statistic", "is \"" + s + "\", must be median, min or max (or give price_quote)");
  }
  if (r.Has("price_quote")) {
    q.price_rule.quote_id = r.String("price_quote");
    bool known = false;
    for (const PriceRecord& p : catalogs.pricing.prices) known = known || p.id == q.price_rule.quote_id;
    if (!known && !q.price_rule.quote_id.empty())
      r.Fail("price_quote", "names \"" + q.price_rule.quote_id + "\", which is not a quote id of pricing.json");
    else if (r.Has("price_statistic"))
      r.Fail("price_quote", "cannot be given together with price_statistic");
    else
      q.price_rule.statistic = PriceStatistic::kQuote;
  }
  return q;
}

}  // namespace

CostRequestParse ParseCostRequestText(const std::string& text, const Catalogs& catalogs) {
  CostRequestParse out;
  auto parsed = ParseJson(text, "request (stdin)", out.errors);
  if (parsed) out.request = ReadRequest(*parsed, catalogs, out.errors);
  if (out.errors.empty())
    for (const std::string& e : CheckCostRequest(out.request, catalogs.gpus, catalogs.regions, catalogs.pricing))
      out.errors.push_back("request: " + e);
  return out;
}

}  // namespace atlas
