#include "estimate_request.hpp"

#include "format.hpp"
#include "model_catalog.hpp"
#include "partial_model.hpp"
#include "recipes.hpp"

#include <cmath>

namespace atlas {

const std::vector<std::string>& EstimateRequestFields() {
  static const std::vector<std::string> fields = {
      "model", "task", "precision", "optimizer", "zero_stage", "offload_optimizer", "offload_params", "tp", "pp", "dp", "ep",
      "sequence_parallel", "seq_len", "micro_batch", "checkpointing", "flash_attention", "lora_rank",
      "lora_targets", "batch", "context", "prompt_tokens", "kv_precision", "target_tokens_per_second", "gpu",
      "gpus", "train_tokens", "mfu", "framework", "dropout", "lora_dropout", "master_weights", "grad_accum"};
  return fields;
}

double DefaultTrainTokens(const Workload& w) {
  return w.task == Task::kPretrain ? 20 * w.model.params : 1e8;
}

namespace {

// An error that no field reader made, with its kind.
void Refuse(RequestParse& out, std::string message, FieldErrorKind kind = FieldErrorKind::kOther) {
  out.errors.push_back(std::move(message));
  out.error_kinds.push_back({kind});
}

template <typename E, size_t N>
bool ParseEnum(FieldReader& r, const char* key, const std::pair<const char*, E> (&options)[N], E& out) {
  if (!r.Has(key)) return false;
  const std::string s = r.String(key);
  for (const auto& [name, value] : options)
    if (s == name) {
      out = value;
      return true;
    }
  std::string list;
  for (const auto& [name, value] : options) list += (list.empty() ? "" : ", ") + std::string(name);
  if (!s.empty()) r.Fail(key, "is \"" + s + "\"; expected one of: " + list, {FieldErrorKind::kNotOption, 0, 0, list});
  return false;
}

constexpr std::pair<const char*, Task> kTasks[] = {{"pretrain", Task::kPretrain}, {"full_finetune", Task::kFullFinetune},
                                                   {"lora", Task::kLora}, {"qlora", Task::kQlora}, {"inference", Task::kInference}};
constexpr std::pair<const char*, Precision> kPrecisions[] = {
    {"fp32", Precision::kFp32}, {"tf32", Precision::kTf32}, {"bf16", Precision::kBf16}, {"fp16", Precision::kFp16},
    {"fp8", Precision::kFp8},   {"int8", Precision::kInt8}, {"int4", Precision::kInt4}, {"nf4", Precision::kNf4},
    {"awq", Precision::kInt4},  {"gptq", Precision::kInt4}, {"q4_k_m", Precision::kQ4KM}, {"q5_k_m", Precision::kQ5KM},
    {"q6_k", Precision::kQ6K},  {"q8_0", Precision::kQ8_0}};
constexpr std::pair<const char*, Optimizer> kOptimizers[] = {{"adamw", Optimizer::kAdamW}, {"adamw_8bit", Optimizer::kAdamW8bit},
                                                             {"paged_adamw_8bit", Optimizer::kPagedAdamW8bit},
                                                             {"sgd", Optimizer::kSgd}, {"adafactor", Optimizer::kAdafactor}};
constexpr std::pair<const char*, Framework> kFrameworkNames[] = {
    {"auto", Framework::kAuto},         {"pytorch_eager", Framework::kPytorchEager}, {"torchtune", Framework::kTorchtune}, {"autoawq", Framework::kAutoAwq},
    {"megatron", Framework::kMegatron},
    {"deepspeed", Framework::kDeepspeed}, {"vllm", Framework::kVllm}, {"tensorrt_llm", Framework::kTensorrtLlm},
    {"llama_cpp", Framework::kLlamaCpp}};
constexpr std::pair<const char*, Checkpointing> kCheckpointingNames[] = {
    {"none", Checkpointing::kNone}, {"selective", Checkpointing::kSelective}, {"full", Checkpointing::kFull}};
constexpr std::pair<const char*, KvPrecision> kKvNames[] = {{"fp16", KvPrecision::kFp16}, {"bf16", KvPrecision::kFp16},
                                                       {"fp8", KvPrecision::kFp8}, {"int8", KvPrecision::kInt8}};
constexpr std::pair<const char*, LoraTargets> kLoraTargets[] = {{"q_v", LoraTargets::kQv},
                                                                {"attention", LoraTargets::kAttention},
                                                                {"all_linear", LoraTargets::kAllLinear}};

// The model: a preset id, or an object {preset?, hf_config?, params?, layers?, ...}.
bool ParseModel(const Json& j, const Catalogs& c, RequestParse& out, bool strict) {
  if (j.is_string()) {
    const ModelSpec* m = c.models.Find(j.get<std::string>());
    if (!m) {
      Refuse(out, "model: unknown preset \"" + j.get<std::string>() + "\" (see data/models.json)", FieldErrorKind::kUnknownModel);
      return false;
    }
    out.workload.model = *m;
    out.model_preset = m->id;
    return true;
  }
  if (!j.is_object()) {
    Refuse(out, "model: must be a preset id or an object with params, layers, hidden, ...");
    return false;
  }
  FieldReader r(j, "model", out.errors, &out.error_kinds);
  if (strict)
    r.RejectUnknown({"preset", "hf_config", "name", "params", "active_params", "layers", "hidden", "heads", "kv_heads",
                     "head_dim", "ffn_hidden", "vocab", "max_context", "experts", "experts_per_token", "shared_experts",
                     "moe_layers", "kv_lora_rank", "sliding_window", "sliding_window_layers", "kind", "ffn_kind",
                     "tied_embeddings", "dense_ffn_hidden", "qk_rope_head_dim"});
  ModelSpec m;
  bool have_base = false;
  if (r.Has("preset")) {
    const std::string id = r.String("preset");
    if (const ModelSpec* p = c.models.Find(id)) m = *p, have_base = true;
    else r.Fail("preset", "is not a known model id", {FieldErrorKind::kUnknownModel});
  } else if (r.Has("hf_config")) {
    const Json& cfg = j["hf_config"];
    HfImport imp = ModelFromHfConfig(cfg.is_string() ? cfg.get<std::string>() : cfg.dump());
    for (const auto& e : imp.errors) Refuse(out, "model.hf_config: " + e);
    for (const auto& n : imp.notes) out.notes.push_back("model.hf_config: " + n);
    m = imp.model;
    have_base = imp.errors.empty();
  }
  bool architecture_changed = false;
  bool from_params_only = false;  // the architecture is inferred from params and the fields given
  if (r.Has("params")) {
    std::optional<double> n;
    if (j["params"].is_string()) {
      n = ParseParamCount(j["params"].get<std::string>());
      if (!n) r.Fail("params", "is not a size like \"13B\", \"350M\" or a number", {FieldErrorKind::kNotNumber});
    } else {
      n = r.NullableNumber("params", 1e3, 1e14);
    }
    if (n) {
      if (!have_base) m = ModelFromParamCount(*n), from_params_only = true;
      m.params = *n;
      m.active_params = std::min(m.active_params > 0 ? m.active_params : *n, *n);
      if (!have_base) m.active_params = *n;
      have_base = true;
    }
  }
  if (!have_base) {
    if (!r.Has("layers") || !r.Has("hidden")) {
      Refuse(out, "model: give a preset, hf_config, params, or at least layers and hidden");
      return false;
    }
    m = ModelFromParamCount(1e9);
    m.params = 0;
  }
  auto int_field = [&](const char* key, int& field, int lo, int hi) {
    if (!r.Has(key)) return;
    const int before = field;
    field = r.Integer(key, lo, hi);
    architecture_changed = architecture_changed || field != before;
  };
  int_field("layers", m.layers, 1, 1000);
  int_field("hidden", m.hidden, 16, 131072);
  int_field("heads", m.heads, 1, 4096);
  if (r.Has("heads") && !r.Has("kv_heads")) m.kv_heads = std::min(m.kv_heads, m.heads);
  int_field("kv_heads", m.kv_heads, 1, 4096);
  if ((r.Has("hidden") || r.Has("heads")) && !r.Has("head_dim") && m.heads > 0) m.head_dim = m.hidden / m.heads;
  int_field("head_dim", m.head_dim, 1, 4096);
  int_field("ffn_hidden", m.ffn_hidden, 1, 1048576);
  int_field("vocab", m.vocab, 1, 10000000);
  int_field("max_context", m.max_context, 1, 100000000);
  int_field("experts", m.experts, 0, 100000);
  int_field("experts_per_token", m.experts_per_token, 0, 100000);
  int_field("shared_experts", m.shared_experts, 0, 1000);
  int_field("moe_layers", m.moe_layers, 0, 1000);
  int_field("kv_lora_rank", m.kv_lora_rank, 0, 65536);
  int_field("sliding_window", m.sliding_window, 0, 100000000);
  int_field("sliding_window_layers", m.sliding_window_layers, 0, 1000);
  int_field("dense_ffn_hidden", m.dense_ffn_hidden, 0, 1048576);
  int_field("qk_rope_head_dim", m.qk_rope_head_dim, 0, 4096);
  // The rest of a transformer's architecture, so that the request form (and the share link) of
  // an edited MLA, encoder, encoder-decoder or GeGLU preset reads back to the same model.
  auto enum_field = [&](const char* key, auto& field, auto... options) {
    if (!r.Has(key)) return;
    const std::string s = r.String(key);
    for (auto option : {options...})
      if (s == ToString(option)) {
        architecture_changed = architecture_changed || field != option;
        field = option;
        return;
      }
    std::string list;
    for (auto option : {options...}) list += (list.empty() ? "" : ", ") + std::string(ToString(option));
    r.Fail(key, "is \"" + s + "\"; expected one of: " + list, {FieldErrorKind::kNotOption, 0, 0, list});
  };
  enum_field("kind", m.kind, ModelKind::kDecoder, ModelKind::kEncoder, ModelKind::kEncoderDecoder);
  enum_field("ffn_kind", m.ffn_kind, FfnKind::kSwiglu, FfnKind::kGeglu, FfnKind::kGelu, FfnKind::kRelu);
  if (r.Has("tied_embeddings")) {
    const bool tied = r.Bool("tied_embeddings");
    architecture_changed = architecture_changed || tied != m.tied_embeddings;
    m.tied_embeddings = tied;
  }
  if (m.experts > 0 && m.moe_layers == 0) m.moe_layers = m.layers;
  if (m.kv_lora_rank > 0) m.attention = AttentionKind::kMla;
  else if (m.attention == AttentionKind::kMla) m.attention = AttentionKind::kGqa;
  if (m.attention != AttentionKind::kMla)
    m.attention = m.kv_heads == m.heads ? AttentionKind::kMha : (m.kv_heads == 1 ? AttentionKind::kMqa : AttentionKind::kGqa);
  if (from_params_only) {
    const ArchitectureGiven given{r.Has("layers"),     r.Has("hidden"),   r.Has("heads"), r.Has("kv_heads"),
                                  r.Has("head_dim"),   r.Has("ffn_hidden"), r.Has("ffn_kind"), r.Has("vocab")};
    for (const std::string& n : CompleteArchitecture(m, given)) out.notes.push_back("model: " + n);
  }
  if (architecture_changed && !r.Has("params")) {
    m.params = CountParams(m, false);
    m.active_params = CountParams(m, true);
  } else if (m.IsMoe() && !r.Has("active_params") && architecture_changed) {
    m.active_params = std::min(m.params, CountParams(m, true));
  }
  if (r.Has("active_params")) m.active_params = r.Number("active_params", 1e3, 1e14);
  m.name = r.StringOr("name", m.name.empty() ? "Custom model" : m.name);
  m.id = "custom";
  out.workload.model = m;
  out.model_preset.clear();
  return true;
}

}  // namespace

RequestParse ParseEstimateRequest(const Json& j, const Catalogs& c, bool strict) {
  RequestParse out;
  Workload& w = out.workload;
  if (!j.is_object()) {
    Refuse(out, "request: expected a JSON object");
    return out;
  }
  FieldReader r(j, "request", out.errors, &out.error_kinds);
  if (strict) r.RejectUnknown(EstimateRequestFields());
  if (j.contains("model")) {
    ParseModel(j["model"], c, out, strict);
  } else if (const ModelSpec* m = c.models.Find("llama-3.1-8b")) {
    w.model = *m;
    out.model_preset = m->id;
    out.notes.push_back("model: none given, llama-3.1-8b assumed");
  }
  ParseEnum(r, "task", kTasks, w.task);
  // Fields the request leaves out take the task's reference recipe (recipes.hpp).
  RecipeFieldsGiven given;
  given.precision = ParseEnum(r, "precision", kPrecisions, w.precision);
  given.optimizer = ParseEnum(r, "optimizer", kOptimizers, w.optimizer);
  given.checkpointing = ParseEnum(r, "checkpointing", kCheckpointingNames, w.checkpointing);
  given.lora_targets = ParseEnum(r, "lora_targets", kLoraTargets, w.lora_targets);
  given.lora_rank = r.Has("lora_rank");
  given.dropout = r.Has("dropout");
  given.lora_dropout = r.Has("lora_dropout");
  ApplyRecipeDefaults(w, given);
  ParseEnum(r, "framework", kFrameworkNames, w.framework);
  w.dropout = r.NumberOr("dropout", w.dropout, 0, 0.9);
  w.lora_dropout = r.NumberOr("lora_dropout", w.lora_dropout, 0, 0.9);
  w.master_weights = r.BoolOr("master_weights", true);
  w.zero_stage = r.IntegerOr("zero_stage", 0, 0, 3);
  w.offload_optimizer = r.BoolOr("offload_optimizer", false);
  w.offload_params = r.BoolOr("offload_params", false);
  // FSDP's parameter offload runs the optimizer step on the CPU too (see Workload).
  if (w.offload_params) w.offload_optimizer = true;
  w.tp = r.IntegerOr("tp", 1, 1, 1024);
  w.pp = r.IntegerOr("pp", 1, 1, 1024);
  w.ep = r.IntegerOr("ep", 1, 1, 4096);
  w.gpus = r.IntegerOr("gpus", 1, 1, 1000000);
  const int model_parallel = w.tp * w.pp;
  w.dp = r.IntegerOr("dp", w.task == Task::kInference ? 1 : std::max(1, w.gpus / std::max(1, model_parallel)), 1, 1000000);
  if (!r.Has("gpus") && w.task != Task::kInference) {
    // In 64 bits: tp x pp x dp can reach 1024 x 1024 x 1e6, past int.
    const long long gpus = static_cast<long long>(w.tp) * w.pp * w.dp;
    if (gpus <= 1000000) w.gpus = static_cast<int>(gpus);
    else r.Fail("dp", Printf("gives tp x pp x dp = %lld GPUs, more than 1,000,000", gpus));
  }
  w.sequence_parallel = r.BoolOr("sequence_parallel", false);
  w.seq_len = r.IntegerOr("seq_len", 2048, 1, 10000000);
  w.micro_batch = r.IntegerOr("micro_batch", 1, 1, 65536);
  w.grad_accum = r.IntegerOr("grad_accum", 1, 1, 65536);
  w.flash_attention = r.BoolOr("flash_attention", true);
  w.lora_rank = r.IntegerOr("lora_rank", w.lora_rank, 1, 65536);
  w.batch = r.IntegerOr("batch", 1, 1, 1000000);
  w.context = r.IntegerOr("context", 4096, 1, 100000000);
  w.prompt_tokens = r.IntegerOr("prompt_tokens", std::min(1024, w.context), 1, 100000000);
  ParseEnum(r, "kv_precision", kKvNames, w.kv_precision);
  w.target_tokens_per_second = r.NumberOr("target_tokens_per_second", 20, 0.001, 100000);
  w.gpu = r.StringOr("gpu", "h100-sxm");
  if (!c.gpus.Find(w.gpu)) r.Fail("gpu", "is \"" + w.gpu + "\", not a catalog id (see gpu-atlas gpus)", {FieldErrorKind::kUnknownCard});
  if (r.Has("train_tokens")) {
    if (j["train_tokens"].is_string()) {
      auto n = ParseParamCount(j["train_tokens"].get<std::string>());
      if (n) w.train_tokens = *n;
      else r.Fail("train_tokens", "is not a count like \"2T\" or a number", {FieldErrorKind::kNotNumber});
    } else {
      w.train_tokens = r.Number("train_tokens", 1, 1e15);
    }
  } else if (w.IsTraining()) {
    w.train_tokens = DefaultTrainTokens(w);
    out.notes.push_back(Printf("train_tokens: none given, %s assumed (%s)", Count(w.train_tokens).c_str(),
                               w.task == Task::kPretrain ? "20 tokens per parameter, Chinchilla" : "100M tokens of fine-tuning"));
  }
  if (r.Has("mfu")) w.mfu = r.Number("mfu", 0.001, 1.0);
  if (out.errors.empty())
    for (const std::string& e : ValidateWorkload(w)) Refuse(out, e, FieldErrorKind::kFailedCheck);
  return out;
}

RequestParse ParseEstimateRequestText(const std::string& text, const Catalogs& c) {
  RequestParse out;
  auto j = ParseJson(text, "request", out.errors);
  out.error_kinds.resize(out.errors.size());  // not JSON: kOther
  if (!j) return out;
  return ParseEstimateRequest(*j, c, true);
}

Json WorkloadToRequest(const Workload& w, const std::string& preset) {
  Json j;
  if (!preset.empty()) {
    j["model"] = preset;
  } else {
    const ModelSpec& m = w.model;
    j["model"] = {{"name", m.name}, {"params", m.params}, {"active_params", m.active_params}, {"layers", m.layers},
                  {"hidden", m.hidden}, {"heads", m.heads}, {"kv_heads", m.kv_heads}, {"head_dim", m.head_dim},
                  {"ffn_hidden", m.ffn_hidden}, {"vocab", m.vocab}, {"max_context", m.max_context},
                  {"experts", m.experts}, {"experts_per_token", m.experts_per_token},
                  {"shared_experts", m.shared_experts}, {"moe_layers", m.moe_layers}, {"kv_lora_rank", m.kv_lora_rank},
                  {"sliding_window", m.sliding_window}, {"sliding_window_layers", m.sliding_window_layers},
                  {"kind", ToString(m.kind)}, {"ffn_kind", ToString(m.ffn_kind)}, {"tied_embeddings", m.tied_embeddings},
                  {"dense_ffn_hidden", m.dense_ffn_hidden}, {"qk_rope_head_dim", m.qk_rope_head_dim}};
  }
  j["task"] = ToString(w.task);
  j["precision"] = ToString(w.precision);
  j["optimizer"] = ToString(w.optimizer);
  j["zero_stage"] = w.zero_stage;
  j["offload_optimizer"] = w.offload_optimizer;
  j["offload_params"] = w.offload_params;
  j["tp"] = w.tp;
  j["pp"] = w.pp;
  j["dp"] = w.dp;
  j["ep"] = w.ep;
  j["sequence_parallel"] = w.sequence_parallel;
  j["seq_len"] = w.seq_len;
  j["micro_batch"] = w.micro_batch;
  j["grad_accum"] = w.grad_accum;
  j["checkpointing"] = ToString(w.checkpointing);
  j["flash_attention"] = w.flash_attention;
  j["dropout"] = w.dropout;
  j["lora_dropout"] = w.lora_dropout;
  j["master_weights"] = w.master_weights;
  j["framework"] = ToString(w.framework);
  j["lora_rank"] = w.lora_rank;
  j["lora_targets"] = ToString(w.lora_targets);
  j["batch"] = w.batch;
  j["context"] = w.context;
  j["prompt_tokens"] = w.prompt_tokens;
  j["kv_precision"] = ToString(w.kv_precision);
  j["target_tokens_per_second"] = w.target_tokens_per_second;
  j["gpu"] = w.gpu;
  j["gpus"] = w.gpus;
  if (w.train_tokens > 0) j["train_tokens"] = w.train_tokens;
  if (w.mfu) j["mfu"] = *w.mfu;
  return j;
}

Json EstimateResultToJson(const EstimateResult& r, const Workload& w) {
  Json j;
  const MemoryBreakdown& m = r.memory;
  j["per_gpu_bytes"] = {{"weights", m.weights_bytes},     {"gradients", m.gradients_bytes},
                        {"optimizer", m.optimizer_bytes}, {"activations", m.activations_bytes},
                        {"kv_cache", m.kv_cache_bytes},   {"buffers", m.buffers_bytes},
                        {"overhead", m.overhead_bytes},
                        {"total", m.total_bytes}};
  j["cpu_offload_bytes"] = m.cpu_offload_bytes;
  j["cpu_offload_params_bytes"] = m.cpu_offload_params_bytes;
  j["host_memory_bytes"] = m.host_memory_bytes;
  j["framework"] = ToString(r.framework);
  j["framework_allocated_bytes"] = m.framework_allocated_bytes;
  j["device_total_bytes"] = m.device_total_bytes;
  j["required_bytes"] = m.required_bytes;
  j["usable_memory_bytes"] = r.usable_memory_bytes;
  j["gpu"] = r.gpu ? r.gpu->id : "";
  j["gpus"] = w.gpus;
  j["gpu_memory_bytes"] = r.gpu_memory_bytes;
  j["fits"] = r.fits;
  j["runs_as_estimated"] = r.runs_as_estimated;
  j["headroom_bytes"] = r.headroom_bytes;
  j["trainable_params"] = m.trainable_params;
  j["flops_total"] = NumberOrNull(r.compute.flops_total);
  j["time_seconds"] = NumberOrNull(r.compute.time_seconds);
  j["gpu_hours"] = NumberOrNull(r.compute.gpu_hours);
  j["tokens_per_second"] = NumberOrNull(r.compute.tokens_per_second);
  j["tokens_per_second_per_user"] = NumberOrNull(r.compute.tokens_per_second_per_user);
  j["ttft_seconds"] = NumberOrNull(r.compute.ttft_seconds);
  j["ttft_at_concurrency_seconds"] = NumberOrNull(r.compute.ttft_at_concurrency_seconds);
  j["tpot_seconds"] = NumberOrNull(r.compute.tpot_seconds);
  j["decode_step_seconds"] = NumberOrNull(r.compute.decode_step_seconds);
  j["compute_seconds"] = NumberOrNull(r.compute.compute_seconds);
  j["communication_seconds"] = NumberOrNull(r.compute.communication_seconds);
  j["offload_seconds"] = NumberOrNull(r.compute.offload_seconds);
  j["max_concurrent_users"] = NumberOrNull(r.compute.max_concurrent_users);
  j["mfu_used"] = r.compute.mfu_used;
  j["mfu_source"] = r.compute.efficiency_source;
  j["peak_tflops"] = r.compute.peak_flops / 1e12;
  j["peak_kind"] = r.compute.peak_kind;
  j["scaling_efficiency"] = r.compute.scaling_efficiency;
  j["notes"] = r.notes;
  j["warnings"] = r.warnings;
  Json formulas = Json::object();
  auto put = [&](const Figure& f) {
    formulas[f.key] = {{"label", f.label}, {"value", f.value}, {"unit", f.unit}, {"formula", f.formula},
                       {"inputs", f.inputs}, {"source", f.source}};
  };
  for (const Figure& f : m.figures) put(f);
  for (const Figure& f : r.compute.figures) put(f);
  j["formulas"] = formulas;
  return j;
}

}  // namespace atlas
