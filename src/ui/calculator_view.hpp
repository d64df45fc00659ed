// View 2: the Calculator — model and job on the left, memory per GPU (stacked bar against the
// card's memory), fit verdict, compute/time/throughput and a "fits on" strip on the right.
// Every figure expands to its formula, inputs and source.
#pragma once

#include "app/deferred_code.hpp"
#include "app/app_state.hpp"
#include "app/calculator_model.hpp"
#include "engine/catalogs.hpp"
#include "ui_env.hpp"

namespace atlas::ui {

ATLAS_DEFERRED void DrawCalculatorView(AppState& state, const Catalogs& catalogs, const CalculatorDerived& derived,
                        const UiEnv& env, UiMemory& memory);

}  // namespace atlas::ui
