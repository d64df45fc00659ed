// The peak rate a compute estimate names (ComputeResult::peak_kind, set by PeakFlops in
// compute_model.cpp as a fixed English label such as "BF16 dense") in a reader's language.
#pragma once

#include "engine/language.hpp"

#include <string>

namespace atlas {

// `kind` in `language`; a label this function does not know is returned as given (and fails
// tests/engine/engine_text_test.cpp, which walks every precision PeakFlops handles).
std::string PeakKindText(const std::string& kind, Language language);

}  // namespace atlas
