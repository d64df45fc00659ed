// A link notice (what a shared link could not restore, and why) as a code and its arguments,
// worded when it is shown: the page words it in the UI's language each frame (so a language
// switch, or the Chinese words arriving after start-up, re-words it), the CLI and tests in
// English. The words live in the engine's tables (engine/text/*/link.def): one format of `%s`
// conversions per notice, each argument either literal text (a key, a quoted value, a number)
// or a word of the tables ("card", "region") looked up in the same language.
#pragma once

#include "engine/language.hpp"
#include "engine/json_reader.hpp"
#include "engine/text/engine_text.hpp"
#include "engine/workload.hpp"

#include <memory>

#include <string>
#include <vector>

namespace atlas {

struct NoticeArg {
  std::string literal;                     // shown as is (already bounded, see message_text.hpp)
  const char* EngineText::*word = nullptr;  // else this word of the tables
  // else the first check this workload fails (ValidateWorkload), worded in the notice's language
  std::shared_ptr<const Workload> failed_check;
  NoticeArg(std::string text) : literal(std::move(text)) {}
  NoticeArg(const char* text) : literal(text) {}
  NoticeArg(const char* EngineText::*id) : word(id) {}
  explicit NoticeArg(Workload failing) : failed_check(std::make_shared<const Workload>(std::move(failing))) {}
  bool operator==(const NoticeArg& o) const {
    return literal == o.literal && word == o.word && (failed_check == o.failed_check || (failed_check && o.failed_check && *failed_check == *o.failed_check));
  }
};

struct LinkNotice {
  const char* EngineText::*text = nullptr;  // the format; nullptr: no notice (a value was read)
  std::vector<NoticeArg> args;              // one per %s, in order
  bool empty() const { return text == nullptr; }
  bool operator==(const LinkNotice&) const = default;
};

// The notice in `language`: each %s replaced by its argument, "%%" by "%", bounded in length.
std::string Worded(const LinkNotice& notice, Language language);

// A link's number as its notice echoes it: the shortest text that reads back to it, with the
// exponent as people write it ("1e300", "2.5e-7"; Shortest's %g wrote "1e+300" for a link's
// "1e300"). Here, not in Shortest, which the first frame holds.
std::string NumberAsTyped(const Json& number);
// A number's exponent as people type it: "1e+14" -> "1e14", "2.5e-07" -> "2.5e-7".
std::string TypedExponent(std::string number);
std::vector<std::string> Worded(const std::vector<LinkNotice>& notices, Language language);
// The English wording (the CLI, exports' warnings and tests).
std::vector<std::string> English(const std::vector<LinkNotice>& notices);

}  // namespace atlas
