// View 1: the tier map — every accelerator on a memory × dense-throughput chart (or a sortable
// table), filters, a spec card on hover/pin and a side-by-side comparison of up to four cards.
#pragma once

#include "app/app_state.hpp"
#include "engine/catalogs.hpp"
#include "ui_env.hpp"

namespace atlas::ui {

void DrawTierMapView(AppState& state, const Catalogs& catalogs, const UiEnv& env, UiMemory& memory);

}  // namespace atlas::ui
