// Audit helper (not committed): dumps drawn text and screenshots of every view in zh and en.
import { writeFileSync, mkdirSync } from "node:fs";
import { DESKTOP, PHONE, frames, launch, openCapturing, serve, shot, waitForMark, swipe } from "./harness.mjs";
const server = await serve();
const browser = await launch();
const out = "/work/wt/audit/build/audit";
mkdirSync(out, { recursive: true });
mkdirSync("/work/wt/audit/build/screenshots/audit", { recursive: true });
const links = (process.env.LINKS || "view=tiers;view=tiers&tier.pinned=h20;view=tiers&tier.pinned=mi300a;view=tiers&tier.pinned=hygon-k100-ai;view=calculator;view=calculator&calc.task=inference;view=calculator&calc.task=qlora&calc.gpu=mlu370-x8;view=calculator&calc.model=gemma-3-1b;view=walkthrough&walk.step=0;view=walkthrough&walk.step=1;view=walkthrough&walk.step=2;view=walkthrough&walk.step=3;view=walkthrough&walk.step=4;view=walkthrough&walk.step=5;view=cost;view=cost&cost.preset=C;view=share").split(";");
const langs = (process.env.LANGS || "zh").split(",");
const devices = (process.env.DEVICES || "desktop,phone").split(",");
for (const lang of langs) for (const dname of devices) {
  const device = dname === "phone" ? PHONE : DESKTOP;
  const suffix = lang === "zh" ? "&lang=zh" : "";
  const { context, page } = await openCapturing(browser, server.url + `#v=1&view=tiers${suffix}`, device, lang === "zh" ? "zh-CN" : "en-US");
  await waitForMark(page);
  if (lang === "zh") await page.waitForFunction(() => document.documentElement.lang === "zh-CN", null, { timeout: 20000 });
  for (const link of links) {
    await page.goto(server.url + `#v=1&${link}${suffix}`);
    await frames(page, 45);
    const drags = dname === "phone" ? Number(process.env.DRAGS || 3) : 0;
    let all = "";
    for (let i = 0; i <= drags; i++) {
      if (i > 0) await swipe(context, page, 20, 700, 20, 200, 8);
      await page.evaluate(() => window.__atlasWake && window.__atlasWake(1));
      await frames(page, 5);
      const text = await page.evaluate(() => window.__atlasDrawnText || "");
      all += `==== ${i}\n${text}\n`;
      const name = `${lang}-${dname}-${link.replace(/[^a-z0-9]+/gi, "-")}-${i}`;
      await shot(page, `audit/${name}`);
    }
    writeFileSync(`${out}/${lang}-${dname}-${link.replace(/[^a-z0-9]+/gi, "-")}.txt`, all);
  }
  await context.close();
}
await browser.close(); server.close();
