// The fit request and result in JSON (`gpu-atlas fit --json`): an estimate request plus an
// optional "constraints" object; the result {fits, changes, request, result, blockers}.
#pragma once

#include "catalogs.hpp"
#include "estimate_request.hpp"
#include "fit.hpp"
#include "json_reader.hpp"

#include <string>
#include <vector>

namespace atlas {

struct FitRequestParse {
  RequestParse request;         // the estimate request (without "constraints")
  FitConstraints constraints;
  std::vector<std::string> errors;  // of both parts; names the field
  bool ok() const { return errors.empty(); }
};

// Constraint fields: max_gpus (integer), allow_quantization (true, false, "int8" = 8-bit at
// most, "int4" = any), allow_offload (bool), max_host_memory_gb (number, GB).
FitRequestParse ParseFitRequestText(const std::string& text, const Catalogs& catalogs);

// {fits, changes: [{field, from, to, why}], request: fitted request with every default filled,
// result: its estimate (as `estimate --json`), blockers}.
Json FitResultToJson(const FitResult& r, const std::string& model_preset);

}  // namespace atlas
