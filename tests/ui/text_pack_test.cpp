// Text packs (src/ui/text/text_pack.hpp): what the web build fetches instead of compiling in.
#include "engine/json_reader.hpp"
#include "engine/text/engine_text.hpp"
#include "ui/text/text_pack.hpp"
#include "ui/text/ui_text.hpp"

#include <doctest/doctest.h>

#include <algorithm>

namespace text_pack_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;

namespace {

Json Pack(Language language) { return Json::parse(ui::TextPackJson(language)); }

}  // namespace

TEST_CASE("a text pack holds every field of both tables, in the pack's language") {
  const Json zh = Pack(Language::kChinese);
  CHECK(zh["format"] == 1);
  CHECK(zh["language"] == "zh");
  REQUIRE(zh["ui"].size() == ui::UiTextFieldCount());
  REQUIRE(zh["engine"].size() == EngineTextFieldCount());
  const auto has = [](const Json& list, const char* text) { return std::find(list.begin(), list.end(), text) != list.end(); };
  CHECK(has(zh["ui"], ui::TextFor(Language::kChinese).data_load_failed));
  CHECK(has(zh["engine"], EngineTextFor(Language::kChinese).word_market_cn));
  const Json en = Pack(Language::kEnglish);
  CHECK(has(en["ui"], "The data files could not be loaded:"));
}

TEST_CASE("a well-formed pack installs; a pack from the other language does not") {
  CHECK(ui::InstallTextPack(ui::TextPackJson(Language::kChinese), Language::kChinese) == "");
  CHECK(ui::InstallTextPack(ui::TextPackJson(Language::kEnglish), Language::kEnglish) == "");
  CHECK(ui::InstallTextPack(ui::TextPackJson(Language::kEnglish), Language::kChinese) == "text pack: not the zh pack");
}

TEST_CASE("a broken or mismatched pack is refused with what is wrong") {
  CHECK(ui::InstallTextPack("", Language::kChinese) != "");
  CHECK(ui::InstallTextPack("{\"format\": 1", Language::kChinese).find("not valid JSON") != std::string::npos);
  CHECK(ui::InstallTextPack("[1, 2]", Language::kChinese) == "text pack: not a JSON object");
  Json pack = Pack(Language::kChinese);
  pack["format"] = 2;
  CHECK(ui::InstallTextPack(pack.dump(), Language::kChinese) == "text pack: unknown format (this build reads format 1)");
  pack = Pack(Language::kChinese);
  pack["ui"].erase(pack["ui"].size() - 1);  // a pack from another build
  CHECK(ui::InstallTextPack(pack.dump(), Language::kChinese) == "text pack: the UI's words do not match this build");
  pack = Pack(Language::kChinese);
  pack["engine"][3] = 42;
  CHECK(ui::InstallTextPack(pack.dump(), Language::kChinese) == "text pack: \"engine\" holds a non-string");
  pack.erase("ui");
  CHECK(ui::InstallTextPack(pack.dump(), Language::kChinese) == "text pack: \"ui\" is not an array");
}

}  // namespace text_pack_test
