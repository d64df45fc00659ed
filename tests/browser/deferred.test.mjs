// The split app: the first frame needs only gpu-atlas.wasm and the compiled-in GPU data; the
// other views' code (gpu-atlas.deferred.wasm) and data (models, regions, pricing, software, full gpus) are fetched
// after it. A link waits for them; a failed fetch leaves the tier map working and says so.
import { DESKTOP, PHONE, assert, distinctColours, frames, isAsset, launch, open, run, serve, shot, waitForMark } from "./harness.mjs";

const server = await serve();
const browser = await launch();
const deferredFiles = ["gpu-atlas.deferred.wasm", "data/models.json", "data/regions.json", "data/pricing.json", "data/pricing_gaps.json", "data/gpus.json", "data/software.json", "text/en.json"];

// Resource timings of the deferred files and the first-frame mark, in page time.
async function timings(page) {
  const { first, entries } = await page.evaluate(() => ({
    first: performance.getEntriesByName("gpu-atlas:first-frame")[0].startTime,
    entries: performance.getEntriesByType("resource").map((e) => [e.name, e.startTime]),
  }));
  const starts = {};
  for (const [url, start] of entries)
    for (const f of deferredFiles) if (isAsset(url, f)) starts[f] = start;
  return { first, starts };
}

await run([
  ["the first frame comes before the deferred code and data are requested; then every view works", async () => {
    const { context, page, problems } = await open(browser, server.url, { ...DESKTOP, serviceWorkers: "block" });
    await waitForMark(page);
    await waitForMark(page, "gpu-atlas:deferred-ready");
    const { first, starts } = await timings(page);
    for (const f of deferredFiles) {
      assert(starts[f] !== undefined, `${f} was not fetched`);
      assert(starts[f] >= first, `${f} requested at ${starts[f].toFixed(0)} ms, before the first frame (${first.toFixed(0)} ms)`);
    }
    // Calculator and Cost tabs draw their views (their first-frame marks), without errors.
    for (const [x, view] of [[130, "calculator"], [330, "cost"]]) {
      await page.mouse.click(x, 44);
      await waitForMark(page, `gpu-atlas:view:${view}`);
      await frames(page, 6);
    }
    assert((await distinctColours(page)) > 20, "cost view blank");
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
  }],
  ["a link waits for the deferred part and opens its view with the link's state", async () => {
    const { context, page, problems } = await open(browser, server.url + "#v=1&view=cost", { ...PHONE, serviceWorkers: "block" });
    await waitForMark(page);
    const marks = await page.evaluate(() => performance.getEntriesByType("mark").map((m) => [m.name, m.startTime]));
    const at = Object.fromEntries(marks);
    assert(at["gpu-atlas:deferred-ready"] !== undefined && at["gpu-atlas:deferred-ready"] <= at["gpu-atlas:first-frame"],
           `first frame before the deferred part: ${JSON.stringify(marks)}`);
    await waitForMark(page, "gpu-atlas:view:cost");
    assert(!marks.some(([n]) => n === "gpu-atlas:view:tiers"), "the tier map flashed before the linked view");
    await frames(page, 6);
    assert(page.url().includes("view=cost"), page.url());
    await shot(page, "deferred-link-phone");
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
  }],
  ["when the deferred code cannot load, the tier map works, the views say so, and Try again recovers", async () => {
    const context = await browser.newContext({ ...DESKTOP, serviceWorkers: "block" });
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    let blocked = true;
    await page.route((u) => isAsset(u, "gpu-atlas.deferred.wasm"), (route) => (blocked ? route.abort() : route.continue()));
    await page.goto(server.url);
    await waitForMark(page);
    await waitForMark(page, "gpu-atlas:deferred-failed", 20000);
    await page.mouse.move(700, 400);  // hover the chart: tier-map code keeps running
    await frames(page, 6);
    assert((await distinctColours(page)) > 20, "tier map blank");
    await page.mouse.click(130, 44);  // Calculator
    await waitForMark(page, "gpu-atlas:view:calculator");
    await frames(page, 6);
    await shot(page, "deferred-failed-desktop");
    blocked = false;
    await page.mouse.click(46, 95);  // "Try again", under the message
    await waitForMark(page, "gpu-atlas:deferred-ready", 20000);
    await frames(page, 10);
    await shot(page, "deferred-recovered-desktop");
    assert(errors.length === 0, errors.join("\n"));
    await context.close();
  }],
]).finally(async () => { await browser.close(); server.close(); });
