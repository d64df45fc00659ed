// The Cost view's "Hubs side by side" table (issue 13.6): the job's rent (right after the hub, in
// view on phones), electricity price, PUE, carbon intensity and latency to the user's city as
// columns, sorted by rent by default (cheapest first, "no price" last), hubs with sellers of their own marked, at desktop and phone sizes; a click
// on a column header re-sorts. Reads the drawn text through the test hook
// (src/platform/web/drawn_text_hook.hpp). Serves ATLAS_DIST or build/web/dist.
import { DESKTOP, PHONE, assert, dist, frames, launch, run, serve, shot, swipe, waitForMark } from "./harness.mjs";

const server = await serve(process.env.ATLAS_DIST || dist);
const browser = await launch();
const LINK = "#v=1&view=cost&cost.gpu=h100-sxm&cost.user_centre=shanghai&cost.service=container";

async function openWithHook(device, link = LINK) {
  const context = await browser.newContext(device);
  await context.addInitScript(() => { window.__atlasCaptureText = true; });
  const page = await context.newPage();
  const problems = [];
  page.on("console", (m) => { if (m.type() === "error") problems.push(`console: ${m.text()}`); });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  await page.goto(server.url + link);
  await waitForMark(page);
  await page.waitForFunction(() => (window.__atlasDrawnText || "").includes("PUE"), null, { timeout: 30000 });
  await page.waitForFunction(() => window.__atlasTargets && window.__atlasTargets.cost_hubs_table, null, { timeout: 30000 });
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
  const head = lines.findIndex((l) => l.startsWith("| Hub |") || l.startsWith("| 枢纽 |"));
  assert(head >= 0, `no hub table header in:\n${text.slice(0, 3000)}`);
  // A row starts with "| "; on phones a cell's second line (a tag under the hub's name or under
  // the rent) continues it on the next line, which still holds the cells after it.
  const rows = [];
  for (const l of lines.slice(head + 1)) {
    if (l.includes("Cost and CO2 by region")) break;
    if (l.startsWith("| ")) rows.push(l);
    else if (rows.length && l.includes(" | ")) rows[rows.length - 1] += " " + l;
    else break;
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

// The headline's hub is the one row marked "the pick": H100's rents tie to 3 significant figures
// (¥129,165 and, with a hub's own seller pooled, ¥129,217) and the headline names Finland, whose
// row comes after the ¥129,165 ones when sorted by rent to the yuan.
function checkPickMarked(text, rows, where) {
  const verdict = text.split("\n").find((l) => l.startsWith("Cheapest under the constraints: "));
  assert(verdict, `${where}: no headline`);
  const hub = verdict.replace("Cheapest under the constraints: ", "").split(",")[0];
  const picked = rows.filter((r) => r.includes("the pick"));
  assert(picked.length === 1, `${where}: ${picked.length} rows marked as the pick:\n${rows.join("\n")}`);
  assert(picked[0].startsWith(`| ${hub} the pick |`), `${where}: the pick is not the headline's ${hub}: ${picked[0]}`);
}

const target = (page, id) => page.evaluate((k) => (window.__atlasTargets || {})[k] || null, id);

await run([
  ["desktop: hub table columns, rent-sorted rows, hub quotes, no errors", async () => {
    const { context, page, problems } = await openWithHook(DESKTOP);
    const text = await drawn(page);
    const { header, rows } = hubRows(text);
    for (const col of ["Hub", "Power ¥/kWh", "PUE", "CO2 g/kWh", "ms to Shanghai", "Job rent CNY"])
      assert(header.includes(col), `header lacks '${col}': ${header}`);
    assert(rows.length >= 8, `only ${rows.length} hub rows:\n${rows.join("\n")}`);
    checkSortedByRent(rows, "desktop");
    checkPickMarked(text, rows, "desktop");
    // H100 has sellers located in Tokyo, Frankfurt, ... (Google Cloud's list prices, 1.7-4x the
    // market's median): pooled with the market's region-wide quotes, those hubs' rents stay
    // within a tenth of the others' (priced alone, they read as 2-4x their neighbours').
    assert(rows.some((r) => r.includes("incl. hub quotes")), "no hub marked for its own sellers (H100 has Tokyo, Frankfurt, ... quotes)");
    const hubRents = rows.filter((r) => r.includes("incl. hub quotes")).map(rent);
    const marketRents = rows.filter((r) => !r.includes("incl. hub quotes") && !r.includes("other market") && rent(r) > 0).map(rent);
    assert(marketRents.length > 0, `no hub priced by the market alone:\n${rows.join("\n")}`);
    const base = Math.min(...marketRents);
    for (const r of hubRents) assert(r >= base && r < 1.1 * base, `a hub's rent with its own sellers, ${r}, is not within a tenth of the market's ${base}`);
    await shot(page, "cost-hubs-desktop");
    // A click on the "CO2 g/kWh" header (1440x900: its column at x~1080 CSS px; the header row is
    // the table's first, half a row below the table target's top) sorts by carbon intensity,
    // lowest first; a second click, highest first.
    const carbon = (row) => Number(row.split("|")[5]);
    const table = await target(page, "cost_hubs_table");
    assert(table, "no cost_hubs_table target");
    for (const [clicks, ascending] of [[1, true], [2, false]]) {
      await page.mouse.click(1080, table[1] + 9);
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
    // 390 px wide: the hub column and the job's rent show, the rest scroll sideways.
    for (const col of ["Hub", "Job rent CNY"]) assert(header.includes(col), `phone header lacks '${col}': ${header}`);
    assert(rows.length >= 4, `phone: only ${rows.length} hub rows`);
    assert(rows.every((r) => /^\| [^|]+ \| (¥\d|no price)/.test(r)), `phone rows do not start with a hub and its rent:\n${rows.join("\n")}`);
    checkSortedByRent(rows, "phone");
    checkPickMarked(text, rows, "phone");
    await shot(page, "cost-hubs-phone");
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
  }],
  ["phone 390x844: a sideways swipe on the hub table shows the cut-off columns; the hub column stays", async () => {
    const { context, page, problems } = await openWithHook(PHONE);
    await drawn(page);
    // Bring the table into view: drag the panel up until the table's top is near the screen's top.
    for (let i = 0; i < 8; i++) {
      const t = await target(page, "cost_hubs_table");
      assert(t, "no cost_hubs_table target");
      if (t[1] < 400) break;
      // Start above the table (a drag on the table would scroll the table itself).
      const start = Math.min(t[1] - 20, 780);
      await swipe(context, page, 200, start, 200, Math.max(start - 500, 100), 10);
    }
    const t = await target(page, "cost_hubs_table");
    assert(t && t[1] >= 0 && t[1] < 600, `hub table not in view: ${t}`);
    const before = hubRows(await drawn(page));
    assert(before.header.includes("Job rent CNY"), `the rent column does not show at 390 px before a swipe: ${before.header}`);
    assert(!before.header.includes("CO2"), `the CO2 column already shows at 390 px (nothing to swipe): ${before.header}`);
    await shot(page, "cost-hubs-phone-before-swipe");
    const y = t[1] + Math.min(t[3] - 10, 90);
    await swipe(context, page, 340, y, 60, y, 10);
    const after = hubRows(await drawn(page));
    assert(after.header.includes("CO2 g/kWh"), `after a swipe the CO2 column does not show: ${after.header}`);
    assert(after.header.startsWith("| Hub |"), `the hub column did not stay: ${after.header}`);
    assert(after.rows.every((r) => /^\| [^|]+ \| /.test(r)), `rows lost their hub name:\n${after.rows.join("\n")}`);
    await shot(page, "cost-hubs-phone-swiped");
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
  }],
  ["hubs left out by \"mainland China only\" come after every hub that is in, tagged as another market (境外), desktop and phone, en and zh", async () => {
    for (const [lang, link, tag] of [["en", LINK + "&cost.domestic=1", "other market"], ["zh", "#v=1&lang=zh&view=cost", "境外"]])
      for (const device of [DESKTOP, PHONE]) {
        const where = `${lang} ${device === PHONE ? "phone" : "desktop"}`;
        const { context, page, problems } = await openWithHook(device, link);
        if (lang === "zh") await page.waitForFunction(() => (window.__atlasDrawnText || "").includes("枢纽"), null, { timeout: 30000 });
        const text = await drawn(page);
        // A table row: a line that starts with "| "; on phones a greyed hub's tag is on the line
        // under its name (the next line, before the next row).
        const lines = text.split("\n");
        const head = lines.findIndex((l) => l.startsWith("| Hub |") || l.startsWith("| 枢纽 |"));
        assert(head >= 0, `${where}: no hub table`);
        const rows = [];
        for (const l of lines.slice(head + 1)) {
          if (l.startsWith("| ")) rows.push(l);
          else if (rows.length && !l.includes("|") && l.trim() === tag) rows[rows.length - 1] += " " + l.trim();
          else if (!l.includes("|")) break;
          else rows[rows.length - 1] += " " + l;
        }
        const tagged = rows.map((r) => r.split("|")[1].includes(tag) || r.includes(` ${tag} `) || r.trim().endsWith(tag));
        if (process.env.DUMP) console.log(rows.map((r, i) => `${tagged[i] ? "OUT" : "in "} ${r}`).join("\n"));
        assert(rows.length >= 8, `${where}: only ${rows.length} hub rows:\n${rows.join("\n")}`);
        const firstOut = tagged.indexOf(true);
        assert(firstOut > 0, `${where}: no hub tagged '${tag}' after the hubs that are in:\n${rows.join("\n")}`);
        assert(tagged.slice(firstOut).every((t) => t), `${where}: a hub that is in comes after one left out:\n${rows.join("\n")}`);
        // The hubs that are in are still sorted by rent, cheapest first.
        if (lang === "en") checkSortedByRent(rows.slice(0, firstOut), where);
        await shot(page, `cost-hubs-out-last-${lang}-${device === PHONE ? "phone" : "desktop"}`);
        assert(problems.length === 0, problems.join("\n"));
        await context.close();
      }
  }],
  ["zh default Cost view: money in 万 with ¥, ¥ headers, the verdict's row is the table's and says its price", async () => {
    for (const device of [DESKTOP, PHONE]) {
      const { context, page, problems } = await openWithHook(device, "#v=1&lang=zh&view=cost");
      await page.waitForFunction(() => (window.__atlasDrawnText || "").includes("枢纽"), null, { timeout: 30000 });
      const text = await drawn(page);
      // 10,000 and more in 万/亿 ("¥2.22万", "¥1,680万"), never "¥22,162" or "¥269,644".
      const raw = text.match(/¥(\d{2,3},\d{3}|\d{1,3}(,\d{3}){2,})(?![\d,万亿])[^\n]{0,20}/);
      assert(!raw, `a money figure of 10,000 or more without 万: ${raw && raw[0]}`);
      assert(!/租金 CNY|购置分摊 CNY/.test(text), "a CNY code in a Chinese header");
      const verdict = text.split("\n").find((l) => l.includes("满足约束的最低成本"));
      assert(verdict, "no verdict line");
      assert(/¥[\d.,]+万/.test(verdict), `verdict money not in 万: ${verdict}`);
      const price = text.split("\n").find((l) => l.startsWith("价格："));
      assert(price, "the verdict does not say its price (statistic, sellers, date)");
      const hub = verdict.replace("满足约束的最低成本：", "").split(/[，（]/)[0];
      const row = hubRows(text).rows.find((r) => r.startsWith(`| ${hub} `));
      if (row && row.includes("你所在的市场无售")) assert(price.includes("你所在的市场无售"), `the table marks ${hub} as not sold in its market but the verdict does not: ${price}`);
      await shot(page, device === PHONE ? "cost-zh-phone" : "cost-zh-desktop");
      assert(problems.length === 0, problems.join("\n"));
      await context.close();
    }
  }],
  ["zh, a card no mainland seller quotes (MI300X): the verdict's hub says it is priced from the other market", async () => {
    const { context, page, problems } = await openWithHook(DESKTOP, "#v=1&lang=zh&view=cost&cost.gpu=mi300x");
    await page.waitForFunction(() => (window.__atlasDrawnText || "").includes("枢纽"), null, { timeout: 30000 });
    const text = await drawn(page);
    const verdict = text.split("\n").find((l) => l.includes("满足约束的最低成本"));
    assert(verdict, "no verdict line");
    const hub = verdict.replace("满足约束的最低成本：", "").split(/[，（]/)[0];
    const row = hubRows(text).rows.find((r) => r.startsWith(`| ${hub} `));
    assert(row && row.includes("你所在的市场无售"), `MI300X's cheapest hub ${hub} is not marked in the table: ${row}`);
    assert(verdict.includes(`${hub}（当地无卖家，按另一市场的价格）`), `the verdict names ${hub} without saying it has no seller there: ${verdict}`);
    assert(problems.length === 0, problems.join("\n"));
    await context.close();
  }],
]);

await browser.close();
server.close();
