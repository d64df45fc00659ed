#include "gpu_spec_card.hpp"

#include "engine/catalogs.hpp"
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
  const char* label;
  std::function<std::string(const Gpu&)> value;
};

const std::vector<SpecRow>& SpecRows() {
  static const std::vector<SpecRow> rows = {
      {"Vendor", [](const Gpu& g) { return g.vendor; }},
      {"Architecture · year", [](const Gpu& g) { return g.architecture + " · " + std::to_string(g.year); }},
      {"Memory", [](const Gpu& g) { return FormatNumber(g.memory_gb) + " GB " + g.memory_type; }},
      {"Memory bandwidth", [](const Gpu& g) { return FormatNumber(g.memory_bandwidth_gbps) + " GB/s"; }},
      {"FP32 (vector)", [](const Gpu& g) { return FormatOptional(g.fp32_tflops, "TFLOPS", 1); }},
      {"TF32 tensor, dense", [](const Gpu& g) { return FormatOptional(g.tf32_dense_tflops, "TFLOPS", 1); }},
      {"BF16 tensor, dense", [](const Gpu& g) { return FormatOptional(g.bf16_dense_tflops, "TFLOPS", 1); }},
      {"FP16 tensor, dense", [](const Gpu& g) { return FormatOptional(g.fp16_dense_tflops, "TFLOPS", 1); }},
      {"FP8 tensor, dense", [](const Gpu& g) { return FormatOptional(g.fp8_dense_tflops, "TFLOPS", 1); }},
      {"INT8, dense", [](const Gpu& g) { return FormatOptional(g.int8_dense_tops, "TOPS", 1); }},
      {"FP4, dense", [](const Gpu& g) { return FormatOptional(g.fp4_dense_tflops, "TFLOPS", 1); }},
      {"Board power (TDP)", [](const Gpu& g) { return FormatNumber(g.tdp_w) + " W"; }},
      {"Interconnect", [](const Gpu& g) { return Interconnect(g); }},
      {"Form factor", [](const Gpu& g) { return g.form_factor; }},
      {"Software", [](const Gpu& g) { return g.ecosystem; }},
      {"Domestic (China)", [](const Gpu& g) { return std::string(g.domestic ? "yes" : "no"); }},
  };
  return rows;
}

}  // namespace

void DrawGpuSpecCard(const Gpu& g, const TierResult& tier, const UiEnv& env, bool compact) {
  const int t = static_cast<int>(tier.tier);
  ImGui::PushStyleColor(ImGuiCol_Text, TierColor(t));
  ImGui::TextUnformatted(g.name.c_str());
  ImGui::PopStyleColor();
  ImGui::SameLine();
  ImGui::TextDisabled("%s", TierName(tier.tier));
  if (BeginKeyValueTable("spec")) {
    for (const SpecRow& row : SpecRows()) KeyValueRow(row.label, row.value(g));
    EndKeyValueTable();
  }
  ImGui::Spacing();
  ImGui::TextUnformatted("Why this tier");
  for (const TierCheck& c : tier.checks) {
    ImGui::PushStyleColor(ImGuiCol_Text, c.passed ? kColorGood : kColorMuted);
    ImGui::Bullet();
    ImGui::TextWrapped("%s %s", c.passed ? "yes:" : "no: ", c.what.c_str());
    ImGui::PopStyleColor();
  }
  if (!g.sparsity_note.empty()) ColoredWrapped(kColorMuted, "Dense figures: " + g.sparsity_note);
  if (!g.notes.empty()) ColoredWrapped(kColorWarn, g.notes);
  if (compact) {
    ImGui::TextDisabled("%zu source(s) · click to pin the card", g.sources.size());
    return;
  }
  ImGui::Spacing();
  ImGui::TextUnformatted("Sources");
  SourceLinks(g.sources, env);
}

void DrawGpuCompareTable(const Catalogs& catalogs, const std::vector<std::string>& ids) {
  std::vector<int> idx;
  for (const std::string& id : ids)
    for (size_t i = 0; i < catalogs.gpus.gpus.size(); ++i)
      if (catalogs.gpus.gpus[i].id == id) idx.push_back(static_cast<int>(i));
  if (idx.empty()) return;
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg |
                                ImGuiTableFlags_SizingStretchSame | ImGuiTableFlags_ScrollX;
  if (!ImGui::BeginTable("compare", 1 + static_cast<int>(idx.size()), flags)) return;
  ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed, Em(9));
  for (int i : idx) ImGui::TableSetupColumn(catalogs.gpus.gpus[i].name.c_str(), ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableHeadersRow();
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextDisabled("Tier");
  for (int i : idx) {
    ImGui::TableNextColumn();
    const Tier t = catalogs.gpu_tiers[i].tier;
    ImGui::PushStyleColor(ImGuiCol_Text, TierColor(static_cast<int>(t)));
    ImGui::TextWrapped("%s", TierName(t));
    ImGui::PopStyleColor();
  }
  for (const SpecRow& row : SpecRows()) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextDisabled("%s", row.label);
    for (int i : idx) {
      ImGui::TableNextColumn();
      ImGui::TextWrapped("%s", row.value(catalogs.gpus.gpus[i]).c_str());
    }
  }
  ImGui::EndTable();
}

}  // namespace atlas::ui
