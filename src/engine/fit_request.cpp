#include "fit_request.hpp"

namespace atlas {

FitRequestParse ParseFitRequestText(const std::string& text, const Catalogs& catalogs) {
  FitRequestParse out;
  auto j = ParseJson(text, "request", out.errors);
  if (!j) return out;
  if (!j->is_object()) {
    out.errors.push_back("request: expected a JSON object");
    return out;
  }
  Json request = *j;
  if (request.contains("constraints")) {
    const Json cons = request["constraints"];
    request.erase("constraints");
    if (!cons.is_object()) {
      out.errors.push_back("constraints: expected an object with max_gpus, allow_quantization, allow_offload, max_host_memory_gb");
    } else {
      FieldReader r(cons, "constraints", out.errors);
      r.RejectUnknown({"max_gpus", "allow_quantization", "allow_offload", "max_host_memory_gb"});
      if (r.Has("max_gpus")) out.constraints.max_gpus = r.Integer("max_gpus", 1, kMaxFitGpus);
      if (r.Has("allow_quantization")) {
        const Json& q = cons["allow_quantization"];
        if (q.is_boolean()) {
          out.constraints.allow_quantization = q.get<bool>() ? QuantizationAllowed::kAny : QuantizationAllowed::kNone;
        } else if (q.is_string() && (q == "int8" || q == "int4")) {
          out.constraints.allow_quantization = q == "int8" ? QuantizationAllowed::kUpTo8Bit : QuantizationAllowed::kAny;
        } else {
          r.Fail("allow_quantization", "must be true, false, \"int8\" (8-bit at most) or \"int4\"");
        }
      }
      out.constraints.allow_offload = r.BoolOr("allow_offload", true);
      if (r.Has("max_host_memory_gb")) out.constraints.max_host_memory_gb = r.Number("max_host_memory_gb", 0, 1e6);
    }
  }
  out.request = ParseEstimateRequest(request, catalogs, true);
  for (const std::string& e : out.request.errors) out.errors.push_back(e);
  if (out.request.ok())
    for (const std::string& e : ValidateFitConstraints(out.constraints, out.request.workload)) out.errors.push_back(e);
  return out;
}

Json FitResultToJson(const FitResult& r, const std::string& model_preset) {
  Json j;
  j["fits"] = r.fits;
  j["changes"] = Json::array();
  for (const FitChange& c : r.changes) j["changes"].push_back({{"field", c.field}, {"from", c.from}, {"to", c.to}, {"why", c.why}});
  j["request"] = WorkloadToRequest(r.workload, model_preset);
  j["result"] = EstimateResultToJson(r.estimate, r.workload);
  j["blockers"] = r.blockers;
  return j;
}

}  // namespace atlas
