// Display conversion at the edge: bytes -> "12.3 GiB", FLOPs -> "8.1 × 10²² FLOP".
#pragma once

#include "text/ui_text.hpp"

#include <string>

namespace atlas::ui {

// Number and unit are joined by a no-break space (U+00A0): ImGui never wraps a figure there.
std::string Bytes(double bytes);        // binary GiB (2^30) at every size, labelled (engine Gib)
// Durations: engine/format.hpp Duration(seconds, language), shared with the engine's sentences.
// GPU-hours with the hours' precision (one decimal below 100, grouped above): "3.5 GPU-h",
// "1,234 GPU-h"; "-" when not finite. Never "3" for 3.5.
std::string GpuHours(double gpu_hours, const UiText& t);
std::string Flops(double flops);        // "8.09 × 10²² FLOP" (engine/format.hpp Quantity)
// In Chinese "8.09 × 10²² FLOP" (engine/format_zh.hpp); else as above.
std::string Flops(double flops, Language language);
// Money: in Chinese 万/亿 with ¥ ("¥2.25万", engine/format_zh.hpp); in English "¥22,500",
// "$0.52" (two decimals below 100), other currencies as "1,234 EUR". "-" when not finite.
std::string Money(double amount, const std::string& currency, Language language);
std::string Rate(double per_second, const char* unit);  // "1,234 tokens/s"
// A count of whole things (users, cards) with its unit: "3 users", "0 人", never "3.0 users".
std::string Whole(double count, const char* unit);
// Prose this app did not format (data notes copied from sources, "80 GB HBM3", "24 小时") with
// the plain space between a number and a unit after it made a no-break join, as the
// formatters write figures, so a wrapped line never splits them (line_break.hpp). Units:
// memory, power, energy, throughput, time, counts of GPUs and tokens, percent, and the
// Chinese unit words of CjkUnitWordAt.
std::string JoinFigures(const std::string& text);
// Finite or "-": nothing non-finite reaches the screen.
std::string Safe(double value, int decimals);

}  // namespace atlas::ui
