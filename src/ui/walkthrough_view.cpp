#include "walkthrough_view.hpp"

#include "engine/format.hpp"
#include "format_units.hpp"
#include "theme.hpp"
#include "widgets.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

namespace atlas::ui {

namespace {

// [SECTION] Shared pieces ----------------------------------------------------------------------

constexpr const char* kStepTitles[] = {"Task", "Model size", "Method & precision", "Constraints", "Recommendations"};
constexpr int kSteps = 5;

// Buttons as wide as the panel on phones (thumbs), natural width on desktops.
float ButtonWidth(const UiEnv& env) { return env.narrow() ? ImGui::GetContentRegionAvail().x : 0.0f; }
float TouchHeight(const UiEnv& env) { return env.narrow() ? Em(2.2f) : 0.0f; }

void Progress(WalkthroughState& s, const UiEnv& env) {
  ImGui::Text("Step %d of %d · %s", s.step + 1, kSteps, kStepTitles[s.step]);
  const float avail = ImGui::GetContentRegionAvail().x;
  const float gap = Em(0.3f);
  const float w = (avail - gap * (kSteps - 1)) / kSteps;
  for (int i = 0; i < kSteps; ++i) {
    ImGui::PushID(i);
    const ImU32 col = i < s.step ? TierColor(2, 0.8f) : i == s.step ? kColorAccent : IM_COL32(70, 74, 84, 255);
    ImGui::PushStyleColor(ImGuiCol_Button, col);
    ImGui::PushStyleColor(ImGuiCol_ButtonHovered, kColorAccent);
    const std::string label = env.narrow() ? std::to_string(i + 1) : std::to_string(i + 1) + ". " + kStepTitles[i];
    if (ImGui::Button(label.c_str(), ImVec2(w, env.narrow() ? Em(1.8f) : 0))) s.step = i;
    ImGui::PopStyleColor(2);
    ImGui::PopID();
    if (i + 1 < kSteps) ImGui::SameLine(0, gap);
  }
}

// The rule box of every step: the rule that fired, the numbers behind it, where it comes from.
void Rule(const std::string& rule, const std::vector<std::string>& numbers, const std::string& source) {
  ImGui::Spacing();
  ImGui::PushStyleColor(ImGuiCol_Text, kColorAccent);
  ImGui::TextUnformatted("Rule");
  ImGui::PopStyleColor();
  ImGui::PushTextWrapPos(0);
  ImGui::TextUnformatted(rule.c_str());
  for (const std::string& n : numbers) WrappedBullet(n);
  ImGui::TextDisabled("Source: %s", source.c_str());
  ImGui::PopTextWrapPos();
  ImGui::Separator();
}

bool Choice(const char* label, bool selected, const UiEnv& env) {
  return ImGui::Selectable(label, selected, 0, ImVec2(0, env.narrow() ? Em(1.9f) : 0));
}

std::string Money(const std::optional<double>& cny) {
  if (!cny) return "cost unknown";
  return "¥" + FormatNumber(*cny, *cny < 100 ? 2 : 0);
}

// [SECTION] Steps ------------------------------------------------------------------------------

void StepTask(WalkthroughState& s, const UiEnv& env) {
  struct Option {
    WalkthroughTask task;
    const char* label;
    const char* what;
  };
  static constexpr Option kOptions[] = {
      {WalkthroughTask::kPretrain, "Pre-training", "train a model from scratch on a large corpus"},
      {WalkthroughTask::kFullFinetune, "Full fine-tuning", "update every weight on your data"},
      {WalkthroughTask::kPeft, "LoRA / QLoRA / adapters", "train small adapters on a frozen base"},
      {WalkthroughTask::kOfflineInference, "Offline inference", "batch jobs: throughput over latency"},
      {WalkthroughTask::kRealtimeServing, "Real-time serving", "users waiting: latency and tokens/s per user"},
      {WalkthroughTask::kMixed, "Mixed (training + inference)", "fine-tune, then serve; sized for the training part"},
  };
  for (const Option& o : kOptions) {
    ImGui::PushID(static_cast<int>(o.task));
    if (Choice(o.label, s.task == o.task, env)) {
      s.task = o.task;
      if (o.task == WalkthroughTask::kFullFinetune) s.method = "full_finetune";
      if (o.task == WalkthroughTask::kPeft && s.method != "lora") s.method = "qlora";
      NormalizeWalkthrough(s);
    }
    if (!env.narrow()) {
      ImGui::SameLine(Em(16));
      ImGui::TextDisabled("%s", o.what);
    }
    ImGui::PopID();
  }
  const bool training = s.task != WalkthroughTask::kOfflineInference && s.task != WalkthroughTask::kRealtimeServing;
  Rule(training ? "Training: memory = weights + gradients + optimizer states + activations; the optimizer dominates full training."
                : "Inference: memory = weights at their format + KV cache for the concurrent sequences; decoding is bandwidth-bound.",
       {training ? "Full training with mixed-precision AdamW: 16 bytes per parameter of model states (ZeRO §3)"
                 : "Weights: BF16 2 bytes, INT8 1 byte, INT4 about 0.53 bytes per parameter"},
       "guide 000 §5.1 step 1 (task type: training full / fine-tuning, inference offline / real-time, mixed)");
}

void StepModel(WalkthroughState& s, const Catalogs& c, const WalkthroughDerived& d, const UiEnv& env) {
  const ModelSpec* preset = s.model_preset.empty() ? nullptr : c.models.Find(s.model_preset);
  ImGui::SetNextItemWidth(env.narrow() ? -1 : Em(22));
  if (ImGui::BeginCombo("##preset", preset ? preset->name.c_str() : "Custom size", ImGuiComboFlags_HeightLarge)) {
    for (const ModelSpec& m : c.models.models) {
      const std::string label = m.name + "  ·  " + Count(m.params) + (m.IsMoe() ? " (MoE)" : "");
      if (ImGui::Selectable(label.c_str(), s.model_preset == m.id)) s.model_preset = m.id;
    }
    if (ImGui::Selectable("Custom size", s.model_preset.empty())) {
      s.custom_params = preset ? preset->params : 7e9;
      s.model_preset.clear();
    }
    ImGui::EndCombo();
  }
  if (s.model_preset.empty()) {
    double billions = (s.custom_params > 0 ? s.custom_params : 7e9) / 1e9;
    ImGui::SetNextItemWidth(env.narrow() ? -Em(7) : Em(10));
    if (ImGui::InputDouble("billion params", &billions, 1, 10, "%.2f"))
      s.custom_params = std::clamp(billions, 0.001, 100000.0) * 1e9;
  }
  const double params = d.workload.model.params;
  ImGui::Text("%s parameters · size class %s", Count(params).c_str(), SizeClass(params));
  std::vector<std::string> numbers = {
      Printf("BF16 weights alone: %s x 2 bytes = %s", Count(params).c_str(), Bytes(params * 2).c_str()),
      Printf("Full training states: %s x 16 bytes = %s", Count(params).c_str(), Bytes(params * 16).c_str())};
  for (const GuideRow* r : d.guide_rows)
    numbers.push_back(Printf("Guide table: %s %s -> %s (%s) [%s]", r->size, r->task, r->hardware, r->memory, r->source));
  Rule("Size classes: < 1B small, 1-10B medium, 10-100B large, > 100B very large. The class sets the tier to look at.",
       numbers, "guide 000 §5.1 step 2; configuration table 004 §4.2");
}

void StepMethod(WalkthroughState& s, const WalkthroughDerived& d, const UiEnv& env) {
  ImGui::TextWrapped("Memory of the job on one card for each choice (before any sharding), and the saving against the first:");
  const float bar_w = env.narrow() ? ImGui::GetContentRegionAvail().x : std::min(ImGui::GetContentRegionAvail().x, Em(30));
  double biggest = 1;
  for (const MethodOption& o : d.options) biggest = std::max(biggest, o.bytes);
  for (size_t i = 0; i < d.options.size(); ++i) {
    const MethodOption& o = d.options[i];
    ImGui::PushID(static_cast<int>(i));
    const bool selected = s.method == o.method && s.precision == o.precision;
    const std::string label = o.label + "   " + Bytes(o.bytes) + (i > 0 ? Printf("   (-%.0f%%)", o.saving * 100) : "");
    if (Choice(label.c_str(), selected, env)) {
      s.method = o.method;
      s.precision = o.precision;
      if (s.task == WalkthroughTask::kFullFinetune && o.method != "full_finetune") s.task = WalkthroughTask::kPeft;
      if (s.task == WalkthroughTask::kPeft && o.method == "full_finetune") s.task = WalkthroughTask::kFullFinetune;
      NormalizeWalkthrough(s);
    }
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float w = static_cast<float>(o.bytes / biggest) * bar_w;
    dl->AddRectFilled(p, ImVec2(p.x + w, p.y + Em(0.35f)), selected ? kColorAccent : kColorMuted);
    ImGui::Dummy(ImVec2(bar_w, Em(0.5f)));
    ImGui::PopID();
  }
  if (s.method != "inference" && s.method != "pretrain") {
    ImGui::TextDisabled("Precision of the selected method:");
    for (const std::string& p : PrecisionsFor(s.method)) {
      ImGui::SameLine();
      if (ImGui::RadioButton(p.c_str(), s.precision == p)) s.precision = p;
    }
  }
  std::vector<std::string> numbers;
  if (d.options.size() >= 2)
    numbers.push_back(Printf("%s needs %s; %s needs %s", d.options.front().label.c_str(), Bytes(d.options.front().bytes).c_str(),
                             d.options.back().label.c_str(), Bytes(d.options.back().bytes).c_str()));
  numbers.push_back("The guide's table: full fine-tuning 100% memory, LoRA about 10%, adapters about 5% (000 §2.2); "
                    "engine figures above include activations at sequence 2,048");
  Rule("Parameter-efficient methods and quantisation lower the memory floor: LoRA freezes the base (no gradients "
                      "or optimizer states for it), QLoRA also stores it in 4 bits, INT8/INT4 shrink served weights.",
       numbers, "guide 004 §4.3 (LoRA, quantisation, checkpointing); QLoRA, Dettmers et al. 2023");
}

void StepConstraints(WalkthroughState& s, const Catalogs& c, const UiEnv& env) {
  const float input_w = env.narrow() ? -Em(9) : Em(12);
  auto number = [&](const char* label, double& value, const char* help) {
    ImGui::SetNextItemWidth(input_w);
    double v = value;
    if (ImGui::InputDouble(label, &v, 0, 0, "%.0f")) value = std::max(0.0, v);
    ImGui::SameLine();
    HelpMarker(help);
  };
  number("budget, CNY", s.budget_cny, "Whole training job, or per hour of serving. 0 = no limit.");
  const bool serving = s.method == "inference";
  if (!serving) number("deadline, hours", s.deadline_hours, "Wall-clock limit for the training run. 0 = no limit.");
  else number("first-token latency, ms", s.latency_ms, "Time to first token for a request. 0 = no limit.");
  ImGui::SetNextItemWidth(input_w);
  ImGui::InputInt("max GPUs", &s.max_gpus, 1, 8);
  s.max_gpus = std::clamp(s.max_gpus, 1, kMaxRecommendGpus);
  ImGui::Checkbox("domestic (Chinese-designed) cards only", &s.domestic_only);
  static constexpr std::pair<Objective, const char*> kObjectives[] = {
      {Objective::kCost, "lowest cost"}, {Objective::kTime, "shortest time"}, {Objective::kGpus, "fewest GPUs"}, {Objective::kEnergy, "lowest energy"}};
  ImGui::TextUnformatted("Rank by");
  for (const auto& [o, label] : kObjectives) {
    if (!env.narrow()) ImGui::SameLine();
    if (ImGui::RadioButton(label, s.objective == o)) s.objective = o;
  }
  SectionTitle("Hardware you already own");
  for (size_t i = 0; i < s.owned.size(); ++i) {
    ImGui::PushID(static_cast<int>(i));
    OwnedGpus& o = s.owned[i];
    const Gpu* g = c.gpus.Find(o.gpu);
    ImGui::SetNextItemWidth(env.narrow() ? -Em(4) : Em(16));
    if (ImGui::BeginCombo("##gpu", g ? g->name.c_str() : o.gpu.c_str(), ImGuiComboFlags_HeightLarge)) {
      for (const Gpu& card : c.gpus.gpus)
        if (ImGui::Selectable(card.name.c_str(), card.id == o.gpu)) o.gpu = card.id;
      ImGui::EndCombo();
    }
    if (!env.narrow()) ImGui::SameLine();
    ImGui::SetNextItemWidth(Em(7));
    ImGui::InputInt("cards", &o.count, 1, 1);
    o.count = std::clamp(o.count, 1, 100000);
    ImGui::SameLine();
    const bool remove = ImGui::Button("Remove");
    ImGui::PopID();
    if (remove) {
      s.owned.erase(s.owned.begin() + static_cast<long>(i));
      break;
    }
  }
  if (ImGui::Button("+ Add owned cards", ImVec2(ButtonWidth(env), TouchHeight(env))) && s.owned.size() < 8)
    s.owned.push_back({"rtx-4090", 1});
  Rule("Hardware constraints: memory first (can it hold the job?), then bandwidth and interconnect, then price. Owned cards "
       "come first when they fit.",
       {"Plan at least 10-12 CPU cores per GPU, or the GPUs wait for data (004 §7.2)",
        "8-card training wants NVLink or a fast bridge; up to 4 cards PCIe 4.0 x16 is enough (004 §7.2)"},
       "guide 000 §5.1 step 3 (hardware constraints); 004 §7.2");
}

void DrawConfig(AppState& state, const Catalogs& c, const WalkthroughDerived& d, int index, const UiEnv& env) {
  const Recommendation& r = d.result.configs[static_cast<size_t>(index)];
  const Gpu& g = c.gpus.gpus[static_cast<size_t>(r.gpu_index)];
  ImGui::PushID(index);
  const int tier = static_cast<size_t>(r.gpu_index) < c.gpu_tiers.size() ? static_cast<int>(c.gpu_tiers[static_cast<size_t>(r.gpu_index)].tier) : 2;
  ImGui::PushStyleColor(ImGuiCol_Text, TierColor(tier));
  ImGui::Text("#%d  %d x %s", r.rank, r.gpus, g.name.c_str());
  ImGui::PopStyleColor();
  if (r.owned) {
    ImGui::SameLine();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kColorGood), "owned");
  }
  if (r.pareto) {
    ImGui::SameLine();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kColorWarn), "Pareto");
    ImGui::SameLine();
    HelpMarker("On the time-vs-cost front: no other configuration is both faster and cheaper.");
  }
  ImGui::TextWrapped("%s · %s per card · %s%s", r.layout.c_str(), Bytes(r.per_gpu_bytes).c_str(),
                     r.time_seconds ? Duration(*r.time_seconds).c_str()
                                    : Printf("%.0f tokens/s per user", r.tokens_per_second_per_user.value_or(0)).c_str(),
                     (" · " + Money(r.cost_cny) + (r.workload.IsTraining() ? "" : " per hour")).c_str());
  if (ImGui::TreeNode("why", "Why, limits, advice")) {
    ImGui::PushTextWrapPos(0);
    for (const std::string& s : r.reasons) WrappedBullet(s);
    for (const std::string& s : r.limits) {
      ImGui::Bullet();
      ColoredWrapped(kColorWarn, s);
    }
    for (const std::string& s : r.advice) {
      ImGui::Bullet();
      ColoredWrapped(kColorMuted, s);
    }
    ImGui::PopTextWrapPos();
    ImGui::TreePop();
  }
  if (ImGui::Button("Open in Calculator", ImVec2(ButtonWidth(env), TouchHeight(env)))) OpenInCalculator(state, d, index);
  ImGui::Separator();
  ImGui::PopID();
}

void StepResults(AppState& state, const Catalogs& c, const WalkthroughDerived& d, const UiEnv& env) {
  const RecommendResult& r = d.result;
  if (!d.valid) {
    for (const std::string& e : d.errors) ColoredWrapped(kColorBad, e);
    return;
  }
  const int shown = std::min<int>(5, static_cast<int>(r.configs.size()));
  if (shown == 0) ColoredWrapped(kColorBad, "No configuration meets every constraint. Loosen the budget, deadline or GPU limit, or pick a lighter method.");
  for (int i = 0; i < shown; ++i) DrawConfig(state, c, d, i, env);
  ImGui::TextDisabled("%d configurations meet the constraints · %s of %s combinations checked", r.fitting_total,
                      FormatNumber(static_cast<double>(r.evaluated)).c_str(), FormatNumber(static_cast<double>(r.search_space)).c_str());
  if (!r.why_not.empty()) {
    SectionTitle("Why not ...");
    for (const std::string& s : r.why_not) {
      ImGui::Bullet();
      ColoredWrapped(kColorMuted, s);
    }
  }
  if (!r.tips.empty()) {
    SectionTitle("Troubleshooting");
    for (const Tip& t : r.tips) {
      ImGui::TextUnformatted(t.title.c_str());
      ImGui::PushTextWrapPos(0);
      ImGui::TextDisabled("%s (%s)", t.text.c_str(), t.source.c_str());
      ImGui::PopTextWrapPos();
    }
  }
  SectionTitle("Notes: prices, assumptions, guide vs engine");
  for (const std::string& n : r.notes) {
    const bool disagreement = n.find("guide") != std::string::npos || n.find("Guide") != std::string::npos;
    ImGui::Bullet();
    ColoredWrapped(disagreement ? kColorWarn : kColorMuted, n);
  }
  Rule("Three steps: reverse-compute the memory floor, match the tier, then test on a rented container for an hour before "
       "committing to a monthly server or a purchase.",
       {Printf("Memory floor on one card: %s as asked, %s with every trick", Bytes(r.single_gpu_bytes).c_str(),
               Bytes(r.min_single_gpu_bytes).c_str())},
       "guide 004, closing three-step rule; 000 §5.3 troubleshooting");
}

}  // namespace

// [SECTION] The view ---------------------------------------------------------------------------

void DrawWalkthroughView(AppState& state, const Catalogs& catalogs, const WalkthroughDerived& d, const UiEnv& env) {
  WalkthroughState& s = state.walkthrough;
  s.step = std::clamp(s.step, 0, kSteps - 1);
  Progress(s, env);
  ImGui::Spacing();
  const float nav_h = ImGui::GetFrameHeightWithSpacing() + TouchHeight(env) + Em(0.6f);
  ImGui::BeginChild("step", ImVec2(0, -nav_h), false);
  const float max_w = env.narrow() ? ImGui::GetContentRegionAvail().x : std::min(ImGui::GetContentRegionAvail().x, Em(48));
  ImGui::PushItemWidth(max_w * 0.5f);
  ImGui::BeginGroup();
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + max_w);
  switch (s.step) {
    case 0: StepTask(s, env); break;
    case 1: StepModel(s, catalogs, d, env); break;
    case 2: StepMethod(s, d, env); break;
    case 3: StepConstraints(s, catalogs, env); break;
    default: StepResults(state, catalogs, d, env); break;
  }
  ImGui::PopTextWrapPos();
  ImGui::EndGroup();
  ImGui::PopItemWidth();
  ImGui::EndChild();
  // Navigation: back / next keep every answer (they live in the state); the Calculator button
  // opens the same job there.
  const float bw = env.narrow() ? (ImGui::GetContentRegionAvail().x - Em(0.6f)) / 3 : Em(8);
  const ImVec2 size(bw, TouchHeight(env));
  ImGui::BeginDisabled(s.step == 0);
  if (ImGui::Button("< Back", size)) s.step--;
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(s.step == kSteps - 1);
  if (ImGui::Button("Next >", size)) s.step++;
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button(env.narrow() ? "Calculator" : "Open in Calculator", env.narrow() ? size : ImVec2(0, 0)))
    OpenInCalculator(state, d, -1);
}

}  // namespace atlas::ui
