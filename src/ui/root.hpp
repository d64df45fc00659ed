// The app shell: header, a tab per view, the active view, footer. Lays out only.
#pragma once

#include "app/accuracy_model.hpp"
#include "app/app_state.hpp"
#include "app/calculator_model.hpp"
#include "app/walkthrough_model.hpp"
#include "app/cost_model.hpp"
#include "engine/catalogs.hpp"
#include "ui_env.hpp"

#include <imgui.h>

#include <string>
#include <vector>

namespace atlas::ui {

struct AppData {
  const Catalogs* catalogs = nullptr;
  const CalculatorDerived* calculator = nullptr;  // results derived from the state
  const WalkthroughDerived* walkthrough = nullptr;  // the walkthrough's recommendation
  const CostDerived* cost = nullptr;
  const AccuracyDerived* accuracy = nullptr;  // the engine against measured runs (deferred data)
  // In the web app the views other than the tier map wait for code and data fetched after the
  // first frame (their results above stay null until then); true when that fetch failed.
  bool views_failed = false;
  std::vector<std::string> load_errors;  // data problems to show instead of crashing
  // Data fetched after the first frame (web app) that failed to load or validate: each problem
  // names its file and record; the views that need that file are off, the rest work.
  std::vector<std::string> data_warnings;
  std::string models_missing;   // "data/models.json" when it is unusable (calculator, walkthrough, share)
  std::string markets_missing;  // "data/regions.json" / "data/pricing.json" when unusable (cost)
};

void DrawApp(AppState& state, const AppData& data, const UiEnv& env, UiMemory& memory);

// A view's name as its tab shows it on desktops ("Calculator", "Cost & region").
const char* ViewTitle(View view, const UiText& t);

// The colour the platform clears the screen to before each frame: the view panel's, which covers
// most of the screen and so draws no background of its own; DrawApp paints the rest.
ImVec4 ScreenClearColour();

}  // namespace atlas::ui
