// Where a page's prices come from when the reader has not said: the one rule the walkthrough
// and the Cost view share (issue 17.6). Chinese readers (the UI in 简体中文, which a Chinese
// browser locale opens) price in mainland China — a mainland region, CN-market sellers, ¥ —
// others over every region; a choice the reader made (and the link keeps) wins.
#pragma once

#include "engine/language.hpp"

#include <optional>

namespace atlas {

inline bool PricesInChina(std::optional<bool> chosen, Language language) {
  return chosen ? *chosen : language == Language::kChinese;
}

}  // namespace atlas
