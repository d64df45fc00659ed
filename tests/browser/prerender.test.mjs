// The tier map drawn at build time (src/ui/tier_map_static.cpp, inlined in index.html) is on
// screen before the WebAssembly has even arrived, and gives way to the canvas once the canvas has
// drawn its first frame (issue 16, part 6). The wasm response is held back here to prove it.
import { DESKTOP, PHONE, assert, frames, isAsset, launch, run, serve, shipped, shot, waitForMark } from "./harness.mjs";
import { readFileSync } from "node:fs";
import path from "node:path";
import { dist } from "./harness.mjs";

const server = await serve();
const browser = await launch();
const cardCount = JSON.parse(readFileSync(path.join(dist, shipped("data/gpus.json")), "utf8")).gpus.length;
const firstFrameFiles = ["", "index.html", ...["boot.js", "gpu-atlas.js", "gpu-atlas.wasm"].map((f) => shipped(f))];  // style.css is inlined

// Opens the page with gpu-atlas.wasm held until release() is called.
async function openHeld(device, hash = "", locale = "en-US") {
  const context = await browser.newContext({ ...device, serviceWorkers: "block", locale });
  const page = await context.newPage();
  const problems = [];
  page.on("console", (m) => { if (m.type() === "error") problems.push(`console: ${m.text()}`); });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  let release;
  const gate = new Promise((r) => { release = r; });
  await page.route((url) => isAsset(url, "gpu-atlas.wasm"), async (route) => { await gate; await route.continue(); });
  await page.goto(server.url + hash);
  return { context, page, problems, release };
}

const visible = (page, selector) => page.evaluate((s) => {
  const el = document.querySelector(s);
  if (!el) return false;
  const r = el.getBoundingClientRect();
  const cs = getComputedStyle(el);
  return r.width > 0 && r.height > 0 && cs.visibility !== "hidden" && cs.display !== "none" && Number(cs.opacity) > 0;
}, selector);

// `rows`: on desktop the names on the chart and those listed beside it (no room on the chart, as
// on the canvas), on phones the card list's entries: one per card either way.
async function handOver(device, name, rows) {
  const { context, page, problems, release } = await openHeld(device);
  await page.waitForSelector(rows.split(",").pop(), { state: "visible", timeout: 10000 });
  await page.waitForTimeout(300);  // the wasm is still held: the static page is all there is
  assert(await visible(page, "#prerender"), "the static tier map is not visible");
  assert(await visible(page, "#prerender svg circle"), "the static chart has no visible marker");
  const count = await page.locator(rows).count();
  assert(count === cardCount, `the static page names ${count} cards, the catalog has ${cardCount}`);
  assert(await page.locator("#prerender svg circle").count() === cardCount, "one marker per card");
  const early = await page.evaluate(() => performance.getEntriesByName("gpu-atlas:first-frame").length);
  assert(early === 0, "the canvas drew before its wasm arrived?");
  await shot(page, `prerender-${name}-static`);
  release();
  await waitForMark(page);
  await page.waitForFunction(() => getComputedStyle(document.getElementById("prerender")).visibility === "hidden",
                             null, { timeout: 15000 });  // fade-out frames are slow at load 30+
  await page.evaluate(() => window.__atlasWake && window.__atlasWake(1));
  await frames(page, 4);
  await shot(page, `prerender-${name}-canvas`);
  // Before the first frame only what it draws was fetched (no service worker, data or fonts).
  const before = await page.evaluate(() => {
    const first = performance.getEntriesByName("gpu-atlas:first-frame")[0].startTime;
    return performance.getEntriesByType("resource").filter((e) => e.startTime < first).map((e) => new URL(e.name).pathname);
  });
  for (const p of before)
    assert(firstFrameFiles.some((f) => p === "/" + f), `fetched before the first frame: ${p}`);
  assert(problems.length === 0, problems.join("\n"));
  await context.close();
}

await run([
  ["desktop: the static tier map and its names show while the wasm is held, then the canvas takes over", () => handOver(DESKTOP, "desktop", "#prerender .pr-names text, #prerender .pr-unlabelled span")],
  ["phone: the same at 390x844", () => handOver(PHONE, "phone", "#prerender .pr-cards li")],
  ["a link opens its own view: no static tier map, the loading screen instead", async () => {
    const { context, page, release } = await openHeld(DESKTOP, "#v=1&view=cost");
    await page.waitForSelector("#loading", { state: "visible" });
    assert(await page.locator("#prerender").count() === 0, "the static tier map stayed for a link");
    release();
    await waitForMark(page);
    await context.close();
  }],
  ["Chinese readers see that the Chinese text is on its way", async () => {
    const { context, page, release } = await openHeld(PHONE, "", "zh-CN");
    await page.waitForSelector("#prerender .pr-zh", { state: "visible", timeout: 10000 });
    const note = await page.locator("#prerender .pr-zh").textContent();
    assert(/中文/.test(note), note);
    release();
    await waitForMark(page);
    await context.close();
  }],
]);
await browser.close();
server.close();
