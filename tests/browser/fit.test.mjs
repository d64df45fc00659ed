// "Make it fit" in the Calculator, desktop and phone: a job that does not fit (70B QLoRA on two
// RTX 4090s) shows the steps and a button; one click applies them, the link carries the
// fitted settings and the verdict turns to "fits". Screenshots: build/screenshots/fit-*.png.
import { DESKTOP, PHONE, assert, findColour, frames, launch, open, run, serve, shot, waitForMark } from "./harness.mjs";

const server = await serve();
const browser = await launch();
// 7B LoRA at 4k tokens on one RTX 4090 without checkpointing does not fit; checkpointing makes it fit.
const JOB = "#v=1&view=calculator&calc.model=llama-2-7b&calc.task=lora&calc.gpu=rtx-4090&calc.seq_len=4096&calc.checkpointing=none";
// The button's own colour (src/ui/calculator_view.cpp, DrawMakeItFit): IM_COL32(40, 110, 200).
const BUTTON_RGB = [40, 110, 200];

// The button, found by its colour on the canvas (CSS pixels; null when absent).
const findButton = (page) => findColour(page, BUTTON_RGB);

const hash = (page) => page.evaluate(() => decodeURIComponent(location.hash));

async function makeItFit(device, name, tap) {
  const { context, page, problems } = await open(browser, server.url + JOB, device);
  await waitForMark(page, "gpu-atlas:view:calculator");
  await frames(page, 10);
  const button = await findButton(page);
  assert(button, "no Make-it-fit button on the screen");
  await shot(page, `fit-${name}-steps`);
  if (tap) await page.touchscreen.tap(button.x, button.y);
  else await page.mouse.click(button.x, button.y);
  await frames(page, 10);
  const after = await hash(page);
  assert(after.includes("calc.checkpointing=full"), `link after the click: ${after}`);
  assert(after.includes("calc.model=llama-2-7b") && after.includes("calc.gpu=rtx-4090") && after.includes("calc.task=lora"),
         `the question changed: ${after}`);
  assert(!(await findButton(page)), "the button is still there after the job fits");
  await shot(page, `fit-${name}-applied`);
  assert(problems.length === 0, problems.join("\n"));
  await context.close();
}

// The trial's link: Answer.AI's FSDP-QLoRA trains Llama 2 70B on 2 x 24 GB with FSDP CPU
// offload of the 4-bit shards (github.com/AnswerDotAI/fsdp_qlora benchmarks_03_2024.md).
const QLORA_70B = "#v=1&view=calculator&calc.model=llama-3.1-70b&calc.task=qlora&calc.gpu=rtx-4090&calc.gpus=2&calc.dp=2&calc.zero_stage=3";

async function qlora70b() {
  const { context, page, problems } = await open(browser, server.url + QLORA_70B, DESKTOP);
  await waitForMark(page, "gpu-atlas:view:calculator");
  await frames(page, 10);
  const button = await findButton(page);
  assert(button, "no Make-it-fit button for 70B QLoRA on 2 x RTX 4090");
  await shot(page, "fit-qlora70b-steps");
  await page.mouse.click(button.x, button.y);
  await frames(page, 10);
  const after = await hash(page);
  assert(after.includes("calc.offload_params=true"), `link after the click: ${after}`);
  assert(after.includes("calc.gpus=2") && after.includes("calc.gpu=rtx-4090"), `the question changed: ${after}`);
  assert(!(await findButton(page)), "the button is still there after the job fits");
  await shot(page, "fit-qlora70b-applied");
  assert(problems.length === 0, problems.join("\n"));
  await context.close();
}

await run([
  ["desktop: 70B QLoRA on two RTX 4090s fits with FSDP parameter offload", qlora70b],
  ["desktop: Make it fit shows the steps and applies them with one click", () => makeItFit(DESKTOP, "desktop", false)],
  ["phone: the same with a tap", () => makeItFit(PHONE, "phone", true)],
]).finally(async () => { await browser.close(); server.close(); });
