#include "share_link.hpp"

#include "app/calculator_model.hpp"
#include "app/state_json.hpp"
#include "engine/estimate_request.hpp"
#include "engine/message_text.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace atlas {

namespace {

// Section prefixes in the link, and the JSON section each stands for.
constexpr std::pair<const char*, const char*> kSections[] = {
    {"calc", "calculator"}, {"tier", "tiers"}, {"walk", "walkthrough"}, {"cost", "cost"}};

// StateFromJson names a field by its state section ("calculator.seq_len", as the CLI's JSON
// writes it); a link's reader has the link's key in the address bar ("calc.seq_len"), so a
// notice about a link names the key as the link wrote it.
void NameFieldsAsInLink(std::vector<LinkNotice>& notices) {
  for (LinkNotice& notice : notices)
    for (NoticeArg& arg : notice.args)
      for (const auto& [prefix, name] : kSections) {
        const size_t n = std::strlen(name);
        if (arg.literal.compare(0, n, name) == 0 && (arg.literal.size() == n || arg.literal[n] == '.')) {
          arg.literal = prefix + arg.literal.substr(n);
          break;
        }
      }
}

std::string ValueText(const Json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
  if (v.is_number_integer() || v.is_number_float()) return NumberAsTyped(v);
  if (v.is_array()) {
    std::string out;
    for (const Json& item : v) out += (out.empty() ? "" : ",") + ValueText(item);
    return out;
  }
  return "";
}

// A link value back to JSON: true/false, numbers, else a string.
Json ValueJson(const std::string& s) {
  if (s == "true") return true;
  if (s == "false") return false;
  if (!s.empty() && s.size() < 32) {
    char* end = nullptr;
    const double d = std::strtod(s.c_str(), &end);
    if (end == s.c_str() + s.size() && std::isfinite(d) && s.find_first_of("xXpP") == std::string::npos &&
        s != "inf" && s != "nan") {
      if (d == std::floor(d) && std::fabs(d) < 9e15) return static_cast<long long>(d);
      return d;
    }
  }
  return s;
}

void Flatten(const Json& now, const Json& defaults, const std::string& prefix, std::string& out) {
  for (auto it = now.begin(); it != now.end(); ++it) {
    const Json* def = defaults.is_object() && defaults.contains(it.key()) ? &defaults[it.key()] : nullptr;
    if (it->is_object()) {
      Flatten(*it, def ? *def : Json(), prefix + it.key() + ".", out);
      continue;
    }
    if (def && *def == *it) continue;
    if (it->is_array() && it->empty() && !def) continue;
    out += "&" + prefix + it.key() + "=" + PercentEncode(ValueText(*it));
  }
}

// Link text is bytes after percent-decoding; only valid UTF-8 may enter the state and the
// notices (nlohmann's dump() throws on anything else, and the CLI and exports dump them).
bool ValidUtf8(const std::string& s) {
  for (size_t i = 0; i < s.size();) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    const int n = c < 0x80 ? 0 : (c >> 5) == 6 ? 1 : (c >> 4) == 14 ? 2 : (c >> 3) == 30 ? 3 : -1;
    if (n < 0 || s.size() - i <= static_cast<size_t>(n)) return false;
    unsigned cp = n == 0 ? c : c & (0x3F >> n);
    for (int k = 1; k <= n; ++k) {
      const unsigned char d = static_cast<unsigned char>(s[i + k]);
      if ((d & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (d & 0x3F);
    }
    static constexpr unsigned kMin[] = {0, 0x80, 0x800, 0x10000};
    if (cp < kMin[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
    i += n + 1;
  }
  return true;
}

}  // namespace

std::string PercentEncode(const std::string& s) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : s) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~' || c == ',' || c == ':') out += static_cast<char>(c);
    else out += '%', out += hex[c >> 4], out += hex[c & 15];
  }
  return out;
}

std::string PercentDecode(const std::string& s) {
  auto hex = [](char c) { return std::isdigit(static_cast<unsigned char>(c)) ? c - '0' : (c | 0x20) - 'a' + 10; };
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() + 0 && std::isxdigit(static_cast<unsigned char>(s[i + 1])) &&
        std::isxdigit(static_cast<unsigned char>(s[i + 2]))) {
      out += static_cast<char>(hex(s[i + 1]) * 16 + hex(s[i + 2]));
      i += 2;
    } else if (s[i] == '+') {
      out += ' ';
    } else {
      out += s[i];
    }
  }
  return out;
}

namespace {
std::string EncodePairs(const AppState& state, const Catalogs& catalogs) {
  const Json now = StateToJson(state);
  AppState default_state;
  NormalizeCalculator(default_state.calculator, catalogs);
  const Json defaults = StateToJson(default_state);
  std::string out = "#v=" + std::to_string(kLinkVersion);
  if (!catalogs.gpus.data_date.empty()) out += "&data=" + PercentEncode(catalogs.gpus.data_date);
  out += "&view=" + std::string(ViewKey(state.view));
  if (state.language == Language::kChinese) out += "&lang=zh";
  for (const auto& [prefix, section] : kSections) {
    // The calculator section always carries its model, so the link survives default changes.
    if (std::string(section) == "calculator") {
      Json calc_defaults = defaults[section];
      calc_defaults.erase("model");
      // Fields a request leaves out take the recipe of the link's own task (recipes.hpp), not
      // the default state's: always write them.
      for (const char* recipe_field : {"precision", "optimizer", "checkpointing", "lora_rank", "lora_targets", "dropout",
                                       "lora_dropout"})
        calc_defaults.erase(recipe_field);
      // A missing train_tokens is read back as the default for the link's own task and model
      // (DefaultTrainTokens), not the default state's: leave it out only when that is its value.
      const Workload& w = state.calculator.workload;
      if (w.IsTraining()) calc_defaults["train_tokens"] = DefaultTrainTokens(w);
      else calc_defaults.erase("train_tokens");
      Flatten(now[section], calc_defaults, std::string(prefix) + ".", out);
    } else {
      Flatten(now[section], defaults[section], std::string(prefix) + ".", out);
    }
  }
  return out;
}
}  // namespace

LinkEncode EncodeLinkChecked(const AppState& state, const Catalogs& catalogs) {
  LinkEncode out;
  out.fragment = EncodePairs(state, catalogs);
  if (out.fragment.size() - 1 <= kMaxLinkChars) return out;
  const ModelSpec& model = state.calculator.workload.model;
  if (state.calculator.model_preset.empty() && model.name != ModelSpec().name) {
    AppState shorter = state;
    shorter.calculator.workload.model.name = "Custom model";
    out.notices.push_back({&EngineText::link_name_left_out,
                           {"calc.model.name", std::to_string(model.name.size()), std::to_string(kMaxLinkChars)}});
    out.fragment = EncodePairs(shorter, catalogs);
  }
  if (out.fragment.size() - 1 > kMaxLinkChars) {
    out.ok = false;
    out.notices.push_back({&EngineText::link_would_be_too_long,
                           {std::to_string(out.fragment.size() - 1), std::to_string(kMaxLinkChars)}});
  }
  return out;
}

std::string EncodeLink(const AppState& state, const Catalogs& catalogs) {
  return EncodeLinkChecked(state, catalogs).fragment;
}

LinkDecode DecodeLink(const std::string& input, const Catalogs& catalogs) {
  LinkDecode out;
  std::string fragment = input;
  const size_t hash = fragment.find('#');
  if (hash != std::string::npos) fragment = fragment.substr(hash + 1);
  else if (fragment.find("://") != std::string::npos) fragment.clear();  // a URL without a fragment
  if (!fragment.empty() && (fragment[0] == '?' || fragment[0] == '&')) fragment.erase(0, 1);
  if (fragment.size() > kMaxLinkChars) {
    out.notices.push_back({&EngineText::link_too_long, {std::to_string(kMaxLinkChars)}});
    fragment.resize(kMaxLinkChars);
  }
  Json state = Json::object();
  int pairs = 0, version = kLinkVersion;
  std::string data_date;
  size_t start = 0;
  while (start <= fragment.size() && !fragment.empty()) {
    size_t end = fragment.find('&', start);
    if (end == std::string::npos) end = fragment.size();
    const std::string pair = fragment.substr(start, end - start);
    start = end + 1;
    if (pair.empty()) continue;
    if (++pairs > 400) {
      out.notices.push_back({&EngineText::link_too_many_parts, {}});
      break;
    }
    const size_t eq = pair.find('=');
    const std::string key = PercentDecode(pair.substr(0, eq));
    const std::string value = eq == std::string::npos ? "" : PercentDecode(pair.substr(eq + 1));
    if (!ValidUtf8(key) || !ValidUtf8(value)) {
      out.notices.push_back({&EngineText::link_not_utf8, {}});
      continue;
    }
    if (key == "v") {
      version = std::atoi(value.c_str());
      continue;
    }
    if (key == "data") {
      data_date = value;
      continue;
    }
    if (key == "view" || key == "lang") {
      state[key] = value;
      continue;
    }
    // section.field or section.model.field
    const size_t dot = key.find('.');
    const char* section = nullptr;
    for (const auto& [prefix, name] : kSections)
      if (dot != std::string::npos && key.compare(0, dot, prefix) == 0 && std::string(prefix).size() == dot) section = name;
    if (!section) {
      out.notices.push_back({&EngineText::link_not_ours, {Excerpt(key)}});
      continue;
    }
    const std::string rest = key.substr(dot + 1);
    if (rest.empty() || rest.size() > 64) {
      out.notices.push_back({&EngineText::link_key_ignored, {Excerpt(key)}});
      continue;
    }
    Json& sec = state[section];
    const size_t dot2 = rest.find('.');
    if (dot2 != std::string::npos) {
      Json& sub = sec[rest.substr(0, dot2)];
      if (!sub.is_object()) sub = Json::object();
      sub[rest.substr(dot2 + 1)] = ValueJson(value);
    } else {
      sec[rest] = ValueJson(value);
    }
  }
  if (version > kLinkVersion)
    out.notices.push_back({&EngineText::link_newer, {std::to_string(version)}});
  else if (version < 1)
    out.notices.push_back({&EngineText::link_old_version, {}});
  if (!data_date.empty() && !catalogs.gpus.data_date.empty() && data_date != catalogs.gpus.data_date)
    out.notices.push_back({&EngineText::link_data_date, {Excerpt(data_date), catalogs.gpus.data_date}});
  StateRead read = StateFromJson(state, catalogs);
  out.state = read.state;
  NameFieldsAsInLink(read.notices);
  out.notices.insert(out.notices.end(), read.notices.begin(), read.notices.end());
  return out;
}

}  // namespace atlas
