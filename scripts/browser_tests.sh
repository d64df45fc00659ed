#!/usr/bin/env bash
# Runs the browser tests (tests/browser/*.test.mjs, every case) against build/web/dist, several
# files at a time. A file spends most of its wall time waiting (for frames, for the page's settle
# time after each input, for timers), not computing, so lanes shorten the stage on two cores; the
# slowest jobs start first. chinese_text.test.mjs runs as three jobs (its slowest case, the cost
# view's tables, once per device, and the rest together), and
# phone_clipping.test.mjs as three (English, Chinese, the control case); an ONLY that matches no
# case fails, so a renamed case is never lost.
# Files that assert timings (idle: main thread busy <= 1 %; tier_map: a double-click within
# ImGui's double-click time) run after the lanes, one at a time, with nothing beside them.
# Each job's output is printed whole when it ends; a failed job fails the script.
# usage: scripts/browser_tests.sh [file ...]   (default: every tests/browser/*.test.mjs)
#   BROWSER_LANES   jobs at once (default: cores + 1)
#   BROWSER_REPORT  append each job's wall and CPU seconds (scripts/cpu_time.py) to this file
set -uo pipefail
cd "$(dirname "$0")/.."
lanes=${BROWSER_LANES:-$(( $(nproc 2>/dev/null || echo 2) + 1 ))}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
report=${BROWSER_REPORT:-$work/times}

# Jobs as "file|ONLY|SKIP", slowest first (figures: bench/RESULTS.md, faster CI); the files not
# named here follow in name order.
ct=tests/browser/chinese_text.test.mjs
pc=tests/browser/phone_clipping.test.mjs
slow_first=("$ct||do not overlap: " "$ct|do not overlap: desktop|" "$ct|do not overlap: phone|"
            "tests/browser/walk_job.test.mjs||"
            "$pc|phone 390x844, en:|" "$pc|phone 390x844, zh:|" "$pc||phone 390x844, ")
alone=(tests/browser/idle.test.mjs tests/browser/tier_map.test.mjs)

jobs_list=("${slow_first[@]}")
for f in tests/browser/*.test.mjs; do
  skip=0
  for j in "${slow_first[@]}"; do [ "${j%%|*}" = "$f" ] && skip=1; done
  for a in "${alone[@]}"; do [ "$a" = "$f" ] && skip=1; done
  [ $skip = 0 ] && jobs_list+=("$f||")
done

# run_job N "file|ONLY|SKIP": the file under scripts/cpu_time.py (it counts Chromium's processes
# too), 30 minutes at most; its output printed in one piece.
run_job() {
  local n=$1 file only skip rest label status=ok
  file=${2%%|*}; rest=${2#*|}; only=${rest%%|*}; skip=${rest#*|}
  label=${file#tests/browser/}
  [ -n "$only" ] && label+=" ONLY=$only"
  [ -n "$skip" ] && label+=" SKIP=$skip"
  ONLY=$only SKIP=$skip python3 scripts/cpu_time.py --label "$label" --report "$report" \
    timeout 1800 node "$file" >"$work/$n.log" 2>&1 || { status=FAIL; touch "$work/$n.failed"; }
  { echo "-- $label: $status"; cat "$work/$n.log"; } | flock "$work/lock" cat
}

# Only the files named on the command line, if any.
if [ $# -gt 0 ]; then
  keep() { local f; for f in "${@:2}"; do [ "$(realpath "$f")" = "$(realpath "$1")" ] && return 0; done; return 1; }
  picked=(); for j in "${jobs_list[@]}"; do keep "${j%%|*}" "$@" && picked+=("$j"); done; jobs_list=("${picked[@]}")
  picked=(); for f in "${alone[@]}"; do keep "$f" "$@" && picked+=("$f"); done; alone=("${picked[@]}")
fi

echo "browser tests: ${#jobs_list[@]} jobs in $lanes lanes, then ${#alone[@]} alone"
n=0
for j in "${jobs_list[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$lanes" ]; do wait -n; done
  n=$((n + 1))
  run_job "$n" "$j" &
done
wait
for f in "${alone[@]}"; do
  n=$((n + 1))
  run_job "$n" "$f||"
done

if [ -z "${BROWSER_REPORT:-}" ]; then cat "$report"; fi
failed=$(ls "$work"/*.failed 2>/dev/null | wc -l)
if [ "$failed" -gt 0 ]; then
  echo "browser tests: $failed of $n jobs FAILED" >&2
  exit 1
fi
echo "browser tests: $n jobs passed"
