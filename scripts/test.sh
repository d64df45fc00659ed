#!/usr/bin/env bash
# Installs what is missing, builds native and WebAssembly targets and runs every test:
# doctest suites (engine, app, UI smoke), CLI contract tests, the same suites under ASan +
# UBSan, the libFuzzer targets for a bounded time (FUZZ_SECONDS, default 20 s each), and the
# browser tests in Chromium. Prints how long each stage took, and a summary at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
timings=()
stage_start=0
stage_name=""
begin() { stage_name=$1; stage_start=$SECONDS; echo "== $1 (load average $(cut -d" " -f1-3 /proc/loadavg))"; }
end() { timings+=("$(printf '%5d s  %s' $((SECONDS - stage_start)) "$stage_name")"); }
summary() { echo "== stage timings"; printf '%s\n' "${timings[@]}"; echo "$(printf '%5d s  total' "$SECONDS")"; }
trap summary EXIT

begin "setup"; ./scripts/setup.sh; end
begin "native build"; ./scripts/build.sh native; end
begin "web build"; ./scripts/build.sh web; end
begin "native tests (ctest)"; ctest --test-dir build/native -j"$(nproc 2>/dev/null || echo 2)" --output-on-failure; end
begin "sanitizers (ASan + UBSan)"; ./scripts/sanitize.sh; end
begin "fuzzing (bounded)"; FUZZ_SECONDS=${FUZZ_SECONDS:-20} ./scripts/fuzz.sh; end
begin "browser tests (Chromium + playwright-core)"
status=0
for t in tests/browser/*.test.mjs; do
  echo "-- $t"
  t0=$SECONDS
  # 30 minutes a file: chinese_text.test.mjs opens every tooltip and help marker in two sizes
  # under software WebGL (over 10 minutes on a quiet 2-core machine).
  timeout 1800 node "$t" || status=1
  timings+=("$(printf '%5d s    %s' $((SECONDS - t0)) "$t")")
done
end
exit $status
