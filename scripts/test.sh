#!/usr/bin/env bash
# Installs what is missing, builds native and WebAssembly targets and runs every test:
# doctest suites (engine, app, UI smoke), CLI contract tests, the same suites under ASan +
# UBSan, the libFuzzer targets for a bounded time (FUZZ_SECONDS, default 20 s each), and the
# browser tests in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
./scripts/build.sh all
echo "== native tests (ctest)"
ctest --test-dir build/native --output-on-failure
echo "== sanitizers (ASan + UBSan)"
./scripts/sanitize.sh
echo "== fuzzing (bounded)"
FUZZ_SECONDS=${FUZZ_SECONDS:-20} ./scripts/fuzz.sh
echo "== browser tests (Chromium + playwright-core)"
status=0
for t in tests/browser/*.test.mjs; do
  echo "-- $t"
  timeout 300 node "$t" || status=1
done
exit $status
