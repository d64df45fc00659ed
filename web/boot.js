// Sets up the Module object the Emscripten glue reads; after the first paint, checks
// WebAssembly and WebGL2 and loads the app's script (gpu-atlas.js). Kept outside index.html so
// a strict CSP needs no 'unsafe-inline' for scripts.
(function () {
  "use strict";
  function fatal(message) {
    // A file of another version (index.html's guard) explains itself and reloads.
    if (window["gpuAtlasStaleFile"]) return;
    var box = document.getElementById("fatal");
    document.getElementById("fatal-text").textContent = message;
    box.style.display = "flex";
    var loading = document.getElementById("loading");
    if (loading) loading.remove();
  }
  // The site's version (index.html's meta tag) and its files: every file the page loads is
  // shipped under a name with the SHA-256 prefix of its content (gpu-atlas.wasm ->
  // gpu-atlas.1a2b3c4d.wasm). scripts/write_manifest.py writes the map (logical name -> hash) in
  // place of __ASSETS__, so no cache can hand this page another version's code, words or data.
  var versionTag = document.querySelector('meta[name="gpu-atlas-version"]');
  var version = versionTag ? versionTag.content : "";
  var assets = __ASSETS__;
  window["gpuAtlasVersion"] = version;
  function asset(name) { return assets[name] ? name.replace(/(\.[a-z0-9]+)$/, "." + assets[name] + "$1") : name; }
  window["gpuAtlasAsset"] = asset;
  // Every fetch of a versioned file (deferred code, data, text packs, fonts): its bytes, or an
  // error. Until the app has all its parts, a file that is gone (404) or not the content its name
  // says means the site was updated under this page: index.html's guard (gpuAtlasStale) reloads
  // to the current version rather than run this one's code with another's files.
  var subtle = window.crypto && crypto.subtle;
  function stale(url) {
    if (!performance.getEntriesByName("gpu-atlas:deferred-ready", "mark").length && window["gpuAtlasStale"])
      window["gpuAtlasStale"](url);
  }
  window["gpuAtlasFetch"] = function (name) {
    var url = asset(name);
    return fetch(url).then(function (r) {
      if (r.status === 404) stale(url);
      if (!r.ok) throw new Error(url + ": HTTP " + r.status);
      return r.arrayBuffer();
    }).then(function (bytes) {
      if (!subtle || !assets[name]) return bytes;
      return subtle.digest("SHA-256", bytes).then(function (d) {
        var hex = Array.from(new Uint8Array(d).slice(0, 4), function (b) { return (b + 256).toString(16).slice(1); }).join("");
        if (hex === assets[name]) return bytes;
        stale(url);
        throw new Error(url + ": not the content its name says");
      });
    });
  };
  // The tier map drawn at build time (index.html, #prerender) stands in for the canvas until its
  // first frame (body.ready hides it). A link opens its own view and state once the whole app has
  // arrived, so it keeps the plain loading screen instead. Chinese readers see a note: the first
  // frame is English until the Chinese font and words arrive (same test as the app's).
  var prerender = document.getElementById("prerender");
  if (prerender && location.hash.length > 1) prerender.remove();
  else if (prerender) {
    var langs = navigator.languages || [navigator.language || ""];
    for (var i = 0; i < langs.length; i++) {
      var l = String(langs[i]).toLowerCase();
      if (l.indexOf("zh") === 0) prerender.classList.add("pr-zh-reader");
      if (l.indexOf("zh") === 0 || l.indexOf("en") === 0) break;
    }
  }
  var canvas = document.getElementById("canvas");
  canvas.addEventListener("contextmenu", function (e) { e.preventDefault(); });
  // Offline after the first visit; sw.js sits next to this page, so any sub-path works.
  // A complete new version, once installed, announces itself; this page then offers a reload
  // (the app draws "A new version is ready — reload" when gpuAtlasUpdateReady is set).
  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    navigator.serviceWorker.addEventListener("message", function (event) {
      var data = event.data;
      if (!data || data.type !== "gpu-atlas-version") return;
      window["gpuAtlasInstalledVersion"] = data.version;
      if (version && data.version !== version) window["gpuAtlasUpdateReady"] = true;
    });
    navigator.serviceWorker.startMessages();
    // Registered once the app has its views' code and data (or gave up on them), so the
    // precache of a version never competes with what the first frames need.
    var registered = false;
    var register = function () {
      if (registered) return;
      registered = true;
      navigator.serviceWorker.register("sw.js").catch(function () { /* private mode, etc. */ });
    };
    if (typeof PerformanceObserver === "function") {
      new PerformanceObserver(function (list) {
        list.getEntries().forEach(function (e) {
          if (e.name === "gpu-atlas:deferred-ready" || e.name === "gpu-atlas:deferred-failed") register();
        });
      }).observe({ type: "mark" });
    }
    window.addEventListener("load", function () { setTimeout(register, 15000); });
  }
  window.Module = {
    canvas: canvas,
    // Every file next to this page: relative URLs keep the site working under any sub-path.
    locateFile: asset,
    print: function (text) { console.log(text); },
    printErr: function (text) { console.warn(text); },
    onAbort: function (what) { if (webgl2 !== false) fatal("The app stopped unexpectedly: " + what + ". Reload the page to try again."); },
    setStatus: function (text) {
      var el = document.getElementById("loading-text");
      if (el && text) el.textContent = text;
    }
  };
  // The app starts once the first frame is painted (a timer set in a frame callback; the plain
  // timer for hidden tabs): its script, the wasm's compile on worker threads and the WebGL2 probe
  // (a wait for the GPU process) all held the static tier map back (bench/RESULTS.md). The
  // script's integrity is written in by scripts/write_manifest.py, so an altered copy never runs
  // (index.html's guard reloads). The probe runs in the task after the script is inserted, so the
  // wasm compiles while it waits; preRun checks again, so main() never runs without WebGL2.
  var started = false, webgl2 = null;
  function checkWebGL2() {
    if (webgl2 === null) {
      webgl2 = !!document.createElement("canvas").getContext("webgl2");
      if (!webgl2) fatal("This browser or device has WebGL2 turned off or unavailable. Enable hardware acceleration, or try another browser.");
    }
    return webgl2;
  }
  function start() {
    if (started || window["gpuAtlasStaleFile"]) return;  // a reload to the current version is under way
    started = true;
    if (typeof WebAssembly !== "object")
      return fatal("This browser does not support WebAssembly. Use a current Chrome, Edge, Firefox or Safari.");
    window.Module["preRun"] = [function () { if (!checkWebGL2()) throw new Error("no WebGL2"); }];
    var app = document.createElement("script");
    app.src = asset("gpu-atlas.js");
    app.integrity = "__GLUE_INTEGRITY__";
    document.body.appendChild(app);
    setTimeout(checkWebGL2, 0);
  }
  requestAnimationFrame(function () { setTimeout(start, 0); });
  setTimeout(start, 1000);
})();
