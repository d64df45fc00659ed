#include "gpu_spec_card.hpp"

#include "engine/catalogs.hpp"
#include "engine/format.hpp"
#include "theme.hpp"
#include "widgets.hpp"

#include <functional>

namespace atlas::ui {

namespace {

std::string Interconnect(const Gpu& g) {
  return g.interconnect + " · " + FormatNumber(g.interconnect_gbps) + " GB/s";
}

// The rows shared by the spec card and the comparison table.
struct SpecRow {
  const char* UiText::*label;
  std::function<std::string(const Gpu&, const UiText&)> value;
};

const std::vector<SpecRow>& SpecRows() {
  static const std::vector<SpecRow> rows = {
      {&UiText::card_vendor, [](const Gpu& g, const UiText&) { return g.vendor; }},
      {&UiText::card_arch_year, [](const Gpu& g, const UiText&) { return g.architecture + " · " + std::to_string(g.year); }},
      {&UiText::card_memory, [](const Gpu& g, const UiText&) { return FormatNumber(g.memory_gb) + " GB " + g.memory_type; }},
      {&UiText::card_bandwidth, [](const Gpu& g, const UiText&) { return FormatNumber(g.memory_bandwidth_gbps) + " GB/s"; }},
      {&UiText::card_fp32, [](const Gpu& g, const UiText&) { return FormatOptional(g.fp32_tflops, "TFLOPS", 1); }},
      {&UiText::card_tf32, [](const Gpu& g, const UiText&) { return FormatOptional(g.tf32_dense_tflops, "TFLOPS", 1); }},
      {&UiText::card_bf16, [](const Gpu& g, const UiText&) { return FormatOptional(g.bf16_dense_tflops, "TFLOPS", 1); }},
      {&UiText::card_fp16, [](const Gpu& g, const UiText&) { return FormatOptional(g.fp16_dense_tflops, "TFLOPS", 1); }},
      {&UiText::card_fp8, [](const Gpu& g, const UiText&) { return FormatOptional(g.fp8_dense_tflops, "TFLOPS", 1); }},
      {&UiText::card_int8, [](const Gpu& g, const UiText&) { return FormatOptional(g.int8_dense_tops, "TOPS", 1); }},
      {&UiText::card_fp4, [](const Gpu& g, const UiText&) { return FormatOptional(g.fp4_dense_tflops, "TFLOPS", 1); }},
      {&UiText::card_tdp, [](const Gpu& g, const UiText&) { return FormatNumber(g.tdp_w) + " W"; }},
      {&UiText::card_interconnect, [](const Gpu& g, const UiText&) { return Interconnect(g); }},
      {&UiText::card_form_factor, [](const Gpu& g, const UiText&) { return g.form_factor; }},
      {&UiText::card_software, [](const Gpu& g, const UiText&) { return g.ecosystem; }},
      {&UiText::card_domestic, [](const Gpu& g, const UiText& t) { return std::string(g.domestic ? t.yes : t.no); }},
  };
  return rows;
}

}  // namespace

const char* TierDisplayName(Tier tier, const UiEnv& env) { return env.chinese() ? TierNameZh(tier) : TierName(tier); }

void DrawGpuSpecCard(const Gpu& g, const TierResult& tier, const UiEnv& env, bool compact) {
  const UiText& t = env.text();
  const int n = static_cast<int>(tier.tier);
  ImGui::PushStyleColor(ImGuiCol_Text, TierColor(n));
  ImGui::TextUnformatted(g.DisplayName(env.chinese()).c_str());
  ImGui::PopStyleColor();
  ImGui::SameLine();
  ImGui::TextDisabled("%s", TierDisplayName(tier.tier, env));
  if (BeginKeyValueTable("spec")) {
    for (const SpecRow& row : SpecRows()) KeyValueRow(t.*row.label, Shown(row.value(g, t), env));
    EndKeyValueTable();
  }
  ImGui::Spacing();
  ImGui::TextUnformatted(t.card_why);
  for (const TierCheck& c : tier.checks) {
    ImGui::PushStyleColor(ImGuiCol_Text, c.passed ? kColorGood : kColorMuted);
    ImGui::Bullet();
    ImGui::TextWrapped(c.passed ? t.card_check_passed : t.card_check_failed, c.what.c_str());
    ImGui::PopStyleColor();
  }
  if (!g.sparsity_note.empty()) ColoredWrapped(kColorMuted, Shown(Printf(t.card_dense_note, g.sparsity_note.c_str()), env));
  if (!g.notes.empty()) ColoredWrapped(kColorWarn, Shown(g.notes, env));
  if (compact) {
    ImGui::TextDisabled(t.card_sources_hint, g.sources.size());
    return;
  }
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
    ImGui::TextWrapped("%s", TierDisplayName(tier, env));
    ImGui::PopStyleColor();
  }
  for (const SpecRow& row : SpecRows()) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextDisabled("%s", t.*row.label);
    for (int i : idx) {
      ImGui::TableNextColumn();
      ImGui::TextWrapped("%s", Shown(row.value(catalogs.gpus.gpus[i], t), env).c_str());
    }
  }
  ImGui::EndTable();
}

}  // namespace atlas::ui
