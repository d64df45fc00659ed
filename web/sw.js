// GPU Atlas service worker: the site works offline after the first visit, and a deploy is
// taken as one unit — never new code with old words or old data.
//
// MANIFEST (written in at build time by scripts/write_manifest.py) lists every file the page
// loads with the hash of its content; the page requests each as NAME?v=HASH. Installing
// precaches that whole set into the cache "gpu-atlas-<version>", bypassing the HTTP cache
// (cache: 'reload') and checking each file's hash and index.html's version tag; only when every
// file is in does the new version activate. It then deletes older versions (keeping the one just
// replaced, for pages still open on it) and tells open pages "a new version is ready".
// index.html is fetched network-first (a deploy shows on the next load), from the cache offline.
"use strict";
const MANIFEST = __MANIFEST__;
const CACHE = "gpu-atlas-" + MANIFEST.version;
const PREFIX = "gpu-atlas-";

function assetUrl(name) { return name + "?v=" + MANIFEST.files[name]; }

async function sha256Prefix(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(digest.slice(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
}

// A response whose content is the version the request names (?v=HASH), or an error: a host
// half-way through a deploy can serve another version's file under the same name.
async function verified(response, hash) {
  if (!response.ok) throw new Error(response.url + ": HTTP " + response.status);
  const body = await response.clone().arrayBuffer();
  if ((await sha256Prefix(body)) !== hash) throw new Error(response.url + ": content is not version " + hash);
  return response;
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    // Everything is fetched first and written only once complete: a failed install leaves
    // no partial version behind, and the running one stays in charge.
    const names = Object.keys(MANIFEST.files);
    const responses = await Promise.all(names.map(async (name) =>
      verified(await fetch(assetUrl(name), { cache: "reload" }), MANIFEST.files[name])));
    const page = await fetch("index.html", { cache: "reload" });
    const text = await page.clone().text();
    if (!page.ok || !text.includes('name="gpu-atlas-version" content="' + MANIFEST.version + '"'))
      throw new Error("index.html is not version " + MANIFEST.version);
    const cache = await caches.open(CACHE);
    await Promise.all(names.map((name, i) => cache.put(assetUrl(name), responses[i])));
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
  const hash = url.searchParams.get("v");
  if (hash) {
    // A versioned file: any kept version's cache has it under its exact URL; otherwise the
    // network, accepted only if its content is that version.
    event.respondWith(caches.match(req).then((hit) => hit || fetch(req, { cache: "reload" })
      .then((res) => verified(res, hash))
      .catch(() => new Response("not this version", { status: 409, statusText: "Version mismatch" }))));
    return;
  }
  // Anything else (the data files opened by people, the manifest): the network, the cache offline.
  event.respondWith(fetch(req).catch(() => caches.match(req, { ignoreSearch: true }).then((hit) => hit || Response.error())));
});
