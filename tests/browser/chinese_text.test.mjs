// 简体中文 drawn text, read through the drawn-text test hook (src/platform/web/drawn_text_hook.hpp):
// words that arrive after start-up (text/zh.json) are looked up when drawn, never captured early.
import { DESKTOP, PHONE, PHONE_3X, assert, findColour, frames, isAsset, launch, openCapturing, run, serve, shot, swipe, waitForMark } from "./harness.mjs";

const server = await serve();
const browser = await launch();

// Opens `hash` cold in a fresh context with the hook on; returns the page once it is Chinese.
async function openChinese(hash, device, locale = "zh-CN") {
  const { context, page, problems } = await openCapturing(browser, server.url + hash, device, locale);
  await waitForMark(page, "gpu-atlas:first-frame", 90000);  // generous: the shared machine is often loaded
  await page.waitForFunction(() => document.documentElement.lang === "zh-CN", null, { timeout: 90000 });
  await frames(page, 10);
  // From here the app pauses after kSettleFrames frames (src/platform/web/main.cpp) instead of
  // drawing on for 500 ms after each input: every check below reads text drawn in the first
  // frames after its input (or wakes the app for more), and a SwiftShader frame is ~0.2-0.35
  // CPU s (bench/RESULTS.md).
  await page.evaluate(() => { window.__atlasSettleMs = 0; });
  return { context, page, problems };
}


// English words that make a run of ASCII words a sentence (function words): names of cards,
// models, papers and units ("NVIDIA H100 SXM", "Kaplan et al. 2020", "tokens/s") have none or
// one, English sentences have several.
const FUNCTION_WORDS = new Set(["the", "of", "and", "to", "with", "for", "on", "in", "is", "are", "per", "by", "from",
  "at", "an", "not", "this", "that", "be", "no", "or", "only", "as", "it", "its", "than", "more", "has", "have",
  "was", "were", "will", "can", "into", "over", "when", "which", "each", "all", "any", "but", "if", "so", "so", "these",
  "those", "their", "there", "used", "uses", "use", "set", "need", "needs", "gives", "here", "left", "out", "up"]);

// The lines of drawn text that hold an ASCII-only English sentence: three or more words in a
// row between non-ASCII characters, at least two of them function words.
function englishSentences(text) {
  const found = [];
  for (const line of text.split("\n")) {
    for (const segment of line.split(/[^\x00-\x7F]+/)) {
      // Whole words of letters only: "A100", "x4", "8B" are names and counts, not words.
      const words = segment.split(/\s+/).map((w) => w.replace(/^[^A-Za-z]+|[^A-Za-z']+$/g, ""))
        .filter((w) => /^[A-Za-z']{2,}$/.test(w));
      if (words.length < 3) continue;
      const fn = words.filter((w) => FUNCTION_WORDS.has(w.toLowerCase())).length;
      if (fn >= 2) { found.push(line.trim()); break; }
    }
  }
  return found;
}

// English words left in Chinese text (short leaks the sentence check lets through: "BF16 dense",
// "输入：2 GPUs", "东数西算 national hub", "[004 §6 case A]"): whole words from a list of English
// function words and everyday words the engine and the data have leaked before. Letters glued
// to a digit, "_", ".", "/", ":", "%", "=", "&", "#", "-" or '"' belong to a name, id, unit, term or
// address ("all-reduce", "tokens/s"); quotations in
// “…” stay as written. The same list and rule as EnglishWords in tests/text_checks.hpp.
const ENGLISH_WORDS = new Set(("the of and to with for on in is are per by from at an not this that be no or only as it its " +
  "than more has have was were will can into over when which each all any but if these those their there used uses need " +
  "needs gives without below above after before under between dense sparse weights dequantised national hub case guide " +
  "gpus cards card node nodes hours hour month months year years price prices cost total memory training inference " +
  "efficiency estimate source sources note notes found recorded public monthly hourly container server purchase rent " +
  "quote quotes seller sellers region market power energy optimizer activations gradients overhead unified family gen " +
  "dies days step steps fits needed required assumed default edited bit bits chiplet street").split(" "));
function englishWords(text) {
  const found = [];
  for (const line of text.split("\n")) {
    const unquoted = line.replace(/“[^”]*”/g, " ");
    for (const m of unquoted.matchAll(/[A-Za-z]+/g)) {
      const before = unquoted[m.index - 1] || " ", after = unquoted[m.index + m[0].length] || " ";
      if (/[0-9_./:%=&#"-]/.test(before) || /[0-9_./:%=&#"-]/.test(after)) continue;
      if (m[0] === "gpus" || m[0] === "hours") continue;  // the request's field names, in lower case
      if (ENGLISH_WORDS.has(m[0].toLowerCase())) { found.push(`${m[0]} in: ${line.trim().slice(0, 160)}`); break; }
    }
  }
  return found;
}

// A full fine-tune that fits only with an 8-bit optimizer among its steps (see fit.test.mjs).
const FIT_LINK = "#v=1&view=calculator&lang=zh&calc.model=llama-2-7b&calc.task=full_finetune&calc.gpu=h100-sxm&calc.gpus=1&calc.optimizer=adamw";

const drawn = async (page, label = "") => {
  const text = await page.evaluate(() => window.__atlasDrawnText || "");
  if (process.env.DUMP) console.log(`---- drawn text ${label}\n${text}\n----`);
  return text;
};

// Tooltips the hover case must see open per device (it was one case, at least 5 for desktop and
// phone together; 27 and 13 opened on 2026-12-05).
const TIPS_AT_LEAST = { desktop: 5, phone: 5 };

// Points at (x, y), a mouse hover on desktops and a tap on phones, and returns the drawn text of
// a frame drawn after it. The app draws the hover in its first frame after the input (the input
// wakes it, and a test's rAF callback runs after the app's queued one), so after two frames a text
// that differs from both `base` (nothing open) and `previous` (what the last point showed) is the
// new tooltip; otherwise the app gets `settle` more frames (woken again) before the text is read
// once more, as long as every point used to get. A tooltip's text is the same in its first frame
// as later (wrapped at a fixed width), so reading it early checks the same words.
async function pointAt(page, device, x, y, { base, previous, settle, label }) {
  if (device.hasTouch) await page.touchscreen.tap(x, y);
  else await page.mouse.move(x, y);
  // A point that opened a tab (a link button) has left this page in the background, where
  // frames come about once a second: fail here rather than crawl on.
  assert(page.context().pages().length === 1, `${label}: the point at ${x},${y} opened another tab`);
  await frames(page, 2);
  let text = await drawn(page, label);
  if (text === base || text === previous) {
    await page.evaluate(() => window.__atlasWake && window.__atlasWake(1));
    await frames(page, settle);
    text = await drawn(page, label);
  }
  return text;
}

// Taps the open sheet's Close button (test target detail_close), if a sheet is open.
async function closeSheet(page) {
  const close = await page.evaluate(() => (window.__atlasTargets || {}).detail_close || null);
  if (!close) return;
  await page.touchscreen.tap(close[0] + close[2] / 2, close[1] + close[3] / 2);
  await frames(page, 6);
}

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
    assert(/国内市场（地区 [^）]*枢纽/.test(text) && text.includes("¥"), "results do not price from CN-market sellers in a mainland hub");
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
  ["no English sentence in any Chinese view, desktop and phone (drawn text, incl. a pinned spec card and each walkthrough step)", async () => {
    // Spec cards whose architecture, memory or software stack had English words around the name
    // (mi300a "unified with the CPU", ascend-910c "2 x 910B-class dies", hygon-k100-ai's DTK), and
    // a QLoRA job on a card whose stack lacks NF4 (the software warning quotes software.json), a
    // model named with English words ("Gemma 3 1B (text only)": name_zh).
    const links = ["view=tiers&tier.pinned=h20", "view=tiers&tier.pinned=ascend-910b", "view=tiers&tier.pinned=mi300a",
                   "view=tiers&tier.pinned=ascend-910c", "view=tiers&tier.pinned=hygon-k100-ai", "view=calculator",
                   "view=calculator&calc.task=inference", "view=calculator&calc.task=qlora&calc.gpu=mlu370-x8",
                   "view=calculator&calc.model=gemma-3-1b",
                   "view=walkthrough&walk.step=0", "view=walkthrough&walk.step=1",
                   "view=walkthrough&walk.step=2", "view=walkthrough&walk.step=3", "view=walkthrough&walk.step=4",
                   "view=walkthrough&walk.step=5", "view=cost", "view=share"];
    const failures = [];
    const check = (where, text) => {
      for (const line of englishSentences(text)) failures.push(`${where}: ${line}`);
      for (const word of englishWords(text)) failures.push(`${where}: English word ${word}`);
    };
    // The hook logs only what is on screen (ImGui skips clipped items): each page is read screen
    // by screen down to its end (a finger drag on phones, the wheel on desktops), until a screen
    // draws nothing new.
    const readDown = async (page, context, device, where) => {
      let text = await drawn(page, where), screens = 1;
      check(where, text);
      for (let i = 0; i < 8; i++) {
        if (device.hasTouch) await swipe(context, page, 20, 700, 20, 200, 8);
        else { await page.mouse.move(720, 600); await page.mouse.wheel(0, 700); }
        await page.evaluate(() => window.__atlasWake && window.__atlasWake(1));
        await frames(page, 6);
        const next = await drawn(page, `${where} screen ${i + 2}`);
        if (next === text) break;
        check(`${where} screen ${i + 2}`, next);
        text = next;
        screens++;
      }
      return screens;
    };
    let scrolled = 0;
    for (const [device, name] of [[DESKTOP, "desktop"], [PHONE, "phone"]]) {
      const { context, page, problems } = await openChinese("#v=1&view=tiers&lang=zh", device);
      for (const link of links) {
        await page.goto(server.url + `#v=1&${link}&lang=zh`);
        await frames(page, 45);  // the app polls the fragment every 20 frames
        await page.evaluate(() => window.__atlasWake && window.__atlasWake(1));
        await frames(page, 5);
        const text = await drawn(page, `${name} ${link}`);
        assert(text.length > 100, `${name} ${link}: almost nothing drawn`);
        await shot(page, `zh-${name}-${link.replace(/[^a-z0-9]+/gi, "-")}`);
        if (await readDown(page, context, device, `${name} ${link}`) > 1) scrolled++;
      }
      // Every view was drawn (each marks its first frame).
      for (const v of ["tiers", "calculator", "walkthrough", "cost", "share"])
        assert(await page.evaluate((n) => performance.getEntriesByName(n, "mark").length > 0, `gpu-atlas:view:${v}`),
               `${name}: the ${v} view was never drawn`);
      assert(problems.length === 0, problems.join("\n"));
      await context.close();
    }
    for (const [device, name] of [[DESKTOP, "desktop"], [PHONE, "phone"]]) {
      // The Accuracy panel, opened from the Calculator's verdict by its chip (accuracy.test.mjs),
      // in a fresh page (the views above keep their scroll, which would hide the chip).
      const { context, page, problems } = await openChinese("#v=1&view=calculator&lang=zh", device);
      const chip = await findColour(page, [30, 58, 92]);
      assert(chip, `${name}: no accuracy chip under the Calculator's verdict`);
      if (device.hasTouch) await page.touchscreen.tap(chip.x, chip.y); else await page.mouse.click(chip.x, chip.y);
      await frames(page, 12);
      const panel = await drawn(page, `${name} accuracy panel`);
      assert(panel.includes("中位误差"), `${name}: the accuracy panel did not open:\n${panel.slice(0, 800)}`);
      await shot(page, `zh-${name}-accuracy`);
      await readDown(page, context, device, `${name} accuracy panel`);
      assert(problems.length === 0, problems.join("\n"));
      await context.close();
    }
    assert(scrolled >= 4, `only ${scrolled} pages were read past their first screen`);
    assert(failures.length === 0, `English sentences in the Chinese UI:\n${[...new Set(failures)].join("\n")}`);
  }],
  ["a hostile link's notices are drawn in Chinese (desktop and phone), and in English after the switch", async () => {
    const hostile = "#v=1&view=tiers&lang=zh&walk.seq_len=-5&cost.gpu=no-such-card";
    for (const [device, name, flip] of [[DESKTOP, "desktop", (p) => p.mouse.click(1420, 17)],
                                        [PHONE, "phone", (p) => p.touchscreen.tap(368, 19)]]) {
      const { context, page, problems } = await openChinese(hostile, device);
      await page.evaluate(() => window.__atlasWake && window.__atlasWake(1));
      await frames(page, 5);
      let text = await drawn(page, `link notices ${name}`);
      assert(text.includes('walk.seq_len："-5" 小于允许的最小值 1，保留默认值'), `${name}: seq_len notice not in Chinese:\n${text.slice(0, 1500)}`);
      assert(text.includes('cost.gpu：本数据中没有卡 "no-such-card"；已使用默认值'), `${name}: cost.gpu notice not in Chinese:\n${text.slice(0, 1500)}`);
      const english = englishSentences(text);
      assert(english.length === 0, `${name}: English in the Chinese notices:\n${english.join("\n")}`);
      await shot(page, `zh-${name}-link-notices`);
      // The notices are codes worded when drawn: the header switch re-words them.
      await flip(page);
      await page.waitForFunction(() => document.documentElement.lang === "en", null, { timeout: 20000 });
      // Away from the switch: its tooltip would end the drawn-text capture.
      if (name === "desktop") await page.mouse.move(700, 880); else await page.touchscreen.tap(200, 700);
      await frames(page, 5);
      await page.evaluate(() => window.__atlasWake && window.__atlasWake(1));
      await frames(page, 5);
      text = await drawn(page, `link notices ${name} in English`);
      assert(text.includes('walk.seq_len: is "-5", below the smallest allowed, 1, default kept'),
             `${name}: seq_len notice not re-worded in English:\n${text.slice(0, 1500)}`);
      await shot(page, `en-${name}-link-notices`);
      assert(problems.length === 0, problems.join("\n"));
      await context.close();
    }
  }],
  // One case per device (desktop, phone), so each can run alone (ONLY=).
  ...[[DESKTOP, "desktop"], [PHONE, "phone"]].map(([device, name]) => [`hover tooltips and (?) help in Chinese hold no English sentence: ${name}`, async () => {
    // Number fields' (?) help included (calculator, walkthrough job and constraints steps).
    const links = ["view=calculator", "view=calculator&calc.task=inference", "view=cost", "view=walkthrough&walk.step=2",
                   "view=walkthrough&walk.step=4"];
    const failures = [];
    let tips = 0;
    {
      const { context, page, problems } = await openChinese("#v=1&view=tiers&lang=zh", device);
      for (const link of links) {
        await page.goto(server.url + `#v=1&${link}&lang=zh`);
        await frames(page, 45);
        await page.evaluate(() => window.__atlasWake && window.__atlasWake(1));
        await frames(page, 5);
        const base = await drawn(page);
        const targets = await page.evaluate(() => window.__atlasTargets || {});
        const helps = Object.entries(targets).filter(([id]) => id.startsWith("help"));
        assert(helps.length > 0, `${name} ${link}: no (?) help markers reported`);
        let previous = base;
        for (const [id, [x, y, w, h, tappable]] of helps) {
          // Scrolled out of its panel (phones scroll): a tap there lands on the footer's
          // "Data sources" button or the tab bar instead.
          if (!tappable || y + h / 2 > (device.viewport.height - 60) || y < 0) continue;
          const text = await pointAt(page, device, x + w / 2, y + h / 2, { base, previous, settle: 4, label: `${name} ${link} ${id}` });
          previous = text;
          if (text !== base) tips++;
          for (const line of englishSentences(text)) failures.push(`${name} ${link} ${id}: ${line}`);
          for (const word of englishWords(text)) failures.push(`${name} ${link} ${id}: English word ${word}`);
          // On a phone the help is a sheet over the screen's lower part: closed with its button,
          // as a reader would, before the next marker is tapped.
          if (device.hasTouch) await closeSheet(page);
        }
        await page.mouse.move(1, device.viewport.height - 1);
      }
      if (name === "desktop") {
        // The tier map's card tooltips: the pointer swept over the chart.
        await page.goto(server.url + "#v=1&view=tiers&lang=zh");
        await frames(page, 45);
        await page.evaluate(() => window.__atlasWake && window.__atlasWake(1));
        await frames(page, 3);
        const base = await drawn(page, "tier map");
        let cards = 0, previous = base;
        for (let y = 200; y <= 700; y += 125)
          for (let x = 300; x <= 1100; x += 100) {
            const text = await pointAt(page, device, x, y, { base, previous, settle: 2, label: `tier map at ${x},${y}` });
            previous = text;
            if (text.includes("梯队") && text.includes("GB/s")) cards++;
            for (const line of englishSentences(text)) failures.push(`desktop tier map at ${x},${y}: ${line}`);
            for (const word of englishWords(text)) failures.push(`desktop tier map at ${x},${y}: English word ${word}`);
          }
        assert(cards > 0, "no card tooltip shown while sweeping the tier map");
        await shot(page, "zh-desktop-tier-tooltip");
      }
      assert(problems.length === 0, problems.join("\n"));
      await context.close();
    }
    console.log(`     ${name}: ${tips} tooltips shown`);
    assert(tips >= TIPS_AT_LEAST[name], `${name}: only ${tips} tooltips were shown`);
    assert(failures.length === 0, `English sentences in Chinese tooltips:\n${[...new Set(failures)].join("\n")}`);
  }]),
  // Whether names overlap hangs on glyph widths at the pixel ratio: read on the 3x phone (PHONE_3X).
  ...[[DESKTOP, "desktop"], [PHONE_3X, "phone"]].map(([device, name]) => [`the cost view's tables and their tooltips hold no English sentence, and the map's names do not overlap: ${name}`, async () => {
    const failures = [];
    {
      const { context, page, problems } = await openChinese("#v=1&view=cost&lang=zh", device);
      await frames(page, 20);
      let tips = 0, mapChecks = 0;
      const shotMaps = new Set();
      const seen = new Set();
      for (let step = 0; step < 10; step++) {
        await page.evaluate(() => window.__atlasWake && window.__atlasWake(1));
        await frames(page, 4);
        const base = await drawn(page, `${name} cost scrolled ${step}`);
        for (const line of englishSentences(base)) failures.push(`${name} cost view: ${line}`);
        for (const word of englishWords(base)) failures.push(`${name} cost view: English word ${word}`);
        const targets = await page.evaluate(() => window.__atlasTargets || {});
        // The map's names: no two overlap, within each map.
        for (const map of ["map_label_china", "map_label_world"]) {
          const boxes = Object.entries(targets).filter(([id]) => id === map || id.startsWith(map + "#")).map(([, b]) => b);
          if (boxes.length < 3) continue;
          mapChecks++;
          for (let i = 0; i < boxes.length; i++)
            for (let j = i + 1; j < boxes.length; j++) {
              const [a, b] = [boxes[i], boxes[j]];
              if (a[0] < b[0] + b[2] && b[0] < a[0] + a[2] && a[1] < b[1] + b[3] && b[1] < a[1] + a[3])
                failures.push(`${name} ${map}: names overlap at ${a} / ${b}`);
            }
          // A picture of each map once its names are all on screen (it is drawn, clipped, before).
          if (!shotMaps.has(map) && boxes.every((b) => b[1] >= 50 && b[1] + b[3] <= device.viewport.height - 70)) {
            shotMaps.add(map);
            await shot(page, `zh-${name}-cost-${map}`);
          }
        }
        // The table tooltips on screen, opened one by one (three per screen: each costs frames).
        let opened = 0, previous = base;
        for (const [id, [x, y, w, h]] of Object.entries(targets).filter(([id]) => id === "tip" || id.startsWith("tip#"))) {
          if (y < 60 || y + h > device.viewport.height - 70) continue;  // under the header or the tab bar
          if (++opened > 3) break;
          const key = `${Math.round(x)},${Math.round(y)},${step}`;
          if (seen.has(key)) continue;
          seen.add(key);
          // Phones tap the detail's row at its frozen first column (the detail's own cell is
          // often off to the right), opening it as a sheet; the next tap closes it.
          const px = name === "phone" ? 30 : x + Math.min(w / 2, 20);
          const text = await pointAt(page, device, px, y + h / 2,
                                     { base, previous, settle: 4, label: `${name} cost tip ${id}` });
          previous = text;
          if (text !== base) tips++;
          for (const line of englishSentences(text)) failures.push(`${name} cost tooltip ${id}: ${line}`);
          for (const word of englishWords(text)) failures.push(`${name} cost tooltip ${id}: English word ${word}`);
        }
        if (tips === 1) await shot(page, `zh-${name}-cost-tooltip`);
        // Down the page: the wheel on desktops, a finger drag on phones (from the left edge,
        // where no table scrolls sideways).
        if (name === "phone") {
          await swipe(context, page, 20, 640, 20, 240, 8);
        } else {
          await page.mouse.move(1100, 840);  // below the hub table, which scrolls itself
          await page.mouse.wheel(0, 500);
        }
        await frames(page, 6);
      }
      // Desktop hovers the tables' details; phones tap them open as sheets (issue 16.7).
      assert(tips >= 3, `${name}: only ${tips} table details opened`);
      assert(mapChecks >= 1, `${name}: the cost map's names were never on screen`);
      assert(problems.length === 0, problems.join("\n"));
      await context.close();
    }
    assert(failures.length === 0, `in the Chinese cost view:\n${[...new Set(failures)].join("\n")}`);
  }]),
  ["Make it fit names the options in Chinese (8 位 AdamW, not adamw_8bit)", async () => {
    const { context, page, problems } = await openChinese(FIT_LINK, DESKTOP);
    await frames(page, 20);
    await page.evaluate(() => window.__atlasWake && window.__atlasWake(1));
    await frames(page, 5);
    const text = await drawn(page, "calculator fit");
    assert(text.includes("8 位 AdamW"), `the fit step does not name 8 位 AdamW:\n${text.slice(0, 3000)}`);
    assert(!/adamw_8bit|paged_adamw|\bselective\b|\bfull\b/.test(text), `option ids in the fit steps:\n${text.match(/.*(adamw_8bit|selective|\bfull\b).*/)}`);
    await shot(page, "zh-desktop-fit-names");
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
  }],
  ["the word detector finds short English leaks and lets names, ids, units and quotations pass", async () => {
    for (const bad of ["峰值：BF16 dense", "输入：2 GPUs", "东数西算 national hub（NDRC）", "[004 §6 case A]", "HBM3 (unified with the CPU)"])
      assert(englishWords(bad).length === 1, `missed: ${bad}`);
    for (const ok of ["NVIDIA H100 SXM · 80 GB HBM3", "fp8_dense_tflops 为空", "1,234 tokens/s", "Kaplan et al. 2020 §2.1",
                      "Transformer Engine 的 FP8 方案", "规格表脚注：“Shown with sparsity”", "https://docs.vllm.ai/en/latest/",
                      "LoRA / QLoRA", "8 位 AdamW"])
      assert(englishWords(ok).length === 0, `flagged: ${ok}: ${englishWords(ok)}`);
  }],
  ["the sentence detector finds English sentences and lets names, formulas and units pass", async () => {
    assert(englishSentences("备注：Liquid-cooled flagship of the MI350 series").length === 1, "a note in English is found");
    assert(englishSentences("输入：2 GPUs on the node").length === 1, "English inside a Chinese line is found");
    for (const ok of ["NVIDIA H100 SXM · 80 GB HBM3", "Kaplan et al. 2020 §2.1；Narayanan et al. 2021 §5.1",
                      "= 6 × N_active × D + 注意力 6 × L × s × d_attn × D", "Llama 3.1 8B Instruct", "1,234 tokens/s",
                      "LoRA / QLoRA", "Oracle Cloud (OCI)", "[ A100 SXM4 80GB x4 ] [ A800 SXM4 80GB x4 ] [ A10 24GB x1 ]"])
      assert(englishSentences(ok).length === 0, `flagged: ${ok}`);
  }],
  ["typed Chinese through an input method reaches the model search, and characters beyond the font subset are drawn (desktop and phone)", async () => {
    for (const [device, name] of [[DESKTOP, "desktop"], [PHONE, "phone"]]) {
      const { context, page, problems } = await openChinese("#v=1&view=calculator&lang=zh", device);
      const fullFont = [];
      page.on("request", (r) => { if (isAsset(r.url(), "fonts/zh-full.ttf")) fullFont.push(r.url()); });
      await page.evaluate(() => window.__atlasWake && window.__atlasWake(1));
      await frames(page, 4);
      const box = Object.entries(await page.evaluate(() => window.__atlasTargets || {})).find(([id]) => id === "calc_model");
      assert(box, `${name}: no calc_model target`);
      const [bx, by, bw, bh] = box[1];
      const combo = [bx + Math.min(bw / 2, 60), by + bh / 2];
      // The model picker; its search field takes the keyboard (on phones through the keyboard bridge).
      if (device.hasTouch) await page.touchscreen.tap(...combo); else await page.mouse.click(...combo);
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
      // The search finds models by their Chinese family names (models.json "families"): 智谱 ->
      // GLM, 通义千问 -> Qwen. The picker starts from an empty filter each time it opens.
      for (const [typed, want] of [["智谱", "GLM-4.5"], ["通义千问", "Qwen"]]) {
        // Escape closes the picker (as a native drop-down does); the box may have moved since
        // (a phone scrolls the field into view above its keyboard), so it is looked up again.
        await page.keyboard.press("Escape");
        await frames(page, 8);
        await page.evaluate(() => window.__atlasWake && window.__atlasWake(1));
        await frames(page, 4);
        const again = Object.entries(await page.evaluate(() => window.__atlasTargets || {})).find(([id]) => id === "calc_model");
        assert(again, `${name}: no calc_model target after Escape`);
        const at = [again[1][0] + Math.min(again[1][2] / 2, 60), again[1][1] + again[1][3] / 2];
        if (device.hasTouch) await page.touchscreen.tap(...at); else await page.mouse.click(...at);
        // One tap opens the picker (its empty search field shows the hint); a loaded machine may
        // take a while to draw it, so wait for it rather than for a fixed number of frames.
        const wake = async () => { await page.evaluate(() => window.__atlasWake && window.__atlasWake(1)); await frames(page, 5); };
        // Known intermittent (issue 17 note): under load the first tap after Escape is sometimes not
        // seen by the app; a second tap is allowed, and a picker that opens on neither fails.
        for (let tries = 0; tries < 2; tries++) {
          if (tries) { if (device.hasTouch) await page.touchscreen.tap(...at); else await page.mouse.click(...at); }
          for (let wait = 0; wait < 10 && !(await drawn(page, `picker open ${name}`)).includes("搜索模型"); wait++) await wake();
          if ((await drawn(page, `picker open ${name}`)).includes("搜索模型")) break;
        }
        assert((await drawn(page, `picker open ${name}`)).includes("搜索模型"), `${name}: taps on the model box did not open the picker`);
        await cdp.send("Input.imeSetComposition", { text: "zhi", selectionStart: 3, selectionEnd: 3 });
        await frames(page, 3);
        await cdp.send("Input.insertText", { text: typed });
        await frames(page, 20);
        let found = await drawn(page, `calculator search ${typed} ${name}`);
        for (let wait = 0; wait < 20 && !found.includes(want); wait++) {
          await wake();
          found = await drawn(page, `calculator search ${typed} ${name}`);
        }
        assert(new RegExp(`\\{\\s*${typed}\\s*\\}`).test(found), `${name}: the search does not hold ${typed}:\n${found.slice(0, 600)}`);
        assert(found.includes(want), `${name}: searching ${typed} does not list ${want}:\n${found.slice(0, 1500)}`);
        await shot(page, `zh-${name}-typed-${want}`);
      }
      assert(problems.length === 0, problems.join("\n"));
      await context.close();
    }
  }],
]).finally(async () => { await browser.close(); server.close(); });
