// The marks a recommendation carries on one line: "no price", "not offered in your market",
// "vendor's claim" and its risk flags, each with a tooltip saying why (engine/recommend_risk.hpp).
#pragma once

#include "engine/recommend.hpp"
#include "ui_env.hpp"

namespace atlas::ui {

// Draws the marks of `r` after the current item (SameLine); nothing when it has none.
void DrawRecommendationMarks(const Recommendation& r, const UiEnv& env);

}  // namespace atlas::ui
