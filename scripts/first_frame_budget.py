#!/usr/bin/env python3
"""Fails the web build when the first frame's download is over its budget (issue 16).

usage: first_frame_budget.py DIST

The first frame needs index.html (with the tier map drawn at build time and style.css inlined),
boot.js, gpu-atlas.js and gpu-atlas.wasm: their gzip sizes (the .gz files the build writes) must add up
to at most 220 KiB, and the static tier map inside index.html to at most 30 KiB gzip. The files are
found under their shipped (content-hashed) names through DIST/manifest.json.
bench/web_bench.mjs reports the same figure with the timings.
"""
import gzip
import json
import os
import sys

BUDGET_FIRST_FRAME_KIB = 220
BUDGET_PRERENDER_KIB = 30
FILES = ["index.html", "boot.js", "gpu-atlas.js", "gpu-atlas.wasm"]
START, END = "<!-- prerender -->\n", "<!-- /prerender -->\n"

dist = sys.argv[1]
manifest_path = os.path.join(dist, "manifest.json")
if not os.path.exists(manifest_path):
    sys.exit(f"first_frame_budget: {manifest_path} is missing (is the build complete?)")
with open(manifest_path, encoding="utf-8") as f:
    shipped = json.load(f)["files"]
sizes = {}
for name in FILES:
    path = os.path.join(dist, shipped.get(name, name) + ".gz")
    if not os.path.exists(path):
        sys.exit(f"first_frame_budget: {path} is missing (is the build complete?)")
    sizes[name] = os.path.getsize(path)
total_kib = sum(sizes.values()) / 1024
with open(os.path.join(dist, "index.html"), encoding="utf-8") as f:
    page = f.read()
start, end = page.find(START), page.find(END)
prerender = page[start:end] if 0 <= start < end else ""
prerender_kib = len(gzip.compress(prerender.encode(), 9)) / 1024
print("first frame, gzip: " + ", ".join(f"{n} {b:,} B" for n, b in sizes.items()) +
      f" = {total_kib:.1f} KiB (budget {BUDGET_FIRST_FRAME_KIB}); static tier map {prerender_kib:.1f} KiB"
      f" (budget {BUDGET_PRERENDER_KIB})")
problems = []
if total_kib > BUDGET_FIRST_FRAME_KIB:
    problems.append(f"the first frame is {total_kib:.1f} KiB gzip, over its {BUDGET_FIRST_FRAME_KIB} KiB budget "
                    "(build/web/first_frame_functions.txt lists what its wasm holds, largest first)")
if not prerender:
    problems.append("dist/index.html has no static tier map (<!-- prerender --> block)")
elif prerender_kib > BUDGET_PRERENDER_KIB:
    problems.append(f"the static tier map is {prerender_kib:.1f} KiB gzip, over its {BUDGET_PRERENDER_KIB} KiB budget")
for p in problems:
    print("first_frame_budget: " + p, file=sys.stderr)
sys.exit(1 if problems else 0)
