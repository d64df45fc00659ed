// The whole estimate for one workload on one GPU type: memory per GPU and whether it fits,
// compute, time and throughput, with every figure explained.
#pragma once

#include "catalogs.hpp"
#include "compute_model.hpp"
#include "language.hpp"
#include "memory_model.hpp"
#include "workload.hpp"

#include <string>
#include <vector>

namespace atlas {

struct EstimateResult {
  bool ok = false;                  // false: see errors (unknown GPU, invalid layout)
  std::vector<std::string> errors;
  const Gpu* gpu = nullptr;
  int gpu_tier = 0;
  MemoryBreakdown memory;
  ComputeResult compute;
  double gpu_memory_bytes = 0;         // capacity as sold ("80 GB")
  double usable_memory_bytes = 0;      // what the driver reports as usable (fits compares with this)
  bool fits = false;
  double headroom_bytes = 0;  // usable capacity (x the server's memory fraction) - required (negative when it does not fit)
  Framework framework = Framework::kPytorchEager;  // the framework the estimate assumed
  std::vector<std::string> notes;  // assumptions and warnings, memory + compute + layout
  // What may stop the plan running as asked (estimate_warnings.hpp): a custom model whose fields
  // contradict its params, a feature the card's software stack lacks. Only when `explain`.
  std::vector<std::string> warnings;
  // False when a warning means the plan cannot run as estimated (RunsAsEstimated): the
  // verdict then says it fits in memory only. Only when `explain` (true otherwise).
  bool runs_as_estimated = true;
};

// Checks the layout and combinations (TP divides heads, QLoRA needs a 4/8-bit base, ...);
// messages in `language` (the model's own checks, ValidateModel, stay English).
std::vector<std::string> ValidateWorkload(const Workload& w, Language language = Language::kEnglish);

// Errors and notes in `language`; figure labels, formulas, inputs and sources stay English.
// `explain` false builds no words at all (figures' formulas, inputs and sources, notes, the
// efficiency source; errors are still given): searches and benchmarks that need only the
// numbers, which are the same either way.
EstimateResult Estimate(const Workload& w, const Catalogs& catalogs, Language language = Language::kEnglish,
                        bool explain = true);
// The same on a card already looked up: `gpu` is the card of `catalogs` that w.gpu names
// (catalogs.gpus.Find(w.gpu)). Searches that estimate many layouts on one card look it up once.
EstimateResult Estimate(const Workload& w, const Gpu& gpu, const Catalogs& catalogs, Language language = Language::kEnglish,
                        bool explain = true);

// What a job may use on one `gpu`: the capacity the driver reports (data/calibration.json), times
// the server's memory fraction when it preallocates (vLLM). Compare MemoryBreakdown::required_bytes.
double JobCapacityBytes(const MemoryBreakdown& memory, const Gpu& gpu, const Calibration& calibration);
// The same for a card whose usable capacity (Calibration::UsableBytes) is already known: a search
// looks it up once per card, not once per configuration.
double JobCapacityBytes(const MemoryBreakdown& memory, double usable_bytes, const Gpu& gpu);

// Smallest number of `gpu` cards on which the workload fits, spreading it with ZeRO-3 data
// parallelism (training) or tensor then pipeline parallelism (inference); 0 when even
// `max_gpus` cards are not enough (a standalone chip, Gpu::Standalone, is tried alone).
// `layout` receives the layout used.
int MinGpusToFit(const Workload& w, const Catalogs& catalogs, const Gpu& gpu, int max_gpus, Workload* layout = nullptr);

}  // namespace atlas
