// The Accuracy panel (issue 12 part 8), desktop and phone, English and 简体中文: reached with one
// click or tap from the Calculator's verdict ("How accurate is this? ...") and from the Share view;
// its median and worst error equal `gpu-atlas validate --json`'s. Reads the drawn text through the
// test hook (src/platform/web/drawn_text_hook.hpp). Screenshots: build/screenshots/accuracy-*.png.
import { spawnSync } from "node:child_process";
import { DESKTOP, PHONE, assert, cliPath, findColour, frames, launch, run, serve, shot, waitForMark } from "./harness.mjs";

// The engine's own figures, from the native CLI built by ./scripts/build.sh native.
const cli = spawnSync(cliPath, ["validate", "--json"], { encoding: "utf8" });
assert(cli.stdout, `gpu-atlas validate --json printed nothing (build native first): ${cli.stderr}`);
const report = JSON.parse(cli.stdout);
// As the page prints them (src/ui/accuracy_view.cpp, ErrorPercentText: "%.1f %" in English,
// "%.1f%" in Chinese, whose percent sign stands against its number).
const pct = (fraction, zh = false) => `${(Math.abs(fraction) * 100).toFixed(1)}${zh ? "" : " "}%`;
const median = pct(report.median_abs_error), worst = pct(report.worst_abs_error);
const notHeld = report.evaluated - report.held;  // shown with their reason, not counted
const medianZh = pct(report.median_abs_error, true), worstZh = pct(report.worst_abs_error, true);
const firstHeld = report.cases.find((c) => c.excluded === null && c.error !== null);

const server = await serve();
const browser = await launch();

// The links' chip colour (accuracy_view.cpp, kLinkChip = IM_COL32(30, 58, 92)).
const CHIP_RGB = [30, 58, 92];

const findChip = (page) => findColour(page, CHIP_RGB);

async function openPage(hash, device, zh) {
  const context = await browser.newContext({ ...device, locale: zh ? "zh-CN" : "en-US" });
  await context.addInitScript(() => { window.__atlasCaptureText = true; });
  const page = await context.newPage();
  const problems = [];
  page.on("console", (m) => { if (m.type() === "error") problems.push(`console: ${m.text()}`); });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  await page.goto(server.url + hash + (zh ? "&lang=zh" : ""));
  await waitForMark(page, hash.includes("view=share") ? "gpu-atlas:view:share" : "gpu-atlas:view:calculator");
  if (zh) await page.waitForFunction(() => document.documentElement.lang === "zh-CN", null, { timeout: 20000 });
  await frames(page, 10);
  return { context, page, problems };
}

const drawn = async (page, label) => {
  await page.evaluate(() => window.__atlasWake && window.__atlasWake(1));
  await frames(page, 3);
  const text = await page.evaluate(() => window.__atlasDrawnText || "");
  if (process.env.DUMP) console.log(`---- drawn text ${label}\n${text}\n----`);
  return text;
};

async function press(page, device, at) {
  if (device === PHONE) await page.touchscreen.tap(at.x, at.y);
  else await page.mouse.click(at.x, at.y);
  await frames(page, 12);
}

// Words per language: the link under the verdict, and the panel's overall line.
function words(zh, phone) {
  if (zh)
    return { link: phone ? `准确度：中位误差 ${medianZh}（${report.held} 次实测）` : `中位误差 ${medianZh}（${report.held} 次实测；另列 ${notHeld} 次，不计入）`,
             overall: `中位误差 ${medianZh} · 最大误差 ${worstZh}`, counts: `${report.within} / ${report.held} 个计入案例`,
             excluded: "不计入：" };
  return { link: phone ? `Accuracy: median error ${median} on ${report.held} runs` : `Median error ${median} on ${report.held} measured runs (${notHeld} more listed, not counted)`,
           overall: `Median error ${median} · worst ${worst}`, counts: `${report.within} of ${report.held} held cases`,
           excluded: "Not counted:" };
}

async function fromCalculator(device, name, zh) {
  const phone = device === PHONE;
  const w = words(zh, phone);
  const { context, page, problems } = await openPage("#v=1&view=calculator", device, zh);
  let text = await drawn(page, `${name} calculator`);
  assert(text.includes(w.link), `${name}: no accuracy link under the verdict (want "${w.link}"):\n${text.slice(0, 1500)}`);
  const chip = await findChip(page);
  assert(chip, `${name}: the link's chip is not on the screen`);
  await shot(page, `accuracy-${name}-calculator`);
  await press(page, device, chip);
  text = await drawn(page, `${name} accuracy`);
  assert(text.includes(w.overall), `${name}: the panel's median/worst differ from validate --json (want "${w.overall}"):\n${text.slice(0, 2000)}`);
  assert(text.includes(w.counts), `${name}: held/within counts (want "${w.counts}")`);
  if (!phone) {
    assert(text.includes(firstHeld.id), `${name}: the first held case ${firstHeld.id} is not listed`);
    assert(text.includes(zh ? "训练显存" : "Training memory") && text.includes(zh ? "±15%" : "±15 %"), `${name}: no per-kind summary`);
  }
  await shot(page, `accuracy-${name}-panel`);
  if (phone) {
    // Scroll to the cases: a card per case, readable at phone width.
    await page.mouse.move(195, 500);
    for (let i = 0; i < 6; i++) await page.mouse.wheel(0, 400);
    await frames(page, 10);
    await shot(page, `accuracy-${name}-cards`);
  }
  assert(problems.length === 0, problems.join("\n"));
  await context.close();
}

async function fromShare(device, name, zh) {
  const w = words(zh, device === PHONE);
  const { context, page, problems } = await openPage("#v=1&view=share", device, zh);
  const chip = await findChip(page);
  assert(chip, `${name}: no accuracy button in the Share view`);
  await press(page, device, chip);
  const text = await drawn(page, `${name} accuracy from share`);
  assert(text.includes(w.overall), `${name}: panel from Share (want "${w.overall}"):\n${text.slice(0, 1500)}`);
  assert(problems.length === 0, problems.join("\n"));
  await context.close();
}

// The estimate's software warnings under the verdict (issue 12 part 7): QLoRA on MLU370-X8.
async function softwareWarning(device, name, zh) {
  const { context, page, problems } = await openPage("#v=1&view=calculator&calc.task=qlora&calc.gpu=mlu370-x8", device, zh);
  const text = await drawn(page, `${name} qlora on mlu370`);
  const want = zh ? "NF4 4 位权重（bitsandbytes） 在 寒武纪 MLU370-X8（" : "NF4 4-bit weights (bitsandbytes) is not available on MLU370-X8";
  assert(text.includes(want), `${name}: no NF4 warning (want "${want}"):\n${text.slice(0, 1500)}`);
  await shot(page, `accuracy-${name}-software-warning`);
  assert(problems.length === 0, problems.join("\n"));
  await context.close();
}

await run([
  ["desktop English, phone 简体中文: the Calculator warns that MLU370 has no NF4", async () => {
    await softwareWarning(DESKTOP, "desktop-en", false);
    await softwareWarning(PHONE, "phone-zh", true);
  }],
  ["desktop, English: from the verdict, figures equal validate --json", () => fromCalculator(DESKTOP, "desktop-en", false)],
  ["desktop, 简体中文: the same", () => fromCalculator(DESKTOP, "desktop-zh", true)],
  ["phone, English: one tap from the verdict", () => fromCalculator(PHONE, "phone-en", false)],
  ["phone, 简体中文: one tap from the verdict", () => fromCalculator(PHONE, "phone-zh", true)],
  ["desktop and phone: from the Share view", async () => {
    await fromShare(DESKTOP, "desktop-en-share", false);
    await fromShare(PHONE, "phone-zh-share", true);
  }],
]).finally(async () => { await browser.close(); server.close(); });
