// Marks on the walkthrough's recommendations (issue 13.5): with domestic cards only, LoRA of an
// 8B model lists cards without a public rent quote ("no price") and BR100, whose speed rests on
// Biren's own peak ("vendor's claim") and which is never #1; in English and 简体中文, desktop and
// phone. Reads the drawn text through the test hook. Serves ATLAS_DIST or build/web/dist.
import { DESKTOP, PHONE, assert, dist, frames, launch, run, serve, shot, waitForMark } from "./harness.mjs";

const server = await serve(process.env.ATLAS_DIST || dist);
const browser = await launch();
const LINK = "#v=1&view=walkthrough&walk.step=5&walk.method=lora&walk.precision=bf16&walk.domestic=true";

async function results(device, lang, name) {
  const context = await browser.newContext({ ...device, locale: lang === "zh" ? "zh-CN" : "en-US" });
  await context.addInitScript(() => { window.__atlasCaptureText = true; });
  const page = await context.newPage();
  const problems = [];
  page.on("console", (m) => { if (m.type() === "error") problems.push(`console: ${m.text()}`); });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  await page.goto(server.url + LINK + `&lang=${lang}`);
  await waitForMark(page);
  const word = lang === "zh" ? "[无价格]" : "[no price]";
  await page.waitForFunction((w) => (window.__atlasDrawnText || "").includes(w), word, { timeout: 40000 })
    .catch(() => {});
  await page.evaluate(() => window.__atlasWake && window.__atlasWake(1));
  await frames(page, 4);
  const text = await page.evaluate(() => window.__atlasDrawnText || "");
  if (process.env.DUMP) console.log(`---- ${name}\n${text}\n----`);
  await shot(page, `recommend-marks-${name}`);
  return { context, text, problems };
}

await run([
  ["English, desktop and phone: 'no price' and 'vendor's claim' marks, BR100 not #1", async () => {
    for (const [device, name] of [[DESKTOP, "desktop"], [PHONE, "phone"]]) {
      const { context, text, problems } = await results(device, "en", `en-${name}`);
      assert(text.includes("[no price]"), `${name}: no 'no price' mark:\n${text.slice(0, 3000)}`);
      const first = text.split("\n").find((l) => l.startsWith("#1 "));
      assert(first && !first.includes("BR100") && !first.includes("[vendor's claim]"), `${name}: #1 is ${first}`);
      if (text.includes("BR100")) assert(text.includes("[vendor's claim]"), `${name}: BR100 listed without the vendor's-claim mark`);
      assert(problems.length === 0, problems.join("\n"));
      await context.close();
    }
  }],
  ["简体中文: the same marks in Chinese", async () => {
    const { context, text, problems } = await results(DESKTOP, "zh", "zh-desktop");
    assert(text.includes("[无价格]"), `no '无价格' mark:\n${text.slice(0, 3000)}`);
    assert(!text.includes("[no price]"), "English mark in the Chinese page");
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
  }],
]);

await browser.close();
server.close();
