// The estimate request in JSON — the CLI's `estimate --json` input and the share link's
// calculator section use this one form — and the result as JSON.
#pragma once

#include "catalogs.hpp"
#include "estimate.hpp"
#include "json_reader.hpp"
#include "workload.hpp"

#include <string>
#include <vector>

namespace atlas {

struct RequestParse {
  Workload workload;
  std::string model_preset;           // preset id, or "" for a custom model
  std::vector<std::string> errors;    // unknown fields, wrong types, impossible combinations
  // The kind of each error, in step with `errors` (ParseEstimateRequest fills both), so a caller
  // can word an error in its reader's language without reading the English.
  std::vector<FieldError> error_kinds;
  std::vector<std::string> notes;     // defaults applied, config.json fields not used
  bool ok() const { return errors.empty(); }
};

// Field names accepted at the top level of a request (documented in the README).
const std::vector<std::string>& EstimateRequestFields();

// Reads a request object. `strict` rejects unknown fields (the CLI); the link decoder passes
// false and keeps what it can.
RequestParse ParseEstimateRequest(const Json& request, const Catalogs& catalogs, bool strict = true);
RequestParse ParseEstimateRequestText(const std::string& text, const Catalogs& catalogs);

// The request form of a workload (model as a preset id when unchanged, else an object).
Json WorkloadToRequest(const Workload& w, const std::string& model_preset);

Json EstimateResultToJson(const EstimateResult& r, const Workload& w);

// Default training tokens when none are given: 20 tokens per parameter for pre-training
// (Chinchilla, Hoffmann et al. 2022), 100M tokens for fine-tuning (project assumption).
double DefaultTrainTokens(const Workload& w);

}  // namespace atlas
