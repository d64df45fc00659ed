// View 3: the decision walkthrough — the guides' decision tree (000 §5; 004 §4 and the closing
// three-step rule) as a six-step wizard (task, model, the job's own figures, method,
// constraints) ending in ranked recommendations with their reasons.
// Draws the answers and the derived results; no estimating here.
#pragma once

#include "app/deferred_code.hpp"
#include "app/app_state.hpp"
#include "app/walkthrough_model.hpp"
#include "engine/catalogs.hpp"
#include "ui_env.hpp"

namespace atlas::ui {

ATLAS_DEFERRED void DrawWalkthroughView(AppState& state, const Catalogs& catalogs, const WalkthroughDerived& derived, const UiEnv& env,
                                        UiMemory& memory);

}  // namespace atlas::ui
