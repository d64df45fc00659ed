// Atomic, versioned updates: deploy v1, visit, deploy v2 (changed code, words and data); the
// open page is told "a new version is ready"; a reload runs v2 only; offline, v2 still runs;
// no response ever belongs to the other version.
import { DESKTOP, assert, dist, distinctColours, frames, launch, root, run, serve, shot, waitForMark } from "./harness.mjs";
import { execFileSync } from "node:child_process";
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const site = mkdtempSync(path.join(os.tmpdir(), "atlas-update-"));
cpSync(dist, site, { recursive: true });

// A "deploy": change files in the site, then version it as the build does.
function deploy(tag) {
  appendFileSync(path.join(site, "gpu-atlas.js"), `\n;window["gpuAtlasTestBuild"]="${tag}";\n`);
  const words = JSON.parse(readFileSync(path.join(site, "text/en.json"), "utf8"));
  // A changed word: the last plain (no printf conversion) UI string gets the tag.
  const i = words.ui.map((w) => !w.includes("%")).lastIndexOf(true);
  words.ui[i] = words.ui[i].replace(/ \(v\d\)$/, "") + ` (${tag})`;
  writeFileSync(path.join(site, "text/en.json"), JSON.stringify(words));
  const models = JSON.parse(readFileSync(path.join(site, "data/models.json"), "utf8"));
  models.models[0].name = models.models[0].name.replace(/ \(v\d\)$/, "") + ` (${tag})`;
  writeFileSync(path.join(site, "data/models.json"), JSON.stringify(models, null, 1));
  execFileSync("python3", [path.join(root, "scripts/write_manifest.py"), site, path.join(root, "web")]);
  return JSON.parse(readFileSync(path.join(site, "manifest.json"), "utf8"));
}

// Every versioned file this page loaded, re-read through the page (so through its service
// worker): its ?v= and its content must both be `manifest`'s.
async function loadedVersions(page) {
  return page.evaluate(async () => {
    const hex = (buf) => Array.from(new Uint8Array(buf).slice(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
    const out = [];
    for (const e of performance.getEntriesByType("resource")) {
      const u = new URL(e.name);
      const v = u.searchParams.get("v");
      if (!v || u.origin !== location.origin) continue;
      const body = await (await fetch(e.name)).arrayBuffer();
      out.push({ path: u.pathname.slice(u.pathname.lastIndexOf("/", u.pathname.length) + 1), url: e.name, v,
                 content: hex(await crypto.subtle.digest("SHA-256", body)) });
    }
    return out;
  });
}

function assertAll(loaded, manifest, what) {
  const byUrl = new Map(Object.entries(manifest.files).map(([name, hash]) => [name + "?v=" + hash, hash]));
  assert(loaded.length >= 5, `${what}: only ${loaded.length} versioned files loaded`);
  for (const f of loaded) {
    const name = new URL(f.url).pathname.replace(/^\//, "");
    assert(byUrl.get(name + "?v=" + f.v) === f.v, `${what}: ${f.url} is not in version ${manifest.version}`);
    assert(f.content === f.v, `${what}: ${f.url} holds content ${f.content}, not ${f.v}`);
  }
}

async function installed(page, version) {
  await page.waitForFunction(async (v) => (await caches.keys()).includes("gpu-atlas-" + v) &&
    !!navigator.serviceWorker.controller, version, { timeout: 30000 });
}

const v1 = deploy("v1");
const server = await serve(site);
const browser = await launch();

await run([
  ["v1 -> v2: banner, then a reload runs v2 only, and v2 works offline", async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    const problems = [];
    page.on("pageerror", (e) => problems.push(e.message));
    await page.goto(server.url);
    await waitForMark(page);
    await waitForMark(page, "gpu-atlas:deferred-ready");
    await installed(page, v1.version);
    assert(await page.evaluate(() => window.gpuAtlasVersion) !== "", "page has no version tag");
    assert(await page.evaluate(() => window.gpuAtlasTestBuild) === "v1", "v1 code not running");
    assertAll(await loadedVersions(page), v1, "v1 visit");

    const v2 = deploy("v2");
    assert(v2.version !== v1.version, "deploy did not change the version");
    // The open v1 page learns of the complete new version.
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
    await installed(page, v2.version);
    await page.waitForFunction(() => window.gpuAtlasUpdateReady === true, null, { timeout: 30000 });
    await frames(page, 4);
    await shot(page, "update-ready-banner");

    await page.reload();
    await waitForMark(page);
    await waitForMark(page, "gpu-atlas:deferred-ready");
    assert(await page.evaluate(() => window.gpuAtlasVersion) === v2.version, "reload did not open v2");
    assert(await page.evaluate(() => window.gpuAtlasTestBuild) === "v2", "v2 code not running");
    assert(await page.evaluate(() => !window.gpuAtlasUpdateReady), "banner shown on the new version");
    const online = await loadedVersions(page);
    assertAll(online, v2, "v2 reload");
    for (const f of ["data/models.json", "text/en.json", "gpu-atlas.js", "gpu-atlas.wasm", "gpu-atlas.deferred.wasm"])
      assert(online.some((x) => new URL(x.url).pathname.endsWith("/" + f)), `v2 reload did not load ${f}`);
    const oldCaches = await page.evaluate(async (v) => (await caches.keys()).filter((k) => k.startsWith("gpu-atlas-") && k !== "gpu-atlas-" + v), v2.version);
    assert(oldCaches.length <= 1, `old versions kept: ${oldCaches}`);

    await context.setOffline(true);
    await page.reload();
    await waitForMark(page);
    await waitForMark(page, "gpu-atlas:deferred-ready");
    await frames(page, 5);
    assert(await page.evaluate(() => window.gpuAtlasVersion) === v2.version, "offline page is not v2");
    assert(await page.evaluate(() => window.gpuAtlasTestBuild) === "v2", "offline code is not v2");
    assertAll(await loadedVersions(page), v2, "v2 offline");
    assert((await distinctColours(page)) > 20, "blank offline");
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
  }],
  ["a half-deployed site (a file of another version) is never installed", async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await page.goto(server.url);
    await waitForMark(page);
    const current = JSON.parse(readFileSync(path.join(site, "manifest.json"), "utf8"));
    await installed(page, current.version);
    // The manifest and sw.js of a v3 arrive before its wasm: the install must fail as a whole.
    const v3 = deploy("v3");
    const wasm = path.join(site, "gpu-atlas.deferred.wasm");
    const good = readFileSync(wasm);
    writeFileSync(wasm, Buffer.concat([good, Buffer.from([0])]));  // not the listed content
    await page.evaluate(async () => { try { await (await navigator.serviceWorker.getRegistration()).update(); } catch (e) {} });
    await page.waitForTimeout(3000);
    const keys = await page.evaluate(() => caches.keys());
    assert(!keys.includes("gpu-atlas-" + v3.version), "a version with a wrong file was installed");
    assert(keys.includes("gpu-atlas-" + current.version), "the working version was dropped");
    writeFileSync(wasm, good);
    await context.close();
  }],
]).finally(async () => { await browser.close(); server.close(); rmSync(site, { recursive: true, force: true }); });
