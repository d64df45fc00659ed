// Hugging Face config.json import on arbitrary text: a config that imports without errors is
// a valid architecture with finite parameter counts, and estimating it gives finite figures.
#include "engine/model_catalog.hpp"
#include "fuzz_common.hpp"

#include <cstddef>
#include <cstdint>

using namespace atlas;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const Catalogs& c = fuzz::RealCatalogs();
  const std::string text(reinterpret_cast<const char*>(data), size);

  HfImport h = ModelFromHfConfig(text);
  fuzz::CheckDumps(Json{{"errors", h.errors}, {"notes", h.notes}, {"name", h.model.name}}, "import messages");
  if (!h.errors.empty()) return 0;
  const ModelSpec& m = h.model;
  const std::vector<std::string> problems = ValidateModel(m);
  FUZZ_CHECK(problems.empty(), text + "\n" + fuzz::Join(problems));
  FUZZ_CHECK(std::isfinite(m.params) && m.params > 0, std::to_string(m.params));
  FUZZ_CHECK(std::isfinite(m.active_params) && m.active_params > 0 && m.active_params <= m.params * (1 + 1e-9),
             std::to_string(m.active_params) + " of " + std::to_string(m.params));
  FUZZ_CHECK(std::isfinite(CountParams(m, false)) && std::isfinite(CountParams(m, true)), "CountParams");

  for (Task task : {Task::kInference, Task::kLora}) {
    Workload w;
    w.model = m;
    w.task = task;
    w.gpu = "h100-sxm";
    w.train_tokens = task == Task::kInference ? 0 : 1e8;
    const EstimateResult r = Estimate(w, c);
    FUZZ_CHECK(r.ok, text + "\n" + fuzz::Join(r.errors));
    fuzz::CheckEstimateFinite(r);
  }
  return 0;
}
