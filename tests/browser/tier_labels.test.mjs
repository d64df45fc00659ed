// Tier-map names (issue 16 part 7, issue 17 part 7): no two words on the chart overlap, the pinned
// card's name is always shown (Ascend 910B had none on phones), and every shown card is named on
// the chart or listed beside it (desktop: the side panel's list; phones: the list under the chart).
// Reads the boxes the chart reports through the test hook (tier_map_names.hpp ReportChartLabels).
// Screenshots: build/screenshots/labels-<lang>-<device>-<case>.png.
import { DESKTOP, PHONE_3X, assert, followLink, frames, launch, openCapturing, run, serve, shot, waitForMark } from "./harness.mjs";

const server = await serve();
const browser = await launch();
const DESKTOP_1280 = { ...DESKTOP, viewport: { width: 1280, height: 800 } };

async function openPage(hash, device, locale) {
  const { context, page, problems } = await openCapturing(browser, server.url + hash, device, locale);
  await waitForMark(page);
  await waitForMark(page, "gpu-atlas:deferred-ready");
  if (hash.includes("lang=zh")) await page.waitForFunction(() => document.documentElement.lang === "zh-CN", null, { timeout: 20000 });
  await pointerOff(page, device);
  return { context, page, problems };
}

// The pointer off the chart: a hovered marker's name is drawn even where it collides.
async function pointerOff(page, device) {
  if (device === PHONE_3X) await page.touchscreen.tap(380, 5); else await page.mouse.move(2, device.viewport.height - 2);
  await frames(page, 20);
  await page.evaluate(() => window.__atlasWake && window.__atlasWake(1));
  await frames(page, 5);
}

// The frame's boxes under ids starting with `prefix` ("tier_label", "tier_label#2", ...).
async function boxes(page, prefix) {
  const targets = await page.evaluate(() => window.__atlasTargets || {});
  return Object.entries(targets).filter(([id]) => id === prefix || id.startsWith(prefix + "#")).map(([id, b]) => ({ id, b }));
}

function overlaps(a, b) {
  const eps = 0.25;  // CSS px: boxes that only touch are fine
  return a[0] + eps < b[0] + b[2] && b[0] + eps < a[0] + a[2] && a[1] + eps < b[1] + b[3] && b[1] + eps < a[1] + a[3];
}

function overlapping(list) {
  const found = [];
  for (let i = 0; i < list.length; i++)
    for (let j = i + 1; j < list.length; j++)
      if (overlaps(list[i].b, list[j].b)) found.push(`${list[i].id} ${list[i].b} / ${list[j].id} ${list[j].b}`);
  return found;
}

const cases = [];
for (const [device, dname] of [[DESKTOP_1280, "desktop"], [PHONE_3X, "phone"]])
  for (const lang of ["en", "zh"])
    cases.push([`${dname} ${lang}: no two words on the chart overlap; the pinned Ascend 910B is named; every card named or listed`, async () => {
      const locale = lang === "zh" ? "zh-CN" : "en-US";
      // One page: it opens unpinned, then each pinned card arrives as a new link (the app follows
      // the address, as after a pasted link; a page load each cost ~5 CPU s of software WebGL).
      let opened = null;
      for (const pinned of ["", "ascend-910b", "h20", "rtx-4090"]) {
        const hash = `#v=1&view=tiers&lang=${lang}` + (pinned ? `&tier.pinned=${pinned}` : "");
        if (!opened) {
          opened = await openPage(hash, device, locale);
        } else {
          await followLink(opened.page, hash, new RegExp(`tier\\.pinned=${pinned}`));
          await pointerOff(opened.page, device);
        }
        const { page, problems } = opened;
        const labels = await boxes(page, "tier_label");
        const guides = await boxes(page, "tier_guide");
        assert(labels.length >= (device === PHONE_3X ? 5 : 8), `${hash}: only ${labels.length} names on the chart`);
        const clash = overlapping([...labels, ...guides]);
        assert(clash.length === 0, `${hash}: overlapping words:\n${clash.join("\n")}`);
        // No guide label over a card (the 150 TFLOPS label sat on H20's marker on phones); the
        // guide lines' own 2 px boxes cross markers by design. A marker's box is its circle's
        // bounding square, so only the middle half of it counts as the card.
        const markers = (await boxes(page, "tier_marker")).map(({ id, b }) => ({ id, b: [b[0] + b[2] / 4, b[1] + b[3] / 4, b[2] / 2, b[3] / 2] }));
        assert(markers.length >= 10, `${hash}: only ${markers.length} markers reported`);
        const covered = [];
        for (const g of guides.filter(({ b }) => b[3] > 3))
          for (const m of markers) if (overlaps(g.b, m.b)) covered.push(`${g.id} ${g.b} over ${m.id} ${m.b}`);
        assert(covered.length === 0, `${hash}: a guide label over a card:\n${covered.join("\n")}`);
        if (pinned) {
          const named = await boxes(page, "tier_pinned_name");
          assert(named.length === 1, `${hash}: the pinned card has no name on the chart`);
        }
        const text = await page.evaluate(() => window.__atlasDrawnText || "");
        const total = Number((text.match(/(\d+) (?:of|\/) \d+ (?:cards|款)/) || [])[1]);
        assert(total > 10, `${hash}: no "N of M cards" line:\n${text.slice(0, 400)}`);
        if (device !== PHONE_3X) {
          // Desktop: the names the chart has no room for are listed beside it, with their count.
          const m = text.match(/(\d+) cards have no room|放不下名称的 (\d+) 张卡/);
          const unlabelled = m ? Number(m[1] || m[2]) : 0;
          assert(labels.length + unlabelled === total,
                 `${hash}: ${labels.length} named + ${unlabelled} listed != ${total} shown`);
        }
        // A phone scrolled past the chart would report no names; the shot shows the chart.
        await shot(page, `labels-${lang}-${dname}-${pinned || "none"}`);
        assert(problems.length === 0, problems.join("\n"));
      }
      await opened.context.close();
    }]);

await run(cases).finally(async () => { await browser.close(); server.close(); });
