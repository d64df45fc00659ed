// 简体中文 drawn text, read through the drawn-text test hook (src/platform/web/drawn_text_hook.hpp):
// words that arrive after start-up (text/zh.json) are looked up when drawn, never captured early.
import { DESKTOP, PHONE, assert, frames, launch, run, serve, shot, waitForMark } from "./harness.mjs";

const server = await serve();
const browser = await launch();

// Opens `hash` cold in a fresh context with the hook on; returns the page once it is Chinese.
async function openChinese(hash, device, locale = "zh-CN") {
  const context = await browser.newContext({ ...device, locale });
  await context.addInitScript(() => { window.__atlasCaptureText = true; });
  const page = await context.newPage();
  const problems = [];
  page.on("console", (m) => { if (m.type() === "error") problems.push(`console: ${m.text()}`); });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  await page.goto(server.url + hash);
  await waitForMark(page);
  await page.waitForFunction(() => document.documentElement.lang === "zh-CN", null, { timeout: 20000 });
  await frames(page, 10);
  return { context, page, problems };
}

const drawn = async (page, label = "") => {
  const text = await page.evaluate(() => window.__atlasDrawnText || "");
  if (process.env.DUMP) console.log(`---- drawn text ${label}\n${text}\n----`);
  return text;
};

await run([
  ["a Chinese walkthrough link opened cold shows the guide rows' words (issue 17 step 2 bug)", async () => {
    for (const [device, name] of [[DESKTOP, "desktop"], [PHONE, "phone"]]) {
      const { context, page, problems } = await openChinese("#v=1&view=walkthrough&lang=zh&walk.step=1&walk.task=peft", device);
      const text = await drawn(page, `walkthrough step 2 ${name}`);
      const rows = text.split("\n").filter((l) => l.includes("指南表格"));
      assert(rows.length >= 2, `${name}: no guide rows drawn:\n${text.slice(0, 2000)}`);
      const lora = rows.find((l) => l.includes("7B-13B"));
      assert(lora && lora.includes("LoRA / QLoRA") && lora.includes("RTX 4090") && lora.includes("24 GB"),
             `${name}: 7B-13B row incomplete: ${lora}`);
      const caseA = rows.find((l) => l.includes("8B QLoRA"));
      assert(caseA && caseA.includes("案例 A") && !caseA.includes("case A"), `${name}: case A row: ${caseA}`);
      for (const r of rows) assert(!r.includes("（）") && !r.includes("→ （"), `${name}: empty words in ${r}`);
      await shot(page, `zh-${name}-walkthrough-step2`);
      assert(problems.length === 0, problems.join("\n"));
      await context.close();
    }
  }],
  ["Chinese readers price in mainland China by default; the walkthrough says so, and a link's choice is kept", async () => {
    const { context, page, problems } = await openChinese("#v=1&view=walkthrough&lang=zh&walk.step=4", DESKTOP);
    let text = await drawn(page, "walkthrough step 5");
    assert(text.includes("自动：中国大陆"), "step 5 does not show the automatic mainland market");
    await page.goto(server.url + "#v=1&view=walkthrough&lang=zh&walk.step=5");
    await frames(page, 40);
    text = await drawn(page, "walkthrough results");
    assert(/国内 市场（地区 [^）]*枢纽/.test(text) && text.includes("¥"), "results do not price from CN-market sellers in a mainland hub");
    await shot(page, "zh-desktop-walkthrough-results");
    await page.goto(server.url + "#v=1&view=walkthrough&lang=zh&walk.step=4&walk.market=global");
    await frames(page, 40);
    text = await drawn(page, "walkthrough step 5, global");
    assert(text.includes("境外（境外平台）"), "a link's market=global is not kept");
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
  }],
  ["Chinese figures: × 10ⁿ instead of e-notation, 万 for large money", async () => {
    const { context, page, problems } = await openChinese("#v=1&view=calculator&lang=zh", DESKTOP);
    const text = await drawn(page, "calculator");
    assert(!/\d\.\d+e[+-]\d/.test(text), `e-notation in the Chinese calculator: ${text.match(/.*\d\.\d+e[+-]\d.*/)}`);
    assert(/×\s10/.test(text), "no × 10ⁿ figure in the Chinese calculator");
    await shot(page, "zh-desktop-calculator");
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
  }],
  ["typed Chinese through an input method reaches the model search, and characters beyond the font subset are drawn", async () => {
    for (const [device, name, combo] of [[DESKTOP, "desktop", [212, 117]]]) {
      const { context, page, problems } = await openChinese("#v=1&view=calculator&lang=zh", device);
      const fullFont = [];
      page.on("request", (r) => { if (r.url().endsWith("/fonts/zh-full.ttf")) fullFont.push(r.url()); });
      await page.mouse.click(...combo);  // the model picker; its search field takes the keyboard
      await frames(page, 10);
      assert(await page.evaluate(() => document.activeElement && document.activeElement.id === "text-bridge"),
             `${name}: the text bridge does not hold the focus while the search edits`);
      // An input method: composition (拼音 "pengpai") then the committed characters. 鹏 and 鲲 are
      // outside the Chinese subset (fonts/zh.ttf).
      const cdp = await context.newCDPSession(page);
      await cdp.send("Input.imeSetComposition", { text: "kunpeng", selectionStart: 7, selectionEnd: 7 });
      await frames(page, 4);
      await cdp.send("Input.insertText", { text: "鲲鹏" });
      await frames(page, 30);
      const text = await drawn(page, `calculator search ${name}`);
      assert(/\{\s*鲲鹏\s*\}/.test(text), `${name}: the search field does not hold the typed 鲲鹏:\n${text.slice(0, 600)}`);
      assert(!text.includes("kunpeng"), `${name}: the composition's pinyin leaked into the field`);
      assert(fullFont.length === 1, `${name}: full CJK font requests: ${fullFont.length}`);
      await shot(page, `zh-${name}-typed-cjk`);
      assert(problems.length === 0, problems.join("\n"));
      await context.close();
    }
  }],
]).finally(async () => { await browser.close(); server.close(); });
