// Degrade, don't blank: when a deferred data file arrives broken, the tier map and the views
// that do not need it keep working, with a banner naming the file and the record.
import { DESKTOP, assert, distinctColours, frames, launch, run, serve, shot, stage, waitForMark, writeSite } from "./harness.mjs";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

// A site built with models.json holding one invalid record (negative parameter count): the file
// is the version's own (its hashed name matches), so the page takes it and must degrade.
const work = mkdtempSync(path.join(os.tmpdir(), "atlas-degrade-"));
cpSync(stage, path.join(work, "stage"), { recursive: true });
const modelsPath = path.join(work, "stage/data/models.json");
const models = JSON.parse(readFileSync(modelsPath, "utf8"));
models.models[1].params = -5;
writeFileSync(modelsPath, JSON.stringify(models));
writeSite(path.join(work, "stage"), path.join(work, "site"));
const server = await serve(path.join(work, "site"));
const browser = await launch();

await run([
  ["a broken models.json: the tier map and Cost & region work, the Calculator says which file", async () => {
    for (const view of ["cost", "calculator", "tiers"]) {
      const context = await browser.newContext({ ...DESKTOP, serviceWorkers: "block" });
      const page = await context.newPage();
      const errors = [];
      page.on("pageerror", (e) => errors.push(e.message));
      await page.goto(server.url + "#v=1&view=" + view);
      await waitForMark(page);
      await waitForMark(page, "gpu-atlas:deferred-ready", 30000);
      await waitForMark(page, "gpu-atlas:view:" + view);
      await frames(page, 8);
      assert((await distinctColours(page)) > 20, `${view}: blank page`);
      await shot(page, `degrade-models-${view}`);
      assert(errors.length === 0, errors.join("\n"));
      assert(page.url().includes("view=" + view) || view === "tiers", `${view}: link state lost: ${page.url()}`);
      await context.close();
    }
  }],
]).finally(async () => { await browser.close(); server.close(); rmSync(work, { recursive: true, force: true }); });
