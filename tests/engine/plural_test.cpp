// Counts read as people write them (engine/plural.hpp): "1 change", "2 changes", never
// "1 change(s)" or "1 GPUs", in the engine's sentences as in the UI's.
#include "engine/estimate.hpp"
#include "engine/fit.hpp"
#include "engine/format.hpp"
#include "engine/plural.hpp"
#include "test_jobs.hpp"
#include "test_support.hpp"

#include <doctest/doctest.h>

#include <regex>
#include <string>

namespace plural_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;

TEST_CASE("plural groups: the first form after exactly 1, else the second") {
  CHECK(Plurals("apply 1 {change|changes}") == "apply 1 change");
  CHECK(Plurals("apply 3 {change|changes}") == "apply 3 changes");
  CHECK(Plurals("apply 0 {change|changes}") == "apply 0 changes");
  CHECK(Plurals("11 {GPU|GPUs}") == "11 GPUs");          // not "1" at the end of a longer number
  CHECK(Plurals("21 {GPU|GPUs}") == "21 GPUs");
  CHECK(Plurals("1.5 {GPU|GPUs}") == "1.5 GPUs");
  CHECK(Plurals("1,000 {GPU|GPUs}") == "1,000 GPUs");
  CHECK(Plurals("1 {configuration meets|configurations meet} it") == "1 configuration meets it");
  CHECK(Plurals("2 {replica|replicas} of 1 {GPU|GPUs}, 1 {x|y}") == "2 replicas of 1 GPU, 1 x");
  CHECK(Plurals("{GPU|GPUs} with no number") == "GPUs with no number");
}

TEST_CASE("plural groups: other braces and bad input stay as written") {
  CHECK(Plurals("") == "");
  CHECK(Plurals("no groups") == "no groups");
  CHECK(Plurals("{\"gpus\": 1}") == "{\"gpus\": 1}");  // JSON, no '|'
  CHECK(Plurals("a | b {c}") == "a | b {c}");
  CHECK(Plurals("1 {open|") == "1 {open|");           // unclosed
  CHECK(Plurals("1 {a{b|c}") == "1 {ac");             // the inner group has no number just before it
  CHECK(Plurals("1 {|}") == "1 ");
  CHECK(Plurals("8 卡") == "8 卡");
}

TEST_CASE("plural groups: a count joined to its noun by a no-break space (templates write 1\\u00A0{GPU|GPUs})") {
  CHECK(Plurals("1\u00A0{GPU|GPUs}") == "1\u00A0GPU");
  CHECK(Plurals("2 {replica|replicas} of 1\u00A0{GPU|GPUs}") == "2 replicas of 1\u00A0GPU");
  CHECK(Plurals("11\u00A0{GPU|GPUs}") == "11\u00A0GPUs");
  CHECK(Plurals("\u00A0{GPU|GPUs}") == "\u00A0GPUs");  // no number before the join
}

TEST_CASE("engine sentences count in words: one sequence, one GPU") {
  const Catalogs& c = test::RealCatalogs();
  // A serving job with one concurrent sequence: the decode figure says "1 replica of 1 GPU".
  const EstimateResult e = Estimate(test::Job(R"({"model": "llama-2-7b", "task": "inference", "gpu": "h100-sxm", "batch": 1})"), c);
  bool decode_seen = false;
  // The sentences join a count and its noun with a no-break space (engine/format.hpp): their
  // words are compared as the CLI prints them, with plain spaces.
  for (const Figure& f : e.compute.figures) {
    const std::string inputs = PlainSpaces(f.inputs);
    INFO(f.key << ": " << inputs);
    CHECK(inputs.find("(s)") == std::string::npos);
    CHECK(inputs.find("{") == std::string::npos);
    CHECK_FALSE(std::regex_search(inputs, std::regex("(^|[^0-9,.])1 (GPUs|replicas|sequences)\\b")));
    if (inputs.find("1 replica of 1 GPU,") != std::string::npos) decode_seen = true;
  }
  CHECK(decode_seen);
  // Make it fit, on one card: every change's reason has its counts in words.
  FitConstraints k;
  k.max_gpus = 1;
  const FitResult r = Fit(test::Job(R"({"model": "llama-2-7b", "task": "full_finetune", "gpu": "h100-sxm", "gpus": 1, "batch": 1})"), k, c);
  REQUIRE(r.ok);
  for (const FitChange& ch : r.changes) {
    const std::string why = PlainSpaces(ch.why);
    INFO(ch.field << ": " << why);
    CHECK(why.find("{") == std::string::npos);
    CHECK_FALSE(std::regex_search(why, std::regex("(^|[^0-9,.])1 (GPUs|cards|sequences|data-parallel GPUs)\\b")));
  }
  for (const std::string& b : r.blockers) CHECK(b.find("{") == std::string::npos);
}

}  // namespace plural_test
