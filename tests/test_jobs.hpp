// Workloads for tests, written as estimate requests in JSON (the CLI's form).
#pragma once

#include "engine/estimate_request.hpp"
#include "engine/recommend.hpp"
#include "test_support.hpp"

#include <doctest/doctest.h>

#include <string>

namespace atlas::test {

// The workload of an estimate request, against the real catalogs (the request must be valid).
inline Workload Job(const std::string& json) {
  RequestParse p = ParseEstimateRequestText(json, RealCatalogs());
  for (const auto& e : p.errors) INFO(e);
  REQUIRE(p.ok());
  return p.workload;
}

// Recommend for a job written as an estimate request, against the real catalogs (must succeed).
inline RecommendResult RecommendJob(const std::string& json, const Constraints& c = {}) {
  RecommendResult r = Recommend(Job(json), c, RealCatalogs());
  for (const auto& e : r.errors) INFO(e);
  REQUIRE(r.ok);
  return r;
}

}  // namespace atlas::test
