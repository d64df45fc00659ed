#include "cli_common.hpp"
#include "engine/format.hpp"

#include "engine/message_text.hpp"

#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

namespace atlas::cli {

std::optional<CommonOptions> ParseCommon(const std::vector<std::string>& args, std::string& error) {
  CommonOptions o;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--json") {
      o.json = true;
    } else if (a == "--data") {
      if (i + 1 >= args.size()) {
        error = "--data needs a folder";
        return std::nullopt;
      }
      o.data_dir = args[++i];
    } else if (a.rfind("--data=", 0) == 0) {
      o.data_dir = a.substr(7);
    } else if (a.size() > 1 && a[0] == '-') {
      error = "unknown option " + a;
      return std::nullopt;
    } else {
      o.positional.push_back(a);
    }
  }
  return o;
}

std::optional<Catalogs> LoadCatalogsOrReport(const CommonOptions& options) {
  CatalogsLoad load;
  if (options.data_dir.empty()) {
    load = LoadEmbeddedCatalogs();
  } else {
    const std::string dir = options.data_dir;
    load = LoadCatalogs(
        [&](const std::string& name, std::string& text) {
          std::ifstream in(dir + "/" + name, std::ios::binary);
          if (!in) return false;
          std::ostringstream ss;
          ss << in.rdbuf();
          text = ss.str();
          return true;
        },
        dir);
  }
  if (!load.ok()) {
    for (const std::string& e : load.errors) std::cerr << "gpu-atlas: " << PlainSpaces(BoundMessage(e)) << "\n";
    return std::nullopt;
  }
  return std::move(load.catalogs);
}

std::string ReadAllStdin() {
  return std::string(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
}

}  // namespace atlas::cli
