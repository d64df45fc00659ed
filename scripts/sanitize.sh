#!/usr/bin/env bash
# Builds the native test suites and the CLI with AddressSanitizer + UndefinedBehaviorSanitizer
# in build/sanitize (clang++-14; the tree scripts/fuzz.sh uses too, so the engine and app are
# compiled once for both: scripts/sanitize_tree.sh) and runs ctest there: doctest suites and the
# CLI contract tests. Any sanitizer report aborts the process, which fails its test. The fuzz
# targets are built in the same build step (they share its libraries and its link tail), ready
# for scripts/fuzz.sh.
# usage: scripts/sanitize.sh
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)
source scripts/sanitize_tree.sh
configure_sanitize_tree
dir=$sanitize_dir

# sanitize_all (CMakeLists.txt): engine_tests, ui_tests, gpu-atlas, the fuzz targets, the
# benchmarks and the prerender tool: every native target.
cmake --build "$dir" -j"$jobs" --target sanitize_all

export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
echo "== native tests under ASan + UBSan (ctest in $dir)"
ctest --test-dir "$dir" -j"$jobs" --output-on-failure
