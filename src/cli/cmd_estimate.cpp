// `gpu-atlas estimate --json`: one estimate request (JSON on stdin) -> one result (JSON).
#include "cli_common.hpp"
#include "commands.hpp"
#include "engine/message_text.hpp"
#include "engine/estimate_request.hpp"
#include "engine/format.hpp"

#include <iostream>

namespace atlas::cli {

int RunEstimate(const std::vector<std::string>& args) {
  std::string error;
  auto options = ParseCommon(args, error);
  if (!options || !options->positional.empty()) {
    std::cerr << "gpu-atlas estimate: " << (options ? "unexpected argument " + options->positional[0] : error)
              << "\nusage: gpu-atlas estimate --json [--data DIR] < request.json\n";
    return kExitUsage;
  }
  auto catalogs = LoadCatalogsOrReport(*options);
  if (!catalogs) return kExitData;
  RequestParse request = ParseEstimateRequestText(ReadAllStdin(), *catalogs);
  if (!request.ok()) {
    for (const std::string& e : request.errors) std::cerr << "gpu-atlas estimate: " << PlainSpaces(BoundMessage(e)) << "\n";
    return kExitUsage;
  }
  EstimateResult result = Estimate(request.workload, *catalogs);
  if (!result.ok) {
    for (const std::string& e : result.errors) std::cerr << "gpu-atlas estimate: " << PlainSpaces(BoundMessage(e)) << "\n";
    return kExitUsage;
  }
  for (const std::string& w : result.warnings) std::cerr << "gpu-atlas estimate: warning: " << PlainSpaces(BoundMessage(w)) << "\n";
  Json out = EstimateResultToJson(result, request.workload);
  for (const std::string& n : request.notes) out["notes"].push_back(n);
  out["request"] = WorkloadToRequest(request.workload, request.model_preset);
  std::cout << PlainSpaces(out.dump(2)) << "\n";
  return kExitOk;
}

}  // namespace atlas::cli
