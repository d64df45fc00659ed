#include "widgets.hpp"

#include "engine/format.hpp"

#include "format_units.hpp"
#include "hold_to_repeat.hpp"
#include "line_break.hpp"
#include "theme.hpp"

#include <imgui_internal.h>

#include <algorithm>
#include <cfloat>
#include <chrono>
#include <climits>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <string_view>
#include <unordered_map>

namespace atlas::ui {

namespace {

// A detail (BeginDetail) or a help marker's text: a hover tooltip on desktops, a sheet on phones.
enum class DetailKind { kDetail, kHelp };
bool BeginDetailOf(DetailKind kind, const char* test_id, const UiEnv& env, float wrap_em);

// Results the frames ask for again and again (a view draws the same sentences every frame until
// its state changes): kept while they are asked for, dropped once a whole frame passed without
// them. Two generations: what this frame used and what the frame before used; a frame of the
// ImGui context `GImGui` moves the current generation to the previous one. Issue 16.4: the Cost
// view's text wrapping and CJK filtering were ~40 % of its frame (callgrind, bench/RESULTS.md).
template <typename Value>
class FrameMemo {
 public:
  // The value for `key`, computed by `make()` only when neither generation has it.
  template <typename Make>
  const Value& Get(const std::string& key, Make&& make) {
    const void* context = GImGui;
    const int frame = GImGui ? GImGui->FrameCount : -1;
    if (context != context_) {
      current_.clear(), previous_.clear();
      context_ = context;
      frame_ = frame;
    } else if (frame != frame_) {
      previous_ = std::move(current_);
      current_.clear();
      frame_ = frame;
    }
    if (auto it = current_.find(key); it != current_.end()) return it->second;
    if (auto it = previous_.find(key); it != previous_.end()) return current_.emplace(key, std::move(it->second)).first->second;
    return current_.emplace(key, make()).first->second;
  }

 private:
  std::unordered_map<std::string, Value> current_, previous_;
  const void* context_ = nullptr;
  int frame_ = -1;
};

struct WrappedLayout {
  std::vector<std::pair<size_t, size_t>> lines;
  float width = 0;
};

// A new line when less than `width` is left on the current one (after a SameLine).
void NewLineIfNarrower(float width) {
  if (ImGui::GetContentRegionAvail().x < width) ImGui::NewLine();
}

}  // namespace

void SameLineIfFits(float width) {
  ImGui::SameLine();
  NewLineIfNarrower(width);
}

void HelpMarker(const char* text, const UiEnv& env) {
  // Placed after SameLine at a line's end it would wrap a character a line ("(", "?", ")" stacked
  // on a phone): the whole mark moves to the next line instead.
  NewLineIfNarrower(ImGui::CalcTextSize("(?)").x);
  ImGui::TextDisabled("(?)");
  // On phones a tap opens the help as a sheet, as the tables' details do: a lifted finger hovers
  // nothing (platform/web/main.cpp), so a tooltip would show for a frame. On desktops a hover
  // tooltip.
  if (!BeginDetailOf(DetailKind::kHelp, "help", env, 28)) return;
  WrappedText(text);  // breaks as a reader expects (line_break.hpp), not where ImGui would
  EndDetail(env);
}

bool FieldLabelAbove(const std::string& shown, float width, const char* help) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float marker_w = help ? style.ItemSpacing.x + ImGui::CalcTextSize("(?)").x : 0;
  const float label_w = (shown.empty() ? 0 : ImGui::CalcTextSize(shown.c_str()).x) + marker_w;
  return label_w > 0 && ImGui::GetContentRegionAvail().x < width + style.ItemInnerSpacing.x + label_w;
}

void DrawFieldLabel(const std::string& shown, const char* help, const UiEnv* env) {
  if (!shown.empty()) ImGui::TextUnformatted(shown.c_str());
  if (!help) return;
  if (!shown.empty()) ImGui::SameLine(0, ImGui::GetStyle().ItemSpacing.x);
  IM_ASSERT(env && "a help marker without env");
  if (env) HelpMarker(help, *env);
}

bool BeginKeyValueTable(const char* id) {
  if (!ImGui::BeginTable(id, 2, ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_RowBg)) return false;
  ImGui::TableSetupColumn("key", ImGuiTableColumnFlags_WidthStretch, 0.42f);
  ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch, 0.58f);
  return true;
}

void KeyValueRow(const char* key, const std::string& value) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  // Wrapped where a reader expects (line_break.hpp): ImGui's own wrap starts a Chinese line with
  // "、" or "，" and splits "24.0 GiB" after "24.".
  ColoredWrapped(kColorMuted, key);
  ImGui::TableNextColumn();
  WrappedText(value);
}

void EndKeyValueTable() { ImGui::EndTable(); }

// The engine's one number formatter (engine/format.hpp), in the UI's words.
std::string FormatNumber(double value, int decimals) { return Grouped(value, decimals); }

std::string FormatOptional(const std::optional<double>& value, const char* unit, int decimals,
                           const char* none) {
  if (!value) return none;
  return FormatNumber(*value, decimals) + "\u00A0" + unit;  // no-break: one figure
}

void SourceLinks(const std::vector<std::string>& sources, const UiEnv& env) {
  for (size_t i = 0; i < sources.size(); ++i) {
    ImGui::PushID(static_cast<int>(i));
    if (env.open_url) {
      if (ImGui::SmallButton(env.text().source_open)) env.open_url(sources[i]);
      ImGui::SameLine();
    }
    ImGui::PushStyleColor(ImGuiCol_Text, kColorAccent);
    ImGui::TextWrapped("%s", sources[i].c_str());
    ImGui::PopStyleColor();
    ImGui::PopID();
  }
}

namespace {
std::string ShownInEnglish(const std::string& text);
}  // namespace

std::string Shown(const std::string& text, const UiEnv& env) {
  // Data and engine prose: figures written with a plain space get the no-break join too
  // (JoinFigures); the join and the English filter are kept while frames ask for them, one
  // memo per language as the same note gives a different result in each.
  static FrameMemo<std::string> memo_zh, memo_en;  // the same notes are shown every frame
  if (env.chinese()) return memo_zh.Get(text, [&] { return JoinFigures(text); });
  return memo_en.Get(text, [&] { return ShownInEnglish(JoinFigures(text)); });
}

namespace {
std::string ShownInEnglish(const std::string& text) {
  // Drop CJK code points (the English fonts have none): ideographs, CJK and full-width
  // punctuation, anything beyond the BMP. Everything else the data uses is in the font.
  std::string out;
  for (size_t i = 0; i < text.size();) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    const size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 1;
    if (i + len > text.size()) break;
    unsigned cp = c;
    if (len == 2) cp = ((c & 0x1Fu) << 6) | (text[i + 1] & 0x3Fu);
    if (len == 3) cp = ((c & 0x0Fu) << 12) | ((text[i + 1] & 0x3Fu) << 6) | (text[i + 2] & 0x3Fu);
    if (len == 4) cp = 0x10000;
    const bool cjk = (cp >= 0x2E80 && cp <= 0x9FFF) || (cp >= 0xF900 && cp <= 0xFAFF) ||
                     (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFFEF) || cp >= 0x10000;
    if (!cjk) out.append(text, i, len);
    i += len;
  }
  // Tidy what a dropped name leaves: doubled spaces, empty brackets or quotes.
  std::string tidy;
  for (char ch : out)
    if (!(ch == ' ' && (tidy.empty() || tidy.back() == ' ' || tidy.back() == '('))) tidy += ch;
  for (const char* empty : {" ()", "()", " ''", "''"})
    for (size_t p; (p = tidy.find(empty)) != std::string::npos;) tidy.erase(p, std::strlen(empty));
  while (!tidy.empty() && tidy.back() == ' ') tidy.pop_back();
  return tidy;
}
}  // namespace

void ColoredWrapped(ImU32 color, const std::string& text) {
  ImGui::PushStyleColor(ImGuiCol_Text, color);
  WrappedText(text);
  ImGui::PopStyleColor();
}

void DisabledWrapped(const std::string& text) { ColoredWrapped(ImGui::GetColorU32(ImGuiCol_TextDisabled), text); }

namespace {
std::string* g_wrapped_lines_log = nullptr;  // test hook only (LogWrappedLinesTo)
}  // namespace

void LogWrappedLinesTo(std::string* log) { g_wrapped_lines_log = log; }

namespace {

// `text` broken into lines no wider than `width` in the current font (BreakLines), with the
// widest line's width. The lines depend on the text, the width and the font's glyphs (a font
// rebuild, e.g. when the Chinese font arrives, gives new glyph data), so all of them are the key;
// kept between frames, as the same texts are drawn every frame.
const WrappedLayout& LayoutLines(const std::string& text, float width) {
  ImFont* font = GImGui->Font;
  const float size = GImGui->FontSize;
  static FrameMemo<WrappedLayout> memo;
  char head[96];
  const int head_n = std::snprintf(head, sizeof head, "%p|%p|%d|%a|%a|", static_cast<const void*>(font),
                                   static_cast<const void*>(font->Glyphs.Data), font->Glyphs.Size, static_cast<double>(size),
                                   static_cast<double>(width));
  std::string key(head, static_cast<size_t>(std::max(0, head_n)));
  key += text;
  return memo.Get(key, [&] {
    WrappedLayout out;
    out.lines = BreakLines(text, width, [&](const char* b, const char* e) {
      return font->CalcTextSizeA(size, FLT_MAX, 0.0f, b, e).x;
    });
    for (const auto& [b, e] : out.lines)
      out.width = std::max(out.width, font->CalcTextSizeA(size, FLT_MAX, 0.0f, text.c_str() + b, text.c_str() + e).x);
    return out;
  });
}

}  // namespace

const std::vector<std::pair<size_t, size_t>>& TextLines(const std::string& text, float width) {
  return LayoutLines(text, width).lines;
}

float DrawTextLines(ImDrawList* dl, ImVec2 pos, ImU32 color, const std::string& text,
                    const std::vector<std::pair<size_t, size_t>>& lines, float line_h) {
  for (const auto& [b, e] : lines) {
    dl->AddText(pos, color, text.c_str() + b, text.c_str() + e);
    pos.y += line_h;
  }
  ImGui::LogText("\n%s\n", text.c_str());  // a no-op unless ImGui is logging
  return pos.y;
}

void WrappedText(const std::string& text) {
  ImGuiContext& g = *GImGui;
  ImGuiWindow* window = ImGui::GetCurrentWindow();
  if (window->SkipItems) return;
  const ImVec2 pos = window->DC.CursorPos;
  const float wrap_width = ImGui::CalcWrapWidthForPos(pos, std::max(0.0f, window->DC.TextWrapPos));
  ImFont* font = g.Font;
  const float size = g.FontSize;
  const WrappedLayout& layout = LayoutLines(text, std::max(wrap_width, size));
  const auto& lines = layout.lines;
  const float width = layout.width;
  const ImRect bb(pos, ImVec2(pos.x + width, pos.y + size * static_cast<float>(std::max<size_t>(1, lines.size()))));
  ImGui::ItemSize(bb.GetSize(), 0.0f);
  if (!ImGui::ItemAdd(bb, 0)) return;
  const ImU32 color = ImGui::GetColorU32(ImGuiCol_Text);
  float y = pos.y;
  for (const auto& [b, e] : lines) {
    window->DrawList->AddText(font, size, ImVec2(pos.x, y), color, text.c_str() + b, text.c_str() + e);
    y += size;
  }
  if (!g.LogEnabled) return;
  ImGui::LogRenderedText(&bb.Min, text.c_str(), text.c_str() + text.size());
  if (g_wrapped_lines_log && lines.size() > 1)
    for (size_t i = 0; i < lines.size(); ++i)
      (g_wrapped_lines_log->append(text, lines[i].first, lines[i].second - lines[i].first)) += i + 1 < lines.size() ? '\n' : '\x1e';
}

void WrappedTextF(const char* format, ...) {
  va_list args;
  va_start(args, format);
  char small[512];
  va_list copy;
  va_copy(copy, args);
  const int n = std::vsnprintf(small, sizeof small, format, copy);
  va_end(copy);
  std::string text;
  if (n >= 0 && n < static_cast<int>(sizeof small)) {
    text = small;
  } else if (n > 0) {
    text.resize(static_cast<size_t>(n) + 1);
    std::vsnprintf(text.data(), text.size(), format, args);
    text.resize(static_cast<size_t>(n));
  }
  va_end(args);
  WrappedText(text);
}

}  // namespace atlas::ui

namespace atlas::ui {

void WrappedBullet(const std::string& text) {
  ImGui::Bullet();
  WrappedText(text);
}

void SectionTitle(const char* title) {
  ImGui::Spacing();
  ImGui::PushStyleColor(ImGuiCol_Text, kColorAccent);
  WrappedText(title);  // long titles wrap on phones (one ran past a 390 px screen's edge)
  ImGui::PopStyleColor();
  ImGui::Separator();
}

bool BeginViewChild(const char* id, const ImVec2& size, bool border, ImGuiWindowFlags flags) {
  // A see-through colour rather than ImGuiWindowFlags_NoBackground, which drops the border too.
  // Begin draws the background, so the colour is restored at once for what the child holds.
  ImGui::PushStyleColor(ImGuiCol_ChildBg, IM_COL32(0, 0, 0, 0));
  const bool open = ImGui::BeginChild(id, size, border, flags);
  ImGui::PopStyleColor();
  return open;
}

}  // namespace atlas::ui

namespace atlas::ui {

namespace {

// The entry being typed into a number field. ImGui edits one field at a time (its own
// InputTextState); `left` keeps the field just left when a click moves the focus to a field drawn
// earlier in the frame, so its entry is still committed when that field is drawn.
struct NumberEdit {
  ImGuiID id = 0;
  std::string text;
  double changed_s = 0;         // wall clock: the frame that first showed `text`
  double previous_frame_s = 0;  // wall clock: the last frame that drew the field active
  bool edited = false;          // typed into since the last commit
};
struct NumberEdits {
  NumberEdit current, left;
};
NumberEdits g_number_edits;  // UI-transient, like ImGui's own InputTextState

// Applies an entry: the value when it parses, else the problem is kept (per field, in the
// window's ImGui storage) for the message under the field.
bool CommitNumber(ImGuiID id, const std::string& text, double& value, const NumberFieldSpec& spec) {
  const NumberParse p = ParseNumberField(text, spec);
  ImGui::GetStateStorage()->SetInt(id, static_cast<int>(p.problem));
  if (p.problem != NumberProblem::kNone || p.value == value) return false;
  value = p.value;
  return true;
}

std::string ProblemMessage(NumberProblem problem, double kept, const NumberFieldSpec& spec, const UiText& t) {
  const std::string k = DescribeNumberField(kept, spec);
  switch (problem) {
    case NumberProblem::kNone: return "";
    case NumberProblem::kEmpty: return Printf(t.field_empty, k.c_str());
    case NumberProblem::kNotANumber: return Printf(t.field_not_number, k.c_str());
    case NumberProblem::kNotWhole: return Printf(t.field_not_whole, k.c_str());
    case NumberProblem::kTooSmall: return Printf(t.field_too_small, DescribeNumberField(spec.min, spec).c_str(), k.c_str());
    case NumberProblem::kTooLarge: return Printf(t.field_too_large, DescribeNumberField(spec.max, spec).c_str(), k.c_str());
  }
  return "";
}

}  // namespace

bool NumberField(const std::string& label, double& value, const NumberFieldSpec& spec, const UiText& t, float width,
                 const char* help, const UiEnv* env) {
  const size_t hashes = label.find("###");
  const std::string shown = label.substr(0, hashes);
  ImGui::PushID(hashes == std::string::npos ? label.c_str() : label.c_str() + hashes + 3);
  const ImGuiID id = ImGui::GetID("##value");
  NumberEdits& e = g_number_edits;
  const NumberEdit* mine = e.current.id == id ? &e.current : e.left.id == id ? &e.left : nullptr;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%s", mine ? mine->text.c_str() : FormatNumberField(value, spec).c_str());

  const ImGuiStyle& style = ImGui::GetStyle();
  const bool label_above = FieldLabelAbove(shown, width, help);
  if (label_above) DrawFieldLabel(shown, help, env);
  const float button = ImGui::GetFrameHeight();
  ImGui::SetNextItemWidth(std::max(Em(3), width - 2 * (button + style.ItemInnerSpacing.x)));
  ImGui::InputText("##value", buf, sizeof buf, ImGuiInputTextFlags_AutoSelectAll);
  // Real time, not ImGui's frame clock: the pause is the person's (TypingPaused).
  const double now = std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
  bool changed = false;
  if (ImGui::IsItemActive()) {
    if (e.current.id != id) {
      if (e.current.id != 0 && e.current.edited) e.left = e.current;
      e.current = {id, buf, now, now, false};
    } else if (e.current.text != buf) {
      e.current.text = buf;
      e.current.changed_s = now;
      e.current.edited = true;
    } else if (e.current.edited && TypingPaused(e.current.changed_s, e.current.previous_frame_s, kNumberFieldPauseS)) {
      changed |= CommitNumber(id, e.current.text, value, spec);
      e.current.edited = false;
    }
    e.current.previous_frame_s = now;
  }
  if (ImGui::IsItemDeactivated()) {  // Enter, Tab, a click elsewhere (Escape reverts the text first)
    NumberEdit* m = e.current.id == id ? &e.current : e.left.id == id ? &e.left : nullptr;
    if (m) {
      // The frame that ends the edit may also have typed into it (a slow frame: the last key
      // and Enter arrive together, "4k" + Enter on a phone); the field is no longer active, so
      // the text above was not taken: take it here, or "k" would be lost and "4" committed.
      if (m == &e.current && m->text != buf) {
        m->text = buf;
        m->edited = true;
      }
      if (m->edited) changed |= CommitNumber(id, m->text, value, spec);
      *m = {};
    }
  }
  for (const int direction : {-1, +1}) {
    ImGui::SameLine(0, style.ItemInnerSpacing.x);
    if (!RepeatButton(direction < 0 ? "-" : "+", ImVec2(button, button))) continue;
    const double v = StepNumberField(value, direction, spec);
    changed |= v != value;
    value = v;
    ImGui::GetStateStorage()->SetInt(id, 0);
  }
  if ((!shown.empty() || help) && !label_above) {
    ImGui::SameLine(0, style.ItemInnerSpacing.x);
    DrawFieldLabel(shown, help, env);
  }
  const int problem = ImGui::GetStateStorage()->GetInt(id, 0);
  ImGui::PopID();
  if (problem != 0) {
    ColoredWrapped(kColorBad, ProblemMessage(static_cast<NumberProblem>(problem), value, spec, t));
  }
  return changed;
}

void TestTarget(const UiEnv& env, const char* id) {
  if (!env.test_target) return;
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  env.test_target(id, a.x, a.y, b.x, b.y);
}

namespace {

// The n-th detail of its kind drawn in the current ID scope this frame (a table row holds
// several), counted in the window's own storage so two details of a row get different sheets and
// nothing global is kept. Help markers keep a count of their own, so a row's first detail stays
// its first whatever help is drawn beside it.
ImGuiID NextDetailId(DetailKind kind, const char* test_id, int& n) {
  ImGuiWindow* window = ImGui::GetCurrentWindow();
  ImGuiStorage& storage = window->StateStorage;
  const ImGuiID key = window->GetID(kind == DetailKind::kHelp ? "##help_count" : "##detail_count");
  const int frame = ImGui::GetFrameCount() & 0xFFFFF;
  const int packed = storage.GetInt(key, -1);
  n = packed >= 0 && (packed >> 7) == frame ? (packed & 0x7F) + 1 : 0;
  storage.SetInt(key, (frame << 7) | (n & 0x7F));
  ImGui::PushID(n);
  const ImGuiID id = window->GetID(test_id);
  ImGui::PopID();
  return id;
}

// Whether a tap (the finger lifted where it went down, pressing no widget; a drag scrolls the
// page) opens the last item's detail: a tap on the item itself, or — for the row's first
// detail in a table — anywhere else on its row outside the item's column, since on a phone the
// detail's cell is often scrolled off to the right of the frozen first column.
bool TappedDetail(bool first_in_row, bool help, const UiEnv& env) {
  ImGuiContext& g = *GImGui;
  const float slop = 10.0f * env.dpr;
  // A press on empty space "activates" the window's move handle even when it cannot move; a
  // press on the item itself (a button whose detail says why it does nothing) is a tap on it.
  if (!ImGui::IsMouseReleased(ImGuiMouseButton_Left) || g.IO.MouseDragMaxDistanceSqr[0] >= slop * slop ||
      (g.ActiveIdPreviousFrame != 0 && g.ActiveIdPreviousFrame != g.LastItemData.ID &&
       !(g.ActiveIdPreviousFrameWindow && g.ActiveIdPreviousFrame == g.ActiveIdPreviousFrameWindow->MoveId)))
    return false;
  if (ImGui::IsItemHovered()) return true;
  // A "(?)" is 19 x 17 CSS px, under half a fingertip: a release near it counts, in a box grown
  // to 44 CSS px wide (Apple's minimum target) and half the item spacing up and down, which no
  // neighbouring row's marker reaches. The layout does not move; a press that grabbed another
  // widget was turned away above.
  if (help) {
    ImRect box = g.LastItemData.Rect;
    const float min_w = 44.0f * env.dpr;
    if (box.GetWidth() < min_w) box.Expand(ImVec2((min_w - box.GetWidth()) * 0.5f, 0.0f));
    box.Expand(ImVec2(0.0f, g.Style.ItemSpacing.y * 0.5f));
    const ImVec2 m = g.IO.MousePos;
    return ImGui::IsWindowHovered() && box.Contains(m) && g.CurrentWindow->ClipRect.Contains(m);
  }
  const ImGuiTable* table = ImGui::GetCurrentTable();
  if (!first_in_row || !table || (table->RowFlags & ImGuiTableRowFlags_Headers) || !ImGui::IsWindowHovered())
    return false;
  const ImVec2 m = g.IO.MousePos;
  const ImRect& cell = table->Columns[table->CurrentColumn].ClipRect;
  return m.y >= table->RowPosY1 && m.y < table->RowPosY2 && table->InnerClipRect.Contains(m) &&
         (m.x < cell.Min.x || m.x >= cell.Max.x);
}

}  // namespace

ImVec4 SheetBackground() {
  ImVec4 c = ImGui::GetStyleColorVec4(ImGuiCol_PopupBg);
  c.w = 1.0f;
  return c;
}

bool BeginDetail(const char* test_id, const UiEnv& env, float wrap_em) {
  return BeginDetailOf(DetailKind::kDetail, test_id, env, wrap_em);
}

namespace {

bool BeginDetailOf(DetailKind kind, const char* test_id, const UiEnv& env, float wrap_em) {
  if (ImGui::GetCurrentWindow()->SkipItems) return false;  // the item was not drawn
  TestTarget(env, test_id);
  if (!env.narrow()) {
    if (!ImGui::IsItemHovered()) return false;
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(wrap_em > 0 ? Em(wrap_em) : -1.0f);
    return true;
  }
  int n = 0;
  const ImGuiID id = NextDetailId(kind, test_id, n);
  // A help marker opens on a tap on itself only, never on a tap elsewhere on its row.
  if (TappedDetail(kind == DetailKind::kDetail && n == 0, kind == DetailKind::kHelp, env)) ImGui::OpenPopupEx(id, ImGuiPopupFlags_None);
  if (!ImGui::IsPopupOpen(id, ImGuiPopupFlags_None)) return false;
  // Across the bottom of the screen, as the tier map's card sheet; a tap outside closes it (a
  // popup's way), and so does its button.
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(ImVec2(vp->Pos.x, vp->Pos.y + vp->Size.y), ImGuiCond_Always, ImVec2(0, 1));
  ImGui::SetNextWindowSizeConstraints(ImVec2(vp->Size.x, 0), ImVec2(vp->Size.x, vp->Size.y * 0.6f));
  const ImGuiWindowFlags flags = ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoTitleBar |
                                 ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings;
  // Opaque, unlike tooltips (PopupBg is 98 % in the theme): the bottom tab bar lies under the
  // sheet and must not show through it.
  ImGui::PushStyleColor(ImGuiCol_PopupBg, SheetBackground());
  const bool open = ImGui::BeginPopupEx(id, flags);  // the background is drawn inside Begin
  ImGui::PopStyleColor();
  if (!open) return false;
  const float button_h = std::max(44.0f * env.dpr, ImGui::GetFrameHeight());
  if (ImGui::Button((std::string(env.text().tier_sheet_close) + "###detail_close").c_str(), ImVec2(-FLT_MIN, button_h)))
    ImGui::CloseCurrentPopup();
  TestTarget(env, "detail_close");
  ImGui::PushTextWrapPos(0.0f);
  return true;
}

}  // namespace

void EndDetail(const UiEnv& env) {
  ImGui::PopTextWrapPos();
  if (env.narrow()) ImGui::EndPopup();
  else ImGui::EndTooltip();
}

void DetailText(const char* test_id, const std::string& text, const UiEnv& env, float wrap_em) {
  if (!BeginDetail(test_id, env, wrap_em)) return;
  if (env.narrow() || wrap_em > 0) WrappedText(text);
  else ImGui::TextUnformatted(text.c_str());
  EndDetail(env);
}

bool NumberField(const std::string& label, int& value, const NumberFieldSpec& spec, const UiText& t, float width,
                 const char* help, const UiEnv* env) {
  NumberFieldSpec s = spec;
  s.whole = true;
  s.min = std::max(s.min, static_cast<double>(INT_MIN));
  s.max = std::min(s.max, static_cast<double>(INT_MAX));
  double v = value;
  if (!NumberField(label, v, s, t, width, help, env)) return false;
  value = static_cast<int>(std::clamp(v, s.min, s.max));
  return true;
}

float TouchHeight(const UiEnv& env) { return env.narrow() ? Em(2.2f) : 0.0f; }

}  // namespace atlas::ui
