// The browser services GPU Atlas uses, behind plain C++ functions. The only place with EM_JS.
#pragma once

#include <string>

namespace atlas::platform {

struct ViewportSize {
  float css_width, css_height, dpr;
};

ViewportSize QueryViewport();
void OpenUrl(const std::string& url);
// performance.mark(name), once per name; harmless to call again.
void PerformanceMark(const char* name);
// Hides the HTML loading indicator once the first frame is drawn.
void HideLoadingIndicator();
// The page's URL fragment ("#..." or "").
std::string GetHash();
// The page address without the fragment.
std::string PageUrl();
// Writes the fragment without reloading: a new history entry when `push`, else in place.
void SetHash(const std::string& hash, bool push);
// Copies text with the Clipboard API, falling back to a hidden textarea + execCommand.
void CopyText(const std::string& text);
// Offers `text` as a file download.
void DownloadText(const std::string& filename, const std::string& mime, const std::string& text);
// True when the browser prefers Chinese (navigator.languages).
bool PrefersChinese();
// Fetches a font file and a text pack next to the page (relative URLs) and hands them to the
// exported atlas_font_arrived(data, size, words) (malloc'd, owned by the receiver; the words
// NUL-terminated; all null on failure).
void FetchFont(const char* relative_url, const char* words_url);
// A complete new version of the site is installed and waits for a reload (web/boot.js, sw.js).
bool UpdateReady();
void ReloadPage();
// console.warn, for problems the page shows no message for.
void ConsoleWarn(const std::string& message);
// Fetches the deferred code (`wasm_url`, instantiated against this module's exports) and the
// data files (`data_urls`, comma-separated), retrying twice, then hands the files' texts to the
// exported atlas_deferred_arrived(models, regions, pricing, english_words) (NUL-terminated,
// malloc'd, owned by the receiver; all null on failure).
void FetchDeferred(const char* wasm_url, const char* data_urls);
// Sets <html lang> and the document title for the language the UI is drawn in.
void SetDocumentLanguage(bool chinese);
// Records one frame's CPU time (ms; `ui_ms` without the GL submission) and the heap size for
// window.__atlasStats.
void ReportFrame(double frame_ms, double ui_ms);
// Benchmarks only: while window.__atlasTraceFrames is set, marks the start and the end of the
// span ReportFrame's `ui_ms` times as console.timeStamp("atlas-ui-begin" / "atlas-ui-end"), so a
// Chrome trace gives that span's *thread* CPU time (the marks' thread timestamps), which leaves
// out the time the thread waited for a core (bench/web_bench.mjs). Otherwise does nothing.
void TraceUiSpan(bool end);
// Starts tracking touches on the canvas (Emscripten's GLFW reports (0, 0) for them).
void InstallTouchTracking();
// The last touch position in canvas device pixels while touch is the input in use, and whether
// a finger is still down (kNone: a mouse is in use).
enum class TouchState { kNone, kDown, kLifted };
TouchState TouchPosition(float& x_px, float& y_px);
// The two-finger pinch since the last call: a zoom factor (1 = none) about a point in canvas
// device pixels.
float TakePinch(float& x_px, float& y_px);
// Vertical touch movement (CSS px) since the last call.
double TakeTouchScrollDy();
// Horizontal touch movement (CSS px) since the last call: a sideways swipe scrolls a wide table.
double TakeTouchScrollDx();
// Raises (or hides) the phone's on-screen keyboard through a hidden input while ImGui edits text.
void SetTextInputActive(bool active);
// Sets the canvas backing store to width_px x height_px device pixels (GLFW follows).
void ResizeCanvas(int width_px, int height_px);
// Wheel and trackpad deltas over the canvas since the last call (DOM sign and units), by
// deltaMode: [0] CSS pixels, [1] lines, [2] pages.
void InstallWheel();
void TakeWheel(double (&x)[3], double (&y)[3]);
// Test hook: window.__atlasScroll = {y, max, outer_y, outer_max}, the scroll of the panel under
// the pointer and of the nearest panel around it that scrolls (NaN when none), CSS px.
void ReportScroll(double y_css, double max_css, double outer_y_css, double outer_max_css);
// Idle: the frame loop stops (PauseFrames) until an input event, a resize, a change of the
// address or a fetched file wakes it again. TakeWakeReasons returns what happened since the last
// call (kWakeInput, kWakeAddress, kWakeRedraw bits) and clears it. kWakeRedraw (the page shown
// again; tests that read the canvas's pixels: __atlasWake(5)) draws the next frame even if
// nothing in it changed.
constexpr int kWakeInput = 1, kWakeAddress = 2, kWakeRedraw = 4;
void InstallIdleWake();
void PauseFrames();
int TakeWakeReasons();
// How long the app keeps drawing after an input before it may pause (ms): `fallback`, unless a
// test has set window.__atlasSettleMs (tests/browser/chinese_text.test.mjs: its checks read the
// text of the first frames after an input, and each further frame of software WebGL costs CPU).
double SettleMs(double fallback);

}  // namespace atlas::platform
