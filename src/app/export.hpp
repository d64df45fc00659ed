// Exports of the current results: Markdown table, CSV and JSON (pure text builders).
#pragma once

#include "app/app_state.hpp"
#include "app/calculator_model.hpp"
#include "engine/catalogs.hpp"

#include <string>

namespace atlas {

enum class ExportFormat { kMarkdown, kCsv, kJson };

// The Calculator's result (memory breakdown, compute, fits-on) plus the share link, in the
// language the result was derived in (derived.language): Markdown and CSV words follow it; CSV
// column names and JSON keys are identifiers and do not.
std::string ExportCalculator(const CalculatorDerived& derived, const Catalogs& catalogs, const std::string& link,
                             ExportFormat format);
// The tier map's filtered catalog, card names and Markdown headings in `language`.
std::string ExportTierMap(const AppState& state, const Catalogs& catalogs, ExportFormat format,
                          Language language = Language::kEnglish);

const char* ExportExtension(ExportFormat f);
const char* ExportMime(ExportFormat f);

}  // namespace atlas
