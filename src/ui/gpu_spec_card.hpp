// The spec card of one accelerator: every catalog field, its tier with the rule's checks, and
// its sources. Used in the tier map's hover tooltip, its pinned panel and elsewhere.
#pragma once

#include "engine/gpu_catalog.hpp"
#include "engine/catalogs.hpp"
#include "ui_env.hpp"

#include <string>

namespace atlas::ui {

// The tier's name in the UI's language (TierName / TierNameZh).
const char* TierDisplayName(Tier tier, const UiEnv& env);

// The text a spec card shows for one catalog field (e.g. "tf32_dense_tflops"): the figure with its
// unit, "not published", or "none listed" for a rate the vendor's sheet does not give; "" for a
// field the card has no row for. For tests; the card draws the same.
std::string SpecCardValue(const Gpu& gpu, const char* field, const UiText& text, bool chinese);

void DrawGpuSpecCard(const Gpu& gpu, const TierResult& tier, const UiEnv& env, bool compact);
// Side-by-side table of the cards in `ids` (rows = fields).
void DrawGpuCompareTable(const Catalogs& catalogs, const std::vector<std::string>& ids, const UiEnv& env);

}  // namespace atlas::ui
