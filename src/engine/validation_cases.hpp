// Public measurements the engine is checked against (data/validation_cases.json): each case is a
// measured run with its exact published conditions written as an estimate request, the figure
// it measured and how, its source address and the quoted fragment. accuracy.hpp evaluates them.
#pragma once

#include "json_reader.hpp"

#include <string>
#include <utility>
#include <vector>

namespace atlas {

struct ValidationCase {
  std::string id;
  std::string kind;    // train_memory | inference_memory | train_time | train_throughput | inference_throughput | inference_latency
  std::string metric;  // allocated_bytes | device_bytes | gpu_hours | train_tokens_per_second[_per_gpu] | decode_tokens_per_second | output_tokens_per_second | ttft_ms | tpot_ms | e2e_latency_ms
  Json request;
  double measured = 0;  // in the metric's unit: bytes, hours, tokens/s or seconds
  double measured_value = 0;  // as published, in measured_unit (21.3)
  std::string measured_unit;  // as published ("GB", "ms", "tokens/s", ...)
  std::string measured_text;  // as published, e.g. "21.3 GB (decimal)"
  std::string what;
  // The run's conditions exactly as the source publishes them (framework, versions, precision,
  // batch, sequence length, ...), by field name, each value as text.
  std::vector<std::pair<std::string, std::string>> conditions;
  int output_tokens = 0;
  bool batch_at_max_fit = false;
  std::string source_url, quote, as_of, confidence;
  std::string excluded;  // why the case is shown but not held to its tolerance (conditions incomplete or not modelled)
  std::string excluded_zh;  // the same in 简体中文 (required when excluded is given)
};

struct ValidationCatalog {
  std::vector<ValidationCase> cases;
};

struct ValidationCatalogLoad {
  ValidationCatalog catalog;
  std::vector<std::string> errors;
  bool ok() const { return errors.empty(); }
};
ValidationCatalogLoad LoadValidationCases(const std::string& text, const std::string& file_name);

}  // namespace atlas
