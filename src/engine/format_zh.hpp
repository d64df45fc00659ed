// Chinese number style (简体中文) for money, counts and large quantities, as a Chinese
// practitioner writes them: 万 (10⁴) and 亿 (10⁸) instead of k/M/B ("¥2.25万", "¥1,680万",
// "3.5亿"), "× 10ⁿ" instead of e-notation, ¥ for CNY, whole numbers for counts, and a
// no-break space (U+00A0) between a number and its unit so a figure never wraps (ImGui breaks
// lines only at ' ', '\t' and U+3000). Pure functions; the English style is the shared
// formatter's (src/ui/format_units.hpp).
#pragma once

#include <string>

namespace atlas {

// The no-break space joining a number and its unit (DejaVu Sans has it; make_fonts.py checks).
inline constexpr const char* kNoBreakSpace = "\u00A0";

// `number` and `unit` joined by a no-break space: ZhJoin("24.0", "GiB") -> "24.0 GiB".
std::string ZhJoin(const std::string& number, const std::string& unit);

// A magnitude in 万/亿 (万亿 from 10¹²) with 3 significant digits, trailing zeros dropped:
// 22500 -> "2.25万", 168000 -> "16.8万", 16800000 -> "1,680万", 3.2e8 -> "3.2亿". Below 10⁴
// the number itself with `small_decimals` decimals, grouped by thousands ("9,860", "0.36").
std::string ZhMagnitude(double value, int small_decimals);

// Money: CNY with ¥ ("¥2.25万", "¥860", "¥0.36": two decimals below 100, none from 100),
// USD with $ ("$1.15万"), any other currency as "1.2万 EUR" (no-break joined); "-" when not finite.
std::string ZhMoney(double amount, const std::string& currency);

// A count of whole things (cards, people, tokens): rounded to a whole number, 万/亿 from 10⁴:
// 0.4 -> "0", 8000 -> "8,000", 3.2e9 -> "32亿".
std::string ZhCount(double value);

// Scientific notation with `significant` digits and superscript exponent: 4.98e18 ->
// "4.98 × 10¹⁸" (no-break spaces, so it never wraps); numbers in [0.01, 10⁴) as plain decimals.
std::string ZhScientific(double value, int significant = 3);

// A fraction as a percentage without a space, as Chinese text writes it: 0.5 -> "50%".
std::string ZhPercent(double fraction, int decimals = 0);

}  // namespace atlas
