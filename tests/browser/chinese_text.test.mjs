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

const drawn = (page) => page.evaluate(() => window.__atlasDrawnText || "");

await run([
  ["a Chinese walkthrough link opened cold shows the guide rows' words (issue 17 step 2 bug)", async () => {
    for (const [device, name] of [[DESKTOP, "desktop"], [PHONE, "phone"]]) {
      const { context, page, problems } = await openChinese("#v=1&view=walkthrough&lang=zh&walk.step=1&walk.task=peft", device);
      const text = await drawn(page);
      const rows = text.split("\n").filter((l) => l.includes("指南表格"));
      assert(rows.length >= 2, `${name}: no guide rows drawn:\n${text.slice(0, 2000)}`);
      const lora = rows.find((l) => l.includes("7B-13B"));
      assert(lora && lora.includes("LoRA / QLoRA") && lora.includes("RTX 4090") && lora.includes("24 GB"),
             `${name}: 7B-13B row incomplete: ${lora}`);
      const caseA = rows.find((l) => l.includes("8B →"));
      assert(caseA && caseA.includes("案例 A") && !caseA.includes("case A"), `${name}: case A row: ${caseA}`);
      for (const r of rows) assert(!r.includes("（）") && !r.includes("→ （"), `${name}: empty words in ${r}`);
      await shot(page, `zh-${name}-walkthrough-step2`);
      assert(problems.length === 0, problems.join("\n"));
      await context.close();
    }
  }],
]).finally(async () => { await browser.close(); server.close(); });
