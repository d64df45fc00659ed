#include "calculator_numbers.hpp"

#include "app/number_field.hpp"

#include <cmath>

namespace atlas {

namespace {

struct NumberKey {
  const char* key;
  SuffixBase suffixes;  // as the Calculator's field for it (ui/calculator_view.cpp: PowInput = binary)
};

constexpr double kLargestExactInteger = 9007199254740992.0;  // 2^53
constexpr SuffixBase kBin = SuffixBase::kBinary, kDec = SuffixBase::kDecimal;

constexpr NumberKey kRequestNumbers[] = {
    {"tp", kBin},       {"pp", kDec},          {"dp", kDec},          {"ep", kDec},
    {"seq_len", kBin},  {"micro_batch", kBin}, {"lora_rank", kBin},   {"batch", kBin},
    {"context", kBin},  {"prompt_tokens", kBin}, {"target_tokens_per_second", kDec},
    {"gpus", kDec},     {"train_tokens", kDec}, {"mfu", kDec},        {"dropout", kDec},
    {"lora_dropout", kDec}, {"grad_accum", kDec}, {"zero_stage", kDec}};

constexpr NumberKey kModelNumbers[] = {
    {"params", kDec},     {"active_params", kDec}, {"layers", kDec},       {"hidden", kDec},
    {"heads", kDec},      {"kv_heads", kDec},      {"head_dim", kBin},     {"ffn_hidden", kDec},
    {"vocab", kDec},      {"max_context", kBin},   {"experts", kDec},      {"experts_per_token", kDec},
    {"shared_experts", kDec}, {"moe_layers", kDec}, {"kv_lora_rank", kDec}, {"sliding_window", kBin},
    {"sliding_window_layers", kDec}, {"dense_ffn_hidden", kDec}, {"qk_rope_head_dim", kBin}};

template <size_t N>
void ReadNumbers(Json& object, const NumberKey (&keys)[N]) {
  if (!object.is_object()) return;
  for (const NumberKey& k : keys) {
    auto it = object.find(k.key);
    if (it == object.end() || !it->is_string()) continue;
    // Any size and fractions: the request's own checks then name the range or "an integer".
    const NumberParse p = ParseNumberField(it->get<std::string>(), AnyNumberSpec(k.suffixes));
    if (p.problem != NumberProblem::kNone) continue;
    // A whole number stays a JSON integer while a double holds it exactly (below 2^53), so the
    // request's integer fields accept it.
    if (p.value == std::floor(p.value) && std::fabs(p.value) < kLargestExactInteger) *it = static_cast<long long>(p.value);
    else *it = p.value;
  }
}

}  // namespace

Json CalculatorNumbersRead(const Json& calculator) {
  Json out = calculator;
  ReadNumbers(out, kRequestNumbers);
  if (out.is_object() && out.contains("model")) ReadNumbers(out["model"], kModelNumbers);
  return out;
}

}  // namespace atlas
