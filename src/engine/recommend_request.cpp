#include "recommend_request.hpp"

namespace atlas {

const std::vector<std::string>& ConstraintFields() {
  static const std::vector<std::string> fields = {
      "budget", "deadline_hours", "latency_ms", "domestic_only", "owned", "max_gpus", "min_cpu_cores_per_gpu",
      "objective", "allow_quantization", "region", "price_market", "max_results", "price_statistic", "price_quote",
      "prefer_low_risk"};
  return fields;
}

Constraints ParseConstraints(const Json& j, const Catalogs& c, std::vector<std::string>& errors) {
  Constraints out;
  if (!j.is_object()) {
    errors.push_back("constraints: must be an object");
    return out;
  }
  FieldReader r(j, "constraints", errors);
  r.RejectUnknown(ConstraintFields());
  auto positive = [&](const char* key, double max) -> std::optional<double> {
    if (!r.Has(key) || j[key].is_null()) return std::nullopt;
    const size_t before = errors.size();
    std::optional<double> v = r.NullableNumber(key, 0, max, false);
    if (errors.size() != before) return std::nullopt;
    if (v && *v <= 0) {
      r.Fail(key, "must be greater than 0 (leave it out for no limit)");
      return std::nullopt;
    }
    return v;
  };
  out.budget_cny = positive("budget", 1e12);
  out.deadline_hours = positive("deadline_hours", 876000);
  out.latency_ms = positive("latency_ms", 3.6e6);
  out.domestic_only = r.BoolOr("domestic_only", false);
  out.max_gpus = r.IntegerOr("max_gpus", 64, 1, kMaxRecommendGpus);
  out.min_cpu_cores_per_gpu = r.IntegerOr("min_cpu_cores_per_gpu", 12, 0, 256);
  // true / "int8": 8-bit weights may be tried; "int4": 4-bit too (only when asked); false: none.
  if (r.Has("allow_quantization")) {
    const Json& q = j["allow_quantization"];
    if (q.is_boolean()) out.allow_quantization = q.get<bool>();
    else if (q.is_string() && (q == "int8" || q == "int4")) out.allow_quantization = true, out.allow_4bit = q == "int4";
    else r.Fail("allow_quantization", "must be true, false, \"int8\" (8-bit weights) or \"int4\" (4-bit too)");
  }
  out.max_results = r.IntegerOr("max_results", 20, 1, 1000);
  out.prefer_low_risk = r.BoolOr("prefer_low_risk", true);
  if (r.Has("objective")) {
    const std::string s = r.String("objective");
    bool found = false;
    for (RankObjective o : {RankObjective::kCost, RankObjective::kTime, RankObjective::kGpus, RankObjective::kEnergy})
      if (s == ToString(o)) out.objective = o, found = true;
    if (!found && !s.empty()) r.Fail("objective", "is \"" + s + "\"; expected one of: cost, time, gpus, energy");
  }
  if (r.Has("region")) {
    out.region = r.String("region");
    if (!out.region.empty() && !c.regions.Find(out.region)) r.Fail("region", "is \"" + out.region + "\", not in regions.json");
  }
  if (r.Has("price_market")) {
    out.price_market = r.String("price_market");
    if (!out.price_market.empty() && out.price_market != "cn" && out.price_market != "global")
      r.Fail("price_market", "is \"" + out.price_market + "\"; expected cn or global (that market's sellers only)");
  }
  if (r.Has("price_statistic")) {
    const std::string s = r.String("price_statistic");
    auto st = ParsePriceStatistic(s);
    if (st && *st != PriceStatistic::kQuote) out.price_rule.statistic = *st;
    else if (!s.empty()) r.Fail("price_statistic", "is \"" + s + "\"; expected one of: median, min, max (or give price_quote)");
  }
  if (r.Has("price_quote")) {
    out.price_rule.quote_id = r.String("price_quote");
    bool known = false;
    for (const PriceRecord& p : c.pricing.prices) known = known || p.id == out.price_rule.quote_id;
    if (!known && !out.price_rule.quote_id.empty())
      r.Fail("price_quote", "is \"" + out.price_rule.quote_id + "\", not a quote id of pricing.json");
    else if (r.Has("price_statistic"))
      r.Fail("price_quote", "cannot be given together with price_statistic");
    else
      out.price_rule.statistic = PriceStatistic::kQuote;
  }
  if (r.Has("owned")) {
    const Json& list = j["owned"];
    if (!list.is_array()) {
      r.Fail("owned", "must be a list of {\"gpu\": id, \"count\": n}");
    } else {
      for (size_t i = 0; i < list.size(); ++i) {
        FieldReader o(list[i], "constraints.owned[" + std::to_string(i) + "]", errors);
        if (!list[i].is_object()) continue;
        o.RejectUnknown({"gpu", "count"});
        OwnedGpu g;
        g.gpu = o.String("gpu");
        if (!g.gpu.empty() && !c.gpus.Find(g.gpu)) o.Fail("gpu", "is \"" + g.gpu + "\", not a catalog id (see gpu-atlas gpus)");
        g.count = o.IntegerOr("count", 1, 1, 100000);
        out.owned.push_back(g);
      }
    }
  }
  return out;
}

RecommendRequestParse ParseRecommendRequestText(const std::string& text, const Catalogs& c) {
  std::vector<std::string> errors;
  auto j = ParseJson(text, "request", errors);
  if (!j) {
    RecommendRequestParse out;
    out.errors = errors;
    return out;
  }
  return ParseRecommendRequest(*j, c);
}

RecommendRequestParse ParseRecommendRequest(const Json& request, const Catalogs& c) {
  RecommendRequestParse out;
  if (!request.is_object()) {
    out.errors.push_back("request: expected a JSON object");
    return out;
  }
  Json workload = request;
  if (workload.contains("constraints")) {
    out.constraints = ParseConstraints(workload["constraints"], c, out.errors);
    workload.erase("constraints");
  }
  out.estimate = ParseEstimateRequest(workload, c, true);
  out.errors.insert(out.errors.end(), out.estimate.errors.begin(), out.estimate.errors.end());
  return out;
}

namespace {
Json Optional(const std::optional<double>& v) { return v ? Json(*v) : Json(nullptr); }
}  // namespace

Json MarketStatsJson(const MarketStats& s) {
  return Json{{"quotes", s.quotes},           {"sellers", s.sellers},
              {"median_cny", s.median_cny},   {"min_cny", s.min_cny},
              {"max_cny", s.max_cny},         {"newest_as_of", s.newest_as_of},
              {"oldest_as_of", s.oldest_as_of}, {"stale_only", s.stale_only},
              {"stale_left_out", s.stale_left_out}, {"region_quotes", s.region_quotes}};
}

Json RecommendResultToJson(const RecommendResult& r, const Constraints& cons) {
  Json j;
  j["objective"] = ToString(cons.objective);
  Json configs = Json::array();
  for (const Recommendation& x : r.configs) {
    Json e;
    e["rank"] = x.rank;
    e["gpu"] = x.gpu;
    e["gpus"] = x.gpus;
    e["layout"] = x.layout;
    e["owned"] = x.owned;
    e["per_gpu_bytes"] = {{"total", x.per_gpu_bytes}, {"model_states", x.model_states_bytes}};
    e["gpu_memory_bytes"] = x.gpu_memory_bytes;
    e["time_seconds"] = Optional(x.time_seconds);
    e["tokens_per_second"] = Optional(x.tokens_per_second);
    e["tokens_per_second_per_user"] = Optional(x.tokens_per_second_per_user);
    e["ttft_seconds"] = Optional(x.ttft_seconds);
    const bool training = x.workload.IsTraining();
    if (x.cost_cny)
      e["cost"] = {{"amount", *x.cost_cny}, {"currency", "CNY"}, {"per", training ? "job" : "hour"}};
    else
      e["cost"] = nullptr;
    e["cost_per_million_tokens"] = x.cost_per_million_tokens_cny ? Json({{"amount", *x.cost_per_million_tokens_cny}, {"currency", "CNY"}})
                                                                  : Json(nullptr);
    if (x.price)
      e["price"] = {{"id", x.price->price_id},       {"provider", x.price->provider}, {"market", x.price->market},
                    {"amount", x.price->amount},      {"currency", x.price->currency}, {"per", "gpu_hour"},
                    {"cny_per_gpu_hour", x.price->cny_per_gpu_hour}, {"as_of", x.price->as_of},
                    {"estimate", x.price->estimate},  {"stale", x.price->stale}, {"region", x.price->region_id},
                    {"sources", x.price->sources},
                    {"statistic", PriceStatisticId(x.price->statistic)}, {"scope", QuoteScopeId(x.price->scope)},
                    {"market_stats", MarketStatsJson(x.price->stats)}, {"summary", x.price->summary}};
    else
      e["price"] = nullptr;
    e["availability"] = AvailabilityId(x.availability);
    Json risks = Json::array();
    for (const RiskFlag& f : x.risks) risks.push_back({{"id", RiskId(f.kind)}, {"text", f.text}});
    e["risks"] = std::move(risks);
    e["vendor_claim_fields"] = x.vendor_claim_fields;
    e["energy_kwh"] = x.energy_kwh;
    e["pareto"] = x.pareto;
    e["headroom_fraction"] = x.headroom_fraction;
    e["tight"] = x.tight();
    e["one_seller_price"] = x.one_seller_price();
    e["reasons"] = x.reasons;
    e["limits"] = x.limits;
    e["advice"] = x.advice;
    e["request"] = WorkloadToRequest(x.workload, x.workload.model.id == "custom" ? "" : x.workload.model.id);
    configs.push_back(std::move(e));
  }
  j["configs"] = std::move(configs);
  j["fitting_total"] = r.fitting_total;
  j["why_not"] = r.why_not;
  j["warnings"] = r.warnings;
  Json tips = Json::array();
  for (const Tip& t : r.tips) tips.push_back({{"title", t.title}, {"text", t.text}, {"source", t.source}});
  j["tips"] = std::move(tips);
  j["notes"] = r.notes;
  j["single_gpu_bytes"] = r.single_gpu_bytes;
  j["min_single_gpu_bytes"] = r.min_single_gpu_bytes;
  j["search"] = {{"space", r.search_space},
                 {"evaluated", r.evaluated},
                 {"memory_estimates", r.memory_estimates},
                 {"compute_estimates", r.compute_estimates}};
  return j;
}

}  // namespace atlas
