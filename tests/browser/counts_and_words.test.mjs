// Words a new user stumbled on (new-user trial): counts in proper singular and plural ("apply 1
// change", never "1 change(s)" or "1 GPUs"; Chinese with measure words), the walkthrough's
// serving step 4 talks about serving (not LoRA), and a field's "(?)" stays beside its label.
// Read through the drawn-text hook (src/platform/web/drawn_text_hook.hpp), desktop and phone.
// Screenshots: build/screenshots/words-*.png.
import { DESKTOP, PHONE, assert, drawnText, findColour, followLink, frames, launch, open, run, serve, shot, waitForMark } from "./harness.mjs";

const server = await serve();
const browser = await launch();

// 7B LoRA at 4k tokens on one RTX 4090 without checkpointing: one change (checkpointing) fits it.
const ONE_CHANGE = "#v=1&view=calculator&calc.model=llama-2-7b&calc.task=lora&calc.gpu=rtx-4090&calc.seq_len=4096&calc.checkpointing=none";
const BUTTON_RGB = [40, 110, 200];  // Make it fit (src/ui/calculator_view.cpp, DrawMakeItFit)

// One page per device, shared by the cases: each link arrives in it as a new address (harness
// followLink), as a pasted link does; a fresh page load costs ~5-8 CPU s of software WebGL.
// Every link names its language, so none inherits the one before.
const pages = new Map();
async function pageAt(hash, device, until, chinese = false) {
  let opened = pages.get(device);
  if (!opened) {
    opened = await open(browser, server.url + "#v=1&view=tiers&lang=en", device, { captureText: true });
    await waitForMark(opened.page, "gpu-atlas:deferred-ready");
    pages.set(device, opened);
  }
  await followLink(opened.page, hash, until);
  await settleIn(opened.page, chinese);
  return opened;
}

async function settleIn(page, chinese) {
  const lang = chinese ? "zh-CN" : "en";
  await page.waitForFunction((l) => document.documentElement.lang === l, lang, { timeout: 20000 });
  await frames(page, 10);
}

const drawn = drawnText;

// Counts that read wrong: "1 change(s)", "1 GPUs", or a plural group that reached the screen.
function countProblems(text) {
  const found = [];
  for (const line of text.split("\n")) {
    if (/[A-Za-z]\(s\)/.test(line)) found.push(line);
    else if (/\{[^{}|]*\|[^{}|]*\}/.test(line)) found.push(line);
    else if (/(^|[^0-9.,])1 (changes|GPUs|cards|sequences|replicas|notes|months|configurations)\b/.test(line)) found.push(line);
  }
  return found;
}

// Problems the page reported (console errors, failed requests) since the last check.
function takeProblems(opened) {
  const got = opened.problems.splice(0);
  assert(got.length === 0, got.join("\n"));
}

await run([
  ["Make it fit counts its changes in words, in English and Chinese, desktop and phone", async () => {
    for (const [device, name] of [[DESKTOP, "desktop"], [PHONE, "phone"]]) {
      for (const chinese of [false, true]) {
        const opened = await pageAt(ONE_CHANGE + (chinese ? "&lang=zh" : "&lang=en"), device,
                                    chinese ? /lang=zh/ : /calc\.checkpointing=none(&|$)/, chinese);
        const { page } = opened;
        const text = await drawn(page);
        const label = `${name}${chinese ? " zh" : ""}`;
        assert(text.includes(chinese ? "应用 1 项改动" : "Make it fit: apply 1 change\n") || text.includes(chinese ? "应用 1 项改动" : "apply 1 change"),
               `${label}: no one-change button in\n${text}`);
        assert(!/apply 1 changes/.test(text), `${label}: "apply 1 changes"`);
        assert(countProblems(text).length === 0, `${label}: ${countProblems(text).join(" | ")}`);
        await shot(page, `words-fit-${name}${chinese ? "-zh" : ""}`);
        const button = await findColour(page, BUTTON_RGB);
        assert(button, `${label}: no Make it fit button`);
        if (device === PHONE) await page.touchscreen.tap(button.x, button.y);
        else await page.mouse.click(button.x, button.y);
        await frames(page, 10);
        const after = await drawn(page);
        assert(after.includes(chinese ? "已应用 1 项改动" : "Applied 1 change: the job fits."), `${label}: after the click\n${after}`);
        assert(countProblems(after).length === 0, `${label}: ${countProblems(after).join(" | ")}`);
        // The pointer leaves the button: the next link's button is found by its colour, not its hover colour.
        if (device !== PHONE) await page.mouse.move(2, 2);
        takeProblems(opened);
      }
    }
  }],
  ["a global batch of one reads \"1 sequence\"; the (?) of gradient accumulation stays on its label's line", async () => {
    for (const [device, name] of [[DESKTOP, "desktop"], [PHONE, "phone"]]) {
      const opened = await pageAt(
        "#v=1&view=calculator&calc.model=llama-2-7b&calc.task=full_finetune&calc.gpu=h100-sxm&calc.gpus=1&calc.micro_batch=1&calc.grad_accum=1&lang=en",
        device, /calc\.task=full_finetune/);
      const text = await drawn(opened.page);
      assert(text.includes("global batch: 1 sequence per step"), `${name}: global batch line missing in\n${text}`);
      const line = text.split("\n").find((l) => l.includes("gradient accumulation"));
      assert(line, `${name}: no gradient accumulation field`);
      assert(line.includes("(?)"), `${name}: the (?) left its label: "${line}"`);
      assert(!text.split("\n").some((l) => l.trim() === "(?)"), `${name}: a (?) alone on a line`);
      assert(countProblems(text).length === 0, `${name}: ${countProblems(text).join(" | ")}`);
      await shot(opened.page, `words-grad-accum-${name}`);
      takeProblems(opened);
    }
  }],
  ["the walkthrough's serving step 4 explains weight formats, not LoRA (English and Chinese)", async () => {
    for (const chinese of [false, true]) {
      for (const [device, name] of [[DESKTOP, "desktop"], [PHONE, "phone"]]) {
        const lang = chinese ? "&lang=zh" : "&lang=en";
        const opened = await pageAt(`#v=1&view=walkthrough&walk.task=serving&walk.step=3${lang}`, device, /walk\.task=serving/, chinese);
        const { page } = opened;
        const text = await drawn(page);
        const label = `${name}${chinese ? " zh" : ""}`;
        assert(text.includes(chinese ? "推理只需权重和 KV 缓存" : "Serving holds the weights and a KV cache"), `${label}: no serving rule in\n${text}`);
        assert(!text.includes("LoRA"), `${label}: the serving step mentions LoRA:\n${text}`);
        await shot(page, `words-walk-serving-${name}${chinese ? "-zh" : ""}`);
        // The fine-tuning path keeps its rule.
        await pageAt(`#v=1&view=walkthrough&walk.task=peft&walk.step=3${lang}`, device, /walk\.task=peft/, chinese);
        const peft = await drawn(page);
        assert(peft.includes("LoRA"), `${label}: the fine-tuning step lost its LoRA rule:\n${peft}`);
        takeProblems(opened);
      }
    }
  }],
]).finally(async () => { await browser.close(); server.close(); });
