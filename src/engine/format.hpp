// Number formatting for explanations and notes (engine-side text; the UI formats its own).
#pragma once

#include <string>

namespace atlas {

// 3 significant digits with an SI-ish suffix: 8.03e9 -> "8.03B", 1.2e12 -> "1.2T".
std::string Count(double value);
// Bytes in binary GiB (the unit cards are sold in) with 1-2 decimals: "14.0 GiB".
std::string Gib(double bytes);
// The shortest text that reads back to the same double ("1e-12", "0.30000000000000004"):
// a value quoted in a message is never rounded onto a bound.
std::string Shortest(double value);
// printf-style into std::string.
std::string Printf(const char* format, ...) __attribute__((format(printf, 1, 2)));

}  // namespace atlas
