// `gpu-atlas validate [--json]`: the engine against every public measurement in
// data/validation_cases.json — our figure, the error and the tolerance per case, with the
// median and worst error. Exit 0 when every case is within its tolerance, 1 otherwise.
#include "cli_common.hpp"
#include "commands.hpp"
#include "engine/accuracy.hpp"
#include "engine/format.hpp"

#include <cmath>
#include <iostream>

namespace atlas::cli {

int RunValidate(const std::vector<std::string>& args) {
  std::string error;
  auto options = ParseCommon(args, error);
  if (!options || !options->positional.empty()) {
    std::cerr << "gpu-atlas validate: " << (options ? "unexpected argument " + options->positional[0] : error)
              << "\nusage: gpu-atlas validate [--json] [--data DIR]\n";
    return kExitUsage;
  }
  auto catalogs = LoadCatalogsOrReport(*options);
  if (!catalogs) return kExitData;
  const AccuracyReport report = EvaluateCases(catalogs->validation, *catalogs);
  int held_cases = 0;
  for (const CaseResult& r : report.results) held_cases += r.c->excluded.empty();
  const bool all_within = report.within == held_cases;
  if (options->json) {
    Json out;
    out["cases"] = Json::array();
    for (const CaseResult& r : report.results) {
      const ValidationCase& c = *r.c;
      out["cases"].push_back({{"id", c.id},
                              {"kind", c.kind},
                              {"metric", c.metric},
                              {"measured", c.measured},
                              {"measured_as_published", c.measured_text},
                              {"estimate", r.ok ? Json(r.estimate) : Json(nullptr)},
                              {"error", r.ok ? Json(r.error_fraction) : Json(nullptr)},
                              {"tolerance", r.tolerance},
                              {"within", r.within},
                              {"excluded", r.c->excluded.empty() ? Json(nullptr) : Json(r.c->excluded)},
                              {"problem", r.error},
                              {"source", c.source_url}});
    }
    out["evaluated"] = report.evaluated;
    out["held"] = report.held;
    out["within"] = report.within;
    out["median_abs_error"] = report.median_abs_error;
    out["worst_abs_error"] = report.worst_abs_error;
    out["worst_case"] = report.worst_id;
    std::cout << PlainSpaces(out.dump(2)) << "\n";
  } else {
    for (const CaseResult& r : report.results) {
      if (r.ok)
        std::cout << Printf("%-52s %-22s %+7.1f%%  (±%.0f%%) %s\n", r.c->id.c_str(), r.c->metric.c_str(), r.error_fraction * 100,
                            r.tolerance * 100, !r.c->excluded.empty() ? "excluded" : r.within ? "ok" : "OUT");
      else
        std::cout << Printf("%-52s %-22s  error: %s\n", r.c->id.c_str(), r.c->metric.c_str(), PlainSpaces(r.error).c_str());
    }
    std::cout << Printf("%d of %d held cases within tolerance (%zu cases, %zu excluded: conditions incomplete or not "
                        "modelled); median |error| %.1f%%, worst %.1f%% (%s)\n",
                        report.within, held_cases, report.results.size(), report.results.size() - held_cases,
                        report.median_abs_error * 100, report.worst_abs_error * 100, report.worst_id.c_str());
  }
  return all_within ? kExitOk : 1;
}

}  // namespace atlas::cli
