// `gpu-atlas link decode '<url or fragment>'` prints the state as JSON (with notices);
// `gpu-atlas link encode` reads state JSON on stdin and prints the fragment. Same code as the
// browser (src/app/share_link.cpp).
#include "app/calculator_model.hpp"
#include "app/share_link.hpp"
#include "app/state_json.hpp"
#include "cli_common.hpp"
#include "commands.hpp"
#include "engine/message_text.hpp"
#include "engine/format.hpp"

#include <iostream>

namespace atlas::cli {

int RunLink(const std::vector<std::string>& args) {
  std::string error;
  auto options = ParseCommon(args, error);
  const char* usage = "usage: gpu-atlas link decode '<url or #fragment>'\n       gpu-atlas link encode < state.json\n";
  if (!options || options->positional.empty()) {
    std::cerr << "gpu-atlas link: " << (options ? "missing decode or encode" : error) << "\n" << usage;
    return kExitUsage;
  }
  auto catalogs = LoadCatalogsOrReport(*options);
  if (!catalogs) return kExitData;
  const std::string& verb = options->positional[0];
  if (verb == "decode") {
    if (options->positional.size() != 2) {
      std::cerr << "gpu-atlas link decode: give one URL or fragment (quote it for the shell)\n" << usage;
      return kExitUsage;
    }
    LinkDecode d = DecodeLink(options->positional[1], *catalogs);
    NormalizeCalculator(d.state.calculator, *catalogs);
    Json out = StateToJson(d.state);
    out["notices"] = English(d.notices);
    for (const std::string& n : English(d.notices)) std::cerr << "gpu-atlas link decode: " << n << "\n";
    std::cout << PlainSpaces(out.dump(2)) << "\n";
    return kExitOk;
  }
  if (verb == "encode") {
    std::vector<std::string> errors;
    auto j = ParseJson(ReadAllStdin(), "state", errors);
    if (!j) {
      std::cerr << "gpu-atlas link encode: " << PlainSpaces(BoundMessage(errors[0])) << "\n";
      return kExitUsage;
    }
    StateRead read = StateFromJson(*j, *catalogs);
    for (const std::string& n : English(read.notices))
      if (n.rfind("notices", 0) != 0) std::cerr << "gpu-atlas link encode: " << PlainSpaces(BoundMessage(n)) << "\n";
    NormalizeCalculator(read.state.calculator, *catalogs);
    const LinkEncode link = EncodeLinkChecked(read.state, *catalogs);
    for (const std::string& n : English(link.notices)) std::cerr << "gpu-atlas link encode: " << PlainSpaces(BoundMessage(n)) << "\n";
    if (!link.ok) return kExitUsage;
    std::cout << link.fragment << "\n";
    return kExitOk;
  }
  std::cerr << "gpu-atlas link: unknown action '" << verb << "'\n" << usage;
  return kExitUsage;
}

}  // namespace atlas::cli
