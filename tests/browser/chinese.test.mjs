// 简体中文: the Chinese font is fetched only when Chinese is shown; the language follows the
// browser by default, the link when it says, and the header switch at any time; a failed
// font fetch leaves a working English UI. Screenshots: build/screenshots/zh-*.png.
import { DESKTOP, PHONE, assert, distinctColours, frames, isAsset, launch, open, run, serve, shot, waitForMark } from "./harness.mjs";

const server = await serve();
const browser = await launch();
const ZH_BROWSER = { locale: "zh-CN" };
const EN_BROWSER = { locale: "en-US" };
// The language switch sits at the right end of the header line.
const SWITCH = { desktop: [1420, 17], phone: [368, 19] };

const htmlLang = (page) => page.evaluate(() => document.documentElement.lang);
const hash = (page) => page.evaluate(() => location.hash);

// Opens `url`, recording requests for the Chinese font.
async function openCounting(url, device) {
  const fontRequests = [];
  const context = await browser.newContext(device);
  const page = await context.newPage();
  const problems = [];
  page.on("request", (r) => { if (isAsset(r.url(), "fonts/zh.ttf")) fontRequests.push(r.url()); });
  page.on("console", (m) => { if (m.type() === "error") problems.push(`console: ${m.text()}`); });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  await page.goto(url);
  await waitForMark(page);
  return { context, page, problems, fontRequests };
}

// Waits until the UI is drawn in `lang` ("zh-CN" once the Chinese font is in, or "en").
async function waitForLang(page, lang) {
  await page.waitForFunction((l) => document.documentElement.lang === l, lang, { timeout: 20000 });
  await frames(page, 6);
}

await run([
  ["an English browser never fetches the Chinese font; the header switch does, and goes back", async () => {
    const { context, page, problems, fontRequests } = await openCounting(server.url, { ...DESKTOP, ...EN_BROWSER });
    await frames(page, 20);
    assert(fontRequests.length === 0, `Chinese font fetched for English: ${fontRequests}`);
    assert((await htmlLang(page)) === "en", `html lang ${await htmlLang(page)}`);
    assert(!(await hash(page)).includes("lang=zh"), await hash(page));
    await page.mouse.click(...SWITCH.desktop);
    await waitForLang(page, "zh-CN");
    assert(fontRequests.length === 1, `font requests: ${fontRequests.length}`);
    assert((await hash(page)).includes("lang=zh"), `link lacks lang=zh: ${await hash(page)}`);
    assert((await distinctColours(page)) > 20, "blank after switching");
    await shot(page, "zh-desktop-switched");
    await page.mouse.click(...SWITCH.desktop);
    await waitForLang(page, "en");
    assert(!(await hash(page)).includes("lang=zh"), await hash(page));
    // Back to Chinese: the font is already here, no second request.
    await page.mouse.click(...SWITCH.desktop);
    await waitForLang(page, "zh-CN");
    assert(fontRequests.length === 1, `font fetched again: ${fontRequests.length}`);
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
  }],
  ["a Chinese browser opens in Chinese; every view draws on desktop", async () => {
    const { context, page, problems, fontRequests } = await openCounting(server.url, { ...DESKTOP, ...ZH_BROWSER });
    await waitForLang(page, "zh-CN");
    assert(fontRequests.length === 1, `font requests: ${fontRequests.length}`);
    for (const view of ["tiers", "calculator", "walkthrough", "cost", "share"]) {
      await page.goto(server.url + `#v=1&view=${view}&lang=zh`);
      await frames(page, 40);  // the app polls the fragment every 20 frames
      assert((await distinctColours(page)) > 20, `${view} blank`);
      await shot(page, `zh-desktop-${view}`);
    }
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
  }],
  ["a link with lang=zh opens Chinese on a phone in an English browser; taps switch views", async () => {
    const { context, page, problems } = await openCounting(server.url + "#v=1&view=tiers&lang=zh", { ...PHONE, ...EN_BROWSER });
    await waitForLang(page, "zh-CN");
    await shot(page, "zh-phone-tiers");
    // Chinese tab labels on the phone's bottom tab bar (five tabs across 374 CSS px).
    const tabX = (i) => 8 + (i + 0.5) * (390 - 16) / 5;
    for (const [x, view] of [[tabX(1), "calculator"], [tabX(2), "walkthrough"], [tabX(3), "cost"], [tabX(4), "share"]]) {
      await page.touchscreen.tap(x, 844 - 8 - 22);
      await frames(page, 8);
      assert((await hash(page)).includes(`view=${view}`), `tap at ${x}: ${await hash(page)}`);
      assert((await distinctColours(page)) > 20, `${view} blank`);
      await shot(page, `zh-phone-${view}`);
    }
    // The phone's switch goes back to English.
    await page.touchscreen.tap(...SWITCH.phone);
    await waitForLang(page, "en");
    assert(!(await hash(page)).includes("lang=zh"), await hash(page));
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
  }],
  ["an English link stays English in a Chinese browser (the link wins)", async () => {
    const { context, page, fontRequests } = await openCounting(server.url + "#v=1&view=calculator", { ...DESKTOP, ...ZH_BROWSER });
    await frames(page, 20);
    assert((await htmlLang(page)) === "en", `html lang ${await htmlLang(page)}`);
    assert(fontRequests.length === 0, "fetched the Chinese font for an English link");
    await context.close();
  }],
  ["Chinese works offline once the font was fetched (the service worker keeps it)", async () => {
    const context = await browser.newContext({ ...DESKTOP, ...EN_BROWSER });
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(server.url + "#v=1&lang=zh");
    await waitForMark(page);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await waitForLang(page, "zh-CN");
    await frames(page, 10);
    await context.setOffline(true);
    await page.reload();
    await waitForMark(page);
    await waitForLang(page, "zh-CN");
    assert((await distinctColours(page)) > 20, "blank offline");
    await shot(page, "zh-offline");
    assert(errors.length === 0, errors.join("\n"));
    await context.close();
  }],
  ["a failed font fetch keeps a working English UI and the choice in the link", async () => {
    const context = await browser.newContext({ ...DESKTOP, ...ZH_BROWSER });
    await context.route((u) => isAsset(u, "fonts/zh.ttf"), (route) => route.abort());
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(server.url);
    await waitForMark(page);
    await frames(page, 30);
    assert((await htmlLang(page)) === "en", `html lang ${await htmlLang(page)}`);
    assert((await hash(page)).includes("lang=zh"), `the link lost the language: ${await hash(page)}`);
    assert((await distinctColours(page)) > 20, "blank after a failed font fetch");
    await shot(page, "zh-font-failed");
    assert(errors.length === 0, errors.join("\n"));
    await context.close();
  }],
]);
await browser.close();
server.close();
