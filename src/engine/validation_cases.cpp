#include "validation_cases.hpp"

#include "format.hpp"
#include "units.hpp"

namespace atlas {

namespace {

// The measured value in the metric's unit (bytes, hours, tokens/s, seconds), or < 0.
double ToMetricUnit(double value, const std::string& unit, const std::string& basis) {
  if (unit == "GB") return value * (basis.find("1e9") != std::string::npos || basis.find("decimal") == 0 ? kBytesPerGB : kBytesPerGiB);
  if (unit == "GiB") return value * kBytesPerGiB;
  if (unit == "MiB") return value * kBytesPerMiB;
  if (unit == "ms") return value / 1000;
  if (unit == "s") return value;
  if (unit.find("GPU hours") != std::string::npos) return value;
  if (unit == "tokens/s" || unit == "tokens/s/GPU") return value;
  return -1;
}

}  // namespace

ValidationCatalogLoad LoadValidationCases(const std::string& text, const std::string& file_name) {
  ValidationCatalogLoad out;
  auto root = ParseJson(text, file_name, out.errors);
  if (!root) return out;
  ForEachRecord(*root, "cases", file_name, out.errors, [&](FieldReader& r, const Json& j) {
    ValidationCase c;
    c.id = r.String("id");
    c.kind = r.String("kind");
    if (!OneOf(c.kind, {"train_memory", "inference_memory", "train_time", "train_throughput", "inference_throughput",
                        "inference_latency"}))
      r.Fail("kind", "is not a known kind of measurement");
    c.metric = r.String("metric");
    if (!OneOf(c.metric, {"allocated_bytes", "device_bytes", "gpu_hours", "train_tokens_per_second",
                          "train_tokens_per_second_per_gpu", "decode_tokens_per_second", "output_tokens_per_second",
                          "ttft_ms", "tpot_ms", "e2e_latency_ms"}))
      r.Fail("metric", "is not a known metric");
    if (!j.contains("request") || !j["request"].is_object()) r.Fail("request", "must be an estimate request object");
    else c.request = j["request"];
    if (!j.contains("measured") || !j["measured"].is_object()) {
      r.Fail("measured", "must be an object with value and unit");
    } else {
      FieldReader m(j["measured"], r.where() + ": measured", out.errors);
      const double value = m.Number("value", 1e-9, 1e15);
      const std::string unit = m.String("unit");
      const std::string basis = m.StringOr("unit_basis", "");
      c.measured = ToMetricUnit(value, unit, basis);
      if (c.measured <= 0) m.Fail("unit", "is \"" + unit + "\"; expected GB, GiB, MiB, ms, s, GPU hours or tokens/s");
      c.measured_value = value;
      c.measured_unit = unit;
      c.measured_text = Printf("%g %s", value, unit.c_str());
      c.what = m.StringOr("what", "");
    }
    if (j.contains("conditions")) {
      if (!j["conditions"].is_object()) r.Fail("conditions", "must be an object of the published conditions");
      else
        for (const auto& [key, value] : j["conditions"].items())
          c.conditions.emplace_back(key, value.is_string() ? value.get<std::string>() : value.dump());
    }
    c.output_tokens = r.IntegerOr("output_tokens", 0, 0, 10000000);
    if (OneOf(c.metric, {"output_tokens_per_second", "e2e_latency_ms"}) && c.output_tokens == 0)
      r.Fail("output_tokens", "is needed for this metric");
    c.batch_at_max_fit = r.BoolOr("batch_at_max_fit", false);
    if (!j.contains("source") || !j["source"].is_object()) {
      r.Fail("source", "must be an object with the page's url");
    } else {
      FieldReader s(j["source"], r.where() + ": source", out.errors);
      c.source_url = s.String("url");
      if (c.source_url.rfind("https://", 0) != 0 && c.source_url.rfind("http://", 0) != 0) s.Fail("url", "must be a web address");
    }
    c.quote = r.String("quote");
    c.as_of = r.String("as_of");
    c.confidence = r.StringOr("confidence", "");
    c.excluded = r.StringOr("excluded", "");
    // The reason is prose the Accuracy panel shows: in Chinese it needs its 简体中文 twin.
    c.excluded_zh = r.StringOr("excluded_zh", "");
    if (!c.excluded.empty() && c.excluded_zh.empty())
      r.Fail("excluded_zh", "is missing or empty: every text shown to a reader needs its 简体中文 twin");
    if (c.excluded.empty() && !c.excluded_zh.empty()) r.Fail("excluded_zh", "is given without \"excluded\"");
    out.catalog.cases.push_back(std::move(c));
    return out.catalog.cases.back().id;
  });
  return out;
}

}  // namespace atlas
