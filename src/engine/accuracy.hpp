// The engine against public measurements (data/validation_cases.json): each case is a measured
// run with its exact published conditions written as an estimate request, the figure it
// measured and how (torch.cuda.max_memory_allocated, GPU-hours, tokens/s, TTFT, ...). Evaluate
// runs the engine on every case and reports our figure, the error and whether it is within the
// tolerance for its kind: training memory ±15 %, inference memory ±10 %, time and throughput ±35 %.
#pragma once

#include "catalogs.hpp"
#include "validation_cases.hpp"

#include <string>
#include <vector>

namespace atlas {

struct CaseResult {
  const ValidationCase* c = nullptr;
  bool ok = false;          // false: the request did not parse or the estimate failed (see error)
  std::string error;
  double estimate = 0;      // our figure in the metric's unit
  double error_fraction = 0;  // (estimate - measured) / measured
  double tolerance = 0;
  bool within = false;
};

struct AccuracyReport {
  std::vector<CaseResult> results;
  int within = 0, evaluated = 0, held = 0;  // held: evaluated and not excluded (these count)
  double median_abs_error = 0, worst_abs_error = 0;  // over held cases
  std::string worst_id;
};

double ToleranceFor(const std::string& kind);
CaseResult EvaluateCase(const ValidationCase& c, const Catalogs& catalogs);
AccuracyReport EvaluateCases(const ValidationCatalog& cases, const Catalogs& catalogs);

}  // namespace atlas
