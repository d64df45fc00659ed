#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/fuzz_*.cpp) with clang++-14 + ASan + UBSan in build/sanitize
# (the tree scripts/sanitize.sh uses too: scripts/sanitize_tree.sh) and runs each for a bounded
# time from its seed corpus, FUZZ_JOBS targets at a time (each is one process on one core).
# Exits non-zero when any target finds a crash, a sanitizer report, a broken invariant, a timeout
# or a memory blow-up; the input that did it is kept in build/fuzz/artifacts/<target>/
# (reproduce: build/sanitize/fuzz_<target> FILE).
# usage: scripts/fuzz.sh [--long] [target ...]      e.g. scripts/fuzz.sh link hf_config
#   --long        run each target for FUZZ_RUNS executions (default 1,000,000) instead of a time
#   FUZZ_SECONDS  seconds of wall time per target (default 30)
#   FUZZ_CPU_SECONDS  instead of a wall-clock time, each target runs until it has used this many
#                 CPU seconds (read from /proc), then is stopped with SIGINT (libFuzzer prints its
#                 final stats and exits with 72, which counts as success only after that stop):
#                 the same work however busy the machine is. scripts/test.sh (CI) uses 20;
#                 FUZZ_MAX_SECONDS (default 900) bounds each target's wall time, and a target
#                 stopped by it before its CPU seconds counts as a failure.
#   FUZZ_MAX_SECONDS  with --long: stop a target after this many seconds even if short of
#                 FUZZ_RUNS (reported as a failure with the count reached)
#   FUZZ_CXX      compiler (default clang++-14)
#   FUZZ_JOBS     targets run at once (default: one per core)
# Inputs are at most 64 KiB (link: the link limit kMaxLinkChars plus 256 for a URL before the '#';
# data_loaders: 16 KiB).
# Seeds are copied from fuzz/corpus/<target>/ (and data/*.json for data_loaders) into
# build/fuzz/corpus/<target>/, which the fuzzer grows; nothing is written into the repo.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-30}
cpu_seconds=${FUZZ_CPU_SECONDS:-}
if [ -n "$cpu_seconds" ] && ! [[ $cpu_seconds =~ ^[1-9][0-9]{0,5}$ ]]; then
  echo "FUZZ_CPU_SECONDS is \"$cpu_seconds\": it must be a whole number of seconds, 1 to 999999" >&2
  exit 2
fi
ticks=$(getconf CLK_TCK)
jobs=$(nproc 2>/dev/null || echo 2)
fuzz_jobs=${FUZZ_JOBS:-$jobs}
source scripts/sanitize_tree.sh
bin=$sanitize_dir  # the executables
dir=build/fuzz       # corpora, artifacts and logs

long=0
if [ "${1:-}" = --long ]; then
  long=1
  shift
fi
runs=${FUZZ_RUNS:-1000000}

if [ $# -gt 0 ]; then
  targets=("$@")
else
  targets=()
  for f in fuzz/fuzz_*.cpp; do n=$(basename "$f" .cpp); targets+=("${n#fuzz_}"); done
fi

configure_sanitize_tree
# All of them as one goal (fuzz_targets) builds them side by side; make builds goals one by one.
build_targets=(fuzz_targets)
if [ $# -gt 0 ]; then build_targets=(); for t in "${targets[@]}"; do build_targets+=("fuzz_$t"); done; fi
cmake --build "$bin" -j"$jobs" --target "${build_targets[@]}"
mkdir -p "$dir"

asan_long=""
# Long runs keep every ASan check but record no allocation stacks (~15% fewer CPU seconds per
# input); run the saved input again (build/sanitize/fuzz_<target> FILE) for a report with stacks.
[ $long = 1 ] && asan_long=":malloc_context_size=0"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1${asan_long}${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
# stop_after_cpu PID SECONDS MARKER: sends PID SIGINT once its user + system CPU time reaches
# SECONDS, and leaves MARKER so the exit that follows counts as the planned stop. A target that
# has not exited 60 s later is killed and MARKER.hung left: once, after printing its final stats
# on SIGINT, fuzz_hf_config's -timeout alarm fired during its exit and it waited for ever on an
# llvm-symbolizer that had died (a CI run hung in the fuzzing stage, 2026-12-07 22:35).
stop_after_cpu() {
  local pid=$1 limit=$(($2 * ticks)) marker=$3 stat fields
  while stat=$(cat "/proc/$pid/stat" 2>/dev/null); do
    read -r -a fields <<<"${stat##*) }"  # fields[11], [12]: utime, stime (from field 3, state)
    if [ $((fields[11] + fields[12])) -ge "$limit" ]; then
      touch "$marker"
      kill -INT "$pid" 2>/dev/null || true
      for _ in $(seq 120); do
        kill -0 "$pid" 2>/dev/null || return 0
        sleep 0.5
      done
      touch "$marker.hung"
      kill -KILL "$pid" 2>/dev/null || true
      return
    fi
    sleep 0.5
  done
}

# fuzz_target T: one target's run; its lines are printed in one piece when it ends, and a failure
# leaves $dir/.failed_T.
fuzz_target() {
  local t=$1
  corpus="$dir/corpus/$t"
  artifacts="$dir/artifacts/$t"
  mkdir -p "$corpus" "$artifacts"
  cp fuzz/corpus/"$t"/* "$corpus"/ 2>/dev/null || true
  if [ "$t" = data_loaders ]; then
    # The shipped data files as seeds, each behind the byte that selects its loader.
    for f in gpus models regions pricing assumptions; do
      { printf '%s' "${f:0:1}"; cat "data/$f.json"; } > "$corpus/data-$f.json"
    done
  fi
  dict=()
  [ -f "fuzz/$t.dict" ] && dict=("-dict=fuzz/$t.dict")
  max_len=65536
  if [ "$t" = link ]; then
    # The decoder reads at most kMaxLinkChars after the '#' and cuts the rest (with a notice):
    # longer inputs only slow the run down. The limit plus room for a URL before the '#' keeps
    # the cut reachable.
    link_chars=$(sed -n 's/.*kMaxLinkChars = \([0-9]*\);.*/\1/p' src/app/share_link.hpp)
    max_len=$((link_chars + 256))
  elif [ "$t" = data_loaders ]; then
    # Parsing the input is most of the time: 16 KiB holds every record shape of every file
    # (the committed seeds are excerpts of 0.3-13 KB) and runs ~3x as many inputs as 64 KiB.
    max_len=16384
  fi
  log="$dir/fuzz_$t.log"
  stamp="$dir/.start_$t"
  touch "$stamp"
  if [ $long = 1 ]; then
    limit=(-runs="$runs")
    [ -n "${FUZZ_MAX_SECONDS:-}" ] && limit+=(-max_total_time="$FUZZ_MAX_SECONDS")
    echo "== fuzz $t: $runs executions from $(ls "$corpus" | wc -l) inputs (log: $log)"
  elif [ -n "$cpu_seconds" ]; then
    limit=(-max_total_time="${FUZZ_MAX_SECONDS:-900}")
    echo "== fuzz $t: ${cpu_seconds} CPU s from $(ls "$corpus" | wc -l) inputs (log: $log)"
  else
    limit=(-max_total_time="$seconds")
    echo "== fuzz $t: ${seconds}s from $(ls "$corpus" | wc -l) inputs (log: $log)"
  fi
  local stopped="$dir/.stopped_$t" status=0 started=$SECONDS
  rm -f "$stopped" "$stopped.hung"
  "$bin/fuzz_$t" "$corpus" "${dict[@]}" "${limit[@]}" -timeout=10 -rss_limit_mb=2560 \
    -max_len="$max_len" -print_final_stats=1 -artifact_prefix="$artifacts/" >"$log" 2>&1 &
  local pid=$! watcher=""
  if [ -n "$cpu_seconds" ] && [ $long = 0 ]; then
    stop_after_cpu "$pid" "$cpu_seconds" "$stopped" &
    watcher=$!
  fi
  wait "$pid" || status=$?
  if [ -n "$watcher" ]; then kill "$watcher" 2>/dev/null || true; wait "$watcher" 2>/dev/null || true; fi
  # 72: libFuzzer's exit after SIGINT, a success only when stop_after_cpu sent it; 137: killed by
  # stop_after_cpu, a success only when the log shows the planned stop's final stats (the hang was
  # in its exit, after "run interrupted").
  if [ "$status" = 72 ] && [ -f "$stopped" ]; then status=0; fi
  if [ "$status" = 137 ] && [ -f "$stopped.hung" ] && grep -q '^==[0-9]*== libFuzzer: run interrupted; exiting' "$log" &&
     grep -q '^stat::number_of_executed_units' "$log"; then
    echo "fuzz $t: hung on its way out after the planned stop (final stats printed); killed after 60 s"
    status=0
  fi
  if [ "$status" = 0 ]; then
    grep -E '^(Done|stat::number_of_executed_units|stat::peak_rss_mb)' "$log" | tr '\n' ' ' || true
    [ -f "$stopped" ] && printf 'stopped at %s CPU s after %d s' "$cpu_seconds" $((SECONDS - started))
    echo
    if [ -n "$cpu_seconds" ] && [ $long = 0 ] && [ ! -f "$stopped" ]; then
      echo "fuzz $t: the wall-time cap (FUZZ_MAX_SECONDS) came before ${cpu_seconds} CPU s" >&2
      touch "$dir/.failed_$t"
    fi
    if [ $long = 1 ]; then
      executed=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
      if [ "${executed:-0}" -lt "$runs" ]; then
        echo "fuzz $t: only ${executed:-0} of $runs executions" >&2
        touch "$dir/.failed_$t"
      fi
    fi
  else
    touch "$dir/.failed_$t"
    echo "fuzz $t: FAILED" >&2
    tail -n 60 "$log" >&2
    for a in $(find "$artifacts" -type f -newer "$stamp"); do
      echo "-- input $a ($(wc -c <"$a") bytes):" >&2
      head -c 2000 "$a" | od -c | head -40 >&2
    done
  fi
}

rm -f "$dir"/.failed_*
for t in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$fuzz_jobs" ]; do wait -n || true; done
  { fuzz_target "$t" || touch "$dir/.failed_$t"; } >"$dir/.out_$t" 2>&1 &
done
wait
for t in "${targets[@]}"; do cat "$dir/.out_$t"; done
if ls "$dir"/.failed_* >/dev/null 2>&1; then exit 1; fi
