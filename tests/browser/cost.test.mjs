// The Cost & region view: switch to its tab, apply the guides' budget presets, screenshot at
// desktop and phone sizes, no console errors. Tabs are ImGui widgets on the canvas, so clicks go
// by coordinates (1440x900 desktop: tab bar at y~44 CSS px). Serves ATLAS_DIST or build/web/dist.
import { DESKTOP, PHONE, assert, dist, distinctColours, frames, launch, open, run, serve, shot, waitForMark } from "./harness.mjs";

const server = await serve(process.env.ATLAS_DIST || dist);
const browser = await launch();

// Scrolls the view under (x, y) by `dy` CSS px with the wheel and lets it settle.
async function wheel(page, x, y, dy) {
  await page.mouse.move(x, y);
  await page.mouse.wheel(0, dy);
  await frames(page, 6);
}

await run([
  ["desktop: Cost & region tab, presets A/B/C, no errors", async () => {
    const { context, page, problems } = await open(browser, server.url, DESKTOP);
    await waitForMark(page);
    await frames(page, 6);
    await page.mouse.click(330, 44);  // 'Cost & region'
    await frames(page, 10);
    assert((await distinctColours(page)) > 20, "canvas looks blank");
    await shot(page, "cost-desktop");
    // Preset buttons: first row of the results column (right of the inputs panel).
    const presets = [["A", 450], ["B", 700], ["C", 900]];
    for (const [id, x] of presets) {
      await page.mouse.click(x, 112);
      await frames(page, 10);
      await shot(page, `cost-desktop-preset-${id}`);
    }
    await wheel(page, 900, 500, 700);
    await shot(page, "cost-desktop-scrolled");
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
  }],
  ["tall desktop: every chart on one screen, no errors", async () => {
    const { context, page, problems } = await open(browser, server.url, { viewport: { width: 1440, height: 2600 }, deviceScaleFactor: 1 });
    await waitForMark(page);
    await frames(page, 6);
    await page.mouse.click(330, 44);
    await frames(page, 8);
    await page.mouse.click(450, 112);  // preset A
    await frames(page, 10);
    await shot(page, "cost-desktop-tall");
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
  }],
  ["phone 390x844 @2x: one column, preset, no errors", async () => {
    const { context, page, problems } = await open(browser, server.url, PHONE);
    await waitForMark(page);
    await frames(page, 6);
    // The tab bar scrolls on a phone: tap the tab-list arrow until Cost & region shows, or tap it directly.
    await page.mouse.click(330, 48);
    await frames(page, 10);
    await shot(page, "cost-phone");
    assert((await distinctColours(page)) > 20, "canvas looks blank");
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
  }],
]).finally(async () => { await browser.close(); server.close(); });
