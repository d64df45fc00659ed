// What the Accuracy view shows, derived from the measured cases (data/validation_cases.json):
// each case with its published conditions and source, our estimate and the published figure in
// the unit the source uses, the error; the median and worst error overall (the figures of
// `gpu-atlas validate`) and per kind of figure with its tolerance. Evaluated once per data load
// (the engine runs every case), never per frame.
#pragma once

#include "app/deferred_code.hpp"
#include "engine/accuracy.hpp"
#include "engine/catalogs.hpp"

#include <array>
#include <string>
#include <vector>

namespace atlas {

// The three tolerances the cases are held to (engine/accuracy.hpp, ToleranceFor).
enum class AccuracyGroup { kTrainMemory = 0, kInferenceMemory, kTimeThroughput };
inline constexpr int kAccuracyGroupCount = 3;
AccuracyGroup AccuracyGroupOf(const std::string& kind);

struct AccuracyRow {
  const ValidationCase* c = nullptr;
  AccuracyGroup group = AccuracyGroup::kTrainMemory;
  bool ok = false;             // the engine gave a figure (else `problem`)
  std::string problem;
  bool held = false;           // ok and not excluded: counts in the median and worst
  bool within = false;
  double error_fraction = 0;   // (ours - published) / published
  double tolerance = 0;
  std::string published_text;  // "21.3 GB", as published
  std::string estimate_text;   // ours in the published unit, "23.4 GB"
};

struct AccuracySummary {
  int total = 0;     // cases of this kind
  int held = 0;      // evaluated and not excluded
  int within = 0;    // held and within tolerance
  int excluded = 0;  // shown with the reason, not counted
  double tolerance = 0;
  double median_abs_error = 0, worst_abs_error = 0;
  std::string worst_id;
};

struct AccuracyDerived {
  int data_version = -1;  // the data load the rows were computed from
  int computations = 0;   // how many times the cases were evaluated (tests: once per load)
  std::vector<AccuracyRow> rows;  // in the file's order
  AccuracySummary overall;        // equals `gpu-atlas validate --json`'s median/worst/held/within
  std::array<AccuracySummary, kAccuracyGroupCount> groups;
  bool Empty() const { return rows.empty(); }
};

// Summaries of a report (pure, tested against the report's own median and worst).
AccuracySummary Summarize(const std::vector<AccuracyRow>& rows, int group /* -1 = all */);

// Evaluates the cases when `data_version` differs from the one `derived` was computed from.
ATLAS_DEFERRED void UpdateAccuracyDerived(const Catalogs& catalogs, int data_version, AccuracyDerived& derived);

}  // namespace atlas
