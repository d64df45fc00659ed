// The Calculator's "Make it fit": derived with the estimate when the job does not fit, applied
// with one call, carried by the share link; a fitting job has nothing to apply.
#include "app/calculator_model.hpp"
#include "app/share_link.hpp"
#include "test_support.hpp"

#include <doctest/doctest.h>

#include <algorithm>

namespace calculator_fit_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;

namespace {

const Catalogs& Data() { return atlas::test::RealCatalogs(); }

AppState Opened(const std::string& fragment) {
  AppState s = DecodeLink(fragment, Data()).state;
  NormalizeCalculator(s.calculator, Data());
  return s;
}

}  // namespace

TEST_CASE("calculator: Make it fit turns 7B LoRA at 4k tokens on one RTX 4090 into a fit, in one call") {
  AppState s = Opened("#v=1&view=calculator&calc.model=llama-2-7b&calc.task=lora&calc.gpu=rtx-4090&calc.seq_len=4096&calc.checkpointing=none");
  CalculatorDerived d;
  UpdateCalculatorDerived(s, Data(), d, Language::kEnglish);
  REQUIRE(d.valid);
  REQUIRE_FALSE(d.estimate.fits);
  REQUIRE(d.fit.ok);
  REQUIRE(d.fit.fits);
  REQUIRE_FALSE(d.fit.changes.empty());
  const CalculatorState before = s.calculator;
  CHECK(ApplyFit(s.calculator, d.fit));
  CHECK(s.calculator.model_preset == before.model_preset);
  CHECK(s.calculator.workload.task == Task::kLora);
  CHECK(s.calculator.workload.gpu == "rtx-4090");
  CHECK(s.calculator.workload.gpus == 1);
  CHECK_FALSE(NormalizeCalculator(s.calculator, Data()));  // already consistent
  UpdateCalculatorDerived(s, Data(), d, Language::kEnglish);
  CHECK(d.estimate.fits);
  CHECK_FALSE(d.fit.ok);  // nothing to fit any more
  CHECK_FALSE(ApplyFit(s.calculator, d.fit));
  const std::string link = EncodeLink(s, Data());
  CHECK(link.find("calc.checkpointing=full") != std::string::npos);
  // The link reopens the fitted job.
  AppState reopened = Opened(link);
  CHECK(reopened.calculator == s.calculator);
}

TEST_CASE("calculator: a stale or failed fit is not applied") {
  AppState s = Opened("#v=1&view=calculator&calc.model=llama-3.1-405b&calc.task=full_finetune&calc.gpu=t4");
  CalculatorDerived d;
  UpdateCalculatorDerived(s, Data(), d, Language::kChinese);
  REQUIRE(d.fit.ok);
  CHECK_FALSE(d.fit.fits);
  CHECK_FALSE(d.fit.blockers.empty());
  const CalculatorState before = s.calculator;
  CHECK_FALSE(ApplyFit(s.calculator, d.fit));
  CHECK(s.calculator == before);
  // A fit computed for another model never lands on this one.
  AppState other = Opened("#v=1&view=calculator&calc.model=llama-2-7b&calc.task=lora&calc.gpu=rtx-4090&calc.seq_len=4096&calc.checkpointing=none");
  CalculatorDerived od;
  UpdateCalculatorDerived(other, Data(), od, Language::kEnglish);
  REQUIRE(od.fit.fits);
  CHECK_FALSE(ApplyFit(s.calculator, od.fit));
  CHECK(s.calculator == before);
}

// A new user's review: for a bitsandbytes QLoRA the first chips were cards whose stack nobody
// says runs it (Hygon DCU, Jetson: software.json "unknown"), with no "!" beside them.
TEST_CASE("calculator: Fits on marks a card whose software support for the job is unknown, not one that says yes") {
  AppState s = Opened("#v=1&view=calculator&calc.model=llama-3.1-70b&calc.task=qlora&calc.precision=nf4&calc.optimizer=paged_adamw_8bit"
                      "&calc.checkpointing=full&calc.gpu=rtx-a6000");
  CalculatorDerived d;
  UpdateCalculatorDerived(s, Data(), d, Language::kEnglish);
  REQUIRE(d.valid);
  const auto entry = [&](const char* id) -> const FitsOnEntry* {
    for (const FitsOnEntry& e : d.fits_on)
      if (Data().gpus.gpus[static_cast<size_t>(e.gpu_index)].id == id) return &e;
    return nullptr;
  };
  const FitsOnEntry* h100 = entry("h100-sxm");
  REQUIRE(h100);
  REQUIRE(h100->min_gpus > 0);
  CHECK(h100->software_cautions.empty());
  int unknown_marked = 0;
  for (const FitsOnEntry& e : d.fits_on) {
    const Gpu& g = Data().gpus.gpus[static_cast<size_t>(e.gpu_index)];
    if (e.min_gpus == 0 || !e.cannot_run.empty()) continue;
    const bool unknown = g.software.features[static_cast<size_t>(SoftwareFeature::kNf4Bitsandbytes)].level == SupportLevel::kUnknown;
    if (!unknown) continue;
    ++unknown_marked;
    INFO(g.id);
    REQUIRE_FALSE(e.software_cautions.empty());
    const bool says = std::any_of(e.software_cautions.begin(), e.software_cautions.end(),
                                  [](const std::string& w) { return w.find("no source found says whether it works") != std::string::npos; });
    CHECK(says);
  }
  CHECK(unknown_marked > 0);
}

}  // namespace calculator_fit_test
