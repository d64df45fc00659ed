// Shared browser-test plumbing: a static server for build/web/dist on 127.0.0.1, Debian's
// chromium through playwright-core with WebGL via SwiftShader, and page helpers.
import { chromium } from "playwright-core";
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, "../..");
// ATLAS_DIST serves another build's dist folder (e.g. a size experiment) instead.
export const dist = process.env.ATLAS_DIST ? path.resolve(process.env.ATLAS_DIST) : path.join(root, "build/web/dist");
// The CLI the tests compare the page with: ATLAS_CLI (scripts/test.sh: the one its native tree,
// build/sanitize, builds), else the native build's (scripts/build.sh native).
export const cliPath = process.env.ATLAS_CLI ? path.resolve(process.env.ATLAS_CLI) : path.join(root, "build/native/gpu-atlas");
// The name a file of the built site is shipped under (gpu-atlas.wasm -> gpu-atlas.1a2b3c4d.wasm),
// from its manifest.json (scripts/write_manifest.py); index.html and sw.js keep theirs.
export function shipped(name, dir = dist) {
  const files = JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")).files;
  return files[name] || name;
}
// Whether `url` asks for the file `name` of any version (its hashed name), e.g. in page.route.
export function isAsset(url, name) {
  const u = typeof url === "string" ? new URL(url) : url;
  const dot = name.lastIndexOf(".");
  const quote = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp("/" + quote(name.slice(0, dot)) + "\\.[0-9a-f]{8}" + quote(name.slice(dot)) + "$").test(u.pathname);
}
// The build's files under their plain names (cmake/web.cmake), from which dist/ is made.
export const stage = path.join(root, "build/web/stage");
// Makes `site` from a copy of the build's files as the build makes dist/ (one version, hashed
// names, older versions' files removed) and returns its manifest: a test's own "deploy".
export function writeSite(stageDir, site) {
  execFileSync("python3", [path.join(root, "scripts/write_manifest.py"), stageDir, path.join(root, "web"), site,
                           path.join(root, "build/web/generated/prerender.html")]);
  return JSON.parse(readFileSync(path.join(site, "manifest.json"), "utf8"));
}
export const shotsDir = path.join(root, "build/screenshots");
mkdirSync(shotsDir, { recursive: true });

export const DESKTOP = { viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 };
// Phones: 390x844 CSS px, touch. PHONE_3X is the iPhone 12-15 class (devicePixelRatio 3): the checks
// whose result can hang on device pixels use it (text cut off or overlapping, tap targets, the
// backing store's sharpness, the wasm heap, whose font atlas holds glyphs 1.5x as large each way as at 2x).
// PHONE, at devicePixelRatio 2 (many Android phones), runs the flows: the same CSS layout, with
// 4/9 of the pixels for SwiftShader to draw on every frame. The flows then cover a second pixel
// ratio, and they cost ~30 % less CPU (phone_sheets.test.mjs: 54.5 -> 37.1 CPU s; bench/RESULTS.md).
export const PHONE_3X = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
export const PHONE = { ...PHONE_3X, deviceScaleFactor: 2 };

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => { const { port } = s.address(); s.close(() => resolve(port)); });
    s.on("error", reject);
  });
}

// Serves `dir` at http://127.0.0.1:PORT/<prefix>; python's http.server sends application/wasm.
export async function serve(dir = dist) {
  const port = await freePort();
  const proc = spawn("python3", ["-m", "http.server", String(port), "--bind", "127.0.0.1", "--directory", dir],
                     { stdio: "ignore" });
  for (let i = 0; i < 100; i++) {
    const ok = await new Promise((r) => { const c = net.connect(port, "127.0.0.1", () => { c.end(); r(true); }); c.on("error", () => r(false)); });
    if (ok) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url: `http://127.0.0.1:${port}/`, close: () => proc.kill() };
}

// Chromium 156 opens two WebUI pages of its own for every new window, i.e. for every fresh
// context a test makes: the omnibox popups (chrome://omnibox-popup.top-chrome/ and its AI-mode
// page), each in a renderer that parses their scripts: ~1.5 CPU s per page load here, more than
// a blank page costs. A headless test never shows them. Chromium honours only the last
// --disable-features switch, so this one repeats playwright-core's own list (its chromiumSwitches
// in lib/coreBundle.js, version 1.65.1 as package.json pins) and adds the two; with another
// playwright-core the list may differ, so the switch is left out and Playwright's stands.
const PLAYWRIGHT_PINNED = "1.65.1";
const PLAYWRIGHT_DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades", "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay", "MediaRouter", "PaintHolding", "ThirdPartyStoragePartitioning", "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin", "OptimizationHints", "NetworkTimeServiceQuerying", "AimEnabled", "PreconnectToSearch",
  "msForceBrowserSignIn", "msEdgeUpdateLaunchServicesPreferredVersion"];
function disabledFeaturesSwitch() {
  const installed = JSON.parse(readFileSync(path.join(here, "node_modules/playwright-core/package.json"), "utf8")).version;
  if (installed !== PLAYWRIGHT_PINNED) {
    console.warn(`harness: playwright-core ${installed}, not ${PLAYWRIGHT_PINNED}: the omnibox popups stay on (slower page loads)`);
    return [];
  }
  return ["--disable-features=" + [...PLAYWRIGHT_DISABLED_FEATURES, "WebUIOmniboxPopup", "WebUIOmniboxAimPopup"].join(",")];
}

// SwiftShader draws WebGL only (swiftshader-webgl); the compositor draws in software, without a
// GL context of its own: 2-9 % less CPU for the whole browser stage in the runs compared
// (bench/RESULTS.md, 2026-12-06 09:30 entry), every case passing, canvas colour reads and the
// hand-over's pixels included.
export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-quic", "--no-first-run", "--disable-background-networking",
           "--disable-component-update", "--disable-sync", "--use-gl=angle", "--use-angle=swiftshader-webgl",
           "--enable-unsafe-swiftshader", ...disabledFeaturesSwitch(),
           // Extra switches for an experiment (space-separated), e.g. ATLAS_CHROMIUM_ARGS=--disable-gpu-compositing.
           ...(process.env.ATLAS_CHROMIUM_ARGS || "").split(" ").filter(Boolean)],
  });
}

// Opens `url` in a fresh context; collects console errors and failed requests. With
// { captureText: true } the drawn-text hook is on from the start (see drawnText).
export async function open(browser, url, device, { captureText = false } = {}) {
  const context = await browser.newContext(device);
  if (captureText) await context.addInitScript(() => { window.__atlasCaptureText = true; });
  const page = await context.newPage();
  const problems = collectProblems(context, page, { failedRequests: true });
  await page.goto(url);
  return { context, page, problems };
}

// Opens `url` in a fresh context with the drawn-text test hook on (window.__atlasDrawnText,
// window.__atlasTargets; src/platform/web/drawn_text_hook.hpp); collects console errors.
export async function openCapturing(browser, url, device, locale) {
  const context = await browser.newContext(locale ? { ...device, locale } : device);
  await context.addInitScript(() => { window.__atlasCaptureText = true; });
  const page = await context.newPage();
  const problems = collectProblems(context, page, { failedRequests: false });
  await page.goto(url);
  return { context, page, problems };
}

// The page's console errors and page errors (and failed requests, if asked), and any tab the
// test did not mean to open: a tap that lands on a link button sends the test's page to the
// background, where frames come about once a second and every later step crawls (one case took
// 258 s of wall for 23 CPU s), so it is named as a problem and the case fails saying why.
function collectProblems(context, page, { failedRequests }) {
  const problems = [];
  page.on("console", (m) => { if (m.type() === "error") problems.push(`console: ${m.text()}`); });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  if (failedRequests) page.on("requestfailed", (r) => problems.push(`request failed: ${r.url()}`));
  context.on("page", (tab) => problems.push(`a tab opened: ${tab.url() || "(blank)"}; the test's page went to the background`));
  return problems;
}

// One finger from (x0, y0) to (x1, y1) in `moves` steps (CDP touch events, as a phone sends them).
export async function swipe(context, page, x0, y0, x1, y1, moves = 10) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: x0, y: y0 }] });
  await frames(page, 3);
  for (let i = 1; i <= moves; i++) {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: x0 + (x1 - x0) * i / moves, y: y0 + (y1 - y0) * i / moves }] });
    await frames(page, 1);
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await frames(page, 6);
}

// The text a fresh frame draws (src/platform/web/drawn_text_hook.hpp; open with captureText).
// The app sleeps when idle: wake it first. DUMP=1 prints it.
export async function drawnText(page) {
  await page.evaluate(() => window.__atlasWake && window.__atlasWake(1));
  await frames(page, 3);
  const text = await page.evaluate(() => window.__atlasDrawnText || "");
  if (process.env.DUMP) console.log(`---- drawn text\n${text}\n----`);
  return text;
}

// Opens `hash` as a new link in the same page (the app follows the address, as after a pasted
// link) and waits until the address matches `until` (the app may rewrite it): a test that needs
// several links spares a page load each (~5-8 CPU s of software WebGL).
export async function followLink(page, hash, until) {
  await page.evaluate((h) => { location.hash = h; }, hash);
  await page.waitForFunction((re) => new RegExp(re).test(location.hash), until.source, { timeout: 10000 });
}

export async function waitForMark(page, name = "gpu-atlas:first-frame", timeout = 30000) {
  await page.waitForFunction((n) => performance.getEntriesByName(n, "mark").length > 0, name, { timeout });
}

// Lets a few frames render (rAF-driven), so hover and layout settle before a screenshot.
export async function frames(page, n = 6) {
  await page.evaluate((count) => new Promise((resolve) => {
    let left = count;
    const tick = () => (--left <= 0 ? resolve() : requestAnimationFrame(tick));
    requestAnimationFrame(tick);
  }), n);
}

// Number of distinct colours in a sample of the canvas screenshot: a blank canvas has 1-2.
export async function distinctColours(page) {
  // Sampled inside a rAF callback queued after the app's own, so the WebGL drawing buffer
  // still holds this frame (it is cleared after compositing without preserveDrawingBuffer).
  // The app pauses its frame loop when idle: wake it so this rAF follows a fresh frame, drawn
  // even if unchanged (5 = input | redraw: the app does not draw a frame again otherwise).
  return page.evaluate(() => new Promise((resolve) => (window.__atlasWake && window.__atlasWake(5), requestAnimationFrame(() => {
    const src = document.getElementById("canvas");
    const c = document.createElement("canvas");
    c.width = 200; c.height = 120;
    const ctx = c.getContext("2d");
    ctx.drawImage(src, 0, 0, c.width, c.height);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    const set = new Set();
    for (let i = 0; i < d.length; i += 4) set.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
    resolve(set.size);
  }))));
}

// The centre of the canvas pixels of exactly colour `rgb`, in CSS pixels, or null when fewer than
// 50 are drawn (a button or chip of its own colour; see fit.test.mjs, accuracy.test.mjs).
export async function findColour(page, rgb) {
  // The app pauses its frame loop when idle: wake it so this rAF follows a fresh frame whose
  // WebGL buffer still holds the drawing (see distinctColours).
  return page.evaluate((rgb) => new Promise((resolve) => (window.__atlasWake && window.__atlasWake(5), requestAnimationFrame(() => {
    const src = document.getElementById("canvas");
    const c = document.createElement("canvas");
    c.width = src.width; c.height = src.height;
    const ctx = c.getContext("2d");
    ctx.drawImage(src, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    let x0 = Infinity, y0 = Infinity, x1 = -1, y1 = -1, n = 0;
    for (let y = 0; y < c.height; y++)
      for (let x = 0; x < c.width; x++) {
        const i = (y * c.width + x) * 4;
        if (d[i] === rgb[0] && d[i + 1] === rgb[1] && d[i + 2] === rgb[2]) {
          n++;
          x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
        }
      }
    const r = src.getBoundingClientRect();
    const scale = src.width / r.width;
    resolve(n < 50 ? null : { x: r.left + (x0 + x1) / 2 / scale, y: r.top + (y0 + y1) / 2 / scale, pixels: n });
  }))), rgb);
}

// Screenshots for people to look at (build/screenshots/NAME.png); no test reads them back. Each
// costs 0.15-0.4 CPU s (a phone's is 1170 x 2532 px, encoded as PNG), ~270 a full run: the full run
// (scripts/test.sh, CI) sets ATLAS_SHOTS=0 unless told otherwise, and skips them.
const SHOTS = process.env.ATLAS_SHOTS !== "0";
export async function shot(page, name) {
  if (!SHOTS) return null;
  const file = path.join(shotsDir, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

// Tiny test runner: named async cases, a summary, a non-zero exit on failure. ONLY=text runs
// just the cases whose name contains `text` (to rerun one slow case); SKIP=text|text all the others,
// so scripts/test.sh can run one slow case beside the rest of its file (ONLY that matches no
// case is a failure: a renamed case is never skipped silently).
export async function run(cases) {
  const all = cases.length;
  if (process.env.ONLY) cases = cases.filter(([name]) => name.includes(process.env.ONLY));
  if (process.env.SKIP) {
    const skip = process.env.SKIP.split("|");
    cases = cases.filter(([name]) => !skip.some((text) => name.includes(text)));
  }
  if (process.env.ONLY && cases.length === 0) {
    console.log(`FAIL no case of ${all} matches ONLY=${process.env.ONLY}`);
    process.exitCode = 1;
    return;
  }
  let failed = 0;
  for (const [name, fn] of cases) {
    const t0 = Date.now();
    try {
      await fn();
      console.log(`ok   ${name} (${Date.now() - t0} ms)`);
    } catch (e) {
      failed++;
      console.log(`FAIL ${name}: ${e && e.stack ? e.stack : e}`);
    }
  }
  console.log(`${cases.length - failed} passed, ${failed} failed`);
  // No process.exit here: the file's .finally closes its browser (Chromium's processes end and
  // are waited for) and its server. If something still holds the event loop, exit anyway.
  process.exitCode = failed ? 1 : 0;
  setTimeout(() => process.exit(failed ? 1 : 0), 20000).unref();
}

export function assert(cond, message) {
  if (!cond) throw new Error(message);
}

// A page opened through openCapturing with `lang` ("en" or "zh") as the browser's language, once
// the app's first frame (and, with `deferred`, every view's code) is there and the page says that
// language.
export async function openInLanguage(browser, url, device, lang, { deferred = false } = {}) {
  const { context, page, problems } = await openCapturing(browser, url, device, lang === "zh" ? "zh-CN" : "en-US");
  await waitForMark(page);
  if (deferred) await waitForMark(page, "gpu-atlas:deferred-ready");
  await page.waitForFunction((l) => document.documentElement.lang === l, lang === "zh" ? "zh-CN" : "en", { timeout: 20000 });
  await frames(page, 10);
  return { context, page, problems };
}

// A fresh frame's drawn text, test targets and wrapped texts (src/platform/web/drawn_text_hook.hpp;
// the page was opened capturing). DUMP=1 prints them under `label`.
export async function captureFrame(page, label) {
  await page.evaluate(() => window.__atlasWake && window.__atlasWake(1));
  await frames(page, 4);
  const got = await page.evaluate(() => ({ text: window.__atlasDrawnText || "", targets: window.__atlasTargets || {},
                                           wrapped: (window.__atlasWrappedLines || "").split("\x1e").filter((w) => w) }));
  if (process.env.DUMP) console.log(`---- ${label}\n${got.text}\n-- wrapped:\n${got.wrapped.join("\n--\n")}\n----`);
  return got;
}

// The rectangles [x, y, w, h] (CSS px) of test target `id` and its repeats ("id#2", ...).
export const targetBoxes = (targets, id) => Object.entries(targets).filter(([k]) => k === id || k.startsWith(id + "#")).map(([, b]) => b);

// On a phone, down the page until a target `id` is on screen clear of the header and the tab bar;
// returns the lowest one (a table that scrolls itself keeps the targets of rows scrolled out
// above its top: clipped, not tappable), or null. A swipe that starts on such a table moves the
// table, not the page: when a swipe moved nothing, the next one starts higher up the screen.
export async function reachTarget(context, page, id, label, steps = 16) {
  let last = "", startY = 640;
  for (let step = 0; step < steps; step++) {
    const got = await captureFrame(page, `${label} ${step}`);
    const found = targetBoxes(got.targets, id).filter(([, y, , h]) => y > 80 && y + h < 600).sort((a, b) => b[1] - a[1])[0];
    if (found) return found;
    if (got.text === last) startY = startY === 640 ? 420 : 640;
    last = got.text;
    await swipe(context, page, 20, startY, 20, startY - 320, 8);
  }
  return null;
}
