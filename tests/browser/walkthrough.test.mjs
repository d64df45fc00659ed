// The decision walkthrough: Next walks the six steps (the link records the step), the last
// step shows recommendations, and "Open in Calculator" carries the configuration over.
import { DESKTOP, assert, distinctColours, frames, launch, open, run, serve, shot, waitForMark } from "./harness.mjs";

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
]).finally(async () => { await browser.close(); server.close(); });
