// The model picker (src/ui/model_picker): typing into its filter narrows the list, Enter picks
// the highlighted match, Down moves the highlight; the same widget in the Calculator and the
// walkthrough, at desktop and phone sizes (the phone types through the on-screen keyboard bridge).
import { DESKTOP, PHONE, assert, captureFrame, frames, launch, open, run, serve, shot, targetBoxes, waitForMark } from "./harness.mjs";

const server = await serve();
const browser = await launch();

async function ready(page) {
  await waitForMark(page);
  await waitForMark(page, "gpu-atlas:deferred-ready");
  await frames(page, 10);
}

// ImGui 1.86 reads keys as held-down flags once per frame, so a key must stay down for a frame
// (a person's key press always does; Playwright's press() is down and up at once), and only one:
// on a slow software-rendered frame a longer hold already counts as a key repeat.
async function press(page, key) {
  await page.keyboard.down(key);
  await frames(page, 1);
  await page.keyboard.up(key);
  await frames(page, 3);
}

const hash = (page) => page.evaluate(() => decodeURIComponent(location.hash));

await run([
  ["Calculator: typing narrows the list, Enter picks the match, Down + Enter a later one", async () => {
    const { context, page, problems } = await open(browser, server.url + "#v=1&view=calculator", DESKTOP);
    await ready(page);
    const closed = await page.screenshot({ clip: { x: 20, y: 125, width: 380, height: 300 } });
    await page.mouse.click(207, 117);  // the model combo
    await frames(page, 8);
    const opened = await page.screenshot({ clip: { x: 20, y: 125, width: 380, height: 300 } });
    assert(!closed.equals(opened), "the picker did not open");
    await page.keyboard.type("whisper");
    await frames(page, 8);
    const narrowed = await page.screenshot({ clip: { x: 20, y: 125, width: 380, height: 300 } });
    assert(!narrowed.equals(opened), "typing did not change the list");
    await shot(page, "model-picker-desktop");
    // The highlight starts on the first match: Enter picks Whisper large-v3-turbo (2024), which
    // only the narrowed list puts first (newest first; the full list starts with GPT-2).
    await press(page, "Enter");
    await frames(page, 8);
    assert(/calc\.model=whisper-large-v3-turbo(&|$)/.test(await hash(page)), `Enter: ${await hash(page)}`);
    await page.mouse.click(207, 117);
    await frames(page, 8);
    await page.keyboard.type("gemma-3");
    await frames(page, 4);
    await press(page, "ArrowDown");
    await frames(page, 4);
    await press(page, "Enter");
    await frames(page, 8);
    // Down moved the highlight off the first match (Gemma 3 1B) to a later Gemma 3 (a slow
    // software-rendered frame may count the held key twice, so which one is not asserted).
    assert(/calc\.model=gemma-3-(4b|12b|27b)(&|$)/.test(await hash(page)), `Down + Enter: ${await hash(page)}`);
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
  }],
  ["Walkthrough: the same picker, with the custom size as its last entry", async () => {
    const { context, page, problems } = await open(browser, server.url + "#v=1&view=walkthrough&walk.step=1", DESKTOP);
    await ready(page);
    await page.mouse.click(166, 132);  // the preset combo
    await frames(page, 8);
    await page.keyboard.type("QwQ");
    await frames(page, 6);
    await shot(page, "model-picker-walkthrough-desktop");
    await press(page, "Enter");
    await frames(page, 8);
    assert(/walk\.model=qwq-32b(&|$)/.test(await hash(page)), `walkthrough pick: ${await hash(page)}`);
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
  }],
  ["Phone: tapping the picker raises the keyboard bridge; typed text filters and Enter picks", async () => {
    const { context, page, problems } = await open(browser, server.url + "#v=1&view=calculator", PHONE, { captureText: true });
    await ready(page);
    // The model combo, found by its test target: the verdict's lines above it change with the job.
    const [combo] = targetBoxes((await captureFrame(page, "calculator")).targets, "calc_model");
    assert(combo, "no calc_model target drawn");
    await page.touchscreen.tap(161, combo[1] + combo[3] / 2);
    await frames(page, 10);
    const focused = await page.evaluate(() => document.activeElement && document.activeElement.id);
    assert(focused === "text-bridge", `focused element: ${focused}`);
    await page.keyboard.type("deepseek-r1");
    await frames(page, 10);
    await shot(page, "model-picker-phone");
    await press(page, "Enter");
    await frames(page, 10);
    assert(/calc\.model=deepseek-r1(&|$)/.test(await hash(page)), `phone pick: ${await hash(page)}`);
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
  }],
]).finally(async () => { await browser.close(); server.close(); });
