// `gpu-atlas fit --json` requests on arbitrary text: a request (+ constraints) that parses gives
// an answer; a fitted job keeps the question as asked (model, task, card, sequence length,
// batch, context, prompt, tokens, target speed and the training global batch), stays within
// max_gpus and fits; a job that does not fit says why (blockers); everything is finite and the
// result serialises as `fit --json` prints it.
#include "engine/fit_request.hpp"
#include "engine/message_text.hpp"
#include "fuzz_common.hpp"

#include <cstddef>
#include <cstdint>

using namespace atlas;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const Catalogs& c = fuzz::RealCatalogs();
  const std::string text(reinterpret_cast<const char*>(data), size);
  const FitRequestParse p = ParseFitRequestText(text, c);
  for (const std::string& e : p.errors) FUZZ_CHECK(BoundMessage(e).size() <= kMaxMessageBytes + 3, e.substr(0, 400));
  fuzz::CheckDumps(Json(p.errors), "fit request errors");
  if (!p.ok()) return 0;
  const Workload& asked = p.request.workload;
  const FitResult r = Fit(asked, p.constraints, c);
  FUZZ_CHECK(r.ok, text + "\n" + fuzz::Join(r.errors));
  const Workload& w = r.workload;
  FUZZ_CHECK(w.model == asked.model && w.task == asked.task && w.gpu == asked.gpu && w.seq_len == asked.seq_len &&
                 w.batch == asked.batch && w.context == asked.context && w.prompt_tokens == asked.prompt_tokens &&
                 w.train_tokens == asked.train_tokens && w.target_tokens_per_second == asked.target_tokens_per_second,
             "the question changed: " + text);
  const int max_gpus = std::max(asked.gpus, p.constraints.max_gpus.value_or(asked.gpus));
  FUZZ_CHECK(w.gpus >= 1 && w.gpus <= max_gpus, text + "\ngpus " + std::to_string(w.gpus));
  if (asked.IsTraining())
    FUZZ_CHECK(static_cast<long long>(w.micro_batch) * w.grad_accum * w.dp ==
                   static_cast<long long>(asked.micro_batch) * asked.grad_accum * asked.dp,
               "global batch changed: " + text);
  FUZZ_CHECK(ValidateWorkload(w).empty(), text + "\n" + fuzz::Join(ValidateWorkload(w)));
  FUZZ_CHECK(r.estimate.ok, text + "\n" + fuzz::Join(r.estimate.errors));
  fuzz::CheckEstimateFinite(r.estimate);
  if (r.fits) {
    FUZZ_CHECK(r.estimate.fits, "fits but its estimate does not: " + text);
    FUZZ_CHECK(r.blockers.empty(), fuzz::Join(r.blockers));
  } else {
    FUZZ_CHECK(r.changes.empty() && w == asked, "no fit yet changed the job: " + text);
    FUZZ_CHECK(!r.blockers.empty(), "no fit and no blockers: " + text);
  }
  if (r.changes.empty() && r.fits) FUZZ_CHECK(w == asked, "fits with no changes but the job changed: " + text);
  fuzz::CheckDumps(FitResultToJson(r, p.request.model_preset), "fit result");
  return 0;
}
