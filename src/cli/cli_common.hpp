// Shared plumbing for the CLI commands: argument lists, data loading, stdin, exit codes.
#pragma once

#include "engine/catalogs.hpp"

#include <optional>
#include <string>
#include <vector>

namespace atlas::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitUsage = 2;     // unknown option, bad request
inline constexpr int kExitData = 3;      // broken data file

struct CommonOptions {
  std::string data_dir;  // empty = data compiled into the binary
  bool json = false;
  std::vector<std::string> positional;
};

// Parses --json and --data DIR; any other option is an error (message in `error`).
std::optional<CommonOptions> ParseCommon(const std::vector<std::string>& args, std::string& error);
// Loads the catalogs (embedded or from --data); prints every error to stderr on failure.
std::optional<Catalogs> LoadCatalogsOrReport(const CommonOptions& options);
std::string ReadAllStdin();

}  // namespace atlas::cli
