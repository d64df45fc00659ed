// Warnings about the request itself, added to an estimate's result: a custom model whose fields
// contradict its parameter count (partial_model.hpp), and features the request relies on that
// the card's software stack lacks (data/software.json): NF4 and 8-bit optimizers (bitsandbytes),
// FP8 training and inference, FlashAttention, vLLM and llama.cpp. The estimate is still made
// (the memory and time of the plan are well defined); the warning says it may not run as asked.
#pragma once

#include "gpu_catalog.hpp"
#include "language.hpp"
#include "workload.hpp"

#include <string>
#include <vector>

namespace atlas {

// One per problem, in `language`. `framework` is the one the estimate assumed (FrameworkFor).
std::vector<std::string> EstimateWarnings(const Workload& w, Framework framework, const Gpu& gpu, Language language);

// False when one of those warnings means the plan cannot run as estimated: a feature it needs
// does not run on the card at all (software.json level "no"), or a model split over chips that
// link to nothing (Gpu::Standalone). "Partial" support and the other warnings leave it true.
bool RunsAsEstimated(const Workload& w, Framework framework, const Gpu& gpu);

// True when the card's stack says "yes" to every feature the plan needs (or software.json is not
// attached yet); false when one is partial, unknown or no: what the Fits-on chips mark "!".
bool SoftwareSaysYes(const Workload& w, Framework framework, const Gpu& gpu);

}  // namespace atlas
