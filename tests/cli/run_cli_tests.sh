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

# --- cost ---------------------------------------------------------------------------------
cost() {  # cost NAME EXPECTED_EXIT REQUEST_JSON
  local name=$1 want=$2
  printf '%s' "$3" | "$bin" cost --json >"$tmp/out" 2>"$tmp/err"
  local got=$?
  if [ "$got" != "$want" ]; then
    echo "FAIL $name: exit $got, want $want"; cat "$tmp/err"; fails=$((fails+1))
  else
    echo "ok   $name"
  fi
}
err_has() {  # err_has NAME TEXT: the last command's stderr names TEXT
  if grep -qF -- "$2" "$tmp/err"; then echo "ok   $1"; else echo "FAIL $1: stderr lacks $2"; cat "$tmp/err"; fails=$((fails+1)); fi
}
cost "cost --json: good request exits 0" 0 \
  '{"gpu":"rtx-4090","gpus":1,"hours":24,"utilization":0.8,"duty_cycle":0.3333,"regions":["cn-guizhou","us-east-virginia"],"currency":"CNY"}'
json_check "cost: one row per region x service with the documented keys" \
  "len(d['rows']) == 8 and all(all(k in r for k in ['region','service','energy_kwh','energy_cost','compute_cost','total_cost','co2_kg','notes']) for r in d['rows']) and set(d['break_even']) == {'cn-guizhou','us-east-virginia'}"
json_check "cost: costs are {amount, currency} in the chosen currency; no made-up prices" \
  "all(r['energy_cost']['currency']=='CNY' and (r['total_cost'] is None or r['total_cost']['currency']=='CNY') for r in d['rows']) and all(r['total_cost'] is None for r in d['rows'] if r['price'] is None)"
json_check "cost: 4090 container in Guizhou = 24 h x 1.24 CNY, energy 0.45 kW x 0.8 x 24 h x 1.3 x PUE 1.25 = 14.04 kWh" \
  "[(abs(r['total_cost']['amount']-29.76)<1e-6 and abs(r['energy_kwh']-14.04)<1e-6) for r in d['rows'] if r['region']=='cn-guizhou' and r['service']=='container'] == [True]"
json_check "cost: rental totals never include energy" \
  "all(r['total_cost'] is None or r['service']=='purchase' or abs(r['total_cost']['amount']-r['compute_cost']['amount'])<1e-9 for r in d['rows'])"
cost "cost: one region, one service, USD with the user's rate" 0 \
  '{"gpu":"h100-sxm","gpus":8,"hours":720,"utilization":0.8,"region":"cn-inner-mongolia","service":"purchase","currency":"USD","usd_cny":7.0,"pue":1.15,"host_overhead":0.5}'
json_check "cost: a single purchase row in USD, energy included, break-even reported" \
  "len(d['rows'])==1 and d['rows'][0]['service']=='purchase' and d['rows'][0]['total_cost']['currency']=='USD' and d['rows'][0]['energy_in_total'] and d['rows'][0]['pue']==1.15 and d['break_even']['cn-inner-mongolia']['container_vs_purchase']['duty_cycle'] is not None"
cost "cost: constraints pick a domestic region within the latency limit" 0 \
  '{"gpu":"rtx-4090","gpus":2,"hours":100,"utilization":0.7,"user_centre":"shanghai","max_latency_ms":20,"domestic_only":true}'
json_check "cost: cheapest meets the constraints" \
  "d['cheapest'] is not None and d['cheapest']['region'].startswith('cn-') and [r for r in d['rows'] if r['region']==d['cheapest']['region']][0]['latency_ms'] <= 20"
cost "cost: negative hours" 2 '{"gpu":"h100-sxm","gpus":8,"hours":-1,"utilization":0.8}'
err_has "cost: negative hours names the field" 'field "hours" is -1'
cost "cost: utilization above 1" 2 '{"gpu":"h100-sxm","gpus":8,"hours":10,"utilization":1.5}'
err_has "cost: utilization names the field" 'field "utilization" is 1.5'
cost "cost: zero GPUs" 2 '{"gpu":"h100-sxm","gpus":0,"hours":10,"utilization":0.5}'
err_has "cost: gpus names the field" 'field "gpus" is 0'
cost "cost: too many GPUs" 2 '{"gpu":"h100-sxm","gpus":100001,"hours":10,"utilization":0.5}'
cost "cost: unknown gpu" 2 '{"gpu":"gtx-9999","gpus":1,"hours":10,"utilization":0.5}'
err_has "cost: unknown gpu names the field" 'field "gpu" names "gtx-9999"'
cost "cost: unknown region" 2 '{"gpu":"h100-sxm","gpus":1,"hours":10,"utilization":0.5,"regions":["cn-guizhou","mars"]}'
err_has "cost: unknown region names the field" 'field "regions" names "mars"'
cost "cost: unknown field" 2 '{"gpu":"h100-sxm","gpus":1,"hours":10,"utilization":0.5,"colour":"red"}'
err_has "cost: unknown field is named" 'unknown field "colour"'
cost "cost: wrong type" 2 '{"gpu":"h100-sxm","gpus":"8","hours":10,"utilization":0.5}'
err_has "cost: wrong type names the field" 'field "gpus" must be an integer'
cost "cost: unknown service" 2 '{"gpu":"h100-sxm","gpus":1,"hours":10,"utilization":0.5,"service":"spot"}'
cost "cost: unsupported currency" 2 '{"gpu":"h100-sxm","gpus":1,"hours":10,"utilization":0.5,"currency":"EUR"}'
cost "cost: absurd PUE" 2 '{"gpu":"h100-sxm","gpus":1,"hours":10,"utilization":0.5,"pue":0.5}'
cost "cost: missing hours" 2 '{"gpu":"h100-sxm","gpus":1,"utilization":0.5}'
err_has "cost: missing field is named" 'field "hours" is missing'
cost "cost: not JSON" 2 'not json'
cost "cost: not an object" 2 '[1,2]'
check "cost: unknown option" 2 "$bin" cost --frobnicate

# --- estimate --json ---------------------------------------------------------------------
est() { echo "$1" | "$bin" estimate --json; }
check "estimate: preset full fine-tuning" 0 est '{"model": "llama-3.1-8b", "task": "full_finetune", "gpu": "rtx-4090"}'
json_check "estimate: result has the documented keys" \
  "all(k in d for k in ['per_gpu_bytes','gpu_memory_bytes','fits','flops_total','time_seconds','gpu_hours','tokens_per_second','mfu_used','notes','formulas']) and all(k in d['per_gpu_bytes'] for k in ['weights','gradients','optimizer','activations','kv_cache','overhead','total'])"
json_check "estimate: 8B AdamW full fine-tuning does not fit a 24 GB card (16 bytes/param)" "d['fits'] is False and d['per_gpu_bytes']['weights'] + d['per_gpu_bytes']['gradients'] + d['per_gpu_bytes']['optimizer'] > 16*8.0e9*0.99"
json_check "estimate: every formula says where it comes from" "all('formula' in f and 'inputs' in f for f in d['formulas'].values())"
check "estimate: custom size" 0 est '{"model": {"params": "13B"}, "task": "qlora", "gpu": "rtx-4090"}'
json_check "estimate: 13B QLoRA fits a 24 GB card" "d['fits'] is True"
check "estimate: inference" 0 est '{"model": "llama-3.1-70b", "task": "inference", "precision": "int4", "gpu": "rtx-4090", "gpus": 2, "tp": 2, "batch": 4, "context": 8192}'
json_check "estimate: inference reports throughput and TTFT" "d['tokens_per_second'] > 0 and d['ttft_seconds'] > 0 and d['max_concurrent_users'] is not None"
check "estimate: empty request takes documented defaults" 0 est '{}'
check "estimate: unknown field" 2 est '{"modle": "llama-3.1-8b"}'
grep -q 'unknown field "modle"' "$tmp/err" && echo "ok   estimate: unknown field named" || { echo "FAIL estimate: unknown field message"; fails=$((fails+1)); }
check "estimate: wrong type" 2 est '{"gpus": "eight"}'
check "estimate: tp not dividing heads" 2 est '{"model": "llama-3.1-8b", "tp": 3, "gpus": 3}'
check "estimate: QLoRA with FP32" 2 est '{"task": "qlora", "precision": "fp32"}'
grep -q "QLoRA needs a quantised base" "$tmp/err" && echo "ok   estimate: QLoRA/FP32 explained" || { echo "FAIL estimate: QLoRA/FP32 message"; fails=$((fails+1)); }
check "estimate: absurd size" 2 est '{"model": {"params": 1e16}}'
check "estimate: not JSON" 2 est '{"model": '
check "estimate: negative gpus" 2 est '{"gpus": -1}'
check "estimate: NaN-like string" 2 est '{"mfu": "NaN"}'

[ $fails = 0 ] && echo "all CLI tests passed" || echo "$fails CLI test(s) failed"
exit $((fails > 0))
