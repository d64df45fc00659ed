// Number fields as people type them: "8k", "2T", "70B", "1,024", "1.5e9". Pure parsing, stepping
// and formatting for the UI's number fields, which commit an entry on Enter, on leaving the field
// or after a pause — never per keystroke (src/ui/widgets.hpp, NumberField).
#pragma once

#include <string>

namespace atlas {

// How the − / + buttons move a value.
enum class StepKind {
  kLinear,      // to the next multiple of `linear_step` (1 for counts, 256 for widths)
  kPowerOfTwo,  // 512, 1,024, 2,048 … (sequence lengths, batches)
  kLog125,      // 1, 2, 5, 10, 20, 50 … (tokens, parameters, prices)
};

// What k, M, G mean: decimal (k = 1,000: tokens, parameters) or binary (k = 1,024: sequence
// lengths, as in "8k context" = 8,192 and "128k" = 131,072). B (billion) and T are decimal.
enum class SuffixBase { kDecimal, kBinary };

struct NumberFieldSpec {
  double min = 0, max = 1e15;
  bool whole = true;  // an integer field
  StepKind step = StepKind::kLinear;
  double linear_step = 1;
  SuffixBase suffixes = SuffixBase::kDecimal;
  bool compact = false;  // shown with a suffix ("2T", "100B") rather than every digit
};

enum class NumberProblem { kNone, kEmpty, kNotANumber, kNotWhole, kTooSmall, kTooLarge };

struct NumberParse {
  double value = 0;  // meaningful only when problem == kNone
  NumberProblem problem = NumberProblem::kNone;
};

// A spec that takes any finite number, fractions included, with `suffixes`: for text read outside
// a field (a link, a state JSON), whose own checks then name the allowed range.
NumberFieldSpec AnyNumberSpec(SuffixBase suffixes);

// Reads a typed entry: digits with optional sign, decimal point, exponent, thousands separators
// (",", "_", spaces) and one suffix (k, M, G/B, T; case-insensitive). Checks it against the spec.
NumberParse ParseNumberField(const std::string& text, const NumberFieldSpec& spec);

// The value one step up (direction > 0) or down from `value`, within [min, max].
double StepNumberField(double value, int direction, const NumberFieldSpec& spec);

// The text a field shows for a value: every digit ("8192"), or compact ("2T", "1.5B", "100k").
std::string FormatNumberField(double value, const NumberFieldSpec& spec);
// The same value in a message for a reader: compact fields as above, the others with thousands
// grouped by the shared formatter (engine/format.hpp): "At most 1,000,000", never "1000000".
std::string DescribeNumberField(double value, const NumberFieldSpec& spec);

// Whether typing into a field has paused long enough to commit the entry (issue 16.2), in wall
// seconds: `changed_s` is when the frame that first showed the entry's latest text started,
// `previous_frame_s` when the frame before the current one started (the current frame shows no
// change either). A key pressed while a frame runs reaches only the next frame, so one slow
// frame (longer than the pause) must not count as a pause: the pause must already have passed
// when the previous frame started, and no key may have arrived since.
bool TypingPaused(double changed_s, double previous_frame_s, double pause_s);

}  // namespace atlas
