// One explained number: the value with its unit, the formula in words, the inputs that went
// into it, and where the formula comes from. Every figure the UI shows can expand to this.
#pragma once

#include <string>

namespace atlas {

struct Figure {
  std::string key;      // machine name, e.g. "weights"
  std::string label;    // e.g. "Weights"
  double value = 0;
  std::string unit;     // "bytes", "FLOP", "s", "tokens/s", ...
  std::string formula;  // e.g. "N_local x bytes per weight"
  std::string inputs;   // e.g. "N_local = 8.03e9, 2 bytes (BF16)"
  std::string source;   // paper or sheet
};

}  // namespace atlas
