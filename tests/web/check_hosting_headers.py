#!/usr/bin/env python3
"""Checks web/_headers and web/nginx-gpu-atlas.conf against web/index.html: the same CSP as the
meta tag plus frame-ancestors, no-cache for the page and the service worker, a year's cache for
every file the page loads by content hash. usage: check_hosting_headers.py ROOT"""
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
for path in ["/gpu-atlas.js", "/gpu-atlas.wasm", "/gpu-atlas.deferred.wasm", "/boot.js", "/style.css", "/text/*", "/fonts/*"]:
    if "immutable" not in r.get(path, {}).get("Cache-Control", ""):
        fails.append(f"_headers: {path} must be cached long (immutable)")
if f'add_header Content-Security-Policy "{want}" always;' not in nginx:
    fails.append("nginx: CSP differs from index.html's meta tag + frame-ancestors")
if not re.search(r'""\s+"no-cache";', nginx) or "default \"public, max-age=31536000, immutable\";" not in nginx:
    fails.append("nginx: cache map must be no-cache without ?v and a year with it")
for f in fails:
    print("FAIL", f)
print("hosting headers ok" if not fails else f"{len(fails)} problem(s)")
sys.exit(1 if fails else 0)
