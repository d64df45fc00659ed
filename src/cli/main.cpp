// gpu-atlas: the command-line face of the engine (same code as the browser app).
#include "cli_common.hpp"
#include "commands.hpp"

#include <cstring>
#include <iostream>
#include <string>
#include <vector>

namespace {

constexpr const char* kUsage =
    "usage: gpu-atlas <command> [options]\n"
    "commands:\n"
    "  gpus [--json] [--data DIR]     the accelerator catalog with tiers\n"
    "  estimate --json < request      memory, FLOPs, time and throughput for one job\n"
    "  link decode '<url|#fragment>'  the share link's state as JSON\n"
    "  link encode < state.json       a state as a share-link fragment\n"
    "  cost [--json] [--data DIR]     a job's energy, CO2 and cost per region and service form\n"
    "                                 (request JSON on stdin)\n"
    "  recommend --json < request     ranked hardware configurations for a job and constraints\n"
    "  validate [--json]              the engine against published measurements (exit 1 if any is\n"
    "                                 outside its tolerance)\n"
    "  fit --json < request           the changes that make a job fit its cards (same question)\n"
    "  export --format md|csv|json    what the page's export buttons write, for a state JSON on stdin\n"
    "common options:\n"
    "  --json        machine-readable output\n"
    "  --data DIR    load data/*.json from DIR instead of the copy built in\n";

struct Command {
  const char* name;
  int (*run)(const std::vector<std::string>&);
};

constexpr Command kCommands[] = {
    {"gpus", atlas::cli::RunGpus},
    {"estimate", atlas::cli::RunEstimate},
    {"link", atlas::cli::RunLink},
    {"cost", atlas::cli::RunCost},
    {"recommend", atlas::cli::RunRecommend},
    {"validate", atlas::cli::RunValidate},
    {"fit", atlas::cli::RunFit},
    {"export", atlas::cli::RunExport},
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0) {
    std::cout << kUsage;
    return argc < 2 ? atlas::cli::kExitUsage : atlas::cli::kExitOk;
  }
  std::vector<std::string> args(argv + 2, argv + argc);
  for (const Command& c : kCommands)
    if (c.name == std::string(argv[1])) return c.run(args);
  std::cerr << "gpu-atlas: unknown command '" << argv[1] << "'\n" << kUsage;
  return atlas::cli::kExitUsage;
}
