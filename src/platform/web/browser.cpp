#include "browser.hpp"

#include <emscripten.h>

#include <cmath>

#include <cstdlib>

namespace atlas::platform {

// clang-format off
EM_JS(float, atlas_js_css_width, (), { return document.documentElement.clientWidth || window.innerWidth; });
EM_JS(float, atlas_js_css_height, (), { return document.documentElement.clientHeight || window.innerHeight; });
EM_JS(float, atlas_js_dpr, (), { return Math.min(Math.max(window.devicePixelRatio || 1, 1), 4); });
// Only http(s) and same-site relative links: a data file cannot smuggle javascript: URLs.
EM_JS(void, atlas_js_open_url, (const char* url), {
  var u = UTF8ToString(url);
  var lower = u.toLowerCase();
  var web = lower.indexOf("https:") === 0 || lower.indexOf("http:") === 0;
  var relative = u.indexOf(":") < 0 && u.indexOf(String.fromCharCode(92)) < 0;
  // A file of the site (data/gpus.json) is shipped under its hashed name (web/boot.js).
  if (relative) u = window["gpuAtlasAsset"](u);
  if (web || relative) window.open(u, "_blank", "noopener");
});
EM_JS(void, atlas_js_mark, (const char* name), {
  var n = UTF8ToString(name);
  if (performance.getEntriesByName(n, "mark").length === 0) performance.mark(n);
});
EM_JS(void, atlas_js_hide_loading, (), {
  var el = document.getElementById("loading");
  if (el) el.remove();
  document.body.classList.add("ready");
});
// Resizes the canvas backing store through Emscripten's Browser helper, which also tells GLFW
// (glfwSetWindowSize would request fullscreen when the size equals the screen's).
EM_JS(void, atlas_js_resize_canvas, (int w, int h), { Browser.setCanvasSize(w, h); });
EM_JS(char*, atlas_js_get_hash, (), {
  var h = window.location.hash || "";
  var n = lengthBytesUTF8(h) + 1;
  var p = _malloc(n);
  stringToUTF8(h, p, n);
  return p;
});
EM_JS(char*, atlas_js_page_url, (), {
  var u = window.location.origin + window.location.pathname + window.location.search;
  var n = lengthBytesUTF8(u) + 1;
  var p = _malloc(n);
  stringToUTF8(u, p, n);
  return p;
});
EM_JS(void, atlas_js_set_hash, (const char* hash, int push), {
  var h = UTF8ToString(hash);
  var url = window.location.pathname + window.location.search + h;
  if (push) history.pushState(null, "", url); else history.replaceState(null, "", url);
});
EM_JS(void, atlas_js_copy, (const char* text), {
  var t = UTF8ToString(text);
  function fallback() {
    var ta = document.createElement("textarea");
    ta.value = t;
    ta.setAttribute("readonly", "");
    ta.style.position = "fixed";
    ta.style.opacity = "0";
    document.body.appendChild(ta);
    ta.select();
    try { document.execCommand("copy"); } catch (e) {}
    document.body.removeChild(ta);
  }
  if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(t).catch(fallback);
  else fallback();
});
EM_JS(void, atlas_js_download, (const char* name, const char* mime, const char* text), {
  var blob = new Blob([UTF8ToString(text)], {type: UTF8ToString(mime) + ";charset=utf-8"});
  var a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = UTF8ToString(name);
  document.body.appendChild(a);
  a.click();
  setTimeout(function() { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
});
EM_JS(int, atlas_js_prefers_chinese, (), {
  var langs = navigator.languages || [navigator.language || ""];
  for (var i = 0; i < langs.length; i++) {
    var l = String(langs[i]).toLowerCase();
    if (l.indexOf("zh") === 0) return 1;
    if (l.indexOf("en") === 0) return 0;
  }
  return 0;
});
EM_JS(void, atlas_js_fetch_font, (const char* url, const char* words_url), {
  // web/boot.js's gpuAtlasFetch: the file of this page's version (hashed name), checked.
  var bytes = window["gpuAtlasFetch"];
  Promise.all([bytes(UTF8ToString(url)), bytes(UTF8ToString(words_url))])
      .then(function(results) {
        var font = new Uint8Array(results[0]);
        var words = new Uint8Array(results[1]);
        var p = _malloc(font.length);
        HEAPU8.set(font, p);
        var w = _malloc(words.length + 1);
        HEAPU8.set(words, w);
        HEAPU8[w + words.length] = 0;
        _atlas_font_arrived(p, font.length, w);
        if (window["__atlasWake"]) window["__atlasWake"](1);
      })
      .catch(function(e) {
        console.warn("GPU Atlas: the Chinese font or words could not be loaded: " + e);
        _atlas_font_arrived(0, 0, 0);
        if (window["__atlasWake"]) window["__atlasWake"](1);
      });
});
// boot.js sets gpuAtlasUpdateReady when the service worker has installed a complete new version.
EM_JS(int, atlas_js_update_ready, (), { return window["gpuAtlasUpdateReady"] ? 1 : 0; });
EM_JS(void, atlas_js_reload, (), { location.reload(); });
EM_JS(void, atlas_js_console_warn, (const char* message), { console.warn("GPU Atlas: " + UTF8ToString(message)); });
EM_JS(void, atlas_js_fetch_deferred, (const char* wasm_url, const char* data_urls), {
  var wasm = UTF8ToString(wasm_url);
  var urls = UTF8ToString(data_urls).split(",");
  var bytes = window["gpuAtlasFetch"];  // web/boot.js: this version's file (hashed name), checked
  function attempt(n) {
    // The split-off functions import this module's memory, table and functions ("primary");
    // instantiating fills their placeholder slots in the shared table.
    var code = bytes(wasm).then(function(b) { return WebAssembly.instantiate(b, {"primary": Module["asm"]}); });
    Promise.all([code].concat(urls.map(bytes)))
        .then(function(results) {
          var texts = results.slice(1).map(function(buffer) {
            var b = new Uint8Array(buffer);
            var p = _malloc(b.length + 1);
            HEAPU8.set(b, p);
            HEAPU8[p + b.length] = 0;
            return p;
          });
          // An array of the strings' addresses (wasm32 pointers), in URL order.
          var list = _malloc(4 * texts.length);
          texts.forEach(function(p, i) { HEAPU32[(list >> 2) + i] = p; });
          _atlas_deferred_arrived(list, texts.length);
          if (window["__atlasWake"]) window["__atlasWake"](1);
        })
        .catch(function(e) {
          console.warn("GPU Atlas: the views' code or data could not be loaded (try " + n + "): " + e);
          if (n < 3) setTimeout(function() { attempt(n + 1); }, 1000 * n);
          else {
            _atlas_deferred_arrived(0, 0);
            if (window["__atlasWake"]) window["__atlasWake"](1);
          }
        });
  }
  attempt(1);
});
EM_JS(void, atlas_js_set_document_language, (int chinese), {
  document.documentElement.lang = chinese ? "zh-CN" : "en";
  document.title = chinese ? "算力产区图 · GPU Atlas — 选什么卡、要几张、放在哪里、花多少钱"
                           : "GPU Atlas · 算力产区图 — which GPUs, how many, where, at what cost";
});
// Frame statistics for benchmarks: the app's own CPU time per frame and the wasm heap size,
// kept in a bounded window array (no effect on the page otherwise).
EM_JS(void, atlas_js_frame_stats, (double frame_ms, double ui_ms, double heap_bytes), {
  // Bracket names: read from outside the app, so Closure must not rename them.
  var s = window["__atlasStats"] || (window["__atlasStats"] = {"frameMs": [], "uiMs": [], "peakHeapBytes": 0});
  s["frameMs"].push(frame_ms);
  s["uiMs"].push(ui_ms);
  if (s["frameMs"].length > 2000) { s["frameMs"].splice(0, 1000); s["uiMs"].splice(0, 1000); }
  if (heap_bytes > s["peakHeapBytes"]) s["peakHeapBytes"] = heap_bytes;
});
EM_JS(double, atlas_js_heap_bytes, (), { return HEAP8.length; });
EM_JS(void, atlas_js_trace_ui_span, (int end), {
  if (window["__atlasTraceFrames"]) console.timeStamp(end ? "atlas-ui-end" : "atlas-ui-begin");
});
// Touch: Emscripten 3.1.6's GLFW reports (0, 0) for touches, so the page tracks the finger
// itself: its position in canvas device pixels, and its movement (CSS px) since the last call.
EM_JS(void, atlas_js_touch_install, (), {
  if (window.__atlasTouch) return;
  var t = window.__atlasTouch = {y: null, dy: 0, cx: null, dx: 0, x: -1, py: -1, used: false, down: false,
                                  pd: 0, pinch: 1, px: 0, ppy: 0};
  var c = document.getElementById("canvas");
  function place(e) {
    var r = c.getBoundingClientRect();
    var p = e.touches.length ? e.touches[0] : (e.changedTouches.length ? e.changedTouches[0] : null);
    if (!p) return;
    t.x = (p.clientX - r.left) * c.width / r.width;
    t.py = (p.clientY - r.top) * c.height / r.height;
    t.used = true;
  }
  // Two fingers: the ratio of their distances between moves is the pinch, about their midpoint
  // (canvas device pixels); the page does not scroll meanwhile.
  function spread(e) {
    var r = c.getBoundingClientRect(), a = e.touches[0], b = e.touches[1];
    t.px = ((a.clientX + b.clientX) / 2 - r.left) * c.width / r.width;
    t.ppy = ((a.clientY + b.clientY) / 2 - r.top) * c.height / r.height;
    return Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);
  }
  c.addEventListener("touchstart", function(e) {
    place(e);
    t.down = true;
    if (e.touches.length >= 2) { t.pd = spread(e); t.y = null; t.cx = null; }
    else if (e.touches.length) { t.y = e.touches[0].clientY; t.cx = e.touches[0].clientX; }
  }, {passive: true});
  c.addEventListener("touchcancel", function(e) { t.down = e.touches.length > 0; t.y = null; t.cx = null; }, {passive: true});
  c.addEventListener("touchmove", function(e) {
    place(e);
    if (e.touches.length >= 2) {
      var d = spread(e);
      if (t.pd > 0 && d > 0) t.pinch *= d / t.pd;
      t.pd = d;
      t.y = null;
      t.cx = null;
      return;
    }
    if (!e.touches.length || t.y === null) return;
    var y = e.touches[0].clientY;
    t.dy += y - t.y;
    t.y = y;
    if (t.cx !== null) { var x = e.touches[0].clientX; t.dx += x - t.cx; t.cx = x; }
  }, {passive: true});
  // GLFW already turns the touch into a press and release: cancelling touchend stops the
  // browser's compatibility mousedown/mouseup, which would press everything twice (a toggle
  // or checkbox tapped on a phone would flip back).
  c.addEventListener("touchend", function(e) { place(e); t.down = e.touches.length > 0; t.y = null; t.cx = null; if (e.touches.length < 2) t.pd = 0; if (e.cancelable) e.preventDefault(); }, {passive: false});
  // A real mouse takes over again.
  c.addEventListener("mousemove", function(e) { if (!e.sourceCapabilities || !e.sourceCapabilities.firesTouchEvents) t.used = false; }, {passive: true});
});
// The finger's movement since the last call, CSS px: sideways (horizontal = 1) or up and down.
EM_JS(double, atlas_js_take_touch_move, (int horizontal), {
  var t = window.__atlasTouch;
  if (!t) return 0;
  var d = horizontal ? t.dx : t.dy;  // dot access only: Closure renames properties
  if (horizontal) t.dx = 0; else t.dy = 0;
  return d;
});
EM_JS(float, atlas_js_take_pinch, (float* xy), {
  var t = window.__atlasTouch;
  if (!t) return 1;
  var k = t.pinch;
  t.pinch = 1;
  HEAPF32[xy >> 2] = t.px;
  HEAPF32[(xy >> 2) + 1] = t.ppy;
  return k;
});
EM_JS(int, atlas_js_touch_pos, (float* xy), {
  var t = window.__atlasTouch;
  if (!t || !t.used) return 0;
  HEAPF32[xy >> 2] = t.x;
  HEAPF32[(xy >> 2) + 1] = t.py;
  return t.down ? 1 : 2;
});
// On-screen keyboards: the canvas cannot raise one, so while ImGui edits text a hidden
// <input> holds the focus; what is typed there is forwarded to ImGui and the field cleared.
EM_JS(void, atlas_js_text_input_active, (int active), {
  var el = document.getElementById("text-bridge");
  if (!el) {
    el = document.createElement("input");
    el.id = "text-bridge";
    el.type = "text";
    el.autocomplete = "off";
    el.setAttribute("autocapitalize", "off");
    el.setAttribute("aria-hidden", "true");
    el.style.cssText = "position:fixed;left:0;bottom:0;width:1px;height:1px;opacity:0;border:0;padding:0;font-size:16px;";
    document.body.appendChild(el);
    // A hardware keyboard also fires keypress/keydown, which GLFW already forwards: only text
    // that arrives without them (on-screen keyboards send keyCode 229 or nothing) is bridged.
    // A key's input event follows its keydown in the same dispatch, so a flag (set on keydown,
    // taken by that input, dropped on keyup or focus change) tells them apart; a time window
    // did not: on a loaded machine 150 ms passed in between and a typed "8" arrived twice.
    var hardKey = false;
    var dropKey = function() { hardKey = false; };
    var composing = false;  // an input method is composing: its text is not final yet
    function bridge(v) {
      var n = lengthBytesUTF8(v) + 1;
      var p = _malloc(n);
      stringToUTF8(v, p, n);
      _atlas_text_bridge_chars(p);
      _free(p);
    }
    el.addEventListener("keydown", function(e) { hardKey = e.keyCode !== 229 && e.key !== "Unidentified"; });
    el.addEventListener("keyup", dropKey);
    el.addEventListener("focus", dropKey);
    el.addEventListener("blur", dropKey);
    el.addEventListener("compositionstart", function() { composing = true; });
    el.addEventListener("compositionend", function(e) {
      composing = false;
      if (e.data) bridge(e.data);  // the committed characters (拼音 -> 汉字), once
      el.value = "";
    });
    el.addEventListener("input", function(e) {
      if (composing || e.isComposing) return;  // left in the field until compositionend
      if (hardKey) { hardKey = false; el.value = ""; return; }
      if (e.inputType === "deleteContentBackward") _atlas_text_bridge_key(1);
      else if (el.value) bridge(el.value);
      el.value = "";
    });
    el.addEventListener("keydown", function(e) {
      if (e.key === "Enter" && e.keyCode === 229) _atlas_text_bridge_key(2);
    });
  }
  // Desktop too: an input method (拼音 and other IMEs) composes only in an editable element,
  // and its committed text arrives there as an input event without a keypress.
  if (active && document.activeElement !== el) el.focus({preventScroll: true});
  if (!active && document.activeElement === el) el.blur();
});
// Idle: the app pauses its frame loop when nothing changes and any input, resize, link change or
// arrival wakes it. window.__atlasWake(reason) is also how the fetch callbacks wake it (bit 1:
// something happened; bit 2: the address may have changed). window.__atlasIdle is the state
// (read by tests).
EM_JS(void, atlas_js_idle_install, (), {
  if (window["__atlasIdle"]) return;
  var s = window["__atlasIdle"] = {"paused": false, "reasons": 0, "pauses": 0, "wakes": 0};
  function wake(reason) {
    s["reasons"] |= reason;
    if (!s["paused"]) return;
    s["paused"] = false;
    s["wakes"]++;
    Browser.mainLoop.resume();
  }
  window["__atlasWake"] = wake;
  var any = {capture: true, passive: true};
  ["mousemove", "mousedown", "mouseup", "wheel", "keydown", "keyup", "keypress", "touchstart", "touchmove",
   "touchend", "touchcancel", "pointerdown", "pointermove", "pointerup", "focus", "blur", "resize",
   "orientationchange", "input", "compositionend"].forEach(function(type) {
    window.addEventListener(type, function() { wake(1); }, any);
  });
  ["hashchange", "popstate"].forEach(function(type) { window.addEventListener(type, function() { wake(3); }, any); });
  // A page shown again (another tab, the back-forward cache) draws its frame anew even if
  // nothing changed (kWakeRedraw): a browser may have dropped the canvas's picture meanwhile.
  window.addEventListener("pageshow", function() { wake(5); }, any);
  document.addEventListener("visibilitychange", function() { wake(5); }, any);
});
EM_JS(void, atlas_js_idle_pause, (), {
  var s = window["__atlasIdle"];
  if (!s || s["paused"]) return;
  s["paused"] = true;
  s["pauses"]++;
  Browser.mainLoop.pause();
});
EM_JS(double, atlas_js_settle_ms, (double fallback), {
  var v = window["__atlasSettleMs"];
  return typeof v === "number" && v >= 0 ? v : fallback;
});
EM_JS(int, atlas_js_take_wake, (), {
  var s = window["__atlasIdle"];
  if (!s) return 0;
  var r = s["reasons"];
  s["reasons"] = 0;
  return r;
});
// Wheel and trackpad: the page's own listener (capture, before Emscripten's GLFW, which scales
// and flips by rules of its own) sums the deltas by deltaMode for the next frame. Ctrl + wheel
// (and a trackpad pinch) is left to the browser, which zooms the page.
EM_JS(void, atlas_js_wheel_install, (), {
  if (window["__atlasWheel"]) return;
  var w = window["__atlasWheel"] = [0, 0, 0, 0, 0, 0];  // x by deltaMode 0..2, then y
  var c = document.getElementById("canvas");
  window.addEventListener("wheel", function(e) {
    if (e.target !== c) return;
    e.stopPropagation();
    if (e.ctrlKey) return;
    e.preventDefault();
    var m = Math.min(Math.max(e.deltaMode | 0, 0), 2);
    w[m] += e.deltaX;
    w[3 + m] += e.deltaY;
  }, {capture: true, passive: false});
});
EM_JS(void, atlas_js_take_wheel, (double* out), {
  var w = window["__atlasWheel"];
  for (var i = 0; i < 6; i++) {
    HEAPF64[(out >> 3) + i] = w ? w[i] : 0;
    if (w) w[i] = 0;
  }
});
// Test hook: the scroll position of the panel under the pointer and of the one around it, CSS px.
EM_JS(void, atlas_js_report_scroll, (double y, double max_y, double outer_y, double outer_max), {
  window["__atlasScroll"] = {"y": y, "max": max_y, "outer_y": outer_y, "outer_max": outer_max};
});
// clang-format on

ViewportSize QueryViewport() { return {atlas_js_css_width(), atlas_js_css_height(), atlas_js_dpr()}; }
void OpenUrl(const std::string& url) { atlas_js_open_url(url.c_str()); }
void PerformanceMark(const char* name) { atlas_js_mark(name); }
void HideLoadingIndicator() { atlas_js_hide_loading(); }
std::string GetHash() {
  char* p = atlas_js_get_hash();
  std::string h(p);
  free(p);
  return h;
}
std::string PageUrl() {
  char* p = atlas_js_page_url();
  std::string u(p);
  free(p);
  return u;
}
void SetHash(const std::string& hash, bool push) { atlas_js_set_hash(hash.c_str(), push ? 1 : 0); }
void CopyText(const std::string& text) { atlas_js_copy(text.c_str()); }
void DownloadText(const std::string& name, const std::string& mime, const std::string& text) {
  atlas_js_download(name.c_str(), mime.c_str(), text.c_str());
}
bool PrefersChinese() { return atlas_js_prefers_chinese() != 0; }
bool UpdateReady() { return atlas_js_update_ready() != 0; }
void ReloadPage() { atlas_js_reload(); }
void FetchFont(const char* relative_url, const char* words_url) { atlas_js_fetch_font(relative_url, words_url); }
void ConsoleWarn(const std::string& message) { atlas_js_console_warn(message.c_str()); }
void FetchDeferred(const char* wasm_url, const char* data_urls) { atlas_js_fetch_deferred(wasm_url, data_urls); }
void SetDocumentLanguage(bool chinese) { atlas_js_set_document_language(chinese ? 1 : 0); }
void ReportFrame(double frame_ms, double ui_ms) { atlas_js_frame_stats(frame_ms, ui_ms, atlas_js_heap_bytes()); }
void TraceUiSpan(bool end) { atlas_js_trace_ui_span(end ? 1 : 0); }
double TakeTouchScrollDy() { return atlas_js_take_touch_move(0); }
double TakeTouchScrollDx() { return atlas_js_take_touch_move(1); }
void InstallTouchTracking() { atlas_js_touch_install(); }
float TakePinch(float& x_px, float& y_px) {
  float xy[2] = {0, 0};
  const float scale = atlas_js_take_pinch(xy);
  x_px = xy[0];
  y_px = xy[1];
  return std::isfinite(scale) && scale > 0 ? scale : 1.0f;
}
TouchState TouchPosition(float& x_px, float& y_px) {
  float xy[2] = {0, 0};
  const int state = atlas_js_touch_pos(xy);
  if (state == 0) return TouchState::kNone;
  x_px = xy[0];
  y_px = xy[1];
  return state == 1 ? TouchState::kDown : TouchState::kLifted;
}
void SetTextInputActive(bool active) { atlas_js_text_input_active(active ? 1 : 0); }
void ResizeCanvas(int width_px, int height_px) { atlas_js_resize_canvas(width_px, height_px); }
void InstallWheel() { atlas_js_wheel_install(); }
void TakeWheel(double (&x)[3], double (&y)[3]) {
  double d[6] = {0, 0, 0, 0, 0, 0};
  atlas_js_take_wheel(d);
  for (int i = 0; i < 3; ++i) {
    x[i] = d[i];
    y[i] = d[3 + i];
  }
}
void ReportScroll(double y_css, double max_css, double outer_y_css, double outer_max_css) {
  atlas_js_report_scroll(y_css, max_css, outer_y_css, outer_max_css);
}
void InstallIdleWake() { atlas_js_idle_install(); }
void PauseFrames() { atlas_js_idle_pause(); }
int TakeWakeReasons() { return atlas_js_take_wake(); }
double SettleMs(double fallback) { return atlas_js_settle_ms(fallback); }

}  // namespace atlas::platform
