#include "walkthrough_model.hpp"

#include "engine/format.hpp"
#include "engine/memory_model.hpp"
#include "engine/model_catalog.hpp"
#include "engine/text/engine_text.hpp"

#include <algorithm>
#include <cctype>

namespace atlas {

const std::vector<GuideRow>& GuideTable() {
  using T = EngineText;
  static const std::vector<GuideRow> rows = {
      {1e9, 7e9, 1, "1B-7B", &T::wt_task_full_finetune, &T::wt_hw_4090_or_a10, "24-32 GB", "004 §4.2"},
      {1e9, 7e9, 0, "1B-7B", &T::wt_task_pretrain, &T::wt_hw_4090_zero3, &T::wt_mem_pooled, "004 §4.2"},
      {7e9, 13e9, 2, "7B-13B", &T::wt_task_lora_qlora, &T::wt_hw_4090_or_3090, &T::wt_mem_24gb_4bit, "004 §4.2"},
      {7e9, 13e9, 1, "7B-13B", &T::wt_task_full_finetune, &T::wt_hw_a100_or_mi300x, "120-160 GB", "004 §4.2"},
      {34e9, 70e9, 2, "34B-70B", &T::wt_task_lora, &T::wt_hw_a100_barely, "80-160 GB", "004 §4.2"},
      {34e9, 70e9, 1, "34B-70B", &T::wt_task_full_finetune, &T::wt_hw_h100_model_parallel, "320-640 GB", "004 §4.2"},
      {100e9, 1e15, 0, "> 100B (MoE)", &T::wt_task_pretrain, &T::wt_hw_h100_thousands, &T::wt_mem_distributed, "004 §4.2"},
      {100e9, 1e15, 0, "> 100B", &T::wt_task_large_training, &T::wt_hw_h100_cluster, &T::wt_mem_80gb_2tbs, "000 §5.2"},
      {10e9, 100e9, 2, "10B-100B", &T::wt_task_medium_finetune, &T::wt_hw_4x_a6000, &T::wt_mem_32gb_600gbs, "000 §5.2"},
      {10e9, 100e9, 1, "10B-100B", &T::wt_task_medium_finetune, &T::wt_hw_4x_a6000, &T::wt_mem_32gb_600gbs, "000 §5.2"},
      {0, 1e9, 3, "< 1B", &T::wt_task_small_inference, &T::wt_hw_t4_or_3060, &T::wt_mem_8gb_int8, "000 §5.2"},
      {8e9, 8e9, 2, "8B", &T::wt_task_case_a, &T::wt_hw_4090_4bit, "24 GB", &T::wt_src_case_a},
      {13e9, 13e9, 1, "13B", &T::wt_task_case_b, &T::wt_hw_1x_a100, "80 GB", &T::wt_src_case_b},
  };
  return rows;
}

namespace {

bool IsTrainingMethod(const std::string& m) { return m == "full_finetune" || m == "lora" || m == "qlora" || m == "pretrain"; }

std::optional<Precision> ParsePrecision(const std::string& s) {
  for (Precision p : {Precision::kFp32, Precision::kTf32, Precision::kBf16, Precision::kFp16, Precision::kFp8, Precision::kInt8,
                      Precision::kInt4, Precision::kNf4})
    if (s == ToString(p)) return p;
  return std::nullopt;
}

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

void NormalizeWalkthrough(WalkthroughState& s) {
  s.step = std::clamp(s.step, 0, 4);
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
  if (s.market != "cn" && s.market != "global") s.market.clear();
}

Workload WalkthroughWorkload(const WalkthroughState& s, const Catalogs& c, std::string* preset) {
  Workload w;
  const ModelSpec* m = s.model_preset.empty() ? nullptr : c.models.Find(s.model_preset);
  if (m) {
    w.model = *m;
    if (preset) *preset = m->id;
  } else {
    const double params = std::clamp(s.custom_params > 0 ? s.custom_params : 7e9, 1e6, 1e14);
    w.model = ModelFromParamCount(params);
    if (preset) preset->clear();
  }
  w.task = TaskOf(s.method);
  w.precision = ParsePrecision(s.precision).value_or(w.task == Task::kQlora ? Precision::kNf4 : Precision::kBf16);
  if (w.task == Task::kQlora && w.precision != Precision::kNf4 && w.precision != Precision::kInt4 && w.precision != Precision::kInt8)
    w.precision = Precision::kNf4;
  if (w.IsTraining() && w.task != Task::kQlora &&
      (w.precision == Precision::kNf4 || w.precision == Precision::kInt4 || w.precision == Precision::kInt8))
    w.precision = Precision::kBf16;
  w.train_tokens = w.task == Task::kPretrain ? 20 * w.model.params : 1e8;
  if (w.task == Task::kInference) {
    const bool offline = s.task == WalkthroughTask::kOfflineInference;
    w.batch = offline ? 32 : 8;
    w.target_tokens_per_second = offline ? 5 : 20;
    w.context = std::min(4096, std::max(512, w.model.max_context > 0 ? w.model.max_context : 4096));
    w.prompt_tokens = std::min(1024, w.context / 2);
  }
  if (!w.model.IsTransformer()) w.seq_len = 1;
  w.gpu = c.gpus.Find("h100-sxm") ? "h100-sxm" : (c.gpus.gpus.empty() ? "" : c.gpus.gpus.front().id);
  return w;
}

Constraints WalkthroughConstraints(const WalkthroughState& s) {
  Constraints c;
  if (s.budget_cny > 0) c.budget_cny = s.budget_cny;
  if (s.deadline_hours > 0) c.deadline_hours = s.deadline_hours;
  if (s.latency_ms > 0) c.latency_ms = s.latency_ms;
  c.domestic_only = s.domestic_only;
  for (const OwnedGpus& o : s.owned) c.owned.push_back({o.gpu, o.count});
  c.max_gpus = std::clamp(s.max_gpus, 1, kMaxRecommendGpus);
  switch (s.objective) {
    case Objective::kCost: c.objective = RankObjective::kCost; break;
    case Objective::kTime: c.objective = RankObjective::kTime; break;
    case Objective::kGpus: c.objective = RankObjective::kGpus; break;
    case Objective::kEnergy: c.objective = RankObjective::kEnergy; break;
  }
  c.max_results = 8;
  return c;
}

bool WalkthroughPricesInChina(const WalkthroughState& s, Language language) {
  if (s.market == "cn") return true;
  if (s.market == "global") return false;
  return language == Language::kChinese || s.domestic_only;
}

std::string WalkthroughPriceRegion(const WalkthroughState& s, Language language, const RegionCatalog& regions) {
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
  d.workload = WalkthroughWorkload(key, c, &d.model_preset);
  d.constraints = WalkthroughConstraints(key);
  d.constraints.language = language;
  d.constraints.region = WalkthroughPriceRegion(key, language, c.regions);
  // Priced in China means CN-market sellers only (no fallback to a global quote in USD).
  if (WalkthroughPricesInChina(key, language)) d.constraints.price_market = "cn";
  // Owned entries naming unknown cards are dropped with a message, not fatal.
  d.errors.clear();
  std::vector<OwnedGpu> owned;
  for (const OwnedGpu& o : d.constraints.owned) {
    if (c.gpus.Find(o.gpu)) owned.push_back(o);
    else d.errors.push_back(Printf(T.wt_owned_unknown, o.gpu.c_str()));
  }
  d.constraints.owned = owned;
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
    Workload w = WalkthroughWorkload(alt, c, nullptr);
    MethodOption o{method, precision, label(method, precision), 0, 0};
    if (ValidateWorkload(w).empty()) o.bytes = EstimateMemory(w, c.assumptions, c.calibration, Language::kEnglish, false).total_bytes;
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

}  // namespace atlas
