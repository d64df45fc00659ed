#!/usr/bin/env bash
# Builds native (CLI, tests, benchmarks) and/or web (WebAssembly app in build/web/dist).
# usage: scripts/build.sh [native|web|all]   (default: all)
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-all}
jobs=$(nproc 2>/dev/null || echo 2)
# Emscripten 3.1.6 needs Debian's node modules (acorn) on NODE_PATH.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}

if [ "$what" = native ] || [ "$what" = all ]; then
  cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build build/native -j"$jobs"
fi
if [ "$what" = web ] || [ "$what" = all ]; then
  emcmake cmake -S . -B build/web -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build build/web -j"$jobs"
  dist=build/web/dist
  # Ship the data files too: the footer's "sources" link opens them.
  mkdir -p build/web/stage/data
  cp data/*.json build/web/stage/data/
  # One version for the whole site: dist/ gets every file of build/web/stage (the build's outputs)
  # and web/ under a name with its content hash, listed in manifest.json and precached as a set by
  # the service worker; older versions' files are removed (scripts/write_manifest.py).
  # index.html also gets the tier map drawn at build time (cmake/web.cmake, prerender).
  python3 scripts/write_manifest.py build/web/stage web "$dist" build/web/generated/prerender.html
  # Pre-compressed copies beside the originals for hosts that serve them (.gz, .br).
  compress() {
    local f=$1
    # Only what changed since its copies were made (zopfli takes 15 CPU seconds on the 4 MB font).
    if [ "$f.gz" -nt "$f" ] && [ "$f.br" -nt "$f" ]; then return 0; fi
    # Written aside and renamed, so an interrupted build never leaves a cut copy that looks new.
    zopfli -c "$f" > "$f.gz.part" && mv "$f.gz.part" "$f.gz"  # gzip format, ~5% smaller than gzip -9
    # Through stdout: the copy gets its own time and the usual permissions (with -o, brotli gives
    # it the original's time, which made every build redo it, or with -n, mode 0600).
    brotli -q 11 -c "$f" > "$f.br.part" && mv "$f.br.part" "$f.br"
  }
  export -f compress
  # One file per core, largest first (the full font alone is most of the work).
  find "$dist" -type f \( -name '*.js' -o -name '*.wasm' -o -name '*.html' -o -name '*.css' -o -name '*.json' -o -name '*.ttf' \) \
       -printf '%s %p\n' | sort -rn | cut -d' ' -f2- | xargs -P "$jobs" -I{} bash -c 'compress "$1"' _ {}
fi
if [ "$what" = web ] || [ "$what" = all ]; then
  # The first frame's download within its budget, or the build fails.
  python3 scripts/first_frame_budget.py build/web/dist
fi
