// Idle means idle (issue 16): a loaded page nobody touches stops drawing — at most 2 WebGL draw
// calls/s and the main thread busy at most 1 % — on desktop and phone; any input, a change of
// the address or a fetched file wakes it, and it settles again.
import { DESKTOP, PHONE_3X, assert, frames, launch, run, serve, waitForMark } from "./harness.mjs";

const server = await serve();
const browser = await launch();

// A fresh page whose WebGL draw calls are counted (as /work/shared/tools/idle.js does).
async function openCounted(url, device) {
  const context = await browser.newContext({ ...device, serviceWorkers: "block" });
  await context.addInitScript(() => {
    window.__draws = 0;
    for (const C of [window.WebGL2RenderingContext, window.WebGLRenderingContext]) {
      if (!C) continue;
      for (const f of ["drawElements", "drawArrays"]) {
        const orig = C.prototype[f];
        C.prototype[f] = function (...a) { window.__draws++; return orig.apply(this, a); };
      }
    }
  });
  const page = await context.newPage();
  const problems = [];
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("console", (m) => { if (m.type() === "error") problems.push(`console: ${m.text()}`); });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable");
  await page.goto(url);
  await waitForMark(page);
  await waitForMark(page, "gpu-atlas:deferred-ready");
  return { context, page, cdp, problems };
}

// Draw calls/s and main-thread busy fraction over `ms` of nobody touching the page.
async function idleCost(page, cdp, ms) {
  const metrics = async () => Object.fromEntries((await cdp.send("Performance.getMetrics")).metrics.map((x) => [x.name, x.value]));
  const a = await metrics();
  const d0 = await page.evaluate(() => window.__draws);
  await page.waitForTimeout(ms);
  const b = await metrics();
  const d1 = await page.evaluate(() => window.__draws);
  return { drawsPerS: (d1 - d0) / (ms / 1000), busy: (b.TaskDuration - a.TaskDuration) / (ms / 1000) };
}

async function checkIdle(url, device, name) {
  const { context, page, cdp, problems } = await openCounted(url, device);
  await page.waitForTimeout(2000);  // settle: the views' code and data arrived, frames stopped
  const cost = await idleCost(page, cdp, 5000);
  console.log(`     ${name}: ${cost.drawsPerS.toFixed(1)} draw calls/s, main thread busy ${(cost.busy * 100).toFixed(2)} %`);
  assert(cost.drawsPerS <= 2, `${name}: ${cost.drawsPerS} draw calls/s while idle`);
  assert(cost.busy <= 0.01, `${name}: main thread busy ${(cost.busy * 100).toFixed(2)} % while idle`);
  assert(await page.evaluate(() => window.__atlasIdle.paused), `${name}: frame loop not paused`);
  assert(problems.length === 0, problems.join("\n"));
  return { context, page, cdp, problems };
}

await run([
  ["no gamepad polling: the page never listens for gamepads nor samples them, key presses included", async () => {
    // In Chromium either starts a thread that samples the gamepads ~60 times a second for the
    // page's lifetime (scripts/strip_gamepads.py takes them out of Emscripten's GLFW glue).
    const context = await browser.newContext({ ...DESKTOP, serviceWorkers: "block" });
    await context.addInitScript(() => {
      window.__gamepad = { listeners: [], samples: 0 };
      const add = EventTarget.prototype.addEventListener;
      EventTarget.prototype.addEventListener = function (type, ...rest) {
        if (String(type).startsWith("gamepad")) window.__gamepad.listeners.push(String(type));
        return add.call(this, type, ...rest);
      };
      for (const name of ["getGamepads", "webkitGetGamepads"]) {
        const orig = Navigator.prototype[name];
        if (orig) Navigator.prototype[name] = function (...a) { window.__gamepad.samples++; return orig.apply(this, a); };
      }
    });
    const page = await context.newPage();
    await page.goto(server.url + "#v=1&view=calculator");
    await waitForMark(page);
    await waitForMark(page, "gpu-atlas:deferred-ready");
    await page.mouse.click(700, 450);
    for (const key of ["a", "Tab", "ArrowDown", "Escape"]) await page.keyboard.press(key);
    await frames(page, 6);
    const seen = await page.evaluate(() => window.__gamepad);
    assert(seen.listeners.length === 0, `gamepad listeners added: ${seen.listeners.join(", ")}`);
    assert(seen.samples === 0, `navigator.getGamepads() called ${seen.samples} times`);
    await context.close();
  }],
  ["desktop: a loaded page left alone stops drawing; a click wakes it and it settles again", async () => {
    const { context, page, cdp } = await checkIdle(server.url, DESKTOP, "desktop tier map");
    // The Calculator tab (second tab, tab bar at y ~ 40 CSS px at 1440x900).
    const before = await page.evaluate(() => window.__draws);
    await page.mouse.move(160, 40);
    await frames(page, 4);
    assert((await page.evaluate(() => window.__draws)) > before, "moving the pointer did not draw");
    await page.mouse.click(160, 40);
    await page.waitForFunction(() => /view=calculator/.test(location.hash), null, { timeout: 5000 });
    await page.waitForTimeout(1500);
    const again = await idleCost(page, cdp, 2000);
    assert(again.drawsPerS <= 2, `after the click: ${again.drawsPerS} draw calls/s`);
    await context.close();
  }],
  ["phone: the calculator left alone stops drawing", async () => {
    const { context } = await checkIdle(server.url + "#v=1&view=calculator", PHONE_3X, "phone calculator");
    await context.close();
  }],
  ["a paused page follows an address change (back/forward, an edited link)", async () => {
    const { context, page } = await checkIdle(server.url, DESKTOP, "desktop before the link");
    await page.evaluate(() => { location.hash = "#v=1&view=cost"; });
    await waitForMark(page, "gpu-atlas:view:cost", 5000);
    await context.close();
  }],
  ["an unchanged frame is not drawn again, and the screen always shows the latest frame (desktop and phone)", async () => {
    // ImGui rebuilds its frame at every input and for the settling frames after it: the app
    // draws only those that differ from what the canvas shows (ui/draw_fingerprint.hpp).
    // A screenshot is what the page shows (the last frame drawn); a wake with the redraw bit
    // (__atlasWake(5)) draws the current frame whatever it is. If a changed frame had been
    // skipped, the two would differ.
    const framesDrawn = (page) => page.evaluate(() => window.__atlasStats.frameMs.length);
    const sameAsRedrawn = async (page, label) => {
      await page.waitForFunction(() => window.__atlasIdle.paused, null, { timeout: 10000 });
      const shown = await page.screenshot();
      await page.evaluate(() => window.__atlasWake(5));
      await frames(page, 4);
      assert(shown.equals(await page.screenshot()), `${label}: the screen did not show the latest frame`);
      return shown;
    };
    for (const [device, name] of [[DESKTOP, "desktop"], [PHONE_3X, "phone"]]) {
      const { context, page, problems } = await checkIdle(server.url + "#v=1&view=calculator", device, `${name} calculator`);
      // A wake that changes nothing: the settling frames run, none is drawn.
      const f0 = await framesDrawn(page);
      const d0 = await page.evaluate(() => window.__draws);
      await page.evaluate(() => window.__atlasWake(1));
      await frames(page, 6);
      await page.waitForFunction(() => window.__atlasIdle.paused, null, { timeout: 10000 });
      const ran = (await framesDrawn(page)) - f0;
      const draws = (await page.evaluate(() => window.__draws)) - d0;
      console.log(`     ${name}: a wake with no change ran ${ran} frames, ${draws} draw calls`);
      assert(ran >= 4, `${name}: only ${ran} frames ran after the wake`);
      assert(draws === 0, `${name}: ${draws} draw calls for frames that changed nothing`);
      // The page shown again (another tab, the back-forward cache): its frame is drawn anew,
      // though unchanged, in case the browser dropped the canvas's picture meanwhile.
      const d1 = await page.evaluate(() => window.__draws);
      await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
      await frames(page, 4);
      await page.waitForFunction(() => window.__atlasIdle.paused, null, { timeout: 10000 });
      assert((await page.evaluate(() => window.__draws)) > d1, `${name}: the page shown again was not drawn`);
      // Changes reach the screen: the Cost tab, then the tier map.
      const calculator = await sameAsRedrawn(page, `${name} calculator`);
      const tabs = name === "desktop" ? { cost: [330, 44], tiers: [50, 44] } : { cost: [8 + 3.5 * 374 / 5, 814], tiers: [8 + 0.5 * 374 / 5, 814] };
      for (const view of ["cost", "tiers"]) {
        if (name === "desktop") await page.mouse.click(...tabs[view]);
        else await page.touchscreen.tap(...tabs[view]);
        await page.waitForFunction((v) => v === "tiers" ? !/view=/.test(location.hash) || /view=tiers/.test(location.hash)
                                                        : new RegExp(`view=${v}`).test(location.hash), view, { timeout: 10000 });
        const shown = await sameAsRedrawn(page, `${name} ${view}`);
        assert(!shown.equals(calculator), `${name}: the ${view} tab left the calculator on screen`);
      }
      assert(problems.length === 0, problems.join("\n"));
      await context.close();
    }
  }],
]).finally(async () => { await browser.close(); server.close(); });
