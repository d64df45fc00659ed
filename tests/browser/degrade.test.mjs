// Degrade, don't blank: when a deferred data file arrives broken, the tier map and the views
// that do not need it keep working, with a banner naming the file and the record.
import { DESKTOP, assert, distinctColours, frames, launch, run, serve, shot, waitForMark } from "./harness.mjs";

const server = await serve();
const browser = await launch();

// Serves models.json with one invalid record (negative parameter count).
async function brokenModels(page) {
  await page.route((u) => u.pathname.endsWith("/data/models.json"), async (route) => {
    const res = await route.fetch();
    const models = JSON.parse(await res.text());
    models.models[1].params = -5;
    await route.fulfill({ response: res, body: JSON.stringify(models) });
  });
}

await run([
  ["a broken models.json: the tier map and Cost & region work, the Calculator says which file", async () => {
    for (const view of ["cost", "calculator", "tiers"]) {
      const context = await browser.newContext({ ...DESKTOP, serviceWorkers: "block" });
      const page = await context.newPage();
      const errors = [];
      page.on("pageerror", (e) => errors.push(e.message));
      await brokenModels(page);
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
]).finally(async () => { await browser.close(); server.close(); });
