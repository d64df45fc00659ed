// A run no one would start: with no deadline, a best option past kLongRunHours says so and
// names the fastest; deadline why-not lines quote the largest count tried, formatted.
#include "engine/recommend.hpp"
#include "test_jobs.hpp"
#include "test_support.hpp"

#include <doctest/doctest.h>

#include <string>

namespace recommend_horizon_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;

namespace {

// The trial's walkthrough job: Llama 2 7B pre-training on 2T tokens at 4k (about 2.3 years on
// the cheapest 8 cards).
const char* kPretrain7b2T = R"({"model":"llama-2-7b","task":"pretrain","precision":"bf16","train_tokens":2e12,"seq_len":4096})";

}  // namespace

TEST_CASE("no deadline and a run past 90 days: a warning with the fastest option") {
  Constraints c;
  c.max_gpus = 64;
  c.max_results = 5;
  const RecommendResult r = test::RecommendJob(kPretrain7b2T, c);
  REQUIRE(!r.configs.empty());
  REQUIRE(*r.configs.front().time_seconds / 3600 > kLongRunHours);
  REQUIRE(r.warnings.size() == 1);
  CHECK(r.warnings[0].find("No deadline") != std::string::npos);
  CHECK(r.warnings[0].find("The fastest found: ") != std::string::npos);
  // A short job, or one with a deadline, has no such warning.
  CHECK(test::RecommendJob(R"({"model":"llama-3.1-8b","task":"qlora","train_tokens":1e8})", c).warnings.empty());
  c.deadline_hours = 24 * 365 * 3;
  CHECK(test::RecommendJob(kPretrain7b2T, c).warnings.empty());
  // In Chinese too.
  c.deadline_hours.reset();
  c.language = Language::kChinese;
  const RecommendResult zh = test::RecommendJob(kPretrain7b2T, c);
  REQUIRE(zh.warnings.size() == 1);
  CHECK(zh.warnings[0].find("未设期限") != std::string::npos);
}

TEST_CASE("a deadline why-not quotes the largest count tried, with grouped numbers") {
  Constraints c;
  c.max_gpus = 8;
  c.max_results = 5;
  c.deadline_hours = 24;
  const RecommendResult r = test::RecommendJob(kPretrain7b2T, c);
  bool seen = false;
  for (const std::string& joined : r.why_not) {
    const std::string line = PlainSpaces(joined);  // as the CLI prints it
    if (line.find("deadline") == std::string::npos) continue;
    seen = true;
    INFO(line);
    CHECK(line.find("even 8 cards") != std::string::npos);  // not "1 card"
    CHECK(line.find(" takes ") != std::string::npos);
    CHECK(line.find(" take ") == std::string::npos);
    // "20,454 h (852 days)", never "20454 h (852.3 days)".
    const size_t h = line.find(" h (");
    REQUIRE(h != std::string::npos);
    CHECK(line.substr(0, h).find(',') != std::string::npos);
  }
  CHECK(seen);
  // "ranks below the top N" names the N returned.
  for (const std::string& line : r.why_not)
    if (line.find("ranks below the top") != std::string::npos) CHECK(line.find("top 5") != std::string::npos);
}

}  // namespace recommend_horizon_test
