// The tier map renders at desktop and phone sizes with no console errors, and reacts to input.
import { DESKTOP, PHONE, assert, distinctColours, frames, launch, open, run, serve, shot, waitForMark } from "./harness.mjs";

const server = await serve();
const browser = await launch();

await run([
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
    const { context, page, problems } = await open(browser, server.url, PHONE);
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
