#include "accuracy_view.hpp"

#include "engine/format.hpp"
#include "theme.hpp"
#include "widgets.hpp"

#include <imgui.h>

#include <cmath>

namespace atlas::ui {

namespace {

// The links to the panel are chips of their own colour (browser tests find them by it).
constexpr ImU32 kLinkChip = IM_COL32(30, 58, 92, 255);
constexpr ImU32 kLinkChipHovered = IM_COL32(42, 78, 122, 255);

// A button in the links' colours; true when clicked.
bool ChipButton(const std::string& label, const ImVec2& size) {
  ImGui::PushStyleColor(ImGuiCol_Button, kLinkChip);
  ImGui::PushStyleColor(ImGuiCol_ButtonHovered, kLinkChipHovered);
  ImGui::PushStyleColor(ImGuiCol_ButtonActive, kLinkChipHovered);
  ImGui::PushStyleColor(ImGuiCol_Text, kColorAccent);
  const bool clicked = ImGui::Button(label.c_str(), size);
  ImGui::PopStyleColor(4);
  return clicked;
}

const char* GroupName(int group, const UiText& t) {
  switch (static_cast<AccuracyGroup>(group)) {
    case AccuracyGroup::kTrainMemory: return t.acc_group_train_memory;
    case AccuracyGroup::kInferenceMemory: return t.acc_group_inference_memory;
    case AccuracyGroup::kTimeThroughput: return t.acc_group_time;
  }
  return "?";
}

// Chinese writes the percent sign against its number ("±15%", as the zh packs do); English keeps
// the space ("±15 %").
const char* PercentGap(const UiEnv& env) { return env.chinese() ? "" : " "; }

std::string SignedPercent(double fraction, const UiEnv& env) { return Printf("%+.1f%s%%", fraction * 100, PercentGap(env)); }

void OpenPanel(View from, UiMemory& memory) {
  memory.accuracy.open = true;
  memory.accuracy.opened_from = static_cast<int>(from);
  memory.accuracy.status.clear();
}

// Per kind: tolerance, within / held, median, worst, excluded. A table on desktop, lines on phones.
void DrawGroupSummaries(const AccuracyDerived& a, const UiEnv& env) {
  const UiText& t = env.text();
  if (env.narrow()) {
    for (int g = 0; g < kAccuracyGroupCount; ++g) {
      const AccuracySummary& s = a.groups[g];
      WrappedBullet(Printf("%s ±%.0f%s%%: %s %d / %d · %s %s · %s %s · %s %d", GroupName(g, t), s.tolerance * 100, PercentGap(env),
                           t.acc_col_held, s.within, s.held, t.acc_col_median, ErrorPercentText(s.median_abs_error, env.chinese()).c_str(),
                           t.acc_col_worst, ErrorPercentText(s.worst_abs_error, env.chinese()).c_str(), t.acc_col_excluded, s.excluded));
    }
    return;
  }
  if (!ImGui::BeginTable("acc_groups", 6, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchProp))
    return;
  const char* heads[] = {t.acc_col_kind, t.acc_col_tolerance, t.acc_col_held, t.acc_col_median, t.acc_col_worst, t.acc_col_excluded};
  for (const char* h : heads) ImGui::TableSetupColumn(h);
  ImGui::TableHeadersRow();
  for (int g = 0; g < kAccuracyGroupCount; ++g) {
    const AccuracySummary& s = a.groups[g];
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(GroupName(g, t));
    ImGui::TableNextColumn();
    ImGui::Text("±%.0f%s%%", s.tolerance * 100, PercentGap(env));
    ImGui::TableNextColumn();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(s.within == s.held ? kColorGood : kColorBad), "%d / %d", s.within, s.held);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(ErrorPercentText(s.median_abs_error, env.chinese()).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(ErrorPercentText(s.worst_abs_error, env.chinese()).c_str());
    ImGui::TableNextColumn();
    ImGui::Text("%d", s.excluded);
  }
  ImGui::EndTable();
}

// The case's status: within / outside its tolerance, excluded, or no figure.
void DrawStatus(const AccuracyRow& row, const UiEnv& env) {
  const UiText& t = env.text();
  if (!row.ok) {
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kColorBad), "-");  // the reason is in the details
    return;
  }
  const ImU32 color = !row.held ? kColorMuted : row.within ? kColorGood : kColorBad;
  const std::string text = Printf(row.within ? t.acc_within : t.acc_outside, row.tolerance * 100);
  ImGui::PushStyleColor(ImGuiCol_Text, color);
  ImGui::TextUnformatted(SignedPercent(row.error_fraction, env).c_str());
  ImGui::TextUnformatted(row.held ? text.c_str() : t.acc_excluded_tag);
  ImGui::PopStyleColor();
}

// Open the source in a new tab, or copy its address (one click each).
void DrawSourceButtons(const AccuracyRow& row, const UiEnv& env, UiMemory& memory) {
  const UiText& t = env.text();
  if (ImGui::SmallButton(t.acc_open) && env.open_url) env.open_url(row.c->source_url);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", row.c->source_url.c_str());
  ImGui::SameLine();
  if (ImGui::SmallButton(t.acc_copy) && env.copy_text) {
    env.copy_text(row.c->source_url);
    memory.accuracy.status = Printf(t.acc_copied, row.c->source_url.c_str());
  }
}

// What the source measured and how, the conditions as published, the quote, why excluded.
void DrawCaseDetails(const AccuracyRow& row, const UiEnv& env) {
  const UiText& t = env.text();
  const ValidationCase& c = *row.c;
  ImGui::PushTextWrapPos(0);
  if (!c.excluded.empty())
    ColoredWrapped(kColorWarn, Printf(t.acc_excluded_reason, (env.chinese() ? c.excluded_zh : c.excluded).c_str()));
  if (!row.ok) ColoredWrapped(kColorBad, Printf(t.acc_no_figure, row.problem.c_str()));
  if (ImGui::TreeNode("conditions", "%s", t.acc_conditions)) {
    ImGui::TextDisabled(t.acc_measured_what, c.what.c_str(), c.as_of.c_str());
    if (BeginKeyValueTable("acc_conditions")) {
      for (const auto& [key, value] : c.conditions) KeyValueRow(key.c_str(), value);
      EndKeyValueTable();
    }
    ImGui::TextDisabled(t.acc_quote, c.quote.c_str());
    ImGui::TextDisabled("%s", c.source_url.c_str());
    ImGui::TreePop();
  }
  ImGui::PopTextWrapPos();
}

// Desktop: one table row per case (id and details | published | ours | error | source).
void DrawCaseTable(const std::vector<const AccuracyRow*>& rows, const char* id, const UiEnv& env, UiMemory& memory) {
  const UiText& t = env.text();
  if (!ImGui::BeginTable(id, 5, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchProp))
    return;
  ImGui::TableSetupColumn(t.acc_col_case, ImGuiTableColumnFlags_WidthStretch, 5.0f);
  ImGui::TableSetupColumn(t.acc_col_published, ImGuiTableColumnFlags_WidthStretch, 1.2f);
  ImGui::TableSetupColumn(t.acc_col_ours, ImGuiTableColumnFlags_WidthStretch, 1.2f);
  ImGui::TableSetupColumn(t.acc_col_error, ImGuiTableColumnFlags_WidthStretch, 1.3f);
  ImGui::TableSetupColumn(t.acc_col_source, ImGuiTableColumnFlags_WidthStretch, 1.2f);
  ImGui::TableHeadersRow();
  for (const AccuracyRow* row : rows) {
    ImGui::PushID(row->c->id.c_str());
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kColorAccent), "%s", row->c->id.c_str());
    DrawCaseDetails(*row, env);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(row->published_text.c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(row->ok ? row->estimate_text.c_str() : "-");
    ImGui::TableNextColumn();
    DrawStatus(*row, env);
    ImGui::TableNextColumn();
    DrawSourceButtons(*row, env, memory);
    ImGui::PopID();
  }
  ImGui::EndTable();
}

// Phones: one card per case, the figures on two lines and the details folded.
void DrawCaseCards(const std::vector<const AccuracyRow*>& rows, const UiEnv& env, UiMemory& memory) {
  const UiText& t = env.text();
  for (const AccuracyRow* row : rows) {
    ImGui::PushID(row->c->id.c_str());
    ImGui::Separator();
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kColorAccent), "%s", row->c->id.c_str());
    ImGui::PopTextWrapPos();
    ImGui::TextUnformatted(Printf("%s %s · %s %s", t.acc_col_published, row->published_text.c_str(), t.acc_col_ours,
                                  row->ok ? row->estimate_text.c_str() : "-")
                               .c_str());
    DrawStatus(*row, env);
    DrawSourceButtons(*row, env, memory);
    DrawCaseDetails(*row, env);
    ImGui::PopID();
  }
}

void DrawCases(const std::vector<const AccuracyRow*>& rows, const char* id, const UiEnv& env, UiMemory& memory) {
  if (env.narrow()) DrawCaseCards(rows, env, memory);
  else DrawCaseTable(rows, id, env, memory);
}

}  // namespace

std::string ErrorPercentText(double fraction, bool chinese) {
  return Printf("%.1f%s%%", std::fabs(fraction) * 100, chinese ? "" : " ");
}

void DrawAccuracyView(const AccuracyDerived& a, const UiEnv& env, UiMemory& memory) {
  const UiText& t = env.text();
  AccuracyUi& ui = memory.accuracy;
  if (ImGui::Button((std::string(t.acc_back) + "###acc_back").c_str())) ui.open = false;
  ImGui::SameLine();
  ImGui::AlignTextToFramePadding();
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kColorAccent), "%s", t.acc_title);
  ImGui::PushTextWrapPos(0);
  DisabledWrapped(t.acc_intro);
  ImGui::PopTextWrapPos();
  const AccuracySummary& s = a.overall;
  ColoredWrapped(s.within == s.held ? kColorGood : kColorWarn,
                 Printf(t.acc_overall, ErrorPercentText(s.median_abs_error, env.chinese()).c_str(),
                        ErrorPercentText(s.worst_abs_error, env.chinese()).c_str(), s.worst_id.c_str(), s.within, s.held));
  DrawGroupSummaries(a, env);
  if (!ui.status.empty()) ColoredWrapped(kColorGood, ui.status);
  // Which kind to list.
  ImGui::Spacing();
  for (int g = -1; g < kAccuracyGroupCount; ++g) {
    ImGui::PushID(g);
    if (g >= 0 && !env.narrow()) ImGui::SameLine();
    if (ImGui::RadioButton(g < 0 ? t.acc_filter_all : GroupName(g, t), ui.group == g)) ui.group = g;
    ImGui::PopID();
  }
  std::vector<const AccuracyRow*> held, excluded;
  for (const AccuracyRow& row : a.rows)
    if (ui.group < 0 || static_cast<int>(row.group) == ui.group) (row.held ? held : excluded).push_back(&row);
  SectionTitle(Printf(t.acc_held_section, static_cast<int>(held.size())).c_str());
  DrawCases(held, "acc_held", env, memory);
  SectionTitle(Printf(t.acc_excluded_section, static_cast<int>(excluded.size())).c_str());
  DrawCases(excluded, "acc_excluded", env, memory);
}

void DrawAccuracyLink(View from, const UiEnv& env, UiMemory& memory) {
  if (!env.accuracy || env.accuracy->Empty()) return;
  const AccuracySummary& s = env.accuracy->overall;
  // The cases shown but not held are counted on desktops (a review read the median of the held
  // ones alone as the whole story); a phone's full-width button has room for the median only.
  const std::string median = ErrorPercentText(s.median_abs_error, env.chinese());
  const std::string text = (env.narrow() ? Printf(env.text().acc_link_short, median.c_str(), s.held)
                                         : Printf(env.text().acc_link, median.c_str(), s.held, s.excluded)) + " ›";
  // Full width on phones: a thumb-sized target.
  if (ChipButton(text + "###acc_link", ImVec2(env.narrow() ? -1.0f : 0.0f, 0))) OpenPanel(from, memory);
}

void DrawAccuracySummary(View from, const UiEnv& env, UiMemory& memory) {
  if (!env.accuracy || env.accuracy->Empty()) return;
  const UiText& t = env.text();
  const AccuracySummary& s = env.accuracy->overall;
  SectionTitle(t.acc_share_title);
  ImGui::PushTextWrapPos(0);
  WrappedText(Printf(t.acc_share_line, ErrorPercentText(s.median_abs_error, env.chinese()).c_str(),
                     ErrorPercentText(s.worst_abs_error, env.chinese()).c_str(), s.held, s.excluded));
  ImGui::PopTextWrapPos();
  const ImVec2 big(env.narrow() ? -1.0f : 0.0f, Em(2.2f));
  if (ChipButton(std::string(t.acc_share_button) + "###acc_open", big)) OpenPanel(from, memory);
}

}  // namespace atlas::ui
