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
  # Ship the data files too: the footer's "sources" link opens them.
  mkdir -p build/web/dist/data
  cp data/*.json build/web/dist/data/
fi
