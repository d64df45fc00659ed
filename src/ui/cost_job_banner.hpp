// The Cost view's first line when it costs a carried job (app/carried_job.hpp): which job,
// where it comes from, that card, count and hours follow it, and an Unlink button.
#pragma once

#include "app/app_state.hpp"
#include "engine/catalogs.hpp"
#include "ui_env.hpp"

namespace atlas::ui {

void DrawCarriedJobBanner(AppState& state, const Catalogs& catalogs, const UiEnv& env, UiMemory& memory);

}  // namespace atlas::ui
