#include "calibration.hpp"

#include "json_reader.hpp"
#include "units.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

namespace atlas {

namespace {

// Pattern values as small codes, so matching a record compares numbers, not strings.
constexpr const char* kCardClasses[] = {"datacenter_fabric", "datacenter_pcie", "workstation", "consumer", "edge"};
constexpr const char* kPrecisionClasses[] = {"fp32", "bf16", "fp8", "int8", "int4"};
constexpr int kAnyCode = -1;

int CardClassCode(const Gpu& g) {
  if (g.segment == "consumer") return 3;
  if (g.segment == "edge") return 4;
  if (g.segment == "workstation") return 2;
  return g.nvlink_class ? 0 : 1;
}

int PrecisionClassCode(Precision p) {
  switch (p) {
    case Precision::kFp32:
    case Precision::kTf32: return 0;
    case Precision::kFp8: return 2;
    case Precision::kInt8:
    case Precision::kQ8_0: return 3;
    case Precision::kInt4:
    case Precision::kNf4:
    case Precision::kQ4KM:
    case Precision::kQ5KM:
    case Precision::kQ6K: return 4;
    case Precision::kBf16:
    case Precision::kFp16: return 1;
  }
  return 1;
}

// The code of `value` among `names` (kAnyCode for "*" or a name not in the list).
template <size_t N>
int CodeOf(const std::string& value, const char* const (&names)[N]) {
  for (size_t i = 0; i < N; ++i)
    if (value == names[i]) return static_cast<int>(i);
  return kAnyCode;
}

int TaskCode(const std::string& value) {
  for (Task t : {Task::kPretrain, Task::kFullFinetune, Task::kLora, Task::kQlora, Task::kInference})
    if (value == TaskClass(t)) return static_cast<int>(t);
  return kAnyCode;
}

int FrameworkCode(const std::string& value) {
  const std::optional<Framework> f = value == "*" ? std::nullopt : ParseFramework(value);
  return f ? static_cast<int>(*f) : kAnyCode;
}

}  // namespace

const char* CardClass(const Gpu& g) { return kCardClasses[CardClassCode(g)]; }

const char* TaskClass(Task t) { return ToString(t); }

const char* PrecisionClass(Precision p) { return kPrecisionClasses[PrecisionClassCode(p)]; }

const Calibration& Calibration::Defaults() {
  // Used only when data/calibration.json is missing: one PyTorch-eager profile, no records.
  static const Calibration defaults = [] {
    Calibration c;
    c.frameworks.push_back(FrameworkProfile{});
    return c;
  }();
  return defaults;
}

const FrameworkProfile& Calibration::Profile(Framework f) const {
  for (const FrameworkProfile& p : frameworks)
    if (p.id == f) return p;
  if (!frameworks.empty()) return frameworks.front();
  return Defaults().frameworks.front();
}

double Calibration::Efficiency(const Workload& w, const Gpu& g, const EfficiencyRecord** record) const {
  const int task = static_cast<int>(w.task), precision = PrecisionClassCode(w.precision), card = CardClassCode(g),
            framework = static_cast<int>(FrameworkFor(w));
  const EfficiencyRecord* best = nullptr;
  int best_score = -1;
  for (const EfficiencyRecord& e : efficiency) {
    int score = 0;
    bool ok = true;
    auto match = [&](int pattern, int value, int weight) {
      if (pattern == kAnyCode) return;
      if (pattern == value) score += weight;
      else ok = false;
    };
    // Task and framework matter most, then precision, then the card.
    match(e.task_code, task, 16);
    match(e.framework_code, framework, 8);
    match(e.precision_code, precision, 2);
    match(e.card_code, card, 1);
    if (!ok) continue;  // before the card's id is compared (searches call this for every configuration)
    if (!e.any_gpu) {
      if (e.gpu != g.id) continue;
      score += 4;
    }
    if (score > best_score) best = &e, best_score = score;
  }
  if (record) *record = best;
  double mfu = best ? best->mfu : 0.4;
  const ModelSpec& m = w.model;
  if (w.IsTraining() && m.IsMoe() && m.ffn_hidden < moe_expert_width_reference)
    mfu *= std::pow(m.ffn_hidden / moe_expert_width_reference, moe_expert_width_exponent);  // narrow grouped expert GEMMs
  return mfu;
}

double Calibration::UsableBytes(const Gpu& g, std::string* source) const {
  for (const UsableMemory& u : usable_memory)
    if (u.gpu == g.id) {
      if (source) *source = u.sources.empty() ? u.notes : u.sources.front();
      return std::min(u.usable_bytes, g.memory_bytes);
    }
  if (source) *source = "data/calibration.json: usable_fraction_default";
  return g.memory_bytes * usable_fraction_default;
}

// [SECTION] Loading data/calibration.json ----------------------------------------------------


CalibrationLoad LoadCalibration(const std::string& text, const std::string& file_name) {
  CalibrationLoad out;
  auto root = ParseJson(text, file_name, out.errors);
  if (!root) return out;
  Calibration& c = out.calibration;
  ForEachRecord(*root, "frameworks", file_name, out.errors, [&](FieldReader& r, const Json&) {
    FrameworkProfile p;
    const std::string id = r.String("id");
    const std::optional<Framework> framework = ParseFramework(id);
    if (framework && *framework != Framework::kAuto) p.id = *framework;
    else r.Fail("id", "is not one of pytorch_eager, torchtune, autoawq, megatron, deepspeed, vllm, tensorrt_llm, llama_cpp");
    p.name = r.String("name");
    const std::string activations = r.String("activations");
    if (!OneOf(activations, {"eager", "fused"})) r.Fail("activations", "must be \"eager\" or \"fused\"");
    p.eager_activations = activations == "eager";
    p.norm_fp32_upcast = r.Bool("norm_fp32_upcast");
    p.repeat_kv = r.Bool("repeat_kv");
    p.loss_bytes_per_logit = r.Number("loss_bytes_per_logit", 0, 64);
    p.cuda_context_gib = r.Number("cuda_context_gib", 0, 16);
    p.workspace_gib = r.Number("workspace_gib", 0, 16);
    p.nccl_gib = r.Number("nccl_gib", 0, 16);
    p.allocator_reserve_fraction = r.Number("allocator_reserve_fraction", 0, 1);
    p.zero3_live_layers = r.Number("zero3_live_layers", 0, 64);
    p.reduce_bucket_bytes = r.Number("reduce_bucket_bytes", 0, 1e11);
    p.memory_fraction = r.Number("memory_fraction", 0, 1);
    const std::string fraction_of = r.String("memory_fraction_of");
    if (!OneOf(fraction_of, {"usable", "free_after_load"})) r.Fail("memory_fraction_of", "must be \"usable\" or \"free_after_load\"");
    p.memory_fraction_of_free = fraction_of == "free_after_load";
    p.decode_bandwidth_efficiency = r.Number("decode_bandwidth_efficiency", 0.05, 1);
    p.decode_overlap = r.Number("decode_overlap", 0, 1);
    p.tp_allreduce_latency_us = r.Number("tp_allreduce_latency_us", 0, 10000);
    p.kv_block_tokens = r.Number("kv_block_tokens", 1, 4096);
    p.runtime_buffer_gib = r.Number("runtime_buffer_gib", 0, 64);
    p.decode_overhead_us_per_layer = r.Number("decode_overhead_us_per_layer", 0, 10000);
    p.ttft_overhead_ms = r.Number("ttft_overhead_ms", 0, 10000);
    p.moe_decode_us_per_expert_slot = r.Number("moe_decode_us_per_expert_slot", 0, 10000);
    p.bnb_decode_bandwidth_efficiency = r.Number("bnb_decode_bandwidth_efficiency", 0, 1);
    p.sources = r.StringList("sources", true);
    p.notes = r.StringOr("notes", "");
    c.frameworks.push_back(std::move(p));
    return id;
  });
  int index = 0;
  ForEachRecord(*root, "efficiency", file_name, out.errors, [&](FieldReader& r, const Json&) {
    EfficiencyRecord e;
    e.task = r.String("task");
    if (!OneOf(e.task, {"*", "pretrain", "full_finetune", "lora", "qlora", "inference"}))
      r.Fail("task", "must be *, pretrain, full_finetune, lora, qlora or inference");
    e.precision = r.String("precision");
    if (!OneOf(e.precision, {"*", "fp32", "bf16", "fp8", "int8", "int4"}))
      r.Fail("precision", "must be *, fp32, bf16, fp8, int8 or int4");
    e.card_class = r.String("card_class");
    if (!OneOf(e.card_class, {"*", "datacenter_fabric", "datacenter_pcie", "workstation", "consumer", "edge"}))
      r.Fail("card_class", "must be *, datacenter_fabric, datacenter_pcie, workstation, consumer or edge");
    e.framework = r.String("framework");
    if (!OneOf(e.framework, {"*", "pytorch_eager", "torchtune", "autoawq", "megatron", "deepspeed", "vllm", "tensorrt_llm", "llama_cpp"}))
      r.Fail("framework", "must be * or a framework id");
    e.gpu = r.StringOr("gpu", "*");
    e.task_code = TaskCode(e.task);
    e.precision_code = CodeOf(e.precision, kPrecisionClasses);
    e.card_code = CodeOf(e.card_class, kCardClasses);
    e.framework_code = FrameworkCode(e.framework);
    e.any_gpu = e.gpu == "*";
    e.mfu = r.Number("mfu", 0.01, 1.0);
    e.sources = r.StringList("sources", true);
    e.notes = r.String("notes");
    c.efficiency.push_back(std::move(e));
    return "efficiency-" + std::to_string(index++);
  });
  ForEachRecord(*root, "usable_memory", file_name, out.errors, [&](FieldReader& r, const Json&) {
    UsableMemory u;
    u.gpu = r.String("gpu");
    u.usable_bytes = r.Number("usable_mib", 256, 1e8) * kBytesPerMiB;
    u.sources = r.StringList("sources", true);
    u.notes = r.StringOr("notes", "");
    c.usable_memory.push_back(std::move(u));
    return u.gpu;
  });
  if (!root->is_object() || !root->contains("interconnect") || !(*root)["interconnect"].is_object()) {
    out.errors.push_back(file_name + ": field \"interconnect\" must be an object");
  } else {
    FieldReader r((*root)["interconnect"], file_name + ": interconnect", out.errors);
    c.usable_fraction_default = r.Number("usable_fraction_default", 0.5, 1);
    c.inter_node_gbps = r.Number("inter_node_gbps", 1, 10000);
    c.pcie_p2p_gbps = r.Number("pcie_no_p2p_gbps", 1, 1000);
    c.pcie_host_gbps = r.Number("pcie_host_gbps", 1, 1000);
    c.host_memory_gbps = r.Number("host_memory_gbps", 1, 10000);
    c.cpu_adam_bytes_per_param = r.Number("cpu_adam_bytes_per_param", 1, 100);
    c.moe_alltoall_overlap = r.Number("moe_alltoall_overlap", 0, 1);
    c.tp_allreduce_growth_per_doubling = r.Number("tp_allreduce_growth_per_doubling", 0, 10);
    c.moe_prefill_us_per_expert = r.Number("moe_prefill_us_per_expert", 0, 1000);
    c.moe_prefill_ns_per_token_slot = r.Number("moe_prefill_ns_per_token_slot", 0, 100000);
    c.moe_expert_width_reference = r.Number("moe_expert_width_reference", 1, 1e6);
    c.moe_expert_width_exponent = r.Number("moe_expert_width_exponent", 0, 4);
    c.sources = r.StringList("sources", true);
  }
  return out;
}

}  // namespace atlas
