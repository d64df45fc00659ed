// The Cost & region view: a job's energy, CO₂ and money across China's eight compute hubs and
// global cloud regions and across service forms, with the guides' budget cases as presets.
#pragma once

#include "app/deferred_code.hpp"
#include "app/app_state.hpp"
#include "app/cost_model.hpp"
#include "engine/catalogs.hpp"
#include "ui_env.hpp"

namespace atlas::ui {

// `calculator`: the Calculator's results, for the line that offers to cost its job (may be null).
ATLAS_DEFERRED void DrawCostView(AppState& state, const Catalogs& catalogs, const CostDerived& derived,
                                const CalculatorDerived* calculator, const UiEnv& env, UiMemory& memory);

}  // namespace atlas::ui
