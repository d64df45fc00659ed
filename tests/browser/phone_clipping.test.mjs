// Issue 17 item 7 (and 16.7, "no truncated labels"): on a 390 px phone, in English and Chinese,
// no text is cut off sideways by the column or window it is drawn in. Read through the app's
// clipped-text hook (src/platform/web/clipped_text_hook.hpp: window.__atlasClippedText, the
// glyph runs that reach past their clip rectangle, tables that scroll sideways excepted) while
// each view is scrolled from top to bottom. In English, also no Chinese characters beyond the
// language button (the English page's fonts have none: they are drawn as "?"). A control case proves the hook sees clipping: on a
// 200 px wide screen something must be cut.
import { PHONE_3X, assert, frames, launch, openInLanguage, run, serve, shot, swipe } from "./harness.mjs";

const server = await serve();
const browser = await launch();

const VIEWS = ["tiers", "calculator", "walkthrough", "cost", "share"];

// The clipped texts of a fresh frame, with where they were seen.
async function clippedNow(page) {
  await page.evaluate(() => window.__atlasWake && window.__atlasWake(1));
  await frames(page, 4);
  return page.evaluate(() => ({ clipped: window.__atlasClippedText || null, text: window.__atlasDrawnText || "" }));
}

// The app draws its settle time (500 ms) after each input; every check here wakes it and reads
// a fresh frame (clippedNow), and a swipe's kinetic scroll keeps it drawing, so the page may pause
// as soon as it is quiet: each further software-WebGL frame only costs CPU (0.2-0.35 s).
const quick = (page) => page.evaluate(() => { window.__atlasSettleMs = 0; });

// Scrolls `page` down its view a screen at a time and returns every clipped text seen (as
// "window: text" strings), and how many positions were looked at.
async function scanView(context, page, label) {
  const seen = new Map(), cjk = new Set();
  let positions = 0, last = "", startY = 640, still = 0;
  for (let step = 0; step < 30 && still < 2; step++) {
    const { clipped, text } = await clippedNow(page);
    assert(Array.isArray(clipped), `${label}: the clipped-text hook published nothing (is the deferred code loaded?)`);
    positions++;
    for (const c of clipped) seen.set(`${c.window}: "${c.text}"`, c);
    // The English page has no CJK font but the language button's two characters (ui_cjk.ttf): a
    // Chinese seller's name drawn raw there showed as "OmniYQ (????)".
    for (const line of text.split("\n")) if (CJK.test(line.replaceAll("中文", ""))) cjk.add(line.trim());
    if (process.env.DUMP) await shot(page, `clip-${label.replace(/[^a-z0-9]+/gi, "-")}-${step}`);
    // A swipe that starts on a table that scrolls itself moves that table, not the page: when
    // nothing moved, the next swipe starts elsewhere; twice still means the bottom.
    if (text === last) { still++; startY = startY === 640 ? 420 : 640; } else still = 0;
    last = text;
    await swipe(context, page, 20, startY, 20, startY - 320, 8);
  }
  return { seen, positions, cjk };
}
const CJK = /[\u2E80-\u9FFF\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFFEF]/;

const cases = [];
for (const lang of ["en", "zh"])
  cases.push([`phone 390x844, ${lang}: no label or value cut off sideways in any view`, async () => {
    const failures = [];
    // English also with a card pinned whose name is wider than the phone (its chart label and
    // its spec card's heading wrap).
    const views = lang === "en" ? [...VIEWS, "tiers&tier.pinned=ascend-910b"] : VIEWS;
    for (const view of views) {
      const hash = `#v=1&view=${view}${lang === "zh" ? "&lang=zh" : ""}`;
      const { context, page, problems } = await openInLanguage(browser, server.url + hash, PHONE_3X, lang, { deferred: true });
      await quick(page);
      const { seen, positions, cjk } = await scanView(context, page, `${lang} ${view}`);
      assert(positions >= 2, `${lang} ${view}: only ${positions} scroll positions looked at`);
      for (const [what, c] of seen) failures.push(`${lang} ${view}: ${what} cut at x=${c.clip_right} (y=${c.y})`);
      if (lang === "en") for (const line of cjk) failures.push(`en ${view}: Chinese characters the English fonts lack (drawn as "?"): ${line}`);
      assert(problems.length === 0, problems.join("\n"));
      await context.close();
    }
    assert(failures.length === 0, `text cut off on the phone:\n${failures.join("\n")}`);
  }]);

cases.push(["control: on a 200 px wide screen the hook does report cut text", async () => {
  const narrow = { ...PHONE_3X, viewport: { width: 200, height: 700 } };
  const { context, page } = await openInLanguage(browser, server.url + "#v=1&view=cost", narrow, "en", { deferred: true });
  await quick(page);
  const { seen } = await scanView(context, page, "control");
  assert(seen.size > 0, "a 200 px screen cut nothing: the hook cannot see clipping");
  await context.close();
}]);

await run(cases).finally(async () => { await browser.close(); server.close(); });
