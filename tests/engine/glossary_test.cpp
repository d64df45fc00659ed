// The glossary (src/ui/text/glossary.md) is followed by every Chinese text file: no entry of
// src/ui/text/zh/*.def or src/engine/text/zh/*.def uses a forbidden synonym, and neither does a
// Chinese text of the data (every "*_zh" field of data/*.json the app loads).
#include "test_support.hpp"
#include "text_checks.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace glossary_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

namespace {

struct GlossaryRow {
  std::string english, chinese;
  std::vector<std::string> forbidden;
};

std::string Trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t");
  const auto e = s.find_last_not_of(" \t");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

std::vector<std::string> Split(const std::string& s, char sep) {
  std::vector<std::string> parts;
  std::stringstream in(s);
  for (std::string part; std::getline(in, part, sep);) parts.push_back(Trim(part));
  return parts;
}

// The rows of the glossary's table ("| English | 中文 | a, b |"), header and rule skipped.
std::vector<GlossaryRow> ParseGlossary(const std::string& markdown) {
  std::vector<GlossaryRow> rows;
  std::stringstream in(markdown);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("| ", 0) != 0) continue;
    std::vector<std::string> cells = Split(line.substr(1), '|');
    if (cells.size() < 3 || cells[0] == "English" || cells[0].rfind("---", 0) == 0) continue;
    GlossaryRow row{cells[0], cells[1], {}};
    for (const std::string& f : Split(cells[2], ','))
      if (!f.empty()) row.forbidden.push_back(f);
    rows.push_back(row);
  }
  return rows;
}

// The forbidden synonyms `text` uses: a forbidden word counts unless it is part of a preferred
// term of the glossary (梯度检查点 holds 检查点; 裸金属（包月） holds 包月).
std::vector<std::string> ForbiddenIn(std::string text, const std::vector<GlossaryRow>& rows) {
  std::vector<std::string> found;
  for (const GlossaryRow& row : rows)
    for (const std::string& f : row.forbidden) {
      std::string rest = text;
      for (const GlossaryRow& other : rows)
        if (other.chinese.find(f) != std::string::npos)
          for (auto at = rest.find(other.chinese); at != std::string::npos; at = rest.find(other.chinese, at))
            rest.replace(at, other.chinese.size(), "\x01");
      if (rest.find(f) != std::string::npos) found.push_back(f + " (use " + row.chinese + ")");
    }
  return found;
}

std::string ReadFile(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

const std::filesystem::path kSource = ATLAS_SOURCE_DIR;

std::vector<GlossaryRow> Glossary() { return ParseGlossary(ReadFile(kSource / "src/ui/text/glossary.md")); }

}  // namespace

TEST_CASE("the glossary parses into rows with Chinese terms and forbidden synonyms") {
  const std::vector<GlossaryRow> rows = Glossary();
  REQUIRE(rows.size() >= 15);
  bool duty = false;
  for (const GlossaryRow& r : rows) {
    CHECK(!r.chinese.empty());
    if (r.chinese == "占空比") duty = r.forbidden == std::vector<std::string>{"使用率"};
  }
  CHECK(duty);
}

TEST_CASE("ForbiddenIn finds a synonym, and spares the preferred term that contains it") {
  const std::vector<GlossaryRow> rows = Glossary();
  CHECK(ForbiddenIn("开启梯度检查点", rows).empty());
  CHECK(ForbiddenIn("开启检查点", rows).size() == 1);
  CHECK(ForbiddenIn("裸金属（包月）与包年包月", rows).empty());
  CHECK(ForbiddenIn("包月服务器", rows).size() == 2);  // 包月服务器, and 包月 itself
  CHECK(ForbiddenIn("使用率 80%", rows).size() == 1);
  CHECK(ForbiddenIn("海外平台 5 token/s", rows).size() == 2);
  CHECK(ForbiddenIn("境外平台 5 tokens/s", rows).empty());
}

TEST_CASE("every Chinese text file follows the glossary") {
  const std::vector<GlossaryRow> rows = Glossary();
  int entries = 0;
  for (const char* folder : {"src/ui/text/zh", "src/engine/text/zh"}) {
    for (const auto& file : std::filesystem::directory_iterator(kSource / folder)) {
      if (file.path().extension() != ".def") continue;
      std::stringstream in(ReadFile(file.path()));
      for (std::string line; std::getline(in, line);) {
        if (line.rfind("ATLAS_TEXT(", 0) != 0) continue;
        const std::string id = line.substr(11, line.find(',') - 11);
        if (id.find("_quote") != std::string::npos) continue;  // the guides' own words
        ++entries;
        const std::string text = line.substr(line.find('"'));  // the words, not the id
        for (const std::string& f : ForbiddenIn(text, rows))
          FAIL_CHECK((file.path().filename().string() + " " + id + ": " + f));
      }
    }
  }
  CHECK(entries > 500);
}

// The data's Chinese texts ("*_zh" fields: names of service forms, notes of cards, software and
// price searches) are drawn beside the UI's words: the same glossary applies.
namespace {

void CollectChinese(const atlas::Json& j, const std::string& path, std::vector<std::pair<std::string, std::string>>& out) {
  if (j.is_object()) {
    for (const auto& item : j.items()) {
      if (item.value().is_string() && item.key().size() > 3 && item.key().compare(item.key().size() - 3, 3, "_zh") == 0)
        out.emplace_back(path + "." + item.key(), item.value().get<std::string>());
      else
        CollectChinese(item.value(), path + "." + item.key(), out);
    }
  } else if (j.is_array()) {
    for (size_t i = 0; i < j.size(); ++i) CollectChinese(j[i], path + "[" + std::to_string(i) + "]", out);
  }
}

}  // namespace

TEST_CASE("every Chinese text of the data follows the glossary and holds no English words") {
  const std::vector<GlossaryRow> rows = Glossary();
  size_t texts = 0;
  for (const char* file : {"gpus", "models", "pricing", "pricing_gaps", "regions", "software"}) {
    std::vector<std::pair<std::string, std::string>> chinese;
    CollectChinese(atlas::Json::parse(atlas::test::ReadSourceFile(std::string("data/") + file + ".json")), file, chinese);
    CHECK(!chinese.empty());
    texts += chinese.size();
    for (const auto& [where, text] : chinese) {
      for (const std::string& f : ForbiddenIn(text, rows)) FAIL_CHECK(std::string(where + ": " + f));
      for (const std::string& w : atlas::test::EnglishWords(text)) FAIL_CHECK(std::string(where + ": English word \"" + w + "\" in " + text));
    }
  }
  CHECK(texts > 400);
  // The check can fail: a service form named with a forbidden synonym is found.
  std::vector<std::pair<std::string, std::string>> bad;
  CollectChinese(atlas::Json::parse(R"({"service_forms": [{"name_zh": "GPU容器（按量）"}]})"), "t", bad);
  REQUIRE(bad.size() == 1);
  CHECK(!ForbiddenIn(bad[0].second, rows).empty());
}

}  // namespace glossary_test
