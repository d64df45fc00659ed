// Static-site guarantees: strict CSP without errors, no request to another origin, offline
// after the first visit (service worker), pre-compressed files beside the originals.
import { DESKTOP, assert, dist, distinctColours, frames, launch, open, run, serve, shipped, shot, waitForMark } from "./harness.mjs";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const server = await serve();
const browser = await launch();

await run([
  ["every request stays on this origin; CSP holds (no violations, no console errors)", async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    const origin = new URL(server.url).origin;
    const foreign = [], problems = [];
    page.on("request", (r) => {
      const u = r.url();
      if (!u.startsWith(origin) && !u.startsWith("data:") && !u.startsWith("blob:")) foreign.push(u);
    });
    page.on("console", (m) => { if (m.type() === "error") problems.push(m.text()); });
    page.on("pageerror", (e) => problems.push(e.message));
    await page.goto(server.url);
    await waitForMark(page);
    // Visit every view (tabs along the top) so each view's code runs under the CSP.
    for (const x of [130, 225, 330, 415, 45]) {
      await page.mouse.click(x, 44);
      await frames(page, 6);
    }
    const csp = await page.evaluate(() => document.querySelector('meta[http-equiv="Content-Security-Policy"]').content);
    // Strict: the only inline script is index.html's guard, allowed by its hash (no 'unsafe-inline').
    assert(/script-src 'self' 'wasm-unsafe-eval'( 'sha256-[A-Za-z0-9+/=]+')*;/.test(csp) && !csp.includes("unsafe-inline"), csp);
    assert(foreign.length === 0, `requests to other origins: ${foreign.join(", ")}`);
    assert(problems.length === 0, problems.join("\n"));
    const marks = await page.evaluate(() => performance.getEntriesByType("mark").map((m) => m.name));
    for (const v of ["tiers", "calculator", "walkthrough", "cost", "share"])
      assert(marks.includes(`gpu-atlas:view:${v}`), `no first-frame mark for ${v}: ${marks}`);
    await context.close();
  }],
  ["works offline after the first visit", async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await page.goto(server.url);
    await waitForMark(page);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await frames(page, 5);
    await context.setOffline(true);
    const problems = [];
    page.on("pageerror", (e) => problems.push(e.message));
    await page.reload();
    await waitForMark(page);
    await frames(page, 5);
    assert((await distinctColours(page)) > 20, "blank when offline");
    await shot(page, "offline-desktop");
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
  }],
  ["the footer's Sources opens this version's data/gpus.json, under its hashed name", async () => {
    const context = await browser.newContext({ ...DESKTOP, serviceWorkers: "block" });
    const page = await context.newPage();
    await page.goto(server.url);
    await waitForMark(page);
    await waitForMark(page, "gpu-atlas:deferred-ready");
    const opened = context.waitForEvent("page", { timeout: 10000 });
    await page.mouse.click(727, 872);  // "Sources", in the footer
    const tab = await opened;
    await tab.waitForLoadState();
    assert(new URL(tab.url()).pathname === "/" + shipped("data/gpus.json"), `opened ${tab.url()}`);
    const data = JSON.parse(await tab.evaluate(() => document.body.innerText));
    assert(Array.isArray(data.gpus) && data.gpus.length > 0, "the opened file is not gpus.json");
    await context.close();
  }],
  ["pre-compressed copies exist and decompress to the originals' size class", async () => {
    for (const name of ["index.html", "gpu-atlas.js", "gpu-atlas.wasm", "gpu-atlas.deferred.wasm", "boot.js", "style.css"]) {
      const f = shipped(name);
      assert(existsSync(path.join(dist, f + ".gz")), `${f}.gz missing`);
      assert(existsSync(path.join(dist, f + ".br")), `${f}.br missing`);
    }
    const sw = readFileSync(path.join(dist, "sw.js"), "utf8");
    assert(!sw.includes("__MANIFEST__") && sw.includes("\"version\":"), "service worker has no version manifest");
  }],
]).finally(async () => { await browser.close(); server.close(); });
