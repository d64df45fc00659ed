// "Make it fit": for a job that does not fit its cards, the settings to change — never the
// question itself — and the fitted job. Pure: no I/O, no globals, never throws.
//
// The question stays as asked: model, task, gpu, seq_len, batch, context, prompt_tokens,
// train_tokens, target_tokens_per_second, and for training the global batch
// (micro_batch x grad_accum x dp sequences per optimizer step).
//
// Knobs, cheapest to dearest in quality and speed (each one a stage):
//   training: activation checkpointing (selective, full); a smaller micro-batch with more
//             gradient accumulation; ZeRO stage (1-3; FSDP); an 8-bit optimizer; the parallel
//             layout (TP, PP, DP, EP) on up to max_gpus cards of the same kind; a smaller
//             QLoRA base format (when quantisation is allowed); optimizer offload to CPU
//             (when allowed, within max_host_memory_gb).
//   serving:  the parallel layout (TP, PP) on up to max_gpus cards; FP8 KV cache; smaller
//             weight formats (FP8, INT8, INT4, when allowed).
// The search takes the first stage in which some combination fits, then, among every fitting
// combination of that stage's knobs (not a greedy path): fewest quality knobs (8-bit
// optimizer, FP8 KV, quantised weights — the mildest first), fewest cards, the fastest by the
// estimate (training time; serving time per token per user), then the fewest changes.
#pragma once

#include "catalogs.hpp"
#include "estimate.hpp"
#include "json_reader.hpp"
#include "language.hpp"
#include "workload.hpp"

#include <optional>
#include <string>
#include <vector>

namespace atlas {

// Which weight formats "quantisation" may use.
enum class QuantizationAllowed { kNone = 0, kUpTo8Bit, kAny };

struct FitConstraints {
  std::optional<int> max_gpus;             // default: the request's gpus; never below them
  QuantizationAllowed allow_quantization = QuantizationAllowed::kAny;
  bool allow_offload = true;
  std::optional<double> max_host_memory_gb;  // per node, for optimizer offload (GB = 1e9 bytes)
  Language language = Language::kEnglish;  // of `why` and `blockers`
  bool operator==(const FitConstraints&) const = default;
};

inline constexpr int kMaxFitGpus = 4096;

struct FitChange {
  std::string field;  // request field name ("checkpointing", "zero_stage", ...)
  Json from, to;      // request values (numbers, strings, booleans)
  std::string why;    // with numbers, in the constraints' language
};

struct FitResult {
  bool ok = false;                      // false: see errors (invalid workload or constraints)
  std::vector<std::string> errors;
  bool fits = false;
  std::vector<FitChange> changes;       // in knob order; empty when it fits as asked
  Workload workload;                    // the fitted job (the request as asked when nothing fits)
  EstimateResult estimate;              // of `workload`
  std::vector<std::string> blockers;    // why nothing fits, with numbers (fits == false)
  int memory_estimates = 0;             // search statistics
  int compute_estimates = 0;
};

// Range checks; messages name the field ("constraints.max_gpus: ...").
std::vector<std::string> ValidateFitConstraints(const FitConstraints& c, const Workload& w);

FitResult Fit(const Workload& workload, const FitConstraints& constraints, const Catalogs& catalogs);

// The values of a change as text for people ("full", "8", "true").
std::string FitValueText(const Json& value);

}  // namespace atlas
