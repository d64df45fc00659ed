#include "calculator_view.hpp"

#include "engine/format.hpp"
#include "format_units.hpp"
#include "theme.hpp"
#include "widgets.hpp"

#include <imgui.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>

namespace atlas::ui {

namespace {

// [SECTION] Input helpers --------------------------------------------------------------------

// Inputs take ~55% of the panel so their labels fit on the right.
float InputWidth() { return std::max(Em(6), ImGui::GetContentRegionAvail().x * 0.55f); }

// Integer input clamped to [lo, hi]; returns true when the value changed.
bool IntInput(const char* label, int& value, int lo, int hi, const char* help = nullptr) {
  int v = value;
  ImGui::SetNextItemWidth(InputWidth());
  const bool changed = ImGui::InputInt(label, &v, 1, 8) && v != value;
  if (help) {
    ImGui::SameLine();
    HelpMarker(help);
  }
  if (!changed) return false;
  value = std::clamp(v, lo, hi);
  return true;
}

// Power-of-two style stepper for sequence lengths and batches.
bool PowInput(const char* label, int& value, int lo, int hi, const char* help) {
  return IntInput(label, value, lo, hi, help);
}

template <typename E, size_t N>
bool EnumCombo(const char* label, E& value, const std::pair<E, const char*> (&options)[N], const char* help = nullptr) {
  const char* current = "?";
  for (const auto& [v, name] : options)
    if (v == value) current = name;
  bool changed = false;
  ImGui::SetNextItemWidth(InputWidth());
  if (ImGui::BeginCombo(label, current)) {
    for (const auto& [v, name] : options)
      if (ImGui::Selectable(name, v == value)) value = v, changed = true;
    ImGui::EndCombo();
  }
  if (help) {
    ImGui::SameLine();
    HelpMarker(help);
  }
  return changed;
}

constexpr std::pair<Task, const char*> kTaskOptions[] = {
    {Task::kPretrain, "Pre-training"}, {Task::kFullFinetune, "Full fine-tuning"}, {Task::kLora, "LoRA"},
    {Task::kQlora, "QLoRA (4-bit base)"}, {Task::kInference, "Inference / serving"}};
constexpr std::pair<Precision, const char*> kTrainPrecisions[] = {
    {Precision::kFp32, "FP32"}, {Precision::kTf32, "TF32"}, {Precision::kBf16, "BF16 mixed"},
    {Precision::kFp16, "FP16 mixed"}, {Precision::kFp8, "FP8 (Transformer Engine)"}};
constexpr std::pair<Precision, const char*> kQloraPrecisions[] = {
    {Precision::kNf4, "NF4 + double quant"}, {Precision::kInt4, "INT4 (GPTQ/AWQ)"}, {Precision::kInt8, "INT8"}};
constexpr std::pair<Precision, const char*> kInferencePrecisions[] = {
    {Precision::kFp32, "FP32"}, {Precision::kBf16, "BF16"}, {Precision::kFp16, "FP16"}, {Precision::kFp8, "FP8"},
    {Precision::kInt8, "INT8"}, {Precision::kInt4, "INT4 (GPTQ/AWQ)"}, {Precision::kNf4, "NF4"}};
constexpr std::pair<Optimizer, const char*> kOptimizerOptions[] = {
    {Optimizer::kAdamW, "AdamW"}, {Optimizer::kAdamW8bit, "8-bit AdamW"}, {Optimizer::kSgd, "SGD + momentum"},
    {Optimizer::kAdafactor, "Adafactor"}};
constexpr std::pair<Checkpointing, const char*> kCheckpointOptions[] = {
    {Checkpointing::kNone, "none"}, {Checkpointing::kSelective, "selective"}, {Checkpointing::kFull, "full"}};
constexpr std::pair<KvPrecision, const char*> kKvOptions[] = {
    {KvPrecision::kFp16, "FP16/BF16"}, {KvPrecision::kFp8, "FP8"}, {KvPrecision::kInt8, "INT8"}};
constexpr std::pair<LoraTargets, const char*> kLoraTargetOptions[] = {
    {LoraTargets::kAttention, "attention (q,k,v,o)"}, {LoraTargets::kAllLinear, "all linear layers"}};

bool ContainsCaseless(const std::string& hay, const char* needle) {
  if (!*needle) return true;
  std::string h = hay, n = needle;
  for (auto& ch : h) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  for (auto& ch : n) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return h.find(n) != std::string::npos;
}

// [SECTION] Inputs ---------------------------------------------------------------------------

void DrawModelInputs(CalculatorState& s, const Catalogs& c, CalculatorUi& ui) {
  ModelSpec& m = s.workload.model;
  ImGui::SetNextItemWidth(-1);
  const std::string preview = s.model_preset.empty() ? m.name + " (custom)" : m.name;
  if (ImGui::BeginCombo("##model", preview.c_str(), ImGuiComboFlags_HeightLarge)) {
    ImGui::SetNextItemWidth(-1);
    if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
    ImGui::InputTextWithHint("##filter", "search models", ui.model_filter, sizeof ui.model_filter);
    for (const ModelSpec& p : c.models.models) {
      if (!ContainsCaseless(p.name + " " + p.family + " " + p.id, ui.model_filter)) continue;
      const std::string label = p.name + "  ·  " + Count(p.params) + (p.IsMoe() ? " (MoE)" : "");
      if (ImGui::Selectable(label.c_str(), s.model_preset == p.id)) SelectPreset(s, c, p.id);
    }
    ImGui::EndCombo();
  }
  ImGui::TextDisabled("%s params%s, %d layers, %s attention", Count(m.params).c_str(),
                      m.IsMoe() ? (", " + Count(m.active_params) + " active").c_str() : "", m.layers, ToString(m.attention));
  ImGui::SetNextItemWidth(Em(5));
  ImGui::InputText("##size", ui.custom_size, sizeof ui.custom_size);
  ImGui::SameLine();
  if (ImGui::Button("Use size")) {
    ui.message = SelectCustomSize(s, ui.custom_size);
    ui.message_is_error = !ui.message.empty();
    if (ui.message.empty()) ui.message = "Custom model: Llama-style architecture derived from the size; edit it below.";
  }
  ImGui::SameLine();
  HelpMarker("Type a parameter count (13B, 350M, 1.2T): GPU Atlas derives a Llama-style architecture "
             "(depth ~ width/128, head size 128, SwiGLU 8/3 h, GQA with 8 KV heads from 30B) that you can edit.");
  if (ImGui::TreeNode("Paste a Hugging Face config.json")) {
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
    if (ImGui::Button("Import config.json")) {
      std::vector<std::string> notes;
      ui.message = ImportHfConfig(s, ui.hf_config.c_str(), notes);
      ui.message_is_error = !ui.message.empty();
      if (ui.message.empty()) {
        ui.message = "Imported: " + s.workload.model.name;
        for (const auto& n : notes) ui.message += "\n" + n;
      }
    }
    ImGui::TreePop();
  }
  if (!ui.message.empty()) ColoredWrapped(ui.message_is_error ? kColorBad : kColorMuted, ui.message);
  if (m.IsTransformer() && ImGui::TreeNode("Architecture (editable)")) {
    bool edited = false;
    edited |= IntInput("layers", m.layers, 1, 1000);
    edited |= IntInput("hidden", m.hidden, 16, 131072);
    edited |= IntInput("heads", m.heads, 1, 4096);
    edited |= IntInput("KV heads", m.kv_heads, 1, 4096, "Key/value heads: = heads for MHA, 1 for MQA, a divisor of heads for GQA.");
    edited |= IntInput("head dim", m.head_dim, 1, 4096);
    edited |= IntInput("FFN width", m.ffn_hidden, 1, 1048576, "MLP intermediate size (per expert for MoE).");
    edited |= IntInput("vocab", m.vocab, 1, 10000000);
    edited |= IntInput("experts", m.experts, 0, 100000, "Routed experts per MoE layer; 0 = dense.");
    if (m.experts > 0) edited |= IntInput("experts / token", m.experts_per_token, 1, m.experts);
    if (m.attention == AttentionKind::kMla) edited |= IntInput("MLA latent", m.kv_lora_rank, 1, 65536);
    edited |= IntInput("sliding window", m.sliding_window, 0, 100000000, "Tokens a window layer attends to; 0 = none.");
    if (m.sliding_window > 0) edited |= IntInput("window layers", m.sliding_window_layers, 0, m.layers);
    if (edited) ArchitectureEdited(s);
    ImGui::TreePop();
  }
}

void DrawJobInputs(CalculatorState& s, const Catalogs& c, CalculatorUi& ui) {
  Workload& w = s.workload;
  if (EnumCombo("task", w.task, kTaskOptions)) {
    if (w.task == Task::kQlora) w.precision = Precision::kNf4;
    else if (w.precision == Precision::kNf4 || w.precision == Precision::kInt4 || w.precision == Precision::kInt8)
      w.precision = w.task == Task::kInference ? w.precision : Precision::kBf16;
    if (w.task == Task::kInference) w.dp = 1;
    w.train_tokens = w.task == Task::kPretrain ? 20 * w.model.params : 1e8;
    ui.train_tokens[0] = 0;
  }
  if (w.task == Task::kQlora) EnumCombo("base format", w.precision, kQloraPrecisions, "QLoRA stores the frozen base in 4 bits (NF4, Dettmers et al. 2023) and trains LoRA adapters in BF16.");
  else if (w.task == Task::kInference) EnumCombo("weights", w.precision, kInferencePrecisions, "Weight format. INT4 GPTQ/AWQ costs ~4.25 bits per weight with its group scales; NF4 4.13 bits.");
  else EnumCombo("precision", w.precision, kTrainPrecisions, "Mixed precision keeps 16-bit weights and gradients plus an FP32 master copy: 2 + 2 + 12 bytes/param with AdamW (ZeRO paper).");

  if (w.IsTraining()) {
    EnumCombo("optimizer", w.optimizer, kOptimizerOptions, "AdamW keeps two FP32 moments (8 bytes/param); 8-bit AdamW 2 bytes; SGD momentum 4; Adafactor factors its second moment (~0).");
    if (w.task == Task::kLora || w.task == Task::kQlora) {
      IntInput("LoRA rank", w.lora_rank, 1, 65536, "Adapters add r x (d_in + d_out) parameters per adapted matrix (Hu et al. 2021).");
      EnumCombo("LoRA targets", w.lora_targets, kLoraTargetOptions);
    }
    SectionTitle("Sequence and recomputation");
    PowInput("sequence length", w.seq_len, 1, 10000000, "Tokens per training sequence.");
    PowInput("micro-batch", w.micro_batch, 1, 65536, "Sequences per GPU per step; gradient accumulation does not add memory.");
    EnumCombo("checkpointing", w.checkpointing, kCheckpointOptions, "Activation recomputation (Korthikanti et al. 2022): selective recomputes attention scores; full keeps only each layer's input and adds a forward pass (8ND).");
    ImGui::Checkbox("flash attention", &w.flash_attention);
    ImGui::SameLine();
    HelpMarker("FlashAttention never materialises the s x s score matrix: the 5as^2b term disappears.");
    SectionTitle("Parallelism");
    ImGui::SetNextItemWidth(InputWidth());
    ImGui::SliderInt("ZeRO stage", &w.zero_stage, 0, 3);
    ImGui::SameLine();
    HelpMarker("ZeRO-1 shards optimizer states across data-parallel GPUs, ZeRO-2 also gradients, ZeRO-3 (FSDP) also weights.");
    ImGui::Checkbox("offload optimizer to CPU", &w.offload_optimizer);
    IntInput("data parallel (DP)", w.dp, 1, 1000000);
    IntInput("tensor parallel (TP)", w.tp, 1, 1024, "Splits each layer's matrices; must divide the attention heads. Keep within an NVLink node.");
    IntInput("pipeline parallel (PP)", w.pp, 1, 1024);
    if (w.model.IsMoe()) IntInput("expert parallel (EP)", w.ep, 1, 4096, "Spreads the routed experts over EP data-parallel ranks.");
    ImGui::Checkbox("sequence parallel", &w.sequence_parallel);
    // gpus follows TP x PP x DP in NormalizeCalculator (64-bit, each frame before drawing).
    ImGui::TextDisabled("GPUs = TP x PP x DP = %d", w.gpus);
    SectionTitle("Run");
    ImGui::SetNextItemWidth(InputWidth());
    if (!ui.train_tokens[0]) std::snprintf(ui.train_tokens, sizeof ui.train_tokens, "%s", Count(w.train_tokens).c_str());
    if (ImGui::InputText("training tokens", ui.train_tokens, sizeof ui.train_tokens)) {
      if (auto n = ParseParamCount(ui.train_tokens); n && *n <= 1e15) w.train_tokens = *n;
    }
    ImGui::SameLine();
    HelpMarker("Tokens processed in the whole run, e.g. 2T. Default: 20 per parameter for pre-training (Chinchilla), 100M for fine-tuning.");
  } else {
    PowInput("batch (concurrent sequences)", w.batch, 1, 1000000, "Sequences decoded together.");
    PowInput("context tokens", w.context, 1, 100000000, "Prompt + generated tokens kept in the KV cache per sequence.");
    w.prompt_tokens = std::clamp(w.prompt_tokens, 1, w.context);
    PowInput("prompt tokens", w.prompt_tokens, 1, w.context, "For time to first token (prefill).");
    EnumCombo("KV cache", w.kv_precision, kKvOptions);
    float target = static_cast<float>(w.target_tokens_per_second);
    ImGui::SetNextItemWidth(InputWidth());
    if (ImGui::InputFloat("target tokens/s per user", &target, 5, 20, "%.0f"))
      w.target_tokens_per_second = std::clamp(static_cast<double>(target), 0.1, 100000.0);
    ImGui::SameLine();
    HelpMarker("Concurrency is the largest batch whose KV cache fits and whose per-user decode speed stays at or above this.");
    IntInput("tensor parallel (TP)", w.tp, 1, 1024, "Must divide the attention heads.");
    IntInput("pipeline parallel (PP)", w.pp, 1, 1024);
    IntInput("GPUs (replicas x TP x PP)", w.gpus, 1, 1000000);
  }
  SectionTitle("Hardware");
  const Gpu* g = c.gpus.Find(w.gpu);
  ImGui::SetNextItemWidth(-1);
  if (ImGui::BeginCombo("##gpu", g ? g->name.c_str() : w.gpu.c_str(), ImGuiComboFlags_HeightLarge)) {
    for (size_t i = 0; i < c.gpus.gpus.size(); ++i) {
      const Gpu& card = c.gpus.gpus[i];
      const std::string label = card.name + "  ·  " + FormatNumber(card.memory_gb) + " GB";
      if (ImGui::Selectable(label.c_str(), card.id == w.gpu)) w.gpu = card.id;
    }
    ImGui::EndCombo();
  }
  bool custom_mfu = w.mfu.has_value();
  if (ImGui::Checkbox("set MFU", &custom_mfu)) w.mfu = custom_mfu ? std::optional<double>(0.4) : std::nullopt;
  ImGui::SameLine();
  HelpMarker("Model FLOPs utilisation: the fraction of the dense peak a real run achieves. Defaults per tier and precision are in data/assumptions.json with sources.");
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

void DrawMemoryBar(const EstimateResult& r) {
  const MemoryBreakdown& m = r.memory;
  const Segment segs[] = {
      {"weights", m.weights_bytes, IM_COL32(96, 165, 250, 255)},   {"gradients", m.gradients_bytes, IM_COL32(167, 139, 250, 255)},
      {"optimizer", m.optimizer_bytes, IM_COL32(244, 114, 182, 255)}, {"activations", m.activations_bytes, IM_COL32(251, 191, 36, 255)},
      {"KV cache", m.kv_cache_bytes, IM_COL32(52, 211, 153, 255)},   {"overhead", m.overhead_bytes, IM_COL32(148, 163, 184, 255)}};
  const double scale_max = std::max(m.total_bytes, r.gpu_memory_bytes) * 1.04;
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
  const float cap_x = p.x + static_cast<float>(r.gpu_memory_bytes / scale_max * w);
  dl->AddLine(ImVec2(cap_x, p.y - Em(0.3f)), ImVec2(cap_x, p.y + h + Em(0.3f)), IM_COL32(255, 255, 255, 230), Em(0.12f));
  const std::string cap = Bytes(r.gpu_memory_bytes) + " per card";
  const float tw = ImGui::CalcTextSize(cap.c_str()).x;
  dl->AddText(ImVec2(std::clamp(cap_x - tw / 2, p.x, p.x + w - tw), p.y + h + Em(0.2f)), IM_COL32(230, 230, 235, 255), cap.c_str());
  if (hovered >= 0) ImGui::SetTooltip("%s: %s", segs[hovered].label, Bytes(segs[hovered].bytes).c_str());
  // Legend.
  for (int i = 0; i < 6; ++i) {
    if (segs[i].bytes <= 0) continue;
    ImGui::ColorButton(segs[i].label, ImGui::ColorConvertU32ToFloat4(segs[i].color), ImGuiColorEditFlags_NoTooltip,
                       ImVec2(Em(0.7f), Em(0.7f)));
    ImGui::SameLine(0, Em(0.25f));
    ImGui::TextUnformatted(segs[i].label);
    const float next = ImGui::GetItemRectMax().x + Em(5);
    if (next < ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x) ImGui::SameLine();
  }
  ImGui::NewLine();
}

// One result row: label, value, and an expandable "show the math".
void FigureRow(const Figure& f, const std::string& value) {
  ImGui::PushID(f.key.c_str());
  const bool open = ImGui::TreeNodeEx("##row", ImGuiTreeNodeFlags_SpanAvailWidth, "%s", f.label.c_str());
  ImGui::SameLine(ImGui::GetContentRegionAvail().x * 0.55f + ImGui::GetCursorPosX() * 0.0f + Em(9));
  ImGui::TextUnformatted(value.c_str());
  if (open) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kColorAccent), "= %s", f.formula.c_str());
    ImGui::TextDisabled("inputs: %s", f.inputs.c_str());
    if (!f.source.empty()) ImGui::TextDisabled("source: %s", f.source.c_str());
    ImGui::PopTextWrapPos();
    ImGui::TreePop();
  }
  ImGui::PopID();
}

void DrawVerdict(const EstimateResult& r) {
  const double used = r.memory.total_bytes / std::max(1.0, r.gpu_memory_bytes);
  const std::string text = r.fits
      ? "Fits: " + Bytes(r.memory.total_bytes) + " of " + Bytes(r.gpu_memory_bytes) + " per GPU (" + Safe(used * 100, 0) + "%), " + Bytes(r.headroom_bytes) + " free"
      : "Does not fit: " + Bytes(r.memory.total_bytes) + " needed per GPU, " + Bytes(r.gpu_memory_bytes) + " on a " + r.gpu->name;
  ImGui::PushStyleColor(ImGuiCol_Text, r.fits ? kColorGood : kColorBad);
  ImGui::TextWrapped("%s", text.c_str());
  ImGui::PopStyleColor();
}

void DrawResults(AppState& state, const Catalogs& c, const CalculatorDerived& d, const UiEnv& env) {
  if (!d.valid) {
    ColoredWrapped(kColorBad, "These inputs cannot be estimated:");
    for (const auto& e : d.errors) ColoredWrapped(kColorBad, "· " + e);
    ImGui::TextDisabled("Your other settings are kept; fix the field above.");
    return;
  }
  const EstimateResult& r = d.estimate;
  const Workload& w = d.inputs.workload;
  DrawVerdict(r);
  ImGui::TextDisabled("%s x %d · %s · %s", r.gpu->name.c_str(), w.gpus, ToString(w.task), ToString(w.precision));
  DrawMemoryBar(r);
  SectionTitle("Memory per GPU (GiB = 2^30 bytes; cards are sold in GiB)");
  for (const Figure& f : r.memory.figures)
    if (f.value > 0 || f.key == "weights") FigureRow(f, Bytes(f.value));
  ImGui::Separator();
  ImGui::TextUnformatted("Total");
  ImGui::SameLine(ImGui::GetContentRegionAvail().x * 0.55f + Em(9));
  ImGui::TextUnformatted(Bytes(r.memory.total_bytes).c_str());
  if (r.memory.cpu_offload_bytes > 0) ImGui::TextDisabled("+ %s of optimizer states in CPU memory", Bytes(r.memory.cpu_offload_bytes).c_str());

  SectionTitle(w.IsTraining() ? "Compute and time" : "Serving");
  const ComputeResult& cr = r.compute;
  for (const Figure& f : cr.figures) {
    std::string v;
    if (f.unit == "FLOP") v = Flops(f.value);
    else if (f.unit == "s") v = Duration(f.value);
    else if (f.unit == "GPU-h") v = Safe(f.value, 0) + " GPU-h";
    else v = Rate(f.value, f.unit.c_str());
    FigureRow(f, v);
  }
  if (cr.tokens_per_second_per_user) ImGui::TextDisabled("per user: %s", Rate(*cr.tokens_per_second_per_user, "tokens/s").c_str());
  ImGui::TextDisabled("peak %s TFLOPS (%s) · MFU %.2f · scaling %.2f", Safe(cr.peak_flops / 1e12, 0).c_str(),
                      cr.peak_kind.c_str(), cr.mfu_used, cr.scaling_efficiency);
  if (!r.notes.empty()) {
    SectionTitle("Notes");
    for (const auto& n : r.notes) ColoredWrapped(n.rfind("Does not fit", 0) == 0 ? kColorBad : kColorWarn, "· " + n);
  }

  SectionTitle("Fits on (fewest cards)");
  ImGui::TextDisabled(w.IsTraining() ? "ZeRO-3 data parallel over n cards; click to use that layout"
                                     : "tensor parallel up to 8, then pipeline; click to use that layout");
  const float avail = ImGui::GetContentRegionAvail().x;
  float line_x = 0;
  int shown = 0;
  for (const FitsOnEntry& e : d.fits_on) {
    const Gpu& g = c.gpus.gpus[e.gpu_index];
    const std::string label = e.min_gpus > 0 ? g.name + " x" + std::to_string(e.min_gpus) : g.name + " -";
    const float bw = ImGui::CalcTextSize(label.c_str()).x + ImGui::GetStyle().FramePadding.x * 2;
    if (shown > 0 && line_x + bw < avail) ImGui::SameLine();
    else line_x = 0;
    line_x += bw + ImGui::GetStyle().ItemSpacing.x;
    ImGui::PushID(e.gpu_index);
    const int tier = static_cast<int>(c.gpu_tiers[e.gpu_index].tier);
    ImGui::PushStyleColor(ImGuiCol_Button, e.min_gpus > 0 ? TierColor(tier, 0.28f) : IM_COL32(60, 60, 66, 120));
    ImGui::PushStyleColor(ImGuiCol_Text, e.min_gpus > 0 ? IM_COL32(235, 238, 245, 255) : kColorMuted);
    if (ImGui::SmallButton(label.c_str()) && e.min_gpus > 0) ApplyFitsOn(state.calculator, c, e.gpu_index);
    ImGui::PopStyleColor(2);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(e.min_gpus > 0 ? "%s: %d card(s), %s per card" : "%s: does not fit on %d cards",
                        g.name.c_str(), e.min_gpus > 0 ? e.min_gpus : kMaxFitsOnGpus,
                        Bytes(e.per_gpu_bytes).c_str());
    ImGui::PopID();
    ++shown;
  }
  (void)env;
}

}  // namespace

void DrawCalculatorView(AppState& state, const Catalogs& c, const CalculatorDerived& d, const UiEnv& env,
                        UiMemory& memory) {
  CalculatorState& s = state.calculator;
  if (env.narrow()) {
    ImGui::BeginChild("calc_scroll", ImVec2(0, 0), false);
    if (d.valid) DrawVerdict(d.estimate);
    if (ImGui::CollapsingHeader("Model", ImGuiTreeNodeFlags_DefaultOpen)) DrawModelInputs(s, c, memory.calculator);
    if (ImGui::CollapsingHeader("Job and hardware", ImGuiTreeNodeFlags_DefaultOpen)) DrawJobInputs(s, c, memory.calculator);
    ImGui::Separator();
    DrawResults(state, c, d, env);
    ImGui::EndChild();
    return;
  }
  const float inputs_w = std::clamp(ImGui::GetContentRegionAvail().x * 0.34f, Em(19), Em(28));
  ImGui::BeginChild("calc_inputs", ImVec2(inputs_w, 0), true);
  SectionTitle("Model");
  DrawModelInputs(s, c, memory.calculator);
  SectionTitle("Job");
  DrawJobInputs(s, c, memory.calculator);
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("calc_results", ImVec2(0, 0), true);
  DrawResults(state, c, d, env);
  ImGui::EndChild();
}

}  // namespace atlas::ui
