// Limits on untrusted input: JSON depth, integers read in 64 bits, numbers quoted as written,
// messages bounded whatever the input, calendar spans of cost requests.
#include "engine/cost.hpp"
#include "engine/estimate_request.hpp"
#include "engine/format.hpp"
#include "engine/json_reader.hpp"
#include "engine/message_text.hpp"
#include "test_support.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>

namespace input_limits_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;
using namespace atlas::test;

namespace {
std::string Nested(int depth) { return std::string(depth, '[') + std::string(depth, ']'); }
std::string Joined(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += x + "\n";
  return s;
}
}  // namespace

TEST_CASE("JSON deeper than 64 levels is refused before it is built") {
  std::vector<std::string> errors;
  CHECK(ParseJson(Nested(64), "x", errors).has_value());
  CHECK(errors.empty());
  CHECK_FALSE(ParseJson(Nested(65), "x", errors).has_value());
  REQUIRE(errors.size() == 1);
  CHECK(errors[0] == "x: nested deeper than 64 levels");
  errors.clear();
  // 100,000 levels: the recursive dump/copy/destroy that used to overflow the stack never runs.
  CHECK_FALSE(ParseJson(Nested(100000), "request", errors).has_value());
  CHECK(errors.at(0) == "request: nested deeper than 64 levels");
  errors.clear();
  std::string objects;
  for (int i = 0; i < 65; ++i) objects += "{\"a\":";
  objects += "1" + std::string(65, '}');
  CHECK_FALSE(ParseJson(objects, "o", errors).has_value());
  CHECK(errors.at(0) == "o: nested deeper than 64 levels");
  errors.clear();
  CHECK_FALSE(ParseJson("[1,", "bad", errors).has_value());
  CHECK(errors.at(0) == "bad: not valid JSON");
}

TEST_CASE("a config.json nested deep inside an estimate request is refused with the limit") {
  const std::string deep = "{\"model\":{\"hf_config\":" + Nested(100000) + "}}";
  RequestParse r = ParseEstimateRequestText(deep, RealCatalogs());
  CHECK_FALSE(r.ok());
  CHECK(Joined(r.errors).find("nested deeper than 64 levels") != std::string::npos);
  // As a string (the form links carry), the inner parse applies the same limit.
  Json request = {{"model", {{"hf_config", Nested(1000)}}}};
  RequestParse s = ParseEstimateRequest(request, RealCatalogs(), true);
  CHECK_FALSE(s.ok());
  CHECK(Joined(s.errors).find("nested deeper than 64 levels") != std::string::npos);
}

TEST_CASE("integers are read in 64 bits and quoted as written") {
  for (const char* text : {"9223372036854775808", "18446744073709551615", "-9223372036854775808", "4294967297",
                           "2147483648", "-2147483649"}) {
    CAPTURE(text);
    std::vector<std::string> errors;
    Json j = Json::parse(std::string("{\"n\":") + text + "}");
    FieldReader r(j, "request", errors);
    CHECK(r.Integer("n", 1, 1000000) == 1);
    REQUIRE(errors.size() == 1);
    CHECK(errors[0] == std::string("request: field \"n\" is ") + text + ", outside the allowed range [1, 1000000]");
  }
  std::vector<std::string> errors;
  Json j = Json::parse(R"({"n": 1000000, "m": 1.5})");
  FieldReader r(j, "request", errors);
  CHECK(r.Integer("n", 1, 1000000) == 1000000);
  CHECK(r.Integer("m", 1, 10) == 1);
  CHECK(errors.size() == 1);
}

TEST_CASE("a number just past a bound is not printed rounded onto it") {
  std::vector<std::string> errors;
  Json j = Json::parse(R"({"a": 1.0000000000000002, "b": 1e-12, "c": -0.1})");
  FieldReader r(j, "request", errors);
  r.Number("a", 0.001, 1);
  r.Number("b", 0.001, 1);
  r.Number("c", 0, 1);
  REQUIRE(errors.size() == 3);
  CHECK(errors[0] == "request: field \"a\" is 1.0000000000000002, outside the allowed range [0.001, 1]");
  CHECK(errors[1] == "request: field \"b\" is 1e-12, outside the allowed range [0.001, 1]");
  CHECK(errors[2] == "request: field \"c\" is -0.1, outside the allowed range [0, 1]");
  CHECK(Shortest(0.1 + 0.2) == "0.30000000000000004");
  CHECK(Shortest(100) == "100");
  CHECK(Shortest(876000) == "876000");
  CHECK(Shortest(1e20) == "1e+20");
  CHECK(Shortest(0.001) == "0.001");
}

TEST_CASE("messages stay short whatever the input") {
  const std::string huge(1000000, 'x');
  CHECK(Quote(huge) == "\"" + std::string(40, 'x') + "\xE2\x80\xA6\"");
  CHECK(Excerpt("short") == "short");
  CHECK(Excerpt("a\nb\tc") == "a?b?c");
  // Never cuts a UTF-8 character in two: 20 three-byte characters cut at 40 bytes keep 13.
  std::string zh;
  for (int i = 0; i < 20; ++i) zh += "\xE4\xB8\xAD";  // 中
  CHECK(Excerpt(zh) == zh.substr(0, 39) + "\xE2\x80\xA6");
  CHECK(BoundMessage("field \"" + huge + "\" is bad").size() < 100);
  CHECK(BoundMessage("no quotes " + huge).size() <= kMaxMessageBytes + 3);
  CHECK(BoundMessage("field \"task\" is \"qlora\"") == "field \"task\" is \"qlora\"");

  // Through the real readers: a 1 MB enum value, key, gpu id and preset id.
  for (const Json& request : {Json{{"task", huge}}, Json{{huge, 1}}, Json{{"gpu", huge}}, Json{{"model", huge}},
                              Json{{"model", {{"preset", huge}}}}}) {
    RequestParse p = ParseEstimateRequest(request, RealCatalogs(), true);
    CHECK_FALSE(p.ok());
    for (const std::string& e : p.errors) CHECK(BoundMessage(e).size() <= kMaxMessageBytes + 3);
    for (const std::string& e : p.errors)
      if (e.find("model: unknown preset") == std::string::npos) CHECK(e.size() < 400);
  }
}

TEST_CASE("a cost request whose calendar span passes 100 years is refused naming duty_cycle") {
  CatalogsLoad load = LoadEmbeddedCatalogs();
  const Catalogs& c = load.catalogs;
  CostRequest q;
  q.gpu_id = "h100-sxm";
  q.gpus = 1;
  q.hours = 100;
  q.utilization = 0.5;
  q.duty_cycle = 1e-12;
  std::vector<std::string> e = CheckCostRequest(q, c.gpus, c.regions, c.pricing);
  REQUIRE(e.size() == 1);
  CHECK(e[0].find("\"duty_cycle\" is 1e-12") != std::string::npos);
  CHECK(PlainSpaces(e[0]).find("100 years") != std::string::npos);
  q.duty_cycle = 100.0 / kMaxCalendarHours;  // exactly 100 years
  CHECK(CheckCostRequest(q, c.gpus, c.regions, c.pricing).empty());
  q.duty_cycle = std::nextafter(q.duty_cycle, 0.0);
  CHECK(CheckCostRequest(q, c.gpus, c.regions, c.pricing).size() == 1);
}

TEST_CASE("billed months never overflow, whatever span reaches them") {
  CHECK(BilledMonths(kMaxCalendarHours, 0) == 1200);
  CHECK(BilledMonths(1e14, 0) == 1000000);   // clamped, not wrapped
  CHECK(BilledMonths(1e300, 12) == 1000000);
  CHECK(BilledMonths(std::numeric_limits<double>::infinity(), 1) == 1000000);
  CHECK(BilledMonths(std::nan(""), 1) == 1);
}

}  // namespace input_limits_test
