// The tier map's names that wait for the views' code (deferred entry points, see
// app/deferred_code.hpp; they cost the first frame's download nothing): the pinned card's name,
// always shown and clear of the others, and on desktops the list of cards the chart had no room
// to name, beside the chart (phones list every card under it: DrawTierCardList).
#pragma once

#include "app/app_state.hpp"
#include "charts/scale.hpp"
#include "engine/catalogs.hpp"
#include "ui_env.hpp"

#include <imgui.h>

#include <cstddef>
#include <string>
#include <vector>

namespace atlas::ui {

// Draws the pinned card's name (`pinned`, a gpus.json id) first of all names: beside its marker
// when free, else further away with a leader line, clear of `placed` (guide labels), the other
// markers and the chart's edges (`area`: x0, y0, x1, y1). Adds its box to `placed` and returns
// the card's position in `order`, or order.size() when no shown card is pinned (or it is zoomed
// away). `points`/`radii` are the markers of `order`, in device pixels.
std::size_t DrawPinnedName(ImDrawList* dl, const std::string& pinned, const GpuCatalog& gpus, const std::vector<int>& order,
                           const std::vector<charts::Point>& points, const std::vector<float>& radii,
                           std::vector<ImVec4>& placed, const ImVec4& area, const UiEnv& env);

// Test hook (UiEnv::test_target): every box the chart's words take, the guides' (the first
// `guides` of `placed`) as "tier_guide" and the cards' names as "tier_label", so browser tests can
// check that no two overlap and count the names.
// Also each card's marker (its bounding box, inside the chart) as "tier_marker", so tests can
// check that no guide label is drawn over a card.
void ReportChartLabels(const std::vector<ImVec4>& placed, std::size_t guides, const std::vector<charts::Point>& points,
                       const std::vector<float>& radii, const ImVec4& area, const UiEnv& env);

// Desktops: the cards the chart left unnamed (`unlabelled`, indexes into the catalog), as names
// to click (which pins the card, so the chart names it). Nothing when every card is named.
void DrawUnlabelledCards(TierMapState& s, const Catalogs& c, const std::vector<int>& unlabelled, const UiEnv& env);

}  // namespace atlas::ui
