// Atomic, versioned updates: deploy v1, visit, deploy v2 (changed code, words and data); the
// open page is told "a new version is ready"; a reload runs v2 only; offline, v2 still runs;
// no response ever belongs to the other version. And a first visit during a deploy never runs
// mixed code: an old index.html (a CDN's copy) against the new site's files reloads once to the
// new version; a new index.html whose files are not there yet says so instead of running.
import { DESKTOP, assert, distinctColours, frames, launch, run, serve, shot, stage, waitForMark, writeSite } from "./harness.mjs";
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const work = mkdtempSync(path.join(os.tmpdir(), "atlas-update-"));
const source = path.join(work, "stage");  // the build's files, changed by each "deploy"
const site = path.join(work, "site");     // what the server serves
cpSync(stage, source, { recursive: true });
const gluePath = path.join(source, "gpu-atlas.js");
const glue = readFileSync(gluePath, "utf8");

// A "deploy": change code, words and data, then make the site as the build does (older
// versions' files are removed, as an atomic deploy to a static host does).
function deploy(tag) {
  // The code says which build it is, once it runs: a page that ran mixed code would show it.
  writeFileSync(gluePath, glue);
  appendFileSync(gluePath, `\n;window["gpuAtlasTestBuild"]="${tag}";console.log("gpu-atlas test build ${tag}");\n`);
  const words = JSON.parse(readFileSync(path.join(source, "text/en.json"), "utf8"));
  // A changed word: the last plain (no printf conversion) UI string gets the tag.
  const i = words.ui.map((w) => !w.includes("%")).lastIndexOf(true);
  words.ui[i] = words.ui[i].replace(/ \(v\d\)$/, "") + ` (${tag})`;
  writeFileSync(path.join(source, "text/en.json"), JSON.stringify(words));
  const models = JSON.parse(readFileSync(path.join(source, "data/models.json"), "utf8"));
  models.models[0].name = models.models[0].name.replace(/ \(v\d\)$/, "") + ` (${tag})`;
  writeFileSync(path.join(source, "data/models.json"), JSON.stringify(models, null, 1));
  const manifest = writeSite(source, site);
  manifest.index = readFileSync(path.join(site, "index.html"), "utf8");
  return manifest;
}

// Every hashed file this page loaded, re-read through the page (so through its service worker):
// its name must be one of `manifest`'s and its content the one its name says.
async function loadedFiles(page) {
  return page.evaluate(async () => {
    const hex = (buf) => Array.from(new Uint8Array(buf).slice(0, 4), (b) => b.toString(16).padStart(2, "0")).join("");
    const out = [];
    for (const e of performance.getEntriesByType("resource")) {
      const u = new URL(e.name);
      const m = /\.([0-9a-f]{8})\.[a-z0-9]+$/.exec(u.pathname);
      if (!m || u.origin !== location.origin) continue;
      const body = await (await fetch(e.name)).arrayBuffer();
      out.push({ name: u.pathname.slice(1), hash: m[1], content: hex(await crypto.subtle.digest("SHA-256", body)) });
    }
    return out;
  });
}

function assertAll(loaded, manifest, what) {
  const names = new Set(Object.values(manifest.files));
  assert(loaded.length >= 5, `${what}: only ${loaded.length} hashed files loaded`);
  for (const f of loaded) {
    assert(names.has(f.name), `${what}: ${f.name} is not in version ${manifest.version}`);
    assert(f.content === f.hash, `${what}: ${f.name} holds content ${f.content}`);
  }
}

// Polled from here: page.waitForFunction takes an async predicate's promise as a truthy answer
// and returned at once, so this never waited (the cases below passed only while the service
// worker happened to be registered early enough).
async function installed(page, version) {
  const deadline = Date.now() + 30000;
  while (!(await page.evaluate(async (v) => (await caches.keys()).includes("gpu-atlas-" + v) &&
    !!navigator.serviceWorker.controller, version))) {
    if (Date.now() > deadline) throw new Error(`version ${version} not installed within 30 s`);
    await page.waitForTimeout(200);
  }
}

// A first visit (no service worker) whose index.html is answered by `index(n)` for the n-th
// load of the page; records which builds' code ran and how often the page loaded.
async function firstVisit(browser, server, index, setup = async () => {}) {
  const context = await browser.newContext({ ...DESKTOP, serviceWorkers: "block" });
  const page = await context.newPage();
  const ran = [], problems = [];
  let loads = 0;
  page.on("console", (m) => { const b = /^gpu-atlas test build (v\d|altered)$/.exec(m.text()); if (b) ran.push(b[1]); });
  page.on("pageerror", (e) => problems.push(e.message));
  await page.route((u) => u.pathname === "/" || u.pathname === "/index.html", async (route) => {
    // Loads count navigations; the guard's own fetch of index.html sees what the next load would.
    const body = route.request().isNavigationRequest() ? index(++loads) : index(loads + 1);
    if (body === null) await route.continue();
    else await route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body });
  });
  await setup(page);
  await page.goto(server.url);
  return { context, page, ran, problems, loads: () => loads };
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
    assert(await page.evaluate(() => window.gpuAtlasVersion) === v1.version, "page is not v1");
    assert(await page.evaluate(() => window.gpuAtlasTestBuild) === "v1", "v1 code not running");
    assertAll(await loadedFiles(page), v1, "v1 visit");

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
    const online = await loadedFiles(page);
    assertAll(online, v2, "v2 reload");
    for (const f of ["data/models.json", "text/en.json", "gpu-atlas.js", "gpu-atlas.wasm", "gpu-atlas.deferred.wasm"])
      assert(online.some((x) => x.name === v2.files[f]), `v2 reload did not load ${f}`);
    const oldCaches = await page.evaluate(async (v) => (await caches.keys()).filter((k) => k.startsWith("gpu-atlas-") && k !== "gpu-atlas-" + v), v2.version);
    assert(oldCaches.length <= 1, `old versions kept: ${oldCaches}`);

    await context.setOffline(true);
    await page.reload();
    await waitForMark(page);
    await waitForMark(page, "gpu-atlas:deferred-ready");
    await frames(page, 5);
    assert(await page.evaluate(() => window.gpuAtlasVersion) === v2.version, "offline page is not v2");
    assert(await page.evaluate(() => window.gpuAtlasTestBuild) === "v2", "offline code is not v2");
    assertAll(await loadedFiles(page), v2, "v2 offline");
    assert((await distinctColours(page)) > 20, "blank offline");
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
  }],
  ["a half-deployed site (a file that is not its name's content) is never installed", async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await page.goto(server.url);
    await waitForMark(page);
    const current = JSON.parse(readFileSync(path.join(site, "manifest.json"), "utf8"));
    await installed(page, current.version);
    // The manifest and sw.js of a v3 arrive before its deferred wasm: the install must fail as a whole.
    const v3 = deploy("v3");
    const wasm = path.join(site, v3.files["gpu-atlas.deferred.wasm"]);
    const good = readFileSync(wasm);
    writeFileSync(wasm, Buffer.concat([good, Buffer.from([0])]));  // not the content its name says
    await page.evaluate(async () => { try { await (await navigator.serviceWorker.getRegistration()).update(); } catch (e) {} });
    await page.waitForTimeout(3000);
    const keys = await page.evaluate(() => caches.keys());
    assert(!keys.includes("gpu-atlas-" + v3.version), "a version with a wrong file was installed");
    assert(keys.includes("gpu-atlas-" + current.version), "the working version was dropped");
    writeFileSync(wasm, good);
    await context.close();
  }],
  ["first visit, old index.html (a CDN's copy) against the new site: one reload, then only the new version runs", async () => {
    const old = deploy("v4");
    const between = deploy("v8");
    const current = deploy("v5");  // v4's files are gone from the site (a deploy keeps only v8's, the one before)
    const { context, page, ran, problems, loads } = await firstVisit(browser, server, (n) => (n === 1 ? old.index : null));
    await waitForMark(page);
    await waitForMark(page, "gpu-atlas:deferred-ready");
    await frames(page, 4);
    assert(loads() === 2, `the page loaded ${loads()} times, not twice`);
    assert(await page.evaluate(() => window.gpuAtlasVersion) === current.version, "the page did not end on the new version");
    assert(JSON.stringify(ran) === '["v5"]', `code that ran: ${JSON.stringify(ran)}`);
    assertAll(await loadedFiles(page), current, "after the reload");
    assert((await distinctColours(page)) > 20, "blank after the reload");
    await shot(page, "update-old-index-reloaded");
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
    // A page one version back (a CDN's copy, or a tab opened before the deploy) still finds its
    // files: the deploy kept them, so it runs its own version whole, with no reload.
    const back = await firstVisit(browser, server, (n) => (n === 1 ? between.index : null));
    await waitForMark(back.page);
    await waitForMark(back.page, "gpu-atlas:deferred-ready");
    assert(back.loads() === 1, `the page one version back loaded ${back.loads()} times`);
    assert(JSON.stringify(back.ran) === '["v8"]', `code that ran one version back: ${JSON.stringify(back.ran)}`);
    assertAll(await loadedFiles(back.page), between, "one version back");
    assert(back.problems.length === 0, back.problems.join("\n"));
    await back.context.close();
  }],
  ["first visit, new index.html before its files: one reload, then 'updated, reload in a minute'; never old code", async () => {
    const old = deploy("v6");
    const next = deploy("v7");
    deploy("v9");
    deploy("v6");  // the site holds v6's (and v9's) files again, and the host already answers with v7's index.html
    const { context, page, ran, problems, loads } = await firstVisit(browser, server, () => next.index);
    await page.waitForFunction(() => getComputedStyle(document.getElementById("fatal")).display === "flex" &&
      window.gpuAtlasStaleFile, null, { timeout: 20000 });
    await page.waitForTimeout(1500);  // no further reload, no app start
    assert(loads() === 2, `the page loaded ${loads()} times, not twice`);
    const text = await page.evaluate(() => document.getElementById("fatal").innerText);
    assert(/updated/.test(text) && /reload in a minute/.test(text), `message: ${text}`);
    assert(ran.length === 0, `code that ran: ${JSON.stringify(ran)}`);
    assert(await page.evaluate(() => performance.getEntriesByName("gpu-atlas:first-frame").length) === 0, "the app started");
    await shot(page, "update-new-index-waiting");
    // The deploy completes; a reload a minute later opens the new version.
    const done = deploy("v7");
    assert(done.version === next.version, "v7 rebuilt differently");
    await page.reload();
    await waitForMark(page);
    assert(await page.evaluate(() => window.gpuAtlasVersion) === next.version, "the page did not end on v7");
    assert(JSON.stringify(ran) === '["v7"]', `code that ran: ${JSON.stringify(ran)}`);
    assert(problems.length === 0, problems.join("\n"));
    assert(old.version !== next.version, "versions");
    await context.close();
  }],
  ["a script that fails its integrity check (a proxy's altered copy) does not run: one reload, then the real one", async () => {
    const current = JSON.parse(readFileSync(path.join(site, "manifest.json"), "utf8"));
    let altered = 0;
    const { context, page, ran, problems, loads } = await firstVisit(browser, server, () => null, async (p) => {
      await p.route((u) => u.pathname === "/" + current.files["gpu-atlas.js"], async (route) => {
        if (altered++) return route.continue();
        const res = await route.fetch();
        await route.fulfill({ response: res, body: (await res.text()) + "\nconsole.log('gpu-atlas test build altered');\n" });
      });
    });
    await waitForMark(page);
    assert(altered === 2 && loads() === 2, `glue fetched ${altered} times, page loaded ${loads()} times`);
    assert(JSON.stringify(ran) === '["v7"]', `code that ran: ${JSON.stringify(ran)}`);
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
  }],
  ["a file that does not arrive while index.html cannot be fetched either (offline, a dropped connection): no reload, a clear message", async () => {
    const current = JSON.parse(readFileSync(path.join(site, "manifest.json"), "utf8"));
    const { context, page, ran, loads } = await firstVisit(browser, server, () => null, async (p) => {
      await p.route((u) => u.pathname === "/" + current.files["gpu-atlas.js"], (route) => route.abort("internetdisconnected"));
      await p.route((u) => u.pathname === "/" || u.pathname === "/index.html", (route) =>
        route.request().isNavigationRequest() ? route.fallback() : route.abort("internetdisconnected"));
    });
    await page.waitForFunction(() => getComputedStyle(document.getElementById("fatal")).display === "flex", null, { timeout: 20000 });
    await page.waitForTimeout(1500);
    const text = await page.evaluate(() => document.getElementById("fatal").innerText);
    assert(loads() === 1, `the page loaded ${loads()} times: a dropped connection must not reload it`);
    assert(/connection/.test(text) && !/updated/.test(text), `message: ${text}`);
    assert(ran.length === 0, `code that ran: ${JSON.stringify(ran)}`);
    await context.close();
  }],
]).finally(async () => { await browser.close(); server.close(); rmSync(work, { recursive: true, force: true }); });
