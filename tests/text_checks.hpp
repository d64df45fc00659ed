// Checks shared by the string-table tests (UI and engine) and the tests of translated output.
#pragma once

#include "engine/text/text_table.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <regex>
#include <string>
#include <utility>
#include <vector>

namespace atlas::test {

// The printf conversions of a format string in argument order ("%s", "%.1f", "%zu"; "%%"
// skipped). Positional ones ("%2$.0f", for a language that names the arguments in another order)
// are listed by their position, without it, so "%2$.0f ... %1$s" and "%s ... %.0f" compare equal.
inline std::vector<std::string> Conversions(const char* text) {
  std::vector<std::pair<int, std::string>> found;
  for (const char* p = text; *p; ++p) {
    if (*p != '%') continue;
    if (p[1] == '%') {
      ++p;
      continue;
    }
    const char* q = p + 1;
    int position = static_cast<int>(found.size()) + 1;
    const char* digits = q;
    while (*digits >= '0' && *digits <= '9') ++digits;
    if (*digits == '$' && digits > q) {
      position = std::atoi(q);
      q = digits + 1;
    }
    std::string conv = "%";
    while (*q && std::strchr("-+ #0123456789.*", *q)) conv += *q++;
    while (*q && std::strchr("hlLzjt", *q)) conv += *q++;
    if (*q) conv += *q;
    found.push_back({position, conv});
    p = *q ? q : q - 1;
  }
  std::stable_sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::string> out;
  for (const auto& f : found) out.push_back(f.second);
  return out;
}

// UTF-8 lead bytes 0xE3..0xE9 start U+3000..U+9FFF (CJK punctuation and ideographs).
inline bool HasCjk(const std::string& text) {
  for (unsigned char c : text)
    if (c >= 0xE3 && c <= 0xE9) return true;
  return false;
}

// English words left in a Chinese text: whole words (ASCII letters between spaces, brackets or
// CJK) from a list of English function words and the everyday words the
// engine and the data have leaked before ("BF16 dense", "2 GPUs", "national hub", "case A").
// Letters glued to a digit, '_', '.', '/', ':', '%', '=', '&', '#', '-' or '"' belong to a name,
// id, unit, term, field or address ("fp8_dense_tflops", "gfx94x", "tokens/s", "all-reduce",
// "et al.", "https://...") and are not words here.
// Proper nouns, formulas and units (NVIDIA, LoRA, TFLOPS, Transformer Engine) are not listed.
// Quotations in “…” stay as written. Keep in step with tests/browser/chinese_text.test.mjs
// (englishWords).
inline std::vector<std::string> EnglishWords(const std::string& text) {
  static const char* const kWords[] = {
      "the", "of", "and", "to", "with", "for", "on", "in", "is", "are", "per", "by", "from", "at", "an", "not",
      "this", "that", "be", "no", "or", "only", "as", "it", "its", "than", "more", "has", "have", "was", "were",
      "will", "can", "into", "over", "when", "which", "each", "all", "any", "but", "if", "these", "those",
      "their", "there", "used", "uses", "need", "needs", "gives", "without", "below", "above", "after", "before",
      "under", "between", "dense", "sparse", "weights", "dequantised", "national", "hub", "case", "guide",
      "gpus", "cards", "card", "node", "nodes", "hours", "hour", "month", "months", "year", "years", "price",
      "prices", "cost", "total", "memory", "training", "inference", "efficiency", "estimate", "source",
      "sources", "note", "notes", "found", "recorded", "public", "monthly", "hourly", "container", "server",
      "purchase", "rent", "quote", "quotes", "seller", "sellers", "region", "market", "power", "energy",
      "optimizer", "activations", "gradients", "overhead", "unified", "family", "gen", "dies", "days", "step",
      "steps", "fits", "needed", "required", "assumed", "default", "edited", "bit", "bits", "chiplet", "street"};
  auto glue = [](char ch) {
    return (ch >= '0' && ch <= '9') || ch == '_' || ch == '.' || ch == '/' || ch == ':' || ch == '%' || ch == '=' ||
           ch == '&' || ch == '#' || ch == '-' || ch == '"';
  };
  auto letter = [](char ch) { return (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z'); };
  std::vector<std::string> found;
  bool quoted = false;  // inside “…”: a quotation (a vendor's footnote) stays as written
  for (size_t i = 0; i < text.size();) {
    if (text.compare(i, 3, "\xE2\x80\x9C") == 0 || text.compare(i, 3, "\xE2\x80\x9D") == 0) {
      quoted = text[i + 2] == '\x9C';
      i += 3;
      continue;
    }
    if (!letter(text[i]) || quoted) {
      ++i;
      continue;
    }
    size_t end = i;
    while (end < text.size() && letter(text[end])) ++end;
    const bool glued = (i > 0 && glue(text[i - 1])) || (end < text.size() && glue(text[end]));
    std::string word = text.substr(i, end - i);
    for (char& ch : word) ch = static_cast<char>(ch >= 'A' && ch <= 'Z' ? ch - 'A' + 'a' : ch);
    // "gpus" and "hours" written in lower case are the request's field names (validation messages).
    const bool field_name = text.compare(i, end - i, "gpus") == 0 || text.compare(i, end - i, "hours") == 0;
    if (!glued && !field_name)
      for (const char* w : kWords)
        if (word == w) found.push_back(text.substr(i, end - i));
    i = end;
  }
  return found;
}

// A printf conversion that reached the reader, or a number that is not one.
inline bool HasArtefact(const std::string& text) {
  static const std::regex conversion("%[-+ #0-9.]*[hlLzjt]*[sdfgu]");
  static const std::regex not_a_number("(^|[^A-Za-z])(nan|NaN|NAN|inf|Inf|INF)([^A-Za-z]|$)");
  return std::regex_search(text, conversion) || std::regex_search(text, not_a_number);
}

// Every id has both languages, non-empty, with the same printf conversions (a mismatch would
// make Printf or ImGui::Text read the wrong argument type), no "###" ImGui ids in the words,
// and at least `min_translated` of the Chinese entries hold Chinese characters.
inline void CheckTextTable(const TextEntry* entries, std::size_t count, const char* zh_folder,
                           double min_translated) {
  REQUIRE(count > 20);
  std::size_t translated = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const TextEntry& e = entries[i];
    INFO("id " << e.id);
    REQUIRE(e.english != nullptr);
    CHECK(std::strlen(e.english) > 0);
    REQUIRE_MESSAGE(e.chinese != nullptr, zh_folder << " lacks " << e.id);
    CHECK(std::strlen(e.chinese) > 0);
    CHECK(Conversions(e.english) == Conversions(e.chinese));
    CHECK(std::strstr(e.english, "###") == nullptr);
    CHECK(std::strstr(e.chinese, "###") == nullptr);
    // Counts: English names both forms after the number ("%d {change|changes}", engine/plural.hpp),
    // never "change(s)"; Chinese counts with measure words and has no such groups.
    static const std::regex half_plural("[A-Za-z]\\(s\\)");
    static const std::regex group("\\{[^{}|]*\\|[^{}|]*\\}");
    // (the number and its noun joined by a no-break space, as every count in the templates is)
    static const std::regex counted_group("(%[-+ #0-9.]*[hlLzjt]*[dusf]|[0-9])( |\u00A0)\\{[^{}|]*\\|[^{}|]*\\}");
    CHECK_FALSE(std::regex_search(e.english, half_plural));
    CHECK_FALSE(std::regex_search(e.chinese, group));
    const std::string english = e.english;
    CHECK(std::distance(std::sregex_iterator(english.begin(), english.end(), group), std::sregex_iterator()) ==
          std::distance(std::sregex_iterator(english.begin(), english.end(), counted_group), std::sregex_iterator()));
    if (HasCjk(e.chinese)) ++translated;
    // A Chinese entry holds no English words (quotations of the guides stay as written).
    if (std::strstr(e.id, "_quote") == nullptr) CHECK(EnglishWords(e.chinese).empty());
  }
  CHECK(static_cast<double>(translated) >= min_translated * static_cast<double>(count));
}

}  // namespace atlas::test
