// What to try when a job does not fit: the knobs of its own task (training or serving) that
// are not on yet — never training advice for serving, never what is already set.
#pragma once

#include "language.hpp"
#include "workload.hpp"

#include <string>

namespace atlas {

// One sentence ("Try activation checkpointing, an 8-bit optimizer, ... or a card with more
// memory.") in `language`.
std::string DoesNotFitAdvice(const Workload& w, Language language = Language::kEnglish);

}  // namespace atlas
