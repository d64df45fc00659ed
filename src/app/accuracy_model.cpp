#include "accuracy_model.hpp"

#include "engine/format.hpp"

#include <algorithm>
#include <cmath>

namespace atlas {

AccuracyGroup AccuracyGroupOf(const std::string& kind) {
  if (kind == "train_memory") return AccuracyGroup::kTrainMemory;
  if (kind == "inference_memory") return AccuracyGroup::kInferenceMemory;
  return AccuracyGroup::kTimeThroughput;
}

namespace {

// 3 significant digits, as the sources print them ("21.3", "1.23e+03" never: 1230).
std::string Figure3(double value) {
  if (!std::isfinite(value)) return "-";
  const double a = std::fabs(value);
  const int decimals = a >= 100 ? 0 : a >= 10 ? 1 : a >= 1 ? 2 : 3;
  return Grouped(value, decimals);
}

AccuracyRow RowOf(const CaseResult& r) {
  const ValidationCase& c = *r.c;
  AccuracyRow row;
  row.c = &c;
  row.group = AccuracyGroupOf(c.kind);
  row.ok = r.ok;
  row.problem = r.error;
  row.held = r.ok && c.excluded.empty();
  row.within = r.within;
  row.error_fraction = r.error_fraction;
  row.tolerance = r.tolerance;
  row.published_text = Figure3(c.measured_value) + " " + c.measured_unit;
  // Ours in the unit the source used: measured (metric unit) / measured_value (published) is
  // the published unit's size in the metric's unit.
  if (r.ok && c.measured > 0 && c.measured_value > 0)
    row.estimate_text = Figure3(r.estimate * c.measured_value / c.measured) + " " + c.measured_unit;
  return row;
}

}  // namespace

AccuracySummary Summarize(const std::vector<AccuracyRow>& rows, int group) {
  AccuracySummary s;
  std::vector<double> errors;
  for (const AccuracyRow& row : rows) {
    if (group >= 0 && static_cast<int>(row.group) != group) continue;
    s.total++;
    s.tolerance = row.tolerance;
    if (!row.c->excluded.empty()) s.excluded++;
    if (!row.held) continue;
    s.held++;
    s.within += row.within;
    const double e = std::fabs(row.error_fraction);
    errors.push_back(e);
    if (e > s.worst_abs_error) s.worst_abs_error = e, s.worst_id = row.c->id;
  }
  if (!errors.empty()) {
    // The median as engine/accuracy.cpp takes it (mean of the middle two for an even count).
    std::sort(errors.begin(), errors.end());
    const size_t n = errors.size();
    s.median_abs_error = n % 2 ? errors[n / 2] : (errors[n / 2 - 1] + errors[n / 2]) / 2;
  }
  return s;
}

void UpdateAccuracyDerived(const Catalogs& catalogs, int data_version, AccuracyDerived& d) {
  if (d.data_version == data_version) return;
  d.data_version = data_version;
  d.computations++;
  const AccuracyReport report = EvaluateCases(catalogs.validation, catalogs);
  d.rows.clear();
  for (const CaseResult& r : report.results) d.rows.push_back(RowOf(r));
  d.overall = Summarize(d.rows, -1);
  for (int g = 0; g < kAccuracyGroupCount; ++g) {
    d.groups[g] = Summarize(d.rows, g);
    d.groups[g].tolerance = ToleranceFor(g == 0 ? "train_memory" : g == 1 ? "inference_memory" : "train_time");
  }
}

}  // namespace atlas
