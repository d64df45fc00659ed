#!/usr/bin/env bash
# Installs what is missing, builds native and WebAssembly targets and runs every test:
# doctest suites (engine, app, UI smoke), CLI contract tests, and browser tests in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
./scripts/build.sh all
echo "== native tests (ctest)"
ctest --test-dir build/native --output-on-failure
echo "== browser tests (Chromium + playwright-core)"
status=0
for t in tests/browser/*.test.mjs; do
  echo "-- $t"
  timeout 300 node "$t" || status=1
done
exit $status
