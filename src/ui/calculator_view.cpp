#include "calculator_view.hpp"

#include "accuracy_view.hpp"

#include "engine/recommend.hpp"
#include "engine/format.hpp"
#include "engine/peak_kind_text.hpp"
#include "engine/lora_targets.hpp"
#include "engine/text/engine_text.hpp"
#include "format_units.hpp"
#include "gpu_spec_card.hpp"
#include "theme.hpp"
#include "model_picker.hpp"
#include "widgets.hpp"
#include "engine/plural.hpp"

#include <imgui.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <string>

namespace atlas::ui {

namespace {

// [SECTION] Input helpers --------------------------------------------------------------------

// Inputs take ~55% of the panel so their labels fit on the right.
float InputWidth() { return std::max(Em(6), ImGui::GetContentRegionAvail().x * 0.55f); }

// Integer field within [lo, hi] that commits on Enter, on leaving it or after a pause (never per
// keystroke); − / + step as `step` says. True when the value changed.
bool IntInput(const UiEnv& env, const std::string& label, int& value, int lo, int hi, const char* help = nullptr,
              StepKind step = StepKind::kLinear, double linear_step = 1) {
  const NumberFieldSpec spec{static_cast<double>(lo), static_cast<double>(hi), true, step, linear_step,
                             step == StepKind::kPowerOfTwo ? SuffixBase::kBinary : SuffixBase::kDecimal};
  return NumberField(label, value, spec, env.text(), InputWidth(), help, &env);
}

// Lengths and batches step by powers of two; "8k" is 8,192 and "128k" 131,072.
bool PowInput(const UiEnv& env, const std::string& label, int& value, int lo, int hi, const char* help = nullptr) {
  return IntInput(env, label, value, lo, hi, help, StepKind::kPowerOfTwo);
}

// An option of a combo: the enum value and the UiText field naming it.
template <typename E>
using Option = std::pair<E, const char* UiText::*>;

template <typename E, size_t N>
bool EnumCombo(const std::string& label, E& value, const Option<E> (&options)[N], const UiEnv& env,
               const char* help = nullptr) {
  const UiText& t = env.text();
  const char* current = "?";
  for (const auto& [v, name] : options)
    if (v == value) current = t.*name;
  bool changed = false;
  // Every option whole (a phone showed "all linear layers (QLoR"): wider than the other fields
  // when its longest option needs it (so the layout does not move with the choice), up to the
  // panel; the label and its help marker then go on the line above, as NumberField's do, with
  // the same ID ("###key" names the combo either way).
  const ImGuiStyle& style = ImGui::GetStyle();
  const size_t hashes = label.find("###");
  const std::string shown = label.substr(0, hashes);
  float widest = 0;
  for (const auto& option : options) widest = std::max(widest, ImGui::CalcTextSize(t.*option.second).x);
  const float width = std::min(ImGui::GetContentRegionAvail().x,
                               std::max(InputWidth(), widest + 2 * style.FramePadding.x + ImGui::GetFrameHeight()));
  const bool label_above = hashes != std::string::npos && !shown.empty() && FieldLabelAbove(shown, width, help);
  if (label_above) DrawFieldLabel(shown, help, &env);
  ImGui::SetNextItemWidth(width);
  if (ImGui::BeginCombo(label_above ? label.c_str() + hashes : label.c_str(), current)) {
    for (size_t i = 0; i < N; ++i) {
      ImGui::PushID(static_cast<int>(i));
      if (ImGui::Selectable(t.*options[i].second, options[i].first == value)) value = options[i].first, changed = true;
      ImGui::PopID();
    }
    ImGui::EndCombo();
  }
  if (help && !label_above) {
    ImGui::SameLine();
    HelpMarker(help, env);
  }
  return changed;
}

constexpr Option<Task> kTaskOptions[] = {
    {Task::kPretrain, &UiText::calc_task_pretrain}, {Task::kFullFinetune, &UiText::calc_task_full_finetune},
    {Task::kLora, &UiText::calc_task_lora},         {Task::kQlora, &UiText::calc_task_qlora},
    {Task::kInference, &UiText::calc_task_inference}};
constexpr Option<Precision> kTrainPrecisions[] = {
    {Precision::kFp32, &UiText::calc_prec_fp32},       {Precision::kTf32, &UiText::calc_prec_tf32},
    {Precision::kBf16, &UiText::calc_prec_bf16_mixed}, {Precision::kFp16, &UiText::calc_prec_fp16_mixed},
    {Precision::kFp8, &UiText::calc_prec_fp8_te}};
constexpr Option<Precision> kQloraPrecisions[] = {{Precision::kNf4, &UiText::calc_prec_nf4_double},
                                                  {Precision::kInt4, &UiText::calc_prec_int4_gptq},
                                                  {Precision::kInt8, &UiText::calc_prec_int8}};
constexpr Option<Precision> kInferencePrecisions[] = {
    {Precision::kFp32, &UiText::calc_prec_fp32}, {Precision::kBf16, &UiText::calc_prec_bf16},
    {Precision::kFp16, &UiText::calc_prec_fp16}, {Precision::kFp8, &UiText::calc_prec_fp8},
    {Precision::kInt8, &UiText::calc_prec_int8}, {Precision::kInt4, &UiText::calc_prec_int4_gptq},
    {Precision::kNf4, &UiText::calc_prec_nf4},
    // llama.cpp's GGUF formats (served by llama.cpp: FrameworkFor); a link with one showed "?".
    {Precision::kQ4KM, &UiText::calc_prec_q4_k_m}, {Precision::kQ5KM, &UiText::calc_prec_q5_k_m},
    {Precision::kQ6K, &UiText::calc_prec_q6_k}, {Precision::kQ8_0, &UiText::calc_prec_q8_0}};
constexpr Option<Optimizer> kOptimizerOptions[] = {
    {Optimizer::kAdamW, &UiText::calc_opt_adamw}, {Optimizer::kAdamW8bit, &UiText::calc_opt_adamw_8bit},
    {Optimizer::kPagedAdamW8bit, &UiText::calc_opt_paged_adamw_8bit},
    {Optimizer::kSgd, &UiText::calc_opt_sgd},     {Optimizer::kAdafactor, &UiText::calc_opt_adafactor}};
constexpr Option<Checkpointing> kCheckpointOptions[] = {{Checkpointing::kNone, &UiText::calc_ckpt_none},
                                                        {Checkpointing::kSelective, &UiText::calc_ckpt_selective},
                                                        {Checkpointing::kFull, &UiText::calc_ckpt_full}};
// The serving stack (data/calibration.json frameworks): how it holds memory and how fast it decodes.
constexpr Option<Framework> kServingFrameworks[] = {{Framework::kAuto, &UiText::calc_fw_auto},
                                                    {Framework::kVllm, &UiText::calc_fw_vllm},
                                                    {Framework::kTensorrtLlm, &UiText::calc_fw_trt},
                                                    {Framework::kLlamaCpp, &UiText::calc_fw_llama_cpp}};
constexpr Option<KvPrecision> kKvOptions[] = {{KvPrecision::kFp16, &UiText::calc_kv_fp16},
                                              {KvPrecision::kFp8, &UiText::calc_prec_fp8},
                                              {KvPrecision::kInt8, &UiText::calc_prec_int8}};
constexpr Option<LoraTargets> kLoraTargetOptions[] = {{LoraTargets::kQv, &UiText::calc_lora_qv},
                                                      {LoraTargets::kAttention, &UiText::calc_lora_attention},
                                                      {LoraTargets::kAllLinear, &UiText::calc_lora_all_linear}};

// Engine enums in the UI's words (ToString's ids stay in links and JSON).
const char* TaskName(Task task, const UiText& t) {
  for (const auto& [v, name] : kTaskOptions)
    if (v == task) return t.*name;
  return ToString(task);
}

const char* PrecisionName(Precision p, const UiText& t) {
  switch (p) {
    case Precision::kFp32: return t.calc_prec_fp32;
    case Precision::kTf32: return t.calc_prec_tf32;
    case Precision::kBf16: return t.calc_prec_bf16;
    case Precision::kFp16: return t.calc_prec_fp16;
    case Precision::kFp8: return t.calc_prec_fp8;
    case Precision::kInt8: return t.calc_prec_int8;
    case Precision::kInt4: return t.calc_prec_int4;
    case Precision::kNf4: return t.calc_prec_nf4;
    case Precision::kQ4KM:
    case Precision::kQ5KM:
    case Precision::kQ6K:
    case Precision::kQ8_0: return PrecisionLabel(p);  // llama.cpp's own names, the same in every language
  }
  return ToString(p);
}

const char* AttentionName(AttentionKind a, const UiText& t) {
  switch (a) {
    case AttentionKind::kMha: return t.calc_attn_mha;
    case AttentionKind::kGqa: return t.calc_attn_gqa;
    case AttentionKind::kMqa: return t.calc_attn_mqa;
    case AttentionKind::kMla: return t.calc_attn_mla;
  }
  return ToString(a);
}

// A memory or compute figure's label by its stable key (the engine's label words differ with
// the task); the engine's own label for a key the table does not know.
const char* FigureLabel(const Figure& f, Task task, const UiText& t) {
  const bool peft = task == Task::kLora || task == Task::kQlora;
  const bool inference = task == Task::kInference;
  const std::string& k = f.key;
  if (k == "weights") return peft ? t.calc_fig_weights_peft : t.calc_fig_weights;
  if (k == "gradients") return peft ? t.calc_fig_gradients_peft : t.calc_fig_gradients;
  if (k == "optimizer") return peft ? t.calc_fig_optimizer_peft : t.calc_fig_optimizer;
  if (k == "activations") return inference ? t.calc_fig_activations_prefill : t.calc_fig_activations;
  if (k == "kv_cache") return t.calc_fig_kv_cache;
  if (k == "overhead") return t.calc_fig_overhead;
  if (k == "flops_total") return t.calc_fig_flops_total;
  if (k == "time_seconds") return t.calc_fig_time;
  if (k == "gpu_hours") return t.calc_fig_gpu_hours;
  if (k == "ttft_seconds") return t.calc_fig_ttft;
  if (k == "tokens_per_second") return t.calc_fig_decode;
  if (k == "max_concurrent_users") return t.calc_fig_max_users;
  return f.label.c_str();
}

// [SECTION] Inputs ---------------------------------------------------------------------------

void DrawModelInputs(CalculatorState& s, const Catalogs& c, CalculatorUi& ui, const UiEnv& env) {
  const UiText& t = env.text();
  ModelSpec& m = s.workload.model;
  ImGui::SetNextItemWidth(-1);
  const std::string& name = m.DisplayName(env.chinese());
  const std::string preview = s.model_preset.empty() ? Printf(t.calc_model_custom, name.c_str()) : name;
  std::string picked;
  if (ModelPicker("##model", preview, c.models.models, s.model_preset,
                  {t.calc_model_option, t.calc_model_option_moe, t.calc_model_search, t.model_picker_none, nullptr, env.chinese()},
                  ui.model_picker,
                  &picked))
    SelectPreset(s, c, picked);
  TestTarget(env, "calc_model");  // the picker (browser tests type into its search)
  // Wrapped: on a phone "671B params, 37.6B active, 61 layers, MLA attention" ran past the panel.
  const std::string summary =
      m.IsMoe() ? Printf(t.calc_model_summary_moe, Count(m.params).c_str(), Count(m.active_params).c_str(), m.layers,
                         AttentionName(m.attention, t))
                : Printf(t.calc_model_summary, Count(m.params).c_str(), m.layers, AttentionName(m.attention, t));
  ColoredWrapped(ImGui::GetColorU32(ImGuiCol_TextDisabled), summary);
  ImGui::SetNextItemWidth(Em(5));
  ImGui::InputTextWithHint("##size", t.calc_custom_size_hint, ui.custom_size, sizeof ui.custom_size);
  ImGui::SameLine();
  if (ImGui::Button(Labeled(t.calc_use_size, "use_size").c_str())) {
    ui.message = SelectCustomSize(s, ui.custom_size);
    ui.message_is_error = !ui.message.empty();
    if (ui.message.empty()) ui.message = t.calc_custom_done;
  }
  ImGui::SameLine();
  HelpMarker(t.calc_custom_help, env);
  if (ImGui::TreeNode(Labeled(t.calc_hf_paste, "hf").c_str())) {
    ui.hf_config.resize(std::max<size_t>(ui.hf_config.size(), 1));
    char* buf = ui.hf_config.data();
    ImGui::InputTextMultiline("##hf", buf, ui.hf_config.capacity() + 1, ImVec2(-1, Em(6)),
                              ImGuiInputTextFlags_CallbackResize,
                              [](ImGuiInputTextCallbackData* d) {
                                if (d->EventFlag == ImGuiInputTextFlags_CallbackResize) {
                                  auto* str = static_cast<std::string*>(d->UserData);
                                  str->resize(static_cast<size_t>(d->BufTextLen));
                                  d->Buf = str->data();
                                }
                                return 0;
                              },
                              &ui.hf_config);
    if (ImGui::Button(Labeled(t.calc_hf_import, "hf_import").c_str())) {
      std::vector<std::string> notes;
      ui.message = ImportHfConfig(s, ui.hf_config.c_str(), notes);
      ui.message_is_error = !ui.message.empty();
      if (ui.message.empty()) {
        ui.message = Printf(t.calc_hf_imported, s.workload.model.name.c_str());
        for (const auto& n : notes) ui.message += "\n" + n;
      }
    }
    ImGui::TreePop();
  }
  if (!ui.message.empty()) ColoredWrapped(ui.message_is_error ? kColorBad : kColorMuted, ui.message);
  if (m.IsTransformer() && ImGui::TreeNode(Labeled(t.calc_arch, "arch").c_str())) {
    bool edited = false;
    edited |= IntInput(env, Labeled(t.calc_layers, "layers"), m.layers, 1, 1000);
    edited |= IntInput(env, Labeled(t.calc_hidden, "hidden"), m.hidden, 16, 131072, nullptr, StepKind::kLinear, 256);
    edited |= IntInput(env, Labeled(t.calc_heads, "heads"), m.heads, 1, 4096);
    edited |= IntInput(env, Labeled(t.calc_kv_heads, "kv_heads"), m.kv_heads, 1, 4096, t.calc_kv_heads_help);
    edited |= PowInput(env, Labeled(t.calc_head_dim, "head_dim"), m.head_dim, 1, 4096);
    edited |= IntInput(env, Labeled(t.calc_ffn, "ffn"), m.ffn_hidden, 1, 1048576, t.calc_ffn_help, StepKind::kLinear, 256);
    edited |= IntInput(env, Labeled(t.calc_vocab, "vocab"), m.vocab, 1, 10000000, nullptr, StepKind::kLinear, 256);
    edited |= IntInput(env, Labeled(t.calc_experts, "experts"), m.experts, 0, 100000, t.calc_experts_help);
    if (m.experts > 0)
      edited |= IntInput(env, Labeled(t.calc_experts_per_token, "experts_per_token"), m.experts_per_token, 1, m.experts);
    if (m.attention == AttentionKind::kMla)
      edited |= IntInput(env, Labeled(t.calc_mla_latent, "mla_latent"), m.kv_lora_rank, 1, 65536);
    edited |= PowInput(env, Labeled(t.calc_window, "window"), m.sliding_window, 0, 100000000, t.calc_window_help);
    if (m.sliding_window > 0)
      edited |= IntInput(env, Labeled(t.calc_window_layers, "window_layers"), m.sliding_window_layers, 0, m.layers);
    if (edited) ArchitectureEdited(s);
    ImGui::TreePop();
  }
}

void DrawJobInputs(CalculatorState& s, const Catalogs& c, const UiEnv& env) {
  const UiText& t = env.text();
  Workload& w = s.workload;
  Task task = w.task;
  if (EnumCombo(Labeled(t.calc_task, "task"), task, kTaskOptions, env)) SelectTask(s, c, task);
  if (w.task == Task::kQlora)
    EnumCombo(Labeled(t.calc_base_format, "precision"), w.precision, kQloraPrecisions, env, t.calc_base_format_help);
  else if (w.task == Task::kInference)
    EnumCombo(Labeled(t.calc_weight_format, "precision"), w.precision, kInferencePrecisions, env, t.calc_weight_format_help);
  else EnumCombo(Labeled(t.calc_precision, "precision"), w.precision, kTrainPrecisions, env, t.calc_precision_help);

  if (w.IsTraining()) {
    EnumCombo(Labeled(t.calc_optimizer, "optimizer"), w.optimizer, kOptimizerOptions, env, t.calc_optimizer_help);
    if (w.task == Task::kLora || w.task == Task::kQlora) {
      PowInput(env, Labeled(t.calc_lora_rank, "lora_rank"), w.lora_rank, 1, 65536, t.calc_lora_rank_help);
      EnumCombo(Labeled(t.calc_lora_targets, "lora_targets"), w.lora_targets, kLoraTargetOptions, env, t.calc_lora_targets_help);
      // The module names from the engine's one definition (engine/lora_targets.hpp).
      // Wrapped: all seven of a Llama's linear layers ran past the inputs column ("…, up_proj,").
      ColoredWrapped(kColorMuted, Printf(t.calc_lora_modules, LoraModuleNames(w.lora_targets)));
    }
    SectionTitle(t.calc_section_sequence);
    PowInput(env, Labeled(t.calc_seq_len, "seq_len"), w.seq_len, 1, 10000000, t.calc_seq_len_help);
    PowInput(env, Labeled(t.calc_micro_batch, "micro_batch"), w.micro_batch, 1, 65536, t.calc_micro_batch_help);
    IntInput(env, Labeled(t.calc_grad_accum, "grad_accum"), w.grad_accum, 1, 65536, t.calc_grad_accum_help);
    // In double: the fields' limits (65,536 x 65,536 x 10^6) overflow an int (a link's
    // micro_batch=65536&grad_accum=65536 read "0 sequences").
    const double global_batch = static_cast<double>(w.micro_batch) * w.grad_accum * w.dp;
    ImGui::TextDisabled("%s", Plurals(Printf(t.calc_global_batch, FormatNumber(global_batch).c_str())).c_str());
    EnumCombo(Labeled(t.calc_checkpointing, "checkpointing"), w.checkpointing, kCheckpointOptions, env,
              t.calc_checkpointing_help);
    ImGui::Checkbox(Labeled(t.calc_flash, "flash").c_str(), &w.flash_attention);
    ImGui::SameLine();
    HelpMarker(t.calc_flash_help, env);
    SectionTitle(t.calc_section_parallel);
    ImGui::SetNextItemWidth(InputWidth());
    ImGui::SliderInt(Labeled(t.calc_zero_stage, "zero").c_str(), &w.zero_stage, 0, 3);
    ImGui::SameLine();
    HelpMarker(t.calc_zero_help, env);
    ImGui::Checkbox(Labeled(t.calc_offload, "offload").c_str(), &w.offload_optimizer);
    if (w.zero_stage == 3) {
      ImGui::Checkbox(Labeled(t.calc_offload_params, "offload_params").c_str(), &w.offload_params);
      if (w.offload_params) w.offload_optimizer = true;  // FSDP CPU offload steps the optimizer on the CPU
    } else {
      w.offload_params = false;  // parameter offload needs ZeRO-3 shards
    }
    IntInput(env, Labeled(t.calc_dp, "dp"), w.dp, 1, 1000000);
    PowInput(env, Labeled(t.calc_tp, "tp"), w.tp, 1, 1024, t.calc_tp_help);
    IntInput(env, Labeled(t.calc_pp, "pp"), w.pp, 1, 1024);
    if (w.model.IsMoe()) IntInput(env, Labeled(t.calc_ep, "ep"), w.ep, 1, 4096, t.calc_ep_help);
    ImGui::Checkbox(Labeled(t.calc_sequence_parallel, "sp").c_str(), &w.sequence_parallel);
    // gpus follows TP x PP x DP in NormalizeCalculator (64-bit, each frame before drawing).
    ImGui::TextDisabled(t.calc_gpus_product, w.gpus);
    SectionTitle(t.calc_section_run);
    // Tokens: "2T", "300B"; steps 1-2-5 (ParseParamCount's range: 10^3 .. 10^15).
    const NumberFieldSpec tokens{1e3, 1e15, false, StepKind::kLog125, 1, SuffixBase::kDecimal, true};
    NumberField(Labeled(t.calc_train_tokens, "train_tokens"), w.train_tokens, tokens, t, InputWidth(), t.calc_train_tokens_help, &env);
  } else {
    PowInput(env, Labeled(t.calc_batch, "batch"), w.batch, 1, 1000000, t.calc_batch_help);
    PowInput(env, Labeled(t.calc_context, "context"), w.context, 1, 100000000, t.calc_context_help);
    w.prompt_tokens = std::clamp(w.prompt_tokens, 1, w.context);
    PowInput(env, Labeled(t.calc_prompt, "prompt"), w.prompt_tokens, 1, w.context, t.calc_prompt_help);
    EnumCombo(Labeled(t.calc_kv_cache, "kv"), w.kv_precision, kKvOptions, env);
    EnumCombo(Labeled(t.calc_serving_software, "framework"), w.framework, kServingFrameworks, env, t.calc_serving_software_help);
    const NumberFieldSpec speed{0.1, 100000, false, StepKind::kLog125};
    NumberField(Labeled(t.calc_target_speed, "target"), w.target_tokens_per_second, speed, t, InputWidth(),
                t.calc_target_speed_help, &env);
    PowInput(env, Labeled(t.calc_tp, "tp"), w.tp, 1, 1024, t.calc_tp_infer_help);
    IntInput(env, Labeled(t.calc_pp, "pp"), w.pp, 1, 1024);
    IntInput(env, Labeled(t.calc_gpus_infer, "gpus"), w.gpus, 1, 1000000);
  }
  SectionTitle(t.calc_section_hardware);
  const Gpu* g = c.gpus.Find(w.gpu);
  ImGui::SetNextItemWidth(-1);
  if (ImGui::BeginCombo("##gpu", g ? g->DisplayName(env.chinese()).c_str() : w.gpu.c_str(), ImGuiComboFlags_HeightLarge)) {
    for (size_t i = 0; i < c.gpus.gpus.size(); ++i) {
      const Gpu& card = c.gpus.gpus[i];
      const std::string label = card.DisplayName(env.chinese()) + "  ·  " + FormatNumber(card.memory_gb) + "\u00A0GB###" + card.id;
      if (ImGui::Selectable(label.c_str(), card.id == w.gpu)) w.gpu = card.id;
    }
    ImGui::EndCombo();
  }
  bool custom_mfu = w.mfu.has_value();
  if (ImGui::Checkbox(Labeled(t.calc_set_mfu, "mfu_on").c_str(), &custom_mfu))
    w.mfu = custom_mfu ? std::optional<double>(0.4) : std::nullopt;
  ImGui::SameLine();
  HelpMarker(t.calc_mfu_help, env);
  if (w.mfu) {
    float mfu = static_cast<float>(*w.mfu);
    ImGui::SetNextItemWidth(-1);
    if (ImGui::SliderFloat("##mfu", &mfu, 0.05f, 0.8f, "MFU %.2f")) w.mfu = std::clamp(static_cast<double>(mfu), 0.01, 1.0);
  }
}

// [SECTION] Results --------------------------------------------------------------------------

struct Segment {
  const char* label;
  double bytes;
  ImU32 color;
};

// `text` broken into lines no wider than `max_width` (TextLines: the wrap rules and the memo
// every wrapped text uses), joined with line breaks for a multi-line button label.
std::string BrokenIntoLines(const std::string& text, float max_width) {
  std::string out;
  for (const auto& [begin, end] : TextLines(text, max_width)) {
    if (!out.empty()) out += '\n';
    out.append(text, begin, end - begin);
  }
  return out;
}

// The Fits-on chips: the card's tier colour when some count holds the job, grey when none does.
constexpr float kFitsOnChipAlpha = 0.28f;

// A "Fits on" chip: a small button on desktops; on phones a finger's target at least
// kFitsOnChipMinCss tall (SmallButton's 17 CSS px was under WCAG 2.2's 24 px minimum target,
// 2.5.8; a new-user review), as tall as the -/+ steppers beside the fields.
constexpr float kFitsOnChipMinCss = 28.0f;
bool FitsOnChip(const std::string& label, const UiEnv& env) {
  if (!env.narrow()) return ImGui::SmallButton(label.c_str());
  const ImGuiStyle& style = ImGui::GetStyle();
  const float pad_y = std::max(style.FramePadding.y, (kFitsOnChipMinCss * env.dpr - ImGui::GetTextLineHeight()) * 0.5f);
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(style.FramePadding.x, pad_y));
  const bool pressed = ImGui::Button(label.c_str());
  ImGui::PopStyleVar();
  return pressed;
}
constexpr ImU32 kFitsOnNoneColor = IM_COL32(60, 60, 66, 120);
// A count whose layout is a known risk: its chip's words (and legend swatch) in the warning colour.
constexpr ImU32 kFitsOnRiskColor = kColorWarn;

struct LegendEntry {
  ImU32 color;
  const char* label;
};

// A legend line of colour swatches and words: an entry goes on the line only when it fits whole
// (its own width, not a guess: on a phone "optimizer states" ran past the edge), else it starts
// the next line.
void DrawLegendLine(const LegendEntry* entries, int count) {
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  float line_end = -1;  // where the line's last entry ends; < 0: no entry yet
  for (int i = 0; i < count; ++i) {
    const float entry = Em(0.7f) + Em(0.25f) + ImGui::CalcTextSize(entries[i].label).x;
    if (line_end >= 0 && line_end + ImGui::GetStyle().ItemSpacing.x + entry <= right) ImGui::SameLine();
    ImGui::PushID(i);
    ImGui::ColorButton("##swatch", ImGui::ColorConvertU32ToFloat4(entries[i].color), ImGuiColorEditFlags_NoTooltip,
                       ImVec2(Em(0.7f), Em(0.7f)));
    ImGui::PopID();
    ImGui::SameLine(0, Em(0.25f));
    ImGui::TextUnformatted(entries[i].label);
    line_end = ImGui::GetItemRectMax().x;
  }
}

void DrawMemoryBar(const EstimateResult& r, const UiText& t) {
  const MemoryBreakdown& m = r.memory;
  const Segment segs[] = {
      {t.calc_seg_weights, m.weights_bytes, IM_COL32(96, 165, 250, 255)},
      {t.calc_seg_gradients, m.gradients_bytes, IM_COL32(167, 139, 250, 255)},
      {t.calc_seg_optimizer, m.optimizer_bytes, IM_COL32(244, 114, 182, 255)},
      {t.calc_seg_activations, m.activations_bytes, IM_COL32(251, 191, 36, 255)},
      {t.calc_seg_kv_cache, m.kv_cache_bytes, IM_COL32(52, 211, 153, 255)},
      {t.calc_seg_overhead, m.overhead_bytes, IM_COL32(148, 163, 184, 255)}};
  // The marker is what the job may use (driver-reported capacity x a server's memory fraction),
  // the figure the verdict compares with; the card's size as sold is named beside it.
  const double capacity = r.memory.required_bytes + r.headroom_bytes;
  const double scale_max = std::max({m.total_bytes, capacity, 1.0}) * 1.04;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float w = ImGui::GetContentRegionAvail().x, h = Em(1.6f);
  ImGui::Dummy(ImVec2(w, h + Em(1.4f)));
  dl->AddRectFilled(p, ImVec2(p.x + w, p.y + h), IM_COL32(255, 255, 255, 15), 3);
  float x = p.x;
  int hovered = -1;
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  for (int i = 0; i < 6; ++i) {
    const float sw = static_cast<float>(segs[i].bytes / scale_max * w);
    if (sw <= 0) continue;
    dl->AddRectFilled(ImVec2(x, p.y), ImVec2(x + sw, p.y + h), segs[i].color);
    if (mouse.x >= x && mouse.x < x + sw && mouse.y >= p.y && mouse.y < p.y + h) hovered = i;
    x += sw;
  }
  const float cap_x = p.x + static_cast<float>(capacity / scale_max * w);
  dl->AddLine(ImVec2(cap_x, p.y - Em(0.3f)), ImVec2(cap_x, p.y + h + Em(0.3f)), IM_COL32(255, 255, 255, 230), Em(0.12f));
  const std::string cap = Printf(t.calc_per_card, Bytes(capacity).c_str(), Bytes(r.gpu_memory_bytes).c_str());
  const float tw = ImGui::CalcTextSize(cap.c_str()).x;
  dl->AddText(ImVec2(std::clamp(cap_x - tw / 2, p.x, p.x + w - tw), p.y + h + Em(0.2f)), IM_COL32(230, 230, 235, 255), cap.c_str());
  if (hovered >= 0) ImGui::SetTooltip("%s: %s", segs[hovered].label, Bytes(segs[hovered].bytes).c_str());
  LegendEntry legend[6];
  int entries = 0;
  for (const Segment& seg : segs)
    if (seg.bytes > 0) legend[entries++] = {seg.color, seg.label};
  DrawLegendLine(legend, entries);
}

// A row's value in the value column (Em(9) right of the middle), moved left to end at the panel
// edge when the column would clip it, or onto the next line, right-aligned, when the label
// leaves no room (phones). `label_right` is where the label ends, window-local.
void ValueColumn(float label_right, const std::string& value) {
  const float right = ImGui::GetWindowContentRegionMax().x;
  const float width = ImGui::CalcTextSize(value.c_str()).x;
  const float x = std::min(ImGui::GetContentRegionAvail().x * 0.55f + Em(9), right - width);
  if (x >= label_right + Em(0.6f))
    ImGui::SameLine(x);
  else
    ImGui::SetCursorPosX(std::max(ImGui::GetCursorPosX(), right - width));
  ImGui::TextUnformatted(value.c_str());
}

// One result row: label, value, and an expandable "show the math".
void FigureRow(const Figure& f, const char* label, const std::string& value, const UiText& t) {
  ImGui::PushID(f.key.c_str());
  const bool open = ImGui::TreeNodeEx("##row", ImGuiTreeNodeFlags_SpanAvailWidth, "%s", label);
  ValueColumn(ImGui::GetItemRectMin().x - ImGui::GetWindowPos().x + ImGui::GetTreeNodeToLabelSpacing() +
                  ImGui::CalcTextSize(label).x,
              value);
  if (open) {
    ColoredWrapped(kColorAccent, "= " + f.formula);
    const ImU32 muted = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    ColoredWrapped(muted, Printf(t.calc_inputs, f.inputs.c_str()));
    if (!f.source.empty()) ColoredWrapped(muted, Printf(t.calc_source, f.source.c_str()));
    ImGui::TreePop();
  }
  ImGui::PopID();
}

void DrawVerdict(const EstimateResult& r, const UiEnv& env) {
  const UiText& t = env.text();
  // What must fit against what the job may use: the capacity the driver reports (x a serving
  // engine's memory fraction), as the engine's `fits` compares them.
  const double need = r.memory.required_bytes, capacity = r.memory.required_bytes + r.headroom_bytes;
  const double used = need / std::max(1.0, capacity);
  // A job that fits but cannot run as set (a feature its software lacks, a split over chips
  // with no link) is not a green "Fits": the warnings under the verdict say why.
  const std::string text =
      r.fits ? Printf(r.runs_as_estimated ? t.calc_fits : t.calc_fits_caveat, Bytes(need).c_str(), Bytes(capacity).c_str(),
                      Safe(used * 100, 0).c_str(), Bytes(r.headroom_bytes).c_str())
             : Printf(t.calc_no_fit, Bytes(need).c_str(), Bytes(capacity).c_str(), r.gpu->DisplayName(env.chinese()).c_str());
  ImGui::PushStyleColor(ImGuiCol_Text, !r.fits ? kColorBad : r.runs_as_estimated ? kColorGood : kColorWarn);
  WrappedText(text.c_str());
  ImGui::PopStyleColor();
  // A preallocating server (vLLM, TensorRT-LLM): the verdict compares against its share of the
  // card, and the memory table's total counts the context outside that share too, so the two
  // figures differ by it; say which is which (data/calibration.json memory_fraction).
  // TensorRT-LLM's fraction is of the memory left free after loading (its KvCacheConfig
  // free_gpu_memory_fraction), not of the card: say which.
  if (r.memory.preallocated_fraction > 0) {
    const std::string percent = Safe(r.memory.preallocated_fraction * 100, 0);
    const std::string fraction = NoteNumber(r.memory.preallocated_fraction);
    const std::string outside = Bytes(std::max(0.0, r.memory.total_bytes - r.memory.required_bytes));
    ColoredWrapped(kColorMuted, r.framework == Framework::kTensorrtLlm
                                    ? Printf(t.calc_prealloc_share_trt, percent.c_str(), fraction.c_str(), outside.c_str())
                                    : Printf(t.calc_prealloc_share, percent.c_str(), Bytes(r.usable_memory_bytes).c_str(),
                                             fraction.c_str(), Bytes(capacity).c_str(), outside.c_str()));
  }
}

// What may stop the plan running as asked (a feature the card's software lacks, a custom model
// whose fields contradict its size) and what its layout risks (consumer cards across machines,
// tensor parallelism over PCIe, serving across nodes): right under the verdict.
void DrawEstimateWarnings(const CalculatorDerived& d, const UiEnv& env) {
  for (const std::string& w : d.estimate.warnings) ColoredWrapped(kColorWarn, "! " + Shown(w, env));
  for (const RiskFlag& risk : d.layout_risks) ColoredWrapped(kColorWarn, "! " + risk.text);
}

// A request field in the UI's words (the Make-it-fit steps name the fields they change).
const char* FieldLabel(const std::string& field, Task task, const UiText& t) {
  if (field == "checkpointing") return t.calc_checkpointing;
  if (field == "micro_batch") return t.calc_micro_batch;
  if (field == "grad_accum") return t.calc_grad_accum;
  if (field == "zero_stage") return t.calc_zero_stage;
  if (field == "optimizer") return t.calc_optimizer;
  if (field == "gpus") return t.calc_field_gpus;
  if (field == "tp") return t.calc_tp;
  if (field == "pp") return t.calc_pp;
  if (field == "dp") return t.calc_dp;
  if (field == "ep") return t.calc_ep;
  if (field == "sequence_parallel") return t.calc_sequence_parallel;
  if (field == "kv_precision") return t.calc_kv_cache;
  if (field == "precision")
    return task == Task::kInference ? t.calc_weight_format : task == Task::kQlora ? t.calc_base_format : t.calc_precision;
  if (field == "offload_optimizer") return t.calc_offload;
  if (field == "offload_params") return t.calc_offload_params;
  return field.c_str();
}

// The option of `options` whose request id is `id`, in the UI's words; nullptr when none is.
template <typename E, size_t N>
const char* OptionName(const std::string& id, const Option<E> (&options)[N], const UiText& t) {
  for (const auto& [v, name] : options)
    if (id == ToString(v)) return t.*name;
  return nullptr;
}

// A Make-it-fit value for people: on/off as yes/no, option ids ("adamw_8bit", "selective",
// "fp8") as the names their drop-downs show, numbers as the engine writes them.
std::string FitValueName(const std::string& field, const Json& v, Task task, const UiText& t) {
  if (v.is_boolean()) return v.get<bool>() ? t.yes : t.no;
  if (!v.is_string()) return FitValueText(v);
  const std::string id = v.get<std::string>();
  const char* name = nullptr;
  if (field == "optimizer") name = OptionName(id, kOptimizerOptions, t);
  else if (field == "checkpointing") name = OptionName(id, kCheckpointOptions, t);
  else if (field == "kv_precision") name = OptionName(id, kKvOptions, t);
  else if (field == "precision") {
    name = task == Task::kQlora       ? OptionName(id, kQloraPrecisions, t)
           : task == Task::kInference ? OptionName(id, kInferencePrecisions, t)
                                      : OptionName(id, kTrainPrecisions, t);
    for (const Precision p : {Precision::kFp32, Precision::kTf32, Precision::kBf16, Precision::kFp16, Precision::kFp8,
                              Precision::kInt8, Precision::kInt4, Precision::kNf4})
      if (!name && id == ToString(p)) name = PrecisionName(p, t);
  }
  return name ? name : id;
}

// "Make it fit": the steps (field, from -> to, why) and one button that applies them all; or
// what blocks a fit, with numbers.
void DrawMakeItFit(AppState& state, const CalculatorDerived& d, CalculatorUi& ui, const UiEnv& env) {
  const UiText& t = env.text();
  const FitResult& f = d.fit;
  if (d.estimate.fits) {
    if (ui.fit_applied > 0) ColoredWrapped(kColorGood, Plurals(Printf(t.calc_fit_applied, ui.fit_applied)));
    return;
  }
  ui.fit_applied = 0;
  if (!f.ok) return;
  SectionTitle(t.calc_section_fit);
  if (f.fits) {
    ImGui::PushStyleColor(ImGuiCol_Button, IM_COL32(40, 110, 200, 255));
    const bool apply = ImGui::Button(Labeled(Plurals(Printf(t.calc_fit_apply, static_cast<int>(f.changes.size()))).c_str(), "fit_apply").c_str());
    ImGui::PopStyleColor();
    if (apply && d.inputs == state.calculator && ApplyFit(state.calculator, f)) ui.fit_applied = static_cast<int>(f.changes.size());
    ImGui::PushTextWrapPos(0);
    DisabledWrapped(t.calc_fit_intro);
    ImGui::PopTextWrapPos();
    for (size_t i = 0; i < f.changes.size(); ++i) {
      const FitChange& ch = f.changes[i];
      ImGui::PushID(static_cast<int>(i));
      const Task task = d.inputs.workload.task;
      WrappedBullet(Printf(t.calc_fit_step, FieldLabel(ch.field, task, t), FitValueName(ch.field, ch.from, task, t).c_str(),
                           FitValueName(ch.field, ch.to, task, t).c_str()));
      ImGui::Indent();
      ImGui::PushStyleColor(ImGuiCol_Text, kColorMuted);
      ImGui::PushTextWrapPos(0);
      WrappedText(Shown(ch.why, env));
      ImGui::PopTextWrapPos();
      ImGui::PopStyleColor();
      ImGui::Unindent();
      ImGui::PopID();
    }
    // A fix that leaves under kTightHeadroomFraction free is said to be tight, as the
    // Walkthrough marks such a plan (a review: "Then 70.2 GiB per GPU of 71.7 GiB" in green).
    const double usable = f.estimate.memory.required_bytes + f.estimate.headroom_bytes;
    const bool tight = usable > 0 && TightHeadroom(f.estimate.headroom_bytes / usable);
    ColoredWrapped(tight ? kColorWarn : kColorGood,
                   Printf(t.calc_fit_then, Bytes(f.estimate.memory.required_bytes).c_str(), Bytes(usable).c_str()));
    if (tight)
      ColoredWrapped(kColorWarn, Printf(t.calc_fit_then_tight, Printf("%.1f%%", 100 * f.estimate.headroom_bytes / usable).c_str()));
  } else {
    ColoredWrapped(kColorBad, t.calc_fit_none);
    for (const std::string& b : f.blockers) ColoredWrapped(kColorWarn, "· " + Shown(b, env));
  }
}

// "Cost this job": the Cost view takes this card, count and the estimated hours, and follows
// the job while linked (app/carried_job.hpp).
void DrawCostThisJob(AppState& state, const CalculatorDerived& d, const UiEnv& env, CarriedJobMemory& carried) {
  const CarriedJob job = CalculatorJob(d);
  ImGui::BeginDisabled(!job.available);
  if (ImGui::Button(Labeled(env.text().job_cost_this, "cost_job").c_str(),
                    ImVec2(env.narrow() ? ImGui::GetContentRegionAvail().x : 0, env.narrow() ? Em(2.2f) : 0)))
    CostThisJob(state, job, 1, carried);
  ImGui::EndDisabled();
  TestTarget(env, "calc_cost_job");
  // A greyed button says nothing of why (and phones have no hover): say it under the button.
  if (!job.available && d.valid && d.estimate.ok && !d.estimate.fits)
    ColoredWrapped(ImGui::GetColorU32(ImGuiCol_TextDisabled), env.text().calc_cost_needs_fit);
}

// "Rank cards for this job": the walkthrough's recommendations (every card, count and layout,
// priced) for this model, task, precision and job figures (app/walkthrough_model.hpp).
void DrawRankCards(AppState& state, const Catalogs& c, const UiEnv& env, UiMemory& memory) {
  const UiText& t = env.text();
  if (ImGui::Button(Labeled(t.calc_rank_cards, "rank_cards").c_str(),
                    ImVec2(env.narrow() ? ImGui::GetContentRegionAvail().x : 0, env.narrow() ? Em(2.2f) : 0))) {
    memory.walk_handover = WalkthroughFromCalculator(state.calculator, state.walkthrough, c);
    state.walkthrough = memory.walk_handover->walkthrough;
    state.view = View::kWalkthrough;
  }
  TestTarget(env, "calc_rank_cards");
  ColoredWrapped(kColorMuted, t.calc_rank_cards_what);
}

// `fit_above`: the narrow layout already drew "Make it fit" under the verdict at the top.
void DrawResults(AppState& state, const Catalogs& c, const CalculatorDerived& d, UiMemory& memory, const UiEnv& env,
                 bool fit_above) {
  CalculatorUi& ui = memory.calculator;
  CarriedJobMemory& carried = memory.carried_job;
  const UiText& t = env.text();
  if (!d.valid) {
    ColoredWrapped(kColorBad, t.calc_invalid);
    for (const auto& e : d.errors) ColoredWrapped(kColorBad, "· " + e);
    ImGui::TextDisabled("%s", t.calc_invalid_kept);
    return;
  }
  const EstimateResult& r = d.estimate;
  const Workload& w = d.inputs.workload;
  // On phones the verdict, its warnings and the accuracy link are already at the top of the view.
  if (!fit_above) {
    DrawVerdict(r, env);
    DrawEstimateWarnings(d, env);
    DrawAccuracyLink(View::kCalculator, env, memory);
  }
  // Wrapped: on a phone "… x 2 · Inference / serving · BF16" was cut at the screen's edge.
  ColoredWrapped(kColorMuted, Printf("%s x %d · %s · %s", r.gpu->DisplayName(env.chinese()).c_str(), w.gpus, TaskName(w.task, t),
                                     PrecisionName(w.precision, t)));
  if (!fit_above) {
    DrawCostThisJob(state, d, env, carried);
    DrawMakeItFit(state, d, ui, env);
  }
  // Under Make it fit's "Then … per GPU", the bar and the tables are still the job as set: a
  // title says so, or the bar reads as the fixed job's.
  if (!r.fits) SectionTitle(t.calc_section_as_set);
  DrawMemoryBar(r, t);
  SectionTitle(t.calc_section_memory);
  for (const Figure& f : r.memory.figures)
    if (f.value > 0 || f.key == "weights") FigureRow(f, FigureLabel(f, w.task, t), Bytes(f.value), t);
  ImGui::Separator();
  ImGui::TextUnformatted(t.calc_total);
  ValueColumn(ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x, Bytes(r.memory.total_bytes));
  if (r.memory.cpu_offload_bytes > 0) ImGui::TextDisabled(t.calc_cpu_offload, Bytes(r.memory.cpu_offload_bytes).c_str());
  if (r.memory.cpu_offload_params_bytes > 0)
    ImGui::TextDisabled(t.calc_cpu_offload_params, Bytes(r.memory.cpu_offload_params_bytes).c_str());

  SectionTitle(w.IsTraining() ? t.calc_section_compute : t.calc_section_serving);
  // A job that does not fit has no speed: its figures are what it would do if it fitted
  // (a review read "Decode throughput 27,317 tokens/s" under "Does not fit" as reachable).
  if (!r.fits) ColoredWrapped(kColorWarn, t.calc_figures_if_fit);
  const ComputeResult& cr = r.compute;
  for (const Figure& f : cr.figures) {
    std::string v;
    if (f.unit == "FLOP") v = Flops(f.value, env.language);
    else if (f.unit == "s") v = Duration(f.value, env.language);
    else if (f.unit == "GPU-h") v = GpuHours(f.value, t);
    else if (f.unit == "users") v = Whole(f.value, t.unit_users);
    else v = Rate(f.value, f.unit.c_str());
    FigureRow(f, FigureLabel(f, w.task, t), v, t);
  }
  if (cr.tokens_per_second_per_user)
    ImGui::TextDisabled(t.calc_per_user, Rate(*cr.tokens_per_second_per_user, "tokens/s").c_str());
  ColoredWrapped(ImGui::GetColorU32(ImGuiCol_TextDisabled),
                 Printf(t.calc_peak, Safe(cr.peak_flops / 1e12, 0).c_str(), PeakKindText(cr.peak_kind, env.language).c_str(),
                        cr.mfu_used, cr.scaling_efficiency));
  if (!r.notes.empty()) {
    SectionTitle(t.calc_section_notes);
    // The engine's "does not fit" note (its text up to the first conversion) is the verdict.
    const std::string no_fit = EngineTextFor(env.language).est_does_not_fit;
    const std::string no_fit_prefix = no_fit.substr(0, no_fit.find('%'));
    for (const auto& n : r.notes)
      ColoredWrapped(n.rfind(no_fit_prefix, 0) == 0 ? kColorBad : kColorWarn, "· " + Shown(n, env));
  }

  SectionTitle(t.calc_section_fits_on);
  // Above the chips (a screen of them on phones): which of these cards to rent, ranked.
  DrawRankCards(state, c, env, memory);
  ColoredWrapped(kColorMuted, w.IsTraining() ? t.calc_fits_on_train : t.calc_fits_on_infer);  // wraps on phones
  // Every chip "-" reads as a list of cards that fit: say outright that none does, and where
  // the changes that would make it fit are (activations at a long context do not shrink with
  // more data-parallel cards, so a job can fit on none at any count as set).
  if (std::none_of(d.fits_on.begin(), d.fits_on.end(), [](const FitsOnEntry& e) { return e.min_gpus > 0; }))
    ColoredWrapped(kColorWarn, Printf(t.calc_fits_on_none, kMaxFitsOnGpus));
  // What the chips' colours say: the card's tier, as on the tier map; grey, no count that holds
  // the job (its tooltip, or a tap on phones, says why).
  const LegendEntry chip_legend[] = {{TierColor(1, kFitsOnChipAlpha), TierDisplayName(Tier::kFlagship, env)},
                                     {TierColor(2, kFitsOnChipAlpha), TierDisplayName(Tier::kMainstream, env)},
                                     {TierColor(3, kFitsOnChipAlpha), TierDisplayName(Tier::kEntryEdge, env)},
                                     {kFitsOnNoneColor, env.narrow() ? t.calc_fits_on_legend_none_tap : t.calc_fits_on_legend_none},
                                     {kFitsOnRiskColor, env.narrow() ? t.calc_fits_on_legend_risk_tap : t.calc_fits_on_legend_risk}};
  DrawLegendLine(chip_legend, 5);
  const float avail = ImGui::GetContentRegionAvail().x;
  float line_x = 0;
  int shown = 0;
  for (const FitsOnEntry& e : d.fits_on) {
    const Gpu& g = c.gpus.gpus[e.gpu_index];
    const std::string& name = g.DisplayName(env.chinese());
    // "!" marks a count whose layout is a known risk (the tooltip, or the warnings once picked, say which).
    const bool flagged = !e.risks.empty() || !e.cannot_run.empty() || !e.software_cautions.empty();
    const std::string count = e.min_gpus > 0 ? " x" + std::to_string(e.min_gpus) + (flagged ? " !" : "") : " -";
    std::string label = name + count;
    float bw = ImGui::CalcTextSize(label.c_str()).x + ImGui::GetStyle().FramePadding.x * 2;
    // A chip wider than the panel (a phone) drops the name's bracketed detail: "Ascend 910B
    // (910B3-class, Atlas 800T A2 module) x4" was cut at the screen's edge. Its tooltip or sheet
    // keeps the full name.
    if (bw > avail) {
      const size_t cut = std::min(name.find(" ("), name.find("（"));
      if (cut != std::string::npos && cut > 0) {
        label = name.substr(0, cut) + count;
        bw = ImGui::CalcTextSize(label.c_str()).x + ImGui::GetStyle().FramePadding.x * 2;
      }
    }
    // A name with no such detail that is still too wide ("RTX PRO 6000 Blackwell Max-Q
    // Workstation Edition x2" on a phone) goes onto more lines of the chip.
    if (bw > avail) {
      label = BrokenIntoLines(label, avail - ImGui::GetStyle().FramePadding.x * 2);
      bw = ImGui::CalcTextSize(label.c_str()).x + ImGui::GetStyle().FramePadding.x * 2;
    }
    if (shown > 0 && line_x + bw < avail) ImGui::SameLine();
    else line_x = 0;
    line_x += bw + ImGui::GetStyle().ItemSpacing.x;
    ImGui::PushID(e.gpu_index);
    const int tier = static_cast<int>(c.gpu_tiers[e.gpu_index].tier);
    ImGui::PushStyleColor(ImGuiCol_Button, e.min_gpus > 0 ? TierColor(tier, kFitsOnChipAlpha) : kFitsOnNoneColor);
    ImGui::PushStyleColor(ImGuiCol_Text, e.min_gpus == 0       ? kColorMuted
                                         : flagged          ? kFitsOnRiskColor
                                                            : IM_COL32(235, 238, 245, 255));
    if (FitsOnChip(label, env) && e.min_gpus > 0) {
      ApplyFitsOn(state.calculator, c, e.gpu_index);
      ui.scroll_to_verdict = true;
    }
    ImGui::PopStyleColor(2);
    // Why a card is "-" on a hover, or a tap on phones (no hover there); a card that fits is
    // applied by its tap, and its count and memory are on the chip and in the results.
    if (e.min_gpus > 0) {
      // Desktop only: on phones a tap applies the layout, whose warnings the verdict then lists.
      if (!env.narrow() && BeginDetail("fits_on_tip", env, 30)) {  // worded only while hovered
        WrappedText(Plurals(Printf(t.calc_fits_on_tip, name.c_str(), e.min_gpus, Bytes(e.per_gpu_bytes).c_str())));
        for (const std::string& why : e.cannot_run) WrappedText("! " + Shown(why, env));
        for (const std::string& why : e.software_cautions) WrappedText("! " + Shown(why, env));
        for (const RiskFlag& risk : e.risks) WrappedText("! " + risk.text);
        EndDetail(env);
      }
    } else if (BeginDetail("fits_on_none", env, 28)) {  // the reason is worded only when shown
      WrappedText(!e.unsupported.empty() ? Shown(e.unsupported, env)
                  : e.standalone         ? Printf(t.calc_fits_on_standalone_tip, name.c_str())
                                         : Plurals(Printf(t.calc_fits_on_none_tip, name.c_str(), kMaxFitsOnGpus)));
      EndDetail(env);
    }
    ImGui::PopID();
    ++shown;
  }
}

// The panel that holds the verdict back at its top after a Fits-on pick (CalculatorUi).
void ScrollToVerdictIfAsked(CalculatorUi& ui) {
  if (!ui.scroll_to_verdict) return;
  ImGui::SetScrollY(0.0f);
  ui.scroll_to_verdict = false;
}

}  // namespace

void DrawCalculatorView(AppState& state, const Catalogs& c, const CalculatorDerived& d, const UiEnv& env,
                        UiMemory& memory) {
  const UiText& t = env.text();
  CalculatorState& s = state.calculator;
  if (env.narrow()) {
    BeginViewChild("calc_scroll", ImVec2(0, 0), false);
    ScrollToVerdictIfAsked(memory.calculator);
    if (d.valid) {
      DrawVerdict(d.estimate, env);
      DrawCostThisJob(state, d, env, memory.carried_job);
      DrawEstimateWarnings(d, env);
      DrawAccuracyLink(View::kCalculator, env, memory);
      DrawMakeItFit(state, d, memory.calculator, env);
    }
    if (ImGui::CollapsingHeader(Labeled(t.calc_model, "model").c_str(), ImGuiTreeNodeFlags_DefaultOpen))
      DrawModelInputs(s, c, memory.calculator, env);
    if (ImGui::CollapsingHeader(Labeled(t.calc_job_hardware, "job").c_str(), ImGuiTreeNodeFlags_DefaultOpen))
      DrawJobInputs(s, c, env);
    ImGui::Separator();
    DrawResults(state, c, d, memory, env, true);
    ImGui::EndChild();
    return;
  }
  const float inputs_w = std::clamp(ImGui::GetContentRegionAvail().x * 0.34f, Em(19), Em(28));
  BeginViewChild("calc_inputs", ImVec2(inputs_w, 0), true);
  SectionTitle(t.calc_model);
  DrawModelInputs(s, c, memory.calculator, env);
  SectionTitle(t.calc_job);
  DrawJobInputs(s, c, env);
  ImGui::EndChild();
  ImGui::SameLine();
  BeginViewChild("calc_results", ImVec2(0, 0), true);
  ScrollToVerdictIfAsked(memory.calculator);
  DrawResults(state, c, d, memory, env, false);
  ImGui::EndChild();
}

}  // namespace atlas::ui
