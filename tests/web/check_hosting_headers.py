#!/usr/bin/env python3
"""Checks web/_headers and web/nginx-gpu-atlas.conf against web/index.html: the same CSP as the
meta tag plus frame-ancestors, no-cache for the page and the service worker, a year's cache for
every file shipped under a content-hashed name (scripts/write_manifest.py), which must not match
the page, the worker or the manifest. usage: check_hosting_headers.py ROOT"""
import re
import sys

root = sys.argv[1]
html = open(f"{root}/web/index.html", encoding="utf-8").read()
headers = open(f"{root}/web/_headers", encoding="utf-8").read()
nginx = open(f"{root}/web/nginx-gpu-atlas.conf", encoding="utf-8").read()
meta = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', html).group(1)
want = meta + "; frame-ancestors 'none'"
fails = []

def rules(text):
    out, path = {}, None
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        if not line[0].isspace():
            path = line.strip()
            out.setdefault(path, {})
        else:
            name, _, value = line.strip().partition(":")
            out[path][name.strip()] = value.strip()
    return out

r = rules(headers)
if r.get("/*", {}).get("Content-Security-Policy") != want:
    fails.append("_headers: CSP differs from index.html's meta tag + frame-ancestors")
for path in ["/", "/index.html", "/sw.js", "/manifest.json"]:
    if r.get(path, {}).get("Cache-Control") != "no-cache":
        fails.append(f"_headers: {path} must be no-cache")
for path in ["/data/*", "/text/*", "/fonts/*"]:
    if "immutable" not in r.get(path, {}).get("Cache-Control", ""):
        fails.append(f"_headers: {path} must be cached long (immutable)")
if "# __HASHED_FILES__\n" not in headers:
    fails.append("_headers: no '# __HASHED_FILES__' line for the build's rules for hashed files at the top level")
if f'add_header Content-Security-Policy "{want}" always;' not in nginx:
    fails.append("nginx: CSP differs from index.html's meta tag + frame-ancestors")
# The cache map: its pattern must take every hashed name and none of the fixed ones.
m = re.search(r'map \$uri \$gpu_atlas_cache_control \{\s*"~([^"]+)"\s+"public, max-age=31536000, immutable";\s*default "no-cache";', nginx)
if not m:
    fails.append("nginx: cache map must be a year for hashed names and no-cache otherwise")
else:
    hashed = re.compile(m.group(1))
    for uri in ["/atlas/gpu-atlas.483a9769.js", "/atlas/gpu-atlas.deferred.72b5036d.wasm", "/data/gpus.0a1b2c3d.json",
                "/fonts/zh-full.0a1b2c3d.ttf", "/style.0a1b2c3d.css"]:
        if not hashed.search(uri):
            fails.append(f"nginx: {uri} is not cached long")
    for uri in ["/atlas/", "/atlas/index.html", "/atlas/sw.js", "/atlas/manifest.json", "/atlas/gpu-atlas.js"]:
        if hashed.search(uri):
            fails.append(f"nginx: {uri} must be no-cache")
for f in fails:
    print("FAIL", f)
print("hosting headers ok" if not fails else f"{len(fails)} problem(s)")
sys.exit(1 if fails else 0)
