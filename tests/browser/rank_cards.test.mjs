// "Rank cards for this job": the Calculator hands its job to the Walkthrough's recommendations,
// desktop (click, after scrolling the results) and phone (tap, after swiping to the button). The
// link then carries the Calculator's model, task, precision and figures as walk.* answers, the
// Walkthrough is open at its recommendations and says what it carried; a later answer of the
// reader's own ends that line. Screenshots (ATLAS_SHOTS=1): build/screenshots/rank-cards-*.png.
import { DESKTOP, PHONE, assert, captureFrame, frames, launch, open, reachTarget, run, serve, shot, targetBoxes,
         waitForMark } from "./harness.mjs";

const server = await serve();
const browser = await launch();
// 70B LoRA (BF16 base) at 4k tokens over 2B tokens; the Walkthrough's own answers were other ones
// (the link leaves out answers at their defaults: the task, LoRA / QLoRA, is one).
const JOB = "#v=1&view=calculator&calc.model=llama-3.1-70b&calc.task=lora&calc.precision=bf16&calc.seq_len=4096" +
            "&calc.train_tokens=2000000000&calc.gpu=h100-sxm&walk.task=serving&walk.batch=48&walk.budget_cny=900";
const CARRIED = "From the Calculator";

const hash = (page) => page.evaluate(() => decodeURIComponent(location.hash));

async function checkHandedOver(page, label) {
  await waitForMark(page, "gpu-atlas:view:walkthrough");
  await frames(page, 8);
  const link = await hash(page);
  for (const part of ["view=walkthrough", "walk.method=lora", "walk.precision=bf16", "walk.model=llama-3.1-70b",
                      "walk.seq_len=4096", "walk.train_tokens=2000000000", "walk.step=5"])
    assert(link.includes(part), `${label}: the link lacks ${part}: ${link}`);
  // The old serving answers, its users and its budget per hour, are not this training job's.
  assert(!link.includes("walk.batch=") && !link.includes("walk.budget_cny="), `${label}: an old serving answer stayed: ${link}`);
  const got = await captureFrame(page, `${label} walkthrough`);
  assert(got.text.includes(CARRIED), `${label}: no line saying what was carried`);
  assert(/#1\s+\d+ x /.test(got.text), `${label}: no recommendation drawn`);
  return got;
}

async function desktop() {
  const { context, page, problems } = await open(browser, server.url + JOB, DESKTOP, { captureText: true });
  await waitForMark(page, "gpu-atlas:view:calculator");
  await frames(page, 6);
  // The button heads the Fits-on section, far down the results panel: wheel down to it.
  let box = null;
  for (let i = 0; i < 20 && !box; i++) {
    const got = await captureFrame(page, `desktop calculator ${i}`);
    box = targetBoxes(got.targets, "calc_rank_cards").find(([, y, , h]) => y > 60 && y + h < 800) || null;
    if (!box) { await page.mouse.move(1000, 500); await page.mouse.wheel(0, 600); await frames(page, 3); }
  }
  assert(box, "no Rank cards button in the Calculator's results");
  await shot(page, "rank-cards-desktop-button");
  await page.mouse.click(box[0] + box[2] / 2, box[1] + box[3] / 2);
  await checkHandedOver(page, "desktop");
  await shot(page, "rank-cards-desktop-walkthrough");
  // An answer of the reader's own (another method) ends the hand-over line.
  await page.evaluate(() => { location.hash = location.hash.replace("walk.method=lora", "walk.method=qlora"); });
  await frames(page, 10);
  const after = await captureFrame(page, "desktop after an answer");
  assert(!after.text.includes(CARRIED), "the carried line stayed after the answers changed");
  assert(problems.length === 0, problems.join("\n"));
  await context.close();
}

async function phone() {
  const { context, page, problems } = await open(browser, server.url + JOB, PHONE, { captureText: true });
  await waitForMark(page, "gpu-atlas:view:calculator");
  await frames(page, 6);
  const box = await reachTarget(context, page, "calc_rank_cards", "phone calculator", 30);
  if (!box) await shot(page, "rank-cards-phone-missing");
  assert(box, "no Rank cards button on the phone");
  await page.touchscreen.tap(box[0] + box[2] / 2, box[1] + box[3] / 2);
  await checkHandedOver(page, "phone");
  await shot(page, "rank-cards-phone-walkthrough");
  assert(problems.length === 0, problems.join("\n"));
  await context.close();
}

await run([
  ["desktop: click hands the job to the Walkthrough", desktop],
  ["phone: tap hands the job to the Walkthrough", phone],
]).finally(async () => { await browser.close(); server.close(); });
