#include "accuracy.hpp"

#include "estimate.hpp"
#include "estimate_request.hpp"

#include <algorithm>
#include <cmath>

namespace atlas {

double ToleranceFor(const std::string& kind) {
  if (kind == "train_memory") return 0.15;
  if (kind == "inference_memory") return 0.10;
  return 0.35;
}

CaseResult EvaluateCase(const ValidationCase& c, const Catalogs& catalogs) {
  CaseResult r;
  r.c = &c;
  r.tolerance = ToleranceFor(c.kind);
  RequestParse parse = ParseEstimateRequest(c.request, catalogs, true);
  if (!parse.ok()) {
    r.error = parse.errors.front();
    return r;
  }
  Workload w = parse.workload;
  auto run = [&](const Workload& x) { return Estimate(x, catalogs, Language::kEnglish, false); };
  EstimateResult e = run(w);
  if (!e.ok) {
    r.error = e.errors.empty() ? "estimate failed" : e.errors.front();
    return r;
  }
  const std::string& m = c.metric;
  if (m == "allocated_bytes") r.estimate = e.memory.framework_allocated_bytes;
  else if (m == "device_bytes") r.estimate = e.memory.device_total_bytes;
  else if (m == "gpu_hours") r.estimate = e.compute.gpu_hours.value_or(0);
  else if (m == "train_tokens_per_second") r.estimate = e.compute.tokens_per_second.value_or(0);
  else if (m == "train_tokens_per_second_per_gpu") r.estimate = e.compute.tokens_per_second.value_or(0) / std::max(1, w.gpus);
  else {
    // Serving: a batch generates output_tokens each; decode steps see the KV cache grow, so
    // the step is taken at the mean context (prompt + half the output).
    if (c.batch_at_max_fit) {
      Workload probe = w;
      probe.target_tokens_per_second = 0.001;
      const double users = run(probe).compute.max_concurrent_users.value_or(0);
      const int replicas = std::max(1, w.gpus / std::max(1, w.tp * w.pp));
      w.batch = static_cast<int>(std::clamp(users / replicas, 1.0, 1e6));
    }
    // Steady-state serving figures (TTFT, TPOT, throughput at a concurrency) come from the
    // engine; offline batches (all requests at once) from prefill + output x step.
    if (m == "ttft_ms" || m == "tpot_ms" || (m == "output_tokens_per_second" && !c.batch_at_max_fit && w.batch > 1)) {
      w.context = w.prompt_tokens + c.output_tokens;
      const EstimateResult s = run(w);
      r.estimate = m == "ttft_ms" ? s.compute.ttft_at_concurrency_seconds.value_or(0)
                   : m == "tpot_ms" ? s.compute.tpot_seconds.value_or(0)
                                    : s.compute.tokens_per_second.value_or(0);
      if (m == "tpot_ms" && w.batch == 1) r.estimate = s.compute.decode_step_seconds.value_or(0);
    }
    Workload mean = w;
    if (c.output_tokens > 0) mean.context = std::max(mean.prompt_tokens, w.prompt_tokens + c.output_tokens / 2);
    const EstimateResult d = run(mean);
    const double step = d.compute.decode_step_seconds.value_or(0);
    // An offline batch pays the GPU's prefill per prompt, not the server's per-request cost.
    const double prefill_one = d.compute.prefill_seconds.value_or(0);
    const int replicas = std::max(1, w.gpus / std::max(1, w.tp * w.pp));
    if (r.estimate > 0) {
      // set above from the steady-state model
    } else if (m == "decode_tokens_per_second") {
      r.estimate = step > 0 ? w.batch / step * replicas : 0;
    } else {
      const double batch_time = w.batch * prefill_one + c.output_tokens * step;
      if (m == "e2e_latency_ms") r.estimate = batch_time;
      else r.estimate = batch_time > 0 ? w.batch * static_cast<double>(c.output_tokens) / batch_time * replicas : 0;
    }
  }
  if (!(r.estimate > 0) || !std::isfinite(r.estimate)) {
    r.error = "the engine gives no figure for this metric";
    return r;
  }
  r.ok = true;
  r.error_fraction = (r.estimate - c.measured) / c.measured;
  r.within = std::fabs(r.error_fraction) <= r.tolerance + 1e-12;
  return r;
}

AccuracyReport EvaluateCases(const ValidationCatalog& cases, const Catalogs& catalogs) {
  AccuracyReport report;
  std::vector<double> errors;
  for (const ValidationCase& c : cases.cases) {
    CaseResult r = EvaluateCase(c, catalogs);
    if (r.ok) report.evaluated++;
    if (r.ok && c.excluded.empty()) {
      report.held++;
      if (r.within) report.within++;
      const double abs_error = std::fabs(r.error_fraction);
      errors.push_back(abs_error);
      if (abs_error > report.worst_abs_error) report.worst_abs_error = abs_error, report.worst_id = c.id;
    }
    report.results.push_back(std::move(r));
  }
  if (!errors.empty()) {
    std::sort(errors.begin(), errors.end());
    const size_t n = errors.size();
    report.median_abs_error = n % 2 ? errors[n / 2] : (errors[n / 2 - 1] + errors[n / 2]) / 2;
  }
  return report;
}

}  // namespace atlas
