// Sets up the Module object the Emscripten glue reads; after the first paint, checks
// WebAssembly and WebGL2 and loads gpu-atlas.js. Outside index.html: the CSP needs no
// 'unsafe-inline' for scripts.
(function () {
  "use strict";
  function fatal(message) {
    var box = document.getElementById("fatal");
    document.getElementById("fatal-text").textContent = message;
    box.style.display = "flex";
    var loading = document.getElementById("loading");
    if (loading) loading.remove();
  }
  // The site's version and its assets' content hashes (written into index.html by
  // scripts/write_manifest.py): every file is requested as name?v=hash, so no cache can hand
  // this page another version's code, words or data.
  var versionTag = document.querySelector('meta[name="gpu-atlas-version"]');
  var assetsTag = document.querySelector('meta[name="gpu-atlas-assets"]');
  var version = versionTag ? versionTag.content : "";
  var assets = {};
  try { assets = assetsTag ? JSON.parse(assetsTag.content) : {}; } catch (e) { assets = {}; }
  window["gpuAtlasVersion"] = version;
  window["gpuAtlasAsset"] = function (name) { return assets[name] ? name + "?v=" + assets[name] : name; };
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
    locateFile: function (path) { return window["gpuAtlasAsset"](path); },
    print: function (text) { console.log(text); },
    printErr: function (text) { console.warn(text); },
    onAbort: function (what) {
      if (!noWebGL2) fatal("The app stopped unexpectedly: " + what + ". Reload the page to try again.");
    },
    setStatus: function (text) {
      var el = document.getElementById("loading-text");
      if (el && text) el.textContent = text;
    }
  };
  // Started once the first frame is painted (a timer in a frame callback; the plain timer for
  // hidden tabs): the WebGL2 probe waits for the GPU process and held the static tier map back
  // (bench/RESULTS.md). index.html preloads gpu-atlas.js and the wasm meanwhile. The app's script
  // goes first and the probe runs in the next task, so the wasm compiles on worker threads while
  // the probe waits; main() never runs without WebGL2 (preRun comes after the wasm is ready).
  var started = false, webgl2 = null, noWebGL2 = false;
  function checkWebGL2() {
    if (webgl2 === null) webgl2 = !!document.createElement("canvas").getContext("webgl2");
    if (!webgl2 && !noWebGL2) {
      noWebGL2 = true;
      fatal("This browser or device has WebGL2 turned off or unavailable. Enable hardware acceleration, or try another browser.");
    }
    return webgl2;
  }
  function start() {
    if (started) return;
    started = true;
    if (typeof WebAssembly !== "object") {
      fatal("This browser does not support WebAssembly. Use a current Chrome, Edge, Firefox or Safari.");
      return;
    }
    window.Module["preRun"] = [function () { if (!checkWebGL2()) throw new Error("no WebGL2"); }];
    var app = document.createElement("script");
    app.src = window["gpuAtlasAsset"]("gpu-atlas.js");
    document.body.appendChild(app);
    setTimeout(checkWebGL2, 0);
  }
  requestAnimationFrame(function () { setTimeout(start, 0); });
  setTimeout(start, 1000);
})();
