// A calculator value a link could not use is explained in the reader's language: the request's
// own checks are worded when drawn (never the engine's English inside the Chinese page), and the
// field reader's range and choice checks become the link notices' own codes (issue 17).
#include "app/share_link.hpp"
#include "app/link_notice.hpp"
#include "test_support.hpp"

#include <doctest/doctest.h>

#include <string>

namespace link_notice_language_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;

namespace {

std::string NoticeFor(const std::vector<LinkNotice>& notices, const std::string& key, Language language) {
  for (const LinkNotice& n : notices) {
    const std::string english = Worded(n, Language::kEnglish);
    if (english.rfind(key, 0) == 0) return Worded(n, language);
  }
  return "";
}

}  // namespace

TEST_CASE("refused calculator link values are worded in Chinese and in English") {
  const Catalogs& c = test::RealCatalogs();
  const LinkDecode d = DecodeLink(
      "#v=1&view=calculator&calc.model=llama-3.1-8b&calc.task=inference&calc.gpus=4&calc.tp=3&calc.batch=-4&calc.precision=fp7", c);
  // tp = 3 does not divide the model's 32 heads: the request's check, in each language.
  const std::string tp_zh = NoticeFor(d.notices, "calc.tp", Language::kChinese);
  const std::string tp_en = NoticeFor(d.notices, "calc.tp", Language::kEnglish);
  CHECK(tp_zh.find("注意力头") != std::string::npos);
  CHECK(tp_zh.find("保留默认值") != std::string::npos);
  CHECK(tp_en.find("does not divide the model's 32 attention heads") != std::string::npos);
  // batch = -4 is below the reader's range; precision fp7 is not a choice.
  const std::string batch_zh = NoticeFor(d.notices, "calc.batch", Language::kChinese);
  CHECK(batch_zh.find("小于允许的最小值 1") != std::string::npos);
  CHECK(NoticeFor(d.notices, "calc.batch", Language::kEnglish).find("below the smallest allowed, 1") != std::string::npos);
  const std::string precision_zh = NoticeFor(d.notices, "calc.precision", Language::kChinese);
  CHECK(precision_zh.find("\"fp7\" 不是可选值") != std::string::npos);
  CHECK(precision_zh.find("bf16") != std::string::npos);  // the choices' ids stay as written
  // No notice carries the engine's English into Chinese.
  for (const std::string& n : Worded(d.notices, Language::kChinese)) {
    INFO(n);
    for (const char* english : {"outside the allowed range", "expected one of", "does not divide", "must be", "default kept"})
      CHECK(n.find(english) == std::string::npos);
  }
  // The valid fields were kept.
  CHECK(d.state.calculator.workload.gpus == 4);
}

TEST_CASE("a workload's failed check in a notice compares by value and words nothing when it passes") {
  Workload w;
  const NoticeArg a(w), b(w);
  CHECK(a == b);
  const LinkNotice ok{&EngineText::link_field_refused, {"calculator.x", NoticeArg(w)}};
  // A workload that passes its checks leaves the reason empty rather than inventing one.
  CHECK(Worded(ok, Language::kEnglish).rfind("calculator.x: ", 0) == 0);
}

}  // namespace link_notice_language_test
