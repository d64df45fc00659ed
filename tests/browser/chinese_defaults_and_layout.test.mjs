// Issue 17.6, line breaks and phone detail sheets (issues 16.7 / 17.7), through the drawn-text hook
// (src/platform/web/drawn_text_hook.hpp: window.__atlasDrawnText, __atlasTargets, and
// __atlasWrappedLines, the texts drawn over several lines):
// - in Chinese the walkthrough and the Cost view price in mainland China from CN-market sellers
//   by default, and after the reader switches, the link keeps the choice;
// - on a 390x844 phone, in Chinese and English, no wrapped line splits a figure or a number from
//   its unit;
// - on the phone a tap on a cost table's detail opens it as a sheet; its Close button (≥ 44 CSS px)
//   and a tap outside close it.
import { readFileSync } from "node:fs";
import path from "node:path";
import { DESKTOP, PHONE, assert, captureFrame, frames, launch, openInLanguage, reachTarget, root, run, serve, shot, swipe, targetBoxes, waitForMark } from "./harness.mjs";

const server = await serve();
const browser = await launch();

// Opens `hash` cold with the hook on, in `locale`, and waits for the page's language.
const open = (hash, device, lang) => openInLanguage(browser, server.url + hash, device, lang);

const capture = captureFrame;

// Goes to `hash` in the open page (the app reads the fragment every 20 frames).
async function go(page, hash) {
  await page.goto(server.url + hash);
  await frames(page, 45);
}

const hashOf = (page) => page.evaluate(() => location.hash);
const boxes = targetBoxes;
const centre = ([x, y, w, h]) => [x + Math.min(w / 2, 20), y + h / 2];

// The Cost view's cheapest place, in Chinese: "满足约束的最低成本：京津冀，…", and the regions it
// names (by their short names as the view writes them: "京津冀枢纽（…）" -> "京津冀", "亚太（新加坡）"
// -> "新加坡").
const cheapest = (text) => text.split("\n").find((l) => l.includes("满足约束的最低成本")) || "";
const regions = JSON.parse(readFileSync(path.join(root, "data/regions.json"), "utf8")).regions;
function shortName(name) {
  const inner = name.match(/^亚太（([^）]+)/);
  return inner ? inner[1] : name.split(/枢纽|（/)[0];
}
const named = (line, mainland) => regions.filter((r) => r.group.startsWith("cn-") === mainland && line.includes(shortName(r.name_zh)));

// Where a wrapped text broke inside a figure ("¥0." / "36/kWh", "¥22," / "162"), between a number
// and its unit ("24.0" / "GiB", "8" / "卡"), at a no-break join (U+00A0, which the formatters put
// between a number and its unit), or inside a Chinese unit word after a number ("6,369 小" / "时",
// "8 张" / "卡": CJK text may break between any two characters, but not there).
const UNIT = /^(GiB|GB|MiB|MB|TiB|TB|kWh|kW|W|TFLOPS|TOPS|FLOP|ms|h|tokens?|GPUs?|%|kg|\/|元|万|亿|卡|张|小时|瓦)(?![A-Za-z])/;
const CJK_UNIT_WORDS = ["小时", "分钟", "毫秒", "卡时", "卡月", "个月", "字节", "张卡", "万元", "万亿", "元/小时", "元/卡时"];
function splitsUnitWord(a, b) {
  for (const word of CJK_UNIT_WORDS)
    for (let k = 1; k < word.length; k++)
      if (new RegExp(`\\d[ \u00A0]?${word.slice(0, k).replace("/", "\\/")}$`).test(a) && b.startsWith(word.slice(k))) return true;
  return false;
}
function badBreaks(wrapped) {
  const bad = [];
  for (const text of wrapped) {
    const lines = text.split("\n");
    for (let i = 0; i + 1 < lines.length; i++) {
      const [a, b] = [lines[i], lines[i + 1]];
      const at = `"${a.slice(-14)}" | "${b.slice(0, 14)}"`;
      if ((/\d[.,]$/.test(a) && /^\d/.test(b)) || (/\d$/.test(a) && /^[.,]\d/.test(b)) || (/[¥$]$/.test(a) && /^\d/.test(b)))
        bad.push(`inside a figure: ${at}`);
      else if (/\d$/.test(a) && UNIT.test(b)) bad.push(`number | unit: ${at}`);
      else if (a.endsWith("\u00A0") || b.startsWith("\u00A0")) bad.push(`at a no-break join: ${at}`);
      else if (splitsUnitWord(a, b)) bad.push(`inside a unit word after a number: ${at}`);
    }
  }
  return bad;
}

await run([
  ["17.6: in Chinese the walkthrough and the Cost view price in mainland China; the link keeps a switch", async () => {
    // The Cost view: "仅限中国大陆" ticked by default, the cheapest place in a mainland hub.
    let { context, page, problems } = await open("#v=1&view=cost&lang=zh", DESKTOP, "zh");
    let { text, targets } = await capture(page, "zh cost");
    assert(text.includes("[x] 仅限中国大陆"), "the Chinese Cost view does not tick 仅限中国大陆 by default");
    assert(named(cheapest(text), true).length === 1 && named(cheapest(text), false).length === 0 && cheapest(text).includes("¥"),
           `the cheapest place is not in mainland China: ${cheapest(text)}`);
    assert(!(await hashOf(page)).includes("cost.domestic"), "the default was written into the link as a choice");
    await shot(page, "zh-desktop-cost-mainland-default");
    // The reader unticks it: every region, and the link says so.
    const [mx, my] = centre(boxes(targets, "cost_mainland")[0] || [0, 0, 0, 0]);
    assert(mx > 0, "no cost_mainland target");
    await page.mouse.click(mx, my);
    await frames(page, 30);
    ({ text } = await capture(page, "zh cost unticked"));
    assert(text.includes("[ ] 仅限中国大陆"), "the click did not untick 仅限中国大陆");
    await page.waitForFunction(() => /cost\.domestic=(0|false)/.test(location.hash), null, { timeout: 10000 });
    const unticked = await hashOf(page);
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
    // The link, opened cold, keeps the choice.
    ({ context, page, problems } = await open(unticked, DESKTOP, "zh"));
    ({ text } = await capture(page, "zh cost link unticked"));
    assert(text.includes("[ ] 仅限中国大陆"), `the link ${unticked} lost the reader's choice`);
    await context.close();
    // English readers: not ticked (every region), as before.
    ({ context, page, problems } = await open("#v=1&view=cost", DESKTOP, "en"));
    ({ text } = await capture(page, "en cost"));
    assert(/\[ \] .*[Mm]ainland/.test(text), "the English Cost view ticks mainland-only by default");
    await context.close();

    // The walkthrough: step 5 says the market is automatically mainland China; the results price
    // from CN-market sellers in a mainland hub.
    ({ context, page, problems } = await open("#v=1&view=walkthrough&lang=zh&walk.step=4", DESKTOP, "zh"));
    ({ text, targets } = await capture(page, "zh walkthrough step 5"));
    assert(text.includes("自动：中国大陆"), "step 5 does not show the automatic mainland market");
    await go(page, "#v=1&view=walkthrough&lang=zh&walk.step=5");
    ({ text } = await capture(page, "zh walkthrough results"));
    assert(/国内市场（地区 [^）]*枢纽/.test(text) && text.includes("¥"), "the results do not price from CN-market sellers in a mainland hub");
    // The reader picks the global market in step 5's combo: the link keeps it, and a cold open too.
    await go(page, "#v=1&view=walkthrough&lang=zh&walk.step=4");
    ({ targets } = await capture(page, "zh walkthrough step 5 again"));
    const combo = boxes(targets, "walk_market")[0];
    assert(combo, "no walk_market target");
    await page.mouse.click(...centre(combo));
    await frames(page, 6);
    ({ targets } = await capture(page, "zh walkthrough market combo open"));
    const global = boxes(targets, "walk_market_global")[0];
    assert(global, "the market combo did not open");
    await page.mouse.click(...centre(global));
    await page.waitForFunction(() => location.hash.includes("walk.market=global"), null, { timeout: 10000 });
    const switched = await hashOf(page);
    await context.close();
    ({ context, page, problems } = await open(switched, DESKTOP, "zh"));
    ({ text } = await capture(page, "zh walkthrough link global"));
    assert(text.includes("境外（境外平台）") && !text.includes("自动：中国大陆"), `the link ${switched} lost the global market`);
    await shot(page, "zh-desktop-walkthrough-market-global");
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
  }],
  ["a 390x844 phone, Chinese and English: no wrapped line splits a figure or a number from its unit", async () => {
    // The checker itself: it finds bad breaks and passes good ones.
    assert(badBreaks(["a ¥0.\n36/kWh", "¥22,\n162", "24.0\nGiB", "共 8\n卡", "¥\n12"]).length === 5, "the checker misses a bad break");
    // The break seen on the Chinese phone cost view, with a plain or a no-break join, and others.
    const unitWordBreaks = ["使用 6,369 小\n时时与按小时租用", "使用 6,369\u00A0小\n时时与", "需要 8\u00A0张\n卡也放不下", "2.5\u00A0元/\n小时",
                            "2.5\u00A0元/小\n时", "¥1.2万\n亿", "24.0\u00A0\nGiB"];
    assert(badBreaks(unitWordBreaks).length === unitWordBreaks.length, `the checker misses a break inside a unit word: ${badBreaks(unitWordBreaks)}`);
    assert(badBreaks(["需要 1.79 GiB，\n可用 24 GiB", "H100 SXM 80 GB\nNVLink", "使用 6,369\u00A0小时\n时与按小时租用",
                      "按小\n时租用", "8\u00A0张卡\n也放不下", "3\u00A0个用\n户"]).length === 0, "the checker flags a good break");
    // The views with the most wrapped figures: link -> finger drags down it after the first look
    // (only what is on screen is drawn; a drag costs seconds in software WebGL).
    const links = { "view=tiers&tier.pinned=h20": 0, "view=calculator&calc.task=full_finetune&calc.model=llama-2-7b": 1,
                    "view=walkthrough&walk.step=1": 0, "view=walkthrough&walk.step=5": 1, "view=cost": 1,
                    // A 10-hour RTX 4090 job: the buy-or-rent line ("使用 6,369 小时时与…") under the headline.
                    "view=cost&cost.gpu=rtx-4090&cost.gpus=1&cost.hours=10": 0 };
    const failures = [];
    for (const lang of ["zh", "en"]) {
      const suffix = lang === "zh" ? "&lang=zh" : "";
      const { context, page, problems } = await open(`#v=1&view=tiers${suffix}`, PHONE, lang);
      let wrappedSeen = 0;
      for (const [link, drags] of Object.entries(links)) {
        await go(page, `#v=1&${link}${suffix}`);
        for (let step = 0; step <= drags; step++) {
          if (step > 0) await swipe(context, page, 20, 640, 20, 240, 8);
          const { wrapped } = await capture(page, `${lang} ${link} ${step}`);
          wrappedSeen += wrapped.length;
          for (const b of badBreaks(wrapped)) failures.push(`${lang} ${link}: ${b}`);
          await shot(page, `${lang}-phone-breaks-${link.replace(/[^a-z0-9]+/gi, "-")}-${step}`);
        }
      }
      assert(wrappedSeen > 10, `${lang}: only ${wrappedSeen} wrapped texts reported (is the hook on?)`);
      assert(problems.length === 0, problems.join("\n"));
      await context.close();
    }
    assert(failures.length === 0, `bad line breaks on the phone:\n${[...new Set(failures)].join("\n")}`);
  }],
  ["phone: a tap on a cost table's detail opens a sheet; Close and a tap outside close it (Chinese and English)", async () => {
    for (const lang of ["zh", "en"]) {
      const { context, page, problems } = await open(`#v=1&view=cost${lang === "zh" ? "&lang=zh" : ""}`, PHONE, lang);
      const close = lang === "zh" ? "关闭" : "Close";
      // Down the page until a table row with a detail is on screen (not under the header or the
      // tab bar). Its detail cell is off to the right of a 390 px screen: the row is tapped at its
      // frozen first column.
      let tip = await reachTarget(context, page, "tip", `${lang} phone cost`, 14);
      assert(tip, `${lang}: no cost table detail reached on the phone`);
      const base = (await capture(page, `${lang} phone cost, detail in view`)).text;
      if (process.env.DUMP) { console.log(JSON.stringify(tip)); await shot(page, `${lang}-phone-cost-before-tap`); }
      // A detail on screen is tapped where it is drawn; one off to the right of the screen (a
      // table's detail cell) at its row's frozen first column.
      if (tip[0] + Math.min(tip[2] / 2, 20) > 380) tip = [20, tip[1], 20, tip[3]];
      assert(!boxes((await capture(page, "before")).targets, "detail_close").length, `${lang}: a sheet is open before the tap`);
      const openSheet = async (label) => {
        await page.touchscreen.tap(...centre(tip));
        await frames(page, 8);
        const got = await capture(page, label);
        const button = boxes(got.targets, "detail_close")[0];
        assert(button, `${lang}: the tap at ${centre(tip)} on a table's detail opened no sheet`);
        return { got, button };
      };
      let { got, button } = await openSheet(`${lang} sheet open`);
      // A full-width sheet at the bottom: its Close button is a ≥ 44 CSS px target; the detail's
      // text follows it (the capture ends with the sheet).
      assert(button[3] >= 44 && button[2] >= 300, `${lang}: the Close button is ${button[2]}x${button[3]} CSS px`);
      const after = got.text.slice(got.text.lastIndexOf(close) + close.length).trim();
      assert(got.text.includes(close) && after.length > 3, `${lang}: the sheet shows no detail:\n${got.text.slice(-400)}`);
      // It stays open once the finger has lifted (phones have no hover).
      await frames(page, 20);
      assert(boxes((await capture(page, "still open")).targets, "detail_close").length, `${lang}: the sheet closed by itself`);
      await shot(page, `${lang}-phone-cost-detail-sheet`);
      await page.touchscreen.tap(...centre(button));
      await frames(page, 8);
      got = await capture(page, `${lang} sheet closed`);
      assert(!boxes(got.targets, "detail_close").length, `${lang}: Close did not close the sheet`);
      assert(got.text.length >= base.length * 0.8, `${lang}: the view is not drawn whole after Close`);
      // Again, then a tap outside it (near the top of the screen) closes it.
      await openSheet(`${lang} sheet open again`);
      await page.touchscreen.tap(370, 100);
      await frames(page, 8);
      assert(!boxes((await capture(page, "outside")).targets, "detail_close").length, `${lang}: a tap outside did not close the sheet`);
      assert(problems.length === 0, problems.join("\n"));
      await context.close();
    }
  }],
]).finally(async () => { await browser.close(); server.close(); });
