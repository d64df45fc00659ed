// One function per CLI command; each returns the process exit code.
#pragma once

#include <string>
#include <vector>

namespace atlas::cli {

int RunGpus(const std::vector<std::string>& args);
int RunEstimate(const std::vector<std::string>& args);
int RunLink(const std::vector<std::string>& args);
int RunCost(const std::vector<std::string>& args);
int RunRecommend(const std::vector<std::string>& args);
int RunValidate(const std::vector<std::string>& args);
int RunFit(const std::vector<std::string>& args);
int RunExport(const std::vector<std::string>& args);

}  // namespace atlas::cli
