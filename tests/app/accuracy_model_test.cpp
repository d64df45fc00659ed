// The Accuracy view's model: the same median and worst error as `gpu-atlas validate`
// (EvaluateCases), per kind with its tolerance, ours in the unit the source published, and one
// evaluation per data load.
#include "app/accuracy_model.hpp"
#include "test_support.hpp"

#include <doctest/doctest.h>

namespace accuracy_model_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;

TEST_CASE("accuracy model: overall figures equal the engine's report; kinds add up; evaluated once per load") {
  const Catalogs& c = test::RealCatalogs();
  AccuracyDerived d;
  UpdateAccuracyDerived(c, 1, d);
  UpdateAccuracyDerived(c, 1, d);
  CHECK(d.computations == 1);
  const AccuracyReport report = EvaluateCases(c.validation, c);
  REQUIRE(d.rows.size() == c.validation.cases.size());
  CHECK(d.overall.median_abs_error == doctest::Approx(report.median_abs_error));
  CHECK(d.overall.worst_abs_error == doctest::Approx(report.worst_abs_error));
  CHECK(d.overall.worst_id == report.worst_id);
  CHECK(d.overall.held == report.held);
  CHECK(d.overall.within == report.within);
  int held = 0, total = 0, excluded = 0;
  for (const AccuracySummary& g : d.groups) held += g.held, total += g.total, excluded += g.excluded;
  CHECK(held == d.overall.held);
  CHECK(total == static_cast<int>(d.rows.size()));
  CHECK(excluded > 0);  // excluded cases are listed with their reason, not dropped
  CHECK(d.groups[0].tolerance == doctest::Approx(0.15));
  CHECK(d.groups[1].tolerance == doctest::Approx(0.10));
  CHECK(d.groups[2].tolerance == doctest::Approx(0.35));
  for (const AccuracySummary& g : d.groups) CHECK(g.worst_abs_error <= d.overall.worst_abs_error);
  // A new data load evaluates again.
  UpdateAccuracyDerived(c, 2, d);
  CHECK(d.computations == 2);
}

TEST_CASE("accuracy model: ours is shown in the unit the source published") {
  const Catalogs& c = test::RealCatalogs();
  AccuracyDerived d;
  UpdateAccuracyDerived(c, 1, d);
  const AccuracyRow* litgpt = nullptr;
  for (const AccuracyRow& row : d.rows)
    if (row.c->id == "litgpt-lora-llama-2-7b-bf16-mb1") litgpt = &row;
  REQUIRE(litgpt);
  CHECK(litgpt->published_text == "21.3 GB");  // LitGPT's resource table prints decimal GB
  REQUIRE(litgpt->ok);
  const double ours_gb = std::stod(litgpt->estimate_text);
  CHECK(litgpt->estimate_text.find(" GB") != std::string::npos);
  CHECK(ours_gb == doctest::Approx(21.3 * (1 + litgpt->error_fraction)).epsilon(0.01));
  CHECK(!litgpt->c->conditions.empty());  // the published conditions travel with the case
}

TEST_CASE("accuracy model: Summarize takes the median of the held cases only") {
  ValidationCase a, b, x;
  a.id = "a", b.id = "b", x.id = "x";
  x.excluded = "conditions incomplete";
  auto row = [](const ValidationCase& c, double error) {
    AccuracyRow r;
    r.c = &c;
    r.ok = true;
    r.held = c.excluded.empty();
    r.error_fraction = error;
    r.within = std::fabs(error) <= 0.15;
    r.tolerance = 0.15;
    return r;
  };
  const std::vector<AccuracyRow> rows = {row(a, 0.10), row(b, -0.30), row(x, 0.90)};
  const AccuracySummary s = Summarize(rows, -1);
  CHECK(s.held == 2);
  CHECK(s.within == 1);
  CHECK(s.excluded == 1);
  CHECK(s.median_abs_error == doctest::Approx(0.20));
  CHECK(s.worst_abs_error == doctest::Approx(0.30));
  CHECK(s.worst_id == "b");
  CHECK(Summarize({}, -1).held == 0);
}

}  // namespace accuracy_model_test
