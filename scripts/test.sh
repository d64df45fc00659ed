#!/usr/bin/env bash
# Installs what is missing, builds native and WebAssembly targets and runs every test: the
# doctest suites (engine, app, UI smoke) and CLI contract tests under ASan + UBSan, the libFuzzer
# targets for a bounded time (FUZZ_CPU_SECONDS, 20 CPU s each), and the browser tests in
# Chromium. Prints each stage's wall and CPU seconds (scripts/cpu_time.py: every process the
# stage started), each browser test job's, and a summary at the end.
# One native tree: build/sanitize (clang, scripts/sanitize_tree.sh) builds every native target
# (suites, CLI, fuzz targets, benchmarks, prerender tool) and runs every native test; the engine
# is compiled once for the suites and the fuzzers. The g++ Release tree of scripts/build.sh native
# (the CLI for everyday use, the benchmarks' figures) ran the same tests again without the
# sanitizers, for a third of the run's compile time, so it is not built here. Fuzz targets and
# browser test files run several at a time.
set -euo pipefail
cd "$(dirname "$0")/.."
report=$(mktemp)
browser_report=$(mktemp)
summary() {
  # A stage failed while the web build still runs: stop it (its own process group, see below).
  if [ -n "${web_build:-}" ] && kill -0 "$web_build" 2>/dev/null; then kill -- "-$web_build" 2>/dev/null || true; fi
  echo "== stage timings (wall, CPU seconds = user + sys of every process; load average now $(cut -d" " -f1-3 /proc/loadavg))"
  cat "$report"
  if [ -s "$browser_report" ]; then echo "   browser test jobs:"; sed 's/^/   /' "$browser_report"; fi
  awk -v wall="$SECONDS" '{ cpu += $3 } END { printf "%5d s %8.1f CPU s  total\n", wall, cpu }' "$report"
  rm -f "$report" "$browser_report"
}
trap summary EXIT
# stage NAME COMMAND...: runs COMMAND, timed; a failure ends the run (set -e) after the summary.
stage() {
  echo "== $1 (load average $(cut -d" " -f1-3 /proc/loadavg))"
  python3 scripts/cpu_time.py --label "$1" --report "$report" "${@:2}"
}

# Setup first and timed by the shell alone: on a fresh machine it is what installs python3.
echo "== setup"
t0=$SECONDS
./scripts/setup.sh
printf '%5d s %8s CPU s  setup\n' $((SECONDS - t0)) "-" >>"$report"
# Debian's programs first (what setup.sh installed): the python3 first on PATH can be a version
# manager's shim (pyenv on these machines: 0.3 CPU s a start against 0.03), and this run starts
# Python well over a hundred times (cpu_time.py per stage and job, each browser file's static
# server, the CLI tests' checks).
export PATH="/usr/bin:$PATH"

# The web build runs beside the native tree's: its link (LTO, binaryen, Closure) and compression
# of the largest files run on one core for minutes, which the native compiles fill. Its output
# goes to build/web-build.log, printed when it is waited for.
mkdir -p build
echo "== web build, in the background (log: build/web-build.log)"
# setsid: its own process group, so a failed run can stop the whole build.
setsid python3 scripts/cpu_time.py --label "web build (in the background)" --report "$report" \
  ./scripts/build.sh web >build/web-build.log 2>&1 &
web_build=$!
stage "native build and tests (clang ASan + UBSan: suites, CLI, fuzz targets, benchmarks)" ./scripts/sanitize.sh
echo "== waiting for the web build"
web_status=0
wait "$web_build" || web_status=$?
web_build=""
cat build/web-build.log
if [ "$web_status" != 0 ]; then echo "web build FAILED" >&2; exit "$web_status"; fi
# A budget of CPU seconds per target (what 20 s of wall time gave each when two ran on two idle
# cores), so a busy machine slows the fuzzers down instead of cutting their work. (Run beside the
# browser tests at nice 19 instead, they saved ~23 s of the two stages' 610: the browser tests
# slowed by as much as the fuzzers' own stage took; bench/RESULTS.md.)
stage "fuzzing (bounded)" env FUZZ_CPU_SECONDS="${FUZZ_CPU_SECONDS:-20}" ./scripts/fuzz.sh
# The browser tests that compare the page with the CLI use the native tree's.
# No screenshots for people (~270, 0.15-0.4 CPU s each; tests/browser/harness.mjs shot) unless
# ATLAS_SHOTS=1: the assertions that compare pixels take their own.
stage "browser tests (Chromium + playwright-core)" env BROWSER_REPORT="$browser_report" ATLAS_CLI=build/sanitize/gpu-atlas \
  ATLAS_SHOTS="${ATLAS_SHOTS:-0}" ./scripts/browser_tests.sh
