// Small drawing helpers shared by the views (labels with units, help markers, link buttons).
#pragma once

#include "app/number_field.hpp"
#include "ui_env.hpp"

#include <imgui.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace atlas::ui {

// "text###id": a label in the UI's language whose ImGui id stays the same in every language.
inline std::string Labeled(const char* text, const char* id) { return std::string(text) + "###" + id; }

// ImGui::SameLine(), or a new line when less than `width` is left on this one.
void SameLineIfFits(float width);
// "(?)" marker: its text as a wrapped hover tooltip on desktops; on phones (env.narrow()) a tap on
// it opens the text as a sheet, as BeginDetail's details do. Reported as the test target "help"
// (tests hover or tap every one; see TestTarget).
void HelpMarker(const char* text, const UiEnv& env);
// A field's label and its help marker: beside a field `width` wide when they fit on the line,
// else on the line above it (narrow panels and phones), where they still name this field and
// are not cut off at the panel's edge; the marker never leaves its label. FieldLabelAbove says
// which; DrawFieldLabel draws them (every caller with help passes the env: on phones a help
// marker opens as a sheet).
bool FieldLabelAbove(const std::string& shown, float width, const char* help);
void DrawFieldLabel(const std::string& shown, const char* help, const UiEnv* env);
// Two-column "label  value" row inside a table started by BeginKeyValueTable.
bool BeginKeyValueTable(const char* id);
void KeyValueRow(const char* key, const std::string& value);
void EndKeyValueTable();
// "1,234" with thousands separators.
std::string FormatNumber(double value, int decimals = 0);
// "12.5 TFLOPS", or `none` (the caller's word for "no such figure") for nullopt.
std::string FormatOptional(const std::optional<double>& value, const char* unit, int decimals = 0,
                           const char* none = "-");
// A list of source URLs, each a small button that opens it (or plain text without a browser).
void SourceLinks(const std::vector<std::string>& sources, const UiEnv& env);
// A bullet whose text wraps at the panel edge (ImGui::BulletText does not wrap).
void WrappedBullet(const std::string& text);
// A section heading: a little space, the title in the accent colour, a rule.
void SectionTitle(const char* title);
// A view's panel (root.cpp), or a child window inside it: the screen is cleared in the child
// background colour (ScreenClearColour), so it draws no background of its own (its border, if
// any, stays) and no pixel is filled twice in the same colour. A frame's cost on a phone's GPU or
// in software WebGL is mostly the pixels it fills, and these fills covered most of the screen.
// Not for children of a popup or sheet, which are painted in another colour.
bool BeginViewChild(const char* id, const ImVec2& size, bool border, ImGuiWindowFlags flags = 0);
// Text from the data or the engine that may hold Chinese (a provider's Chinese name, a
// Chinese note): as written when the UI is Chinese; in English, whose fonts have no CJK
// glyphs, without the Chinese characters and the brackets they leave. In both, a number and
// its unit written with a plain space are joined (format_units.hpp JoinFigures).
std::string Shown(const std::string& text, const UiEnv& env);
// Text in a colour, wrapped; in the disabled (grey) colour.
void ColoredWrapped(ImU32 color, const std::string& text);
// A button's height for a thumb on phones (2.2 em, above 44 CSS px), ImGui's own on desktops.
float TouchHeight(const UiEnv& env);
void DisabledWrapped(const std::string& text);
// Text wrapped at the panel edge (or the pushed wrap position) where a reader expects breaks:
// at spaces and between CJK characters, never inside a figure (line_break.hpp). Use it instead of
// ImGui::TextWrapped, which breaks "11.7 GiB" after "11.". One item, logged as one line.
void WrappedText(const std::string& text);
// The lines WrappedText would draw `text` in at `width` pixels in the current font (byte ranges
// into `text`), kept between frames: for text drawn straight into a draw list (chart labels).
const std::vector<std::pair<size_t, size_t>>& TextLines(const std::string& text, float width);
// Draws `text` into `dl` in `lines` (TextLines), one every `line_h` pixels down from `pos`, and
// returns the y under the last line. The text also goes to ImGui's text log (copy as text; the
// browser tests' drawn-text hook), which otherwise sees only what widgets draw.
float DrawTextLines(ImDrawList* dl, ImVec2 pos, ImU32 color, const std::string& text,
                    const std::vector<std::pair<size_t, size_t>>& lines, float line_h);
void WrappedTextF(const char* format, ...) IM_FMTARGS(1);
// Test hook: while ImGui logs (the browser's drawn-text capture) and `log` is set, WrappedText
// appends each text it drew over several lines to *log, its lines joined by '\n' and ended by
// '\x1e', so browser tests see where lines broke. Null (the default) records nothing.
void LogWrappedLinesTo(std::string* log);

// Test hook: reports the last item's rectangle under `id` (env.test_target; no-op without it).
void TestTarget(const UiEnv& env, const char* id);

// The last item's detail (what a tooltip shows). With a mouse: a tooltip while the item is
// hovered. On phones (env.narrow(); no hover, issue 16.7): a tap on the item (a release that did
// not drag) opens the detail as a sheet across the bottom of the screen with a Close button of at
// least 44 CSS px; a tap outside it closes it too. Reports the item as test target `test_id`.
// Text is wrapped at `wrap_em` em on desktop (0: not wrapped, as ImGui::SetTooltip) and at the
// sheet's edge on phones. True: draw the detail now (WrappedText), then call EndDetail(env).
bool BeginDetail(const char* test_id, const UiEnv& env, float wrap_em);
void EndDetail(const UiEnv& env);
// A detail that is one text (a tooltip's "%s").
void DetailText(const char* test_id, const std::string& text, const UiEnv& env, float wrap_em = 0);
// The phones' bottom sheets' background: the theme's popup colour, opaque (tooltips keep theirs,
// a touch translucent), so the tab bar under a sheet does not show through it.
ImVec4 SheetBackground();

// A number field people can type into as they speak ("8k", "2T", "70B"): the entry is committed
// on Enter, on leaving the field or after kNumberFieldPauseS of real time with no key arriving,
// however slow the frames (app/number_field.hpp, TypingPaused) — never per keystroke — and the − / + buttons step as the spec says (powers of two, multiples of 256, a
// 1-2-5 ladder). A bad entry keeps the last good value and says why under the field. `label` is
// "visible text###id"; `width` is the field's and buttons' width; `help`, if any, is a (?) marker
// after the label, and needs `env` (HelpMarker). True when the value changed.
constexpr double kNumberFieldPauseS = 0.8;
bool NumberField(const std::string& label, double& value, const NumberFieldSpec& spec, const UiText& t, float width,
                 const char* help = nullptr, const UiEnv* env = nullptr);
bool NumberField(const std::string& label, int& value, const NumberFieldSpec& spec, const UiText& t, float width,
                 const char* help = nullptr, const UiEnv* env = nullptr);

}  // namespace atlas::ui
