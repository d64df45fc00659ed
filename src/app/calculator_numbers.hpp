// The Calculator's numbers as people write them in a link or a state JSON ("calc.seq_len=8k",
// "calc.train_tokens=2T", "calc.gpus=1,024"): text is read with the number fields' own parser
// (number_field.hpp), with the suffixes the page's field for that number takes — binary for
// lengths, batches and other powers of two ("8k" = 8,192), decimal for counts and tokens
// ("2T" = 2 × 10^12). Ranges stay the estimate request's (estimate_request.cpp checks them).
#pragma once

#include "engine/json_reader.hpp"

namespace atlas {

// `calculator` with every text value of a number field (top level and `model`) that reads as a
// number replaced by that number; everything else (including text that does not read) as given.
Json CalculatorNumbersRead(const Json& calculator);

}  // namespace atlas
