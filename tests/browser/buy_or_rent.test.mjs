// The Cost view's headline on buy or rent (engine/cost.hpp, "buying for one job"): a 10-hour
// RTX 4090 job and the default 720-hour A100 job are told to rent, and the line under the
// headline says buying was counted as the cash outlay for this job, with the break-even hours.
// Desktop and phone, English and Chinese; screenshots in build/screenshots. Reads the drawn text
// through the test hook (src/platform/web/drawn_text_hook.hpp). Serves ATLAS_DIST or build/web/dist.
import { DESKTOP, PHONE, assert, dist, frames, launch, openCapturing, run, serve, shot, waitForMark } from "./harness.mjs";

const server = await serve(process.env.ATLAS_DIST || dist);
const browser = await launch();
const SHORT = "#v=1&view=cost&cost.gpu=rtx-4090&cost.gpus=1&cost.hours=10";
const DEFAULT = "#v=1&view=cost";

async function drawnText(device, link, lang = "en") {
  const { context, page, problems } = await openCapturing(browser, server.url + link + (lang === "zh" ? "&lang=zh" : ""), device,
                                                         lang === "zh" ? "zh-CN" : "en-US");
  await waitForMark(page);
  const marker = lang === "zh" ? "买还是租" : "Buy or rent";
  await page.waitForFunction((m) => (window.__atlasDrawnText || "").includes(m), marker, { timeout: 30000 });
  await page.evaluate(() => window.__atlasWake && window.__atlasWake(1));
  await frames(page, 4);
  const text = await page.evaluate(() => window.__atlasDrawnText || "");
  if (process.env.DUMP) console.log(`---- drawn text\n${text}\n----`);
  return { context, page, problems, text };
}

// The headline sentence (it may wrap over lines: joined up to the next sentence's start).
function headline(text, lang) {
  const flat = text.replace(/\n/g, " ");
  const start = flat.indexOf(lang === "zh" ? "满足约束的最低成本" : "Cheapest under the constraints");
  assert(start >= 0, `no headline in:\n${text.slice(0, 2000)}`);
  return flat.slice(start, start + 160);
}

await run([
  ["desktop: a 10-hour RTX 4090 job rents; the basis and break-even hours are said", async () => {
    const { context, page, problems, text } = await drawnText(DESKTOP, SHORT);
    const h = headline(text, "en");
    assert(!/purchase/i.test(h.split(":").slice(1, 2).join(":")), `headline picks a purchase: ${h}`);
    const flat = text.replace(/\n/g, " ");
    assert(/buying is counted as the cash outlay for this job/.test(flat), "no basis line");
    assert(/this job: 10\sh/.test(flat), `no job hours in the basis line: ${flat.slice(flat.indexOf("Buy or rent"), flat.indexOf("Buy or rent") + 300)}`);
    await shot(page, "buy-or-rent-desktop-10h");
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
  }],
  ["desktop: the default 720-hour A100 job is not told to buy from one used-market quote", async () => {
    const { context, page, problems, text } = await drawnText(DESKTOP, DEFAULT);
    const h = headline(text, "en");
    assert(!/, purchase:/i.test(h), `headline picks a purchase: ${h}`);
    await shot(page, "buy-or-rent-desktop-default");
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
  }],
  ["phone 390x844 @3x, English and Chinese: the same verdict and basis line", async () => {
    for (const lang of ["en", "zh"]) {
      const { context, page, problems, text } = await drawnText(PHONE, SHORT, lang);
      headline(text, lang);
      const flat = text.replace(/\n/g, "");
      assert(flat.includes(lang === "zh" ? "自购按本任务的现金支出计" : "counted as the cash outlay"), `${lang}: no basis line`);
      await shot(page, `buy-or-rent-phone-${lang}`);
      assert(problems.length === 0, problems.join("\n"));
      await context.close();
    }
  }],
]);
await browser.close();
server.close();
