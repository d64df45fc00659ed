#!/usr/bin/env bash
# CLI contract tests: runs the built gpu-atlas on good and bad inputs and checks exit codes
# and output shape. usage: run_cli_tests.sh path/to/gpu-atlas
set -uo pipefail
bin=$1
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
fails=0
tmp=$(mktemp -d)
# Debian's python3 when there is one: the checks below start Python ~60 times, and the python3
# first on PATH can be a version manager's shim (pyenv here: 0.3 s a start, against 0.03 s).
python3() { if [ -x /usr/bin/python3 ]; then /usr/bin/python3 "$@"; else command python3 "$@"; fi; }
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
json_check "cost: 4090 container in Guizhou = 24 h x 1.99 CNY (median of three mainland sellers), energy 0.45 kW x 0.8 x 24 h x 1.3 x PUE 1.25 = 14.04 kWh" \
  "[(abs(r['total_cost']['amount']-47.76)<1e-6 and abs(r['energy_kwh']-14.04)<1e-6) for r in d['rows'] if r['region']=='cn-guizhou' and r['service']=='container'] == [True]"
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
cost "cost: utilization may be left out (defaults to 0.8, as the Cost view)" 0 \
  '{"gpu":"rtx-4090","gpus":1,"hours":24,"region":"cn-guizhou","service":"container"}'
json_check "cost: default utilization 0.8 gives the same 14.04 kWh; the price says its statistic" \
  "abs(d['rows'][0]['energy_kwh']-14.04)<1e-6 and d['rows'][0]['price']['statistic']=='median' and 'current quote' in d['rows'][0]['price']['summary']"
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

# --- link decode / encode --------------------------------------------------------------
link_url='https://example.org/tools/atlas/#v=1&view=calculator&calc.model=qwen2.5-72b&calc.task=qlora&calc.gpu=rtx-4090&calc.gpus=2&calc.dp=2&calc.zero_stage=3'
check "link decode: a URL" 0 "$bin" link decode "$link_url"
json_check "link decode: state as JSON" "d['view']=='calculator' and d['calculator']['model']=='qwen2.5-72b' and d['calculator']['gpus']==2 and d['notices']==[]"
cp "$tmp/out" "$tmp/state.json"
"$bin" link encode < "$tmp/state.json" > "$tmp/frag" 2>"$tmp/err" && echo "ok   link encode exits 0" || { echo "FAIL link encode"; fails=$((fails+1)); }
"$bin" link decode "$(cat "$tmp/frag")" > "$tmp/out2" 2>&1
if python3 -c "import json; a=json.load(open('$tmp/state.json')); b=json.load(open('$tmp/out2')); a.pop('notices'); b.pop('notices'); exit(0 if a==b else 1)"; then
  echo "ok   link: decode -> encode -> decode is the same state"; else echo "FAIL link round trip"; fails=$((fails+1)); fi
check "link decode: hostile link" 0 "$bin" link decode '#v=99&calc.gpus=-5&<script>=1&tier.tier=banana'
json_check "link decode: hostile parts are listed, not fatal" "len(d['notices']) >= 3 and d['calculator']['gpus'] == 1"
check "link: no action" 2 "$bin" link
check "link: unknown action" 2 "$bin" link frobnicate
echo 'not json' > "$tmp/bad.json"
check "link encode: bad JSON" 2 sh -c "'$bin' link encode < '$tmp/bad.json'"

# --- market statistics (issue 14) --------------------------------------------------------
cost "cost: the price is the market median by default" 0 \
  '{"gpu":"h100-sxm","gpus":1,"hours":10,"utilization":0.8,"region":"eu-west-ireland","service":"container"}'
json_check "cost: price says statistic, scope, market stats and the quote behind it" \
  "(lambda p: p['statistic']=='median' and p['scope']=='market' and p['market_stats']['quotes']>=3 and p['market_stats']['sellers']>=2 and p['market_stats']['min_cny']<=p['market_stats']['median_cny']<=p['market_stats']['max_cny'] and p['quote']['as_of'] and p['quote']['sources'])(d['rows'][0]['price'])"
cost "cost: a region with its own quotes" 0 \
  '{"gpu":"h100-sxm","gpus":1,"hours":10,"utilization":0.8,"region":"us-east-virginia","service":"container"}'
json_check "cost: us-east-virginia uses its own quotes first (region scope)" "d['rows'][0]['price']['scope']=='region' and d['rows'][0]['price']['region']=='us-east-virginia'"
cost "cost: price_statistic min" 0 \
  '{"gpu":"h100-sxm","gpus":1,"hours":10,"utilization":0.8,"region":"cn-guizhou","service":"container","price_statistic":"min"}'
json_check "cost: min statistic is reported and equals the market minimum" \
  "(lambda p: p['statistic']=='min' and abs(p['amount']-p['market_stats']['min_cny'])<1e-6)(d['rows'][0]['price'])"
cost "cost: unknown price_statistic is a usage error" 2 \
  '{"gpu":"h100-sxm","gpus":1,"hours":10,"utilization":0.8,"price_statistic":"mean"}'
err_has "cost: bad price_statistic names the field" 'field "price_statistic"'
cost "cost: unknown price_quote is a usage error" 2 \
  '{"gpu":"h100-sxm","gpus":1,"hours":10,"utilization":0.8,"price_quote":"no-such-quote"}'
err_has "cost: bad price_quote names the field" 'field "price_quote"'
cost "cost: one quote by id" 0 \
  '{"gpu":"h100-sxm","gpus":1,"hours":10,"utilization":0.8,"region":"us-east-virginia","service":"container","price_quote":"h100-sxm-container-aws-17"}'
json_check "cost: price_quote uses that quote" "d['rows'][0]['price']['statistic']=='quote' and d['rows'][0]['price']['quote']['id']=='h100-sxm-container-aws-17'"

# --- recommend -----------------------------------------------------------------------------
rec() {  # rec NAME EXPECTED_EXIT REQUEST_JSON
  local name=$1 want=$2
  printf '%s' "$3" | "$bin" recommend --json >"$tmp/out" 2>"$tmp/err"
  local got=$?
  if [ "$got" != "$want" ]; then
    echo "FAIL $name: exit $got, want $want"; cat "$tmp/err"; fails=$((fails+1))
  else
    echo "ok   $name"
  fi
}
rec "recommend: 8B QLoRA exits 0" 0 '{"model":"llama-3.1-8b","task":"qlora","constraints":{"max_gpus":8,"objective":"cost"}}'
json_check "recommend: configs carry gpu, gpus, layout, per_gpu_bytes.total, time_seconds, cost, reasons" \
  "len(d['configs'])>0 and all(all(k in c for k in ['gpu','gpus','layout','per_gpu_bytes','time_seconds','cost','reasons','pareto','limits']) and c['per_gpu_bytes']['total']>0 and len(c['reasons'])>0 for c in d['configs'])"
json_check "recommend: ranks 1..n, some config on the Pareto front, search size reported" \
  "[c['rank'] for c in d['configs']]==list(range(1,len(d['configs'])+1)) and any(c['pareto'] for c in d['configs']) and d['search']['evaluated']>0"
json_check "recommend: 8B QLoRA on one RTX 4090 is among the answers" "any(c['gpu']=='rtx-4090' and c['gpus']==1 for c in d['configs'])"
json_check "recommend: every priced config says which statistic of the market it used" \
  "all(c['price'] is None or (c['price']['statistic']=='median' and c['price']['market_stats']['quotes']>=1) for c in d['configs'])"
json_check "recommend: each priced config's reasons carry the market summary (statistic, quotes, sellers or the stale mark)" \
  "all(c['price'] is None or (c['price']['summary'] and any(c['price']['summary'] in r for r in c['reasons'])) for c in d['configs']) and any(c['price'] and ('current quote' in c['price']['summary'] or '[stale]' in c['price']['summary']) for c in d['configs'])"
rec "recommend: 70B serving in US East" 0 '{"model":"llama-3.1-70b","task":"inference","constraints":{"max_gpus":64,"region":"us-east-virginia"}}'
json_check "recommend: tight is headroom_fraction < 0.10, with the Tight limit; one_seller_price is one seller's market" \
  "all(c['tight']==(c['headroom_fraction']<0.10)==any(l.startswith('Tight:') for l in c['limits']) and c['one_seller_price']==bool(c['price'] and c['price']['market_stats']['sellers']==1) for c in d['configs']) and any(c['tight'] for c in d['configs']) and any(c['one_seller_price'] for c in d['configs'])"
cost "cost: H100 in Tokyo and Ireland" 0 '{"gpu":"h100-sxm","gpus":1,"hours":10,"regions":["ap-tokyo","eu-west-ireland"],"service":"container"}'
json_check "cost: Tokyo pools its own seller with the region-wide quotes (region_quotes 1, within a tenth of Ireland's)" \
  "(lambda t,i: t['price']['scope']=='region' and t['price']['market_stats']['region_quotes']==1 and i['price']['scope']=='market' and i['price']['market_stats']['region_quotes']==0 and i['price']['amount']<=t['price']['amount']<1.1*i['price']['amount'])(*(lambda m: (m['ap-tokyo'], m['eu-west-ireland']))({r['region']: r for r in d['rows']}))"
rec "recommend: price_statistic max" 0 '{"model":"llama-3.1-8b","task":"qlora","constraints":{"max_gpus":8,"price_statistic":"max"}}'
json_check "recommend: max statistic reported" "all(c['price'] is None or c['price']['statistic']=='max' for c in d['configs'])"
rec "recommend: bad price_statistic is a usage error" 2 '{"model":"llama-3.1-8b","task":"qlora","constraints":{"price_statistic":"avg"}}'
rec "recommend: domestic only" 0 '{"model":"llama-3.1-8b","task":"lora","constraints":{"domestic_only":true}}'
json_check "recommend: domestic only returns no NVIDIA/AMD/Intel card" \
  "len(d['configs'])>0 and not any(c['gpu'].startswith(('rtx','a1','h1','h2','h8','l4','l2','t4','v1','mi','gaudi','b2','b3','a8','a3','jetson')) for c in d['configs'])"
rec "recommend: owned cards first" 0 '{"model":"llama-3.1-8b","task":"qlora","constraints":{"owned":[{"gpu":"rtx-3090","count":1}]}}'
json_check "recommend: the owned RTX 3090 ranks first with no rent" "d['configs'][0]['gpu']=='rtx-3090' and d['configs'][0]['owned'] and d['configs'][0]['cost']['amount']==0"
rec "recommend: 7B full fine-tuning, one card max" 0 '{"model":"llama-2-7b","task":"full_finetune","constraints":{"max_gpus":1}}'
json_check "recommend: why-not line for the RTX 4090" "any('RTX 4090' in w and 'model states' in w for w in d['why_not']) and all(c['gpus']==1 for c in d['configs'])"
rec "recommend: serving with a latency limit" 0 '{"model":"llama-3.1-8b","task":"inference","batch":8,"constraints":{"latency_ms":500,"max_gpus":8}}'
json_check "recommend: serving configs meet the latency and report cost per hour" \
  "len(d['configs'])>0 and all(c['ttft_seconds']*1000<=500 for c in d['configs']) and all(c['cost'] is None or c['cost']['per']=='hour' for c in d['configs'])"
rec "recommend: max_gpus 0 is a usage error" 2 '{"model":"llama-3.1-8b","constraints":{"max_gpus":0}}'
err_has "recommend: the message names max_gpus" "max_gpus"
rec "recommend: bad objective" 2 '{"model":"llama-3.1-8b","constraints":{"objective":"vibes"}}'
err_has "recommend: the message names objective" "objective"
rec "recommend: unknown owned card" 2 '{"model":"llama-3.1-8b","constraints":{"owned":[{"gpu":"rtx-9999","count":1}]}}'
err_has "recommend: the message names owned[0].gpu" "owned[0]"
rec "recommend: negative budget" 2 '{"model":"llama-3.1-8b","constraints":{"budget":-1}}'
err_has "recommend: the message names budget" "budget"
rec "recommend: unknown constraint" 2 '{"model":"llama-3.1-8b","constraints":{"frobnicate":1}}'
rec "recommend: unknown top-level field still rejected" 2 '{"model":"llama-3.1-8b","frobnicate":1}'
check "recommend without --json is a usage error" 2 "$bin" recommend

# --- fit ---------------------------------------------------------------------------------
fit() {  # fit NAME EXPECTED_EXIT REQUEST_JSON
  local name=$1 want=$2
  printf '%s' "$3" | "$bin" fit --json >"$tmp/out" 2>"$tmp/err"
  local got=$?
  if [ "$got" != "$want" ]; then
    echo "FAIL $name: exit $got, want $want"; cat "$tmp/err"; fails=$((fails+1))
  else
    echo "ok   $name"
  fi
}
fit "fit: 70B QLoRA on two RTX 4090s, up to four allowed, exits 0" 0 '{"model":"llama-3.1-70b","task":"qlora","gpu":"rtx-4090","gpus":2,"constraints":{"max_gpus":4}}'
json_check "fit: it becomes a fit, with the documented keys" \
  "d['fits'] is True and d['result']['fits'] is True and d['blockers']==[] and len(d['changes'])>0 and all(set(c)=={'field','from','to','why'} for c in d['changes'])"
json_check "fit: the question is kept (model, task, card, count, sequence, global batch)" \
  "d['request']['model']=='llama-3.1-70b' and d['request']['task']=='qlora' and d['request']['gpu']=='rtx-4090' and 2 < d['request']['gpus'] <= 4 and d['request']['seq_len']==2048 and d['request']['micro_batch']*d['request']['grad_accum']*d['request']['dp']==2"
json_check "fit: every change goes from the asked value to the fitted request's" \
  "all(d['request'][c['field']]==c['to'] and c['from']!=c['to'] for c in d['changes'])"
json_check "fit: the fitted job is within the card's usable capacity" "d['result']['required_bytes'] <= d['result']['usable_memory_bytes']"
fit "fit: a request that fits already" 0 '{"model":"llama-3.1-8b","task":"qlora","gpu":"rtx-4090"}'
json_check "fit: fits as asked -> changes []" "d['fits'] is True and d['changes']==[] and d['blockers']==[] and d['request']['checkpointing']=='full'"
fit "fit: 405B full fine-tuning on one T4 (hopeless) exits 0" 0 '{"model":"llama-3.1-405b","task":"full_finetune","gpu":"t4"}'
json_check "fit: hopeless -> fits false, blockers with numbers, request unchanged" \
  "d['fits'] is False and d['changes']==[] and len(d['blockers'])>=3 and 'GiB per GPU' in d['blockers'][0] and d['request']['gpus']==1 and d['request']['optimizer']=='adamw'"
fit "fit: serving gets serving knobs" 0 '{"model":"llama-3.1-70b","task":"inference","gpu":"h100-sxm","batch":32,"context":32768,"constraints":{"max_gpus":8}}'
json_check "fit: serving on up to 8 H100s adds cards with TP, no training knobs, batch and context kept" \
  "d['fits'] is True and d['request']['gpus']>1 and d['request']['tp']>1 and d['request']['batch']==32 and d['request']['context']==32768 and not any(c['field'] in ('checkpointing','micro_batch','zero_stage','optimizer','offload_optimizer') for c in d['changes'])"
fit "fit: quantisation not allowed" 0 '{"model":"llama-3.1-70b","task":"inference","gpu":"a100-80gb-sxm","constraints":{"allow_quantization":false}}'
json_check "fit: no quantised weights when not allowed; the blockers say what they would give" \
  "d['fits'] is False and d['request']['precision']=='bf16' and any('allow_quantization' in b for b in d['blockers'])"
fit "fit: max_gpus below the request's gpus" 2 '{"model":"llama-3.1-8b","gpus":4,"constraints":{"max_gpus":2}}'
err_has "fit: the message names constraints.max_gpus" "constraints.max_gpus"
fit "fit: unknown constraint" 2 '{"model":"llama-3.1-8b","constraints":{"frobnicate":1}}'
err_has "fit: the message names the unknown constraint" "frobnicate"
fit "fit: bad request (same errors as estimate)" 2 '{"modle":"llama-3.1-8b"}'
err_has "fit: unknown request field named" 'unknown field "modle"'
fit "fit: not JSON" 2 '{"model": '
check "fit without --json input is still read; extra argument is a usage error" 2 "$bin" fit --json extra
# --- robustness: depth, numbers as written, bounded messages, cost spans ------------------
python3 -c "print('{\"model\":{\"hf_config\":' + '['*100000 + ']'*100000 + '}}')" > "$tmp/deep.json"
python3 -c "print('['*100000 + ']'*100000)" > "$tmp/deep-array.json"
for cmd in estimate recommend cost; do
  check "$cmd: JSON nested 100,000 deep exits 2" 2 sh -c "'$bin' $cmd --json < '$tmp/deep.json'"
  err_has "$cmd: nesting limit named" "nested deeper than 64 levels"
done
check "link encode: JSON nested 100,000 deep exits 2" 2 sh -c "'$bin' link encode < '$tmp/deep-array.json'"
err_has "link encode: nesting limit named" "nested deeper than 64 levels"
python3 -c "print('{\"model\":{\"hf_config\":' + '{\"a\":'*64 + '1' + '}'*64 + '}}')" > "$tmp/depth66.json"
check "estimate: 66 levels are refused" 2 sh -c "'$bin' estimate --json < '$tmp/depth66.json'"
err_has "estimate: 66 levels named" "nested deeper than 64 levels"
python3 -c "print('{\"model\":' + '{\"a\":'*62 + '1' + '}'*62 + '}')" > "$tmp/depth63.json"
check "estimate: 63 levels parse (then fail on the field, not the depth)" 2 sh -c "'$bin' estimate --json < '$tmp/depth63.json'"
if grep -q "nested deeper" "$tmp/err"; then echo "FAIL estimate: 63 levels wrongly refused"; fails=$((fails+1)); else echo "ok   estimate: 63 levels not refused for depth"; fi
check "estimate: gpus 2^63 is out of range" 2 est '{"gpus": 9223372036854775808}'
err_has "estimate: 2^63 quoted as written" "is 9223372036854775808, outside"
check "estimate: gpus 2^64-1 is out of range" 2 est '{"gpus": 18446744073709551615}'
err_has "estimate: 2^64-1 quoted as written" "is 18446744073709551615, outside"
check "estimate: gpus -2^63 is out of range" 2 est '{"gpus": -9223372036854775808}'
err_has "estimate: -2^63 quoted as written" "is -9223372036854775808, outside"
check "estimate: mfu just past 1 is not rounded onto the bound" 2 est '{"mfu": 1.0000000000000002}'
err_has "estimate: mfu quoted as written" "is 1.0000000000000002, outside"
python3 -c "print('{\"task\": \"' + 'x'*1000000 + '\"}')" > "$tmp/long.json"
check "estimate: a 1 MB string" 2 sh -c "'$bin' estimate --json < '$tmp/long.json'"
if [ "$(wc -c < "$tmp/err")" -lt 1000 ]; then echo "ok   estimate: a 1 MB string gives a short message"; else echo "FAIL estimate: message is $(wc -c < "$tmp/err") bytes"; fails=$((fails+1)); fi
err_has "estimate: the string is quoted shortened" 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'
python3 -c "print('{\"' + 'k'*1000000 + '\": 1}')" > "$tmp/longkey.json"
check "estimate: a 1 MB key" 2 sh -c "'$bin' estimate --json < '$tmp/longkey.json'"
if [ "$(wc -c < "$tmp/err")" -lt 1000 ]; then echo "ok   estimate: a 1 MB key gives a short message"; else echo "FAIL estimate: key message is $(wc -c < "$tmp/err") bytes"; fails=$((fails+1)); fi
cost "cost: duty_cycle 1e-12 spans 10^14 h" 2 '{"gpu":"h100-sxm","gpus":1,"hours":100,"utilization":0.5,"duty_cycle":1e-12}'
err_has "cost: the span names duty_cycle" 'field "duty_cycle" is 1e-12'
err_has "cost: the span limit is said" "100 years"
cost "cost: 100 years exactly is allowed" 0 '{"gpu":"h100-sxm","gpus":1,"hours":8760,"utilization":0.5,"duty_cycle":0.01,"service":"bare_metal"}'
json_check "cost: 100 years bills 1200 months (a little more with a virtualisation stretch)" "all(r['billed_months'] is None or 1200 <= r['billed_months'] < 1300 for r in d['rows']) and any(r['billed_months'] is not None for r in d['rows'])"
cost "cost: gpus 2^63" 2 '{"gpu":"h100-sxm","gpus":9223372036854775808,"hours":1,"utilization":0.5}'
err_has "cost: 2^63 quoted as written" "is 9223372036854775808, outside"

# --- links at their limits ------------------------------------------------------------------
python3 -c "import json; print(json.dumps({'view':'calculator','calculator':{'model':{'params':8e9,'name':'n'*30000},'task':'lora'}}))" > "$tmp/longname.json"
check "link encode: a 30,000-character model name" 0 sh -c "'$bin' link encode < '$tmp/longname.json'"
if [ "$(head -c 20000 "$tmp/out" | wc -c)" -le 16386 ]; then echo "ok   link encode: the link fits the decoder's 16,384 characters"; else echo "FAIL link encode: $(wc -c < "$tmp/out") characters"; fails=$((fails+1)); fi
err_has "link encode: the left-out name is said" "calc.model.name"
"$bin" link decode "$(cat "$tmp/out")" > "$tmp/out2" 2>/dev/null
if python3 -c "import json; d=json.load(open('$tmp/out2')); exit(0 if not any('longer than' in n for n in d['notices']) and d['calculator']['task']=='lora' else 1)"; then
  echo "ok   link: the shortened link decodes whole"; else echo "FAIL link: shortened link"; fails=$((fails+1)); fi
check "link decode: a stale card id" 0 "$bin" link decode '#v=1&view=cost&cost.gpu=no-such-card&cost.gpus=4&tier.sort=memory'
json_check "link decode: the stale id is dropped with a notice, the rest kept" \
  "any('cost.gpu' in n for n in d['notices']) and d['cost']['gpu']!='no-such-card' and d['cost']['gpus']==4 and d['tiers']['sort']=='memory' and d['view']=='cost'"
err_has "link decode: the notice is printed" "cost.gpu"
# Further-use years of bought cards: the link's cost.purchase_use_years is the cost request's
# purchase_use_years (one name, one limit: more than 0, at most 20 years; unset = this job only).
check "link decode: further-use years" 0 "$bin" link decode '#v=1&view=cost&cost.purchase_use_years=3'
json_check "link decode: cost.purchase_use_years read as 3, no notice" "d['cost']['purchase_use_years']==3 and d['notices']==[]"
python3 -c "import json,sys; c=json.load(open(sys.argv[1]))['cost']; print(json.dumps({k: c[k] for k in ('gpu','gpus','hours','purchase_use_years')}))" "$tmp/out" > "$tmp/use_years.json"
cost "cost: the decoded link's job and further-use years as a request" 0 "$(cat "$tmp/use_years.json")"
json_check "cost: amortised; A100 purchase share = 8 x 11,500 USD x 6.9858 x 1.05 x 1.48 x 720 h / 26,280 h = 27,362.90 CNY" \
  "d['purchase_basis']=='amortised' and [abs(r['compute_cost']['amount']-27362.90)<0.01 for r in d['rows'] if r['region']=='us-east-virginia' and r['service']=='purchase']==[True]"
check "link decode: further-use years of 25" 0 "$bin" link decode '#v=1&view=cost&cost.purchase_use_years=25'
json_check "link decode: 25 refused with one notice naming the limit, unset kept" \
  "d['cost']['purchase_use_years'] is None and len(d['notices'])==1 and 'at most 20 years' in d['notices'][0]"
cost "cost: purchase_use_years 25 is a usage error" 2 '{"gpu":"a100-80gb-sxm","gpus":8,"hours":720,"purchase_use_years":25}'
err_has "cost: the refused field is named" 'purchase_use_years'

# --- export ---------------------------------------------------------------------------------
"$bin" link decode '#v=1&view=calculator&calc.model=llama-3.1-70b&calc.task=pretrain&calc.gpu=h100-sxm&calc.gpus=64&calc.tp=8&calc.dp=8' > "$tmp/state.json" 2>/dev/null
check "export: md" 0 sh -c "'$bin' export --format md < '$tmp/state.json'"
grep -q "× 10²" "$tmp/out" && ! grep -q "e+2" "$tmp/out" && echo "ok   export md: FLOPs as a power of ten" || { echo "FAIL export md numbers"; fails=$((fails+1)); }
check "export: csv" 0 sh -c "'$bin' export --format csv < '$tmp/state.json'"
head -1 "$tmp/out" | grep -q "^item,value,unit,how$" && echo "ok   export csv: header" || { echo "FAIL export csv header"; fails=$((fails+1)); }
check "export: json" 0 sh -c "'$bin' export --format json < '$tmp/state.json'"
json_check "export json: the estimate with its request and link" "d['request']['model']=='llama-3.1-70b' and d['link'].startswith('#v=1&')"
json_check "export json: 64 H100 (NVLink, 8 a node, training): no layout risk" \
  "d['layout_risks']==[] and not any('risks' in e for e in d['fits_on'])"
# Fits on's risky counts and the job's own layout risks (engine LayoutRisks): QLoRA 70B over 16
# RTX 4090 spans two 8-card machines, and consumer cards have no GPUDirect RDMA; 16 RTX 3060 too.
"$bin" link decode '#v=1&view=calculator&calc.model=llama-3.1-70b&calc.task=qlora&calc.gpu=rtx-4090&calc.gpus=16&calc.dp=16&calc.zero_stage=3' > "$tmp/consumer.json" 2>/dev/null
check "export: json, 16 consumer cards" 0 sh -c "'$bin' export --format json < '$tmp/consumer.json'"
json_check "export json: layout_risks and fits_on risks name consumer_multi_node" \
  "[r['kind'] for r in d['layout_risks']]==['consumer_multi_node'] and '2 nodes' in d['layout_risks'][0]['text'] and any(e['gpu']=='rtx-3060-12gb' and e['min_gpus']>8 and [r['kind'] for r in e['risks']]==['consumer_multi_node'] for e in d['fits_on'])"
check "export: cards as CSV" 0 sh -c "'$bin' export --format csv --what cards < '$tmp/state.json'"
head -1 "$tmp/out" | grep -q "^card,tier," && echo "ok   export cards: header" || { echo "FAIL export cards header"; fails=$((fails+1)); }
check "export: page URL in the Markdown link" 0 sh -c "'$bin' export --format md --page-url https://example.org/atlas/ < '$tmp/state.json'"
grep -q "^Link: <https://example.org/atlas/#v=1&" "$tmp/out" && echo "ok   export: link with the page URL" || { echo "FAIL export link"; fails=$((fails+1)); }
echo '{"view":"calculator","calculator":{"model":{"params":8e9,"name":"<img src=x onerror=alert(1)>[a](javascript:alert(1))"},"task":"lora"}}' > "$tmp/hostile.json"
check "export: hostile model name as Markdown" 0 sh -c "'$bin' export --format md < '$tmp/hostile.json'"
if grep -v "^Link:" "$tmp/out" | grep -q "<img\|[^\\]](javascript"; then echo "FAIL export: raw HTML or link in Markdown"; fails=$((fails+1)); else echo "ok   export: no raw HTML or link from a name"; fi
# Escaped no more than Markdown needs (new-user trial: "\(" in the output, "67.000" users).
"$bin" link decode '#v=1&view=calculator&calc.model=llama-3.1-8b&calc.task=inference&calc.gpu=h100-sxm' > "$tmp/serve.json" 2>/dev/null
check "export: a serving estimate as Markdown" 0 sh -c "'$bin' export --format md < '$tmp/serve.json'"
if grep -q '(' "$tmp/out" && ! grep -q '\\[()]' "$tmp/out"; then echo "ok   export md: parentheses as written"; else echo "FAIL export md: parentheses escaped or missing"; fails=$((fails+1)); fi
grep -E '\| [0-9,]+ \| users \|' "$tmp/out" >/dev/null && echo "ok   export md: users as a whole number" || { echo "FAIL export md: users not a whole number: $(grep users "$tmp/out")"; fails=$((fails+1)); }
echo '{"view":"calculator","calculator":{"model":{"params":8e9,"name":"=HYPERLINK(1)"},"task":"lora"}}' > "$tmp/formula.json"
check "export: formula model name as CSV" 0 sh -c "'$bin' export --format csv < '$tmp/formula.json'"
! grep -q "^=\|,=" "$tmp/out" && echo "ok   export: CSV formula neutralised" || { echo "FAIL export CSV formula"; fails=$((fails+1)); }
check "export: bad format" 2 sh -c "'$bin' export --format pdf < '$tmp/state.json'"
check "export: no format" 2 sh -c "'$bin' export < '$tmp/state.json'"
check "export: deep state" 2 sh -c "'$bin' export --format md < '$tmp/deep-array.json'"
err_has "export: nesting limit named" "nested deeper than 64 levels"

[ $fails = 0 ] && echo "all CLI tests passed" || echo "$fails CLI test(s) failed"
exit $((fails > 0))
