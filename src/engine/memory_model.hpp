// Memory per GPU for training and inference, broken down into weights, gradients, optimizer
// states, activations, KV cache and framework overhead. Sources:
//  - model states: ZeRO (Rajbhandari et al. 2020, arXiv:1910.02054) §3 and Table 1;
//  - activations: Korthikanti et al. 2022 (arXiv:2205.05198) §4, Table 2;
//  - KV cache: 2 x layers x kv_heads x head_dim x bytes per token (GQA: Ainslie et al. 2023;
//    MLA: DeepSeek-V2, arXiv:2405.04434 §2.1);
//  - QLoRA NF4 + double quantisation: Dettmers et al. 2023 (arXiv:2305.14314) §3.
#pragma once

#include "assumptions.hpp"
#include "calibration.hpp"
#include "language.hpp"
#include "figure.hpp"
#include "workload.hpp"

#include <string>
#include <vector>

namespace atlas {

struct MemoryBreakdown {
  double weights_bytes = 0;
  double gradients_bytes = 0;
  double optimizer_bytes = 0;
  double activations_bytes = 0;
  double kv_cache_bytes = 0;
  double buffers_bytes = 0;        // ZeRO-3/FSDP gathered layers, reduce buckets, NF4 dequantisation, runtime
  double overhead_bytes = 0;       // buffers + workspaces + allocator reserve + CUDA context
  double total_bytes = 0;          // == device_total_bytes
  // What the framework allocates (torch.cuda.max_memory_allocated) and what the device shows
  // (nvidia-smi: allocated + the caching allocator's reserve + CUDA context + NCCL buffers).
  double framework_allocated_bytes = 0;
  double device_total_bytes = 0;
  // What must fit in the card's usable capacity: the device total, except for servers that
  // preallocate (vLLM, TensorRT-LLM), where the job needs `required` out of their fraction.
  double required_bytes = 0;
  double preallocated_fraction = 0;  // the server's memory fraction (0 = allocates as needed)
  bool preallocated_of_free = false;  // the fraction is of what is free after loading (TensorRT-LLM), not of the card
  double context_bytes = 0;        // CUDA context + NCCL buffers: on the device, outside the framework's allocator
  double cpu_offload_bytes = 0;    // optimizer states moved to host memory
  double cpu_offload_params_bytes = 0;  // ZeRO-3 weight + gradient shards moved to host memory (offload_params)
  double host_memory_bytes = 0;    // host RAM the job needs beyond the OS (offloaded states + pinned buffers)
  double trainable_params = 0;     // all params for full training; adapters for LoRA/QLoRA
  std::vector<Figure> figures;     // one per component, with formula and inputs
  std::vector<std::string> notes;
};

// Bytes per stored weight for a precision/format (NF4 with double quantisation: 4.127 bits;
// INT4 GPTQ/AWQ with group-128 FP16 scale + zero: 4.25 bits; GGUF: llama.cpp's measured file
// averages, e.g. Q4_K_M 4.84 bits).
double BytesPerWeight(Precision p);
double BytesPerKvElement(KvPrecision p);

struct ActivationInputs {
  double s = 2048;   // sequence length
  double b = 1;      // micro-batch
  double h = 4096;   // hidden
  double a = 32;     // attention heads
  double kv_ratio = 1;  // kv_heads / heads (1 for MHA)
  double ffn = 16384;   // MLP width per token path (x active experts for MoE)
  bool gated_ffn = false;
  double t = 1;      // tensor parallel
  bool sequence_parallel = false;
  Checkpointing recompute = Checkpointing::kNone;
  bool flash_attention = false;
};
// Activation bytes of one transformer layer with 16-bit activations (Korthikanti et al. 2022
// eq. 1-5, generalised to GQA and gated MLPs; reduces exactly to sbh(34 + 5as/h) for GPT-3).
double ActivationBytesPerLayer(const ActivationInputs& in);

// KV cache bytes on one GPU for `batch` sequences of `context` tokens.
double KvCacheBytes(const ModelSpec& m, double context, double batch, KvPrecision precision, int tp, int pp);
// KV cache bytes per token for the whole model on one replica (no parallelism).
double KvCacheBytesPerToken(const ModelSpec& m, KvPrecision precision);

// Trainable adapter parameters of LoRA at `rank` on the chosen target matrices (Hu et al.
// 2021, arXiv:2106.09685: r x (d_in + d_out) per adapted matrix).
double LoraParams(const ModelSpec& m, int rank, LoraTargets targets);

// Notes in `language`; figure labels, formulas, inputs and sources stay English. `explain`
// false builds no words (figures' formulas, inputs and sources, notes) for searches that only
// need the numbers.
MemoryBreakdown EstimateMemory(const Workload& w, const Assumptions& a, const Calibration& calibration,
                               Language language = Language::kEnglish, bool explain = true);

}  // namespace atlas
