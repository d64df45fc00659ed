#include "estimate.hpp"

#include "advice.hpp"
#include "estimate_warnings.hpp"
#include "format.hpp"
#include "text/engine_text.hpp"

#include <algorithm>
#include <cmath>

namespace atlas {

namespace {

// What a preallocating server lets the job use, as each sizes its KV cache:
// - vLLM: gpu_memory_utilization x the device's total memory (vllm/v1/worker/gpu_worker.py:
//   requested_memory = init snapshot's total_memory x utilisation), and the job (weights, peak
//   activations, KV cache) must fit inside; the CUDA context and NCCL buffers are made before
//   that snapshot ("Initialize the distributed environment BEFORE taking memory snapshot"), so
//   they sit outside the share.
// - TensorRT-LLM: the engine loads (weights, activations, runtime buffers), then the KV cache
//   takes free_gpu_memory_fraction of the memory still free (KvCacheConfig, default 0.9;
//   nvidia.github.io/TensorRT-LLM/examples/kvcacheconfig.html). The job's share is what it
//   loaded plus that pool; with nothing left free, it is all the context leaves.
double PreallocatedShare(const MemoryBreakdown& memory, double usable_bytes) {
  if (!memory.preallocated_of_free) return usable_bytes * memory.preallocated_fraction;
  const double loaded = memory.framework_allocated_bytes - memory.kv_cache_bytes;
  const double free_after_load = usable_bytes - loaded - memory.context_bytes;
  return free_after_load > 0 ? loaded + memory.preallocated_fraction * free_after_load : usable_bytes - memory.context_bytes;
}

// JobCapacityBytes for a card whose usable capacity is already known.
double CapacityOfUsable(const MemoryBreakdown& memory, double usable_bytes, const Gpu& gpu) {
  const double job = memory.preallocated_fraction > 0 ? PreallocatedShare(memory, usable_bytes) : usable_bytes;
  // On a unified-memory chip (Apple M-series, Jetson, MI300A) "CPU memory" is the same memory:
  // what is offloaded to the host still takes room there (gpus.json memory_type).
  return gpu.unified_memory ? job - memory.host_memory_bytes : job;
}

}  // namespace

std::vector<std::string> ValidateWorkload(const Workload& w, Language language) {
  const EngineText& T = EngineTextFor(language);
  std::vector<std::string> e;
  for (const std::string& m : ValidateModel(w.model)) e.push_back(Printf(T.val_model, m.c_str()));
  const ModelSpec& m = w.model;
  // Messages are built only for a failed check: searches validate every candidate they try.
  auto need = [&](bool ok, const char* msg) {
    if (!ok) e.emplace_back(msg);
  };
  auto need_printf = [&](bool ok, const char* format, auto... args) {
    if (!ok) e.push_back(Printf(format, args...));
  };
  need(w.tp >= 1 && w.pp >= 1 && w.dp >= 1 && w.ep >= 1, T.val_parallel_min);
  need(w.gpus >= 1 && w.gpus <= 1000000, T.val_gpus_range);
  if (!e.empty()) return e;
  if (m.IsTransformer()) {
    need_printf(m.heads % w.tp == 0, T.val_tp_heads, w.tp, m.heads);
    need_printf(w.pp <= m.layers, T.val_pp_layers, w.pp, m.layers);
  } else {
    need(w.tp == 1 && w.pp == 1, T.val_parallel_transformer);
  }
  if (w.ep > 1) {
    need(m.IsMoe(), T.val_ep_moe);
    if (m.IsMoe()) need_printf(m.experts % w.ep == 0, T.val_ep_experts, w.ep, m.experts);
  }
  if (w.IsTraining()) {
    need_printf(static_cast<long long>(w.tp) * w.pp * w.dp == w.gpus, T.val_gpus_product, w.gpus, w.tp, w.pp, w.dp);
    if (w.ep > 1) need_printf(w.dp % w.ep == 0, T.val_ep_dp, w.ep, w.dp);
    need(w.zero_stage >= 0 && w.zero_stage <= 3, T.val_zero_stage);
    need(!w.offload_params || w.zero_stage == 3, T.val_offload_params);
    need(w.seq_len >= 1 && w.seq_len <= 10000000, T.val_seq_len);
    need(w.micro_batch >= 1 && w.micro_batch <= 65536, T.val_micro_batch);
    const bool quantized = w.precision == Precision::kInt8 || w.precision == Precision::kInt4 || w.precision == Precision::kNf4;
    if (w.task == Task::kQlora)
      need_printf(quantized, T.val_qlora_base, ToString(w.precision));
    else
      need_printf(!quantized, T.val_train_precision, ToString(w.task), ToString(w.precision));
    if (w.task == Task::kLora || w.task == Task::kQlora) need(w.lora_rank >= 1 && w.lora_rank <= 65536, T.val_lora_rank);
    need(w.train_tokens >= 0 && w.train_tokens <= 1e15, T.val_train_tokens);
  } else {
    need_printf(static_cast<long long>(w.tp) * w.pp <= w.gpus, T.val_tp_pp_gpus, w.tp * w.pp, w.gpus);
    need_printf(w.gpus % (w.tp * w.pp) == 0, T.val_whole_replicas, w.gpus, w.tp * w.pp);
    need(w.batch >= 1 && w.batch <= 1000000, T.val_batch);
    need(w.context >= 1 && w.context <= 100000000, T.val_context);
    need(w.prompt_tokens >= 1 && w.prompt_tokens <= w.context, T.val_prompt_tokens);
    need(w.target_tokens_per_second > 0 && w.target_tokens_per_second <= 100000, T.val_target_speed);
  }
  if (w.mfu) need(*w.mfu > 0 && *w.mfu <= 1, T.val_mfu);
  return e;
}

EstimateResult Estimate(const Workload& w, const Catalogs& c, Language language, bool explain) {
  if (const Gpu* gpu = c.gpus.Find(w.gpu)) return Estimate(w, *gpu, c, language, explain);
  EstimateResult r;
  r.errors = ValidateWorkload(w, language);
  r.errors.push_back(Printf(EngineTextFor(language).val_unknown_gpu, w.gpu.c_str()));
  return r;
}

EstimateResult Estimate(const Workload& w, const Gpu& gpu, const Catalogs& c, Language language, bool explain) {
  const EngineText& T = EngineTextFor(language);
  EstimateResult r;
  r.errors = ValidateWorkload(w, language);
  r.gpu = &gpu;
  if (!r.errors.empty()) return r;
  const size_t idx = static_cast<size_t>(r.gpu - c.gpus.gpus.data());
  r.gpu_tier = idx < c.gpu_tiers.size() ? static_cast<int>(c.gpu_tiers[idx].tier) : 2;
  r.framework = FrameworkFor(w);
  r.memory = EstimateMemory(w, c.assumptions, c.calibration, language, explain);
  r.gpu_memory_bytes = r.gpu->memory_bytes;
  r.usable_memory_bytes = c.calibration.UsableBytes(*r.gpu);
  // Servers that preallocate (vLLM, TensorRT-LLM) need the job inside their share
  // (PreallocatedShare; EstimateMemory's required_bytes) and show that share on the device
  // whatever the batch.
  const double capacity = CapacityOfUsable(r.memory, r.usable_memory_bytes, *r.gpu);
  if (r.memory.preallocated_fraction > 0) {
    const double context = r.memory.device_total_bytes - r.memory.framework_allocated_bytes;
    r.memory.device_total_bytes = std::max(r.memory.device_total_bytes, capacity + context);
  }
  r.compute = EstimateCompute(w, *r.gpu, r.memory, c.assumptions, c.calibration, capacity, language, explain);
  r.headroom_bytes = capacity - r.memory.required_bytes;
  r.fits = r.headroom_bytes >= 0;
  r.ok = true;
  if (!explain) return r;
  r.notes = r.memory.notes;
  r.notes.insert(r.notes.end(), r.compute.notes.begin(), r.compute.notes.end());
  if (!r.fits)
    r.notes.push_back(Printf(T.est_does_not_fit, Gib(r.memory.required_bytes).c_str(), Gib(capacity).c_str(),
                             r.gpu->DisplayName(language == Language::kChinese).c_str(), DoesNotFitAdvice(w, language).c_str()));
  if (r.gpu->unified_memory && r.memory.host_memory_bytes > 0)
    r.notes.push_back(Printf(T.est_unified_offload, r.gpu->DisplayName(language == Language::kChinese).c_str(),
                             Gib(r.memory.host_memory_bytes).c_str()));
  if (w.IsTraining() && w.gpus > 1 && !r.gpu->nvlink_class)
    r.notes.push_back(Printf(T.est_no_nvlink, r.gpu->DisplayName(language == Language::kChinese).c_str()));
  r.warnings = EstimateWarnings(w, r.framework, *r.gpu, language);
  r.runs_as_estimated = RunsAsEstimated(w, r.framework, *r.gpu);
  return r;
}

double JobCapacityBytes(const MemoryBreakdown& memory, const Gpu& gpu, const Calibration& calibration) {
  return CapacityOfUsable(memory, calibration.UsableBytes(gpu), gpu);
}

double JobCapacityBytes(const MemoryBreakdown& memory, double usable_bytes, const Gpu& gpu) {
  return CapacityOfUsable(memory, usable_bytes, gpu);
}

int MinGpusToFit(const Workload& base, const Catalogs& c, const Gpu& gpu, int max_gpus, Workload* layout) {
  // A chip with no link to another holds the job alone or not at all (Gpu::Standalone).
  if (gpu.Standalone()) max_gpus = std::min(max_gpus, 1);
  for (int n = 1; n <= max_gpus; n *= 2) {
    Workload w = base;
    w.gpu = gpu.id;
    w.gpus = n;
    if (w.IsTraining()) {
      // Data parallel with everything sharded (ZeRO-3 / FSDP): model states / n per GPU.
      w.tp = w.pp = 1;
      w.dp = n;
      w.ep = 1;
      if (n > 1) w.zero_stage = 3;
    } else {
      // Tensor parallel inside a node (TP must divide the heads), pipeline across nodes.
      int tp = 1;
      while (tp * 2 <= std::min(n, 8) && w.model.heads % (tp * 2) == 0) tp *= 2;
      w.tp = w.model.IsTransformer() ? tp : 1;
      w.pp = n / w.tp;
      if (!w.model.IsTransformer() || w.pp > w.model.layers) continue;
      w.ep = 1;
    }
    if (!ValidateWorkload(w).empty()) continue;
    EstimateResult r = Estimate(w, gpu, c, Language::kEnglish, false);
    if (r.ok && r.fits) {
      if (layout) *layout = w;
      return n;
    }
  }
  return 0;
}

}  // namespace atlas
