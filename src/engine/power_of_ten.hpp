// Powers of ten without std::pow. The web build's first frame (the tier map) needs only these,
// and std::pow brings ~1.4 KiB of code and a 4 KiB logarithm table into it (musl's pow and
// __pow_log_data; build/web/first_frame_functions.txt), where exp shares the table it needs.
#pragma once

#include <cmath>

namespace atlas {

// 10^e for a whole e by squaring: exact up to 10^22 (every such power is a double), a few
// units in the last place beyond; 10^-e as 1 / 10^e, the nearest double to it while 10^e is exact.
inline double PowerOfTen(int e) {
  double result = 1, base = 10;
  for (unsigned n = e < 0 ? 0u - static_cast<unsigned>(e) : static_cast<unsigned>(e); n != 0; n >>= 1) {
    if (n & 1u) result *= base;
    base *= base;
  }
  return e < 0 ? 1 / result : result;
}

// 10^x for any x (log-scale axes and zoom): exp(x ln 10), within a few units in the last place.
inline double PowerOfTen(double x) { return std::exp(x * 2.302585092994045684); }

}  // namespace atlas
