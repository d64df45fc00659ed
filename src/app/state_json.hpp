// AppState <-> JSON. The JSON form is what `gpu-atlas link decode` prints and `link encode`
// reads; its "calculator" section is exactly the `estimate --json` request form. Reading is
// tolerant: every field is checked on its own, bad or unknown ones become notices and keep
// their defaults, so one broken part never loses the rest.
#pragma once

#include "app/app_state.hpp"
#include "app/link_notice.hpp"
#include "engine/catalogs.hpp"
#include "engine/json_reader.hpp"

#include <string>
#include <vector>

namespace atlas {

Json StateToJson(const AppState& state);

struct StateRead {
  AppState state;
  std::vector<LinkNotice> notices;  // what was ignored or changed (worded when shown)
};
StateRead StateFromJson(const Json& json, const Catalogs& catalogs);

const char* ViewKey(View v);  // "tiers", "calculator", "walkthrough", "cost", "share"

}  // namespace atlas
