// What the Calculator shows, derived from the state: the estimate, the minimum count of each
// catalog card that fits, and input problems. Recomputed only when the inputs change.
#pragma once

#include "app/deferred_code.hpp"
#include "app/app_state.hpp"
#include "engine/estimate.hpp"
#include "engine/recommend_risk.hpp"
#include "engine/fit.hpp"

#include <string>
#include <vector>

namespace atlas {

struct FitsOnEntry {
  int gpu_index = 0;     // into catalogs.gpus.gpus
  int min_gpus = 0;      // 0 = not within kMaxFitsOnGpus
  double per_gpu_bytes = 0;
  // Why the card is left out whatever the count: its software stack lacks what the job needs
  // (training on a stack that does not train; data/software.json). Empty when it is not.
  std::string unsupported;
  // The card is one chip with no link to another (Gpu::Standalone) and the job does not fit on
  // one: more of them would not help.
  bool standalone = false;
  // What the layout at min_gpus risks (consumer cards across machines, tensor parallelism over
  // PCIe, serving across nodes: engine LayoutRisks), worded; empty for a plain layout.
  std::vector<RiskFlag> risks;
  // It runs, but a feature it needs is only partly supported or nobody says (software.json
  // "partial" / "unknown"): the warnings that say which (engine EstimateWarnings).
  std::vector<std::string> software_cautions;
  // At that count it fits in memory but cannot run as set (engine RunsAsEstimated false: a
  // feature its software lacks, a split over chips with no link): the warnings that say why.
  std::vector<std::string> cannot_run;
};
inline constexpr int kMaxFitsOnGpus = 1024;

struct CalculatorDerived {
  CalculatorState inputs;  // what the results below were computed from
  Language language = Language::kEnglish;  // of errors and notes (part of the cache key)
  bool valid = false;      // inputs passed validation
  std::vector<std::string> errors;
  EstimateResult estimate;
  std::vector<RiskFlag> layout_risks;  // of the job's own layout (engine LayoutRisks)
  std::vector<FitsOnEntry> fits_on;
  // "Make it fit" for a job that does not fit (empty when it does): the changes that keep the
  // question, or the blockers. On the request's own card count (fit's default max_gpus).
  FitResult fit;
  int computations = 0;    // how many times it recomputed (tests check it is not per frame)
};

// Makes the workload's model match its preset (after a link or first start) and keeps the
// layout consistent (training: gpus = tp x pp x dp). Returns false when nothing changed.
bool NormalizeCalculator(CalculatorState& state, const Catalogs& catalogs);

// Recomputes `derived` when state.calculator differs from what it was computed from.
// `language`: the one errors and notes are shown in (switching it recomputes).
ATLAS_DEFERRED void UpdateCalculatorDerived(const AppState& state, const Catalogs& catalogs, CalculatorDerived& derived,
                             Language language);

// Picks a preset, or a custom model from a typed size / a config.json. Returns a message for
// the UI (empty on success).
std::string SelectPreset(CalculatorState& state, const Catalogs& catalogs, const std::string& id);
// The task combo's answer: the task, a precision it can use, its default training tokens, and a
// preset's released weight format when the job becomes inference (as SelectPreset gives it).
void SelectTask(CalculatorState& state, const Catalogs& catalogs, Task task);
std::string SelectCustomSize(CalculatorState& state, const std::string& text);
std::string ImportHfConfig(CalculatorState& state, const std::string& json_text, std::vector<std::string>& notes);
// After an architecture field was edited: the model becomes custom and its counts follow.
void ArchitectureEdited(CalculatorState& state);
// Applies "Make it fit": the fitted workload (only when `fit` found one for these inputs).
// Returns false when nothing changed.
bool ApplyFit(CalculatorState& state, const FitResult& fit);
// Applies a "fits on" choice: that card, that count, the layout MinGpusToFit found.
void ApplyFitsOn(CalculatorState& state, const Catalogs& catalogs, int gpu_index);

}  // namespace atlas
