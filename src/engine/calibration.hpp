// How real software runs a job (data/calibration.json): per framework, what it keeps in memory
// beyond the formulas (CUDA context, allocator reserve, gathered ZeRO-3 layers, dequantisation
// buffers, paged-KV blocks) and how fast it runs (efficiency per task, precision, card class and
// framework, each value with the published run it comes from); and each card's capacity as the
// driver reports it. Loaded with the deferred data; the engine falls back to Defaults() without it.
#pragma once

#include "gpu_catalog.hpp"
#include "workload.hpp"

#include <string>
#include <vector>

namespace atlas {

struct FrameworkProfile {
  Framework id = Framework::kPytorchEager;
  std::string name;
  // Activations: "eager" (every op's saved tensors, PyTorch autograd) or "fused" (Megatron /
  // Transformer Engine kernels: Korthikanti et al. 2022's accounting).
  bool eager_activations = true;
  bool norm_fp32_upcast = true;   // RMSNorm/LayerNorm keep an FP32 copy of their input
  bool repeat_kv = true;          // GQA K/V expanded to all heads before attention
  double loss_bytes_per_logit = 14;  // peak bytes per token x vocab entry at the loss layer
  double cuda_context_gib = 0.5;     // CUDA context + kernels: on the device, not in torch's allocator
  double workspace_gib = 0.1;        // cuBLAS/cuDNN workspaces, allocated
  double nccl_gib = 0.5;             // communicator buffers when gpus > 1
  double allocator_reserve_fraction = 0.05;  // caching-allocator reserve/fragmentation over allocated
  double zero3_live_layers = 2;      // layers of full parameters gathered at once under ZeRO-3/FSDP
  double reduce_bucket_bytes = 0;    // gradient reduce/all-gather buckets (ZeRO-1/2, DDP)
  // Serving.
  double memory_fraction = 0;        // fraction of the device the server preallocates (vLLM 0.9), 0 = as needed
  // What memory_fraction is a share of: the card's usable memory (vLLM's gpu_memory_utilization)
  // or what is left free once the engine has loaded (TensorRT-LLM's free_gpu_memory_fraction).
  bool memory_fraction_of_free = false;
  double decode_bandwidth_efficiency = 0.7;
  double decode_overlap = 0.5;       // how much of the compute part of a decode step hides under memory reads
  double tp_allreduce_latency_us = 10;  // per all-reduce on an NVLink-class fabric (x3 over PCIe)
  double kv_block_tokens = 16;       // paged-KV block size (sequences round up to it)
  double runtime_buffer_gib = 0.5;   // CUDA graphs / compute buffers / sampler
  // The server's fixed cost per request before its first token (HTTP, tokenising, scheduling,
  // sampling and streaming the first token), on the host: added to the time to first token.
  double ttft_overhead_ms = 0;
  double decode_overhead_us_per_layer = 0;  // host-side launch cost per layer and decode step (eager, no CUDA graphs)
  // An MoE layer's own chain of small kernels in a decode step (routing, top-k, token shuffle,
  // grouped expert GEMMs, un-shuffle, shared expert), latency-bound at small batches: this much
  // per active expert slot (routed + shared, at most 8), per MoE layer. 0 = none.
  double moe_decode_us_per_expert_slot = 0;
  double bnb_decode_bandwidth_efficiency = 0;  // bitsandbytes NF4/INT8 weights in decode (dequantised per matmul); 0 = as others
  std::vector<std::string> sources;
  std::string notes;
};

// Efficiency (fraction of the dense peak doing model work, recomputation counted as work) for a
// (task, precision class, card class, framework) pattern; "*" matches anything.
struct EfficiencyRecord {
  std::string task, precision, card_class, framework;
  std::string gpu = "*";  // a card id, or * (cards whose peak is unusually easy or hard to reach)
  // The same patterns as codes, filled by LoadCalibration (-1 = "*"): Task, precision class,
  // card class (CardClass order), Framework. Matching compares these, not the strings.
  int task_code = -1, precision_code = -1, card_code = -1, framework_code = -1;
  bool any_gpu = true;
  double mfu = 0.4;
  std::vector<std::string> sources;
  std::string notes;
};

struct UsableMemory {
  std::string gpu;
  double usable_bytes = 0;
  std::vector<std::string> sources;
  std::string notes;
};

struct Calibration {
  std::vector<FrameworkProfile> frameworks;
  std::vector<EfficiencyRecord> efficiency;
  std::vector<UsableMemory> usable_memory;
  double usable_fraction_default = 0.985;  // driver-reported / box capacity when a card has no record
  // Interconnects used by the time model (GB/s per GPU, decimal).
  double inter_node_gbps = 50;       // 400 Gb/s InfiniBand NDR / RoCE per GPU
  double pcie_p2p_gbps = 12;         // consumer cards without peer-to-peer: through host memory
  double pcie_host_gbps = 25;        // GPU <-> host transfers (optimizer offload)
  double host_memory_gbps = 100;     // CPU Adam for optimizer offload
  double cpu_adam_bytes_per_param = 16;  // bytes the CPU Adam step streams per parameter
  double moe_alltoall_overlap = 0.5;
  // A decode all-reduce's fixed cost grows with the group: profile latency x (1 + this x
  // log2(tp / 2)) (gpt-fast's batch-1 TP 1-8 scans on 8 x A100; see data/calibration.json).
  double tp_allreduce_growth_per_doubling = 0;
  // An MoE prefill's own cost per MoE layer, beyond its FLOPs and weight reads: a fixed part per
  // routed expert (grouped GEMM scheduling over every expert's slice) and a part per prompt token
  // and routed slot (routing, permutation, un-permutation on every tensor-parallel rank). 0 = none.
  double moe_prefill_us_per_expert = 0;
  double moe_prefill_ns_per_token_slot = 0;
  // Grouped expert GEMMs narrower than the reference run at (width / reference)^exponent of the
  // dense efficiency (fitted to NVIDIA's Megatron-Bridge MoE runs; see data/calibration.json).
  double moe_expert_width_reference = 13200;
  double moe_expert_width_exponent = 0.69;
  std::vector<std::string> sources;

  const FrameworkProfile& Profile(Framework f) const;
  // Best match for the workload; `record` receives the matched record (nullptr: built-in default).
  double Efficiency(const Workload& w, const Gpu& g, const EfficiencyRecord** record = nullptr) const;
  double UsableBytes(const Gpu& g, std::string* source = nullptr) const;

  static const Calibration& Defaults();
};

// "datacenter_fabric" | "datacenter_pcie" | "workstation" | "consumer" | "edge".
const char* CardClass(const Gpu& g);
// "pretrain" | "full_finetune" | "lora" | "qlora" | "inference".
const char* TaskClass(Task t);
// "fp32" | "bf16" | "fp8" | "int8" | "int4".
const char* PrecisionClass(Precision p);

struct CalibrationLoad {
  Calibration calibration;
  std::vector<std::string> errors;
  bool ok() const { return errors.empty(); }
};
CalibrationLoad LoadCalibration(const std::string& text, const std::string& file_name);

}  // namespace atlas
