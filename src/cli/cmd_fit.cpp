// `gpu-atlas fit --json`: an estimate request (+ optional "constraints") on stdin -> the
// changes that make it fit without changing the question, the fitted request and its estimate.
#include "cli_common.hpp"
#include "commands.hpp"
#include "engine/fit_request.hpp"
#include "engine/format.hpp"

#include <iostream>

namespace atlas::cli {

int RunFit(const std::vector<std::string>& args) {
  std::string error;
  auto options = ParseCommon(args, error);
  if (!options || !options->positional.empty()) {
    std::cerr << "gpu-atlas fit: " << (options ? "unexpected argument " + options->positional[0] : error)
              << "\nusage: gpu-atlas fit --json [--data DIR] < request.json\n";
    return kExitUsage;
  }
  auto catalogs = LoadCatalogsOrReport(*options);
  if (!catalogs) return kExitData;
  FitRequestParse parse = ParseFitRequestText(ReadAllStdin(), *catalogs);
  if (!parse.ok()) {
    for (const std::string& e : parse.errors) std::cerr << "gpu-atlas fit: " << PlainSpaces(e) << "\n";
    return kExitUsage;
  }
  FitResult result = Fit(parse.request.workload, parse.constraints, *catalogs);
  if (!result.ok) {
    for (const std::string& e : result.errors) std::cerr << "gpu-atlas fit: " << PlainSpaces(e) << "\n";
    return kExitUsage;
  }
  Json out = FitResultToJson(result, parse.request.model_preset);
  for (const std::string& n : parse.request.notes) out["result"]["notes"].push_back(n);
  std::cout << PlainSpaces(out.dump(2)) << "\n";
  return kExitOk;
}

}  // namespace atlas::cli
