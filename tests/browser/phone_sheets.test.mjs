// Phone detail sheets (issue 16.7): a sheet hides what lies under it (the bottom tab bar does not
// show through), and the GPU spec card's notes (software support: note and source) and the (?)
// help markers open as sheets on a tap, as the cost tables' details do, while desktop keeps hover
// tooltips. In English and
// Chinese. Reads the drawn text and test targets (src/platform/web/drawn_text_hook.hpp) and the
// canvas's pixels. Screenshots: build/screenshots/sheet-*.png.
import { DESKTOP, PHONE, assert, captureFrame, frames, launch, openInLanguage, reachTarget, run, serve, shot, targetBoxes } from "./harness.mjs";

const server = await serve();
const browser = await launch();

const open = (hash, device, lang) => openInLanguage(browser, server.url + hash, device, lang, { deferred: true });

const capture = captureFrame;
const boxes = targetBoxes;
const centre = ([x, y, w, h]) => [x + Math.min(w / 2, 20), y + h / 2];

// The most frequent colour in each CSS-pixel rectangle [x, y, w, h] of a fresh frame, "r,g,b"
// (wakes the app with the redraw bit: see harness.mjs distinctColours).
async function modeColours(page, rects) {
  return page.evaluate((rects) => new Promise((resolve) => (window.__atlasWake && window.__atlasWake(5), requestAnimationFrame(() => {
    const src = document.getElementById("canvas");
    const c = document.createElement("canvas");
    c.width = src.width; c.height = src.height;
    const ctx = c.getContext("2d");
    ctx.drawImage(src, 0, 0);
    const scale = src.width / src.getBoundingClientRect().width;
    resolve(rects.map(([x, y, w, h]) => {
      const d = ctx.getImageData(Math.round(x * scale), Math.round(y * scale), Math.round(w * scale), Math.round(h * scale)).data;
      const counts = new Map();
      for (let i = 0; i < d.length; i += 4) {
        const k = `${d[i]},${d[i + 1]},${d[i + 2]}`;
        counts.set(k, (counts.get(k) || 0) + 1);
      }
      return [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
    }));
  }))), rects);
}

// The phone's five bottom tabs (root.cpp DrawPhoneLayout; phone.test.mjs): rectangles a little
// inside each, in CSS px.
const tabRect = (i) => [8 + i * (390 - 16) / 5 + 8, 844 - 8 - 40, (390 - 16) / 5 - 16, 30];

const reach = reachTarget;

await run([
  ["phone: a tap on a card that Fits on leaves out (\"-\") says why: one chip that links to none", async () => {
    // Llama 3.1 70B BF16 serving (~134 GiB): an M3/M4 Max (128 GB, one SoC) cannot hold it and
    // two of them are two computers. The reasons were hover tooltips, which phones never show.
    const { context, page, problems } = await open("#v=1&view=calculator&calc.model=llama-3.1-70b&calc.task=inference&calc.gpu=h100-sxm", PHONE, "en");
    // Down to the list by the wheel: a swipe that starts on one of its many buttons presses it.
    await page.mouse.move(195, 400);
    // The list ends the Calculator: wheel until its cards are tappable (inside the panel) and
    // the page has stopped at its end.
    let chips = [], last = "";
    for (let step = 0; step < 30; step++) {
      chips = boxes((await capture(page, `fits on ${step}`)).targets, "fits_on_none").filter((b) => b[4] === 1);
      if (chips.length && JSON.stringify(chips) === last) break;
      last = JSON.stringify(chips);
      await page.mouse.wheel(0, 400);
    }
    assert(chips.length, "no left-out card of Fits on reached on the phone");
    // Each chip is a finger's target: at least 24 CSS px tall (WCAG 2.2, 2.5.8); SmallButton's
    // 17 px was under it (a new-user review).
    for (const chip of chips) assert(chip[3] >= 24, `a Fits on chip is ${chip[3]} CSS px tall on the phone, under 24`);
    const reasons = [];
    for (const chip of chips) {
      await page.touchscreen.tap(...centre(chip));
      await frames(page, 8);
      const got = await capture(page, "fits on sheet");
      const button = boxes(got.targets, "detail_close")[0];
      assert(button, `the tap on a left-out card at ${centre(chip)} opened no sheet`);
      reasons.push(got.text.slice(got.text.lastIndexOf("Close") + 5).trim());
      if (reasons.length === 1) await shot(page, "sheet-fits-on-phone");
      await page.touchscreen.tap(...centre(button));
      await frames(page, 8);
    }
    assert(reasons.some((r) => r.includes("M4 Max") && r.includes("a single chip with no link to another, so more of them do not help")),
           `no sheet says why the M4 Max is left out:\n${reasons.join("\n")}`);
    assert(reasons.every((r) => r.includes(": ")), `a sheet with no reason:\n${reasons.join("\n")}`);
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
  }],
  ["phone: a detail sheet is opaque: the tab bar under it does not show through (English and Chinese)", async () => {
    for (const lang of ["en", "zh"]) {
      const { context, page, problems } = await open(`#v=1&view=cost${lang === "zh" ? "&lang=zh" : ""}`, PHONE, lang);
      // Before: the Cost tab (the 4th) is drawn in the active tab's colour, the Tiers tab (the
      // 1st) in another: the bar is there to be hidden.
      const [activeBefore, otherBefore] = await modeColours(page, [tabRect(3), tabRect(0)]);
      assert(activeBefore !== otherBefore, `${lang}: the tab bar's tabs look alike before the sheet (${activeBefore})`);
      let tip = await reach(context, page, "tip", `${lang} cost`);
      assert(tip, `${lang}: no cost table detail reached on the phone`);
      if (tip[0] + Math.min(tip[2] / 2, 20) > 380) tip = [20, tip[1], 20, tip[3]];  // its row's first column
      await page.touchscreen.tap(...centre(tip));
      await frames(page, 8);
      const got = await capture(page, `${lang} sheet`);
      const close = boxes(got.targets, "detail_close")[0];
      assert(close, `${lang}: the tap opened no sheet`);
      assert(close[1] < 844 - 60, `${lang}: the sheet does not reach over the tab bar (Close at y ${close[1]})`);
      // Over the bar, the sheet's own colour everywhere: the active and the other tab's places
      // look the same, and the same as the sheet above the bar (beside its Close button's row).
      const [active, other] = await modeColours(page, [tabRect(3), tabRect(0)]);
      await shot(page, `sheet-opaque-${lang}-phone`);
      assert(active === other, `${lang}: the tab bar shows through the sheet: ${active} over the active tab, ${other} over another`);
      assert(active !== activeBefore, `${lang}: the active tab is still drawn over the sheet`);
      assert(problems.length === 0, problems.join("\n"));
      await context.close();
    }
  }],
  ["phone: a tap on a spec card's software note opens it as a sheet; Close closes it (English and Chinese)", async () => {
    for (const lang of ["en", "zh"]) {
      const { context, page, problems } = await open(`#v=1&view=tiers&tier.pinned=h100-sxm${lang === "zh" ? "&lang=zh" : ""}`, PHONE, lang);
      const close = lang === "zh" ? "关闭" : "Close";
      const note = await reach(context, page, "card_note", `${lang} tiers`);
      assert(note, `${lang}: no software note of the pinned card reached on the phone`);
      assert(!boxes((await capture(page, "before")).targets, "detail_close").length, `${lang}: a sheet is open before the tap`);
      await page.touchscreen.tap(...centre(note));
      await frames(page, 8);
      let got = await capture(page, `${lang} note sheet`);
      const button = boxes(got.targets, "detail_close")[0];
      assert(button, `${lang}: the tap on a software note at ${centre(note)} opened no sheet`);
      assert(button[3] >= 44 && button[2] >= 300, `${lang}: the Close button is ${button[2]}x${button[3]} CSS px`);
      // The sheet's text (the capture ends with it): the note and its source's address.
      const after = got.text.slice(got.text.lastIndexOf(close) + close.length);
      assert(/https?:\/\//.test(after) && after.trim().length > 30, `${lang}: the sheet does not show the note and its source:\n${after.slice(0, 400)}`);
      await frames(page, 20);
      assert(boxes((await capture(page, "still open")).targets, "detail_close").length, `${lang}: the sheet closed by itself`);
      await shot(page, `sheet-spec-note-${lang}-phone`);
      await page.touchscreen.tap(...centre(button));
      await frames(page, 8);
      got = await capture(page, `${lang} closed`);
      assert(!boxes(got.targets, "detail_close").length, `${lang}: Close did not close the sheet`);
      assert(problems.length === 0, problems.join("\n"));
      await context.close();
    }
  }],
  ["phone: a tap on a (?) help opens its text as a sheet that stays; Close closes it; the footer's (?) too (English and Chinese)", async () => {
    // Before, a help marker was a hover tooltip on phones too: a lifted finger hovers nothing, so
    // its text showed for a frame or two and was gone.
    for (const lang of ["en", "zh"]) {
      const { context, page, problems } = await open(`#v=1&view=calculator${lang === "zh" ? "&lang=zh" : ""}`, PHONE, lang);
      const close = lang === "zh" ? "关闭" : "Close";
      const { targets } = await capture(page, `${lang} calculator`);
      // The first help marker a tap reaches (tappable: inside its panel), and the footer's.
      const helps = Object.entries(targets).filter(([id, b]) => id.startsWith("help") && b[4] === 1).map(([, b]) => b);
      assert(helps.length >= 2, `${lang}: fewer than 2 tappable help markers: ${JSON.stringify(helps)}`);
      const footer = helps.filter(([, y]) => y > 844 - 110).sort((a, b) => b[1] - a[1])[0];
      assert(footer, `${lang}: no help marker in the footer: ${JSON.stringify(helps)}`);
      for (const [which, marker] of [["panel", helps.filter(([, y]) => y < 600)[0]], ["footer", footer]]) {
        assert(marker, `${lang}: no ${which} help marker on screen`);
        // A fingertip beside the glyph (it is 19 x 17 CSS px): the target is 44 px wide.
        await page.touchscreen.tap(marker[0] + marker[2] + 8, marker[1] + marker[3] / 2);
        await frames(page, 30);  // long after the finger was lifted
        let got = await capture(page, `${lang} ${which} help sheet`);
        const button = boxes(got.targets, "detail_close")[0];
        assert(button, `${lang}: the tap on the ${which} (?) opened no sheet`);
        assert(button[3] >= 44 && button[2] >= 300, `${lang}: the Close button is ${button[2]}x${button[3]} CSS px`);
        const after = got.text.slice(got.text.lastIndexOf(close) + close.length);
        assert(after.trim().length > 20, `${lang}: the ${which} help sheet shows no text:\n${after.slice(0, 300)}`);
        // The footer's units read as a sentence of their own (the desktop line's "·" is the data's).
        if (which === "footer") assert(!after.trim().startsWith("\u00B7"), `${lang}: the footer's help starts with "·": ${after.trim().slice(0, 40)}`);
        await shot(page, `sheet-help-${which}-${lang}-phone`);
        await page.touchscreen.tap(...centre(button));
        await frames(page, 8);
        got = await capture(page, `${lang} ${which} help closed`);
        assert(!boxes(got.targets, "detail_close").length, `${lang}: Close did not close the ${which} help sheet`);
      }
      assert(context.pages().length === 1, `${lang}: a tap opened another tab`);
      assert(problems.length === 0, problems.join("\n"));
      await context.close();
    }
  }],
  ["desktop: hovering a spec card's software note shows it as a tooltip, no sheet (English and Chinese)", async () => {
    for (const lang of ["en", "zh"]) {
      const { context, page, problems } = await open(`#v=1&view=tiers&tier.pinned=h100-sxm${lang === "zh" ? "&lang=zh" : ""}`, DESKTOP, lang);
      // The pinned card's panel scrolls: wheel it down until a note is on screen.
      let note = null;
      for (let step = 0; step < 12 && !note; step++) {
        const { targets } = await capture(page, `${lang} desktop ${step}`);
        note = boxes(targets, "card_note").filter(([, y, , h]) => y > 60 && y + h < 860)[0] || null;
        if (!note) {
          await page.mouse.move(1300, 500);
          await page.mouse.wheel(0, 300);
          await frames(page, 6);
        }
      }
      assert(note, `${lang}: no software note of the pinned card on the desktop screen`);
      // The note is drawn nowhere but in its tooltip: hovering adds its lines to the frame.
      await page.mouse.move(720, 4);  // the page's top edge: nothing to hover
      await frames(page, 4);
      const before = new Set((await capture(page, `${lang} desktop before hover`)).text.split("\n"));
      await page.mouse.move(...centre(note));
      await frames(page, 8);
      const got = await capture(page, `${lang} desktop tooltip`);
      assert(!boxes(got.targets, "detail_close").length, `${lang}: the desktop opened a sheet`);
      const added = got.text.split("\n").filter((l) => !before.has(l)).join("\n");
      assert(added.trim().length > 20, `${lang}: hovering a software note showed no tooltip:\n${got.text.slice(-400)}`);
      await shot(page, `sheet-spec-note-${lang}-desktop-tooltip`);
      assert(problems.length === 0, problems.join("\n"));
      await context.close();
    }
  }],
]).finally(async () => { await browser.close(); server.close(); });
