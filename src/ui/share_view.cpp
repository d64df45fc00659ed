#include "share_view.hpp"

#include "accuracy_view.hpp"
#include "root.hpp"

#include "app/export.hpp"
#include "app/share_link.hpp"
#include "engine/format.hpp"
#include "theme.hpp"
#include "widgets.hpp"

#include <imgui.h>

#include <algorithm>

namespace atlas::ui {

void DrawLinkNotices(const UiEnv& env, UiMemory& memory) {
  const UiText& t = env.text();
  ImGui::PushStyleColor(ImGuiCol_ChildBg, IM_COL32(70, 52, 20, 255));
  // As tall as its text, as the last frame measured it (on a phone each notice wraps to two or
  // three lines: a banner sized by the count of notices showed only the first), at most 40 % of
  // the screen (8 lines on a short one); it scrolls beyond that. Before a first measure, a line
  // per notice.
  const float guess = Em(1.4f) * (1.6f + static_cast<float>(memory.link_notices.size()));
  const float cap = std::max(Em(8), ImGui::GetIO().DisplaySize.y * 0.4f);
  const float h = std::min(memory.link_notices_height > 0 ? memory.link_notices_height : guess, cap);
  ImGui::BeginChild("link_notices", ImVec2(0, h), true);
  // Dismiss first, beside the title: at the end of the list it scrolled out of reach with the
  // notices a long link gives.
  if (ImGui::Button(t.link_notice_dismiss, ImVec2(0, TouchHeight(env)))) memory.link_notices.clear();
  ImGui::SameLine();
  ColoredWrapped(kColorWarn, t.link_notice_title);
  for (const LinkNotice& n : memory.link_notices) WrappedBullet(Worded(n, env.language));
  const ImGuiStyle& style = ImGui::GetStyle();
  memory.link_notices_height =
      memory.link_notices.empty() ? 0 : ImGui::GetCursorPosY() - style.ItemSpacing.y + style.WindowPadding.y;
  ImGui::EndChild();
  ImGui::PopStyleColor();
}

void DrawShareView(const AppState& state, const Catalogs& c, const CalculatorDerived& calc, const UiEnv& env,
                   UiMemory& memory) {
  // The link opens the view the reader came from (UiMemory::shared_view), with every setting.
  AppState shared = state;
  shared.view = memory.shared_view;
  const std::string fragment = EncodeLink(shared, c);
  const std::string link = env.page_url + fragment;
  const UiText& t = env.text();
  SectionTitle(t.share_link_title);
  ImGui::PushTextWrapPos(0);
  DisabledWrapped(Printf(t.share_link_help, ViewTitle(memory.shared_view, t)));
  ImGui::PopTextWrapPos();
  ImGui::PushStyleColor(ImGuiCol_Text, kColorAccent);
  WrappedText(link.c_str());
  ImGui::PopStyleColor();
  const ImVec2 big(env.narrow() ? -1.0f : Em(10), Em(2.2f));
  if (ImGui::Button(t.share_copy, big) && env.copy_text) {
    env.copy_text(link);
    memory.share_status = t.share_copied;
  }
  if (!memory.share_status.empty()) ColoredWrapped(kColorGood, memory.share_status);
  // How far to trust what is shared: one tap from here on phones, above the exports.
  DrawAccuracySummary(View::kShare, env, memory);

  SectionTitle(t.share_export_calc);
  const struct {
    const char* label;
    ExportFormat format;
  } formats[] = {{"Markdown", ExportFormat::kMarkdown}, {"CSV", ExportFormat::kCsv}, {"JSON", ExportFormat::kJson}};
  for (const auto& f : formats) {
    ImGui::PushID(f.label);
    if (ImGui::Button(f.label, big) && env.download) {
      env.download(std::string("gpu-atlas-estimate.") + ExportExtension(f.format), ExportMime(f.format),
                   ExportCalculator(calc, c, link, f.format));
      memory.share_status = Printf(t.share_offered, f.label);
    }
    if (!env.narrow()) ImGui::SameLine();
    ImGui::PopID();
  }
  ImGui::NewLine();
  SectionTitle(t.share_export_cards);
  for (const auto& f : formats) {
    ImGui::PushID(f.label + 1);
    if (ImGui::Button(f.label, big) && env.download) {
      env.download(std::string("gpu-atlas-cards.") + ExportExtension(f.format), ExportMime(f.format),
                   ExportTierMap(state, c, f.format, env.language));
      memory.share_status = Printf(t.share_offered, f.label);
    }
    if (!env.narrow()) ImGui::SameLine();
    ImGui::PopID();
  }
  ImGui::NewLine();
  SectionTitle(t.share_preview);
  if (env.chinese()) ImGui::TextDisabled("%s", t.share_preview_note);
  const std::string preview = ExportCalculator(calc, c, link, ExportFormat::kMarkdown);
  BeginViewChild("preview", ImVec2(0, 0), true, ImGuiWindowFlags_HorizontalScrollbar);
  ImGui::TextUnformatted(preview.c_str());
  ImGui::EndChild();
}

}  // namespace atlas::ui
