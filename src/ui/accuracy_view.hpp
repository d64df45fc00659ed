// The Accuracy view: the engine against public measured runs (app/accuracy_model.hpp). Opened
// over the Calculator (from its verdict) or the Share view; one tap away on phones.
#pragma once

#include "app/accuracy_model.hpp"
#include "app/app_state.hpp"
#include "app/deferred_code.hpp"
#include "ui_env.hpp"

#include <string>

namespace atlas::ui {

// The panel: summary per kind (tolerance, held and within, median, worst, excluded), then every
// case with its published conditions, source (open or copy), published figure, ours, error.
ATLAS_DEFERRED void DrawAccuracyView(const AccuracyDerived& accuracy, const UiEnv& env, UiMemory& memory);

// "How accurate is this? Median error X % on N measured runs": a link that opens the panel over
// `from`. Draws nothing until the cases are evaluated (env.accuracy).
void DrawAccuracyLink(View from, const UiEnv& env, UiMemory& memory);

// The Share view's section: median and worst error, and a button that opens the panel.
void DrawAccuracySummary(View from, const UiEnv& env, UiMemory& memory);

// 0.1066 -> "10.7 %", in Chinese "10.7%" (the figures `gpu-atlas validate --json` gives, as the
// page shows them).
std::string ErrorPercentText(double fraction, bool chinese = false);

}  // namespace atlas::ui
