// FLOPs, time and throughput. Sources:
//  - training compute 6·N·D (Kaplan et al. 2020, arXiv:2001.08361 §2.1; Hoffmann et al. 2022),
//    8·N·D with full recomputation (Narayanan et al. 2021 §5.1), attention term 6·L·s·d_attn
//    per token (Kaplan eq. 2.2 x 3 for forward + backward);
//  - time = FLOPs / (GPUs x dense peak x MFU x scaling) (Chowdhery et al. 2022, PaLM, App. B);
//  - decode is memory-bandwidth bound: one step reads the weights and the KV cache once
//    (Pope et al. 2022, arXiv:2211.05102 §2).
#pragma once

#include "assumptions.hpp"
#include "calibration.hpp"
#include "figure.hpp"
#include "gpu_catalog.hpp"
#include "language.hpp"
#include "memory_model.hpp"
#include "workload.hpp"

#include <optional>
#include <string>
#include <vector>

namespace atlas {

struct ComputeResult {
  double peak_flops = 0;           // dense peak used, FLOP/s per GPU
  const char* peak_kind = "";      // e.g. "BF16 dense" (a fixed English label, engine/peak_kind_text.hpp)
  double mfu_used = 0;
  double scaling_efficiency = 1;
  // Training.
  std::optional<double> flops_total;
  std::optional<double> time_seconds;
  std::optional<double> gpu_hours;
  std::optional<double> tokens_per_second;  // training throughput, or aggregate decode
  std::optional<double> compute_seconds;     // training: the FLOPs part of the time
  std::optional<double> communication_seconds;  // training: exposed TP-over-PCIe and MoE all-to-all time
  std::optional<double> offload_seconds;     // training: optimizer offload (PCIe + CPU Adam)
  std::string efficiency_source;             // where mfu_used comes from
  // Inference.
  std::optional<double> ttft_seconds;               // idle server: one prompt's prefill + the server's fixed cost per request
  std::optional<double> prefill_seconds;            // the GPU's part of it: the prefill alone
  std::optional<double> ttft_at_concurrency_seconds;  // batch requests arriving together: average wait
  std::optional<double> decode_step_seconds;  // one decode step of the whole batch
  std::optional<double> tpot_seconds;         // time per output token at the steady concurrency (prefills interleaved)
  std::optional<double> tokens_per_second_per_user;
  std::optional<double> max_concurrent_users;  // at the per-user target, memory permitting
  std::vector<Figure> figures;
  std::vector<std::string> notes;
};

// Dense peak FLOP/s of `gpu` for the workload's compute precision; `kind` receives its fixed
// English label, `notes` (when given) a note when the card lacks that precision and a fallback
// is used.
double PeakFlops(const Gpu& gpu, const Workload& w, const char*& kind, std::vector<std::string>* notes,
                 Language language = Language::kEnglish);
// Throughput per GPU relative to one GPU for `gpus` cards of this kind.
double ScalingEfficiency(const Gpu& gpu, int gpus, const Assumptions& a);
// Training FLOPs for `tokens` tokens (whole job).
double TrainingFlops(const Workload& w, double tokens);

// Notes in `language`; figure labels, formulas, inputs and sources stay English. `capacity_bytes`
// is what the job may use on one card (usable capacity x the server's memory fraction). `explain`
// false builds no words (figures, notes, efficiency source); the numbers are the same.
ComputeResult EstimateCompute(const Workload& w, const Gpu& gpu, const MemoryBreakdown& memory, const Assumptions& a,
                              const Calibration& calibration, double capacity_bytes,
                              Language language = Language::kEnglish, bool explain = true);

}  // namespace atlas
