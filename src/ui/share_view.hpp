// View 5: Share — the link to this exact configuration, copy it, export the results.
#pragma once

#include "app/deferred_code.hpp"
#include "app/app_state.hpp"
#include "app/calculator_model.hpp"
#include "engine/catalogs.hpp"
#include "ui_env.hpp"

namespace atlas::ui {

ATLAS_DEFERRED void DrawShareView(const AppState& state, const Catalogs& catalogs, const CalculatorDerived& calculator,
                   const UiEnv& env, UiMemory& memory);
// The banner listing what an opened link could not restore, worded in the UI's language each
// frame (drawn by the shell only when there are notices, which only the deferred link decoder
// writes).
ATLAS_DEFERRED void DrawLinkNotices(const UiEnv& env, UiMemory& memory);

}  // namespace atlas::ui
