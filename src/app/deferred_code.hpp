#pragma once
// ATLAS_DEFERRED marks an entry point of the code the web build loads after its first frame:
// cmake/web.cmake (scripts/split_wasm.py) moves every function reachable only through these
// entry points into gpu-atlas.deferred.wasm. They stay real functions (never inlined into a
// caller) so the split can find them, and callers reach them only once that file has arrived
// (src/platform/web/main.cpp). Natively this only keeps them out of line.
#define ATLAS_DEFERRED [[gnu::noinline]]
