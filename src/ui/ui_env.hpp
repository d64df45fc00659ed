// What the views need to know about the host, passed down each frame (no globals): display
// scale, CSS size for the narrow layout, and the platform's few services.
#pragma once

#include "app/app_state.hpp"
#include "app/carried_job.hpp"
#include "app/link_notice.hpp"
#include "app/walkthrough_model.hpp"
#include "charts/scale.hpp"
#include "model_picker.hpp"
#include "text/ui_text.hpp"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace atlas {
struct AccuracyDerived;
}

namespace atlas::ui {

struct UiEnv {
  float dpr = 1.0f;          // device pixels per CSS pixel; ImGui works in device pixels
  float css_width = 1280;    // viewport in CSS pixels
  float css_height = 800;
  bool narrow() const { return css_width <= 480.0f; }
  // The platform says when the Chinese font has arrived (it is fetched only when Chinese is
  // chosen); until then the UI stays in English so no glyph shows as a box.
  bool chinese_font_ready = true;
  bool chinese_font_failed = false;  // the fetch failed (offline on a first visit, say)
  // Language the UI is drawn in this frame: set by DrawApp from the state and the font.
  Language language = Language::kEnglish;
  const UiText& text() const { return TextFor(language); }
  bool chinese() const { return language == Language::kChinese; }
  // A two-finger pinch since the last frame (platform): zoom factor (1 = none) about a point
  // in device pixels. Charts that zoom use it when the point is over them.
  float pinch_scale = 1.0f;
  float pinch_x = 0, pinch_y = 0;
  std::function<void(const std::string& url)> open_url;  // may be empty (native tests)
  std::function<void()> retry_load;  // fetches the views' code and data again (web app)
  std::function<void(const std::string& text)> copy_text;
  std::function<void(const char* name)> mark;  // performance.mark, once per name
  std::function<void(const std::string& name, const std::string& mime, const std::string& text)> download;
  std::string page_url;  // location without the fragment, for the share link shown
  // A complete new version of the site is installed (service worker); `reload` opens it.
  bool update_ready = false;
  std::function<void()> reload;
  // The views' code and data are here (web: the deferred part arrived; set by DrawApp).
  bool views_ready = false;
  // Test hook (browser tests only; empty otherwise): where a named control was drawn this
  // frame, in device pixels (src/platform/web/drawn_text_hook.hpp publishes it).
  std::function<void(const char* id, float x0, float y0, float x1, float y1)> test_target;
  // The engine against the measured cases, once evaluated (set by DrawApp from AppData; null
  // before the deferred data arrived): the Calculator's "How accurate is this?" line reads it.
  const AccuracyDerived* accuracy = nullptr;
};

// Text being typed in the Calculator and the last import message (not part of the state until
// applied).
struct CalculatorUi {
  ModelPickerState model_picker;
  // A custom model's size, typed (empty: the grey hint says what it is for; never a figure that
  // could be read as the picked model's size).
  char custom_size[32] = "";
  std::string hf_config;  // pasted config.json
  std::string message;    // result of the last custom size / import
  bool message_is_error = false;
  char train_tokens[32] = "";
  int fit_applied = 0;    // changes "Make it fit" applied last (0 = none to report)
  // A Fits-on chip was picked: the results scroll back to the verdict (and its warnings, a
  // risky layout's among them) on the next frame, instead of staying at the chips far below.
  bool scroll_to_verdict = false;
};

// The Accuracy panel: open over the view it was opened from (closes when the view changes).
struct AccuracyUi {
  bool open = false;
  int opened_from = -1;  // View
  int group = -1;        // AccuracyGroup shown, -1 = all kinds
  std::string status;    // "Address copied: ..."
};

// Transient UI memory that is not part of the user's configuration (hover, last tab drawn).
struct UiMemory {
  CalculatorUi calculator;
  std::vector<LinkNotice> link_notices;  // what the last opened link could not restore (worded when drawn)
  float link_notices_height = 0;          // their banner's height as last drawn (device px; 0 = not yet)
  std::string share_status;               // "Link copied", ...
  int hovered_gpu = -1;
  int last_view = -1;
  // The view the Share view's link opens: the last other view drawn (the Calculator when the
  // page opened on Share), so that a shared link shows the result, not the Share view again.
  View shared_view = View::kCalculator;
  unsigned views_marked = 0;  // bit per view whose first frame was marked
  bool tab_pending = false;  // the state asked for a tab the tab bar does not show yet
  bool tier_rule_open = false;
  ModelPickerState walkthrough_model_picker;
  bool sheet_open = false;  // phones: the pinned card's detail sheet is up
  charts::ZoomWindow tier_zoom;  // the tier map chart's zoom (not in the link: a way of looking)
  std::vector<int> tier_unlabelled;  // cards the tier map had no room to name last frame (listed beside it)
  CarriedJobMemory carried_job;  // what the Cost view last received from the job it follows
  // The Calculator's last "Rank cards for this job": the walkthrough says what it carried while
  // its answers are still the ones handed over.
  std::optional<WalkHandOver> walk_handover;
  AccuracyUi accuracy;
};

}  // namespace atlas::ui
