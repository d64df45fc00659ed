#!/usr/bin/env python3
"""Makes the deployable site (DIST) from a build's files (STAGE) as one version.

Every file the page loads (code, data, text packs, fonts, style) is shipped under a name that
carries the SHA-256 prefix of its content (gpu-atlas.js -> gpu-atlas.483a9769.js, data/gpus.json
-> data/gpus.1f0c22aa.json), so a name always means one content: a page can never be handed another
version's file under a name it asked for; it gets that exact file or a 404. Only index.html (the
version's root) and sw.js (the service worker, which browsers fetch by a fixed name) keep theirs.
dist/manifest.json lists them (logical name -> shipped name) with the version (a hash of that
list); boot.js (the page's asset map) and sw.js (the set it precaches) get it written in, and
index.html names its files directly, with subresource integrity on its script tags. style.css
is written into index.html as a <style> element, allowed by its
SHA-256 in style-src (index.html, _headers, nginx).

usage: write_manifest.py STAGE WEB_DIR DIST [PRERENDER.html]
STAGE holds the build's outputs under their logical names (build/web/stage: gpu-atlas.js, both
wasm files, data/, text/, fonts/). WEB_DIR's files (web/: index.html, boot.js and sw.js templates,
style.css, _headers, nginx-gpu-atlas.conf) are taken from there, not from STAGE's copies.
PRERENDER.html (the tier map drawn at build time, src/build_tools/prerender.cpp) replaces the
template's <!-- prerender --> line; without it the block already in DIST/index.html is kept.
DIST then holds this version plus the files of the one before it (read from the manifest.json DIST
held), so pages still open on the previous version can fetch what they have not yet loaded; files
of versions before that are deleted, with their .gz/.br copies (made afterwards by
scripts/build.sh). The version's hashed files are written first and index.html last, so a host
serving DIST in place never hands out a page before its files. Re-running it on an edited STAGE
makes a new, consistent version (the update test deploys that way).
"""
import base64
import hashlib
import json
import os
import re
import shutil
import sys

stage, web, dist = sys.argv[1], sys.argv[2], sys.argv[3]
prerender_file = sys.argv[4] if len(sys.argv) > 4 else None
PRERENDER_LINE = "<!-- prerender -->\n"
PRERENDER_END = "<!-- /prerender -->\n"
# What the page loads gets a hashed name; anything else (compressed copies, _headers, nginx) is
# shipped as is. The page's root, the service worker and the manifest keep their names.
ASSET_EXTENSIONS = (".js", ".wasm", ".json", ".ttf", ".css")
FIXED_NAMES = {"index.html", "sw.js", "manifest.json"}
# fonts/zh-full.ttf (4 MB) is fetched only when someone types a character the subsets lack: it is
# hashed like the rest but not part of a version's precached set (phones would download it on
# every install); the service worker serves it from the network.
ON_DEMAND = {"fonts/zh-full.ttf"}
HASH_CHARS = 8  # hex digits of SHA-256 in a shipped name (web/boot.js and web/sw.js read 8)
HASHED = re.compile(r"\.[0-9a-f]{%d}\.[a-z0-9]+$" % HASH_CHARS)


def fail(message):
    sys.exit("write_manifest: " + message)


def files_under(folder, top_only=False):
    out = []
    for here, dirs, names in os.walk(folder):
        if top_only:
            dirs[:] = []
        for name in names:
            if name.endswith((".gz", ".br", ".part")):
                continue
            out.append(os.path.relpath(os.path.join(here, name), folder).replace(os.sep, "/"))
    return out


def read(path):
    with open(path, "rb") as f:
        return f.read()


def content_hash(content):
    return hashlib.sha256(content).hexdigest()[:HASH_CHARS]


def hashed_name(logical, content):
    base, ext = os.path.splitext(logical)
    return f"{base}.{content_hash(content)}{ext}"


def integrity(content):
    return "sha256-" + base64.b64encode(hashlib.sha256(content).digest()).decode()


def js_line_comments_out(js):
    """Whole-line // comments and each line's indentation out of a template shipped in the first
    frame (boot.js): they are for people reading web/, not for every visitor's download (55 B of
    gzip for the indentation). Safe for boot.js: no template literals and no string continued
    over a line end, which are refused here."""
    if "`" in js or re.search(r"\\\n", js):
        fail("web/boot.js: a template literal or a line continuation; its indentation cannot be taken out")
    return "".join(line.lstrip(" \t") for line in js.splitlines(True) if not line.lstrip().startswith("//"))


def css_comments_out(css):
    """/* comments */ out of style.css, shipped in the first frame (web/style.css has no strings
    holding comment markers)."""
    css = re.sub(r"^[ \t]*/\*.*?\*/[ \t]*\n", "", css, flags=re.S | re.M)  # whole lines
    return re.sub(r"[ \t]*/\*.*?\*/", "", css, flags=re.S)  # after a rule


# The build's files, web/'s taking precedence (cmake copies web/ into STAGE only when it relinks).
sources = {rel: os.path.join(stage, rel) for rel in files_under(stage)}
sources.update({rel: os.path.join(web, rel) for rel in files_under(web, top_only=True)})
for required in ("index.html", "boot.js", "sw.js", "gpu-atlas.js", "gpu-atlas.wasm"):
    if required not in sources:
        fail(f"{required} is missing from {stage} and {web} (is the build complete?)")

# 1. Every asset but boot.js (whose content is the map of the others) gets its hashed name.
contents, shipped = {}, {}
for rel in sorted(sources):
    if rel in FIXED_NAMES or rel == "boot.js" or not rel.endswith(ASSET_EXTENSIONS):
        continue
    contents[rel] = read(sources[rel])
    if rel == "style.css":
        contents[rel] = css_comments_out(contents[rel].decode("utf-8")).encode()
    shipped[rel] = hashed_name(rel, contents[rel])

# 2. boot.js with the map written in: logical name -> hash (the page inserts it before the extension).
boot = js_line_comments_out(read(sources["boot.js"]).decode("utf-8"))
if "__ASSETS__" not in boot:
    fail("web/boot.js has no __ASSETS__ placeholder")
hashes = {rel: content_hash(content) for rel, content in contents.items()}
boot = boot.replace("__ASSETS__", json.dumps(hashes, separators=(",", ":"), sort_keys=True))
# boot.js inserts the app's script after the first paint, with its subresource integrity.
if "__GLUE_INTEGRITY__" not in boot:
    fail("web/boot.js has no __GLUE_INTEGRITY__ placeholder")
contents["boot.js"] = boot.replace("__GLUE_INTEGRITY__", integrity(contents["gpu-atlas.js"])).encode()
shipped["boot.js"] = hashed_name("boot.js", contents["boot.js"])
shipped = dict(sorted(shipped.items()))

# 3. index.html: the prerendered tier map, the hashed names, integrity, the version tag.
page = read(sources["index.html"]).decode("utf-8")
if PRERENDER_LINE not in page:
    fail("web/index.html has no <!-- prerender --> line")
prerender = ""
if prerender_file:
    with open(prerender_file, encoding="utf-8") as f:
        prerender = PRERENDER_LINE + f.read() + PRERENDER_END
elif os.path.exists(os.path.join(dist, "index.html")):
    with open(os.path.join(dist, "index.html"), encoding="utf-8") as f:
        built = f.read()
    start, end = built.find(PRERENDER_LINE), built.find(PRERENDER_END)
    if 0 <= start < end:
        prerender = built[start:end + len(PRERENDER_END)]
page = page.replace(PRERENDER_LINE, prerender or PRERENDER_LINE, 1)
page = re.sub(r"<!--#.*?-->\n?", "", page, flags=re.S)  # notes for people reading web/index.html


def name_tag(match):
    tag = match.group(0)
    ref = re.search(r'\b(src|href)="([^"?#:]+)"', tag)
    if not ref or ref.group(2) not in shipped:
        return tag
    logical = ref.group(2)
    tag = tag.replace(ref.group(0), f'{ref.group(1)}="{shipped[logical]}"', 1)
    # Integrity where the browser checks it for free: scripts and the stylesheet. (Not the wasm
    # preload: its integrity would have to match the app's own fetch, or the preload goes unused.)
    if tag.startswith("<script") or 'rel="stylesheet"' in tag:
        tag = tag[:-1] + f' integrity="{integrity(contents[logical])}">'
    return tag


page = re.sub(r"<(?:script|link)\b[^>]*>", name_tag, page)
for logical in re.findall(r'\b(?:src|href)="([^"?#:]+)"', page):
    if logical.endswith(ASSET_EXTENSIONS) and logical not in shipped.values():
        fail(f"web/index.html names {logical}, which the build does not ship")
# The version: the asset map, the page and the service worker's template, so a change to any of
# them (the prerendered map, the CSP, the guard, sw.js alone) is a new version the worker installs.
sw = read(sources["sw.js"]).decode("utf-8")
version = hashlib.sha256(json.dumps(shipped, sort_keys=True).encode() + page.encode() + sw.encode()).hexdigest()[:16]
manifest = {"version": version, "files": shipped, "on_demand": sorted(ON_DEMAND & shipped.keys())}
page = page.replace("<title>", f'<meta name="gpu-atlas-version" content="{version}">\n<title>', 1)
# The stylesheet goes into index.html as a <style> element, allowed by its SHA-256 in style-src
# (the meta tag here, _headers and nginx below): a stylesheet link blocks the first paint for one
# more request (bench/RESULTS.md, 2026-12-05 00:20).
style_tag = re.search(r'<link rel="stylesheet" href="[^"]+"[^>]*>', page)
if not style_tag:
    fail("web/index.html has no stylesheet link to inline")
css = contents["style.css"].decode("utf-8")
if "</style" in css.lower():
    fail("style.css contains </style, which would end the inlined element")
# Comments are out already; no string in style.css holds white space next to { } ; , or >.
css = re.sub(r"\s*([{};,>])\s*", r"\1", re.sub(r"\s+", " ", css)).strip()
page = page.replace(style_tag.group(0), "<style>" + css + "</style>", 1)
STYLE_SRC = re.compile(r"style-src 'self'( 'sha256-[A-Za-z0-9+/=]+')?")
style_hash = "'" + integrity(css.encode("utf-8")) + "'"


def allow_style(text, where):
    if len(STYLE_SRC.findall(text)) != 1:
        fail(f"{where} needs exactly one \"style-src 'self'\" in its Content-Security-Policy")
    return STYLE_SRC.sub(lambda m: "style-src 'self' " + style_hash, text)


page = allow_style(page, "web/index.html")
# Inline scripts run only if the Content-Security-Policy lists their hash: check each one here, so
# an edit that forgets the CSP (index.html's meta tag, which _headers and nginx repeat) fails the build.
csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page)
for body in re.findall(r"<script>(.*?)</script>", page, re.S):
    want = "'" + integrity(body.encode()) + "'"
    if not csp or want not in csp.group(1):
        fail(f"an inline script in web/index.html is not in its Content-Security-Policy: add {want} to "
             "script-src there, in web/_headers and in web/nginx-gpu-atlas.conf")
contents["index.html"] = page.encode()

# 4. The service worker with the manifest written in.
if "__MANIFEST__" not in sw:
    fail("web/sw.js has no __MANIFEST__ placeholder")
contents["sw.js"] = sw.replace("__MANIFEST__", json.dumps(manifest, separators=(",", ":"))).encode()


# The version DIST held before (its manifest.json): its files stay one more version.
previous = set()
try:
    with open(os.path.join(dist, "manifest.json"), encoding="utf-8") as f:
        before = json.load(f)
    # A rebuild of the same version keeps what that version kept.
    names = before.get("kept", []) if before.get("version") == version else list(before.get("files", {}).values())
    previous = {name for name in names
                if isinstance(name, str) and HASHED.search(name) and ".." not in name.split("/")}
except (OSError, ValueError, AttributeError):
    pass  # a first build, or no readable manifest: nothing to keep

contents["manifest.json"] = (json.dumps(dict(manifest, kept=sorted(previous)), indent=1) + "\n").encode()

# 5. _headers: a year's cache for each hashed file at the top level (Netlify's paths match whole
# segments only, so gpu-atlas.*.js cannot be written as a pattern); data/, text/ and fonts/ hold
# hashed files only and have a rule each in web/_headers.
HEADERS_MARK = "# __HASHED_FILES__\n"
if "_headers" in sources:
    headers = read(sources["_headers"]).decode("utf-8")
    if HEADERS_MARK not in headers:
        fail("web/_headers has no '# __HASHED_FILES__' line")
    rules = "".join(f"/{name}\n  Cache-Control: public, max-age=31536000, immutable\n"
                    for name in sorted(set(shipped.values()) | previous) if "/" not in name)
    contents["_headers"] = allow_style(headers.replace(HEADERS_MARK, rules), "web/_headers").encode()
if "nginx-gpu-atlas.conf" in sources:
    contents["nginx-gpu-atlas.conf"] = allow_style(read(sources["nginx-gpu-atlas.conf"]).decode("utf-8"),
                                                   "web/nginx-gpu-atlas.conf").encode()

# 6. Write DIST: the version's files under their shipped names, everything else as is; then delete
# what belongs to no file of this version (older versions' files and their compressed copies).
out = {}  # shipped name -> bytes to write, or the path of a file to copy
for rel in sources:
    out[shipped.get(rel, rel)] = contents.get(rel, sources[rel])
out["manifest.json"] = contents["manifest.json"]
hashed = set(shipped.values())
# Hashed files first, then the manifest, the worker and the page last: a host serving DIST in place
# (or an upload in this order) never hands out a page whose files are not there yet.
LAST = ["manifest.json", "sw.js", "index.html"]
for name in sorted(out, key=lambda n: LAST.index(n) + 1 if n in LAST else 0):
    content = out[name]
    path = os.path.join(dist, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if isinstance(content, str):
        shutil.copy2(content, path)
        continue
    if name in hashed and os.path.exists(path) and os.path.getsize(path) == len(content) and read(path) == content:
        continue  # already there: it keeps its time, so its .gz/.br stay valid
    if name not in hashed:  # a fixed name with new content: its old .gz/.br must not be served
        for copy in (path + ".gz", path + ".br"):
            if os.path.exists(copy) and (not os.path.exists(path) or read(path) != content):
                os.remove(copy)
    with open(path + ".part", "wb") as f:
        f.write(content)
    os.replace(path + ".part", path)
# Only what a build put there: hashed names, the plain names dist/ held before hashing, and
# compressed copies (a DIST given by mistake loses nothing else); the previous version's files stay.
keep = set(out) | previous
for here, dirs, names in os.walk(dist):
    for name in names:
        rel = os.path.relpath(os.path.join(here, name), dist).replace(os.sep, "/")
        base = rel[:-3] if rel.endswith((".gz", ".br")) else rel
        ours = base != rel or HASHED.search(rel) or rel in shipped or rel.endswith(".part")
        if base not in keep and ours:
            os.remove(os.path.join(here, name))
print(f"manifest: version {version}, {len(shipped)} files")
