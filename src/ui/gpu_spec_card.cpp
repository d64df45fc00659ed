#include "gpu_spec_card.hpp"

#include "engine/catalogs.hpp"
#include "engine/format.hpp"
#include "engine/format_zh.hpp"
#include "theme.hpp"
#include "widgets.hpp"

#include <string>
#include <string_view>

namespace atlas::ui {

namespace {

// A required figure with its unit, or "not published" when the vendor gives none (gpus.json
// "unpublished").
std::string Published(const Gpu& g, const UiText& t, const char* field, double value, const std::string& unit) {
  return g.IsUnpublished(field) ? std::string(t.card_not_published) : FormatNumber(value) + unit;
}

std::string Interconnect(const Gpu& g, const UiText& t, bool chinese) {
  return g.Text(&Gpu::interconnect, chinese) + " · " + Published(g, t, "interconnect_gbps", g.interconnect_gbps, std::string(kNoBreakSpace) + "GB/s");
}

// The rows shared by the spec card and the comparison table. `field` names the gpus.json
// figure a row shows (nullptr for text rows), so a figure that is only the vendor's claim
// can be marked.
struct SpecRow {
  const char* UiText::*label;
  // A plain function (the rows' lambdas capture nothing): a std::function per row put its own
  // wrapper functions (call, clone, destroy, target) into the first frame's download.
  std::string (*value)(const Gpu&, const UiText&, bool chinese);
  const char* field = nullptr;
};

std::string RowValue(const SpecRow& row, const Gpu& g, const UiText& t, bool chinese) {
  std::string v = row.value(g, t, chinese);
  if (row.field && g.IsVendorClaimOnly(row.field)) v += std::string(" · ") + t.card_vendor_claim;
  return v;
}

const char* UiText::*FeatureLabel(SoftwareFeature f) {
  switch (f) {
    case SoftwareFeature::kNf4Bitsandbytes: return &UiText::card_feature_nf4;
    case SoftwareFeature::kFp8Training: return &UiText::card_feature_fp8_training;
    case SoftwareFeature::kFp8Inference: return &UiText::card_feature_fp8_inference;
    case SoftwareFeature::kFlashAttention: return &UiText::card_feature_flash_attention;
    case SoftwareFeature::kVllm: return &UiText::card_feature_vllm;
    case SoftwareFeature::kSglang: return &UiText::card_feature_sglang;
    case SoftwareFeature::kTraining: return &UiText::card_feature_training;
    case SoftwareFeature::kLlamaCpp: break;
  }
  return &UiText::card_feature_llama_cpp;
}

const char* LevelWord(SupportLevel level, const UiText& t) {
  switch (level) {
    case SupportLevel::kYes: return t.card_support_yes;
    case SupportLevel::kPartial: return t.card_support_partial;
    case SupportLevel::kNo: return t.card_support_no;
    case SupportLevel::kUnknown: break;
  }
  return t.card_support_unknown;
}

ImU32 LevelColor(SupportLevel level) {
  switch (level) {
    case SupportLevel::kYes: return kColorGood;
    case SupportLevel::kPartial: return kColorWarn;
    case SupportLevel::kNo: return kColorBad;
    case SupportLevel::kUnknown: break;
  }
  return kColorMuted;
}

// One row per feature: the level in its colour; its detail (hover, or a tap on phones) shows the
// note and the source.
void SoftwareSupportRows(const Gpu& g, const UiEnv& env) {
  const UiText& t = env.text();
  ImGui::Spacing();
  WrappedText(Printf(t.card_software_support, Shown(env.chinese() ? g.software.stack_version_zh : g.software.stack_version, env).c_str()).c_str());
  if (!ImGui::BeginTable("software", 2, ImGuiTableFlags_SizingStretchProp)) return;
  for (size_t i = 0; i < kSoftwareFeatureCount; ++i) {
    const auto feature = static_cast<SoftwareFeature>(i);
    const SupportEntry e = SupportFor(g, feature);
    ImGui::PushID(static_cast<int>(i));
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextDisabled("%s", t.*FeatureLabel(feature));
    ImGui::TableNextColumn();
    ImGui::PushStyleColor(ImGuiCol_Text, LevelColor(e.level));
    ImGui::TextUnformatted(LevelWord(e.level, t));
    ImGui::PopStyleColor();
    // The note (in the UI language) and its source: a tooltip on hover, on phones (no hover) a
    // sheet opened by a tap on the row (issue 16.7).
    {
      const std::string note = SupportNote(e, env.language);
      if (!note.empty() || !e.source.empty())
        DetailText("card_note", Shown(e.source.empty() ? note : note + "\n" + e.source, env), env, 24);
    }
    if (!e.source.empty() && env.open_url) {
      ImGui::SameLine();
      if (ImGui::SmallButton(t.source_open)) env.open_url(e.source);
    }
    ImGui::PopID();
  }
  ImGui::EndTable();
}

const std::vector<SpecRow>& SpecRows() {
  static const std::vector<SpecRow> rows = {
      {&UiText::card_vendor, [](const Gpu& g, const UiText&, bool zh) { return g.Text(&Gpu::vendor, zh); }},
      {&UiText::card_arch_year, [](const Gpu& g, const UiText&, bool zh) { return g.Text(&Gpu::architecture, zh) + " · " + std::to_string(g.year); }},
      {&UiText::card_memory, [](const Gpu& g, const UiText&, bool zh) { return FormatNumber(g.memory_gb) + "\u00A0GB " + g.Text(&Gpu::memory_type, zh); }, "memory_gb"},
      {&UiText::card_bandwidth, [](const Gpu& g, const UiText& t, bool) { return Published(g, t, "memory_bandwidth_gbps", g.memory_bandwidth_gbps, " GB/s"); }, "memory_bandwidth_gbps"},
      {&UiText::card_fp32, [](const Gpu& g, const UiText& t, bool) { return FormatOptional(g.fp32_tflops, "TFLOPS", 1, t.card_rate_not_listed); }, "fp32_tflops"},
      {&UiText::card_tf32, [](const Gpu& g, const UiText& t, bool) { return FormatOptional(g.tf32_dense_tflops, "TFLOPS", 1, t.card_rate_not_listed); }, "tf32_dense_tflops"},
      {&UiText::card_bf16, [](const Gpu& g, const UiText& t, bool) { return FormatOptional(g.bf16_dense_tflops, "TFLOPS", 1, t.card_rate_not_listed); }, "bf16_dense_tflops"},
      {&UiText::card_fp16, [](const Gpu& g, const UiText& t, bool) { return FormatOptional(g.fp16_dense_tflops, "TFLOPS", 1, t.card_rate_not_listed); }, "fp16_dense_tflops"},
      {&UiText::card_fp8, [](const Gpu& g, const UiText& t, bool) { return FormatOptional(g.fp8_dense_tflops, "TFLOPS", 1, t.card_rate_not_listed); }, "fp8_dense_tflops"},
      {&UiText::card_int8, [](const Gpu& g, const UiText& t, bool) { return FormatOptional(g.int8_dense_tops, "TOPS", 1, t.card_rate_not_listed); }, "int8_dense_tops"},
      {&UiText::card_fp4, [](const Gpu& g, const UiText& t, bool) { return FormatOptional(g.fp4_dense_tflops, "TFLOPS", 1, t.card_rate_not_listed); }, "fp4_dense_tflops"},
      {&UiText::card_tdp, [](const Gpu& g, const UiText& t, bool) { return Published(g, t, "tdp_w", g.tdp_w, " W"); }, "tdp_w"},
      {&UiText::card_interconnect, [](const Gpu& g, const UiText& t, bool zh) { return Interconnect(g, t, zh); }, "interconnect_gbps"},
      {&UiText::card_form_factor, [](const Gpu& g, const UiText&, bool zh) { return g.Text(&Gpu::form_factor, zh); }},
      {&UiText::card_software, [](const Gpu& g, const UiText&, bool zh) { return g.Text(&Gpu::ecosystem, zh); }},
      {&UiText::card_domestic, [](const Gpu& g, const UiText& t, bool) { return std::string(g.domestic ? t.yes : t.no); }},
  };
  return rows;
}

}  // namespace

std::string SpecCardValue(const Gpu& g, const char* field, const UiText& t, bool chinese) {
  for (const SpecRow& row : SpecRows())
    if (row.field && std::string_view(row.field) == field) return RowValue(row, g, t, chinese);
  return {};
}

const char* TierDisplayName(Tier tier, const UiEnv& env) { return env.chinese() ? TierNameZh(tier) : TierName(tier); }

void DrawGpuSpecCard(const Gpu& g, const TierResult& tier, const UiEnv& env, bool compact) {
  const UiText& t = env.text();
  const int n = static_cast<int>(tier.tier);
  // The name wraps (on a phone "Ascend 910B (910B3-class, Atlas 800T A2 module)" ran past the
  // screen's edge, and on a desktop its tier after it past the panel's); the tier on its own line.
  ColoredWrapped(TierColor(n), g.DisplayName(env.chinese()));
  ImGui::TextDisabled("%s", TierDisplayName(tier.tier, env));
  if (BeginKeyValueTable("spec")) {
    for (const SpecRow& row : SpecRows()) KeyValueRow(t.*row.label, Shown(RowValue(row, g, t, env.chinese()), env));
    EndKeyValueTable();
  }
  if (!g.vendor_claim_only.empty()) ColoredWrapped(kColorWarn, t.card_vendor_claim_hint);
  ImGui::Spacing();
  ImGui::TextUnformatted(t.card_why);
  for (const TierCheck& c : tier.checks) {
    ImGui::PushStyleColor(ImGuiCol_Text, c.passed ? kColorGood : kColorMuted);
    ImGui::Bullet();
    WrappedTextF(c.passed ? t.card_check_passed : t.card_check_failed, c.what.c_str());
    ImGui::PopStyleColor();
  }
  const std::string& sparsity_note = g.Text(&Gpu::sparsity_note, env.chinese());
  const std::string& notes = g.Text(&Gpu::notes, env.chinese());
  if (!sparsity_note.empty()) ColoredWrapped(kColorMuted, Shown(Printf(t.card_dense_note, sparsity_note.c_str()), env));
  if (!notes.empty()) ColoredWrapped(kColorWarn, Shown(notes, env));
  // The first-frame copy of the catalog has no sources, notes or software support yet.
  const bool details = !g.sources.empty();
  if (compact) {
    if (details)
      ImGui::TextDisabled(t.card_sources_hint, g.sources.size());
    else
      ImGui::TextDisabled("%s", t.card_details_loading);
    return;
  }
  if (!details) {
    ColoredWrapped(kColorMuted, t.card_details_loading);
    return;
  }
  if (g.software.loaded) SoftwareSupportRows(g, env);
  ImGui::Spacing();
  ImGui::TextUnformatted(t.card_sources);
  SourceLinks(g.sources, env);
}

void DrawGpuCompareTable(const Catalogs& catalogs, const std::vector<std::string>& ids, const UiEnv& env) {
  const UiText& t = env.text();
  std::vector<int> idx;
  for (const std::string& id : ids)
    for (size_t i = 0; i < catalogs.gpus.gpus.size(); ++i)
      if (catalogs.gpus.gpus[i].id == id) idx.push_back(static_cast<int>(i));
  if (idx.empty()) return;
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg |
                                ImGuiTableFlags_SizingStretchSame | ImGuiTableFlags_ScrollX;
  if (!ImGui::BeginTable("compare", 1 + static_cast<int>(idx.size()), flags)) return;
  ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed, Em(9));
  for (int i : idx)
    ImGui::TableSetupColumn(catalogs.gpus.gpus[i].DisplayName(env.chinese()).c_str(), ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableHeadersRow();
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextDisabled("%s", t.card_tier);
  for (int i : idx) {
    ImGui::TableNextColumn();
    const Tier tier = catalogs.gpu_tiers[i].tier;
    ImGui::PushStyleColor(ImGuiCol_Text, TierColor(static_cast<int>(tier)));
    WrappedText(TierDisplayName(tier, env));
    ImGui::PopStyleColor();
  }
  for (const SpecRow& row : SpecRows()) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextDisabled("%s", t.*row.label);
    for (int i : idx) {
      ImGui::TableNextColumn();
      WrappedText(Shown(RowValue(row, catalogs.gpus.gpus[i], t, env.chinese()), env).c_str());
    }
  }
  ImGui::EndTable();
}

}  // namespace atlas::ui
