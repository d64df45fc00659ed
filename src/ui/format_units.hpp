// Display conversion at the edge: bytes -> "12.3 GB", seconds -> "3.2 h", FLOPs -> "8.1e22".
#pragma once

#include "text/ui_text.hpp"

#include <string>

namespace atlas::ui {

std::string Bytes(double bytes);        // binary GiB (2^30), labelled
std::string Duration(double seconds, const UiText& t);  // ms, s, min, h, days, years in t's words
std::string Duration(double seconds);   // the same in English (callers not yet localised)
std::string Flops(double flops);        // "8.09 × 10²² FLOP" (engine/format.hpp Quantity)
std::string Rate(double per_second, const char* unit);  // "1,234 tokens/s"
// Finite or "-": nothing non-finite reaches the screen.
std::string Safe(double value, int decimals);

}  // namespace atlas::ui
