#!/usr/bin/env python3
"""Versions a built site (build/web/dist) as one unit.

Every file the page loads (code, data, text packs, fonts, style) is listed with the SHA-256
prefix of its content in dist/manifest.json; the version is a hash of that list. The page asks
for each file as NAME?v=HASH (index.html's own references are rewritten here; the rest goes
through boot.js's gpuAtlasAsset), so a cached copy can never be another version's, and the
service worker (web/sw.js, with the manifest written into it) precaches exactly that set.

usage: write_manifest.py DIST WEB_DIR [PRERENDER.html]
WEB_DIR holds the index.html and sw.js templates. PRERENDER.html (the tier map drawn at build time,
src/build_tools/prerender.cpp) replaces the template's <!-- prerender --> line; without it the
block already in DIST/index.html is kept. Re-running it after editing files in DIST makes a new,
consistent version (the update test does).

style.css is written into index.html as a <style> element, allowed by its SHA-256 in the CSP
(index.html's meta tag, and the _headers and nginx copies in DIST): a stylesheet link blocks the
first paint for one more request (bench/RESULTS.md, 2026-12-04 23:30).
"""
import base64
import hashlib
import html
import json
import os
import re
import sys

dist, web = sys.argv[1], sys.argv[2]
PRERENDER_LINE = "<!-- prerender -->\n"
PRERENDER_END = "<!-- /prerender -->\n"
# What the page loads. The service worker, the manifest, index.html (the version's root, checked
# by its meta tag) and files for people or hosts (compressed copies, _headers, nginx) are not.
EXTENSIONS = (".js", ".wasm", ".json", ".ttf", ".css")
# fonts/zh-full.ttf (4 MB) is fetched only when someone types a character the subsets lack: it is
# not part of a version's precached set (phones would download it on every install); the
# service worker serves it from the network.
# style.css is inlined into index.html (below), so the page never requests it.
SKIP = {"sw.js", "manifest.json", "fonts/zh-full.ttf", "style.css"}

# boot.js ships without its whole-line comments (the first frame's download has a budget); the
# hashes below are of what is served.
boot_path = os.path.join(dist, "boot.js")
if os.path.exists(boot_path):
    with open(boot_path, encoding="utf-8") as f:
        boot = f.read()
    with open(boot_path, "w", encoding="utf-8") as f:
        f.write("".join(line for line in boot.splitlines(True) if not line.lstrip().startswith("//")))

files = {}
for folder, _, names in os.walk(dist):
    for name in names:
        rel = os.path.relpath(os.path.join(folder, name), dist).replace(os.sep, "/")
        if rel in SKIP or not rel.endswith(EXTENSIONS):
            continue
        with open(os.path.join(dist, rel), "rb") as f:
            files[rel] = hashlib.sha256(f.read()).hexdigest()[:16]
files = dict(sorted(files.items()))
version = hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()[:16]
manifest = {"version": version, "files": files}

with open(os.path.join(web, "index.html"), encoding="utf-8") as f:
    page = f.read()
if PRERENDER_LINE not in page:
    sys.exit("write_manifest: web/index.html has no <!-- prerender --> line")
prerender = ""
if len(sys.argv) > 3:
    with open(sys.argv[3], encoding="utf-8") as f:
        prerender = PRERENDER_LINE + f.read() + PRERENDER_END
elif os.path.exists(os.path.join(dist, "index.html")):
    with open(os.path.join(dist, "index.html"), encoding="utf-8") as f:
        built = f.read()
    start, end = built.find(PRERENDER_LINE), built.find(PRERENDER_END)
    if 0 <= start < end:
        prerender = built[start:end + len(PRERENDER_END)]
page = page.replace(PRERENDER_LINE, prerender or PRERENDER_LINE, 1)
STYLE_LINK = '<link rel="stylesheet" href="style.css">'
if STYLE_LINK not in page:
    sys.exit("write_manifest: web/index.html has no " + STYLE_LINK + " line")
with open(os.path.join(dist, "style.css"), encoding="utf-8") as f:
    css = f.read()
if "</style" in css.lower():
    sys.exit("write_manifest: style.css contains </style, which would end the inlined element")
# Comments and runs of white space go (the first frame's download has a budget); no string in
# style.css holds either.
css = re.sub(r"\s+", " ", re.sub(r"/\*.*?\*/", "", css, flags=re.S)).strip()
page = page.replace(STYLE_LINK, "<style>" + css + "</style>", 1)
# CSP hash source: base64 of the SHA-256 of the element's text, exactly as written.
style_hash = "'sha256-" + base64.b64encode(hashlib.sha256(css.encode("utf-8")).digest()).decode() + "'"
STYLE_SRC = re.compile(r"style-src 'self'( 'sha256-[A-Za-z0-9+/=]+')?")


def allow_style(text, where):
    if len(STYLE_SRC.findall(text)) != 1:
        sys.exit(f"write_manifest: {where} needs exactly one \"style-src 'self'\" in its CSP")
    return STYLE_SRC.sub(lambda m: "style-src 'self' " + style_hash, text)


page = allow_style(page, "index.html")
for host_file in ["_headers", "nginx-gpu-atlas.conf"]:
    host_path = os.path.join(dist, host_file)
    if os.path.exists(host_path):
        with open(host_path, encoding="utf-8") as f:
            text = allow_style(f.read(), host_file)
        with open(host_path, "w", encoding="utf-8") as f:
            f.write(text)
for attr, name in re.findall(r'(href|src)="([^"?#:]+)"', page):
    if name in files:
        page = page.replace(f'{attr}="{name}"', f'{attr}="{name}?v={files[name]}"')
meta = (f'<meta name="gpu-atlas-version" content="{version}">\n'
        f'<meta name="gpu-atlas-assets" content="{html.escape(json.dumps(files, separators=(",", ":")), quote=True)}">\n')
page = page.replace("<title>", meta + "<title>", 1)
with open(os.path.join(dist, "index.html"), "w", encoding="utf-8") as f:
    f.write(page)

with open(os.path.join(web, "sw.js"), encoding="utf-8") as f:
    sw = f.read()
if "__MANIFEST__" not in sw:
    sys.exit("write_manifest: web/sw.js has no __MANIFEST__ placeholder")
with open(os.path.join(dist, "sw.js"), "w", encoding="utf-8") as f:
    f.write(sw.replace("__MANIFEST__", json.dumps(manifest, separators=(",", ":"))))
with open(os.path.join(dist, "manifest.json"), "w", encoding="utf-8") as f:
    json.dump(manifest, f, indent=1)
    f.write("\n")
print(f"manifest: version {version}, {len(files)} files")
