// Phone (390x844 @3x, touch): taps switch every view, a finger drag scrolls a panel, text
// fields raise the on-screen keyboard through the hidden input bridge. Screenshots of each
// view land in build/screenshots/phone-*.png.
import { PHONE, assert, distinctColours, frames, launch, open, run, serve, shot, waitForMark } from "./harness.mjs";

const server = await serve();
const browser = await launch();
const hashView = (page) => page.evaluate(() => (location.hash.match(/view=([a-z]+)/) || [])[1]);

await run([
  ["taps switch views; every view renders on a phone", async () => {
    const { context, page, problems } = await open(browser, server.url, PHONE);
    await waitForMark(page);
    await frames(page, 6);
    // Tab bar at y ~ 49 CSS px; tabs scroll, so tap the visible ones and the arrows.
    const tabs = [[145, "calculator"], [250, "walkthrough"], [50, "tiers"]];
    for (const [x, view] of tabs) {
      await page.touchscreen.tap(x, 49);
      await frames(page, 8);
      assert((await hashView(page)) === view, `tap at ${x} gave ${await hashView(page)}, want ${view}`);
      assert((await distinctColours(page)) > 20, `${view} blank`);
      await shot(page, `phone-${view}`);
    }
    for (const view of ["cost", "share"]) {
      await page.goto(server.url + `#v=1&view=${view}`);
      await waitForMark(page);
      await frames(page, 8);
      assert((await distinctColours(page)) > 20, `${view} blank`);
      await shot(page, `phone-${view}`);
    }
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
  }],
  ["a finger drag scrolls the calculator panel", async () => {
    const { context, page } = await open(browser, server.url + "#v=1&view=calculator", PHONE);
    await waitForMark(page);
    await frames(page, 6);
    const before = await page.screenshot();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: 340, y: 600 }] });
    await frames(page, 3);
    for (let i = 1; i <= 10; i++) {
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: 340, y: 600 - i * 40 }] });
      await frames(page, 1);
    }
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await frames(page, 6);
    const after = await page.screenshot();
    assert(!before.equals(after), "the panel did not scroll");
    await shot(page, "phone-calculator-scrolled");
    await context.close();
  }],
  ["tapping a text field focuses the keyboard bridge", async () => {
    const { context, page } = await open(browser, server.url + "#v=1&view=calculator", PHONE);
    await waitForMark(page);
    await frames(page, 6);
    await page.touchscreen.tap(55, 218);  // the "13B" custom-size field
    await frames(page, 6);
    const focused = await page.evaluate(() => document.activeElement && document.activeElement.id);
    assert(focused === "text-bridge", `focused element: ${focused}`);
    await page.keyboard.type("70B");
    await frames(page, 6);
    await shot(page, "phone-keyboard-bridge");
    await context.close();
  }],
]).finally(async () => { await browser.close(); server.close(); });
