// Number fields as people type them (src/app/number_field.hpp).
#include "app/number_field.hpp"

#include <doctest/doctest.h>

#include <cmath>

namespace number_field_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;

namespace {
const NumberFieldSpec kLength{1, 10000000, true, StepKind::kPowerOfTwo, 1, SuffixBase::kBinary};
const NumberFieldSpec kTokens{1e3, 1e15, false, StepKind::kLog125, 1, SuffixBase::kDecimal, true};
const NumberFieldSpec kWidth{16, 131072, true, StepKind::kLinear, 256};
const NumberFieldSpec kCount{1, 1000, true, StepKind::kLinear, 1};
}  // namespace

TEST_CASE("people's units: 8k context, 2T tokens, 70B parameters, separators") {
  CHECK(ParseNumberField("8k", kLength).value == 8192);
  CHECK(ParseNumberField("128K", kLength).value == 131072);
  CHECK(ParseNumberField("1.5k", kLength).value == 1536);
  CHECK(ParseNumberField("  4,096 ", kLength).value == 4096);
  CHECK(ParseNumberField("2T", kTokens).value == doctest::Approx(2e12));
  CHECK(ParseNumberField("70B", kTokens).value == doctest::Approx(70e9));
  CHECK(ParseNumberField("1.5e9", kTokens).value == doctest::Approx(1.5e9));
  CHECK(ParseNumberField("300m", kTokens).value == doctest::Approx(300e6));
  CHECK(ParseNumberField("1_000_000", kTokens).value == doctest::Approx(1e6));
  CHECK(ParseNumberField("12", kCount).problem == NumberProblem::kNone);
}

TEST_CASE("a bad entry says why") {
  CHECK(ParseNumberField("", kLength).problem == NumberProblem::kEmpty);
  CHECK(ParseNumberField("   ", kLength).problem == NumberProblem::kEmpty);
  CHECK(ParseNumberField("abc", kLength).problem == NumberProblem::kNotANumber);
  CHECK(ParseNumberField("8kk", kLength).problem == NumberProblem::kNotANumber);
  CHECK(ParseNumberField("k", kLength).problem == NumberProblem::kNotANumber);
  CHECK(ParseNumberField("0x10", kCount).problem == NumberProblem::kNotANumber);
  CHECK(ParseNumberField("inf", kTokens).problem == NumberProblem::kNotANumber);
  CHECK(ParseNumberField("nan", kTokens).problem == NumberProblem::kNotANumber);
  // Number syntax past double's range is a number, too large (or too far below zero), not "not a number".
  CHECK(ParseNumberField("1e999", kTokens).problem == NumberProblem::kTooLarge);
  CHECK(ParseNumberField("-1e999", kTokens).problem == NumberProblem::kTooSmall);
  CHECK(ParseNumberField("2.5", kCount).problem == NumberProblem::kNotWhole);
  CHECK(ParseNumberField("0", kCount).problem == NumberProblem::kTooSmall);
  CHECK(ParseNumberField("-3", kCount).problem == NumberProblem::kTooSmall);
  CHECK(ParseNumberField("0.5", kCount).problem == NumberProblem::kTooSmall);
  CHECK(ParseNumberField("1001", kCount).problem == NumberProblem::kTooLarge);
  CHECK(ParseNumberField("2000T", kTokens).problem == NumberProblem::kTooLarge);
}

TEST_CASE("steps fit the field: powers of two, multiples of 256, 1-2-5 ladders") {
  CHECK(StepNumberField(4096, +1, kLength) == 8192);
  CHECK(StepNumberField(4096, -1, kLength) == 2048);
  CHECK(StepNumberField(3000, +1, kLength) == 4096);  // off the ladder: to the next rung
  CHECK(StepNumberField(3000, -1, kLength) == 2048);
  CHECK(StepNumberField(1, -1, kLength) == 1);        // stays within min
  CHECK(StepNumberField(4000, +1, kWidth) == 4096);
  CHECK(StepNumberField(4096, +1, kWidth) == 4352);
  CHECK(StepNumberField(4000, -1, kWidth) == 3840);
  CHECK(StepNumberField(131072, +1, kWidth) == 131072);  // stays within max
  CHECK(StepNumberField(1e9, +1, kTokens) == doctest::Approx(2e9));
  CHECK(StepNumberField(2e9, +1, kTokens) == doctest::Approx(5e9));
  CHECK(StepNumberField(5e9, +1, kTokens) == doctest::Approx(1e10));
  CHECK(StepNumberField(3e9, -1, kTokens) == doctest::Approx(2e9));
  CHECK(StepNumberField(1e9, -1, kTokens) == doctest::Approx(5e8));
  CHECK(StepNumberField(7, +1, kCount) == 8);
  CHECK(StepNumberField(7, -1, kCount) == 6);
}

TEST_CASE("fields show every digit or a compact form that reads back the same") {
  CHECK(FormatNumberField(8192, kLength) == "8192");
  CHECK(FormatNumberField(2e12, kTokens) == "2T");
  CHECK(FormatNumberField(1.5e9, kTokens) == "1.5B");
  CHECK(FormatNumberField(100e6, kTokens) == "100M");
  CHECK(FormatNumberField(123456789, kTokens) == "123456789");  // no exact short form
  for (double v : {2e12, 1.5e9, 100e6, 123456789.0, 4096.0})
    CHECK(ParseNumberField(FormatNumberField(v, kTokens), kTokens).value == doctest::Approx(v));
}

TEST_CASE("limits in messages read with thousands separators (new-user trial: \"At most 1000000\")") {
  const NumberFieldSpec vocab{1, 10000000, true, StepKind::kLinear, 256};
  CHECK(FormatNumberField(10000000, vocab) == "10000000");  // what the field itself shows
  CHECK(DescribeNumberField(10000000, vocab) == "10,000,000");
  CHECK(DescribeNumberField(1000000, kCount) == "1,000,000");
  CHECK(DescribeNumberField(999, kCount) == "999");
  const NumberFieldSpec speed{0.1, 100000, false, StepKind::kLog125};
  CHECK(DescribeNumberField(100000, speed) == "100,000");
  CHECK(DescribeNumberField(1234.5, speed) == "1,234.5");
  CHECK(DescribeNumberField(0.1, speed) == "0.1");
  CHECK(DescribeNumberField(2e12, kTokens) == "2T");  // compact fields keep their short form
  CHECK(DescribeNumberField(std::nan(""), kCount).empty());
}

TEST_CASE("a pause commits only when no key arrived for the pause, however slow the frames") {
  const double pause = 0.8;
  // Fast frames (60 Hz): the entry commits once the frame before already started a pause later.
  CHECK_FALSE(TypingPaused(10.0, 10.0 + 0.75, pause));
  CHECK(TypingPaused(10.0, 10.0 + 0.80, pause));
  // Slow frames (1.2 s each, longer than the pause): the first frame after the change ends
  // after the pause, but a key typed while it ran reaches only the next frame: no commit yet.
  // Frames start at 10.0 (shows the change), 11.2 and 12.4.
  CHECK_FALSE(TypingPaused(10.0, 10.0, pause));  // at 11.2: the previous frame is the change's own
  CHECK(TypingPaused(10.0, 11.2, pause));         // at 12.4: a whole frame more with no key: commit
  // A clock that goes backwards (never with steady_clock) never commits.
  CHECK_FALSE(TypingPaused(10.0, 9.0, pause));
}

TEST_CASE("text read outside a field (a link) takes any finite number, with the field's suffixes") {
  const NumberParse neg = ParseNumberField("-1.5k", AnyNumberSpec(SuffixBase::kDecimal));
  CHECK(neg.problem == NumberProblem::kNone);
  CHECK(neg.value == -1500);
  CHECK(ParseNumberField("8k", AnyNumberSpec(SuffixBase::kBinary)).value == 8192);
  CHECK(ParseNumberField("1e300", AnyNumberSpec(SuffixBase::kDecimal)).problem == NumberProblem::kNone);
  CHECK(ParseNumberField("long", AnyNumberSpec(SuffixBase::kDecimal)).problem == NumberProblem::kNotANumber);
  CHECK(ParseNumberField("", AnyNumberSpec(SuffixBase::kDecimal)).problem == NumberProblem::kEmpty);
}

}  // namespace number_field_test
