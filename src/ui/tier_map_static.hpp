// The tier map as static HTML + SVG, written at build time into index.html so the page shows its
// first view before the WebAssembly has even been compiled (issue 16, part 6). Drawn from the
// same catalog, tier rule, chart maths (charts/scale.hpp) and words (UiText) as the canvas's
// first frame, laid out with the same em-based sizes (web/style.css, #prerender), and hidden
// once the canvas has drawn. No ImGui: build tools and native tests call it.
#pragma once

#include "engine/catalogs.hpp"
#include "ui/text/ui_text.hpp"

#include <string>

namespace atlas::ui {

// The <div id="prerender"> block: header, tabs, filters (as they look, inert), the chart as SVG
// in percentages of its box (so it fits any window, as the canvas chart does), the side panel
// with the tier rule and the card table, the footer and the phones' tab bar. Every text is
// HTML-escaped; the output holds no script and no style attribute (the page's CSP forbids both).
// The canvas's first frame is English for everyone (the Chinese font and words arrive later), so
// is this; `zh` gives the note Chinese readers see meanwhile (boot.js shows it).
std::string TierMapStaticHtml(const Catalogs& catalogs, const UiText& text, const UiText& zh);

// Escapes & < > " for HTML text and attribute values.
std::string HtmlEscape(const std::string& text);

}  // namespace atlas::ui
