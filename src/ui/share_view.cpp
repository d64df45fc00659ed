#include "share_view.hpp"

#include "app/export.hpp"
#include "app/share_link.hpp"
#include "theme.hpp"
#include "widgets.hpp"

#include <imgui.h>

namespace atlas::ui {

void DrawLinkNotices(UiMemory& memory) {
  if (memory.link_notices.empty()) return;
  ImGui::PushStyleColor(ImGuiCol_ChildBg, IM_COL32(70, 52, 20, 255));
  const float h = std::min(Em(1.4f) * (1.6f + memory.link_notices.size()), Em(8));
  ImGui::BeginChild("link_notices", ImVec2(0, h), true);
  ColoredWrapped(kColorWarn, "This link was opened, but some parts could not be restored (defaults used):");
  for (const auto& n : memory.link_notices) WrappedBullet(n);
  if (ImGui::SmallButton("Dismiss")) memory.link_notices.clear();
  ImGui::EndChild();
  ImGui::PopStyleColor();
}

void DrawShareView(const AppState& state, const Catalogs& c, const CalculatorDerived& calc, const UiEnv& env,
                   UiMemory& memory) {
  const std::string fragment = EncodeLink(state, c);
  const std::string link = env.page_url + fragment;
  SectionTitle("Link to this exact configuration");
  ImGui::PushTextWrapPos(0);
  ImGui::TextDisabled("Everything you set (view, model, job, parallelism, filters, cost inputs) is in the page "
                      "address. Anyone opening it sees the same thing; nothing is sent to a server.");
  ImGui::PopTextWrapPos();
  ImGui::PushStyleColor(ImGuiCol_Text, kColorAccent);
  ImGui::TextWrapped("%s", link.c_str());
  ImGui::PopStyleColor();
  const ImVec2 big(env.narrow() ? -1.0f : Em(10), Em(2.2f));
  if (ImGui::Button("Copy link", big) && env.copy_text) {
    env.copy_text(link);
    memory.share_status = "Link copied to the clipboard.";
  }
  if (!memory.share_status.empty()) ColoredWrapped(kColorGood, memory.share_status);

  SectionTitle("Export the Calculator's result");
  const struct {
    const char* label;
    ExportFormat format;
  } formats[] = {{"Markdown", ExportFormat::kMarkdown}, {"CSV", ExportFormat::kCsv}, {"JSON", ExportFormat::kJson}};
  for (const auto& f : formats) {
    ImGui::PushID(f.label);
    if (ImGui::Button(f.label, big) && env.download) {
      env.download(std::string("gpu-atlas-estimate.") + ExportExtension(f.format), ExportMime(f.format),
                   ExportCalculator(calc, c, link, f.format));
      memory.share_status = std::string(f.label) + " file offered for download.";
    }
    if (!env.narrow()) ImGui::SameLine();
    ImGui::PopID();
  }
  ImGui::NewLine();
  SectionTitle("Export the tier map's cards (with its filters)");
  for (const auto& f : formats) {
    ImGui::PushID(f.label + 1);
    if (ImGui::Button(f.label, big) && env.download) {
      env.download(std::string("gpu-atlas-cards.") + ExportExtension(f.format), ExportMime(f.format),
                   ExportTierMap(state, c, f.format));
      memory.share_status = std::string(f.label) + " file offered for download.";
    }
    if (!env.narrow()) ImGui::SameLine();
    ImGui::PopID();
  }
  ImGui::NewLine();
  SectionTitle("Preview (Markdown)");
  const std::string preview = ExportCalculator(calc, c, link, ExportFormat::kMarkdown);
  ImGui::BeginChild("preview", ImVec2(0, 0), true, ImGuiWindowFlags_HorizontalScrollbar);
  ImGui::TextUnformatted(preview.c_str());
  ImGui::EndChild();
}

}  // namespace atlas::ui
