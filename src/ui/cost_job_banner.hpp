// The Cost view's first line when it costs a carried job (app/carried_job.hpp): which job,
// where it comes from, that card, count and hours follow it, and an Unlink button. When no job
// is linked and the Calculator holds another one that fits, a line says so, with a button that
// costs it (the Cost view keeps its own card and count until told).
#pragma once

#include "app/app_state.hpp"
#include "app/calculator_model.hpp"
#include "engine/catalogs.hpp"
#include "ui_env.hpp"

namespace atlas::ui {

void DrawCarriedJobBanner(AppState& state, const Catalogs& catalogs, const UiEnv& env, UiMemory& memory);
// Nothing linked, and the Calculator's job fits and is not the card and count costed here: a
// line that says so and a button that costs it (a reader who set up a job there found an
// unrelated 8 x A100 here). `calculator`: null until the deferred code has its results.
void DrawCalculatorJobHint(AppState& state, const Catalogs& catalogs, const CalculatorDerived* calculator, const UiEnv& env,
                           UiMemory& memory);

}  // namespace atlas::ui
