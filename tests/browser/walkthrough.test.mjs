// The decision walkthrough: Next walks the six steps (the link records the step), the last
// step shows recommendations, and "Open in Calculator" carries the configuration over. A model
// picked before the task is served in its released format (DeepSeek-V3: FP8).
import { DESKTOP, assert, captureFrame, distinctColours, frames, launch, open, run, serve, shot, targetBoxes,
         waitForMark } from "./harness.mjs";

const server = await serve();
const browser = await launch();
const step = (page) => page.evaluate(() => Number((location.hash.match(/walk\.step=(\d)/) || [0, 0])[1]));

await run([
  ["Next walks to the recommendations; the Calculator opens with the same job", async () => {
    const { context, page, problems } = await open(browser, server.url + "#v=1&view=walkthrough", DESKTOP);
    await waitForMark(page);
    await frames(page, 6);
    for (let expected = 1; expected <= 5; expected++) {
      await page.mouse.click(197, 831);  // "Next >"
      await frames(page, 8);
      assert((await step(page)) === expected, `after ${expected} clicks the step is ${await step(page)}`);
    }
    assert((await distinctColours(page)) > 20, "recommendations step blank");
    await shot(page, "walkthrough-recommendations-desktop");
    // Back keeps the answers: step 5 of 6.
    await page.mouse.click(70, 831);
    await frames(page, 8);
    assert((await step(page)) === 4, "Back did not go to step 5 of 6");
    await page.mouse.click(333, 831);  // "Open in Calculator"
    await frames(page, 10);
    const hash = await page.evaluate(() => location.hash);
    assert(hash.includes("view=calculator"), `Open in Calculator: ${hash}`);
    await shot(page, "walkthrough-to-calculator-desktop");
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
  }],
  // A new-user check: DeepSeek-V3 picked at step 2 of a fine-tune, then step 1 turned to serving,
  // was ranked in BF16 (#1 32 x H20 over two pipeline stages) where its FP8 release fits 8.
  ["a model picked before the task: serving it starts in its released format (DeepSeek-V3, FP8, 8 x H20)", async () => {
    const { context, page, problems } = await open(browser, server.url +
      "#v=1&view=walkthrough&walk.model=deepseek-v3&walk.region=cn-inner-mongolia&walk.step=0", DESKTOP, { captureText: true });
    await waitForMark(page, "gpu-atlas:view:walkthrough");
    await frames(page, 6);
    const box = targetBoxes((await captureFrame(page, "task step")).targets, "walk_task_serving")[0];
    assert(box, "no serving answer at step 1");
    await page.mouse.click(box[0] + box[2] / 2, box[1] + box[3] / 2);
    await frames(page, 6);
    const link = await page.evaluate(() => decodeURIComponent(location.hash));
    assert(link.includes("walk.method=inference") && link.includes("walk.precision=fp8"), `not served in FP8: ${link}`);
    // Step 1 is the default, so the link leaves it out: add the results step.
    await page.evaluate(() => { location.hash = location.hash.replace(/&walk\.step=\d/, "") + "&walk.step=5"; });
    await frames(page, 12);
    const results = await captureFrame(page, "results");
    assert(/#1\s+8 x H20/.test(results.text), `#1 is not 8 x H20: ${(results.text.match(/#1[^\n]{0,60}/) || ["none"])[0]}`);
    await shot(page, "walkthrough-deepseek-served-fp8");
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
  }],
]).finally(async () => { await browser.close(); server.close(); });
