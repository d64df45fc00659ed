#include "export.hpp"

#include "app/tier_map_model.hpp"
#include "engine/estimate_request.hpp"
#include "engine/format.hpp"
#include "engine/units.hpp"

#include "engine/message_text.hpp"
#include "engine/recommend.hpp"
#include "engine/text/engine_text.hpp"

#include <cctype>
#include <cmath>
#include <cstring>

namespace atlas {

namespace {

// A CSV cell. Text that a spreadsheet would run as a formula (starting with = + - @, a tab or a
// carriage return) is neutralised with a leading apostrophe (OWASP, "CSV Injection"); cells
// with a separator, quote or line break are quoted.
std::string Csv(const std::string& s) {
  const bool formula = !s.empty() && std::strchr("=+-@\t\r", s[0]) != nullptr;
  const std::string cell = formula ? "'" + s : s;
  if (!formula && cell.find_first_of(",\"\n\r\t") == std::string::npos) return cell;
  std::string out = "\"";
  for (char c : cell) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

// User text in Markdown: shown as written, never as markup, and escaped no more than that needs
// (CommonMark 0.30 and GitHub Flavored Markdown, "Backslash escapes", "Autolinks (extension)"):
// - HTML-significant < > & become entities: no raw HTML, no <scheme:...> autolink;
// - [ ] are escaped: no link or image (so "(", ")" and "!" can stay as written);
// - ` * _ ~ | \ are escaped: no code span, emphasis, strikethrough or table break ("_" only at a
//   word's edge: inside "full_finetune" it cannot emphasise);
// - a ':' followed by a non-space ("javascript:x", "https://...") and '@' are escaped, as is the
//   dot of "www.": no extended autolink (URL, www. or e-mail); "Llama 3: 8B" stays as written;
// - '#' after a space or at the start is escaped (no heading or closing sequence);
// - line breaks become spaces (one table row stays one row).
std::string Md(const std::string& s) {
  const auto word = [&](size_t i) { return i < s.size() && (std::isalnum(static_cast<unsigned char>(s[i])) || (s[i] & 0x80)); };
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    const bool inside_word = i > 0 && word(i - 1) && word(i + 1);
    if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '&') out += "&amp;";
    else if (c == '\n' || c == '\r' || c == '\t') out += ' ';
    else if (std::strchr("[]`*~|\\@", c) != nullptr && c != 0) out += std::string("\\") + c;
    else if (c == '_' && !inside_word) out += "\\_";
    else if (c == ':' && i + 1 < s.size() && !std::isspace(static_cast<unsigned char>(s[i + 1]))) out += "\\:";
    else if (c == '#' && (i == 0 || s[i - 1] == ' ')) out += "\\#";
    else if (c == '.' && i >= 3 && (s.compare(i - 3, 3, "www") == 0 || s.compare(i - 3, 3, "WWW") == 0)) out += "\\.";
    else out += c;
  }
  return out;
}

// A number for a reader (Markdown) or a machine (CSV), from the one formatter (engine/format).
std::string Num(double v, int decimals, ExportFormat f) {
  if (f == ExportFormat::kCsv) return Plain(v, 6);
  return std::isfinite(v) ? Readable(v, decimals) : "";
}

struct Row {
  std::string item, value, unit, formula;
};

std::string Table(const std::vector<Row>& rows, ExportFormat f, const std::string& title, const EngineText& T) {
  std::string out;
  if (f == ExportFormat::kMarkdown) {
    out += "### " + Md(title) + "\n\n| " + T.exp_col_item + " | " + T.exp_col_value + " | " + T.exp_col_unit + " | " +
           T.exp_col_how + " |\n| --- | ---: | --- | --- |\n";
    for (const Row& r : rows)
      out += "| " + Md(r.item) + " | " + r.value + " | " + Md(r.unit) + " | " + Md(r.formula) + " |\n";
  } else {
    out += "item,value,unit,how\n";
    for (const Row& r : rows) out += Csv(r.item) + "," + r.value + "," + Csv(r.unit) + "," + Csv(r.formula) + "\n";
  }
  return out;
}

// A figure's unit (engine/figure.hpp: a machine unit) for a reader of the table's language.
std::string UnitWord(const std::string& unit, const EngineText& T) {
  if (unit == "s") return T.exp_unit_seconds;
  if (unit == "GPU-h") return T.exp_unit_gpu_hours;
  if (unit == "users") return T.exp_unit_users;
  return unit;
}

}  // namespace

const char* ExportExtension(ExportFormat f) {
  return f == ExportFormat::kMarkdown ? "md" : f == ExportFormat::kCsv ? "csv" : "json";
}
const char* ExportMime(ExportFormat f) {
  return f == ExportFormat::kMarkdown ? "text/markdown" : f == ExportFormat::kCsv ? "text/csv" : "application/json";
}

namespace {

std::string CalculatorText(const CalculatorDerived& d, const Catalogs& c, const std::string& link, ExportFormat f) {
  const EngineText& T = EngineTextFor(d.language);
  const bool zh = d.language == Language::kChinese;
  if (!d.valid) {
    std::string msg = T.exp_cannot_estimate;
    for (const auto& e : d.errors) msg += " " + e + ".";
    if (f == ExportFormat::kJson) return Json{{"errors", d.errors}, {"link", link}}.dump(2) + "\n";
    return (f == ExportFormat::kMarkdown ? Md(msg) : Csv(msg)) + "\n";
  }
  const EstimateResult& r = d.estimate;
  const Workload& w = d.inputs.workload;
  if (f == ExportFormat::kJson) {
    Json j = EstimateResultToJson(r, w);
    j["request"] = WorkloadToRequest(w, d.inputs.model_preset);
    j["link"] = link;
    Json fits = Json::array();
    for (const FitsOnEntry& e : d.fits_on) {
      Json entry = {{"gpu", c.gpus.gpus[e.gpu_index].id}, {"min_gpus", e.min_gpus > 0 ? Json(e.min_gpus) : Json(nullptr)}};
      // Why a card is left out whatever the count: its software, or one chip that links to none.
      if (!e.unsupported.empty()) entry["unsupported"] = e.unsupported;
      if (e.standalone) entry["standalone"] = true;
      if (!e.cannot_run.empty()) entry["cannot_run"] = e.cannot_run;
      if (!e.software_cautions.empty()) entry["software_cautions"] = e.software_cautions;
      // What the layout at that count risks (recommend's risk ids and sentences).
      if (!e.risks.empty()) {
        Json risks = Json::array();
        for (const RiskFlag& risk : e.risks) risks.push_back({{"kind", RiskId(risk.kind)}, {"text", risk.text}});
        entry["risks"] = std::move(risks);
      }
      fits.push_back(std::move(entry));
    }
    j["fits_on"] = fits;
    Json layout_risks = Json::array();
    for (const RiskFlag& risk : d.layout_risks) layout_risks.push_back({{"kind", RiskId(risk.kind)}, {"text", risk.text}});
    j["layout_risks"] = layout_risks;
    return j.dump(2) + "\n";
  }
  std::vector<Row> rows;
  for (const Figure& fig : r.memory.figures)
    rows.push_back({fig.label, Num(fig.value / kBytesPerGiB, 2, f), "GiB", fig.formula});
  rows.push_back({T.exp_total, Num(r.memory.total_bytes / kBytesPerGiB, 2, f), "GiB", T.exp_sum});
  rows.push_back({Printf(T.exp_gpu_memory, r.gpu->DisplayName(zh).c_str()), Num(r.gpu_memory_bytes / kBytesPerGiB, 2, f), "GiB",
                  T.exp_catalog});
  rows.push_back({T.exp_fits, !r.fits ? T.exp_no : r.runs_as_estimated ? T.exp_yes : T.exp_yes_memory_only, "", ""});
  // Counts (users) as whole numbers, other figures with three decimals below 100.
  for (const Figure& fig : r.compute.figures)
    rows.push_back({fig.label, Num(fig.value, fig.unit == "users" || std::fabs(fig.value) >= 100 ? 0 : 3, f),
                    UnitWord(fig.unit, T), fig.formula});
  const std::string title = Printf(T.exp_title, w.model.DisplayName(zh).c_str(), TaskPhrase(w.task, T), PrecisionLabel(w.precision), w.gpus,
                                   r.gpu->DisplayName(zh).c_str());
  std::string out = Table(rows, f, title, T);
  // The link is percent-encoded by EncodeLink (letters, digits and -_.~,:%#&= only): a page URL
  // with it is written as an autolink, a bare fragment as code.
  if (f == ExportFormat::kMarkdown)
    out += "\n" + std::string(T.exp_link) + (link.rfind("http", 0) == 0 && link.find_first_of("<> `") == std::string::npos
                              ? "<" + link + ">" : "`" + Excerpt(link, 20000) + "`") + "\n";
  return out;
}

std::string TierMapText(const AppState& s, const Catalogs& c, ExportFormat f, Language language) {
  const EngineText& T = EngineTextFor(language);
  const bool zh = language == Language::kChinese;
  const std::vector<int> shown = FilterAndSortGpus(c, s.tier_map);
  if (f == ExportFormat::kJson) {
    Json a = Json::array();
    for (int i : shown) {
      const Gpu& g = c.gpus.gpus[i];
      a.push_back({{"id", g.id}, {"name", g.name}, {"tier", static_cast<int>(c.gpu_tiers[i].tier)},
                   {"memory_gb", g.memory_gb},
                   {"memory_bandwidth_gbps", NumberOrNull(g.Published("memory_bandwidth_gbps", g.memory_bandwidth_gbps))},
                   {"bf16_dense_tflops", g.Dense16Tflops()}, {"tdp_w", NumberOrNull(g.Published("tdp_w", g.tdp_w))},
                   {"sources", g.sources}});
    }
    return a.dump(2) + "\n";
  }
  std::string out = f == ExportFormat::kMarkdown
                        ? std::string(T.exp_cards_header) + "\n| --- | ---: | ---: | ---: | ---: | ---: |\n"
                        : "card,tier,memory_gb,bandwidth_gbps,dense16_tflops,tdp_w\n";
  // A figure the vendor does not publish is an empty cell.
  auto figure = [&](const Gpu& g, const char* field, double v) { return g.IsUnpublished(field) ? std::string() : Num(v, 0, f); };
  for (int i : shown) {
    const Gpu& g = c.gpus.gpus[i];
    const std::string tier = std::to_string(static_cast<int>(c.gpu_tiers[i].tier));
    if (f == ExportFormat::kMarkdown)
      out += "| " + Md(g.DisplayName(zh)) + " | " + tier + " | " + Num(g.memory_gb, 0, f) + " | " + figure(g, "memory_bandwidth_gbps", g.memory_bandwidth_gbps) +
             " | " + Num(g.Dense16Tflops(), 1, f) + " | " + figure(g, "tdp_w", g.tdp_w) + " |\n";
    else
      out += Csv(g.DisplayName(zh)) + "," + tier + "," + Num(g.memory_gb, 0, f) + "," + figure(g, "memory_bandwidth_gbps", g.memory_bandwidth_gbps) + "," +
             Num(g.Dense16Tflops(), 1, f) + "," + figure(g, "tdp_w", g.tdp_w) + "\n";
  }
  return out;
}

}  // namespace

// The engine's sentences join figures with no-break spaces for the canvas (engine/format.hpp);
// a file for other programs gets plain ASCII spaces.
std::string ExportCalculator(const CalculatorDerived& d, const Catalogs& c, const std::string& link, ExportFormat f) {
  return PlainSpaces(CalculatorText(d, c, link, f));
}

std::string ExportTierMap(const AppState& s, const Catalogs& c, ExportFormat f, Language language) {
  return PlainSpaces(TierMapText(s, c, f, language));
}

}  // namespace atlas
