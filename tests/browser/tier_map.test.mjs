// The tier map renders at desktop and phone sizes with no console errors, and reacts to input.
import { DESKTOP, PHONE_3X, assert, distinctColours, frames, launch, open, run, serve, shot, waitForMark } from "./harness.mjs";

const server = await serve();
const browser = await launch();

// The chart's plot area as a PNG clip (CSS px), to compare before and after a zoom.
const plot = (page, clip) => page.screenshot({ clip });

await run([
  ["desktop: a double-click zooms the chart about the pointer; Reset zoom restores it", async () => {
    const { context, page, problems } = await open(browser, server.url, DESKTOP);
    await waitForMark(page);
    await frames(page, 10);
    const clip = { x: 290, y: 190, width: 680, height: 560 };
    const before = await plot(page, clip);
    await page.mouse.dblclick(700, 470);
    await frames(page, 8);
    const zoomed = await plot(page, clip);
    assert(!before.equals(zoomed), "the double-click did not zoom");
    await shot(page, "tier-map-desktop-zoomed");
    // "Reset zoom" sits at the plot's top right.
    await page.mouse.click(930, 141);
    await frames(page, 8);
    await page.mouse.move(1300, 880);  // away from the chart: no hover highlight
    await frames(page, 8);
    const reset = await plot(page, clip);
    assert(!reset.equals(zoomed), "Reset zoom did nothing");
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
  }],
  ["phone: a pinch zooms the chart", async () => {
    const { context, page, problems } = await open(browser, server.url, PHONE_3X);
    await waitForMark(page);
    await frames(page, 10);
    const clip = { x: 40, y: 200, width: 340, height: 230 };
    const before = await plot(page, clip);
    const cdp = await context.newCDPSession(page);
    const fingers = (d) => [{ x: 220 - d, y: 330, id: 1 }, { x: 220 + d, y: 330, id: 2 }];
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: fingers(20) });
    await frames(page, 2);
    for (let d = 30; d <= 110; d += 10) {
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: fingers(d) });
      await frames(page, 1);
    }
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await frames(page, 8);
    const after = await plot(page, clip);
    assert(!before.equals(after), "the pinch did not zoom");
    await shot(page, "tier-map-phone-pinched");
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
  }],
  ["desktop: first frame, non-blank canvas, no errors", async () => {
    const { context, page, problems } = await open(browser, server.url, DESKTOP);
    await waitForMark(page);
    await frames(page, 10);
    const colours = await distinctColours(page);
    assert(colours > 20, `canvas looks blank (${colours} colours)`);
    // Canvas backing store follows CSS size x devicePixelRatio.
    const size = await page.evaluate(() => [canvas.width, canvas.height]);
    assert(size[0] === 1440 && size[1] === 900, `canvas is ${size}`);
    await shot(page, "tier-map-desktop");
    // Hover the middle of the chart area and click: the app must keep running.
    await page.mouse.move(720, 450);
    await frames(page, 4);
    await page.mouse.click(720, 450);
    await frames(page, 4);
    await shot(page, "tier-map-desktop-hover");
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
  }],
  ["phone 390x844 @3x: crisp backing store, non-blank, no errors", async () => {
    const { context, page, problems } = await open(browser, server.url, PHONE_3X);
    await waitForMark(page);
    await frames(page, 10);
    const size = await page.evaluate(() => [canvas.width, canvas.height]);
    assert(size[0] === 1170 && size[1] === 2532, `canvas backing store is ${size}, want 1170x2532`);
    assert((await distinctColours(page)) > 20, "canvas looks blank");
    await shot(page, "tier-map-phone");
    await page.touchscreen.tap(200, 120);
    await frames(page, 4);
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
  }],
]).finally(async () => { await browser.close(); server.close(); });
