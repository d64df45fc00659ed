#include "walkthrough_view.hpp"

#include "app/carried_job.hpp"
#include "app/walk_job_fields.hpp"
#include "engine/format.hpp"
#include "format_units.hpp"
#include "theme.hpp"
#include "model_picker.hpp"
#include "recommendation_marks.hpp"
#include "widgets.hpp"
#include "engine/plural.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cctype>
#include <cstdio>

namespace atlas::ui {

namespace {

// [SECTION] Shared pieces ----------------------------------------------------------------------

constexpr const char* UiText::*kStepTitles[] = {&UiText::walk_step_task,   &UiText::walk_step_model,
                                               &UiText::walk_step_job,    &UiText::walk_step_method,
                                               &UiText::walk_step_constraints, &UiText::walk_step_results};
constexpr int kSteps = kWalkSteps;
static_assert(sizeof(kStepTitles) / sizeof(kStepTitles[0]) == kWalkSteps);

// The width of a combo whose closed box shows the longest of `choices` whole: ImGui clips the
// shown choice at the arrow button (BeginCombo), so the text, its frame padding on both sides and
// the arrow (a square of the frame's height). At least `min_w`.
float ComboWidthFor(std::initializer_list<const char*> choices, float min_w) {
  float text_w = 0;
  for (const char* c : choices) text_w = std::max(text_w, ImGui::CalcTextSize(c, nullptr, true).x);
  return std::max(min_w, text_w + 2 * ImGui::GetStyle().FramePadding.x + ImGui::GetFrameHeight());
}

// A combo's label: beside it on desktop (the combo `width` wide, Em(20) unless given); on phones,
// with its (?), on a line of its own above a full-width combo (label and combo side by side do
// not fit 390 px). The id stays the same.
std::string ComboLabel(const char* text, const char* id, const char* help, const UiEnv& env, float width = 0) {
  if (!env.narrow()) {
    ImGui::SetNextItemWidth(width > 0 ? width : Em(20));
    return Labeled(text, id);
  }
  ImGui::TextUnformatted(text);
  ImGui::SameLine();
  HelpMarker(help, env);
  ImGui::SetNextItemWidth(-FLT_MIN);
  return std::string("###") + id;
}

// The combo's (?) on desktop (on phones ComboLabel drew it above).
void ComboHelp(const char* help, const UiEnv& env) {
  if (env.narrow()) return;
  ImGui::SameLine();
  HelpMarker(help, env);
}

// Buttons as wide as the panel on phones (thumbs), natural width on desktops.
float ButtonWidth(const UiEnv& env) { return env.narrow() ? ImGui::GetContentRegionAvail().x : 0.0f; }

void Progress(WalkthroughState& s, const UiEnv& env) {
  const UiText& t = env.text();
  ImGui::Text(t.walk_progress, s.step + 1, kSteps, t.*kStepTitles[s.step]);
  const float avail = ImGui::GetContentRegionAvail().x;
  const float gap = Em(0.3f);
  const float w = (avail - gap * (kSteps - 1)) / kSteps;
  for (int i = 0; i < kSteps; ++i) {
    ImGui::PushID(i);
    const ImU32 col = i < s.step ? TierColor(2, 0.8f) : i == s.step ? kColorAccent : IM_COL32(70, 74, 84, 255);
    ImGui::PushStyleColor(ImGuiCol_Button, col);
    ImGui::PushStyleColor(ImGuiCol_ButtonHovered, kColorAccent);
    const std::string label = env.narrow() ? std::to_string(i + 1) : Printf(t.walk_step_button, i + 1, t.*kStepTitles[i]);
    if (ImGui::Button(label.c_str(), ImVec2(w, env.narrow() ? Em(1.8f) : 0))) s.step = i;
    ImGui::PopStyleColor(2);
    ImGui::PopID();
    if (i + 1 < kSteps) ImGui::SameLine(0, gap);
  }
}

// The rule box of every step: the rule that fired, the numbers behind it, where it comes from.
void Rule(const UiText& t, const std::string& rule, const std::vector<std::string>& numbers, const std::string& source) {
  ImGui::Spacing();
  ImGui::PushStyleColor(ImGuiCol_Text, kColorAccent);
  ImGui::TextUnformatted(t.walk_rule);
  ImGui::PopStyleColor();
  ImGui::PushTextWrapPos(0);
  WrappedText(rule);
  for (const std::string& n : numbers) WrappedBullet(n);
  DisabledWrapped(Printf(t.walk_source, source.c_str()));
  ImGui::PopTextWrapPos();
  ImGui::Separator();
}

bool Choice(const char* label, bool selected, const UiEnv& env) {
  return ImGui::Selectable(label, selected, 0, ImVec2(0, env.narrow() ? Em(1.9f) : 0));
}

std::string CnyText(const std::optional<double>& cny, const UiEnv& env) {
  if (!cny) return env.text().walk_cost_unknown;
  return Money(*cny, "CNY", env.language);
}

// [SECTION] Steps ------------------------------------------------------------------------------

void StepTask(WalkthroughState& s, const Catalogs& c, const UiEnv& env) {
  const UiText& t = env.text();
  struct Option {
    WalkthroughTask task;
    const char* UiText::*label;
    const char* UiText::*what;
  };
  static constexpr Option kOptions[] = {
      {WalkthroughTask::kPretrain, &UiText::walk_task_pretrain, &UiText::walk_task_pretrain_what},
      {WalkthroughTask::kFullFinetune, &UiText::walk_task_full, &UiText::walk_task_full_what},
      {WalkthroughTask::kPeft, &UiText::walk_task_peft, &UiText::walk_task_peft_what},
      {WalkthroughTask::kOfflineInference, &UiText::walk_task_offline, &UiText::walk_task_offline_what},
      {WalkthroughTask::kRealtimeServing, &UiText::walk_task_realtime, &UiText::walk_task_realtime_what},
      {WalkthroughTask::kMixed, &UiText::walk_task_mixed, &UiText::walk_task_mixed_what},
  };
  for (const Option& o : kOptions) {
    ImGui::PushID(static_cast<int>(o.task));
    const bool picked = Choice(t.*o.label, s.task == o.task, env);
    static constexpr const char* kTaskTargets[] = {"walk_task_pretrain", "walk_task_full", "walk_task_peft",
                                                   "walk_task_offline", "walk_task_serving", "walk_task_mixed"};
    TestTarget(env, kTaskTargets[static_cast<int>(o.task)]);
    if (picked) SelectWalkthroughTask(s, c, o.task);
    if (!env.narrow()) {
      ImGui::SameLine(Em(16));
      ImGui::TextDisabled("%s", t.*o.what);
    }
    ImGui::PopID();
  }
  const bool training = s.task != WalkthroughTask::kOfflineInference && s.task != WalkthroughTask::kRealtimeServing;
  // Adapters: the frozen base's bytes, not full training's 16 per parameter.
  const char* numbers = !training ? t.walk_task_num_infer : s.task == WalkthroughTask::kPeft ? t.walk_task_num_peft : t.walk_task_num_train;
  Rule(t, training ? t.walk_task_rule_train : t.walk_task_rule_infer, {numbers}, t.walk_task_source);
  // Every step's sources name the guides by a short title: say once what they are.
  DisabledWrapped(t.walk_guides_about);
}

void StepModel(WalkthroughState& s, const Catalogs& c, const WalkthroughDerived& d, const UiEnv& env,
               ModelPickerState& picker) {
  const UiText& t = env.text();
  const ModelSpec* preset = s.model_preset.empty() ? nullptr : c.models.Find(s.model_preset);
  ImGui::SetNextItemWidth(env.narrow() ? -1 : Em(22));
  std::string picked;
  if (ModelPicker("##preset", preset ? preset->DisplayName(env.chinese()) : std::string(t.walk_custom_size), c.models.models,
                  s.model_preset,
                  {t.walk_model_option, t.walk_model_option_moe, t.calc_model_search, t.model_picker_none, t.walk_custom_size,
                   env.chinese()},
                  picker, &picked)) {
    if (picked.empty()) s.custom_params = preset ? preset->params : 7e9;
    SelectWalkthroughPreset(s, c, picked);
  }
  if (s.model_preset.empty()) {
    // Parameters as people write them ("70B", "1.5T"), 10^6 .. 10^14, steps 1-2-5.
    if (!(s.custom_params > 0)) s.custom_params = 7e9;
    const NumberFieldSpec params{1e6, 1e14, false, StepKind::kLog125, 1, SuffixBase::kDecimal, true};
    NumberField(Labeled(t.walk_billion_params, "billions"), s.custom_params, params, t, env.narrow() ? Em(12) : Em(14));
  }
  const double params = d.workload.model.params;
  ImGui::Text(t.walk_model_summary, Count(params).c_str(), SizeClass(params));
  std::vector<std::string> numbers = {Printf(t.walk_model_bf16, Count(params).c_str(), Bytes(params * 2).c_str()),
                                      Printf(t.walk_model_full, Count(params).c_str(), Bytes(params * 16).c_str())};
  for (const GuideRow* r : d.guide_rows)
    numbers.push_back(Printf(t.walk_model_guide_row, r->size, r->task.In(env.language), r->hardware.In(env.language),
                             r->memory.In(env.language), r->source.In(env.language)));
  Rule(t, t.walk_model_rule, numbers, t.walk_model_source);
}

// A figure of the job: shows the value in use — the task's default when none was given, marked
// as such (or `unset_note` for a field with no default, e.g. the dataset's size) — and stores
// what is typed; "Use default" forgets it. Test target: the field's key.
void JobField(const char* label, const char* key, double& value, double in_use, const char* help, const UiEnv& env,
              const char* unset_note = nullptr) {
  const UiText& t = env.text();
  const WalkNumberField* f = FindWalkNumberField(key);
  if (!f) return;
  double shown = value > 0 ? value : in_use;
  ImGui::PushID(key);
  ImGui::BeginGroup();
  if (NumberField(Labeled(label, key), shown, f->spec, t, env.narrow() ? Em(11) : Em(13), help, &env)) value = shown;
  ImGui::EndGroup();
  TestTarget(env, key);
  if (value > 0) {
    if (!env.narrow()) ImGui::SameLine();
    if (ImGui::SmallButton(Labeled(t.walk_job_reset, "reset").c_str())) value = 0;
  } else {
    if (!env.narrow()) ImGui::SameLine();
    ImGui::TextDisabled("(%s)", unset_note ? unset_note : t.walk_job_default);
  }
  ImGui::PopID();
}

std::string Tokens(double n) { return FormatNumberField(n, NumberFieldSpec{0, 1e300, true, StepKind::kLinear, 1, SuffixBase::kDecimal, true}); }

void StepJob(WalkthroughState& s, const WalkthroughDerived& d, const UiEnv& env) {
  const UiText& t = env.text();
  const Workload& w = d.workload;
  const bool serving = WalkthroughServing(s);
  WrappedText(serving ? t.walk_job_intro_serve : t.walk_job_intro_train);
  ImGui::Spacing();
  std::vector<std::string> numbers;
  if (!serving) {
    // Left at 0 with a dataset given, the tokens are the dataset's x epochs: not a default.
    JobField(t.walk_job_tokens, "train_tokens", s.train_tokens, w.train_tokens, t.walk_job_tokens_help, env,
             s.dataset_tokens > 0 ? t.walk_job_src_dataset : nullptr);
    JobField(t.walk_job_dataset, "dataset_tokens", s.dataset_tokens, s.dataset_tokens, nullptr, env, t.walk_job_unset);
    JobField(t.walk_job_epochs, "epochs", s.epochs, 1, nullptr, env);
    JobField(t.walk_job_seq_len, "seq_len", s.seq_len, w.seq_len, nullptr, env);
    const char* from = s.train_tokens > 0     ? t.walk_job_src_given
                       : s.dataset_tokens > 0 ? t.walk_job_src_dataset
                       : w.task == Task::kPretrain ? t.walk_job_src_chinchilla
                                                   : t.walk_job_src_finetune;
    numbers.push_back(Printf(t.walk_job_run, Tokens(w.train_tokens).c_str(), from));
    // Both given: the tokens win; say what the dataset would have made.
    if (s.train_tokens > 0 && s.dataset_tokens > 0)
      ColoredWrapped(kColorWarn, Printf(t.walk_job_dataset_unused, Tokens(DatasetRunTokens(s)).c_str()));
  } else {
    JobField(t.walk_job_users, "batch", s.batch, w.batch, t.walk_job_users_help, env);
    JobField(t.walk_job_context, "context", s.context, w.context, t.walk_job_context_help, env);
    JobField(t.walk_job_prompt, "prompt_tokens", s.prompt_tokens, w.prompt_tokens, nullptr, env);
    JobField(t.walk_job_speed, "target_tokens_per_second", s.target_tokens_per_second, w.target_tokens_per_second,
             t.walk_job_speed_help, env);
    numbers.push_back(Plurals(Printf(t.walk_job_serve_summary, FormatNumber(w.batch).c_str(), FormatNumber(w.context).c_str(),
                                     FormatNumber(w.target_tokens_per_second).c_str())));
  }
  for (const WalkWarning& warning : d.warnings) {
    const char* format = warning.kind == WalkWarning::kPromptClamped      ? t.walk_warn_prompt
                         : warning.kind == WalkWarning::kContextBeyondModel ? t.walk_warn_context
                                                                            : t.walk_warn_seq;
    ColoredWrapped(kColorWarn, Printf(format, FormatNumber(warning.value).c_str(), FormatNumber(warning.limit).c_str()));
  }
  // A serving job's rule cites the KV cache, not the training laws (a review read Chinchilla under "200 users").
  Rule(t, serving ? t.walk_job_rule_serve : t.walk_job_rule_train, numbers, serving ? t.walk_job_source_serve : t.walk_job_source);
}

// A precision id as the walkthrough shows it: "bf16" -> "BF16", "q5_k_m" -> "Q5_K_M".
std::string PrecisionCaps(std::string id) {
  for (char& ch : id) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  return id;
}

// "Full fine-tuning · BF16": the method in the UI's language, the precision in capitals.
std::string MethodLabel(const MethodOption& o, const UiText& t) {
  const char* m = o.method == "full_finetune" ? t.walk_method_full
                  : o.method == "lora"        ? "LoRA"
                  : o.method == "qlora"       ? "QLoRA"
                  : o.method == "pretrain"    ? t.walk_method_pretrain
                                              : t.walk_method_weights;
  return Printf(t.walk_method_label, m, PrecisionCaps(o.precision).c_str());
}

void StepMethod(WalkthroughState& s, const WalkthroughDerived& d, const UiEnv& env) {
  const UiText& t = env.text();
  WrappedText(t.walk_method_intro);
  const float bar_w = env.narrow() ? ImGui::GetContentRegionAvail().x : std::min(ImGui::GetContentRegionAvail().x, Em(30));
  double biggest = 1;
  for (const MethodOption& o : d.options) biggest = std::max(biggest, o.bytes);
  for (size_t i = 0; i < d.options.size(); ++i) {
    const MethodOption& o = d.options[i];
    ImGui::PushID(static_cast<int>(i));
    const bool selected = s.method == o.method && s.precision == o.precision;
    const std::string name = MethodLabel(o, t);
    const std::string label = i > 0 ? Printf(t.walk_method_option_saving, name.c_str(), Bytes(o.bytes).c_str(), o.saving * 100)
                                    : Printf(t.walk_method_option, name.c_str(), Bytes(o.bytes).c_str());
    if (Choice(label.c_str(), selected, env)) SelectWalkthroughMethod(s, o.method, o.precision);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float w = static_cast<float>(o.bytes / biggest) * bar_w;
    dl->AddRectFilled(p, ImVec2(p.x + w, p.y + Em(0.35f)), selected ? kColorAccent : kColorMuted);
    ImGui::Dummy(ImVec2(bar_w, Em(0.5f)));
    ImGui::PopID();
  }
  if (s.method != "inference" && s.method != "pretrain") {
    ImGui::TextDisabled("%s", t.walk_method_precision);
    // On a phone the row ran past the screen's edge ("fp32" cut off): a button moves down whole.
    const ImGuiStyle& style = ImGui::GetStyle();
    for (const std::string& p : PrecisionsFor(s.method)) {
      SameLineIfFits(style.ItemSpacing.x + ImGui::GetFrameHeight() + style.ItemInnerSpacing.x + ImGui::CalcTextSize(p.c_str()).x);
      if (ImGui::RadioButton(p.c_str(), s.precision == p)) s.precision = p;
    }
  }
  std::vector<std::string> numbers;
  if (d.options.size() >= 2)
    numbers.push_back(Printf(t.walk_method_compare, MethodLabel(d.options.front(), t).c_str(),
                             Bytes(d.options.front().bytes).c_str(), MethodLabel(d.options.back(), t).c_str(),
                             Bytes(d.options.back().bytes).c_str()));
  // Serving has no fine-tuning method: its rule is about weight formats, not LoRA.
  if (WalkthroughServing(s)) {
    Rule(t, t.walk_method_rule_serve, numbers, t.walk_method_source_serve);
    return;
  }
  // At the job's own sequence length (the estimate's), not a fixed 2,048 (a 4k job read "2,048").
  numbers.push_back(Printf(t.walk_method_guide, 100, 10, 5, FormatNumber(d.workload.seq_len).c_str()));
  Rule(t, t.walk_method_rule, numbers, t.walk_method_source);
}

void StepConstraints(WalkthroughState& s, const Catalogs& c, const UiEnv& env) {
  const UiText& t = env.text();
  const float input_w = env.narrow() ? Em(11) : Em(12);
  // 0 = no limit; "50k" CNY, "2k" hours, as the link's walk.* fields read them.
  auto limit = [&](const char* label, const char* key, double& value, const char* help) {
    const WalkNumberField* f = FindWalkNumberField(key);
    if (!f) return;
    NumberFieldSpec spec = f->spec;
    spec.min = 0;
    NumberField(Labeled(label, key), value, spec, t, input_w, help, &env);
  };
  limit(t.walk_budget, "budget_cny", s.budget_cny, t.walk_budget_help);
  const bool serving = WalkthroughServing(s);
  if (!serving) limit(t.walk_deadline, "deadline_hours", s.deadline_hours, t.walk_deadline_help);
  else limit(t.walk_latency, "latency_ms", s.latency_ms, t.walk_latency_help);
  const NumberFieldSpec gpus{1, static_cast<double>(kMaxRecommendGpus), true, StepKind::kPowerOfTwo};
  NumberField(Labeled(t.walk_max_gpus, "max_gpus"), s.max_gpus, gpus, t, input_w);
  s.max_gpus = std::clamp(s.max_gpus, 1, kMaxRecommendGpus);
  ImGui::Checkbox(Labeled(t.walk_domestic_only, "domestic").c_str(), &s.domestic_only);
  {
    const Region* region = s.region.empty() ? nullptr : c.regions.Find(s.region);
    auto name = [&](const Region& r) { return env.chinese() && !r.name_zh.empty() ? r.name_zh : r.name; };
    if (ImGui::BeginCombo(ComboLabel(t.walk_region, "region", t.walk_region_help, env).c_str(),
                          region ? name(*region).c_str() : t.walk_region_auto,
                          ImGuiComboFlags_HeightLarge)) {
      if (ImGui::Selectable(t.walk_region_auto, !region)) s.region.clear();
      for (const Region& r : c.regions.regions) {
        ImGui::PushID(r.id.c_str());
        if (ImGui::Selectable(name(r).c_str(), r.id == s.region)) s.region = r.id;
        ImGui::PopID();
      }
      ImGui::EndCombo();
    }
    ComboHelp(t.walk_region_help, env);
  }
  if (s.region.empty()) {
    const char* china = t.walk_market_cn;
    const char* global = t.walk_market_global;
    WalkthroughState automatic = s;
    automatic.market.clear();
    const std::string auto_label = Printf(t.walk_market_auto, WalkthroughPricesInChina(automatic, env.language) ? china : global);
    const char* shown = s.market == "cn" ? china : s.market == "global" ? global : auto_label.c_str();
    // As wide as its longest choice (the automatic one names a market), so none is cut off.
    const float width = ComboWidthFor({auto_label.c_str(), china, global}, Em(20));
    const bool open = ImGui::BeginCombo(ComboLabel(t.walk_market, "market", t.walk_market_help, env, width).c_str(), shown);
    if (!open) {
      TestTarget(env, "walk_market");
      // For the browser test: where the longest choice's text would end in the closed box (the
      // box's left edge + padding + text), to compare with the arrow's left edge.
      if (env.test_target) {
        const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
        const float text_w = ComboWidthFor({auto_label.c_str(), china, global}, 0) - ImGui::GetStyle().FramePadding.x - ImGui::GetFrameHeight();
        env.test_target("walk_market_longest", a.x, a.y, a.x + text_w, b.y);
      }
    }
    if (open) {
      if (ImGui::Selectable(auto_label.c_str(), s.market.empty())) s.market.clear();
      if (ImGui::Selectable(china, s.market == "cn")) s.market = "cn";
      if (ImGui::Selectable(global, s.market == "global")) s.market = "global";
      TestTarget(env, "walk_market_global");
      ImGui::EndCombo();
    }
    ComboHelp(t.walk_market_help, env);
  }
  struct ObjectiveOption {
    Objective objective;
    const char* UiText::*label;
    const char* id;
  };
  static constexpr ObjectiveOption kObjectives[] = {{Objective::kCost, &UiText::walk_obj_cost, "cost"},
                                                    {Objective::kTime, &UiText::walk_obj_time, "time"},
                                                    {Objective::kGpus, &UiText::walk_obj_gpus, "gpus"},
                                                    {Objective::kEnergy, &UiText::walk_obj_energy, "energy"}};
  ImGui::TextUnformatted(t.walk_rank_by);
  for (const ObjectiveOption& o : kObjectives) {
    if (!env.narrow()) ImGui::SameLine();
    if (ImGui::RadioButton(Labeled(t.*o.label, o.id).c_str(), s.objective == o.objective)) s.objective = o.objective;
  }
  SectionTitle(t.walk_owned_title);
  for (size_t i = 0; i < s.owned.size(); ++i) {
    ImGui::PushID(static_cast<int>(i));
    OwnedGpus& o = s.owned[i];
    const Gpu* g = c.gpus.Find(o.gpu);
    ImGui::SetNextItemWidth(env.narrow() ? -Em(4) : Em(16));
    if (ImGui::BeginCombo("##gpu", g ? g->DisplayName(env.chinese()).c_str() : o.gpu.c_str(), ImGuiComboFlags_HeightLarge)) {
      for (const Gpu& card : c.gpus.gpus)
        if (ImGui::Selectable(card.DisplayName(env.chinese()).c_str(), card.id == o.gpu)) o.gpu = card.id;
      ImGui::EndCombo();
    }
    if (!env.narrow()) ImGui::SameLine();
    const NumberFieldSpec cards{1, 100000, true, StepKind::kLinear};
    NumberField(Labeled(t.walk_owned_cards, "cards"), o.count, cards, t, Em(8));
    o.count = std::clamp(o.count, 1, 100000);
    ImGui::SameLine();
    const bool remove = ImGui::Button(Labeled(t.walk_remove, "remove").c_str());
    ImGui::PopID();
    if (remove) {
      s.owned.erase(s.owned.begin() + static_cast<long>(i));
      break;
    }
  }
  if (ImGui::Button(Labeled(t.walk_add_owned, "add_owned").c_str(), ImVec2(ButtonWidth(env), TouchHeight(env))) &&
      s.owned.size() < 8)
    s.owned.push_back({"rtx-4090", 1});
  Rule(t, t.walk_constraints_rule, {t.walk_constraints_cpu, t.walk_constraints_nvlink}, t.walk_constraints_source);
}

void DrawConfig(AppState& state, const Catalogs& c, const WalkthroughDerived& d, int index, const UiEnv& env,
                UiMemory& memory) {
  const UiText& t = env.text();
  const Recommendation& r = d.result.configs[static_cast<size_t>(index)];
  const Gpu& g = c.gpus.gpus[static_cast<size_t>(r.gpu_index)];
  ImGui::PushID(index);
  const int tier = static_cast<size_t>(r.gpu_index) < c.gpu_tiers.size() ? static_cast<int>(c.gpu_tiers[static_cast<size_t>(r.gpu_index)].tier) : 2;
  ImGui::PushStyleColor(ImGuiCol_Text, TierColor(tier));
  ImGui::Text(t.walk_config_title, r.rank, r.gpus, g.DisplayName(env.chinese()).c_str());
  ImGui::PopStyleColor();
  DrawRecommendationMarks(r, env);
  if (r.owned) {
    ImGui::SameLine();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kColorGood), "%s", t.walk_owned);
  }
  if (r.pareto) {
    SameLineIfFits(ImGui::CalcTextSize(t.walk_pareto).x);
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kColorWarn), "%s", t.walk_pareto);
    ImGui::SameLine();
    HelpMarker(t.walk_pareto_help, env);
  }
  const std::string speed = r.time_seconds                 ? Duration(*r.time_seconds, env.language)
                            : r.tokens_per_second_per_user ? Printf(t.walk_tokens_per_user, *r.tokens_per_second_per_user)
                                                           : std::string(t.card_not_published);
  const std::string money = r.workload.IsTraining() ? CnyText(r.cost_cny, env) : Printf(t.walk_per_hour, CnyText(r.cost_cny, env).c_str());
  WrappedTextF(t.walk_config_line, r.layout.c_str(), Bytes(r.per_gpu_bytes).c_str(), speed.c_str(), money.c_str());
  if (ImGui::TreeNode("why", "%s", t.walk_why)) {
    ImGui::PushTextWrapPos(0);
    for (const std::string& s : r.reasons) WrappedBullet(Shown(s, env));
    for (const std::string& s : r.limits) {
      ImGui::Bullet();
      ColoredWrapped(kColorWarn, Shown(s, env));
    }
    for (const std::string& s : r.advice) {
      ImGui::Bullet();
      ColoredWrapped(kColorMuted, Shown(s, env));
    }
    ImGui::PopTextWrapPos();
    ImGui::TreePop();
  }
  // The same job elsewhere: its configuration in the Calculator, its card, count and time in Cost.
  const std::string n = std::to_string(index + 1);
  if (ImGui::Button(Labeled(t.walk_open_calc, "open_calc").c_str(), ImVec2(ButtonWidth(env), TouchHeight(env))))
    OpenInCalculator(state, d, index);
  TestTarget(env, ("walk_open_calc_" + n).c_str());
  if (!env.narrow()) ImGui::SameLine();
  const CarriedJob job = WalkthroughJob(d, index + 1);
  ImGui::BeginDisabled(!job.available);
  if (ImGui::Button(Labeled(t.job_cost_this, "cost_job").c_str(), ImVec2(ButtonWidth(env), TouchHeight(env))))
    CostThisJob(state, job, index + 1, memory.carried_job);
  ImGui::EndDisabled();
  TestTarget(env, ("walk_cost_job_" + n).c_str());
  ImGui::Separator();
  ImGui::PopID();
}

// What the Calculator's "Rank cards for this job" carried, while the answers are still those it
// handed over (any later answer, other than moving between steps, makes them the reader's own).
void DrawHandOver(const WalkthroughState& s, UiMemory& memory, const UiEnv& env) {
  if (!memory.walk_handover) return;
  const WalkHandOver& h = *memory.walk_handover;
  WalkthroughState at_step = h.walkthrough;
  at_step.step = s.step;
  if (!(at_step == s)) {
    memory.walk_handover.reset();
    return;
  }
  const UiText& t = env.text();
  ColoredWrapped(kColorAccent, WalkthroughServing(h.walkthrough) ? t.walk_from_calc_serve : t.walk_from_calc);
  if (h.precision_mapped) {
    ColoredWrapped(kColorWarn, Printf(t.walk_from_calc_precision, PrecisionCaps(ToString(h.precision_from)).c_str(), h.bits_from,
                                      PrecisionCaps(h.walkthrough.precision).c_str(), h.bits_to));
  }
  if (h.custom_params > 0) ColoredWrapped(kColorWarn, Printf(t.walk_from_calc_custom, Count(h.custom_params).c_str()));
  if (h.max_gpus_raised_to > 0) ColoredWrapped(kColorMuted, Printf(t.walk_from_calc_gpus, h.max_gpus_raised_to));
  ImGui::Separator();
}

void StepResults(AppState& state, const Catalogs& c, const WalkthroughDerived& d, const UiEnv& env, UiMemory& memory) {
  const UiText& t = env.text();
  const RecommendResult& r = d.result;
  DrawHandOver(state.walkthrough, memory, env);
  if (!d.valid) {
    for (const std::string& e : d.errors) ColoredWrapped(kColorBad, e);
    return;
  }
  // Which sellers' prices rank the list: the UI's language picks them when the reader has not
  // (a review switched to Chinese and saw another #1 with nothing saying why).
  if (const Region* region = d.constraints.region.empty() ? nullptr : c.regions.Find(d.constraints.region))
    ColoredWrapped(kColorMuted, Printf(t.walk_results_prices, region->in_china() ? t.walk_market_cn : t.walk_market_global,
                                       Shown(region->DisplayName(env.chinese()), env).c_str()));
  const int shown = std::min<int>(kWalkShownConfigs, static_cast<int>(r.configs.size()));
  if (shown == 0) ColoredWrapped(kColorBad, t.walk_none_fit);
  for (const std::string& warning : r.warnings) ColoredWrapped(kColorWarn, "! " + warning);
  for (int i = 0; i < shown; ++i) DrawConfig(state, c, d, i, env, memory);
  // Wrapped by the line breaker, not ImGui (which split "3,|183" in Chinese).
  DisabledWrapped(Plurals(Printf(t.walk_checked, r.fitting_total, FormatNumber(static_cast<double>(r.evaluated)).c_str(),
                                 FormatNumber(static_cast<double>(r.search_space)).c_str())));
  if (!r.why_not.empty()) {
    SectionTitle(t.walk_why_not);
    for (const std::string& s : r.why_not) {
      ImGui::Bullet();
      ColoredWrapped(kColorMuted, s);
    }
  }
  if (!r.tips.empty()) {
    SectionTitle(t.walk_troubleshooting);
    for (const Tip& tip : r.tips) {
      ImGui::TextUnformatted(tip.title.c_str());
      ImGui::PushTextWrapPos(0);
      DisabledWrapped(Printf(t.walk_tip_text, tip.text.c_str(), tip.source.c_str()));
      ImGui::PopTextWrapPos();
    }
  }
  SectionTitle(t.walk_notes);
  for (size_t i = 0; i < r.notes.size(); ++i) {
    // The engine flags the notes where the guides and its own figures disagree.
    const bool disagreement = i < r.note_is_guide_disagreement.size() && r.note_is_guide_disagreement[i];
    ImGui::Bullet();
    ColoredWrapped(disagreement ? kColorWarn : kColorMuted, Shown(r.notes[i], env));
  }
  Rule(t, t.walk_results_rule,
       {Printf(t.walk_results_floor, Bytes(r.single_gpu_bytes).c_str(), Bytes(r.min_single_gpu_bytes).c_str())},
       t.walk_results_source);
}

}  // namespace

// [SECTION] The view ---------------------------------------------------------------------------

void DrawWalkthroughView(AppState& state, const Catalogs& catalogs, const WalkthroughDerived& d, const UiEnv& env,
                         UiMemory& memory) {
  const UiText& t = env.text();
  WalkthroughState& s = state.walkthrough;
  s.step = std::clamp(s.step, 0, kSteps - 1);
  Progress(s, env);
  ImGui::Spacing();
  const float nav_h = ImGui::GetFrameHeightWithSpacing() + TouchHeight(env) + Em(0.6f);
  BeginViewChild("step", ImVec2(0, -nav_h), false);
  const float max_w = env.narrow() ? ImGui::GetContentRegionAvail().x : std::min(ImGui::GetContentRegionAvail().x, Em(48));
  ImGui::PushItemWidth(max_w * 0.5f);
  ImGui::BeginGroup();
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + max_w);
  switch (s.step) {
    case kWalkStepTask: StepTask(s, catalogs, env); break;
    case kWalkStepModel: StepModel(s, catalogs, d, env, memory.walkthrough_model_picker); break;
    case kWalkStepJob: StepJob(s, d, env); break;
    case kWalkStepMethod: StepMethod(s, d, env); break;
    case kWalkStepConstraints: StepConstraints(s, catalogs, env); break;
    default: StepResults(state, catalogs, d, env, memory); break;
  }
  ImGui::PopTextWrapPos();
  ImGui::EndGroup();
  ImGui::PopItemWidth();
  ImGui::EndChild();
  // Navigation: back / next keep every answer (they live in the state); the Calculator button
  // opens the same job there.
  // Three buttons and the two gaps between them fill the phone's row exactly (the last one
  // touched the screen's edge when the gaps were taken as 0.3 em each).
  const float gap = ImGui::GetStyle().ItemSpacing.x;
  const float bw = env.narrow() ? std::floor((ImGui::GetContentRegionAvail().x - 2 * gap) / 3) : Em(8);
  const ImVec2 size(bw, TouchHeight(env));
  ImGui::BeginDisabled(s.step == 0);
  if (ImGui::Button(Labeled(t.walk_back, "back").c_str(), size)) s.step--;
  ImGui::EndDisabled();
  TestTarget(env, "walk_back");
  ImGui::SameLine();
  ImGui::BeginDisabled(s.step == kSteps - 1);
  if (ImGui::Button(Labeled(t.walk_next, "next").c_str(), size)) s.step++;
  ImGui::EndDisabled();
  TestTarget(env, "walk_next");
  ImGui::SameLine();
  if (ImGui::Button(Labeled(env.narrow() ? t.walk_calc_short : t.walk_open_calc, "calculator").c_str(),
                    env.narrow() ? size : ImVec2(0, 0)))
    OpenInCalculator(state, d, -1);
}

}  // namespace atlas::ui
