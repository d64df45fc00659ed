// Navigation -> useful content on screen, GPU Atlas beside a peer calculator, interleaved in one
// run (A, B, A, B ...: the machine is shared, only same-run figures compare), with the shared
// measuring script (../shared/tools/measure_page.js, fresh browser context per run).
// usage: PEER_DIR=DIR [PEER_PATH=sub/path/] [PEER_SELECTOR=css] [ROUNDS=4] [MEASURE=path]
//        [ATLAS_DIST=dir] [BEFORE_DIST=dir] node bench/first_content.mjs
// BEFORE_DIST adds an earlier build (its first content and first complete canvas frame) to the same run.
// GPU Atlas is measured twice: its first content (the tier map drawn at build time, #prerender
// svg circle; on a build without it, the canvas) and its first complete canvas frame.
// A peer is any built site, e.g. gpu_poor's docs/ folder served so that its /gpu_poor/ paths
// resolve (PEER_DIR=/tmp/peer with the site in /tmp/peer/gpu_poor, PEER_PATH=gpu_poor/).
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { dist, root, serve } from "../tests/browser/harness.mjs";

const measure = process.env.MEASURE || path.resolve(root, "../../shared/tools/measure_page.js");
const rounds = Number(process.env.ROUNDS || 4);
const peerDir = process.env.PEER_DIR;
if (!peerDir || !existsSync(measure)) {
  console.error("usage: PEER_DIR=DIR [PEER_PATH=sub/] node bench/first_content.mjs (measure_page.js at " + measure + ")");
  process.exit(2);
}
const hasPrerender = (dir) => readFileSync(path.join(dir, "index.html"), "utf8").includes('id="prerender"');
const firstContent = (dir) => (hasPrerender(dir) ? ["--selector", "#prerender svg circle"] : ["--canvas", "canvas"]);
const ours = await serve();
const peer = await serve(peerDir);
const before = process.env.BEFORE_DIST ? await serve(process.env.BEFORE_DIST) : null;
const probes = [
  ["GPU Atlas, first content", ours.url, firstContent(dist)],
  ["GPU Atlas, canvas frame complete", ours.url, ["--canvas", "canvas"]],
  ["peer", peer.url + (process.env.PEER_PATH || ""), ["--selector", process.env.PEER_SELECTOR || "button"]],
];
if (before) {
  probes.push(["before (BEFORE_DIST), first content", before.url, firstContent(process.env.BEFORE_DIST)]);
  probes.push(["before (BEFORE_DIST), canvas complete", before.url, ["--canvas", "canvas"]]);
}
const samples = probes.map(() => []);
const load = () => os.loadavg().map((x) => x.toFixed(1)).join(" ");
console.log(`${new Date().toISOString()} load average ${load()}`);
for (let r = 0; r < rounds; r++) {
  probes.forEach(([, url, probe], i) => {
    const out = JSON.parse(execFileSync("node", [measure, url, ...probe, "--runs", "2", "--warmup", "1"],
                                        { env: { ...process.env, NODE_PATH: path.join(root, "tests/browser/node_modules") } }));
    samples[i].push(...out.stats.visible_ms.all.filter((x) => typeof x === "number"));
  });
}
const median = (a) => { const s = [...a].sort((x, y) => x - y); return s[Math.floor(s.length / 2)]; };
const peerMs = median(samples[2]);
probes.forEach(([name], i) => {
  const m = median(samples[i]);
  console.log(`${name.padEnd(38)} median ${m.toFixed(0).padStart(5)} ms over ${samples[i].length} runs (${(m / peerMs).toFixed(2)}x the peer)`);
});
console.log(`${new Date().toISOString()} load average ${load()}`);
ours.close();
peer.close();
if (before) before.close();
