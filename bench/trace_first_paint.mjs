// Where the time before the first contentful paint goes, per thread: loads each page in a fresh
// context of one headless Chromium (the switches measure_page.js uses), traces navigation ->
// first contentful paint, and prints per page the medians of thread CPU (`tdur` of top-level
// tasks) for the renderer's main thread, compositor, raster workers, the GPU process and viz, the
// main thread's work by kind, and the wall-clock times of the milestones. Pages are loaded in
// turn (A, B, C, A, B, C ...), so load on a shared machine falls on all of them alike.
// usage: node bench/trace_first_paint.mjs [--runs N] [--verbose] NAME=URL [NAME=URL ...]
import { createRequire } from "node:module";

const { chromium } = createRequire(import.meta.url)("../tests/browser/node_modules/playwright-core");

const argv = process.argv.slice(2);
let runs = 5, verbose = false;
const pages = [];
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === "--runs") runs = Number(argv[++i]);
  else if (argv[i] === "--verbose") verbose = true;
  else { const k = argv[i].indexOf("="); pages.push([argv[i].slice(0, k), argv[i].slice(k + 1)]); }
}
if (!pages.length) { console.error("usage: node bench/trace_first_paint.mjs [--runs N] NAME=URL ..."); process.exit(2); }

// Fewer categories disturb the timing less; CATEGORIES=a,b,... for more (e.g. blink,cc,gpu,viz).
const categories = (process.env.CATEGORIES || "devtools.timeline,toplevel,loading,blink.user_timing,fonts,cc").split(",");
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium", headless: true,
  args: ["--no-sandbox", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--enable-unsafe-swiftshader", "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1"],
});

// Main-thread work by kind (devtools.timeline names; nested kinds are each counted).
const KINDS = ["ParseHTML", "ParseAuthorStyleSheet", "EvaluateScript", "UpdateLayoutTree", "Layout", "PrePaint", "Paint", "Layerize",
               "Commit", "HitTest", "RunMicrotasks", "FunctionCall"];

function analyse(events, url) {
  const procName = new Map(), threadName = new Map();
  for (const e of events) {
    if (e.ph !== "M") continue;
    if (e.name === "process_name") procName.set(e.pid, e.args.name);
    if (e.name === "thread_name") threadName.set(`${e.pid}:${e.tid}`, e.args.name);
  }
  const nav = events.filter((e) => e.name === "navigationStart" && e.args?.data?.documentLoaderURL?.startsWith(url));
  const fcp = events.filter((e) => e.name === "firstContentfulPaint");
  if (!nav.length || !fcp.length) return null;
  const t0 = nav[nav.length - 1].ts, rendererPid = nav[nav.length - 1].pid;
  const t1 = fcp.filter((e) => e.ts > t0).map((e) => e.ts).sort((a, b) => a - b)[0];
  if (t1 === undefined) return null;
  const inWindow = (e) => e.ts >= t0 && e.ts < t1;
  const label = (e) => {
    const p = procName.get(e.pid) || "?", t = threadName.get(`${e.pid}:${e.tid}`) || String(e.tid);
    const proc = e.pid === rendererPid ? "renderer" : p === "Renderer" ? "other renderer" : p;
    return `${proc} ${t.replace(/\d+$/, "")}`;
  };
  const cpu = new Map(), wall = new Map();
  for (const e of events) {
    if (e.ph !== "X" || !inWindow(e) || !/toplevel/.test(e.cat) || e.tdur === undefined) continue;
    const k = label(e);
    cpu.set(k, (cpu.get(k) || 0) + e.tdur / 1000);
    wall.set(k, (wall.get(k) || 0) + Math.min(e.dur, t1 - e.ts) / 1000);
  }
  // Per thread, the named events under the top-level tasks that took the most CPU.
  const byThread = new Map();
  for (const e of events) {
    if (e.ph !== "X" || !inWindow(e) || /toplevel/.test(e.cat) || e.tdur === undefined) continue;
    const k = label(e), m = byThread.get(k) || new Map();
    m.set(e.name, (m.get(e.name) || 0) + e.tdur / 1000);
    byThread.set(k, m);
  }
  const main = events.filter((e) => e.pid === rendererPid && threadName.get(`${e.pid}:${e.tid}`) === "CrRendererMain" && e.ph === "X" && inWindow(e));
  const kinds = {};
  for (const k of KINDS) kinds[k] = main.filter((e) => e.name === k).reduce((s, e) => s + (e.tdur || 0) / 1000, 0);
  // Font look-ups on the main thread (blocking IPCs to the browser process): count and wall time.
  const fonts = main.filter((e) => /font/i.test(e.cat) || /Font/.test(e.name));
  const at = (name, first = true) => {
    const xs = main.filter((e) => e.name === name).map((e) => (e.ts + (first ? 0 : e.dur)) - t0);
    return xs.length ? (first ? Math.min(...xs) : Math.max(...xs)) / 1000 : null;
  };
  const raster = events.filter((e) => e.ph === "X" && inWindow(e) && e.name === "RasterTask");
  const milestones = {
    response: (() => { const r = events.find((e) => e.name === "ResourceReceiveResponse" && e.args?.data?.url?.startsWith(url) && e.ts > t0); return r ? (r.ts - t0) / 1000 : null; })(),
    parse_first: at("ParseHTML"), parse_last_end: at("ParseHTML", false), layout_first: at("Layout"), paint_last_end: at("Paint", false),
    raster_first: raster.length ? (Math.min(...raster.map((e) => e.ts)) - t0) / 1000 : null,
    raster_last_end: raster.length ? (Math.max(...raster.map((e) => e.ts + e.dur)) - t0) / 1000 : null,
    fcp: (t1 - t0) / 1000,
  };
  const longest = verbose ? main.filter((e) => /toplevel/.test(e.cat)).sort((a, b) => b.dur - a.dur).slice(0, 8)
    .map((e) => ({ at: +((e.ts - t0) / 1000).toFixed(1), dur: +(e.dur / 1000).toFixed(1), cpu: +((e.tdur || 0) / 1000).toFixed(1),
                   inner: main.filter((x) => x.ts >= e.ts && x.ts + x.dur <= e.ts + e.dur && x !== e && x.dur > 1000)
                     .map((x) => `${x.name} ${(x.dur / 1000).toFixed(1)}/${((x.tdur || 0) / 1000).toFixed(1)}`).slice(0, 10) })) : undefined;
  return { byThread, cpu: Object.fromEntries(cpu), wall: Object.fromEntries(wall), kinds, fonts: { n: fonts.length, wall: fonts.reduce((s, e) => s + (e.dur || 0) / 1000, 0) },
           rasterTasks: raster.length, milestones, longest };
}

async function one(url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1, serviceWorkers: "block" });
  const page = await context.newPage();
  await browser.startTracing(page, { categories });
  await page.goto(url, { waitUntil: "load" });
  await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0, null, { timeout: 30000 });
  const fcpPage = await page.evaluate(() => performance.getEntriesByName("first-contentful-paint")[0].startTime);
  await page.waitForTimeout(100);
  const buf = await browser.stopTracing();
  await context.close();
  const json = JSON.parse(buf.toString("utf8"));
  const r = analyse(json.traceEvents || json, url);
  if (r) r.fcpPage = fcpPage;
  return r;
}

const median = (a) => { const s = a.filter((x) => typeof x === "number").sort((x, y) => x - y); return s.length ? s[Math.floor(s.length / 2)] : null; };
const results = pages.map(() => []);
for (let i = 0; i < pages.length; i++) await one(pages[i][1]);  // warm-up (browser process caches)
for (let r = 0; r < runs; r++)
  for (let i = 0; i < pages.length; i++) { const x = await one(pages[i][1]); if (x) results[i].push(x); }
await browser.close();

const fmt = (x) => (x === null || x === undefined ? "-" : x.toFixed(1));
for (let i = 0; i < pages.length; i++) {
  const rs = results[i];
  console.log(`\n== ${pages[i][0]} (${rs.length} loads) FCP page ${fmt(median(rs.map((x) => x.fcpPage)))} ms; all: ${rs.map((x) => x.fcpPage.toFixed(0)).join(" ")}`);
  const threads = [...new Set(rs.flatMap((x) => Object.keys(x.cpu)))].filter((k) => !/other renderer|Browser/.test(k) || /CrBrowserMain|IO/.test(k));
  const rows = threads.map((k) => [k, median(rs.map((x) => x.cpu[k] || 0)), median(rs.map((x) => x.wall[k] || 0))]).filter(([, c]) => c >= 0.3)
    .sort((a, b) => b[1] - a[1]);
  for (const [k, c, w] of rows) {
    const names = new Map();
    for (const x of rs) for (const [n, v] of x.byThread.get(k) || []) names.set(n, (names.get(n) || 0) + v / rs.length);
    const top = [...names].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([n, v]) => `${n} ${v.toFixed(1)}`).join(", ");
    console.log(`  ${k.padEnd(46)} cpu ${fmt(c).padStart(6)}  busy ${fmt(w).padStart(6)} ms  (${top})`);
  }
  console.log("  main thread by kind (cpu ms): " + KINDS.map((k) => `${k} ${fmt(median(rs.map((x) => x.kinds[k])))}`).join(", "));
  console.log(`  font events on main: ${fmt(median(rs.map((x) => x.fonts.n)))}, wall ${fmt(median(rs.map((x) => x.fonts.wall)))} ms; raster tasks ${median(rs.map((x) => x.rasterTasks))}`);
  console.log("  milestones (ms after navigationStart): " + Object.keys(rs[0]?.milestones || {}).map((k) => `${k} ${fmt(median(rs.map((x) => x.milestones[k])))}`).join(", "));
  if (verbose) for (const x of rs) console.log(JSON.stringify(x.longest));
}
