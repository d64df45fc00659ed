#!/usr/bin/env bash
# CLI contract tests: runs the built gpu-atlas on good and bad inputs and checks exit codes
# and output shape. usage: run_cli_tests.sh path/to/gpu-atlas
set -uo pipefail
bin=$1
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
fails=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

check() {  # check NAME EXPECTED_EXIT COMMAND...
  local name=$1 want=$2; shift 2
  "$@" >"$tmp/out" 2>"$tmp/err"
  local got=$?
  if [ "$got" != "$want" ]; then
    echo "FAIL $name: exit $got, want $want"; cat "$tmp/err"; fails=$((fails+1))
  else
    echo "ok   $name"
  fi
}
json_check() {  # json_check NAME PYTHON_EXPR (on variable d = parsed stdout of the last check)
  if python3 -c "import json,sys; d=json.load(open('$tmp/out')); sys.exit(0 if ($2) else 1)"; then
    echo "ok   $1"
  else
    echo "FAIL $1"; head -c 600 "$tmp/out"; fails=$((fails+1))
  fi
}

check "gpus --json exits 0" 0 "$bin" gpus --json
json_check "gpus --json lists >= 35 cards with the documented keys" \
  "len(d) >= 35 and all(all(k in g for k in ['id','vendor','name','tier','tier_reason','memory_gb','memory_bandwidth_gbps','fp32_tflops','bf16_dense_tflops','fp8_dense_tflops','int8_dense_tops','tdp_w','interconnect','interconnect_gbps','domestic','sources']) for g in d)"
json_check "tiers are 1, 2 or 3 and every card has sources" "all(g['tier'] in (1,2,3) and len(g['sources'])>0 for g in d)"
json_check "H100 SXM is dense 989 TFLOPS BF16, Tier 1" "[g for g in d if g['id']=='h100-sxm'][0]['bf16_dense_tflops'] == 989.4 and [g for g in d if g['id']=='h100-sxm'][0]['tier'] == 1"
check "gpus table exits 0" 0 "$bin" gpus
check "gpus --data with the real folder" 0 "$bin" gpus --json --data "$root/data"
check "unknown option is a usage error" 2 "$bin" gpus --frobnicate
check "unknown command is a usage error" 2 "$bin" frobnicate
check "no command is a usage error" 2 "$bin"
check "--data without a folder" 2 "$bin" gpus --data
mkdir -p "$tmp/broken" && cp "$root"/data/*.json "$tmp/broken/" && echo '{"gpus": [' > "$tmp/broken/gpus.json"
check "broken data file exits 3" 3 "$bin" gpus --data "$tmp/broken"
grep -q "gpus.json: not valid JSON" "$tmp/err" && echo "ok   broken data names the file" || { echo "FAIL broken data message"; fails=$((fails+1)); }
check "missing data folder exits 3" 3 "$bin" gpus --data "$tmp/nowhere"

[ $fails = 0 ] && echo "all CLI tests passed" || echo "$fails CLI test(s) failed"
exit $((fails > 0))
