#include "walkthrough_model.hpp"

#include "app/price_home.hpp"

#include "engine/format.hpp"
#include "engine/memory_model.hpp"
#include "engine/estimate_request.hpp"
#include "engine/model_catalog.hpp"
#include "engine/recommend_request.hpp"
#include "engine/text/engine_text.hpp"

#include "app/walk_job_fields.hpp"

#include <algorithm>
#include <cmath>
#include <cctype>

namespace atlas {

const std::vector<GuideRow>& GuideTable() {
  using T = EngineText;
  static const std::vector<GuideRow> rows = {
      {1e9, 7e9, 1, "1B-7B", &T::wt_task_full_finetune, &T::wt_hw_4090_or_a10, "24-32\u00A0GB", &T::wt_src_table_region},
      {1e9, 7e9, 0, "1B-7B", &T::wt_task_pretrain, &T::wt_hw_4090_zero3, &T::wt_mem_pooled, &T::wt_src_table_region},
      {7e9, 13e9, 2, "7B-13B", &T::wt_task_lora_qlora, &T::wt_hw_4090_or_3090, &T::wt_mem_24gb_4bit, &T::wt_src_table_region},
      {7e9, 13e9, 1, "7B-13B", &T::wt_task_full_finetune, &T::wt_hw_a100_or_mi300x, "120-160\u00A0GB", &T::wt_src_table_region},
      {34e9, 70e9, 2, "34B-70B", &T::wt_task_lora, &T::wt_hw_a100_barely, "80-160\u00A0GB", &T::wt_src_table_region},
      {34e9, 70e9, 1, "34B-70B", &T::wt_task_full_finetune, &T::wt_hw_h100_model_parallel, "320-640\u00A0GB", &T::wt_src_table_region},
      {100e9, 1e15, 0, "> 100B (MoE)", &T::wt_task_pretrain, &T::wt_hw_h100_thousands, &T::wt_mem_distributed, &T::wt_src_table_region},
      {100e9, 1e15, 0, "> 100B", &T::wt_task_large_training, &T::wt_hw_h100_cluster, &T::wt_mem_80gb_2tbs, &T::wt_src_table_tiers},
      {10e9, 100e9, 2, "10B-100B", &T::wt_task_medium_finetune, &T::wt_hw_4x_a6000, &T::wt_mem_32gb_600gbs, &T::wt_src_table_tiers},
      {10e9, 100e9, 1, "10B-100B", &T::wt_task_medium_finetune, &T::wt_hw_4x_a6000, &T::wt_mem_32gb_600gbs, &T::wt_src_table_tiers},
      {0, 1e9, 3, "< 1B", &T::wt_task_small_inference, &T::wt_hw_t4_or_3060, &T::wt_mem_8gb_int8, &T::wt_src_table_tiers},
      {8e9, 8e9, 2, "8B", &T::wt_task_case_a, &T::wt_hw_4090_4bit, "24\u00A0GB", &T::wt_src_case_a},
      {13e9, 13e9, 1, "13B", &T::wt_task_case_b, &T::wt_hw_1x_a100, "80\u00A0GB", &T::wt_src_case_b},
  };
  return rows;
}

namespace {

bool IsTrainingMethod(const std::string& m) { return m == "full_finetune" || m == "lora" || m == "qlora" || m == "pretrain"; }

Task TaskOf(const std::string& method) {
  if (method == "pretrain") return Task::kPretrain;
  if (method == "lora") return Task::kLora;
  if (method == "qlora") return Task::kQlora;
  if (method == "inference") return Task::kInference;
  return Task::kFullFinetune;
}

int KindOf(Task t) {
  switch (t) {
    case Task::kPretrain: return 0;
    case Task::kFullFinetune: return 1;
    case Task::kLora:
    case Task::kQlora: return 2;
    case Task::kInference: return 3;
  }
  return 1;
}

}  // namespace

std::vector<std::string> PrecisionsFor(const std::string& method) {
  if (method == "qlora") return {"nf4", "int4", "int8"};
  if (method == "inference") return {"bf16", "fp8", "int8", "int4", "fp32"};
  return {"bf16", "fp16", "fp8", "fp32"};
}

void SelectWalkthroughPreset(WalkthroughState& s, const Catalogs& c, const std::string& id) {
  s.model_preset = id;
  const ModelSpec* m = id.empty() ? nullptr : c.models.Find(id);
  if (!m || s.method != "inference" || m->released_weights.empty()) return;
  const std::vector<std::string> ok = PrecisionsFor(s.method);
  if (std::find(ok.begin(), ok.end(), m->released_weights) != ok.end()) s.precision = m->released_weights;
}

void SelectWalkthroughTask(WalkthroughState& s, const Catalogs& c, WalkthroughTask task) {
  const bool was_serving = WalkthroughServing(s);
  s.task = task;
  if (task == WalkthroughTask::kFullFinetune) s.method = "full_finetune";
  if (task == WalkthroughTask::kPeft && s.method != "lora") s.method = "qlora";
  NormalizeWalkthrough(s);
  // A model picked before the task was: served, it starts in its released format too (a new
  // user's DeepSeek-V3 for serving was ranked in BF16 on 32 cards where its FP8 release needs 8);
  // trained again, it leaves that format for the method's default (FP8 training is the reader's choice).
  if (!was_serving && WalkthroughServing(s)) SelectWalkthroughPreset(s, c, s.model_preset);
  const ModelSpec* m = s.model_preset.empty() ? nullptr : c.models.Find(s.model_preset);
  if (was_serving && !WalkthroughServing(s) && m && !m->released_weights.empty() && s.precision == m->released_weights)
    s.precision = PrecisionsFor(s.method).front();
}

void SelectWalkthroughMethod(WalkthroughState& s, const std::string& method, const std::string& precision) {
  s.method = method;
  s.precision = precision;
  // Adapters answer a fine-tune as PEFT, and full fine-tuning a PEFT job: step 1 follows.
  if (s.task == WalkthroughTask::kFullFinetune && method != "full_finetune") s.task = WalkthroughTask::kPeft;
  if (s.task == WalkthroughTask::kPeft && method == "full_finetune") s.task = WalkthroughTask::kFullFinetune;
  NormalizeWalkthrough(s);
}

void NormalizeWalkthrough(WalkthroughState& s) {
  s.step = std::clamp(s.step, 0, kWalkSteps - 1);
  switch (s.task) {
    case WalkthroughTask::kPretrain: s.method = "pretrain"; break;
    // The task (step 1) decides; step 3 changes the task itself when it picks another method.
    case WalkthroughTask::kFullFinetune: s.method = "full_finetune"; break;
    case WalkthroughTask::kPeft:
      if (s.method != "lora" && s.method != "qlora") s.method = "qlora";
      break;
    case WalkthroughTask::kOfflineInference:
    case WalkthroughTask::kRealtimeServing: s.method = "inference"; break;
    case WalkthroughTask::kMixed:
      if (!IsTrainingMethod(s.method) || s.method == "pretrain") s.method = "lora";
      break;
  }
  const std::vector<std::string> ok = PrecisionsFor(s.method);
  if (std::find(ok.begin(), ok.end(), s.precision) == ok.end()) s.precision = ok.front();
  s.max_gpus = std::clamp(s.max_gpus, 1, kMaxRecommendGpus);
  s.budget_cny = std::max(0.0, s.budget_cny);
  s.deadline_hours = std::max(0.0, s.deadline_hours);
  s.latency_ms = std::max(0.0, s.latency_ms);
  for (OwnedGpus& o : s.owned) o.count = std::clamp(o.count, 1, 100000);
  // The job's figures: 0 = not given; anything else within its field's range.
  for (const WalkNumberField& f : WalkNumberFields()) {
    double& v = s.*(f.member);
    if (!std::isfinite(v) || v <= 0) v = 0;
    else v = std::clamp(v, f.spec.min, f.spec.max);
  }
  if (s.market != "cn" && s.market != "global") s.market.clear();
}

double DatasetRunTokens(const WalkthroughState& s) {
  return std::min(1e15, std::max(1.0, s.dataset_tokens * (s.epochs > 0 ? s.epochs : 1)));
}

bool WalkthroughServing(const WalkthroughState& s) { return s.method == "inference"; }

namespace {

// The estimate request for the answers (one method / precision of them); the job's figures
// as given, the rest left to the request's defaults (estimate_request.cpp) except serving,
// whose defaults depend on real-time vs offline.
Json EstimateRequestFor(const WalkthroughState& s, const Catalogs& c, std::vector<WalkWarning>* warnings) {
  Json j = Json::object();
  const ModelSpec* m = s.model_preset.empty() ? nullptr : c.models.Find(s.model_preset);
  if (m) j["model"] = m->id;
  else j["model"] = Json{{"params", std::clamp(s.custom_params > 0 ? s.custom_params : 7e9, 1e6, 1e14)}};
  const ModelSpec model = m ? *m : ModelFromParamCount(j["model"]["params"].get<double>());
  const Task task = TaskOf(s.method);
  j["task"] = ToString(task);
  Precision precision = ParsePrecision(s.precision).value_or(task == Task::kQlora ? Precision::kNf4 : Precision::kBf16);
  if (task == Task::kQlora && precision != Precision::kNf4 && precision != Precision::kInt4 && precision != Precision::kInt8)
    precision = Precision::kNf4;
  const bool training = task != Task::kInference;
  if (training && task != Task::kQlora &&
      (precision == Precision::kNf4 || precision == Precision::kInt4 || precision == Precision::kInt8))
    precision = Precision::kBf16;
  j["precision"] = ToString(precision);
  const int max_context = model.max_context > 0 ? model.max_context : 0;
  if (training) {
    // Tokens as given, else the dataset x epochs, else the request's default (20 x params for
    // pre-training, Chinchilla; 100M for fine-tuning: DefaultTrainTokens).
    if (s.train_tokens > 0) j["train_tokens"] = s.train_tokens;
    else if (s.dataset_tokens > 0) j["train_tokens"] = DatasetRunTokens(s);
    if (s.seq_len > 0) {
      j["seq_len"] = static_cast<long long>(s.seq_len);
      if (warnings && max_context > 0 && s.seq_len > max_context)
        warnings->push_back({WalkWarning::kSeqBeyondModel, s.seq_len, static_cast<double>(max_context)});
    } else if (!model.IsTransformer()) {
      j["seq_len"] = 1;
    }
  } else {
    const bool offline = s.task == WalkthroughTask::kOfflineInference;
    // Walkthrough defaults (project assumptions): a small real-time service of 8 users at
    // 20 tokens/s each (a reading pace), or an offline batch of 32 at 5 tokens/s.
    j["batch"] = s.batch > 0 ? static_cast<long long>(s.batch) : (offline ? 32 : 8);
    j["target_tokens_per_second"] = s.target_tokens_per_second > 0 ? s.target_tokens_per_second : (offline ? 5.0 : 20.0);
    const int context = s.context > 0 ? static_cast<int>(s.context) : std::min(4096, std::max(512, max_context > 0 ? max_context : 4096));
    if (warnings && s.context > 0 && max_context > 0 && context > max_context)
      warnings->push_back({WalkWarning::kContextBeyondModel, static_cast<double>(context), static_cast<double>(max_context)});
    int prompt = s.prompt_tokens > 0 ? static_cast<int>(s.prompt_tokens) : std::min(1024, context / 2);
    if (prompt > context) {
      if (warnings) warnings->push_back({WalkWarning::kPromptClamped, static_cast<double>(prompt), static_cast<double>(context)});
      prompt = context;
    }
    j["context"] = context;
    j["prompt_tokens"] = std::max(1, prompt);
  }
  j["gpu"] = c.gpus.Find("h100-sxm") ? "h100-sxm" : (c.gpus.gpus.empty() ? "" : c.gpus.gpus.front().id);
  return j;
}

}  // namespace

WalkRequest WalkthroughRecommendRequest(const WalkthroughState& s, const Catalogs& c, Language language) {
  WalkRequest out;
  out.request = EstimateRequestFor(s, c, &out.warnings);
  Json k = Json::object();
  if (s.budget_cny > 0) k["budget"] = s.budget_cny;
  if (s.deadline_hours > 0) k["deadline_hours"] = s.deadline_hours;
  if (s.latency_ms > 0) k["latency_ms"] = s.latency_ms;
  if (s.domestic_only) k["domestic_only"] = true;
  Json owned = Json::array();
  for (const OwnedGpus& o : s.owned) {
    if (c.gpus.Find(o.gpu)) owned.push_back({{"gpu", o.gpu}, {"count", std::clamp(o.count, 1, 100000)}});
    else out.unknown_owned.push_back(o.gpu);
  }
  if (!owned.empty()) k["owned"] = owned;
  // Serving: the weight format is the reader's answer to step 3, so the ranking keeps it
  // (recommend would otherwise swap BF16 for INT8/FP8 weights where they are cheaper).
  if (WalkthroughServing(s)) k["allow_quantization"] = false;
  k["max_gpus"] = std::clamp(s.max_gpus, 1, kMaxRecommendGpus);
  const RankObjective objectives[] = {RankObjective::kCost, RankObjective::kTime, RankObjective::kGpus, RankObjective::kEnergy};
  k["objective"] = ToString(objectives[std::clamp(static_cast<int>(s.objective), 0, 3)]);
  k["max_results"] = kWalkShownConfigs;
  const std::string region = WalkthroughPriceRegion(s, language, c.regions);
  if (!region.empty()) {
    k["region"] = region;
    // Priced in China means CN-market sellers only (no fallback to a global quote in USD).
    if (c.regions.Find(region)->in_china()) k["price_market"] = "cn";
  }
  out.request["constraints"] = k;
  return out;
}

bool WalkthroughPricesInChina(const WalkthroughState& s, Language language) {
  // Domestic cards only are sold in China: without a market chosen, they price there too.
  std::optional<bool> chosen;
  if (s.market == "cn") chosen = true;
  else if (s.market == "global") chosen = false;
  else if (s.market.empty() && s.domestic_only) chosen = true;
  return PricesInChina(chosen, language);
}

std::string WalkthroughPriceRegion(const WalkthroughState& s, Language language, const RegionCatalog& regions) {
  if (!s.region.empty() && regions.Find(s.region)) return s.region;
  const bool china = WalkthroughPricesInChina(s, language);
  for (const Region& r : regions.regions)
    if (r.in_china() == china) return r.id;
  return "";
}

void UpdateWalkthroughDerived(const AppState& state, const Catalogs& c, WalkthroughDerived& d, Language language) {
  WalkthroughState key = state.walkthrough;
  key.step = 0;
  if (d.computations > 0 && d.inputs == key && d.language == language) return;
  d.inputs = key;
  d.language = language;
  d.computations++;
  const EngineText& T = EngineTextFor(language);
  // The request, read back through the engine's own parser: the answer is recommend's.
  WalkRequest request = WalkthroughRecommendRequest(key, c, language);
  d.request = request.request;
  d.warnings = request.warnings;
  d.errors.clear();
  for (const std::string& gpu : request.unknown_owned) d.errors.push_back(Printf(T.wt_owned_unknown, gpu.c_str()));
  RecommendRequestParse parsed = ParseRecommendRequest(d.request, c);
  d.workload = parsed.estimate.workload;
  d.model_preset = parsed.estimate.model_preset;
  d.constraints = parsed.constraints;
  d.constraints.language = language;
  // Step 3: each method / precision on one card.
  d.options.clear();
  std::vector<std::pair<std::string, std::string>> choices;
  auto label = [](const std::string& method, const std::string& precision) {
    const std::string m = method == "full_finetune" ? "Full fine-tuning" : method == "lora" ? "LoRA" : method == "qlora" ? "QLoRA"
                          : method == "pretrain" ? "Pre-training" : "Weights";
    std::string p = precision;
    for (char& ch : p) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    return m + " · " + p;
  };
  if (key.method == "inference") {
    for (const char* p : {"bf16", "fp8", "int8", "int4"}) choices.push_back({"inference", p});
  } else if (key.method == "pretrain") {
    for (const char* p : {"fp32", "bf16", "fp8"}) choices.push_back({"pretrain", p});
  } else {
    choices = {{"full_finetune", "bf16"}, {"lora", "bf16"}, {"qlora", "int8"}, {"qlora", "nf4"}};
  }
  for (const auto& [method, precision] : choices) {
    WalkthroughState alt = key;
    alt.method = method;
    alt.precision = precision;
    const RequestParse w = ParseEstimateRequest(EstimateRequestFor(alt, c, nullptr), c, true);
    MethodOption o{method, precision, label(method, precision), 0, 0};
    if (w.ok()) o.bytes = EstimateMemory(w.workload, c.assumptions, c.calibration, Language::kEnglish, false).total_bytes;
    d.options.push_back(o);
  }
  if (!d.options.empty() && d.options.front().bytes > 0)
    for (MethodOption& o : d.options) o.saving = 1 - o.bytes / d.options.front().bytes;
  // Guide rows for this size and task.
  d.guide_rows.clear();
  const double params = d.workload.model.params;
  const int kind = KindOf(d.workload.task);
  for (const GuideRow& r : GuideTable())
    if (r.kind == kind && params >= r.min_params * 0.85 && params <= r.max_params * 1.15) d.guide_rows.push_back(&r);
  if (!parsed.ok()) {
    // A figure the engine refuses (a link's out-of-range mix): say which, recommend nothing.
    d.result = RecommendResult{};
    for (const std::string& e : parsed.errors) d.errors.push_back(e);
    d.valid = false;
    return;
  }
  d.result = Recommend(d.workload, d.constraints, c);
  for (const std::string& e : d.result.errors) d.errors.push_back(e);
  d.valid = d.result.ok;
}

void OpenInCalculator(AppState& state, const WalkthroughDerived& d, int config) {
  Workload w = d.workload;
  if (config >= 0 && config < static_cast<int>(d.result.configs.size())) w = d.result.configs[static_cast<size_t>(config)].workload;
  state.calculator.workload = w;
  state.calculator.model_preset = d.model_preset;
  state.view = View::kCalculator;
}

namespace {

// The walkthrough's answer for a Calculator format it does not offer: the same bytes per weight
// (FP16 as BF16, TF32 as FP32 storage, NF4 as INT4); GGUF's Q5_K_M and Q6_K as INT8, the larger
// neighbour, so a ranked plan does not hold less than the job; Q4_K_M as INT4 (4.84 vs 4.25 bits)
// and Q8_0 as INT8 (8.5 vs 8), where the larger neighbour would be far off. The line above the
// recommendations gives both formats' bits.
std::string NearestWalkPrecision(Precision p, const std::string& method) {
  const std::vector<std::string> ok = PrecisionsFor(method);
  const std::string own = ToString(p);
  if (std::find(ok.begin(), ok.end(), own) != ok.end()) return own;
  switch (p) {
    case Precision::kFp16: return "bf16";
    case Precision::kTf32: return "fp32";
    case Precision::kNf4:
    case Precision::kQ4KM: return method == "inference" ? "int4" : ok.front();
    case Precision::kQ5KM:
    case Precision::kQ6K:
    case Precision::kQ8_0: return method == "inference" ? "int8" : ok.front();
    default: return ok.front();
  }
}

}  // namespace

WalkHandOver WalkthroughFromCalculator(const CalculatorState& calculator, const WalkthroughState& base, const Catalogs& c) {
  const Workload& w = calculator.workload;
  WalkHandOver out;
  WalkthroughState& s = out.walkthrough;
  s = base;
  // A budget is the whole run for training but an hour for serving, and a deadline or a latency
  // limit belongs to one kind of job: none of them carries over to the other kind.
  if (WalkthroughServing(base) != (w.task == Task::kInference)) s.budget_cny = s.deadline_hours = s.latency_ms = 0;
  switch (w.task) {
    case Task::kPretrain: s.task = WalkthroughTask::kPretrain; s.method = "pretrain"; break;
    case Task::kFullFinetune: s.task = WalkthroughTask::kFullFinetune; s.method = "full_finetune"; break;
    case Task::kLora: s.task = WalkthroughTask::kPeft; s.method = "lora"; break;
    case Task::kQlora: s.task = WalkthroughTask::kPeft; s.method = "qlora"; break;
    case Task::kInference: s.task = WalkthroughTask::kRealtimeServing; s.method = "inference"; break;
  }
  s.precision = NearestWalkPrecision(w.precision, s.method);
  out.precision_from = w.precision;
  out.precision_mapped = s.precision != ToString(w.precision);
  if (out.precision_mapped) {
    out.bits_from = 8 * BytesPerWeight(w.precision);
    out.bits_to = 8 * BytesPerWeight(ParsePrecision(s.precision).value_or(Precision::kBf16));
  }
  const ModelSpec* preset = calculator.model_preset.empty() ? nullptr : c.models.Find(calculator.model_preset);
  // A preset as it stands carries by its id; an edited or imported architecture by its size.
  if (preset && *preset == w.model) {
    s.model_preset = preset->id;
    s.custom_params = 0;  // not this job's: a later switch to a custom size starts from the preset's
  } else {
    s.model_preset.clear();
    // The walkthrough's range for a size (its link field's), so the line says what is ranked.
    s.custom_params = std::clamp(std::isfinite(w.model.params) ? w.model.params : 7e9, 1e6, 1e14);
    out.custom_params = s.custom_params;
  }
  // The job's figures replace the base's; those of the other kind of job are cleared, so a
  // later switch of task starts from its defaults, not from an older walkthrough's.
  s.train_tokens = s.dataset_tokens = s.epochs = s.seq_len = 0;
  s.batch = s.context = s.prompt_tokens = s.target_tokens_per_second = 0;
  if (w.IsTraining()) {
    s.train_tokens = w.train_tokens;
    s.seq_len = w.seq_len;
  } else {
    s.batch = w.batch;
    s.context = w.context;
    s.prompt_tokens = w.prompt_tokens;
    s.target_tokens_per_second = w.target_tokens_per_second;
  }
  const int gpus = std::clamp(w.gpus, 1, kMaxRecommendGpus);
  if (s.max_gpus < gpus) {
    s.max_gpus = gpus;
    out.max_gpus_raised_to = gpus;
  }
  s.step = kWalkStepResults;
  NormalizeWalkthrough(s);
  // A figure equal to what the walkthrough would use unset (for this model and the other figures
  // as carried) stays unset: step 4 then shows it as its default, not as a typed value beside
  // "Use default" (a new-user check). It then follows later answers as a default does: another
  // model, real-time -> offline serving (8 users at 20 tokens/s -> 32 at 5), a dataset given
  // (its tokens x epochs), a longer context (the prompt's default). The Calculator has no "unset",
  // so a typed value equal to the default cannot be told apart; the job ranked is the same.
  auto keep_unless_default = [&](double WalkthroughState::*field, auto Workload::*in_workload) {
    if (!(s.*field > 0)) return;
    WalkthroughState unset = s;
    unset.*field = 0;
    const RequestParse parsed = ParseEstimateRequest(EstimateRequestFor(unset, c, nullptr), c);
    if (parsed.ok() && static_cast<double>(parsed.workload.*in_workload) == s.*field) s.*field = 0;
  };
  if (w.IsTraining()) {
    keep_unless_default(&WalkthroughState::train_tokens, &Workload::train_tokens);
    keep_unless_default(&WalkthroughState::seq_len, &Workload::seq_len);
  } else {
    keep_unless_default(&WalkthroughState::batch, &Workload::batch);
    keep_unless_default(&WalkthroughState::context, &Workload::context);
    keep_unless_default(&WalkthroughState::prompt_tokens, &Workload::prompt_tokens);
    keep_unless_default(&WalkthroughState::target_tokens_per_second, &Workload::target_tokens_per_second);
  }
  return out;
}

}  // namespace atlas
