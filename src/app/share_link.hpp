// The share link: AppState <-> URL fragment, e.g.
//   #v=1&view=calculator&calc.model=llama-3.1-70b&calc.task=qlora&calc.gpu=rtx-4090&calc.gpus=2
// Readable key=value pairs, only what differs from the defaults, versioned (v=1) and stamped
// with the data date so a later data update can say what changed. Decoding never fails: what
// cannot be read keeps its default and is listed in `notices`.
#pragma once

#include "app/app_state.hpp"
#include "app/link_notice.hpp"
#include "engine/catalogs.hpp"

#include <string>
#include <vector>

namespace atlas {

inline constexpr int kLinkVersion = 1;
// The longest fragment (after '#') the decoder reads and the encoder writes: one limit, so no
// link is ever cut. Only free text (a custom model's name) can make a state's link this long.
inline constexpr size_t kMaxLinkChars = 16384;

struct LinkEncode {
  std::string fragment;               // "#v=1&..."
  std::vector<LinkNotice> notices;   // free text left out to fit kMaxLinkChars
  bool ok = true;                     // false: longer than kMaxLinkChars even without free text
};
// The state as a link of at most kMaxLinkChars after the '#'. A custom model's name that does
// not fit is left out (the model keeps its architecture), with a notice.
LinkEncode EncodeLinkChecked(const AppState& state, const Catalogs& catalogs);
// EncodeLinkChecked's fragment ("#v=1&...", with the leading '#').
std::string EncodeLink(const AppState& state, const Catalogs& catalogs);

struct LinkDecode {
  AppState state;
  std::vector<LinkNotice> notices;  // shown to the user (worded when drawn): what was ignored and why
};
// Accepts a whole URL, a fragment with or without '#', or an empty string (defaults).
LinkDecode DecodeLink(const std::string& url_or_fragment, const Catalogs& catalogs);

// The flat pairs <-> the nested JSON form of the state (exposed for tests and the CLI).
std::string PercentEncode(const std::string& s);
std::string PercentDecode(const std::string& s);

}  // namespace atlas
