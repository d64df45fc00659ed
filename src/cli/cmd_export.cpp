// `gpu-atlas export --format md|csv|json [--what estimate|cards] [--page-url URL] < state.json`:
// what the page's export buttons write (src/app/export.cpp, the same functions), for a state
// JSON as `gpu-atlas link decode` prints it.
#include "app/calculator_model.hpp"
#include "app/export.hpp"
#include "app/share_link.hpp"
#include "engine/format.hpp"
#include "app/state_json.hpp"
#include "cli_common.hpp"
#include "commands.hpp"
#include "engine/message_text.hpp"

#include <iostream>

namespace atlas::cli {

namespace {
constexpr const char* kUsage =
    "usage: gpu-atlas export --format md|csv|json [--what estimate|cards] [--page-url URL] [--data DIR] < state.json\n"
    "  state.json: as printed by gpu-atlas link decode; --what defaults to cards on the tier map, else estimate\n";
}  // namespace

int RunExport(const std::vector<std::string>& args) {
  // Options of this command, then the common ones (--data).
  std::vector<std::string> rest;
  std::string format, what, page_url;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    std::string* target = a == "--format" ? &format : a == "--what" ? &what : a == "--page-url" ? &page_url : nullptr;
    if (!target) {
      rest.push_back(a);
      continue;
    }
    if (i + 1 >= args.size()) {
      std::cerr << "gpu-atlas export: " << a << " needs a value\n" << kUsage;
      return kExitUsage;
    }
    *target = args[++i];
  }
  std::string error;
  auto options = ParseCommon(rest, error);
  if (!options || !options->positional.empty()) {
    std::cerr << "gpu-atlas export: " << (options ? "unexpected argument " + Quote(options->positional[0]) : error) << "\n"
              << kUsage;
    return kExitUsage;
  }
  ExportFormat f;
  if (format == "md" || format == "markdown") f = ExportFormat::kMarkdown;
  else if (format == "csv") f = ExportFormat::kCsv;
  else if (format == "json") f = ExportFormat::kJson;
  else {
    std::cerr << "gpu-atlas export: --format must be md, csv or json" << (format.empty() ? "" : ", not " + Quote(format))
              << "\n" << kUsage;
    return kExitUsage;
  }
  if (!what.empty() && what != "estimate" && what != "cards") {
    std::cerr << "gpu-atlas export: --what must be estimate or cards, not " << Quote(what) << "\n" << kUsage;
    return kExitUsage;
  }
  auto catalogs = LoadCatalogsOrReport(*options);
  if (!catalogs) return kExitData;
  std::vector<std::string> errors;
  auto j = ParseJson(ReadAllStdin(), "state", errors);
  if (!j) {
    std::cerr << "gpu-atlas export: " << PlainSpaces(BoundMessage(errors[0])) << "\n";
    return kExitUsage;
  }
  StateRead read = StateFromJson(*j, *catalogs);
  for (const std::string& n : English(read.notices))
    if (n.rfind("notices", 0) != 0) std::cerr << "gpu-atlas export: " << PlainSpaces(BoundMessage(n)) << "\n";
  AppState& state = read.state;
  NormalizeCalculator(state.calculator, *catalogs);
  if (what.empty()) what = state.view == View::kTierMap ? "cards" : "estimate";
  if (what == "cards") {
    std::cout << ExportTierMap(state, *catalogs, f);
    return kExitOk;
  }
  // As the Share view: the estimate of the calculator's state, and the page's link to it.
  CalculatorDerived derived;
  UpdateCalculatorDerived(state, *catalogs, derived, state.language);
  std::cout << ExportCalculator(derived, *catalogs, page_url + EncodeLink(state, *catalogs), f);
  return kExitOk;
}

}  // namespace atlas::cli
