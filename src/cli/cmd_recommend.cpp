// `gpu-atlas recommend --json`: an estimate request plus `constraints` (JSON on stdin) ->
// ranked hardware configurations with reasons, limits, "why not" lines and tips (JSON).
// Bad requests are usage errors (exit 2) whose messages name the field.
#include "cli_common.hpp"
#include "commands.hpp"
#include "engine/message_text.hpp"
#include "engine/recommend_request.hpp"
#include "engine/format.hpp"

#include <iostream>

namespace atlas::cli {

int RunRecommend(const std::vector<std::string>& args) {
  std::string error;
  auto options = ParseCommon(args, error);
  if (!options || !options->positional.empty() || !options->json) {
    std::cerr << "gpu-atlas recommend: "
              << (!options ? error : !options->positional.empty() ? "unexpected argument " + options->positional[0] : "--json is required")
              << "\nusage: gpu-atlas recommend --json [--data DIR] < request.json\n"
                 "request: an estimate request plus \"constraints\": {\"budget\", \"deadline_hours\", \"latency_ms\",\n"
                 "         \"domestic_only\", \"owned\": [{\"gpu\", \"count\"}], \"max_gpus\", \"objective\", ...}\n";
    return kExitUsage;
  }
  auto catalogs = LoadCatalogsOrReport(*options);
  if (!catalogs) return kExitData;
  RecommendRequestParse request = ParseRecommendRequestText(ReadAllStdin(), *catalogs);
  if (!request.ok()) {
    for (const std::string& e : request.errors) std::cerr << "gpu-atlas recommend: " << PlainSpaces(BoundMessage(e)) << "\n";
    return kExitUsage;
  }
  RecommendResult result = Recommend(request.estimate.workload, request.constraints, *catalogs);
  if (!result.ok) {
    for (const std::string& e : result.errors) std::cerr << "gpu-atlas recommend: " << PlainSpaces(BoundMessage(e)) << "\n";
    return kExitUsage;
  }
  Json out = RecommendResultToJson(result, request.constraints);
  for (const std::string& n : request.estimate.notes) out["notes"].push_back(n);
  std::cout << PlainSpaces(out.dump(2)) << "\n";
  return kExitOk;
}

}  // namespace atlas::cli
