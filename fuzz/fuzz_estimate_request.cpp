// `gpu-atlas estimate` requests on arbitrary text: a request that parses is a valid workload
// whose estimate is finite and printable, and its filled-in request form parses back to the
// same workload (the form the share link and the result's "request" use).
#include "engine/estimate_request.hpp"
#include "fuzz_common.hpp"

#include <cstddef>
#include <cstdint>

using namespace atlas;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const Catalogs& c = fuzz::RealCatalogs();
  const std::string text(reinterpret_cast<const char*>(data), size);

  RequestParse p = ParseEstimateRequestText(text, c);
  fuzz::CheckDumps(Json{{"errors", p.errors}, {"notes", p.notes}}, "request messages");
  if (!p.ok()) return 0;
  const Workload& w = p.workload;
  const std::vector<std::string> problems = ValidateWorkload(w);
  FUZZ_CHECK(problems.empty(), text + "\n" + fuzz::Join(problems));

  const EstimateResult r = Estimate(w, c);
  FUZZ_CHECK(r.ok, text + "\n" + fuzz::Join(r.errors));
  fuzz::CheckEstimateFinite(r);
  fuzz::CheckDumps(EstimateResultToJson(r, w), "estimate result");

  const Json request = WorkloadToRequest(w, p.model_preset);
  RequestParse again = ParseEstimateRequest(request, c, true);
  FUZZ_CHECK(again.ok(), request.dump() + "\n" + fuzz::Join(again.errors));
  // The request form names no provenance (family, year, licence, notes, sources): compare the rest.
  Workload back = again.workload;
  back.model.id = w.model.id, back.model.family = w.model.family, back.model.year = w.model.year;
  back.model.license = w.model.license, back.model.notes = w.model.notes, back.model.sources = w.model.sources;
  FUZZ_CHECK(back == w, text + "\nrequest form: " + request.dump());
  return 0;
}
