// The recommend request in JSON (the CLI's `recommend --json` input): an estimate request plus
// a `constraints` object; and the result as JSON. Parsing never throws; every message names
// the field.
#pragma once

#include "catalogs.hpp"
#include "estimate_request.hpp"
#include "json_reader.hpp"
#include "recommend.hpp"

#include <string>
#include <vector>

namespace atlas {

struct RecommendRequestParse {
  RequestParse estimate;  // the workload part
  Constraints constraints;
  std::vector<std::string> errors;  // workload + constraints
  bool ok() const { return errors.empty(); }
};

// Fields accepted inside `constraints` (documented in the README).
const std::vector<std::string>& ConstraintFields();

// Reads {"constraints": {...}} out of `request`; the rest is an estimate request (strict).
Constraints ParseConstraints(const Json& constraints, const Catalogs& catalogs, std::vector<std::string>& errors);
RecommendRequestParse ParseRecommendRequestText(const std::string& text, const Catalogs& catalogs);
// The same from parsed JSON (the walkthrough builds its request as JSON and reads it here, so
// its answer is recommend's answer to that request).
RecommendRequestParse ParseRecommendRequest(const Json& request, const Catalogs& catalogs);

// Market statistics behind a price ({"quotes", "sellers", "median_cny", ...}); also used by `cost`.
Json MarketStatsJson(const MarketStats& stats);

Json RecommendResultToJson(const RecommendResult& r, const Constraints& constraints);

}  // namespace atlas
