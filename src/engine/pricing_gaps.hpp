// The record of prices that were searched for and not found (data/pricing_gaps.json; issue 14:
// never invent a quote). Each record says which card, service form and market, where it was
// looked for and when. The UI says "no public price found" for them, with that record.
#pragma once

#include "pricing_catalog.hpp"

#include <string>
#include <vector>

namespace atlas {

struct PricingGapsLoad {
  std::vector<PriceGap> gaps;
  std::vector<std::string> errors;  // each names file, record and field
  bool ok() const { return errors.empty(); }
};

// Parses and validates the gaps file; `file_name` prefixes every message. A record's id in the
// messages is gpu/service/market; the same id twice is an error.
PricingGapsLoad LoadPricingGaps(const std::string& text, const std::string& file_name);

// Every gap names a card of the GPU catalog (skipped when the catalog is empty: it has failed
// to load already).
std::vector<std::string> CheckPricingGapReferences(const std::vector<PriceGap>& gaps, const GpuCatalog& gpus,
                                                   const std::string& gaps_file);

}  // namespace atlas
