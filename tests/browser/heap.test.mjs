// Peak wasm heap <= 16 MiB (issue 16 part 5) on every view, desktop and phone, English and
// Chinese, and after typing Chinese the font subsets lack (the full CJK font is fetched). The
// heap is the wasm memory's size (HEAP8.length after each frame, window.__atlasStats), which
// never shrinks: its size at the end is the peak. Deterministic for a build, not a timing. Every
// view is visited in one page per device and language (sessionPeaks), so the last figure is the
// peak of a whole session.
// HEAP_TEST_ONLY=zh (or =en, =typed) narrows the run; each figure is printed for RESULTS.md.
import { DESKTOP, PHONE_3X, assert, followLink, frames, isAsset, launch, open, run, serve, shot, waitForMark } from "./harness.mjs";

const BUDGET_BYTES = 16 * 1024 * 1024;
const VIEWS = ["tiers", "calculator", "walkthrough", "cost", "share"];
const only = process.env.HEAP_TEST_ONLY || "";
const server = await serve();
const browser = await launch();

const mib = (bytes) => (bytes / 1048576).toFixed(1);
const peakHeap = (page) => page.evaluate(() => window.__atlasStats.peakHeapBytes);

// One session per device and language: a page opened cold at one view's link, then every other
// view's link followed in the same page (harness followLink, as a pasted link is), the pointer
// moved over each so hover work happens too. The memory never shrinks, so each figure is the
// peak so far, and the last one covers every view's code, data and derived results at once:
// a stricter check than one fresh page per view, for a quarter of the page loads. Each case
// opens cold at a different view (`first`), so cold opens of several views stay covered.
async function sessionPeaks(device, name, chinese, first) {
  const lang = chinese ? "&lang=zh" : "";
  const order = [...VIEWS.slice(first), ...VIEWS.slice(0, first)];
  // harness open: a fresh context, its console errors, page errors and failed requests collected.
  const { context, page, problems } = await open(browser, server.url + `#v=1&view=${order[0]}${lang}`,
                                                 { ...device, locale: "en-US" });
  const peaks = [];
  for (const [k, view] of order.entries()) {
    if (k === 0) {
      await waitForMark(page);
      await waitForMark(page, "gpu-atlas:deferred-ready");
      if (chinese) await page.waitForFunction(() => document.documentElement.lang === "zh-CN", null, { timeout: 30000 });
    } else {
      await followLink(page, `#v=1&view=${view}${lang}`, new RegExp(`view=${view}`));
    }
    const { width, height } = device.viewport;
    for (let i = 1; i <= 8; i++) {
      await page.mouse.move((width * i) / 9, (height * ((i * 5) % 9)) / 9);
      await page.evaluate(() => window.__atlasWake && window.__atlasWake(1));
      await frames(page, 3);
    }
    peaks.push([view, await peakHeap(page)]);
    if (view === "tiers") await shot(page, `heap-${name}-${chinese ? "zh" : "en"}-tiers`);
  }
  assert(problems.length === 0, problems.join("\n"));
  await context.close();
  return peaks;
}

const cases = [];
for (const chinese of [false, true]) {
  if (only && only !== (chinese ? "zh" : "en")) continue;
  for (const [device, name] of [[DESKTOP, "desktop"], [PHONE_3X, "phone"]])
    cases.push([`peak wasm heap <= 16 MiB on every view, ${name}, ${chinese ? "Chinese" : "English"}`, async () => {
      const peaks = await sessionPeaks(device, name, chinese, (chinese ? 2 : 0) + (device === PHONE_3X ? 1 : 0));
      console.log(`     ${name}, ${chinese ? "Chinese" : "English"}, one page, opened at ${peaks[0][0]} (peak so far): ` +
                  `${peaks.map(([view, bytes]) => `${view} ${mib(bytes)}`).join(", ")} MiB`);
      const over = peaks.filter(([, bytes]) => bytes > BUDGET_BYTES).map(([view, bytes]) => `${view}: ${mib(bytes)} MiB`);
      assert(over.length === 0, `over 16 MiB: ${over.join(", ")}`);
    }]);
}
if (!only || only === "typed")
  cases.push(["peak wasm heap <= 16 MiB after typing Chinese beyond the font subset (the full CJK font fetched)", async () => {
    const { context, page, problems } = await open(browser, server.url + "#v=1&view=calculator&lang=zh",
                                                   { ...DESKTOP, locale: "zh-CN" });
    const fullFont = [];
    page.on("request", (r) => { if (isAsset(r.url(), "fonts/zh-full.ttf")) fullFont.push(r.url()); });
    await waitForMark(page);
    await page.waitForFunction(() => document.documentElement.lang === "zh-CN", null, { timeout: 30000 });
    await frames(page, 10);
    await page.mouse.click(212, 117);  // the model picker; its search field takes the keyboard
    await frames(page, 10);
    await page.keyboard.insertText("鲲鹏");  // outside fonts/zh.ttf (chinese_text.test.mjs)
    for (let i = 0; i < 30 && fullFont.length === 0; i++) await frames(page, 5);
    // The font arrives (4 MB from a local server) and the atlas is rebuilt with the two characters.
    for (let i = 0; i < 10; i++) {
      await page.evaluate(() => window.__atlasWake && window.__atlasWake(1));
      await frames(page, 10);
    }
    const bytes = await peakHeap(page);
    await shot(page, "heap-desktop-zh-typed-cjk");
    console.log(`     desktop, Chinese, typed 鲲鹏 (full font fetched ${fullFont.length}x): ${mib(bytes)} MiB`);
    assert(fullFont.length === 1, `full CJK font requests: ${fullFont.length}`);
    assert(bytes <= BUDGET_BYTES, `${mib(bytes)} MiB`);
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
  }]);

await run(cases).finally(async () => { await browser.close(); server.close(); });
