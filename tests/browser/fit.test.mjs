// "Make it fit" in the Calculator, desktop and phone: a job that does not fit (70B QLoRA on two
// RTX 4090s) shows the steps and a button; one click applies them, the link carries the
// fitted settings and the verdict turns to "fits". Screenshots: build/screenshots/fit-*.png.
import { DESKTOP, PHONE, assert, frames, launch, open, run, serve, shot, waitForMark } from "./harness.mjs";

const server = await serve();
const browser = await launch();
// 7B LoRA at 4k tokens on one RTX 4090 without checkpointing does not fit; checkpointing makes it fit.
const JOB = "#v=1&view=calculator&calc.model=llama-2-7b&calc.task=lora&calc.gpu=rtx-4090&calc.seq_len=4096&calc.checkpointing=none";
// The button's own colour (src/ui/calculator_view.cpp, DrawMakeItFit): IM_COL32(40, 110, 200).
const BUTTON_RGB = [40, 110, 200];

// The bounding box of the button's colour on the canvas, in CSS pixels (null when absent).
async function findButton(page) {
  // The app pauses its frame loop when idle: wake it so this rAF follows a fresh frame whose
  // WebGL buffer still holds the drawing (see harness.mjs distinctColours).
  return page.evaluate((rgb) => new Promise((resolve) => (window.__atlasWake && window.__atlasWake(1), requestAnimationFrame(() => {
    const src = document.getElementById("canvas");
    const c = document.createElement("canvas");
    c.width = src.width; c.height = src.height;
    const ctx = c.getContext("2d");
    ctx.drawImage(src, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    let x0 = Infinity, y0 = Infinity, x1 = -1, y1 = -1, n = 0;
    for (let y = 0; y < c.height; y++)
      for (let x = 0; x < c.width; x++) {
        const i = (y * c.width + x) * 4;
        if (d[i] === rgb[0] && d[i + 1] === rgb[1] && d[i + 2] === rgb[2]) {
          n++;
          x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
        }
      }
    const scale = src.width / src.getBoundingClientRect().width;
    const r = src.getBoundingClientRect();
    resolve(n < 50 ? null : { x: r.left + (x0 + x1) / 2 / scale, y: r.top + (y0 + y1) / 2 / scale, pixels: n });
  }))), BUTTON_RGB);
}

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

await run([
  ["desktop: Make it fit shows the steps and applies them with one click", () => makeItFit(DESKTOP, "desktop", false)],
  ["phone: the same with a tap", () => makeItFit(PHONE, "phone", true)],
]).finally(async () => { await browser.close(); server.close(); });
