#include "walk_job_fields.hpp"

#include "engine/message_text.hpp"

#include <cmath>

namespace atlas {

namespace {
// Ranges are the estimate request's (estimate_request.cpp) and recommend's constraints
// (recommend_request.cpp), so a link value the walkthrough takes is one the CLI takes too.
constexpr NumberFieldSpec kTokens{1, 1e15, true, StepKind::kLog125, 1, SuffixBase::kDecimal, true};
constexpr NumberFieldSpec kLength{1, 10000000, true, StepKind::kPowerOfTwo, 1, SuffixBase::kBinary};
constexpr NumberFieldSpec kKeptTokens{1, 100000000, true, StepKind::kPowerOfTwo, 1, SuffixBase::kBinary};
}  // namespace

const std::vector<WalkNumberField>& WalkNumberFields() {
  using S = WalkthroughState;
  static const std::vector<WalkNumberField> fields = {
      {"train_tokens", &S::train_tokens, kTokens, WalkFieldFor::kTraining},
      {"dataset_tokens", &S::dataset_tokens, kTokens, WalkFieldFor::kTraining},
      {"epochs", &S::epochs, {0.01, 1000, false, StepKind::kLinear, 1}, WalkFieldFor::kTraining},
      {"seq_len", &S::seq_len, kLength, WalkFieldFor::kTraining},
      {"batch", &S::batch, {1, 1000000, true, StepKind::kLog125, 1, SuffixBase::kDecimal}, WalkFieldFor::kServing},
      {"context", &S::context, kKeptTokens, WalkFieldFor::kServing},
      {"prompt_tokens", &S::prompt_tokens, kKeptTokens, WalkFieldFor::kServing},
      {"target_tokens_per_second", &S::target_tokens_per_second, {0.001, 100000, false, StepKind::kLog125, 1},
       WalkFieldFor::kServing},
      {"latency_ms", &S::latency_ms, {0.001, 3.6e6, false, StepKind::kLog125, 1}, WalkFieldFor::kServing},
      {"deadline_hours", &S::deadline_hours, {0.001, 876000, false, StepKind::kLog125, 1}, WalkFieldFor::kTraining},
      {"budget_cny", &S::budget_cny, {0.01, 1e12, false, StepKind::kLog125, 1, SuffixBase::kDecimal, true},
       WalkFieldFor::kBoth},
  };
  return fields;
}

const WalkNumberField* FindWalkNumberField(const std::string& key) {
  for (const WalkNumberField& f : WalkNumberFields())
    if (key == f.key) return &f;
  return nullptr;
}

LinkNotice ReadWalkNumber(const WalkNumberField& f, const Json& v, double& out, const std::string& name) {
  std::string text;
  if (v.is_number()) text = NumberAsTyped(v);
  else if (v.is_string()) text = v.get<std::string>();
  else return {&EngineText::link_number_not_text, {name}};
  // 0 = not given (the task's default, or no limit), in any spelling the parser reads.
  NumberFieldSpec zero_ok = f.spec;
  zero_ok.min = 0;
  const NumberParse zero = ParseNumberField(text, zero_ok);
  if (zero.problem == NumberProblem::kNone && zero.value == 0) {
    out = 0;
    return {};
  }
  const NumberParse p = ParseNumberField(text, f.spec);
  const std::string quoted = Quote(text);
  switch (p.problem) {
    case NumberProblem::kNone: out = p.value; return {};
    case NumberProblem::kEmpty: return {&EngineText::link_number_empty, {name}};
    case NumberProblem::kNotANumber: return {&EngineText::link_number_unreadable, {name, quoted}};
    case NumberProblem::kNotWhole: return {&EngineText::link_number_not_whole, {name, quoted}};
    case NumberProblem::kTooSmall:
      return {&EngineText::link_number_too_small, {name, quoted, FormatNumberField(f.spec.min, f.spec)}};
    case NumberProblem::kTooLarge:
      return {&EngineText::link_number_too_large, {name, quoted, FormatNumberField(f.spec.max, f.spec)}};
  }
  return {&EngineText::link_field_invalid, {name}};
}

}  // namespace atlas
