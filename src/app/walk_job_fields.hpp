// The walkthrough's number answers as one table: each field's link key (the estimate or
// recommend request's own name: walk.train_tokens, walk.seq_len, walk.batch, ...), its member
// of WalkthroughState, the range and the units people type ("2B" tokens, "8k" context). The link
// codec (state_json.cpp) and the walkthrough's fields (walkthrough_view.cpp) both read it, so a
// value typed in the page and one written in a link are checked alike.
#pragma once

#include "app/link_notice.hpp"
#include "app/number_field.hpp"
#include "app/walkthrough_state.hpp"
#include "engine/json_reader.hpp"

#include <string>
#include <vector>

namespace atlas {

enum class WalkFieldFor { kTraining, kServing, kBoth };

struct WalkNumberField {
  const char* key;                      // link key after "walk."
  double WalkthroughState::*member;
  NumberFieldSpec spec;                 // the range of a given value; 0 always means "not given"
  WalkFieldFor applies;
};

const std::vector<WalkNumberField>& WalkNumberFields();
const WalkNumberField* FindWalkNumberField(const std::string& key);

// Reads a link or JSON value: a number, or text as people write it ("2B", "8k", "1,024").
// 0 (or "0") means "not given". On success sets `out` and returns an empty notice; else the
// notice naming `name` and quoting the value ("walkthrough.batch: is \"-5\", below the
// smallest allowed, 1, default kept"), and leaves `out`.
LinkNotice ReadWalkNumber(const WalkNumberField& field, const Json& value, double& out,
                          const std::string& name = "walkthrough");

}  // namespace atlas
