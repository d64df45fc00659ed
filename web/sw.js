// GPU Atlas service worker: precaches the app shell so the page works offline after the first
// visit. BUILD_ID is replaced at build time by a hash of the app files, so every new build
// installs a fresh cache and removes the old one ("picks up a new version cleanly").
"use strict";
const BUILD_ID = "__BUILD_ID__";
const CACHE = "gpu-atlas-" + BUILD_ID;
// The app shell, and what the app fetches right after its first frame (the other views' code and
// the data they need), so that every view works offline after the first visit.
const FILES = ["./", "index.html", "style.css", "boot.js", "gpu-atlas.js", "gpu-atlas.wasm",
  "gpu-atlas.deferred.wasm", "data/models.json", "data/regions.json", "data/pricing.json", "data/gpus.json",
  "data/software.json", "text/en.json"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("gpu-atlas-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET" || new URL(req.url).origin !== self.location.origin) return;
  if (req.mode === "navigate") {
    // Pages: the network first (new versions show at once), the cache when offline.
    event.respondWith(fetch(req).catch(() => caches.match("index.html")));
    return;
  }
  // App files are versioned by BUILD_ID: the cache first, then the network (and keep it).
  event.respondWith(caches.match(req, { ignoreSearch: true }).then((hit) => hit || fetch(req).then((res) => {
    if (res.ok) { const copy = res.clone(); caches.open(CACHE).then((c) => c.put(req, copy)); }
    return res;
  })));
});
