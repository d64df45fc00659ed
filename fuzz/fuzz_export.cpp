// `gpu-atlas export` on arbitrary state JSON: every format of both exports is produced without
// a crash; Markdown holds no raw HTML tag and no link made from data or user text; no CSV cell
// starts a formula; JSON exports parse back; numbers are never printed as 24-digit integers.
#include "app/calculator_model.hpp"
#include "app/export.hpp"
#include "app/share_link.hpp"
#include "app/state_json.hpp"
#include "fuzz_common.hpp"

#include <cstddef>
#include <cctype>
#include <cstdint>
#include <cstring>

using namespace atlas;

namespace {

void CheckMarkdown(const std::string& md) {
  // The body, without the link line (a percent-encoded URL in <...> or `...`).
  const std::string body = md.substr(0, md.find("\nLink: "));
  FUZZ_CHECK(body.find('<') == std::string::npos, body.substr(0, 2000));
  // No "](" that closes a link: a ']' escaped by an odd run of backslashes ("\\](") is literal text.
  for (size_t at = body.find("]("); at != std::string::npos; at = body.find("](", at + 1)) {
    size_t backslashes = 0;
    while (backslashes < at && body[at - 1 - backslashes] == '\\') ++backslashes;
    FUZZ_CHECK(backslashes % 2 == 1, body.substr(0, 2000));
  }
}

void CheckCsv(const std::string& csv) {
  bool in_quotes = false, cell_start = true;
  for (size_t i = 0; i < csv.size(); ++i) {
    const char ch = csv[i];
    if (cell_start) {
      const size_t k = ch == '"' ? i + 1 : i;
      const char first = k < csv.size() ? csv[k] : ',';
      const bool negative_number =
          first == '-' && k + 1 < csv.size() && std::isdigit(static_cast<unsigned char>(csv[k + 1]));
      FUZZ_CHECK(negative_number || first == '\0' || std::strchr("=+-@\t\r", first) == nullptr, csv.substr(i, 200));
      cell_start = false;
    }
    if (ch == '"') in_quotes = !in_quotes;
    else if (!in_quotes && (ch == ',' || ch == '\n')) cell_start = true;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const Catalogs& c = fuzz::RealCatalogs();
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::vector<std::string> errors;
  auto j = ParseJson(text, "state", errors);
  if (!j) return 0;
  StateRead read = StateFromJson(*j, c);
  AppState& s = read.state;
  NormalizeCalculator(s.calculator, c);
  CalculatorDerived d;
  UpdateCalculatorDerived(s, c, d, s.language);
  const std::string link = "https://host/atlas/" + EncodeLink(s, c);
  // A number printed in full ("190142574592000016777216 FLOP") shows as a run of zeros; the
  // model's name is the user's own text, echoed (escaped) in the title and the link, so a run
  // typed there is not a finding.
  const bool echoes_zero_run = s.calculator.workload.model.name.find("000000000000000000") != std::string::npos;
  for (ExportFormat f : {ExportFormat::kMarkdown, ExportFormat::kCsv, ExportFormat::kJson}) {
    const std::string estimate = ExportCalculator(d, c, link, f);
    const std::string cards = ExportTierMap(s, c, f);
    if (f == ExportFormat::kMarkdown) CheckMarkdown(estimate), CheckMarkdown(cards);
    if (f == ExportFormat::kCsv) CheckCsv(estimate), CheckCsv(cards);
    if (f == ExportFormat::kJson) {
      std::vector<std::string> e;
      FUZZ_CHECK(ParseJson(estimate, "export", e).has_value(), estimate.substr(0, 500));
      FUZZ_CHECK(ParseJson(cards, "export", e).has_value(), cards.substr(0, 500));
    } else if (!echoes_zero_run) {
      FUZZ_CHECK(estimate.find("000000000000000000") == std::string::npos, estimate.substr(0, 2000));
    }
  }
  return 0;
}
