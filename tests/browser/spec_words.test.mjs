// Words the spec card and the phone card list show, read from the drawn text
// (src/platform/web/drawn_text_hook.hpp), as a reader sees them:
// - the phone card list's figures line names the tier in the reader's language ("第二梯队 · 48 GB"
//   in Chinese; it said "T2" in both languages);
// - a precision rate the vendor's sheet does not list reads "none listed" / "规格表未列出"
//   (it was a bare "-": V100 has no TF32 mode).
import { DESKTOP, PHONE, assert, captureFrame, launch, openInLanguage, run, serve, shot, swipe } from "./harness.mjs";

const server = await serve();
const browser = await launch();

// Swipes the phone's view up until `found(text)` or the bottom; returns the text that matched.
async function scrollUntil(context, page, label, found) {
  let last = "";
  for (let step = 0; step < 25; step++) {
    const { text } = await captureFrame(page, `${label} ${step}`);
    if (found(text)) return text;
    if (text === last) break;
    last = text;
    await swipe(context, page, 20, 640, 20, 320, 8);
  }
  return null;
}

await run([
  ...[["zh", /第[一二三]梯队 · \d/, /\bT[123] · /], ["en", /\bT[123] · \d/, /梯队 · /]].map(([lang, want, never]) =>
    [`phone card list, ${lang}: each card's figures line names its tier in ${lang === "zh" ? "Chinese" : "English"}`, async () => {
      const { context, page, problems } = await openInLanguage(
        browser, `${server.url}#v=1&view=tiers${lang === "zh" ? "&lang=zh" : ""}`, PHONE, lang, { deferred: true });
      const text = await scrollUntil(context, page, `cards ${lang}`, (t) => want.test(t));
      await shot(page, `spec-words-cards-${lang}-phone`);
      assert(text !== null, `${lang}: no card figures line matching ${want} found while scrolling the tier view`);
      assert(!never.test(text), `${lang}: a figures line in the other language's form (${never}):\n${text}`);
      assert(problems.length === 0, problems.join("\n"));
      await context.close();
    }]),
  ...[["en", "none listed"], ["zh", "规格表未列出"]].map(([lang, words]) =>
    [`V100's spec card, ${lang}: its TF32 row says "${words}", not a bare dash`, async () => {
      const { context, page, problems } = await openInLanguage(
        browser, `${server.url}#v=1&view=tiers&tier.pinned=v100-sxm2-32gb${lang === "zh" ? "&lang=zh" : ""}`, DESKTOP, lang,
        { deferred: true });
      const { text } = await captureFrame(page, `v100 ${lang}`);
      await shot(page, `spec-words-v100-${lang}`);
      assert(text.includes("V100"), `${lang}: the pinned V100 card is not drawn:\n${text}`);
      assert(text.includes(words), `${lang}: "${words}" not drawn on V100's card:\n${text}`);
      assert(problems.length === 0, problems.join("\n"));
      await context.close();
    }]),
]).finally(async () => { await browser.close(); server.close(); });
