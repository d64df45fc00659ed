// A quote's month counted without the engine's code: the checks of loaded quotes compare
// AsOfMonthIndex and IsStaleQuote (engine/price_market.cpp) with this, so they fail when the
// engine's reading of a date is wrong, not only when a date is missing (the loader already
// refuses what AsOfMonthIndex refuses, so asking AsOfMonthIndex about loaded quotes tests nothing).
// The calendar is the standard library's (std::chrono::year_month_day::ok, C++20).
#pragma once

#include <chrono>
#include <optional>
#include <regex>
#include <string>

namespace atlas::test {

// Months since year 0 of "YYYY-MM" or "YYYY-MM-DD" (year × 12 + month − 1), or nullopt when the
// text is not one of those or names a month or day the calendar does not have.
inline std::optional<int> CalendarMonthIndex(const std::string& as_of) {
  static const std::regex kDate(R"(^(\d{4})-(\d{2})(?:-(\d{2}))?$)");
  std::smatch m;
  if (!std::regex_match(as_of, m, kDate)) return std::nullopt;
  const std::chrono::year y{std::stoi(m[1].str())};
  const std::chrono::month mo{static_cast<unsigned>(std::stoi(m[2].str()))};
  if (!(y / mo).ok()) return std::nullopt;
  if (m[3].matched && !(y / mo / std::chrono::day{static_cast<unsigned>(std::stoi(m[3].str()))}).ok()) return std::nullopt;
  return static_cast<int>(y) * 12 + static_cast<int>(static_cast<unsigned>(mo)) - 1;
}

}  // namespace atlas::test
