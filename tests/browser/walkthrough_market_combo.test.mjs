// Walkthrough step 5's "Rental prices from" combo shows its longest choice whole ("automatic:
// outside mainland China (global sellers)" was cut at "(globa"), in English and Chinese, on a
// desktop and a phone: the box is as wide as that choice's text, its padding and the arrow.
// The app reports the combo (walk_market) and where its longest choice's text ends
// (walk_market_longest) as test targets (src/ui/walkthrough_view.cpp).
import { DESKTOP, PHONE, assert, followLink, frames, launch, openCapturing, run, serve, shot, waitForMark } from "./harness.mjs";

const server = await serve();
const browser = await launch();

const cases = [];
for (const [dname, device] of [["desktop", DESKTOP], ["phone", PHONE]])
  for (const lang of ["en", "zh"])
    // The automatic market names the global one in English, mainland China in Chinese; with a
    // domestic-cards-only English reader, mainland China: every choice is shown by one of them.
    // One page: the domestic-only link arrives as a new link (the app follows the address).
    cases.push([`${dname} ${lang}, then with walk.domestic=1: the market combo shows its longest choice whole`, async () => {
      let opened = null;
      for (const extra of ["", "&walk.domestic=1"]) {
        const hash = `#v=1&view=walkthrough&walk.step=4${lang === "zh" ? "&lang=zh" : ""}${extra}`;
        if (!opened) {
          opened = await openCapturing(browser, server.url + hash, device, lang === "zh" ? "zh-CN" : "en-US");
          await waitForMark(opened.page);
          await opened.page.waitForFunction((l) => document.documentElement.lang === l, lang === "zh" ? "zh-CN" : "en", { timeout: 20000 });
        } else {
          await followLink(opened.page, hash, /walk\.domestic=1/);
          await frames(opened.page, 6);
        }
        const { page, problems } = opened;
        await page.waitForFunction(() => (window.__atlasTargets || {}).walk_market_longest, null, { timeout: 30000 });
        await page.evaluate(() => window.__atlasWake && window.__atlasWake(1));
        await frames(page, 6);
        const { targets, text } = await page.evaluate(() => ({ targets: window.__atlasTargets, text: window.__atlasDrawnText || "" }));
        const [cx, , cw, ch] = targets.walk_market;
        const [lx, , lw] = targets.walk_market_longest;
        if (process.env.DUMP) console.log(JSON.stringify({ extra, combo: targets.walk_market, longest: targets.walk_market_longest }));
        // The arrow is a square of the box's height at its right end; the text must end before it.
        const arrowLeft = cx + cw - ch;
        const where = `${dname} ${lang}${extra}`;
        assert(lx === cx, `${where}: the longest choice is not measured from the box's left edge: ${lx} vs ${cx}`);
        assert(lx + lw <= arrowLeft + 0.5, `${where}: the longest choice ends at ${(lx + lw).toFixed(1)} px, past the arrow at ${arrowLeft.toFixed(1)} (box ${cw.toFixed(1)} px wide)`);
        assert(cx + cw <= (device === PHONE ? 390 : 1440), `${where}: the box runs off the screen: ${cx} + ${cw}`);
        assert(text.includes(lang === "zh" ? "租用价格来源" : "Rental prices from"), `${where}: step 5's market combo is not drawn`);
        await shot(page, `walk-market-${dname}-${lang}${extra ? "-domestic" : ""}`);
        assert(problems.length === 0, problems.join("\n"));
      }
      await opened.context.close();
    }]);

await run(cases).finally(async () => { await browser.close(); server.close(); });
