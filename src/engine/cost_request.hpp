// The `gpu-atlas cost` request: JSON text -> a checked CostRequest (README, "gpu-atlas cost").
#pragma once

#include "catalogs.hpp"
#include "cost.hpp"
#include "json_reader.hpp"

#include <string>
#include <vector>

namespace atlas {

struct CostRequestParse {
  CostRequest request;
  std::vector<std::string> errors;  // each names the field; empty = the request can be computed
  bool ok() const { return errors.empty(); }
};

// Parses (depth-limited), reads every field strictly and runs CheckCostRequest.
CostRequestParse ParseCostRequestText(const std::string& text, const Catalogs& catalogs);

}  // namespace atlas
