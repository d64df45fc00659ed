// The one number formatter of the engine, the UI and the exports. Every function takes the
// reader's language: English writes "120,000" and "1.9 × 10²³"; Chinese uses the same forms
// for now (its own style, 万/亿 and ¥, is to be added here, in Grouped and Readable only).
#pragma once

#include "language.hpp"

#include <string>

namespace atlas {

// Fixed decimals with thousands grouped: 120000 -> "120,000", 1234.5 (1) -> "1,234.5".
// Non-finite -> "-": nothing like "nan" or "inf" reaches a reader.
std::string Grouped(double value, int decimals = 0, Language language = Language::kEnglish);
// Any magnitude, readable: below 10^15 as Grouped (with `decimals`); from 10^15 three significant
// digits times a power of ten: 1.9014e23 -> "1.9 × 10²³" (never 24 digits, never "e+23").
std::string Readable(double value, int decimals = 0, Language language = Language::kEnglish);
// Readable with its unit: "1.9 × 10²³ FLOP", "120,000 CNY/card". Here and in every formatter
// below, a number and its unit (and the "× 10" of a power) are joined by a no-break space U+00A0
// (format_zh.hpp kNoBreakSpace), so the UI never wraps inside a figure (ui/line_break.hpp); the
// text templates join a number and the unit they write after it the same way.
std::string Quantity(double value, const std::string& unit, int decimals = 0,
                     Language language = Language::kEnglish);
// For machines (CSV cells): `significant` digits, no grouping, exponent only past 10^15:
// "120000", "14.96", "1.9e+23". Non-finite -> "" (an empty cell).
std::string Plain(double value, int significant = 6);

// A duration for people in the language's words, number and unit joined by a no-break space:
// 0.0032 -> "3.2 ms", 0.35 -> "350 ms", 3.21 -> "3.2 s", 725 -> "12 min", 9000 -> "2.5 h",
// 3.5e5 -> "4.1 days", then years (Chinese 毫秒/秒/分钟/小时/天/年); never e-notation.
// "-" when negative or not finite.
std::string Duration(double seconds, Language language = Language::kEnglish);
// 3 significant digits with an SI-ish suffix: 8.03e9 -> "8.03B", 1.2e12 -> "1.2T" (never
// e-notation: 4.5e15 -> "4,500T", 2e-5 -> "0.00002").
std::string Count(double value);
// Bytes in binary GiB (the unit cards are sold in), always GiB so figures side by side compare
// at a glance (never "6.33 TiB" beside "6,485 GiB", nor MiB beside GiB): two decimals below 10
// ("5.25 GiB"), one below 100 ("14.0 GiB"), grouped whole above ("6,485 GiB"), two significant
// digits below 0.1 ("0.031 GiB"). GibNumber is the number alone; "-" when not finite.
std::string GibNumber(double bytes);
std::string Gib(double bytes);
// The shortest text that reads back to the same double ("1e-12", "0.30000000000000004"):
// a value quoted in a message is never rounded onto a bound.
std::string Shortest(double value);
// Short figures for notes and messages: 4 significant digits below 1,000, whole numbers above
// (0.63, 6.88, 1350, 337500).
std::string NoteNumber(double value);
// `text` with every no-break space as a plain ASCII space: what the CLI prints and the exports
// write (a terminal, a CSV reader or a diff wants ASCII; only the canvas wraps lines).
std::string PlainSpaces(std::string text);
// printf-style into std::string.
std::string Printf(const char* format, ...) __attribute__((format(printf, 1, 2)));

}  // namespace atlas
