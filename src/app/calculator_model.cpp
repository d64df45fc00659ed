#include "calculator_model.hpp"

#include "engine/estimate_warnings.hpp"
#include "engine/format.hpp"
#include "engine/model_catalog.hpp"
#include "engine/recommend_risk.hpp"
#include "engine/text/engine_text.hpp"

#include <algorithm>
#include <climits>

namespace atlas {

bool NormalizeCalculator(CalculatorState& s, const Catalogs& c) {
  const CalculatorState before = s;
  Workload& w = s.workload;
  if (!s.model_preset.empty()) {
    const ModelSpec* m = c.models.Find(s.model_preset);
    if (!m) s.model_preset = c.models.models.empty() ? "" : c.models.models.front().id, m = c.models.Find(s.model_preset);
    if (m && !(w.model == *m)) w.model = *m;
  }
  if (w.model.params <= 0 && !c.models.models.empty()) {
    s.model_preset = c.models.Find("llama-3.1-8b") ? "llama-3.1-8b" : c.models.models.front().id;
    w.model = *c.models.Find(s.model_preset);
  }
  w.tp = std::max(1, w.tp), w.pp = std::max(1, w.pp), w.dp = std::max(1, w.dp), w.ep = std::max(1, w.ep);
  // In 64 bits (the UI allows 1024 x 1024 x 1e6); past int, ValidateWorkload reports the mismatch.
  if (w.IsTraining()) w.gpus = static_cast<int>(std::min<long long>(static_cast<long long>(w.tp) * w.pp * w.dp, INT_MAX));
  else w.gpus = std::max(w.gpus, w.tp * w.pp);
  if (w.IsTraining() && w.train_tokens <= 0) w.train_tokens = w.task == Task::kPretrain ? 20 * w.model.params : 1e8;
  if (w.task == Task::kQlora && w.precision != Precision::kNf4 && w.precision != Precision::kInt4 && w.precision != Precision::kInt8)
    w.precision = Precision::kNf4;
  if (w.IsTraining() && w.task != Task::kQlora &&
      (w.precision == Precision::kInt8 || w.precision == Precision::kInt4 || w.precision == Precision::kNf4))
    w.precision = Precision::kBf16;
  if (!c.gpus.Find(w.gpu) && !c.gpus.gpus.empty()) w.gpu = c.gpus.gpus.front().id;
  // A serving stack for a training job, or a training stack for serving (a task changed after the
  // framework was picked, or a link that says both): back to the task's own default.
  const bool serving_stack = w.framework == Framework::kVllm || w.framework == Framework::kTensorrtLlm ||
                             w.framework == Framework::kLlamaCpp;
  if (w.framework != Framework::kAuto && serving_stack != !w.IsTraining()) w.framework = Framework::kAuto;
  return !(before == s);
}

void UpdateCalculatorDerived(const AppState& state, const Catalogs& c, CalculatorDerived& d, Language language) {
  if (d.computations > 0 && d.inputs == state.calculator && d.language == language) return;
  d.inputs = state.calculator;
  d.language = language;
  d.computations++;
  const Workload& w = state.calculator.workload;
  d.errors = ValidateWorkload(w, language);
  if (!c.gpus.Find(w.gpu)) d.errors.push_back(Printf(EngineTextFor(language).calc_unknown_gpu, w.gpu.c_str()));
  d.valid = d.errors.empty();
  d.fits_on.clear();
  d.layout_risks.clear();
  d.fit = FitResult{};
  if (!d.valid) return;
  d.estimate = Estimate(w, c, language);
  if (d.estimate.gpu) d.layout_risks = LayoutRisks(*d.estimate.gpu, w, c.assumptions.gpus_per_node, language);
  if (!d.estimate.fits) {
    FitConstraints constraints;
    constraints.language = language;
    d.fit = Fit(w, constraints, c);
  }
  for (int i = 0; i < static_cast<int>(c.gpus.gpus.size()); ++i) {
    Workload layout;
    FitsOnEntry e;
    e.gpu_index = i;
    e.unsupported = UnsupportedSoftware(c.gpus.gpus[i], w, language);
    if (e.unsupported.empty()) e.min_gpus = MinGpusToFit(w, c, c.gpus.gpus[i], kMaxFitsOnGpus, &layout);
    if (e.min_gpus > 0) {
      e.per_gpu_bytes = Estimate(layout, c, Language::kEnglish, false).memory.total_bytes;
      e.risks = LayoutRisks(c.gpus.gpus[i], layout, c.assumptions.gpus_per_node, language);
      const Framework framework = FrameworkFor(layout);
      if (!RunsAsEstimated(layout, framework, c.gpus.gpus[i]))
        e.cannot_run = EstimateWarnings(layout, framework, c.gpus.gpus[i], language);
      else if (!SoftwareSaysYes(layout, framework, c.gpus.gpus[i]))
        e.software_cautions = EstimateWarnings(layout, framework, c.gpus.gpus[i], language);
    } else e.standalone = e.unsupported.empty() && c.gpus.gpus[i].Standalone();
    d.fits_on.push_back(e);
  }
  // Fewest cards first, then the card with the most memory left.
  std::stable_sort(d.fits_on.begin(), d.fits_on.end(), [&](const FitsOnEntry& a, const FitsOnEntry& b) {
    const int ka = a.min_gpus == 0 ? 1 << 30 : a.min_gpus, kb = b.min_gpus == 0 ? 1 << 30 : b.min_gpus;
    if (ka != kb) return ka < kb;
    return c.gpus.gpus[a.gpu_index].memory_bytes < c.gpus.gpus[b.gpu_index].memory_bytes;
  });
}

std::string SelectPreset(CalculatorState& s, const Catalogs& c, const std::string& id) {
  const ModelSpec* m = c.models.Find(id);
  if (!m) return "Unknown model preset " + id;
  s.model_preset = id;
  s.workload.model = *m;
  if (s.workload.task == Task::kPretrain) s.workload.train_tokens = 20 * m->params;
  // Served, a model starts in the format its authors publish (gpt-oss: MXFP4 experts, 4-bit; DeepSeek-V3
  // and R1: FP8), not BF16: a review read gpt-oss-120b as 222 GiB on one H100, advised to re-quantise.
  if (s.workload.task == Task::kInference)
    if (const std::optional<Precision> released = ParsePrecision(m->released_weights)) s.workload.precision = *released;
  return {};
}

void SelectTask(CalculatorState& s, const Catalogs& c, Task task) {
  Workload& w = s.workload;
  if (task == w.task) return;  // the option already chosen: the job's figures stay as typed
  const bool was_inference = w.task == Task::kInference;
  // An unedited preset's released weight format (DeepSeek-V3: FP8), if it has one.
  const ModelSpec* m = s.model_preset.empty() ? nullptr : c.models.Find(s.model_preset);
  const std::optional<Precision> released = m && *m == w.model ? ParsePrecision(m->released_weights) : std::nullopt;
  w.task = task;
  if (w.task == Task::kQlora) w.precision = Precision::kNf4;
  else if (w.precision == Precision::kNf4 || w.precision == Precision::kInt4 || w.precision == Precision::kInt8)
    w.precision = w.task == Task::kInference ? w.precision : Precision::kBf16;
  if (w.task == Task::kInference) w.dp = 1;
  w.train_tokens = w.task == Task::kPretrain ? 20 * w.model.params : 1e8;
  // Served from a training task, a preset starts in its released format, as a pick under
  // inference does (a new user's DeepSeek-V3 read "does not fit: 158 GiB per GPU" on 8 x H20 in
  // BF16); trained again, it leaves that format for BF16 (FP8 training is the reader's choice).
  if (released && !was_inference && w.task == Task::kInference) w.precision = *released;
  if (released && was_inference && w.task != Task::kInference && w.precision == *released && w.task != Task::kQlora)
    w.precision = Precision::kBf16;
}

std::string SelectCustomSize(CalculatorState& s, const std::string& text) {
  auto n = ParseParamCount(text);
  if (!n) return "Type a size like 13B, 350M or 1.2T (between 1 thousand and 100 trillion parameters).";
  s.model_preset.clear();
  s.workload.model = ModelFromParamCount(*n);
  if (s.workload.task == Task::kPretrain) s.workload.train_tokens = 20 * *n;
  return {};
}

std::string ImportHfConfig(CalculatorState& s, const std::string& json_text, std::vector<std::string>& notes) {
  HfImport imp = ModelFromHfConfig(json_text);
  notes = imp.notes;
  if (!imp.errors.empty()) {
    std::string all;
    for (const auto& e : imp.errors) all += (all.empty() ? "" : "\n") + e;
    return all;
  }
  s.model_preset.clear();
  s.workload.model = imp.model;
  return {};
}

void ArchitectureEdited(CalculatorState& s) {
  ModelSpec& m = s.workload.model;
  s.model_preset.clear();
  m.id = "custom";
  if (m.heads > 0 && m.kv_heads > m.heads) m.kv_heads = m.heads;
  if (m.experts > 0 && m.moe_layers == 0) m.moe_layers = m.layers;
  if (m.experts == 0) m.experts_per_token = 0, m.moe_layers = 0, m.shared_experts = 0;
  if (m.attention != AttentionKind::kMla)
    m.attention = m.kv_heads == m.heads ? AttentionKind::kMha : (m.kv_heads == 1 ? AttentionKind::kMqa : AttentionKind::kGqa);
  if (m.IsTransformer()) {
    m.params = CountParams(m, false);
    m.active_params = CountParams(m, true);
  }
  // The name stays the preset's: the picker marks an edited model in the reader's language
  // ("… (custom)", "…（自定义）", calc_model_custom); an English "Custom (…)" here showed in Chinese.
  if (m.name.rfind("Custom (", 0) == 0 && m.name.back() == ')') m.name = m.name.substr(8, m.name.size() - 9);
}

bool ApplyFit(CalculatorState& s, const FitResult& fit) {
  if (!fit.ok || !fit.fits || fit.changes.empty() || fit.workload == s.workload) return false;
  // Only the knobs change; the model (and its preset) and the question stay as they are.
  if (!(fit.workload.model == s.workload.model) || fit.workload.task != s.workload.task || fit.workload.gpu != s.workload.gpu)
    return false;
  s.workload = fit.workload;
  return true;
}

void ApplyFitsOn(CalculatorState& s, const Catalogs& c, int gpu_index) {
  if (gpu_index < 0 || gpu_index >= static_cast<int>(c.gpus.gpus.size())) return;
  Workload layout;
  if (MinGpusToFit(s.workload, c, c.gpus.gpus[gpu_index], kMaxFitsOnGpus, &layout) > 0) s.workload = layout;
}

}  // namespace atlas
