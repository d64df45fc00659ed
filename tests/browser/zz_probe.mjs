import { DESKTOP, PHONE, dist, frames, launch, openCapturing, serve, waitForMark } from "./harness.mjs";
const server = await serve(process.env.ATLAS_DIST || dist);
const browser = await launch();
async function view(name, device, hash, lang, after) {
  const { context, page, problems } = await openCapturing(browser, server.url + hash + (lang === "zh" ? "&lang=zh" : ""), device, lang === "zh" ? "zh-CN" : "en-US");
  await waitForMark(page);
  await waitForMark(page, "gpu-atlas:deferred-ready").catch(() => {});
  await page.evaluate(() => window.__atlasWake && window.__atlasWake(1));
  await frames(page, 8);
  if (after) await after(page);
  await page.screenshot({ path: `/tmp/probe/${name}.png` });
  const text = await page.evaluate(() => window.__atlasDrawnText || "");
  if (problems.length) console.log(name, "PROBLEMS", problems);
  await context.close();
  return text;
}
const calc = "#v=1&view=calculator&calc.model=llama-3.1-70b&calc.task=inference&calc.gpu=h100-sxm&calc.gpus=2&calc.tp=2";
const scrollTo = (y) => async (page) => { await page.mouse.move(700, 500); await page.mouse.wheel(0, y); await frames(page, 8); };
let t = await view("calc-desktop", DESKTOP, calc, "en", scrollTo(1400));
console.log(t.slice(t.indexOf("Fits on"), t.indexOf("Fits on") + 900));
await view("calc-desktop-hover", DESKTOP, calc, "en", async (page) => {
  await scrollTo(1400)(page);
  const targets = await page.evaluate(() => window.__atlasTargets || {});
  const text = await page.evaluate(() => window.__atlasDrawnText || "");
});
t = await view("cost-desktop", DESKTOP, "#v=1&view=cost", "en");
console.log(t.slice(t.indexOf("Cheapest"), t.indexOf("Cheapest") + 400));
await view("cost-desktop-low", DESKTOP, "#v=1&view=cost", "en", scrollTo(900));
await view("cost-phone-zh", PHONE, "#v=1&view=cost", "zh");
await view("calc-phone", PHONE, calc, "en", async (page) => { await page.mouse.move(195, 400); for (let i = 0; i < 6; i++) await page.mouse.wheel(0, 600); await frames(page, 8); });
await view("calc-4090-phone", PHONE, "#v=1&view=calculator&calc.model=llama-3.1-70b&calc.task=inference&calc.gpu=rtx-4090&calc.gpus=8&calc.tp=8", "en");
await view("walk-job", DESKTOP, "#v=1&view=walkthrough&walk.step=2", "en");
await browser.close();
server.close();
