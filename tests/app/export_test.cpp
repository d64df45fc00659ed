// Exports: user text never becomes markup or a formula, numbers come from the one formatter.
#include "app/calculator_model.hpp"
#include "app/export.hpp"
#include "app/share_link.hpp"
#include "engine/format.hpp"
#include "test_support.hpp"
#include "text_checks.hpp"

#include <doctest/doctest.h>

#include <cctype>
#include <cmath>
#include <limits>
#include <regex>
#include <sstream>
#include <utility>
#include <vector>

namespace export_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;

namespace {

// The calculator state with a custom model named `name`.
CalculatorDerived Derived(const std::string& name, AppState& s) {
  const Catalogs& c = test::RealCatalogs();
  s.calculator.model_preset.clear();
  s.calculator.workload.model = *c.models.Find("llama-3.1-8b");
  s.calculator.workload.model.id = "custom";
  s.calculator.workload.model.name = name;
  s.calculator.workload.task = Task::kPretrain;
  s.calculator.workload.train_tokens = 15e12;
  NormalizeCalculator(s.calculator, c);
  CalculatorDerived d;
  UpdateCalculatorDerived(s, c, d, Language::kEnglish);
  REQUIRE(d.valid);
  return d;
}

bool Has(const std::string& text, const std::string& needle) { return text.find(needle) != std::string::npos; }

}  // namespace

TEST_CASE("one number formatter: grouped, readable at any magnitude, plain for machines") {
  CHECK(Grouped(120000) == "120,000");
  CHECK(Grouped(1234.5, 1) == "1,234.5");
  CHECK(Grouped(-0.0001, 2) == "0.00");
  CHECK(Grouped(-1234567) == "-1,234,567");
  CHECK(Grouped(1e300).size() > 300);  // no fixed buffer cuts it
  CHECK(Grouped(std::nan("")) == "-");
  // For people a figure is joined by no-break spaces (one figure, never wrapped); PlainSpaces
  // writes it for machines and files.
  CHECK(Readable(1.9014257459200002e23) == "1.9\u00A0×\u00A010²³");
  CHECK(PlainSpaces(Readable(9.996e22)) == "1 × 10²³");
  CHECK(PlainSpaces(Readable(2.05e15)) == "2.05 × 10¹⁵");
  CHECK(Readable(999999999999999) == "999,999,999,999,999");
  CHECK(Quantity(1.9014257459200002e23, "FLOP") == "1.9\u00A0×\u00A010²³\u00A0FLOP");
  CHECK(Quantity(120000, "CNY/card") == "120,000\u00A0CNY/card");
  CHECK(PlainSpaces(Quantity(120000, "CNY/card")) == "120,000 CNY/card");
  CHECK(PlainSpaces("") == "");
  CHECK(PlainSpaces("a\u00A0\u00A0b 中\u00A0") == "a  b 中 ");
  CHECK(Quantity(std::numeric_limits<double>::infinity(), "s") == "-");
  CHECK(Plain(120000) == "120000");
  CHECK(Plain(14.9612345) == "14.9612");
  CHECK(Plain(1.9014257459200002e23) == "1.90143e+23");
  CHECK(Plain(-0.0) == "0");
  CHECK(Plain(std::nan("")) == "");
  // The Chinese style is the English one until its own is added (the parameter is in place).
  CHECK(Grouped(120000, 0, Language::kChinese) == "120,000");
}

TEST_CASE("Markdown export: a model name is text, never HTML or a link") {
  const Catalogs& c = test::RealCatalogs();
  AppState s;
  const std::string hostile = "<img src=x onerror=alert(1)> [click](javascript:alert(1)) www.evil.example | *x*\nrow";
  const CalculatorDerived d = Derived(hostile, s);
  const std::string md = ExportCalculator(d, c, "https://host/atlas/" + EncodeLink(s, c), ExportFormat::kMarkdown);
  CHECK_FALSE(Has(md, "<img"));
  CHECK(Has(md, "&lt;img src=x onerror=alert(1)&gt;"));
  // Outside the link (a https URL whose fragment holds the name percent-encoded): no link syntax.
  const std::string body = md.substr(0, md.find("\nLink: "));
  CHECK(Has(body, "\\[click\\](javascript\\:alert(1))"));  // brackets escaped: no link
  CHECK_FALSE(std::regex_search(body, std::regex("[^\\\\]\\]\\(")));  // no unescaped "]("
  CHECK_FALSE(Has(body, "javascript:"));
  CHECK_FALSE(Has(body, "www.evil"));
  CHECK_FALSE(Has(body, "*x*"));
  CHECK_FALSE(Has(body, "\nrow"));
  CHECK(Has(md, "Link: <https://host/atlas/#v=1&"));
  // Numbers: no 24-digit integers, no e+ notation.
  CHECK(Has(md, "× 10"));
  CHECK_FALSE(Has(md, "e+"));
  CHECK_FALSE(Has(md, "000000000000000000"));
}

TEST_CASE("CSV export: cells that would be formulas are neutralised") {
  const Catalogs& c = test::RealCatalogs();
  for (const std::string name : {"=HYPERLINK(\"http://x\",\"y\")", "+1+1", "-2+3", "@SUM(A1)", "\tx", "\rx"}) {
    CAPTURE(name);
    AppState s;
    const CalculatorDerived d = Derived(name, s);
    const std::string csv = ExportCalculator(d, c, EncodeLink(s, c), ExportFormat::kCsv);
    // The title row is not in CSV; the GPU row names the card. The model name appears in no cell
    // unescaped: every line's cells start with something other than = + - @ tab CR.
    for (size_t start = 0; start < csv.size();) {
      size_t end = csv.find('\n', start);
      if (end == std::string::npos) end = csv.size();
      const std::string line = csv.substr(start, end - start);
      size_t cell = 0;
      while (cell <= line.size()) {
        size_t comma = line.find(',', cell);
        if (comma == std::string::npos) comma = line.size();
        if (comma > cell) {
          const char first = line[cell] == '"' && cell + 1 < line.size() ? line[cell + 1] : line[cell];
          const bool numeric = (first == '-' && cell + 1 < line.size() && std::isdigit(static_cast<unsigned char>(line[cell + 1])));
          if (!numeric) CHECK(std::string("=+-@\t\r").find(first) == std::string::npos);
        }
        cell = comma + 1;
      }
      start = end + 1;
    }
  }
  // Tier map rows: a card whose name is a formula.
  Catalogs hostile = c;
  hostile.gpus.gpus[0].name = "=cmd|' /C calc'!A0";
  AppState s;
  const std::string csv = ExportTierMap(s, hostile, ExportFormat::kCsv);
  CHECK(Has(csv, "\"'=cmd|' /C calc'!A0\""));
  const std::string md = ExportTierMap(s, hostile, ExportFormat::kMarkdown);
  CHECK(Has(md, "=cmd\\|' /C calc'!A0"));
}

TEST_CASE("exports print readable numbers: FLOPs as a power of ten, money and counts grouped") {
  const Catalogs& c = test::RealCatalogs();
  AppState s;
  const CalculatorDerived d = Derived("Big run", s);
  const std::string md = ExportCalculator(d, c, EncodeLink(s, c), ExportFormat::kMarkdown);
  CHECK(Has(md, "| Training compute | "));
  const size_t row = md.find("| Training compute | ");
  const std::string line = md.substr(row, md.find('\n', row) - row);
  CHECK(Has(line, " × 10²³ | FLOP |"));
  const std::string csv = ExportCalculator(d, c, EncodeLink(s, c), ExportFormat::kCsv);
  CHECK(Has(csv, "Training compute,"));
  CHECK(Has(csv, "e+23,FLOP,"));
}

TEST_CASE("exports follow the language shown: Chinese headings, rows, units and card names") {
  const Catalogs& c = test::RealCatalogs();
  AppState s;
  s.calculator.workload.task = Task::kInference;
  s.calculator.workload.gpu = "h20";
  NormalizeCalculator(s.calculator, c);
  CalculatorDerived zh, en;
  UpdateCalculatorDerived(s, c, zh, Language::kChinese);
  UpdateCalculatorDerived(s, c, en, Language::kEnglish);
  REQUIRE(zh.valid);
  const std::string md = ExportCalculator(zh, c, "#v=1", ExportFormat::kMarkdown);
  CHECK(Has(md, "### GPU Atlas 估算："));
  CHECK(Has(md, "| 项目 | 数值 | 单位 | 算法 |"));
  CHECK(Has(md, "每卡合计"));
  CHECK(Has(md, "放得下"));
  CHECK(Has(md, "\n链接："));
  CHECK_FALSE(Has(md, "Total per GPU"));
  CHECK_FALSE(Has(md, "| item |"));
  const std::string csv = ExportCalculator(zh, c, "#v=1", ExportFormat::kCsv);
  CHECK(Has(csv, "item,value,unit,how\n"));  // column names are identifiers
  CHECK(Has(csv, "每卡合计"));
  const std::string md_en = ExportCalculator(en, c, "#v=1", ExportFormat::kMarkdown);
  CHECK(Has(md_en, "| item | value | unit | how |"));
  CHECK(Has(md_en, "Total per GPU"));
  const std::string cards = ExportTierMap(s, c, ExportFormat::kMarkdown, Language::kChinese);
  CHECK(Has(cards, "| 型号 | 梯队 |"));
  CHECK(Has(ExportTierMap(s, c, ExportFormat::kMarkdown), "| card | tier |"));
}

TEST_CASE("Chinese exports hold no English words: every line of the estimate and the card list (Share view)") {
  const Catalogs& c = test::RealCatalogs();
  std::vector<std::string> exports;
  for (Task task : {Task::kFullFinetune, Task::kQlora, Task::kInference}) {
    for (const char* gpu : {"h20", "ascend-910b", "mlu370-x8"}) {
      AppState s;
      s.calculator.workload.task = task;
      s.calculator.workload.gpu = gpu;
      s.calculator.workload.gpus = 2;
      NormalizeCalculator(s.calculator, c);
      CalculatorDerived zh;
      UpdateCalculatorDerived(s, c, zh, Language::kChinese);
      REQUIRE(zh.valid);
      for (ExportFormat f : {ExportFormat::kMarkdown, ExportFormat::kCsv})
        exports.push_back(ExportCalculator(zh, c, EncodeLink(s, c), f));
    }
  }
  AppState s;
  exports.push_back(ExportTierMap(s, c, ExportFormat::kMarkdown, Language::kChinese));
  exports.push_back(ExportTierMap(s, c, ExportFormat::kCsv, Language::kChinese));
  for (const std::string& e : exports) {
    std::istringstream lines(e);
    for (std::string line; std::getline(lines, line);) {
      // The link and the CSV headers (column identifiers: "item,…", the card list's "card,tier,…") are machine text.
      if (line.rfind("item,", 0) == 0 || line.rfind("card,tier,", 0) == 0 || line.find("#v=1") != std::string::npos) continue;
      INFO(line);
      CHECK(test::EnglishWords(line).empty());
    }
  }
}

TEST_CASE("Markdown export escapes only what Markdown needs, and prints counts as whole numbers") {
  const Catalogs& c = test::RealCatalogs();
  AppState s;
  // Punctuation that forms no markup on its own stays as written (new-user trial: "\(" in output).
  const std::string name = "Llama 3.1 (8B): \"tuned\" + v2! {draft} #1 full_finetune 50% & co";
  const CalculatorDerived d = Derived(name, s);
  const std::string md = ExportCalculator(d, c, "#v=1", ExportFormat::kMarkdown);
  CHECK(Has(md, "Llama 3.1 (8B): \"tuned\" + v2! {draft} \\#1 full_finetune 50% &amp; co"));
  CHECK_FALSE(Has(md, "\\("));
  CHECK_FALSE(Has(md, "\\)"));
  // What would be markup still is not: links, autolinks, e-mail, emphasis, code, tables, HTML.
  for (const auto& [raw, escaped] : std::vector<std::pair<std::string, std::string>>{
           {"[x](javascript:alert(1))", "\\[x\\](javascript\\:alert(1))"},
           {"https://evil.example", "https\\://evil.example"},
           {"mail me@evil.example", "mail me\\@evil.example"},
           {"www.evil.example", "www\\.evil.example"},
           {"*bold* _it_ `code` ~~x~~", "\\*bold\\* \\_it\\_ \\`code\\` \\~\\~x\\~\\~"},
           {"a|b", "a\\|b"},
           {"<b>x</b>", "&lt;b&gt;x&lt;/b&gt;"}}) {
    const std::string& raw_text = raw;  // clang 14 cannot capture a structured binding (CAPTURE is a lambda)
    CAPTURE(raw_text);
    AppState si;
    const std::string out = ExportCalculator(Derived(raw, si), c, "#v=1", ExportFormat::kMarkdown);
    CHECK(Has(out, escaped));
  }
  // Serving: the concurrent users are a count ("67", never "67.000").
  AppState serve;
  serve.calculator.workload.task = Task::kInference;
  serve.calculator.workload.gpu = "h100-sxm";
  NormalizeCalculator(serve.calculator, c);
  CalculatorDerived sd;
  UpdateCalculatorDerived(serve, c, sd, Language::kEnglish);
  REQUIRE(sd.valid);
  const std::string smd = ExportCalculator(sd, c, "#v=1", ExportFormat::kMarkdown);
  const size_t users = smd.find(" | users |");
  REQUIRE(users != std::string::npos);
  const std::string value = smd.substr(smd.rfind("| ", users - 1) + 2, users - smd.rfind("| ", users - 1) - 2);
  CAPTURE(value);
  CHECK(value.find('.') == std::string::npos);
  CHECK_FALSE(value.empty());
}

}  // namespace export_test
