// The Cost view's "Hubs side by side" table (issue 13.6): electricity price, PUE, carbon
// intensity, latency to the user's city and rent as columns, sorted by rent by default (cheapest
// first, "no price" last), hubs with their own quotes marked, at desktop and phone sizes; a click
// on a column header re-sorts. Reads the drawn text through the test hook
// (src/platform/web/drawn_text_hook.hpp). Serves ATLAS_DIST or build/web/dist.
import { DESKTOP, PHONE, assert, dist, frames, launch, run, serve, shot, waitForMark } from "./harness.mjs";

const server = await serve(process.env.ATLAS_DIST || dist);
const browser = await launch();
const LINK = "#v=1&view=cost&cost.gpu=h100-sxm&cost.user_centre=shanghai&cost.service=container";

async function openWithHook(device) {
  const context = await browser.newContext(device);
  await context.addInitScript(() => { window.__atlasCaptureText = true; });
  const page = await context.newPage();
  const problems = [];
  page.on("console", (m) => { if (m.type() === "error") problems.push(`console: ${m.text()}`); });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  await page.goto(server.url + LINK);
  await waitForMark(page);
  await page.waitForFunction(() => (window.__atlasDrawnText || "").includes("PUE"), null, { timeout: 30000 });
  return { context, page, problems };
}

async function drawn(page) {
  await page.evaluate(() => window.__atlasWake && window.__atlasWake(1));
  await frames(page, 4);
  const text = await page.evaluate(() => window.__atlasDrawnText || "");
  if (process.env.DUMP) console.log(`---- drawn text\n${text}\n----`);
  return text;
}

// The table's rows: the lines after its header line, up to the next section.
function hubRows(text) {
  const lines = text.split("\n");
  const head = lines.findIndex((l) => l.startsWith("| Hub |"));
  assert(head >= 0, `no hub table header in:\n${text.slice(0, 3000)}`);
  const rows = [];
  for (const l of lines.slice(head + 1)) {
    if (!/\d/.test(l) || l.includes("Cost and CO2 by region")) break;
    rows.push(l);
  }
  return { header: lines[head], rows };
}

// The rent of a row: the last money figure ("¥12,345"), or null for "no price".
const rent = (row) => {
  if (row.includes("no price")) return null;
  const m = [...row.matchAll(/¥([\d,]+(?:\.\d+)?)/g)];
  return m.length ? Number(m[m.length - 1][1].replace(/,/g, "")) : NaN;
};

function checkSortedByRent(rows, where) {
  const rents = rows.map(rent);
  let seenNone = false;
  for (let i = 0; i < rents.length; i++) {
    if (rents[i] === null) { seenNone = true; continue; }
    assert(!seenNone, `${where}: a priced hub after a 'no price' one: ${rows[i]}`);
    assert(Number.isFinite(rents[i]), `${where}: no rent in row: ${rows[i]}`);
    if (i > 0 && rents[i - 1] !== null) assert(rents[i - 1] <= rents[i], `${where}: not sorted by rent: ${rows[i - 1]} / ${rows[i]}`);
  }
}

await run([
  ["desktop: hub table columns, rent-sorted rows, hub quotes, no errors", async () => {
    const { context, page, problems } = await openWithHook(DESKTOP);
    const text = await drawn(page);
    const { header, rows } = hubRows(text);
    for (const col of ["Hub", "Power ¥/kWh", "PUE", "CO2 g/kWh", "ms to Shanghai", "Rent CNY"])
      assert(header.includes(col), `header lacks '${col}': ${header}`);
    assert(rows.length >= 8, `only ${rows.length} hub rows:\n${rows.join("\n")}`);
    checkSortedByRent(rows, "desktop");
    assert(rows.some((r) => r.includes("hub quote")), "no hub priced from its own quotes (H100 has Tokyo, Frankfurt, ... quotes)");
    const hubRents = rows.filter((r) => r.includes("hub quote")).map(rent);
    assert(new Set(hubRents).size > 1, `hubs with their own quotes all cost the same: ${hubRents}`);
    await shot(page, "cost-hubs-desktop");
    // A click on the "CO2 g/kWh" header (1440x900, this link: header row at y~259 CSS px) sorts by
    // carbon intensity, lowest first; a second click, highest first.
    const carbon = (row) => Number(row.split("|")[4]);
    for (const [clicks, ascending] of [[1, true], [2, false]]) {
      await page.mouse.click(830, 259);
      await frames(page, 6);
      const sorted = hubRows(await drawn(page)).rows.map(carbon);
      assert(sorted.length >= 8 && sorted.every(Number.isFinite), `carbon column unreadable after ${clicks} click(s): ${sorted}`);
      for (let i = 1; i < sorted.length; i++)
        assert(ascending ? sorted[i - 1] <= sorted[i] : sorted[i - 1] >= sorted[i],
               `not sorted by carbon ${ascending ? "ascending" : "descending"} after ${clicks} click(s): ${sorted}`);
    }
    await shot(page, "cost-hubs-desktop-by-carbon");
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
  }],
  ["phone 390x844: the same columns, the hub column frozen, no errors", async () => {
    const { context, page, problems } = await openWithHook(PHONE);
    const text = await drawn(page);
    const { header, rows } = hubRows(text);
    // 390 px wide: the hub column and the first figures show, the rest scroll sideways.
    for (const col of ["Hub", "Power ¥/kWh"]) assert(header.includes(col), `phone header lacks '${col}': ${header}`);
    assert(rows.length >= 4, `phone: only ${rows.length} hub rows`);
    assert(rows.every((r) => /^\| [^|]+ \| \d/.test(r)), `phone rows do not start with a hub and a figure:\n${rows.join("\n")}`);
    await shot(page, "cost-hubs-phone");
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
  }],
]);

await browser.close();
server.close();
