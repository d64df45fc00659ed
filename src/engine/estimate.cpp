#include "estimate.hpp"

#include "format.hpp"

#include <algorithm>
#include <cmath>

namespace atlas {

std::vector<std::string> ValidateWorkload(const Workload& w) {
  std::vector<std::string> e;
  for (const std::string& m : ValidateModel(w.model)) e.push_back("model: " + m);
  const ModelSpec& m = w.model;
  auto need = [&](bool ok, const std::string& msg) {
    if (!ok) e.push_back(msg);
  };
  need(w.tp >= 1 && w.pp >= 1 && w.dp >= 1 && w.ep >= 1, "tp, pp, dp and ep must be at least 1");
  need(w.gpus >= 1 && w.gpus <= 1000000, "gpus must be 1..1,000,000");
  if (!e.empty()) return e;
  if (m.IsTransformer()) {
    need(m.heads % w.tp == 0, Printf("tp = %d does not divide the model's %d attention heads", w.tp, m.heads));
    need(w.pp <= m.layers, Printf("pp = %d is more than the model's %d layers", w.pp, m.layers));
  } else {
    need(w.tp == 1 && w.pp == 1, "tensor and pipeline parallelism apply to transformer models only");
  }
  if (w.ep > 1) {
    need(m.IsMoe(), "ep > 1 needs a mixture-of-experts model");
    if (m.IsMoe()) need(m.experts % w.ep == 0, Printf("ep = %d does not divide the model's %d experts", w.ep, m.experts));
  }
  if (w.IsTraining()) {
    need(static_cast<long long>(w.tp) * w.pp * w.dp == w.gpus,
         Printf("gpus (%d) must equal tp x pp x dp (%d x %d x %d)", w.gpus, w.tp, w.pp, w.dp));
    if (w.ep > 1) need(w.dp % w.ep == 0, Printf("ep = %d must divide dp = %d (experts are spread over data-parallel ranks)", w.ep, w.dp));
    need(w.zero_stage >= 0 && w.zero_stage <= 3, "zero_stage must be 0..3");
    need(w.seq_len >= 1 && w.seq_len <= 10000000, "seq_len must be 1..10,000,000");
    need(w.micro_batch >= 1 && w.micro_batch <= 65536, "micro_batch must be 1..65,536");
    const bool quantized = w.precision == Precision::kInt8 || w.precision == Precision::kInt4 || w.precision == Precision::kNf4;
    if (w.task == Task::kQlora)
      need(quantized, Printf("QLoRA needs a quantised base (nf4, int4 or int8), not %s", ToString(w.precision)));
    else
      need(!quantized, Printf("%s trains in fp32, tf32, bf16, fp16 or fp8; %s is a weight format for inference or QLoRA",
                              ToString(w.task), ToString(w.precision)));
    if (w.task == Task::kLora || w.task == Task::kQlora) need(w.lora_rank >= 1 && w.lora_rank <= 65536, "lora_rank must be 1..65,536");
    need(w.train_tokens >= 0 && w.train_tokens <= 1e15, "train_tokens must be 0..1e15");
  } else {
    need(static_cast<long long>(w.tp) * w.pp <= w.gpus, Printf("tp x pp (%d) is more than gpus (%d)", w.tp * w.pp, w.gpus));
    need(w.gpus % (w.tp * w.pp) == 0, Printf("gpus (%d) must be a multiple of tp x pp (%d): whole replicas", w.gpus, w.tp * w.pp));
    need(w.batch >= 1 && w.batch <= 1000000, "batch must be 1..1,000,000");
    need(w.context >= 1 && w.context <= 100000000, "context must be 1..100,000,000 tokens");
    need(w.prompt_tokens >= 1 && w.prompt_tokens <= w.context, "prompt_tokens must be 1..context");
    need(w.target_tokens_per_second > 0 && w.target_tokens_per_second <= 100000, "target_tokens_per_second must be in (0, 100,000]");
  }
  if (w.mfu) need(*w.mfu > 0 && *w.mfu <= 1, "mfu must be in (0, 1]");
  return e;
}

EstimateResult Estimate(const Workload& w, const Catalogs& c) {
  EstimateResult r;
  r.errors = ValidateWorkload(w);
  r.gpu = c.gpus.Find(w.gpu);
  if (!r.gpu) r.errors.push_back("unknown gpu \"" + w.gpu + "\" (see gpu-atlas gpus)");
  if (!r.errors.empty()) return r;
  const size_t idx = static_cast<size_t>(r.gpu - c.gpus.gpus.data());
  r.gpu_tier = idx < c.gpu_tiers.size() ? static_cast<int>(c.gpu_tiers[idx].tier) : 2;
  r.memory = EstimateMemory(w, c.assumptions);
  r.compute = EstimateCompute(w, *r.gpu, r.gpu_tier, r.memory, c.assumptions);
  r.gpu_memory_bytes = r.gpu->memory_bytes;
  r.headroom_bytes = r.gpu_memory_bytes - r.memory.total_bytes;
  r.fits = r.headroom_bytes >= 0;
  r.notes = r.memory.notes;
  r.notes.insert(r.notes.end(), r.compute.notes.begin(), r.compute.notes.end());
  if (!r.fits)
    r.notes.push_back(Printf("Does not fit: %s needed per GPU, %s on a %s. Try ZeRO-3 across more GPUs, "
                             "checkpointing, a smaller micro-batch, LoRA/QLoRA, or a bigger card.",
                             Gib(r.memory.total_bytes).c_str(), Gib(r.gpu_memory_bytes).c_str(), r.gpu->name.c_str()));
  if (w.IsTraining() && w.gpus > 1 && !r.gpu->nvlink_class)
    r.notes.push_back(r.gpu->name + " has no NVLink-class fabric: gradients cross PCIe, which limits multi-GPU scaling.");
  r.ok = true;
  return r;
}

int MinGpusToFit(const Workload& base, const Catalogs& c, const Gpu& gpu, int max_gpus, Workload* layout) {
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
    EstimateResult r = Estimate(w, c);
    if (r.ok && r.fits) {
      if (layout) *layout = w;
      return n;
    }
  }
  return 0;
}

}  // namespace atlas
