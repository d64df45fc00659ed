// A calculator value a link could not use is explained from the kind of error the request parser
// gave it (FieldErrorKind, engine/json_reader.hpp), never by reading the parser's English: each
// kind has its own notice in English and in Chinese, and a mangled link gives one notice (one
// banner line) per bad field, in Chinese when the UI is Chinese.
#include "app/link_notice.hpp"
#include "app/share_link.hpp"
#include "app/state_json.hpp"
#include "engine/estimate_request.hpp"
#include "test_support.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <set>
#include <string>
#include <vector>

namespace field_refused_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;

namespace {

// The notices that name `field` ("calculator.gpus: ..."), worded in `language`.
std::vector<std::string> About(const std::vector<LinkNotice>& notices, const std::string& field, Language language) {
  std::vector<std::string> out;
  for (const LinkNotice& n : notices)
    if (Worded(n, Language::kEnglish).rfind(field + ":", 0) == 0) out.push_back(Worded(n, language));
  return out;
}

bool HasHan(const std::string& s) {
  for (size_t i = 0; i + 2 < s.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c >= 0xE4 && c <= 0xE9) return true;  // U+4E00..U+9FFF lead bytes
  }
  return false;
}

// What the parser reports for one calculator field.
FieldError KindOf(const Json& request) {
  const RequestParse p = ParseEstimateRequest(request, test::RealCatalogs(), true);
  REQUIRE_FALSE(p.errors.empty());
  REQUIRE(p.error_kinds.size() == p.errors.size());
  return p.error_kinds.front();
}

struct Case {
  const char* link;        // the link's calculator part
  const char* field;       // the notice's field
  FieldErrorKind kind;     // what the parser says of it
  const char* english;     // in the English notice
  const char* chinese;     // in the Chinese notice
};

}  // namespace

TEST_CASE("the request parser gives every error its kind, in step with the messages") {
  CHECK(KindOf(Json::parse(R"({"gpus": -3})")).kind == FieldErrorKind::kOutOfRange);
  const FieldError range = KindOf(Json::parse(R"({"gpus": -3})"));
  CHECK(range.min == 1);
  CHECK(range.max == 1000000);
  CHECK(KindOf(Json::parse(R"({"micro_batch": "banana"})")).kind == FieldErrorKind::kNotInteger);
  CHECK(KindOf(Json::parse(R"({"mfu": "x"})")).kind == FieldErrorKind::kNotNumber);
  CHECK(KindOf(Json{{"mfu", std::numeric_limits<double>::quiet_NaN()}}).kind == FieldErrorKind::kNotNumber);
  CHECK(KindOf(Json::parse(R"({"train_tokens": "lots"})")).kind == FieldErrorKind::kNotNumber);
  CHECK(KindOf(Json::parse(R"({"model": {"params": "huge"}})")).kind == FieldErrorKind::kNotNumber);
  const FieldError choice = KindOf(Json::parse(R"({"precision": "fp7"})"));
  CHECK(choice.kind == FieldErrorKind::kNotOption);
  CHECK(choice.choices.find("bf16") != std::string::npos);
  CHECK(KindOf(Json::parse(R"({"gpu": "h9000"})")).kind == FieldErrorKind::kUnknownCard);
  CHECK(KindOf(Json::parse(R"({"model": "gpt-9"})")).kind == FieldErrorKind::kUnknownModel);
  CHECK(KindOf(Json::parse(R"({"model": {"preset": "gpt-9"}})")).kind == FieldErrorKind::kUnknownModel);
  CHECK(KindOf(Json::parse(R"({"model": "llama-3.1-8b", "tp": 3})")).kind == FieldErrorKind::kFailedCheck);
  CHECK(KindOf(Json::parse(R"({"offload_optimizer": "maybe"})")).kind == FieldErrorKind::kOther);
  CHECK(KindOf(Json::parse(R"({"surprise": 1})")).kind == FieldErrorKind::kOther);  // strict: unknown field
  CHECK(KindOf(Json::parse("[1]")).kind == FieldErrorKind::kOther);
  // Many errors at once stay in step with their messages.
  const RequestParse many = ParseEstimateRequest(
      Json::parse(R"({"model": {"params": "x", "layers": 0, "kind": "robot"}, "gpus": "two", "tp": 0, "gpu": "nope", "precision": 4})"),
      test::RealCatalogs(), true);
  CHECK(many.errors.size() >= 6);
  CHECK(many.error_kinds.size() == many.errors.size());
  const RequestParse text = ParseEstimateRequestText("{not json", test::RealCatalogs());
  CHECK(text.error_kinds.size() == text.errors.size());
}

TEST_CASE("each kind of refused calculator value has its own notice, in English and in Chinese") {
  const Catalogs& c = test::RealCatalogs();
  const Case cases[] = {
      {"calc.gpus=-3", "calc.gpus", FieldErrorKind::kOutOfRange, "is \"-3\", below the smallest allowed, 1", "\"-3\" 小于允许的最小值 1"},
      {"calc.tp=5000", "calc.tp", FieldErrorKind::kOutOfRange, "above the largest allowed, 1024", "大于允许的最大值 1024"},
      {"calc.micro_batch=banana", "calc.micro_batch", FieldErrorKind::kNotInteger, "is \"banana\", not a number", "\"banana\" 不是数字"},
      {"calc.gpus=2.5", "calc.gpus", FieldErrorKind::kNotInteger, "is \"2.5\", not a whole number", "\"2.5\" 不是整数"},
      {"calc.mfu=lots", "calc.mfu", FieldErrorKind::kNotNumber, "is \"lots\", not a number", "\"lots\" 不是数字"},
      // Number syntax too large for any number: said so, not "not a number" (a reviewer's "1e400").
      // A link's "1e300" echoed as written, not as %g's "1e+300".
      {"calc.mfu=1e300", "calc.mfu", FieldErrorKind::kOutOfRange, "is \"1e300\", above the largest allowed, 1", "\"1e300\" 大于允许的最大值 1"},
      // A whole number written as a float is read as one: "1e300" crosses the limit, not "whole".
      {"calc.tp=1e300", "calc.tp", FieldErrorKind::kOutOfRange, "is \"1e300\", above the largest allowed, 1024", "\"1e300\" 大于允许的最大值 1024"},
      {"calc.gpus=-1e300", "calc.gpus", FieldErrorKind::kOutOfRange, "is \"-1e300\", below the smallest allowed, 1", "\"-1e300\" 小于允许的最小值 1"},
      {"calc.tp=1e400", "calc.tp", FieldErrorKind::kNotInteger, "is \"1e400\", a number beyond what can be read", "超出可读取的数值范围"},
      {"calc.mfu=1e400", "calc.mfu", FieldErrorKind::kNotNumber, "is \"1e400\", a number beyond what can be read", "超出可读取的数值范围"},
      {"calc.precision=fp7", "calc.precision", FieldErrorKind::kNotOption, "is \"fp7\", not one of: fp32, tf32, bf16", "\"fp7\" 不是可选值（fp32, tf32, bf16"},
      {"calc.gpu=h9000", "calc.gpu", FieldErrorKind::kUnknownCard, "card \"h9000\" is not in this data", "本数据中没有卡 \"h9000\""},
      {"calc.model=gpt-9", "calc.model", FieldErrorKind::kUnknownModel, "model \"gpt-9\" is not in this data", "本数据中没有模型 \"gpt-9\""},
      {"calc.model=llama-3.1-8b&calc.task=inference&calc.gpus=4&calc.tp=3", "calc.tp", FieldErrorKind::kFailedCheck, "does not divide the model's 32 attention heads", "注意力头"},
      {"calc.offload_optimizer=maybe", "calc.offload_optimizer", FieldErrorKind::kOther, "invalid value, default kept", "值无效，保留默认值"},
  };
  std::set<FieldErrorKind> covered;
  for (const Case& k : cases) {
    INFO(k.link);
    covered.insert(k.kind);
    const LinkDecode d = DecodeLink(std::string("#v=1&view=calculator&") + k.link, c);
    const std::vector<std::string> en = About(d.notices, k.field, Language::kEnglish);
    const std::vector<std::string> zh = About(d.notices, k.field, Language::kChinese);
    REQUIRE(en.size() == 1);  // one banner line for the field
    REQUIRE(zh.size() == 1);
    INFO(en[0] << " / " << zh[0]);
    CHECK(en[0].find(k.english) != std::string::npos);
    CHECK(zh[0].find(k.chinese) != std::string::npos);
    CHECK(HasHan(zh[0]));
    for (const char* english : {"outside the allowed range", "expected one of", "must be", "not a catalog id", "default kept", "is not in this data"})
      CHECK(zh[0].find(english) == std::string::npos);
  }
  CHECK(covered.size() == 8);  // every FieldErrorKind
  // A field inside a model object is named with its value and limit, not the model as a whole.
  const LinkDecode params = DecodeLink("#v=1&view=calculator&calc.model.params=1e30", c);
  const std::vector<std::string> params_en = About(params.notices, "calc.model.params", Language::kEnglish);
  REQUIRE(params_en.size() == 1);
  // Its limit as a person reads it, in a form a link takes back (1e14, not 100000000000000).
  CHECK(params_en[0].find("is \"1e30\", above the largest allowed, 1e14,") != std::string::npos);
  CHECK(DecodeLink("#v=1&view=calculator&calc.model.params=1e14", c).state.calculator.workload.model.params == 1e14);
  CHECK(About(params.notices, "calc.model.params", Language::kChinese)[0].find("大于允许的最大值") != std::string::npos);
  // A check across fields sees the link's own values, whatever their order (gpus came before tp).
  const LinkDecode layout = DecodeLink("#v=1&view=calculator&calc.gpus=3&calc.tp=2&calc.dp=2", c);
  const std::vector<std::string> layout_en = About(layout.notices, "calc.gpus", Language::kEnglish);
  REQUIRE(layout_en.size() == 1);
  CHECK(layout_en[0].find("(2 x 1 x 2)") != std::string::npos);
  CHECK(layout.state.calculator.workload.tp == 2);
  // "2.0" is the whole number 2: used, with no notice.
  const LinkDecode whole = DecodeLink("#v=1&view=calculator&calc.gpus=2.0&calc.dp=2", c);
  CHECK(whole.notices.empty());
  CHECK(whole.state.calculator.workload.gpus == 2);
  // A value that is neither text nor a number (state JSON, not a link): "not a number".
  const StateRead read = StateFromJson(Json::parse(R"({"calculator": {"mfu": true, "gpus": [2]}})"), c);
  const std::vector<std::string> mfu_en = About(read.notices, "calculator.mfu", Language::kEnglish);
  const std::vector<std::string> mfu_zh = About(read.notices, "calculator.mfu", Language::kChinese);
  REQUIRE(mfu_en.size() == 1);
  REQUIRE(mfu_zh.size() == 1);
  CHECK(mfu_en[0] == "calculator.mfu: is not a number, default kept");
  CHECK(mfu_zh[0].find("不是数字，保留默认值") != std::string::npos);
  CHECK(About(read.notices, "calculator.gpus", Language::kEnglish).size() == 1);
}

TEST_CASE("a mangled link: one notice per bad field, in Chinese when the UI is Chinese, the rest kept") {
  const Catalogs& c = test::RealCatalogs();
  const LinkDecode d = DecodeLink(
      "#v=1&lang=zh&view=calculator&calc.model=llama-3.1-8b&calc.gpus=-3&calc.micro_batch=banana&calc.seq_len=4096&cost.hours=NaN", c);
  CHECK(d.state.language == Language::kChinese);
  for (const char* field : {"calc.gpus", "calc.micro_batch", "cost.hours"}) {
    INFO(field);
    const std::vector<std::string> zh = About(d.notices, field, Language::kChinese);
    REQUIRE(zh.size() == 1);
    INFO(zh[0]);
    CHECK(HasHan(zh[0]));
    CHECK(zh[0].find("default kept") == std::string::npos);
    CHECK(zh[0].find("保留默认值") != std::string::npos);
  }
  CHECK(d.notices.size() == 3);  // nothing else was wrong
  // The good fields were kept; the bad ones hold their defaults; no NaN got in.
  CHECK(d.state.calculator.workload.seq_len == 4096);
  CHECK(d.state.calculator.model_preset == "llama-3.1-8b");
  CHECK(d.state.calculator.workload.gpus == 1);  // the request's defaults
  CHECK(d.state.calculator.workload.micro_batch == 1);
  CHECK(std::isfinite(d.state.cost.hours));
  CHECK(d.state.cost.hours == CostState().hours);
}

}  // namespace field_refused_test
