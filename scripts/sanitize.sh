#!/usr/bin/env bash
# Builds the native test suites and the CLI with AddressSanitizer + UndefinedBehaviorSanitizer
# (ATLAS_SANITIZE, g++) in build/asan and runs ctest there: doctest suites and the CLI contract
# tests. Any sanitizer report aborts the process, which fails its test.
# usage: scripts/sanitize.sh
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)
dir=build/asan

# Debug: assertions on; -O0 compiles about three times faster than -O1 with the sanitizers
# and the suites are short; -g1 (line tables) is enough for file:line in reports.
cmake -S . -B "$dir" -DATLAS_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O0 -g1" >/dev/null
targets=(engine_tests gpu-atlas)
if grep -q '^ui_tests:' <(cmake --build "$dir" --target help 2>/dev/null | sed -n 's/^\.\.\. \([^ ]*\).*/\1:/p'); then
  targets+=(ui_tests)
fi
cmake --build "$dir" -j"$jobs" --target "${targets[@]}"

export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
echo "== native tests under ASan + UBSan (ctest in $dir)"
ctest --test-dir "$dir" --output-on-failure
