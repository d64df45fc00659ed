// One job from the walkthrough's first step to a costed answer (issue 13.2/13.3), on a desktop
// (1280x800) and a phone (390x844): a serving job (50 users at 8k context) and a fine-tuning
// job (QLoRA on 2B tokens). The figures are typed with people's units and land in the link as
// walk.<field>; "Cost this job" opens the Cost view on the #1 recommendation (cost.job=walk),
// whose banner names the job; "Open in Calculator" and the Calculator's own "Cost this job"
// carry it the other way (cost.job=calc); Unlink ends the link. Controls are found through the
// test-target hook (window.__atlasTargets, src/platform/web/drawn_text_hook.hpp).
// Screenshots: build/screenshots/walk-job-*.png.
import { PHONE, assert, frames, launch, run, serve, shot, waitForMark } from "./harness.mjs";

const DESKTOP = { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 };
const server = await serve();
const browser = await launch();
const hash = (page) => page.evaluate(() => decodeURIComponent(location.hash));

async function openPage(url, device) {
  const context = await browser.newContext(device);
  await context.addInitScript(() => { window.__atlasCaptureText = true; });
  const page = await context.newPage();
  const problems = [];
  page.on("console", (m) => { if (m.type() === "error") problems.push(`console: ${m.text()}`); });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("requestfailed", (r) => problems.push(`request failed: ${r.url()}`));
  await page.goto(url);
  await waitForMark(page);
  await waitForMark(page, "gpu-atlas:deferred-ready");
  await frames(page, 12);
  return { context, page, problems };
}

// A fresh frame's targets and drawn text (the app sleeps when idle: wake it first).
async function frame(page) {
  await page.evaluate(() => window.__atlasWake && window.__atlasWake(1));
  await frames(page, 4);
  return page.evaluate(() => ({ targets: window.__atlasTargets || {}, text: window.__atlasDrawnText || "" }));
}

async function press(page, key) {
  await page.keyboard.down(key);
  await frames(page, 1);
  await page.keyboard.up(key);
  await frames(page, 3);
}

// Taps (phone) or clicks (desktop) a control by its test-target id; `at` picks a point inside
// (number fields: their text box, at the left of the target's last row: a label that does not
// fit beside its field goes on the line above it).
async function hit(page, id, phone, at = "centre") {
  const { targets } = await frame(page);
  const r = targets[id];
  assert(r, `no control "${id}" on the screen; drawn: ${Object.keys(targets).join(", ")}`);
  const x = at === "left" ? r[0] + 24 : r[0] + r[2] / 2;
  const y = at === "left" ? r[1] + r[3] - 9 : r[1] + r[3] / 2;
  if (phone) await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
  await frames(page, 8);
}

// Types into a walkthrough number field and commits it with Enter.
async function typeField(page, id, text, phone) {
  await hit(page, id, phone, "left");
  if (!phone) await page.keyboard.press("Control+A");
  else for (let i = 0; i < 12; i++) await page.keyboard.press("Backspace");
  await frames(page, 2);
  await page.keyboard.type(text, { delay: 30 });
  await press(page, "Enter");
  await frames(page, 6);
}

async function next(page, phone, expectStep) {
  await hit(page, "walk_next", phone);
  const h = await hash(page);
  assert(h.includes(`walk.step=${expectStep}`), `Next did not reach step ${expectStep + 1}: ${h}`);
}

async function walkToCost(device, name, job) {
  const phone = device === PHONE;
  const { context, page, problems } = await openPage(server.url + "#v=1&view=walkthrough", device);
  await shot(page, `walk-job-${name}-${job.name}-1-task`);
  await hit(page, job.task, phone);
  assert((await hash(page)).includes(job.taskInLink), `task not picked: ${await hash(page)}`);
  await next(page, phone, 1);
  await shot(page, `walk-job-${name}-${job.name}-2-model`);
  await next(page, phone, 2);
  for (const [field, typed] of job.fields) await typeField(page, field, typed, phone);
  const afterJob = await hash(page);
  for (const expected of job.inLink) assert(afterJob.includes(expected), `${expected} not in the link: ${afterJob}`);
  await shot(page, `walk-job-${name}-${job.name}-3-job`);
  await next(page, phone, 3);
  await shot(page, `walk-job-${name}-${job.name}-4-method`);
  await next(page, phone, 4);
  await shot(page, `walk-job-${name}-${job.name}-5-constraints`);
  await next(page, phone, 5);
  await frames(page, 20);
  let { text } = await frame(page);
  assert(/#1 /.test(text), `no recommendation drawn:\n${text.slice(0, 1500)}`);
  await shot(page, `walk-job-${name}-${job.name}-6-results`);
  await hit(page, "walk_cost_job_1", phone);
  await frames(page, 20);
  const costed = await hash(page);
  assert(costed.includes("view=cost") && costed.includes("cost.job=walk"), `Cost this job: ${costed}`);
  assert(/cost\.gpu=[a-z0-9-]+/.test(costed), `no card carried: ${costed}`);
  ({ text } = await frame(page));
  const banner = text.split("\n").find((l) => l.includes("Costing:"));
  assert(banner && banner.includes(job.taskWord) && banner.includes("from walkthrough #1"), `banner: ${banner}\n${text.slice(0, 800)}`);
  if (job.serving) assert(banner.includes("a month of serving, 730 h") && costed.includes("cost.hours=730"), `serving hours: ${banner} ${costed}`);
  await shot(page, `walk-job-${name}-${job.name}-7-cost`);
  assert(problems.length === 0, problems.join("\n"));
  return { context, page, problems, phone };
}

const SERVING = {
  name: "serving", task: "walk_task_serving", taskInLink: "walk.task=serving", serving: true, taskWord: "serving",
  fields: [["batch", "50"], ["context", "8k"]], inLink: ["walk.batch=50", "walk.context=8192"],
};
// LoRA/QLoRA is the walkthrough's default task, so picking it writes no walk.task.
const FINETUNE = {
  name: "finetune", task: "walk_task_peft", taskInLink: "view=walkthrough", serving: false, taskWord: "QLoRA",
  fields: [["train_tokens", "2B"], ["seq_len", "4k"]], inLink: ["walk.train_tokens=2000000000", "walk.seq_len=4096"],
};

const cases = [];
for (const [device, name] of [[DESKTOP, "desktop"], [PHONE, "phone"]]) {
  cases.push([`${name}: a serving job, 50 users at 8k, from the first step to its cost`, async () => {
    const { context } = await walkToCost(device, name, SERVING);
    await context.close();
  }]);
  cases.push([`${name}: a fine-tuning job on 2B tokens to its cost; the Calculator carries it too; Unlink`, async () => {
    const { context, page, problems, phone } = await walkToCost(device, name, FINETUNE);
    // Back to the results, open #1 in the Calculator, cost it from there.
    const walkGpu = (await hash(page)).match(/cost\.gpu=([a-z0-9-]+)/)[1];
    await page.goto(server.url + (await hash(page)).replace(/view=cost/, "view=walkthrough"));
    await frames(page, 20);
    await hit(page, "walk_open_calc_1", phone);
    const calc = await hash(page);
    assert(calc.includes("view=calculator") && calc.includes(`calc.gpu=${walkGpu}`) && calc.includes("calc.task=qlora"),
           `Open in Calculator: ${calc}`);
    await shot(page, `walk-job-${name}-finetune-8-calculator`);
    await hit(page, "calc_cost_job", phone);
    await frames(page, 20);
    const costed = await hash(page);
    assert(costed.includes("view=cost") && costed.includes("cost.job=calc") && costed.includes(`cost.gpu=${walkGpu}`),
           `Calculator's Cost this job: ${costed}`);
    const { text } = await frame(page);
    const banner = text.split("\n").find((l) => l.includes("Costing:"));
    assert(banner && banner.includes("QLoRA") && banner.includes("from Calculator"), `banner: ${banner}`);
    await shot(page, `walk-job-${name}-finetune-9-cost-from-calculator`);
    await hit(page, "cost_job_unlink", phone);
    const unlinked = await hash(page);
    assert(!unlinked.includes("cost.job=") && unlinked.includes(`cost.gpu=${walkGpu}`), `Unlink: ${unlinked}`);
    assert(!(await frame(page)).text.includes("Costing:"), "the banner stays after Unlink");
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
  }]);
}
cases.push(["Chinese: the job step and the banner have their words", async () => {
  const { context, page, problems } = await openPage(
    server.url + "#v=1&view=walkthrough&lang=zh&walk.step=2&walk.task=serving&walk.batch=50&walk.context=8k", DESKTOP);
  await page.waitForFunction(() => (window.__atlasDrawnText || "").includes("并发用户数"), null, { timeout: 20000 }).catch(() => {});
  let { text } = await frame(page);
  assert(text.includes("并发用户数") && text.includes("任务规模"), `Chinese job step:\n${text.slice(0, 800)}`);
  await shot(page, "walk-job-zh-job-step");
  await page.goto(server.url + "#v=1&view=walkthrough&lang=zh&walk.step=5&walk.task=serving&walk.batch=50&walk.context=8k");
  await frames(page, 30);
  await hit(page, "walk_cost_job_1", false);
  await frames(page, 20);
  ({ text } = await frame(page));
  assert(text.includes("正在核算") && text.includes("来自选型向导第 1 名"), `Chinese banner:\n${text.slice(0, 800)}`);
  await shot(page, "walk-job-zh-cost");
  assert(problems.length === 0, problems.join("\n"));
  await context.close();
}]);

await run(cases).finally(async () => { await browser.close(); server.close(); });
