#include "link_notice.hpp"

#include "engine/estimate.hpp"
#include "engine/message_text.hpp"

namespace atlas {

std::string Worded(const LinkNotice& notice, Language language) {
  if (!notice.text) return "";
  const EngineText& words = EngineTextFor(language);
  const std::string format = words.*notice.text;
  std::string out;
  size_t next = 0;
  for (size_t i = 0; i < format.size(); ++i) {
    if (format[i] != '%' || i + 1 >= format.size()) {
      out += format[i];
      continue;
    }
    const char c = format[++i];
    if (c == 's') {
      if (next < notice.args.size()) {
        const NoticeArg& a = notice.args[next];
        if (a.failed_check) {
          const std::vector<std::string> failed = ValidateWorkload(*a.failed_check, language);
          if (!failed.empty()) out += failed.front();
        } else {
          out += a.word ? words.*a.word : a.literal;
        }
      }
      ++next;
    } else {
      out += c == '%' ? "%" : std::string("%") + c;
    }
  }
  return BoundMessage(out);
}

std::vector<std::string> Worded(const std::vector<LinkNotice>& notices, Language language) {
  std::vector<std::string> out;
  out.reserve(notices.size());
  for (const LinkNotice& n : notices) out.push_back(Worded(n, language));
  return out;
}

std::vector<std::string> English(const std::vector<LinkNotice>& notices) {
  return Worded(notices, Language::kEnglish);
}

std::string TypedExponent(std::string out) {
  if (const size_t e = out.find('e'); e != std::string::npos && e + 1 < out.size()) {
    size_t digit = e + 1;
    if (out[digit] == '+') out.erase(digit, 1);
    else if (out[digit] == '-') ++digit;
    while (digit + 1 < out.size() && out[digit] == '0') out.erase(digit, 1);
  }
  return out;
}

std::string NumberAsTyped(const Json& number) { return TypedExponent(NumberAsWritten(number)); }

}  // namespace atlas
