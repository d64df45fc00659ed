// Wheel and trackpad scroll as the browser's own scrolling would (issue 16): the platform's
// direction, pixel deltas 1:1, line deltas (a Firefox notch is 3 lines) by the text line, and
// Ctrl + wheel left to the browser. The scroll position comes from the app's test hook
// window.__atlasScroll (the panel under the pointer, CSS px).
import { assert, frames, launch, open, run, serve, waitForMark } from "./harness.mjs";

const server = await serve();
const browser = await launch();
const SMALL_DESKTOP = { viewport: { width: 1000, height: 560 }, deviceScaleFactor: 1 };
const scrollY = (page) => page.evaluate(() => (window.__atlasScroll ? window.__atlasScroll.y : NaN));

// A synthetic WheelEvent over the canvas (Playwright's mouse.wheel only sends pixel deltas).
const wheelEvent = (page, init) => page.evaluate((i) => {
  const c = document.getElementById("canvas");
  c.dispatchEvent(new WheelEvent("wheel", { bubbles: true, cancelable: true, clientX: 600, clientY: 400, ...i }));
}, init);

await run([
  ["wheel deltas scroll the panel under the pointer by the browser's distance and direction", async () => {
    const { context, page, problems } = await open(browser, server.url + "#v=1&view=calculator", SMALL_DESKTOP);
    await waitForMark(page, "gpu-atlas:deferred-ready");
    await page.mouse.move(600, 400);
    await frames(page, 8);
    const max = await page.evaluate(() => window.__atlasScroll && window.__atlasScroll.max);
    assert(max > 300, `the calculator panel does not scroll at 1000x560 (max ${max})`);
    const y0 = await scrollY(page);
    assert(y0 === 0, `starts scrolled to ${y0}`);

    await page.mouse.wheel(0, 100);  // one Chromium notch: 100 px down
    await frames(page, 4);
    const y1 = await scrollY(page);
    assert(Math.abs(y1 - 100) <= 1, `100 px of wheel scrolled ${y1} px`);

    await page.mouse.wheel(0, -40);  // a trackpad nudge back up
    await frames(page, 4);
    const y2 = await scrollY(page);
    assert(Math.abs(y2 - 60) <= 1, `-40 px of wheel left the panel at ${y2} px, want 60`);

    await wheelEvent(page, { deltaY: 3, deltaMode: 1 });  // a Firefox notch: three lines
    await frames(page, 4);
    const lines = (await scrollY(page)) - y2;
    assert(lines >= 3 * 15 && lines <= 3 * 30, `three lines scrolled ${lines} px`);

    const y3 = await scrollY(page);
    await wheelEvent(page, { deltaY: 100, ctrlKey: true });  // page zoom: the browser's, not a scroll
    await frames(page, 4);
    assert((await scrollY(page)) === y3, "Ctrl + wheel scrolled the panel");
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
  }],
  ["a panel at its end hands the wheel on to the panel around it, as browsers chain nested scrolling", async () => {
    // The Cost view's hub table scrolls inside the view's panel: wheeled to its end, the next
    // notch scrolls the panel (it did nothing before), and wheeling back moves the table first.
    const DESKTOP = { viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 };
    const { context, page, problems } = await open(browser, server.url + "#v=1&view=cost", DESKTOP);
    await waitForMark(page, "gpu-atlas:deferred-ready");
    await page.mouse.move(800, 480);  // over the hub table
    await frames(page, 8);
    const s0 = await page.evaluate(() => window.__atlasScroll);
    assert(s0 && s0.max > 50 && s0.outer_max > 200, `no table inside a scrolling panel under the pointer: ${JSON.stringify(s0)}`);
    assert(s0.y === 0 && s0.outer_y === 0, `starts scrolled: ${JSON.stringify(s0)}`);
    for (let i = 0; i < 40; i++) {
      await page.mouse.wheel(0, 100);
      await frames(page, 2);
      const s = await page.evaluate(() => window.__atlasScroll);
      if (s.y >= s.max - 0.5) break;
    }
    const end = await page.evaluate(() => window.__atlasScroll);
    assert(Math.abs(end.y - end.max) <= 1 && end.outer_y === 0, `the table did not reach its end first: ${JSON.stringify(end)}`);
    await page.mouse.wheel(0, 100);
    await frames(page, 4);
    const chained = await page.evaluate(() => window.__atlasScroll);
    assert(Math.abs(chained.outer_y - 100) <= 1, `a notch past the table's end scrolled the panel to ${chained.outer_y}, want 100: ${JSON.stringify(chained)}`);
    await page.mouse.wheel(0, -60);  // back up: the table under the pointer moves, the panel stays
    await frames(page, 4);
    const back = await page.evaluate(() => window.__atlasScroll);
    assert(Math.abs(back.outer_y - chained.outer_y) <= 1 && back.y < back.max - 30, `wheeling back: ${JSON.stringify(back)}`);
    // Wheeling on down with the pointer still: the table reaches its end, the panel takes it out
    // from under the pointer (a chart is there then), and every later notch scrolls the panel.
    // ImGui's 2 s wheel lock kept the notches on the table at its end: they did nothing.
    const panelY = (s) => (s.outer_max > 0 ? s.outer_y : s.y);  // the panel's, with or without a table under the pointer
    const moves = [];
    for (let i = 0; i < 6; i++) {
      await page.mouse.wheel(0, 300);
      await frames(page, 4);
      moves.push(panelY(await page.evaluate(() => window.__atlasScroll)));
    }
    if (process.env.DUMP) console.log(moves);
    assert(moves[5] >= chained.outer_y + 1000, `six 300 px notches moved the panel only ${chained.outer_y} -> ${moves.join(" -> ")}`);
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
  }],
]).finally(async () => { await browser.close(); server.close(); });
