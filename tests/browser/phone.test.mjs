// Phone (390x844 @3x, touch): the bottom tab bar switches every view in one tap, a finger drag scrolls a panel, text
// fields raise the on-screen keyboard through the hidden input bridge. Screenshots of each
// view land in build/screenshots/phone-*.png.
import { PHONE, PHONE_3X, assert, captureFrame, distinctColours, frames, launch, open, run, serve, shot, swipe, targetBoxes, waitForMark } from "./harness.mjs";

const server = await serve();
const browser = await launch();
const hashView = (page) => page.evaluate(() => (location.hash.match(/view=([a-z]+)/) || [])[1]);

await run([
  ["a bottom tab bar reaches every view in one tap; every view renders on a phone", async () => {
    const { context, page, problems } = await open(browser, server.url, PHONE_3X);
    await waitForMark(page);
    await frames(page, 6);
    // Five tabs across the bottom (8 CSS px window padding each side), each >= 44 CSS px tall.
    const tabX = (i) => 8 + (i + 0.5) * (390 - 16) / 5;
    const tabY = 844 - 8 - 22;
    const order = ["tiers", "calculator", "walkthrough", "cost", "share", "calculator", "tiers"];
    const index = { tiers: 0, calculator: 1, walkthrough: 2, cost: 3, share: 4 };
    for (const view of order) {
      await page.touchscreen.tap(tabX(index[view]), tabY);
      await frames(page, 8);
      if (view !== "tiers") await waitForMark(page, `gpu-atlas:view:${view}`, 10000);
      const now = await hashView(page);
      assert(now === view || (view === "tiers" && now === undefined), `tab ${view} gave ${now}`);
      assert((await distinctColours(page)) > 20, `${view} blank`);
      await shot(page, `phone-${view}`);
    }
    // The tab bar's top edge: a tap 40 CSS px above the bottom padding still hits a tab.
    await page.touchscreen.tap(tabX(3), 844 - 8 - 42);
    await frames(page, 8);
    assert((await hashView(page)) === "cost", "the tab bar is less than 44 CSS px tall");
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
  }],
  ["a tap on a card in the tier map's list opens its detail sheet; Close closes it", async () => {
    const { context, page, problems } = await open(browser, server.url, PHONE_3X);
    await waitForMark(page, "gpu-atlas:deferred-ready");  // the list comes with the views' code
    await frames(page, 6);
    const before = await page.screenshot();
    await page.touchscreen.tap(150, 625);  // the first card listed under the chart
    await frames(page, 8);
    await page.waitForTimeout(500);
    const open_ = await page.screenshot();
    assert(!before.equals(open_), "the tap opened no sheet");
    await shot(page, "phone-tier-sheet");
    await page.touchscreen.tap(288, 354);  // the sheet's Close button
    await frames(page, 8);
    await page.waitForTimeout(500);
    const closed = await page.screenshot();
    assert(!closed.equals(open_), "Close left the sheet up");
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
  }],
  ["a finger drag scrolls the calculator panel", async () => {
    const { context, page } = await open(browser, server.url + "#v=1&view=calculator", PHONE_3X, { captureText: true });
    await waitForMark(page);
    await waitForMark(page, "gpu-atlas:deferred-ready");
    await frames(page, 10);
    // From the right end of the model's summary line, under the model combo (its test target;
    // the verdict's lines above it change with the job): plain text, which a drag scrolls.
    const [combo] = targetBoxes((await captureFrame(page, "calculator")).targets, "calc_model");
    assert(combo, "no calc_model target drawn");
    const y0 = combo[1] + combo[3] + 18;
    const before = await page.screenshot();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: 340, y: y0 }] });
    await frames(page, 3);
    for (let i = 1; i <= 10; i++) {
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: 340, y: y0 - i * 40 }] });
      await frames(page, 1);
    }
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await frames(page, 6);
    const after = await page.screenshot();
    assert(!before.equals(after), "the panel did not scroll");
    await shot(page, "phone-calculator-scrolled");
    await context.close();
  }],
  ["a swipe that starts on a button scrolls the panel and does not press the button", async () => {
    const { context, page, problems } = await open(browser, server.url + "#v=1&view=calculator&calc.task=lora", PHONE_3X, { captureText: true });
    await waitForMark(page, "gpu-atlas:deferred-ready");
    await frames(page, 6);
    // The sequence length's "+" (390x844, LoRA job): a tap there steps 2048 up, which the
    // address shows; then a swipe from the same spot must scroll, not step it again.
    const plus = { x: 191, y: 615 };
    await page.touchscreen.tap(plus.x, plus.y);
    await frames(page, 8);
    const stepped = await page.evaluate(() => location.hash);
    assert(/seq_len=4096/.test(stepped), `the tap at (${plus.x}, ${plus.y}) is not on the sequence length's "+": ${stepped}`);
    const before = await page.screenshot();
    // The first move comes with the touch's start, before a frame: the drag scrolls before the
    // press reaches ImGui, the panel follows the finger 1:1 and the button stays under it (a
    // review's swipe applied "Make it fit" and TP +1 on release).
    const cdp = await context.newCDPSession(page);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: plus.x, y: plus.y }] });
    for (let i = 1; i <= 8; i++) {
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: plus.x, y: plus.y - i * 25 }] });
      await frames(page, 1);
    }
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await frames(page, 8);
    const after = await page.evaluate(() => location.hash);
    assert(after === stepped, `the swipe pressed the "+" it started on: ${stepped} -> ${after}`);
    assert(!before.equals(await page.screenshot()), "the panel did not follow the finger");
    // Now 200 px down the panel the ZeRO stage slider is under (108, 675): a swipe up from it
    // scrolls and leaves the stage alone (it set calc.zero_stage=2 in a review); a sideways drag
    // on it still moves it.
    const slider = { x: 108, y: 675 };
    const beforeSlider = await page.screenshot();
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [slider] });
    await frames(page, 3);
    for (let i = 1; i <= 8; i++) {
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: slider.x + i, y: slider.y - i * 25 }] });
      await frames(page, 1);
    }
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await frames(page, 8);
    const afterSlider = await page.evaluate(() => location.hash);
    assert(!/zero_stage/.test(afterSlider), `a swipe up from the ZeRO stage slider set it: ${afterSlider}`);
    assert(!beforeSlider.equals(await page.screenshot()), "a swipe from the slider did not scroll the panel");
    const moved = { x: slider.x, y: slider.y - 200 };
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [moved] });
    await frames(page, 3);
    for (let i = 1; i <= 8; i++) {
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: moved.x + i * 12, y: moved.y }] });
      await frames(page, 1);
    }
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await frames(page, 8);
    const dragged = await page.evaluate(() => location.hash);
    assert(/zero_stage=[1-3]/.test(dragged), `a sideways drag at (${moved.x}, ${moved.y}) did not move the ZeRO stage slider: ${dragged}`);
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
  }],
  ["a finger held on a number field's + steps it again and again", async () => {
    // A finger that rests on a stepper (300 ms, main.cpp kHoldToPressMs) presses it before it
    // lifts, so the step repeats as a phone's steppers do; a quick tap is one step (above).
    const { context, page, problems } = await open(browser, server.url + "#v=1&view=calculator&calc.task=lora", PHONE);
    await waitForMark(page, "gpu-atlas:deferred-ready");
    await frames(page, 6);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: 191, y: 615 }] });
    await page.waitForTimeout(1500);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await frames(page, 8);
    const held = await page.evaluate(() => location.hash);
    const seq = Number((held.match(/calc\.seq_len=(\d+)/) || [])[1] || 2048);
    assert(seq >= 8192, `held for 1.5 s, the sequence length's "+" stepped 2048 only to ${seq}: ${held}`);
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
  }],
  ["a swipe on a table scrolled to its end moves the page (Cost view's hubs)", async () => {
    const { context, page, problems } = await open(browser, server.url + "#v=1&view=cost", PHONE_3X, { captureText: true });
    await waitForMark(page, "gpu-atlas:deferred-ready");
    await frames(page, 6);
    // Down the page until the table's top is in the upper part of the screen (it is 408 px tall).
    let table = null;
    for (let step = 0; step < 14 && !table; step++) {
      const [box] = targetBoxes((await captureFrame(page, `cost ${step}`)).targets, "cost_hubs_table");
      if (box && box[1] > 90 && box[1] < 330) table = box;
      else await swipe(context, page, 200, 600, 200, box && box[1] < 600 ? 600 - Math.max(box[1] - 200, 40) : 320, 8);
    }
    assert(table, "the hub table was not brought on screen");
    // Swipes that start on the table: it scrolls to its end, then the page takes the rest.
    let top = table[1];
    for (let i = 0; i < 4; i++) {
      const [now] = targetBoxes((await captureFrame(page, `swipe ${i}`)).targets, "cost_hubs_table");
      if (!now || now[1] < table[1] - 150) { top = now ? now[1] : -1e9; break; }
      const y = Math.min(now[1] + now[3] - 20, 700);
      await swipe(context, page, 200, y, 200, y - 300, 10);
      top = now[1];
    }
    const [last] = targetBoxes((await captureFrame(page, "after")).targets, "cost_hubs_table");
    const finalTop = last ? last[1] : -1e9;
    assert(finalTop < table[1] - 150, `swipes on the table never moved the page: the table's top ${table[1]} -> ${finalTop}`);
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
  }],
  ["tapping a text field focuses the keyboard bridge", async () => {
    const { context, page } = await open(browser, server.url + "#v=1&view=calculator", PHONE_3X, { captureText: true });
    await waitForMark(page);
    await waitForMark(page, "gpu-atlas:deferred-ready");  // the verdict's lines above the field are laid out
    await frames(page, 10);
    // The "e.g. 13B" custom-size field: the row under the model combo and its summary line.
    const [combo] = targetBoxes((await captureFrame(page, "calculator")).targets, "calc_model");
    assert(combo, "no calc_model target drawn");
    await page.touchscreen.tap(55, combo[1] + combo[3] + 44);
    await frames(page, 6);
    const focused = await page.evaluate(() => document.activeElement && document.activeElement.id);
    assert(focused === "text-bridge", `focused element: ${focused}`);
    await page.keyboard.type("70B");
    await frames(page, 6);
    await shot(page, "phone-keyboard-bridge");
    await context.close();
  }],
]).finally(async () => { await browser.close(); server.close(); });
