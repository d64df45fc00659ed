// The share-link decoder on arbitrary text: never crashes or hangs, what it yields is a usable
// state (valid workload, finite estimate, a "fits on" layout that fits, printable as JSON), and
// encoding that state and decoding it again gives the same state with no notices.
#include "app/calculator_model.hpp"
#include "app/share_link.hpp"
#include "app/state_json.hpp"
#include "engine/message_text.hpp"
#include "fuzz_common.hpp"

#include <cstddef>
#include <cstdint>

using namespace atlas;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const Catalogs& c = fuzz::RealCatalogs();
  const std::string input(reinterpret_cast<const char*>(data), size);

  LinkDecode d = DecodeLink(input, c);
  // What `gpu-atlas link decode` prints.
  Json printed = StateToJson(d.state);
  const std::vector<std::string> notices = English(d.notices);
  printed["notices"] = notices;
  fuzz::CheckDumps(printed, "decoded state and notices");
  for (const std::string& n : notices) FUZZ_CHECK(n.size() <= kMaxMessageBytes + 3, n.substr(0, 400));

  NormalizeCalculator(d.state.calculator, c);
  const Workload& w = d.state.calculator.workload;
  const std::vector<std::string> problems = ValidateWorkload(w);
  FUZZ_CHECK(problems.empty(), fuzz::Join(problems));
  FUZZ_CHECK(c.gpus.Find(w.gpu) != nullptr, w.gpu);
  const EstimateResult r = Estimate(w, c);
  FUZZ_CHECK(r.ok, fuzz::Join(r.errors));
  fuzz::CheckEstimateFinite(r);
  // The Calculator's "fits on" strip, for the link's card: the layout it proposes is valid and fits.
  Workload layout;
  if (MinGpusToFit(w, c, *c.gpus.Find(w.gpu), kMaxFitsOnGpus, &layout) > 0) {
    FUZZ_CHECK(ValidateWorkload(layout).empty(), fuzz::Join(ValidateWorkload(layout)));
    const EstimateResult fit = Estimate(layout, c);
    FUZZ_CHECK(fit.ok && fit.fits, "MinGpusToFit layout does not fit");
    fuzz::CheckEstimateFinite(fit);
  }

  const LinkEncode encoded = EncodeLinkChecked(d.state, c);
  const std::string& link = encoded.fragment;
  FUZZ_CHECK(encoded.ok, fuzz::Join(English(encoded.notices)));  // a decoded state always fits again
  FUZZ_CHECK(link.size() - 1 <= kMaxLinkChars, "link of " + std::to_string(link.size()) + " characters");
  // A custom model's name that did not fit was left out (with a notice): compare without it.
  if (!encoded.notices.empty()) d.state.calculator.workload.model.name = "Custom model";
  LinkDecode again = DecodeLink(link, c);
  NormalizeCalculator(again.state.calculator, c);
  FUZZ_CHECK(again.notices.empty(), link + "\n" + fuzz::Join(English(again.notices)));
  FUZZ_CHECK(again.state == d.state, link + "\nre-encoded: " + EncodeLink(again.state, c));
  return 0;
}
