#!/usr/bin/env bash
# Installs everything GPU Atlas needs, from Debian's and npm's registries only. Idempotent:
# each step checks first and does nothing when its result is already present.
#   - Debian binary packages: Emscripten, nlohmann_json, doctest, GLFW, Chromium, fonttools,
#     a CJK font, brotli, zopfli (smaller .gz files), binaryen (wasm-split).
#   - Dear ImGui sources from Debian's *source* package, unpacked into build/deps/ (ignored).
#   - playwright-core from npm into tests/browser/node_modules (ignored).
#   - google-closure-compiler from npm into tools/closure/node_modules (ignored).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
DEPS="$ROOT/build/deps"
mkdir -p "$DEPS"

SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi

PACKAGES=(cmake make g++ emscripten nlohmann-json3-dev doctest-dev libglfw3-dev
          chromium fonttools fonts-droid-fallback fonts-dejavu-core brotli zopfli binaryen libbenchmark-dev python3 xz-utils dpkg-dev clang-14 libclang-rt-14-dev)
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

# Debian source entries, needed once for `apt-get source imgui`.
SRC_LIST=/etc/apt/sources.list.d/gpu-atlas-src.sources
need_update=0
if [ ! -f "$SRC_LIST" ]; then
  $SUDO tee "$SRC_LIST" >/dev/null <<'SRC'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
  need_update=1
fi
if [ ${#missing[@]} -gt 0 ] || [ $need_update = 1 ]; then
  echo "setup: apt-get update"
  $SUDO apt-get update -qq
fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Dear ImGui 1.86 sources from Debian's source package.
if [ ! -f "$DEPS/imgui/imgui.cpp" ]; then
  echo "setup: fetching Dear ImGui sources (Debian source package)"
  tmp=$(mktemp -d)
  (cd "$tmp" && apt-get source --download-only imgui >/dev/null 2>&1 || apt-get source --download-only imgui)
  orig=$(ls "$tmp"/imgui_*.orig.tar.* | head -1)
  rm -rf "$DEPS/imgui" && mkdir -p "$DEPS/imgui"
  tar -xf "$orig" -C "$DEPS/imgui" --strip-components=1
  rm -rf "$tmp"
fi

# nlohmann headers alone, for Emscripten (adding /usr/include to emcc pulls glibc headers).
if [ ! -e "$DEPS/include/nlohmann/json.hpp" ]; then
  mkdir -p "$DEPS/include"
  ln -sfn /usr/include/nlohmann "$DEPS/include/nlohmann"
fi

# playwright-core (never a browser download: Debian's chromium is used).
if [ ! -d "$ROOT/tests/browser/node_modules/playwright-core" ]; then
  echo "setup: npm install (playwright-core)"
  (cd "$ROOT/tests/browser" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --silent 2>/dev/null \
     || PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --no-audit --no-fund --silent)
fi
# Closure Compiler for the web build's JS glue (Emscripten's --closure 1): the npm release
# Emscripten 3.1.6 was made with, pinned by tools/closure/package-lock.json, with its native
# Linux binary (no Java needed). cmake/web.cmake points the link step at it.
if [ ! -x "$ROOT/tools/closure/node_modules/.bin/google-closure-compiler" ]; then
  echo "setup: npm install (google-closure-compiler)"
  (cd "$ROOT/tools/closure" && npm ci --no-audit --no-fund --silent 2>/dev/null \
     || npm install --no-audit --no-fund --silent)
fi
echo "setup: ok"
