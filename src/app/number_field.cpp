#include "number_field.hpp"

#include "engine/power_of_ten.hpp"

#include "engine/format.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>

namespace atlas {

namespace {

double SuffixScale(char c, SuffixBase base) {
  const bool binary = base == SuffixBase::kBinary;
  switch (std::tolower(static_cast<unsigned char>(c))) {
    case 'k': return binary ? 1024.0 : 1e3;
    case 'm': return binary ? 1024.0 * 1024.0 : 1e6;
    case 'g': return binary ? 1024.0 * 1024.0 * 1024.0 : 1e9;
    case 'b': return 1e9;  // billion
    case 't': return 1e12;
    default: return 0;
  }
}

bool NumberChar(char c) { return std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E'; }

double Clamp(double v, const NumberFieldSpec& s) { return std::clamp(v, s.min, s.max); }

}  // namespace

NumberFieldSpec AnyNumberSpec(SuffixBase suffixes) {
  NumberFieldSpec any;
  any.min = -std::numeric_limits<double>::max();
  any.max = std::numeric_limits<double>::max();
  any.whole = false;
  any.suffixes = suffixes;
  return any;
}

NumberParse ParseNumberField(const std::string& raw, const NumberFieldSpec& spec) {
  std::string t;
  for (char c : raw)
    if (!std::isspace(static_cast<unsigned char>(c)) && c != ',' && c != '_') t += c;
  if (t.empty()) return {0, NumberProblem::kEmpty};
  if (t.size() > 40) return {0, NumberProblem::kNotANumber};
  double scale = 1;
  if (const double s = SuffixScale(t.back(), spec.suffixes); s > 0 && t.size() > 1 &&
                                                             !(t.back() == 'e' || t.back() == 'E')) {
    scale = s;
    t.pop_back();
  }
  if (!std::all_of(t.begin(), t.end(), NumberChar) || !std::any_of(t.begin(), t.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
    return {0, NumberProblem::kNotANumber};
  char* end = nullptr;
  const double v = std::strtod(t.c_str(), &end);
  if (end != t.c_str() + t.size() || std::isnan(v)) return {0, NumberProblem::kNotANumber};
  // Number syntax past double's range ("1e400"): a number, too large (or too far below zero).
  if (!std::isfinite(v)) return {0, v > 0 ? NumberProblem::kTooLarge : NumberProblem::kTooSmall};
  double value = v * scale;
  if (!std::isfinite(value)) return {0, NumberProblem::kTooLarge};
  if (spec.whole) {
    const double r = std::round(value);
    // "1.5k" with binary suffixes is 1,536; "2.5" in a field of whole numbers is not.
    if (std::fabs(value - r) > 1e-9 * std::max(1.0, std::fabs(value))) {
      if (value < spec.min) return {0, NumberProblem::kTooSmall};
      if (value > spec.max) return {0, NumberProblem::kTooLarge};
      return {0, NumberProblem::kNotWhole};
    }
    value = r;
  }
  if (value < spec.min) return {0, NumberProblem::kTooSmall};
  if (value > spec.max) return {0, NumberProblem::kTooLarge};
  return {value, NumberProblem::kNone};
}

double StepNumberField(double value, int direction, const NumberFieldSpec& spec) {
  if (!std::isfinite(value)) return Clamp(spec.min, spec);
  if (direction == 0) return Clamp(value, spec);
  const bool up = direction > 0;
  double next = value;
  switch (spec.step) {
    case StepKind::kLinear: {
      const double s = spec.linear_step > 0 ? spec.linear_step : 1;
      // To the next multiple of the step: 4,000 steps up to 4,096 and down to 3,840 by 256.
      next = up ? (std::floor(value / s + 1e-9) + 1) * s : (std::ceil(value / s - 1e-9) - 1) * s;
      break;
    }
    case StepKind::kPowerOfTwo: {
      if (value <= 0) return Clamp(up ? 1 : spec.min, spec);
      const double e = std::log2(value);
      next = up ? std::exp2(std::floor(e + 1e-9) + 1) : std::exp2(std::ceil(e - 1e-9) - 1);
      break;
    }
    case StepKind::kLog125: {
      if (value <= 0) return Clamp(up ? 1 : spec.min, spec);
      // 1-2-5 ladder: the first rung past the value in the direction asked.
      const double decade = PowerOfTen(static_cast<int>(std::floor(std::log10(value))));
      const double rungs[] = {0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50};
      next = value;
      if (up) {
        for (double r : rungs)
          if (r * decade > value * (1 + 1e-9)) {
            next = r * decade;
            break;
          }
      } else {
        for (int i = 8; i >= 0; --i)
          if (rungs[i] * decade < value * (1 - 1e-9)) {
            next = rungs[i] * decade;
            break;
          }
      }
      break;
    }
  }
  if (spec.whole) next = up ? std::ceil(next - 1e-9) : std::floor(next + 1e-9);
  return Clamp(next, spec);
}

std::string FormatNumberField(double value, const NumberFieldSpec& spec) {
  if (!std::isfinite(value)) return "";
  char buf[48];
  if (spec.compact) {
    struct Unit {
      double scale;
      const char* suffix;
    };
    const Unit units[] = {{1e12, "T"}, {1e9, "B"}, {1e6, "M"}, {1e3, "k"}};
    for (const Unit& u : units)
      if (std::fabs(value) >= u.scale) {
        std::snprintf(buf, sizeof buf, "%.3f", value / u.scale);
        std::string s = buf;
        s.erase(s.find_last_not_of('0') + 1);
        if (!s.empty() && s.back() == '.') s.pop_back();
        // Only when the short form reads back as the same value.
        const NumberParse back = ParseNumberField(s + u.suffix, NumberFieldSpec{-1e300, 1e300, false});
        if (back.problem == NumberProblem::kNone && std::fabs(back.value - value) <= 1e-9 * std::fabs(value))
          return s + u.suffix;
        break;
      }
  }
  if (spec.whole) {
    std::snprintf(buf, sizeof buf, "%.0f", value);
    return buf;
  }
  // Ten significant digits without e-notation below 10^15 (the field reads it back as typed).
  return Plain(value, 10);
}

std::string DescribeNumberField(double value, const NumberFieldSpec& spec) {
  const std::string shown = FormatNumberField(value, spec);
  if (shown.empty() || spec.compact || !std::isfinite(value)) return shown;
  // Grouped with as many decimals as the field shows ("1,234.5"), else whole ("1,000,000").
  const size_t dot = shown.find('.');
  const int decimals = dot == std::string::npos || shown.find_first_of("eE") != std::string::npos
                           ? 0 : static_cast<int>(shown.size() - dot - 1);
  return std::fabs(value) < 1e15 ? Grouped(value, decimals) : shown;
}

bool TypingPaused(double changed_s, double previous_frame_s, double pause_s) {
  return previous_frame_s - changed_s >= pause_s;
}

}  // namespace atlas
