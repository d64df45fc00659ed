// Share links in the browser: a link opens the exact state (desktop and phone), the app
// rewrites the fragment as the state changes, a hostile link shows a notice instead of
// breaking, and the page works from a sub-path.
import { DESKTOP, PHONE, assert, distinctColours, drawnText, findColour, frames, launch, open, run, serve, shot, waitForMark } from "./harness.mjs";
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { cliPath, dist, root } from "./harness.mjs";

const server = await serve();
const browser = await launch();
const cli = cliPath;
const link = "#v=1&view=calculator&calc.model=llama-3.1-70b&calc.task=qlora&calc.gpu=rtx-4090&calc.gpus=2&calc.dp=2&calc.zero_stage=3";

await run([
  ["a link opens the calculator with its state; the fragment is kept canonical", async () => {
    const { context, page, problems } = await open(browser, server.url + link, DESKTOP);
    await waitForMark(page);
    await frames(page, 10);
    const hash = await page.evaluate(() => location.hash);
    assert(hash.includes("view=calculator") && hash.includes("calc.model=llama-3.1-70b") && hash.includes("calc.gpus=2"),
           `fragment after load: ${hash}`);
    await shot(page, "link-calculator-desktop");
    // The CLI decodes the same fragment to the same state (same code as the browser).
    const state = JSON.parse(execFileSync(cli, ["link", "decode", hash]).toString());
    assert(state.view === "calculator" && state.calculator.model === "llama-3.1-70b" && state.calculator.gpus === 2,
           "CLI decode differs");
    assert(state.notices.length === 0, `CLI notices: ${state.notices}`);
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
  }],
  ["the same link on a phone opens the same view; its notices show whole", async () => {
    // With four bad parts: on a phone each notice wraps to two lines, and a banner sized by the
    // count of notices showed only the first until scrolled.
    const bad = "&calc.seq_len=-5&calc.micro_batch=0&tier.tier=7&cost.hours=0";
    const { context, page, problems } = await open(browser, server.url + link + bad, PHONE);
    await waitForMark(page, "gpu-atlas:deferred-ready");
    await frames(page, 10);
    const hash = await page.evaluate(() => location.hash);
    assert(hash.includes("view=calculator") && hash.includes("calc.gpu=rtx-4090"), hash);
    assert((await distinctColours(page)) > 20, "blank");
    // A tap on the banner (its colour, share_view.cpp; beside Dismiss): the test hook reports
    // the panel under the finger that scrolls, and there is none when the banner shows all.
    const banner = await findColour(page, [70, 52, 20]);
    assert(banner, "no notice banner drawn");
    await page.evaluate(() => { window.__atlasScroll = null; });
    await page.touchscreen.tap(banner.x + 60, banner.y);
    await frames(page, 6);
    const scroll = await page.evaluate(() => window.__atlasScroll);
    assert(!scroll || !(scroll.max > 0), `the notice banner scrolls (${JSON.stringify(scroll)}): it does not show every notice`);
    await shot(page, "link-calculator-phone");
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
  }],
  ["changing tabs rewrites the fragment and back returns to the previous view", async () => {
    const { context, page } = await open(browser, server.url, DESKTOP);
    await waitForMark(page);
    await frames(page, 5);
    await page.mouse.click(130, 44);  // Calculator tab
    await frames(page, 8);
    let hash = await page.evaluate(() => location.hash);
    assert(hash.includes("view=calculator"), `after tab click: ${hash}`);
    await page.goBack();
    await frames(page, 30);
    hash = await page.evaluate(() => location.hash);
    assert(!hash.includes("view=calculator"), `after back: ${hash}`);
    await context.close();
  }],
  ["a hostile link keeps valid parts and shows a notice, no errors", async () => {
    const bad = "#v=99&view=calculator&calc.model=qwen2.5-72b&calc.gpus=banana&%3Cscript%3E=1&calc.tp=" + "9".repeat(50);
    const { context, page, problems } = await open(browser, server.url + bad, DESKTOP, { captureText: true });
    await waitForMark(page);
    await frames(page, 10);
    const hash = await page.evaluate(() => location.hash);
    assert(hash.includes("calc.model=qwen2.5-72b"), `valid part lost: ${hash}`);
    // The address is rewritten to the state it opened: a re-shared link carries no bad part.
    for (const gone of ["banana", "script", "9".repeat(20), "v=99"]) assert(!hash.includes(gone), `"${gone}" still in ${hash}`);
    assert(/^#v=1&/.test(hash), `not the canonical form: ${hash}`);
    // ... while the notice still says what was left out, and a reload of the rewritten address
    // opens the same state without one.
    const text = await drawnText(page);
    assert(/banana/.test(text), "the notice no longer names the bad count");
    await page.reload();
    await waitForMark(page);
    await frames(page, 10);
    assert(await page.evaluate(() => location.hash) === hash, "the reloaded address changed");
    assert(!/banana/.test(await drawnText(page)), "the rewritten link still shows a notice");
    await shot(page, "link-hostile-desktop");
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
  }],
  ["the site works from a sub-path of a static host", async () => {
    const top = path.join(root, "build/subpath-site");
    rmSync(top, { recursive: true, force: true });
    mkdirSync(path.join(top, "tools/atlas"), { recursive: true });
    cpSync(dist, path.join(top, "tools/atlas"), { recursive: true });
    const sub = await serve(top);
    try {
      const { context, page, problems } = await open(browser, sub.url + "tools/atlas/" + link, DESKTOP);
      await waitForMark(page);
      await frames(page, 5);
      assert((await distinctColours(page)) > 20, "blank from a sub-path");
      assert(problems.length === 0, problems.join("\n"));
      await context.close();
    } finally {
      sub.close();
    }
  }],
]).finally(async () => { await browser.close(); server.close(); });
