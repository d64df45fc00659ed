// Browser entry point: GLFW window on the page's canvas, ImGui with the OpenGL3 (WebGL2)
// backend, and a frame callback driven by emscripten_set_main_loop (a blocking loop would
// freeze the tab). Everything the frame needs lives in one App object, not in globals.
#include "browser.hpp"
#include "clipped_text_hook.hpp"
#include "drawn_text_hook.hpp"
#include "font_texture.hpp"
#include "typed_glyphs.hpp"
#include "embedded_fonts.hpp"

#include "app/app_state.hpp"
#include "app/deferred_code.hpp"
#include "app/deferred_data.hpp"
#include "app/share_link.hpp"
#include "engine/catalogs.hpp"
#include "engine/embedded_data.hpp"
#include "ui/draw_fingerprint.hpp"
#include "ui/hold_to_repeat.hpp"
#include "ui/root.hpp"
#include "ui/text/text_pack.hpp"
#include "ui/theme.hpp"
#include "ui/wheel_scroll.hpp"

#include <GLFW/glfw3.h>
#include <cmath>
#include <emscripten.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdlib>
#include <deque>
#include <memory>

namespace {

constexpr float kBaseFontPx = 15.0f;  // CSS pixels; bigger on phones for thumbs

// The Chinese font (dist/fonts/zh.ttf) is fetched the first time Chinese is chosen; until it
// arrives the UI stays in English (UiEnv::chinese_font_ready).
enum class FontFetch { kIdle, kFetching, kReady, kFailed };

// The first frame (the tier map) needs only part of the app. The rest arrives after it: the
// code of the other views, their engine and the link codec (gpu-atlas.deferred.wasm, split off
// at build time by scripts/split_wasm.py at the ATLAS_DEFERRED entry points), the models,
// regions, prices and software support, and the full gpus.json whose notes and sources the
// compiled-in first-frame copy leaves out (data/*.json). Nothing here calls an ATLAS_DEFERRED function before both
// have arrived (Deferred::kReady). A page opened from a link waits for them before its first
// frame, since the link may name any view.
enum class Deferred { kIdle, kLoading, kReady, kFailed };

// What a finger on the screen is doing (ApplyButtons decides, ApplyTouchScroll follows).
enum class Gesture { kNone, kUndecided, kPress, kScroll };

struct App {
  GLFWwindow* window = nullptr;
  atlas::Catalogs catalogs;
  atlas::ui::AppData data;
  atlas::AppState state;
  atlas::ui::UiEnv env;
  atlas::ui::UiMemory memory;
  atlas::CalculatorDerived calculator;
  atlas::WalkthroughDerived walkthrough;
  atlas::CostDerived cost;
  atlas::AccuracyDerived accuracy;
  int data_version = 0;  // counts the deferred data loads (the accuracy cases evaluate once per load)
  float font_scale = 0;  // dpr * css font size the atlas was built for
  FontFetch zh_fetch = FontFetch::kIdle;
  Deferred deferred = Deferred::kIdle;
  std::string pending_hash;  // a link to open once the deferred part has arrived
  unsigned char* zh_font = nullptr;  // malloc'd by the fetch; kept for atlas rebuilds
  int zh_font_size = 0;
  bool fonts_dirty = false;  // rebuild the atlas this frame (the Chinese font arrived)
  atlas::Language document_language = atlas::Language::kEnglish;
  int width_px = 0, height_px = 0;
  bool first_frame_marked = false;
  // Mouse/touch buttons reach ImGui one event per frame, and a press at a new position waits one
  // frame: ImGui 1.86 ignores a click whose pointer arrives in the same frame (a tap on a phone,
  // or a scripted click), since nothing was hovered there yet.
  std::deque<std::pair<int, bool>> button_events;  // (button, pressed)
  bool buttons_down[3] = {false, false, false};
  ImVec2 last_mouse_pos{-1, -1};
  bool touch_scrolling = false;  // the current touch drags the page, not a widget
  double touch_pending_dx = 0, touch_pending_dy = 0;  // finger travel (CSS px) not yet applied
  Gesture gesture = Gesture::kNone;  // the current finger's (ApplyButtons, ApplyTouchScroll)
  bool drop_release = false;         // its press never reached ImGui: nor does its release
  bool pinched = false;              // a second finger pinched during it
  ImVec2 gesture_start{0, 0};        // where the finger landed (device px)
  double gesture_start_ms = 0;       // when (emscripten_get_now)
  bool press_seen = false;           // ImGui's last frame had the button down (its widget is active)
  bool press_deferred = false;
  int lifted_frames = 0;  // frames since a lifted finger's release reached ImGui
  std::string hash_written;  // the fragment the app last wrote (or read)
  atlas::AppState synced;    // the state hash_written encodes
  int frames = 0;
  bool check_hash = false;  // the address may have changed (hashchange/popstate)
  int quiet_frames = 0;     // frames drawn since the last input or arrival
  double quiet_since_ms = 0;
  // What the canvas shows (ui::DrawFingerprint); redraw_needed: draw the next frame even if it
  // is the same (the canvas was resized and so cleared, the font texture was uploaded anew, or a
  // test reads the drawing buffer, which holds a frame only while it is being drawn).
  std::uint64_t shown_fingerprint = 0;
  bool redraw_needed = true;
  atlas::platform::TypedGlyphs typed_glyphs;  // typed characters beyond the font subsets
};

// Idle means idle: once this many frames and this much time have passed with no input, arrival or
// held button, the frame loop pauses (browser.hpp, PauseFrames) until something wakes it. That
// lets ImGui settle what follows an input (hover, a popup's first layout, the tab bar scrolling to
// a tab, which is timed) even when frames are slow (software WebGL on a busy machine).
constexpr int kSettleFrames = 4;
constexpr double kSettleMs = 500;

// Keys typed through the hidden input of the on-screen keyboard bridge (browser.cpp).
struct BridgeKeys {
  int backspace = 0, enter = 0;  // presses waiting to be delivered, one per frame
  bool backspace_down = false, enter_down = false;  // the bridge (not GLFW) holds the key down
};
BridgeKeys g_bridge_keys;  // written only by the two exported callbacks below

// The fetched Chinese font, handed over by the exported callback and taken by the next frame.
struct FontMailbox {
  bool arrived = false;
  unsigned char* data = nullptr;  // nullptr when the fetch failed
  int size = 0;
  char* words = nullptr;  // the Chinese text pack (NUL-terminated, malloc'd), nullptr on failure
};
FontMailbox g_font_mailbox;  // written only by atlas_font_arrived

// The deferred data files, then the English text pack, handed over once the deferred code is
// instantiated too.
constexpr const char* kDeferredDataFiles[] = {"models.json", "regions.json", "pricing.json", "pricing_gaps.json",
                                              "gpus.json", "software.json", "calibration.json",
                                              "validation_cases.json"};
constexpr int kDeferredDataCount = sizeof(kDeferredDataFiles) / sizeof(kDeferredDataFiles[0]);
constexpr int kDeferredTextCount = kDeferredDataCount + 1;  // + text/en.json
struct DeferredMailbox {
  bool arrived = false;
  char* texts[kDeferredTextCount] = {};  // NUL-terminated, malloc'd; null on failure
};
DeferredMailbox g_deferred_mailbox;  // written only by atlas_deferred_arrived

extern "C" {
EMSCRIPTEN_KEEPALIVE void atlas_font_arrived(unsigned char* data, int size, char* words) {
  g_font_mailbox = {true, data, size, words};
}
// `texts` holds `count` malloc'd strings in the order of the fetched URLs (the data files, then
// the English text pack), or is null when the fetch failed; the array itself is malloc'd too.
EMSCRIPTEN_KEEPALIVE void atlas_deferred_arrived(char** texts, int count) {
  g_deferred_mailbox = {};
  g_deferred_mailbox.arrived = true;
  if (texts && count == kDeferredTextCount)
    for (int i = 0; i < count; ++i) g_deferred_mailbox.texts[i] = texts[i];
  else if (texts)
    for (int i = 0; i < count; ++i) std::free(texts[i]);
  std::free(texts);
}
EMSCRIPTEN_KEEPALIVE void atlas_text_bridge_chars(const char* utf8) { ImGui::GetIO().AddInputCharactersUTF8(utf8); }
EMSCRIPTEN_KEEPALIVE void atlas_text_bridge_key(int key) {
  if (key == 1) ++g_bridge_keys.backspace;
  if (key == 2) ++g_bridge_keys.enter;
}
}

// Delivers bridged Backspace/Enter as one-frame key presses (ImGui 1.86 KeysDown + KeyMap).
// Only a press the bridge made is released here: a hardware Enter or Backspace, which GLFW sets
// and clears itself, must reach ImGui untouched (releasing it before NewFrame swallowed it).
void ApplyBridgeKeys() {
  ImGuiIO& io = ImGui::GetIO();
  static_assert(GLFW_KEY_BACKSPACE < 512 && GLFW_KEY_ENTER < 512);
  auto pulse = [&](int& pending, bool& bridge_down, int key) {
    if (bridge_down) {
      io.KeysDown[key] = false;  // released the frame after the bridge pressed it
      bridge_down = false;
    } else if (pending > 0 && !io.KeysDown[key]) {
      io.KeysDown[key] = true;
      bridge_down = true;
      --pending;
    }
  };
  pulse(g_bridge_keys.backspace, g_bridge_keys.backspace_down, GLFW_KEY_BACKSPACE);
  pulse(g_bridge_keys.enter, g_bridge_keys.enter_down, GLFW_KEY_ENTER);
}

// The topmost visible window under the pointer that can scroll vertically, or null.
ImGuiWindow* ScrollableWindowAt(ImVec2 pos) {
  ImGuiWindow* found = nullptr;
  for (ImGuiWindow* w : GImGui->Windows)
    if (w->WasActive && !w->Hidden && w->ScrollMax.y > 0.0f && w->InnerRect.Contains(pos)) found = w;
  return found;
}

// The topmost visible window under `pos` that scrolls sideways with its scrollbar showing (a wide
// table's inner window; a panel a few pixels too wide for its content is not one).
ImGuiWindow* SideScrollableWindowAt(ImVec2 pos) {
  ImGuiWindow* found = nullptr;
  for (ImGuiWindow* w : GImGui->Windows)
    if (w->WasActive && !w->Hidden && w->ScrollbarX && w->ScrollMax.x > 0.0f && w->InnerRect.Contains(pos)) found = w;
  return found;
}

// The nearest window around `w` (a child's parents) that scrolls vertically, or null.
ImGuiWindow* ScrollableParent(const ImGuiWindow* w) {
  for (ImGuiWindow* p = (w->Flags & ImGuiWindowFlags_ChildWindow) ? w->ParentWindow : nullptr; p;
       p = (p->Flags & ImGuiWindowFlags_ChildWindow) ? p->ParentWindow : nullptr)
    if (p->ScrollMax.y > 0.0f) return p;
  return nullptr;
}

// A finger's gesture, as a scrolling page reads it (Android's ScrollView and SeekBar: a drag
// becomes a scroll after the touch slop; a slider in a scrolling container takes only sideways
// drags). The press waits until the gesture is known: lifted before the finger travelled
// kTouchSlopCss, it is a tap; moved mostly up or down (or sideways over a table that scrolls
// sideways, or with a second finger: a pinch), a scroll, and the press never reaches ImGui (a
// swipe from a slider set its value, from a chart marker pinned the card, from "Make it fit"
// applied it); moved mostly sideways elsewhere, the press where the finger is, so a slider
// follows it (a button pressed so, once the finger travels past the slop again, is dropped).
constexpr double kTouchSlopCss = 8.0;  // Android's touch slop is 8 dp (ViewConfiguration)
// A finger held still this long on a button that repeats (a number field's − and +,
// ui/hold_to_repeat.hpp) presses it before it lifts, so the step repeats while it stays; a move
// past the slop after that still scrolls and drops the press (ApplyTouchScroll). With ImGui's
// 275 ms repeat delay the first repeat comes ~0.6 s after the finger landed, about where iOS's
// UIStepper starts its autorepeat (0.5 s); a slower tap than 300 ms is still one step.
constexpr double kHoldToPressMs = 300.0;

bool PastSlop(const App& app) {
  return app.touch_pending_dx * app.touch_pending_dx + app.touch_pending_dy * app.touch_pending_dy >= kTouchSlopCss * kTouchSlopCss;
}

// Whether the widget ImGui holds keeps a drag: ImGui declares left/right navigation for the
// sliders, drag fields and text fields it activates (imgui_widgets.cpp SliderScalar,
// DragBehavior, InputTextEx); a scrollbar is a window's own id.
bool ActiveWidgetKeepsDrag(const ImGuiContext& g) {
  if (g.ActiveIdUsingNavDirMask != 0) return true;
  ImGuiWindow* w = g.ActiveIdWindow;
  return w && (g.ActiveId == ImGui::GetWindowScrollbarID(w, ImGuiAxis_X) || g.ActiveId == ImGui::GetWindowScrollbarID(w, ImGuiAxis_Y));
}

// Scrolls the panel under the finger by the travel not yet applied, 1:1: sideways a wide table
// (its frozen first column stays); up and down the innermost panel that can still move that
// way, else the panels around it (a table scrolled to its end hands the swipe to the page).
void ApplyTouchScroll(App& app, atlas::platform::TouchState touch) {
  ImGuiContext& g = *GImGui;
  // Pressing on empty space makes ImGui 1.86 "activate" the window's move handle even when the
  // window cannot move; that does not count as holding a widget.
  const bool holds = g.ActiveId != 0 && !(g.ActiveIdWindow && g.ActiveId == g.ActiveIdWindow->MoveId);
  if (touch != atlas::platform::TouchState::kDown) app.touch_pending_dy = app.touch_pending_dx = 0;
  if (touch != atlas::platform::TouchState::kDown || app.gesture == Gesture::kUndecided) return;
  if (app.gesture == Gesture::kPress && !app.touch_scrolling) {
    if (!app.press_seen) return;  // ImGui has not yet given the press to a widget
    // A slider, a drag field or a text field keeps the drag it was given.
    if (holds && ActiveWidgetKeepsDrag(g)) {
      app.touch_pending_dy = app.touch_pending_dx = 0;
      return;
    }
    if (!PastSlop(app)) return;
    app.gesture = Gesture::kScroll;  // a press that then travels: dropped below, so it clicks nothing
  }
  const double dy_css = app.touch_pending_dy, dx_css = app.touch_pending_dx;
  app.touch_pending_dy = app.touch_pending_dx = 0;
  if (holds) ImGui::ClearActiveID();
  if (dx_css != 0)
    if (ImGuiWindow* side = SideScrollableWindowAt(g.IO.MousePos)) {
      ImGui::SetScrollX(side, ImClamp(side->Scroll.x - static_cast<float>(dx_css * app.env.dpr), 0.0f, side->ScrollMax.x));
      app.touch_scrolling = true;
    }
  if (dy_css == 0) return;
  // The topmost visible window under the finger that can scroll (ImGui reports the root as
  // hovered while the press holds a move handle, so search the window list instead), else the
  // nearest around it that can still move this way.
  const float dy = -static_cast<float>(dy_css * app.env.dpr);
  for (ImGuiWindow* w = ScrollableWindowAt(g.IO.MousePos); w; w = ScrollableParent(w)) {
    app.touch_scrolling = true;
    if (dy > 0 ? w->Scroll.y >= w->ScrollMax.y - 0.5f : w->Scroll.y <= 0.5f) continue;
    ImGui::SetScrollY(w, ImClamp(w->Scroll.y + dy, 0.0f, w->ScrollMax.y));
    return;
  }
}

// Whether the wheel can still move `w` the way of `dy` (device px, positive down).
bool CanWheelMove(const ImGuiWindow* w, float dy) {
  return w->ScrollMax.y > 0.0f && !(w->Flags & ImGuiWindowFlags_NoScrollWithMouse) &&
         (dy > 0.0f ? w->Scroll.y < w->ScrollMax.y - 0.5f : w->Scroll.y > 0.5f);
}

// The window ImGui's wheel moves for `w` (imgui.cpp UpdateMouseWheel): up through children with no
// scroll range.
ImGuiWindow* WheelScrolled(ImGuiWindow* w) {
  while ((w->Flags & ImGuiWindowFlags_ChildWindow) && w->ScrollMax.y == 0.0f && w->ParentWindow) w = w->ParentWindow;
  return w;
}

// Nested scrolling as browsers chain it: a wheel over an inner panel (a table in the Cost view)
// that is already at its end in the wheel's direction scrolls the nearest panel around it that
// can still move, instead of doing nothing. `dy`: device px, positive down. Null when ImGui's
// own pick stands (imgui.cpp UpdateMouseWheel: the hovered window, up through children with no
// scroll range).
ImGuiWindow* ChainedWheelTarget(float dy) {
  ImGuiWindow* w = GImGui->HoveredWindow;
  if (!w || dy == 0.0f) return nullptr;
  w = WheelScrolled(w);
  if (CanWheelMove(w, dy) || !(w->Flags & ImGuiWindowFlags_ChildWindow)) return nullptr;
  for (ImGuiWindow* p = ScrollableParent(w); p; p = ScrollableParent(p))
    if (CanWheelMove(p, dy)) return p;
  return nullptr;
}

// ImGui keeps the wheel on the window it last scrolled for 2 s while the pointer stays still
// (UpdateMouseWheel's WheelingWindow lock), even once that window cannot move that way: after a
// chained notch scrolled the page and took the hub table out from under a still pointer, the
// next notches went to the table at its end and did nothing for 2 s. A browser scrolls what is
// under the pointer then; so the lock is let go when its window cannot move this way.
void ReleaseStuckWheelLock(float dy) {
  ImGuiContext& g = *GImGui;
  if (g.WheelingWindow && dy != 0.0f && !CanWheelMove(WheelScrolled(g.WheelingWindow), dy)) g.WheelingWindow = nullptr;
}

// Wheel and trackpad: the distance the browser itself would scroll (pixels 1:1, lines of text,
// pages), handed to ImGui as wheel units so it picks the window as it always does, except where
// a panel at its end hands the scroll on to the one around it (ChainedWheelTarget).
void ApplyWheel(const App& app) {
  atlas::ui::WheelDeltas d;
  atlas::platform::TakeWheel(d.x, d.y);
  ImGuiIO& io = ImGui::GetIO();
  const float font_px = GImGui->FontSize;  // last frame's; 0 before the first frame
  const float line_px = font_px + GImGui->Style.ItemSpacing.y;
  const atlas::ui::ScrollPixels px =
      atlas::ui::WheelToPixels(d, app.env.dpr, line_px, io.DisplaySize.x, io.DisplaySize.y);
  const atlas::ui::ImGuiWheel wheel = atlas::ui::PixelsToImGuiWheel(px, font_px, io.KeyShift);
  if (!io.KeyShift) ReleaseStuckWheelLock(static_cast<float>(px.y));
  if (ImGuiWindow* outer = io.KeyShift ? nullptr : ChainedWheelTarget(static_cast<float>(px.y))) {
    ImGui::SetScrollY(outer, ImClamp(outer->Scroll.y + static_cast<float>(px.y), 0.0f, outer->ScrollMax.y));
    io.MouseWheelH += wheel.horizontal;
    return;
  }
  io.MouseWheel += wheel.vertical;
  io.MouseWheelH += wheel.horizontal;
}

void OnMouseButton(GLFWwindow* window, int button, int action, int /*mods*/) {
  App* app = static_cast<App*>(glfwGetWindowUserPointer(window));
  if (app && button >= 0 && button < 3) app->button_events.emplace_back(button, action == GLFW_PRESS);
}

// Feeds queued button events to ImGui after the backend's NewFrame (overriding its polling).
// Returns where the finger is (touch screens), for the touch scroll.
atlas::platform::TouchState ApplyButtons(App& app) {
  ImGuiIO& io = ImGui::GetIO();
  app.press_seen = app.buttons_down[0];  // ImGui's last frame had the button down
  float tx = 0, ty = 0;
  const atlas::platform::TouchState touch = atlas::platform::TouchPosition(tx, ty);
  if (touch != atlas::platform::TouchState::kNone) io.MousePos = ImVec2(tx, ty);
  // A lifted finger hovers nothing: once its release has reached ImGui (a frame at the finger's
  // last position, so the tap clicks), the pointer leaves, or the tapped tab or button would
  // stay highlighted as if a mouse rested on it.
  const bool settled = app.button_events.empty() && !app.buttons_down[0];
  if (touch == atlas::platform::TouchState::kLifted && settled) {
    if (app.lifted_frames++ >= 1) io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
  } else {
    app.lifted_frames = 0;
  }
  // A finger's press waits until its gesture is known (see kTouchSlopCss).
  if (touch != atlas::platform::TouchState::kNone && app.gesture == Gesture::kNone && !app.button_events.empty() &&
      app.button_events.front() == std::pair<int, bool>(0, true)) {
    app.gesture = Gesture::kUndecided;
    app.gesture_start = io.MousePos;
    app.gesture_start_ms = emscripten_get_now();
  }
  if (app.gesture == Gesture::kUndecided) {
    if (app.pinched || (PastSlop(app) && (std::abs(app.touch_pending_dy) >= std::abs(app.touch_pending_dx) ||
                                          SideScrollableWindowAt(app.gesture_start)))) {
      app.gesture = Gesture::kScroll;
      app.button_events.pop_front();
      app.drop_release = true;
    } else if (PastSlop(app) || touch != atlas::platform::TouchState::kDown) {
      app.gesture = Gesture::kPress;  // a tap, or a sideways drag (a slider's): the slop is spent
      app.touch_pending_dy = app.touch_pending_dx = 0;
    } else if (emscripten_get_now() - app.gesture_start_ms >= kHoldToPressMs && atlas::ui::HoveredItemRepeats(*GImGui)) {
      app.gesture = Gesture::kPress;  // a finger held still on a stepper: it steps, and repeats
      app.touch_pending_dy = app.touch_pending_dx = 0;
    }
  }
  const bool waiting = app.gesture == Gesture::kUndecided;  // the press waits, queued
  if (app.drop_release && !app.button_events.empty() && app.button_events.front() == std::pair<int, bool>(0, false)) {
    app.button_events.pop_front();
    app.drop_release = false;
  }
  if (touch != atlas::platform::TouchState::kDown && app.button_events.empty() && !app.buttons_down[0] && !app.drop_release) {
    app.gesture = Gesture::kNone;
    app.pinched = false;
  }
  const bool moved = io.MousePos.x != app.last_mouse_pos.x || io.MousePos.y != app.last_mouse_pos.y;
  if (!waiting && !app.button_events.empty()) {
    const auto [button, pressed] = app.button_events.front();
    if (pressed && moved && !app.press_deferred) {
      app.press_deferred = true;  // let ImGui see the pointer here for one frame first
    } else {
      app.buttons_down[button] = pressed;
      app.button_events.pop_front();
      app.press_deferred = false;
    }
  }
  for (int b = 0; b < 3; ++b) io.MouseDown[b] = app.buttons_down[b];
  app.last_mouse_pos = io.MousePos;
  return touch;
}

// Opens the state in `hash` (startup, back/forward, an edited address bar). Deferred, as is
// SyncHash: the link codec and the calculator's rules come with the views' code.
ATLAS_DEFERRED void ApplyHash(App& app, const std::string& hash) {
  atlas::LinkDecode d = atlas::DecodeLink(hash, app.catalogs);
  app.state = d.state;
  atlas::NormalizeCalculator(app.state.calculator, app.catalogs);
  app.synced = app.state;
  app.memory.link_notices = d.notices;
  app.hash_written = hash;
  // A link with parts it could not use is rewritten in place to the state it opened (the banner
  // says what was left out): the address then shares what is on screen, and a re-shared link
  // does not carry the bad parts, and their banner, on.
  if (!d.notices.empty()) {
    app.hash_written = atlas::EncodeLink(app.state, app.catalogs);
    atlas::platform::SetHash(app.hash_written, false);
  }
}

// Mirrors the state into the fragment: a history entry when the view changes (so back/forward
// move between views), in-place updates for edits (no flood of entries).
ATLAS_DEFERRED void SyncHash(App& app) {
  if (++app.frames % 20 == 0 || app.check_hash) {
    app.check_hash = false;
    const std::string now = atlas::platform::GetHash();
    if (now != app.hash_written && !now.empty()) {
      ApplyHash(app, now);
      return;
    }
  }
  if (app.state == app.synced && !app.hash_written.empty()) return;
  const std::string link = atlas::EncodeLink(app.state, app.catalogs);
  const bool view_changed = app.synced.view != app.state.view;
  app.synced = app.state;
  if (link == app.hash_written) return;
  atlas::platform::SetHash(link, view_changed && !app.hash_written.empty());
  app.hash_written = link;
}

void StartDeferredLoad(App& app) {
  if (app.deferred == Deferred::kLoading || app.deferred == Deferred::kReady) return;
  app.deferred = Deferred::kLoading;
  std::string urls;
  for (const char* name : kDeferredDataFiles) urls += std::string("data/") + name + ",";
  atlas::platform::FetchDeferred("gpu-atlas.deferred.wasm", (urls + "text/en.json").c_str());
}

// Replaces the first-frame copy of the cards with the full data/gpus.json (notes, sources):
// only when it loads cleanly and lists the same cards in the same order, so that every index
// the views hold stays valid; otherwise the first-frame copy stays and the problem is shown.
void TakeFullGpuCatalog(App& app, const char* text, std::vector<std::string>& errors) {
  atlas::GpuCatalogLoad full = atlas::LoadGpuCatalog(text, "data/gpus.json");
  bool same = full.ok() && full.catalog.gpus.size() == app.catalogs.gpus.gpus.size();
  for (size_t i = 0; same && i < full.catalog.gpus.size(); ++i) same = full.catalog.gpus[i].id == app.catalogs.gpus.gpus[i].id;
  if (!full.ok()) {
    errors.insert(errors.end(), full.errors.begin(), full.errors.end());
  } else if (!same) {
    errors.push_back("data/gpus.json: does not list the same cards as the copy built into the page (stale cache?)");
  } else {
    app.catalogs.gpus = std::move(full.catalog);
    atlas::ClassifyGpuTiers(app.catalogs);
  }
}

// Adds the full cards, then models, regions, prices, software support, calibration and the
// measured cases to the catalogs (the first deferred call). A file that fails to load or
// validate turns off only the views that need it, with a banner naming it.
ATLAS_DEFERRED void LoadDeferredData(App& app, const DeferredMailbox& m) {
  std::vector<std::string> gpu_errors;
  for (int i = 0; i < kDeferredDataCount; ++i)
    if (std::string("gpus.json") == kDeferredDataFiles[i] && m.texts[i]) TakeFullGpuCatalog(app, m.texts[i], gpu_errors);
  atlas::MarketDataLoad load = atlas::LoadMarketDataDegrading(
      [&m](const std::string& name, std::string& text) {
        for (int i = 0; i < kDeferredDataCount; ++i)
          if (name == kDeferredDataFiles[i] && m.texts[i]) {
            text = m.texts[i];
            return true;
          }
        return false;
      },
      "data", app.catalogs);
  load.warnings.insert(load.warnings.begin(), gpu_errors.begin(), gpu_errors.end());
  ++app.data_version;
  app.data.data_warnings = load.warnings;
  app.data.models_missing = load.models_missing;
  app.data.markets_missing = load.markets_missing;
}

// Takes the deferred part when it arrives, then opens the link that was waiting for it.
void UpdateDeferred(App& app) {
  if (!g_deferred_mailbox.arrived) return;
  const DeferredMailbox m = g_deferred_mailbox;
  g_deferred_mailbox = {};
  bool ok = true;
  for (const char* text : m.texts) ok = ok && text;
  if (ok) {
    const std::string problem = atlas::ui::InstallTextPack(m.texts[kDeferredDataCount], atlas::Language::kEnglish);
    if (!problem.empty()) atlas::platform::ConsoleWarn(problem);
    ok = problem.empty();
  }
  if (ok) {
    LoadDeferredData(app, m);
    app.deferred = Deferred::kReady;
    atlas::platform::PerformanceMark("gpu-atlas:deferred-ready");
    if (!app.pending_hash.empty() && app.data.load_errors.empty()) ApplyHash(app, app.pending_hash);
    app.pending_hash.clear();
  } else {
    app.deferred = Deferred::kFailed;
    atlas::platform::PerformanceMark("gpu-atlas:deferred-failed");
  }
  for (char* text : m.texts) std::free(text);
}

// The other views' results, recomputed when their inputs changed (a deferred entry point).
ATLAS_DEFERRED void UpdateDerived(App& app, atlas::Language shown_language) {
  if (app.data.models_missing.empty()) {
    atlas::NormalizeCalculator(app.state.calculator, app.catalogs);
    atlas::UpdateCalculatorDerived(app.state, app.catalogs, app.calculator, shown_language);
    atlas::NormalizeWalkthrough(app.state.walkthrough);
    atlas::UpdateWalkthroughDerived(app.state, app.catalogs, app.walkthrough, shown_language);
    // The Cost view follows the job it was linked to (carried_job.hpp) before costing it.
    atlas::FollowCarriedJob(app.state, &app.calculator, &app.walkthrough, app.memory.carried_job);
    atlas::UpdateAccuracyDerived(app.catalogs, app.data_version, app.accuracy);
  }
  if (app.data.markets_missing.empty()) atlas::UpdateCostDerived(app.state, app.catalogs, app.cost, shown_language);
}

// Glyph ranges: ImGui bakes only the glyphs a font has, so ranges can be broad; the subsets
// hold exactly the characters in use (scripts/make_fonts.py).
constexpr ImWchar kLatinRanges[] = {0x0020, 0x2FFF, 0};
constexpr ImWchar kCjkRanges[] = {0x2000, 0xFFEF, 0};
// ImGui sizes a font by ascent + descent (hhea): 1.164 em for DejaVu Sans, 1.309 em for Droid
// Sans Fallback, and Chinese characters have no x-height to match. scripts/make_fonts.py
// measures both faces and scales the CJK size so its characters stand 1.68× the Latin
// x-height, as in Noto Sans CJK SC (≈1.15; the bare em match, 1.309/1.164, left them 2 % small
// beside Latin lower case). The baseline stays the Latin font's.
ImFont* AddFont(const unsigned char* data, int size, float px, const ImWchar* ranges, bool merge) {
  ImFontConfig cfg;
  cfg.FontDataOwnedByAtlas = false;  // embedded arrays and the fetched buffer outlive the atlas
  cfg.MergeMode = merge;
  cfg.OversampleH = merge ? 1 : 2;   // CJK glyphs are large enough without oversampling
  cfg.OversampleV = 1;
  return ImGui::GetIO().Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(data), size, px, &cfg, ranges);
}

// Takes the fetched Chinese font when it arrives; starts the fetch the first time Chinese is
// chosen (and again after a failure, once the user switches away and back).
void UpdateChineseFont(App& app) {
  if (g_font_mailbox.arrived) {
    const FontMailbox m = g_font_mailbox;
    g_font_mailbox = {};
    std::string problem = m.words ? atlas::ui::InstallTextPack(m.words, atlas::Language::kChinese) : "no text pack";
    std::free(m.words);
    if (!problem.empty()) atlas::platform::ConsoleWarn(problem);
    if (m.data && m.size > 0 && problem.empty()) {
      atlas::ClassifyGpuTiers(app.catalogs);  // the reasons in Chinese, now that the words are here
      app.zh_font = m.data;
      app.zh_font_size = m.size;
      app.zh_fetch = FontFetch::kReady;
      app.fonts_dirty = true;
    } else {
      std::free(m.data);
      app.zh_fetch = FontFetch::kFailed;
    }
  }
  const bool chinese = app.state.language == atlas::Language::kChinese;
  if (chinese && app.zh_fetch == FontFetch::kIdle) {
    app.zh_fetch = FontFetch::kFetching;
    atlas::platform::FetchFont("fonts/zh.ttf", "text/zh.json");
  }
  if (!chinese && app.zh_fetch == FontFetch::kFailed) app.zh_fetch = FontFetch::kIdle;
  app.env.chinese_font_ready = app.zh_fetch == FontFetch::kReady;
  app.env.chinese_font_failed = app.zh_fetch == FontFetch::kFailed;
}

// Rebuilds the font atlas and style when the pixel scale changes (zoom, moving screens, or
// the narrow layout's bigger type) or the Chinese font arrives, so text stays crisp at any
// devicePixelRatio.
void UpdateFonts(App& app) {
  const float css_font = app.env.narrow() ? kBaseFontPx + 2 : kBaseFontPx;
  const float scale = app.env.dpr * css_font / kBaseFontPx;
  if (std::fabs(scale - app.font_scale) < 0.01f && !app.fonts_dirty) return;
  app.font_scale = scale;
  app.fonts_dirty = false;
  app.redraw_needed = true;
  ImGui::GetIO().Fonts->Clear();
  const float px = kBaseFontPx * scale;
  const atlas::platform::EmbeddedFont latin = atlas::platform::UiLatinFont();
  const atlas::platform::EmbeddedFont cjk = atlas::platform::UiCjkFont();
  AddFont(latin.data, static_cast<int>(latin.size), px, kLatinRanges, false);  // checked at build time
  const float cjk_px = px * atlas::platform::CjkSizeScale();
  AddFont(cjk.data, static_cast<int>(cjk.size), cjk_px, kCjkRanges, true);
  if (app.zh_font) AddFont(app.zh_font, app.zh_font_size, cjk_px, kCjkRanges, true);
  app.typed_glyphs.AddTo(ImGui::GetIO().Fonts, cjk_px);
  atlas::platform::UploadFontAtlas();  // two bytes per atlas pixel on the GPU, none kept in the heap
  atlas::ui::ApplyTheme(scale);
}

// True once nothing has happened for kSettleFrames frames: no input, no arrival, no button or key
// held (ImGui repeats held buttons), no text being edited (its cursor blinks), no pending work.
bool Settled(App& app) {
  const ImGuiIO& io = ImGui::GetIO();
  bool busy = !app.button_events.empty() || app.fonts_dirty || app.touch_scrolling || io.WantTextInput ||
              GImGui->ActiveId != 0;
  for (bool down : app.buttons_down) busy |= down;
  for (bool down : io.KeysDown) busy |= down;
  const double now_ms = emscripten_get_now();
  if (busy) app.quiet_frames = 0;
  if (app.quiet_frames == 0) app.quiet_since_ms = now_ms;
  return ++app.quiet_frames >= kSettleFrames &&
         now_ms - app.quiet_since_ms >= atlas::platform::SettleMs(kSettleMs);
}

void Frame(void* arg) {
  App& app = *static_cast<App*>(arg);
  const double start_ms = emscripten_get_now();
  atlas::platform::TraceUiSpan(false);
  const int wake = atlas::platform::TakeWakeReasons();
  if (wake) app.quiet_frames = 0;
  if (wake & atlas::platform::kWakeAddress) app.check_hash = true;
  if (wake & atlas::platform::kWakeRedraw) app.redraw_needed = true;
  const atlas::platform::ViewportSize vp = atlas::platform::QueryViewport();
  app.env.css_width = vp.css_width;
  app.env.css_height = vp.css_height;
  app.env.dpr = vp.dpr;
  // ImGui works in device pixels: the canvas backing store is CSS size x devicePixelRatio.
  const int w = static_cast<int>(std::lround(vp.css_width * vp.dpr));
  const int h = static_cast<int>(std::lround(vp.css_height * vp.dpr));
  if (w != app.width_px || h != app.height_px) {
    app.width_px = w;
    app.height_px = h;
    atlas::platform::ResizeCanvas(w, h);
    app.redraw_needed = true;
  }
  UpdateChineseFont(app);
  if (app.typed_glyphs.Update(ImGui::GetIO().Fonts->Fonts.empty() ? nullptr : ImGui::GetIO().Fonts->Fonts[0]))
    app.fonts_dirty = true;
  UpdateFonts(app);

  UpdateDeferred(app);
  // A link waits for the whole app (the HTML loading indicator stays up); if that cannot load,
  // the page opens without the link rather than not at all.
  if (!app.pending_hash.empty() && !app.first_frame_marked && app.deferred != Deferred::kFailed) return;

  // Derived results follow the state; they recompute only when the inputs changed.
  const bool full = app.deferred == Deferred::kReady;
  const atlas::Language shown_language =
      app.env.chinese_font_ready ? app.state.language : atlas::Language::kEnglish;
  if (full) UpdateDerived(app, shown_language);
  app.data.calculator = full ? &app.calculator : nullptr;
  app.data.walkthrough = full ? &app.walkthrough : nullptr;
  app.data.cost = full ? &app.cost : nullptr;
  app.data.accuracy = full && app.data.models_missing.empty() ? &app.accuracy : nullptr;
  app.data.views_failed = app.deferred == Deferred::kFailed;
  app.env.update_ready = atlas::platform::UpdateReady();

  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  app.touch_pending_dy += atlas::platform::TakeTouchScrollDy();
  app.touch_pending_dx += atlas::platform::TakeTouchScrollDx();
  const atlas::platform::TouchState touch = ApplyButtons(app);
  ApplyWheel(app);
  ApplyTouchScroll(app, touch);
  app.env.pinch_scale = atlas::platform::TakePinch(app.env.pinch_x, app.env.pinch_y);
  if (app.env.pinch_scale != 1.0f) app.pinched = true;
  // A touch scroll lasts while the finger is down (its press may still wait a frame).
  if (!app.buttons_down[0] && touch != atlas::platform::TouchState::kDown) app.touch_scrolling = false;
  ApplyBridgeKeys();
  ImGui::NewFrame();
  atlas::platform::BeginDrawnTextCapture();
  atlas::ui::DrawApp(app.state, app.data, app.env, app.memory);
  atlas::platform::EndDrawnTextCapture();
  if (shown_language != app.document_language) {
    app.document_language = shown_language;
    atlas::platform::SetDocumentLanguage(shown_language == atlas::Language::kChinese);
  }
  ImGui::Render();
  if (full) atlas::platform::ReportClippedText(app.env.dpr);
  if (const ImGuiWindow* w = ScrollableWindowAt(ImGui::GetIO().MousePos)) {
    const ImGuiWindow* outer = ScrollableParent(w);
    atlas::platform::ReportScroll(w->Scroll.y / app.env.dpr, w->ScrollMax.y / app.env.dpr,
                                  outer ? outer->Scroll.y / app.env.dpr : NAN, outer ? outer->ScrollMax.y / app.env.dpr : NAN);
  }
  const double ui_ms = emscripten_get_now() - start_ms;
  atlas::platform::TraceUiSpan(true);
  atlas::platform::SetTextInputActive(ImGui::GetIO().WantTextInput);
  if (full && app.data.load_errors.empty()) SyncHash(app);
  // A frame that looks like the one on screen is not drawn again: the canvas keeps it (once the
  // deferred code, which holds DrawFingerprint, has arrived; until then every frame is drawn).
  const std::uint64_t fingerprint = full ? atlas::ui::DrawFingerprint(*ImGui::GetDrawData()) : 0;
  if (app.redraw_needed || !full || fingerprint != app.shown_fingerprint) {
    app.redraw_needed = false;
    app.shown_fingerprint = fingerprint;
    int fb_w = 0, fb_h = 0;
    glfwGetFramebufferSize(app.window, &fb_w, &fb_h);
    glViewport(0, 0, fb_w, fb_h);
    // The view's panel draws no background of its own (ui/root.cpp): the clear paints it.
    const ImVec4 bg = atlas::ui::ScreenClearColour();
    glClearColor(bg.x, bg.y, bg.z, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  }
  atlas::platform::ReportFrame(emscripten_get_now() - start_ms, ui_ms);
  if (!app.first_frame_marked) {
    app.first_frame_marked = true;
    atlas::platform::PerformanceMark("gpu-atlas:first-frame");
    atlas::platform::HideLoadingIndicator();
    StartDeferredLoad(app);  // the rest of the app, now that the first frame is on screen
  }
  if (Settled(app)) atlas::platform::PauseFrames();
}

}  // namespace

// ImGui's built-in font (ProggyClean, 12 KB of the download) is never drawn: ours is compiled
// in and checked at build time (scripts/make_fonts.py). The link wraps
// ImFontAtlas::AddFontDefault (cmake/web.cmake, --wrap) so nothing references the built-in
// font's data and the linker leaves it out. ImGui calls it only for an atlas without fonts.
extern "C" ImFont* __wrap__ZN11ImFontAtlas14AddFontDefaultEPK12ImFontConfig(ImFontAtlas*, const ImFontConfig*) {
  return nullptr;
}

int main() {
  if (!glfwInit()) return 1;
  glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
  // ImGui draws without depth or stencil tests; Emscripten's GLFW asks WebGL for a 24-bit depth
  // and 8-bit stencil buffer unless told otherwise (a phone's 1170x2532 screen: 12 MB of GPU
  // memory, cleared every frame). The alpha channel stays: an undrawn canvas is then see-through
  // (the page's background) rather than black while the app loads.
  glfwWindowHint(GLFW_DEPTH_BITS, 0);
  glfwWindowHint(GLFW_STENCIL_BITS, 0);
  static App app;  // lives for the page's lifetime; the main loop gets a pointer to it
  app.window = glfwCreateWindow(1280, 800, "GPU Atlas", nullptr, nullptr);
  if (!app.window) return 1;
  glfwMakeContextCurrent(app.window);

  // The first frame's data (gpus.json, assumptions.json) is compiled in; see Deferred.
  atlas::CatalogsLoad load;
  atlas::LoadCoreCatalogs(atlas::ReadEmbeddedDataFile, "data", load);
  app.catalogs = std::move(load.catalogs);
  app.data.catalogs = &app.catalogs;
  app.data.load_errors = std::move(load.errors);
  app.env.open_url = [](const std::string& url) { atlas::platform::OpenUrl(url); };
  app.env.mark = [](const char* name) { atlas::platform::PerformanceMark(name); };
  app.env.copy_text = [](const std::string& text) { atlas::platform::CopyText(text); };
  app.env.download = [](const std::string& name, const std::string& mime, const std::string& text) {
    atlas::platform::DownloadText(name, mime, text);
  };
  app.env.retry_load = [] { StartDeferredLoad(app); };
  app.env.reload = [] { atlas::platform::ReloadPage(); };
  app.env.test_target = [](const char* id, float x0, float y0, float x1, float y1) {
    atlas::platform::ReportTestTarget(id, x0, y0, x1, y1, app.env.dpr);
  };
  app.env.page_url = atlas::platform::PageUrl();
  const std::string hash = atlas::platform::GetHash();
  if (!hash.empty() && app.data.load_errors.empty()) {
    app.pending_hash = hash;
    StartDeferredLoad(app);
  }
  if (app.pending_hash.empty()) app.state.language = atlas::platform::PrefersChinese() ? atlas::Language::kChinese : atlas::Language::kEnglish;

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // no imgui.ini in the browser: the state lives in the URL
  // Double-tap on a phone is slower than a double-click, and our press queue delivers one
  // button event per frame: allow half a second between the clicks (ImGui's default: 0.3 s).
  io.MouseDoubleClickTime = 0.5f;
  ImGui_ImplGlfw_InitForOpenGL(app.window, true);
  glfwSetWindowUserPointer(app.window, &app);
  glfwSetMouseButtonCallback(app.window, OnMouseButton);  // replaces the backend's (see App)
  atlas::platform::InstallTouchTracking();
  atlas::platform::InstallIdleWake();
  atlas::platform::InstallWheel();
  ImGui_ImplOpenGL3_Init("#version 300 es");

  emscripten_set_main_loop_arg(Frame, &app, 0, true);
  return 0;
}
