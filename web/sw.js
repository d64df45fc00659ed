// GPU Atlas service worker: the site works offline after the first visit, and a deploy is
// taken as one unit — never new code with old words or old data.
//
// MANIFEST (written in at build time by scripts/write_manifest.py) lists every file the page
// loads under its shipped name, which carries the SHA-256 prefix of its content
// (gpu-atlas.1a2b3c4d.wasm). Installing precaches that whole set into the cache
// "gpu-atlas-<version>", bypassing the HTTP cache (cache: 'reload') and checking each file's
// content against its name and index.html's version tag; only when every file is in does the new
// version activate. It then deletes older versions (keeping the one just replaced, for pages still
// open on it) and tells open pages "a new version is ready".
// index.html is fetched network-first (a deploy shows on the next load), from the cache offline.
"use strict";
const MANIFEST = __MANIFEST__;
const CACHE = "gpu-atlas-" + MANIFEST.version;
const PREFIX = "gpu-atlas-";
// A shipped name's content hash: 8 hex digits before the extension (scripts/write_manifest.py).
const HASHED = /\.([0-9a-f]{8})\.[a-z0-9]+$/;

async function sha256Prefix(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(digest.slice(0, 4), (b) => b.toString(16).padStart(2, "0")).join("");
}

// A response whose content is the one its name says, or an error: a cache or proxy on the way
// could hand over something else.
async function verified(response, hash) {
  if (!response.ok) throw new Error(response.url + ": HTTP " + response.status);
  const body = await response.clone().arrayBuffer();
  if ((await sha256Prefix(body)) !== hash) throw new Error(response.url + ": content is not " + hash);
  return response;
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    // Everything is fetched first and written only once complete: a failed install leaves
    // no partial version behind, and the running one stays in charge.
    const names = Object.keys(MANIFEST.files).filter((name) => !MANIFEST.on_demand.includes(name))
      .map((name) => MANIFEST.files[name]);
    const responses = await Promise.all(names.map(async (name) =>
      verified(await fetch(name, { cache: "reload" }), HASHED.exec(name)[1])));
    const page = await fetch("index.html", { cache: "reload" });
    const text = await page.clone().text();
    if (!page.ok || !text.includes('name="gpu-atlas-version" content="' + MANIFEST.version + '"'))
      throw new Error("index.html is not version " + MANIFEST.version);
    const cache = await caches.open(CACHE);
    await Promise.all(names.map((name, i) => cache.put(name, responses[i])));
    await cache.put("index.html", page);
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    // Cache names in creation order: keep this version and the one before it (open pages may
    // still ask for its files), delete the rest.
    const ours = (await caches.keys()).filter((k) => k.startsWith(PREFIX));
    const older = ours.filter((k) => k !== CACHE);
    await Promise.all(older.slice(0, Math.max(0, older.length - 1)).map((k) => caches.delete(k)));
    await self.clients.claim();
    for (const client of await self.clients.matchAll({ type: "window" }))
      client.postMessage({ type: "gpu-atlas-version", version: MANIFEST.version });
  })());
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== self.location.origin) return;
  if (req.mode === "navigate") {
    // The page: the network first, revalidating the HTTP cache, so a deploy shows on the next
    // load; this version's copy when offline. (A navigation Request cannot be re-made with
    // options, so the URL is fetched.)
    event.respondWith(fetch(req.url, { cache: "no-cache", credentials: "same-origin" })
      .then((res) => (res.redirected ? Response.redirect(res.url, 302) : res)).catch(async () =>
      (await caches.open(CACHE)).match("index.html").then((hit) => hit || Response.error())));
    return;
  }
  const hashed = HASHED.exec(url.pathname);
  if (hashed) {
    // A versioned file: any kept version's cache has it under its exact URL; otherwise the
    // network, accepted only if its content is the one its name says. A missing or wrong file is
    // a 404 to the page, whose guard (web/index.html) then reloads to the current version.
    event.respondWith(caches.match(req).then((hit) => hit || fetch(req, { cache: "reload" }).then((res) => (!res.ok ? res
      : verified(res, hashed[1]).catch(() => new Response("not this version", { status: 404, statusText: "Not this version" }))))));
    return;
  }
  // Anything else (the manifest): the network, the cache offline.
  event.respondWith(fetch(req).catch(() => caches.match(req).then((hit) => hit || Response.error())));
});
