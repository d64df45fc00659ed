#include "tier_map_static.hpp"

#include "app/tier_map_model.hpp"
#include "charts/label_placement.hpp"
#include "charts/scale.hpp"
#include "engine/format.hpp"
#include "engine/plural.hpp"
#include "engine/tiers.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

namespace atlas::ui {

namespace {

// A required figure grouped, with `unit`, or "not published" when the vendor gives none.
std::string Published(const Gpu& g, const char* field, double value, const UiText& t, const char* unit) {
  return g.IsUnpublished(field) ? std::string(t.card_not_published) : Grouped(value) + unit;
}

// A fraction of the plot box as an SVG percentage, 2 decimals (enough at any screen size).
std::string Pct(double fraction) { return Printf("%.2f%%", fraction * 100); }

// The chart box the canvas draws on a 1440x900 window at 15 px type, and on a 390 px phone at
// 17 px: the number of axis labels depends on it (tier_map_view.cpp DrawChart), so both sets are
// written and style.css shows one per width.
struct LabelBudget {
  int x_labels, y_labels;
  const char* css_class;
};
constexpr LabelBudget kDesktopLabels{10, 19, "pr-wide"};  // 690 px / 4.5 em, 650 px / 2.2 em
constexpr LabelBudget kPhoneLabels{3, 6, "pr-narrow"};   // 315 px / 4.5 em (floor 3), 225 px / 2.2 em

// The scatter chart: grid, guide lines of the tier rule, markers (biggest first, as drawn on the
// canvas) and card names placed greedily where they do not overlap, in percentages of the plot box.
// Returns the cards whose name found no room (listed beside the chart, as on the canvas).
std::vector<int> AppendChart(std::string& out, const Catalogs& c, const std::vector<int>& shown, const UiText& t) {
  const auto& gpus = c.gpus.gpus;
  std::vector<int> unlabelled;
  if (gpus.empty()) return unlabelled;
  // Axis ranges over the whole catalog, padded as the canvas pads them.
  double x_lo = 1e9, x_hi = 0, y_lo = 1e9, y_hi = 0, bw_lo = 1e9, bw_hi = 0;
  for (const Gpu& g : gpus) {
    x_lo = std::min(x_lo, g.memory_gb), x_hi = std::max(x_hi, g.memory_gb);
    y_lo = std::min(y_lo, g.Dense16Tflops()), y_hi = std::max(y_hi, g.Dense16Tflops());
    if (g.IsUnpublished("memory_bandwidth_gbps")) continue;  // drawn at the smallest size
    bw_lo = std::min(bw_lo, g.memory_bandwidth_gbps), bw_hi = std::max(bw_hi, g.memory_bandwidth_gbps);
  }
  charts::PadLogRange(x_lo, x_hi, 0.06);
  charts::PadLogRange(y_lo, y_hi, 0.08);
  const charts::Scale sx{x_lo, x_hi, 0, 1, true};
  const charts::Scale sy{y_lo, y_hi, 1, 0, true};

  out += "<div class=\"pr-plot\"><svg width=\"100%\" height=\"100%\" overflow=\"visible\" role=\"img\" aria-label=\"";
  out += HtmlEscape(t.tier_axis_y) + " / " + HtmlEscape(t.tier_axis_x) + "\">";
  out += "<rect width=\"100%\" height=\"100%\" rx=\"4\" fill=\"#fff\" fill-opacity=\".03\"/>";
  for (const LabelBudget& budget : {kDesktopLabels, kPhoneLabels}) {
    out += Printf("<g class=\"%s\">", budget.css_class);
    for (const charts::Tick& tick : charts::LogTicks(x_lo, x_hi, budget.x_labels, "GB")) {
      const std::string x = Pct(sx.ToPixel(tick.value));
      out += "<line x1=\"" + x + "\" x2=\"" + x + "\" y2=\"100%\" class=\"" + (tick.major ? "pr-major" : "pr-minor") + "\"/>";
      if (tick.major) out += "<text x=\"" + x + "\" y=\"100%\" dy=\"1.15em\" text-anchor=\"middle\">" + HtmlEscape(tick.label) + "</text>";
    }
    for (const charts::Tick& tick : charts::LogTicks(y_lo, y_hi, budget.y_labels, "")) {
      const std::string y = Pct(sy.ToPixel(tick.value));
      out += "<line y1=\"" + y + "\" y2=\"" + y + "\" x2=\"100%\" class=\"" + (tick.major ? "pr-major" : "pr-minor") + "\"/>";
      if (tick.major) out += "<text y=\"" + y + "\" dx=\"-.3em\" dy=\".35em\" text-anchor=\"end\">" + HtmlEscape(tick.label) + "</text>";
    }
    out += "</g>";
  }
  // Guide lines of the tier rule (the engine's thresholds), with the canvas's words.
  const TierRule rule;
  // The second memory guide's label takes the next line, as on the canvas (tier_map_view.cpp).
  const auto vguide = [&](double gb, const std::string& wide, const char* narrow, int row) {
    const std::string x = Pct(sx.ToPixel(gb));
    out += "<line x1=\"" + x + "\" x2=\"" + x + "\" y2=\"100%\" class=\"pr-guide\"/>";
    out += "<text x=\"" + x + "\" dx=\".2em\" dy=\"" + std::to_string(1 + row) + "em\" class=\"pr-guide-label\"><tspan class=\"pr-wide\">" + HtmlEscape(wide) +
           "</tspan><tspan class=\"pr-narrow\">" + HtmlEscape(narrow) + "</tspan></text>";
  };
  vguide(rule.tier3_max_memory_gb, Printf(t.tier_guide_t3, rule.tier3_max_memory_gb), t.tier_guide_t3_short, 0);
  vguide(rule.tier1_min_memory_gb, Printf(t.tier_guide_t1, rule.tier1_min_memory_gb), t.tier_guide_t1_short, 1);
  // Judged on the desktop chart's box (690 x 600 px at 15 px type; a DejaVu Sans character
  // ~0.6 em), where the canvas places its labels and names too.
  constexpr double kBoxW = 690, kBoxH = 600, kEm = 15, kCharW = 0.6 * kEm;
  const auto text_width = [&](const std::string& s) { return kCharW * static_cast<double>(s.size()); };
  std::vector<int> order = shown;
  std::sort(order.begin(), order.end(), [&](int a, int b) { return gpus[a].memory_bandwidth_gbps > gpus[b].memory_bandwidth_gbps; });
  std::vector<charts::Marker> markers;
  for (int i : order)
    markers.push_back({sx.ToPixel(gpus[i].memory_gb) * kBoxW, sy.ToPixel(gpus[i].Dense16Tflops()) * kBoxH,
                       charts::BandwidthRadius(gpus[i].memory_bandwidth_gbps, bw_lo, bw_hi, 0.3, 1.1) * kEm});
  std::vector<charts::Box> taken;
  for (int row = 0; row < 2; ++row) {  // the memory guides' labels, as drawn above
    const double gb = row == 0 ? rule.tier3_max_memory_gb : rule.tier1_min_memory_gb;
    const std::string label = Printf(row == 0 ? t.tier_guide_t3 : t.tier_guide_t1, gb);
    const double x = sx.ToPixel(gb) * kBoxW + 0.2 * kEm, y = 0.1 * kEm + row * kEm;
    taken.push_back({x, y, x + text_width(label), y + kEm});
  }
  // The 150 TFLOPS line's label by the canvas's rule (charts::PlaceLineLabel): right-aligned under
  // the line unless a card is there, then above it or further left.
  const double flops_y = sy.ToPixel(rule.tier1_min_dense16_tflops) * kBoxH;
  const std::string flops_label = Printf(t.tier_guide_flops, rule.tier1_min_dense16_tflops);
  // (Every place taken: at its first place; the desktop box has room, which phones may not.)
  const double flops_w = text_width(flops_label);
  const charts::Box flops_at =
      charts::PlaceLineLabel(markers, flops_y, flops_w, kEm, 0.1 * kEm, kEm, {0, 0, kBoxW, kBoxH}, taken)
          .value_or(charts::Box{kBoxW - 0.2 * kEm - flops_w, flops_y + 0.1 * kEm, kBoxW - 0.2 * kEm, flops_y + 1.1 * kEm});
  taken.push_back({0, flops_y - 1, kBoxW, flops_y + 1});  // names do not sit on the line
  taken.push_back(flops_at);
  const std::string fy = Pct(sy.ToPixel(rule.tier1_min_dense16_tflops));
  out += "<line y1=\"" + fy + "\" y2=\"" + fy + "\" x2=\"100%\" class=\"pr-guide\"/>";
  // Anchored at its right end; the baseline sits 0.95 em under the box's top.
  out += "<text x=\"" + Pct(flops_at.x1 / kBoxW) + "\" y=\"" + fy + "\" dy=\"" + Printf("%.2f", (flops_at.y0 - flops_y) / kEm + 0.95) +
         "em\" text-anchor=\"end\" class=\"pr-guide-label\"><tspan class=\"pr-wide\">" +
         HtmlEscape(flops_label) + "</tspan><tspan class=\"pr-narrow\">" +
         HtmlEscape(Printf(t.tier_guide_flops_short, rule.tier1_min_dense16_tflops)) + "</tspan></text>";

  // Markers, biggest bandwidth first so small ones stay on top (as on the canvas). Radii in em
  // (0.3 to 1.1 em, area-proportional: charts::BandwidthRadius), so they follow the type size.
  for (int i : order) {
    const Gpu& g = gpus[i];
    const int tier = static_cast<int>(c.gpu_tiers[i].tier);
    const double r_em = charts::BandwidthRadius(g.memory_bandwidth_gbps, bw_lo, bw_hi, 0.3, 1.1);
    // Coloured by the tier's class (style.css): 66 markers' repeated fill and stroke were 3 KB of the page.
    out += Printf("<circle cx=\"%s\" cy=\"%s\" r=\"%.2fem\" class=\"pr-t%d\"><title>", Pct(sx.ToPixel(g.memory_gb)).c_str(),
                  Pct(sy.ToPixel(g.Dense16Tflops())).c_str(), r_em, tier);
    out += HtmlEscape(g.name) + "</title></circle>";
  }
  // Names: placed by the canvas's rule (charts::PlaceLabel: right, left, above, below; never over
  // a guide label or another marker, nor nearer another marker than its own), on the desktop box,
  // smallest markers last as on the canvas.
  out += "<g class=\"pr-names pr-wide\">";
  for (size_t k = order.size(); k-- > 0;) {
    const Gpu& g = gpus[order[k]];
    const std::optional<charts::Box> at =
        charts::PlaceLabel(markers, k, text_width(g.name), kEm, 0.15 * kEm, {0, 0, kBoxW, kBoxH}, taken, true);
    if (!at) {
      unlabelled.push_back(order[k]);
      continue;
    }
    taken.push_back(*at);
    // Offsets from the marker in em, so the names follow it at any box size.
    out += Printf("<text x=\"%s\" y=\"%s\" dx=\"%.2fem\" dy=\"%.2fem\">", Pct(markers[k].x / kBoxW).c_str(),
                  Pct(markers[k].y / kBoxH).c_str(), (at->x0 - markers[k].x) / kEm,
                  (at->y0 + kEm / 2 - markers[k].y) / kEm + 0.35);
    out += HtmlEscape(g.name) + "</text>";
  }
  out += "</g></svg></div>";
  return unlabelled;
}

// Phones: one card per row with its key figures underneath, as the canvas lists them once the
// rest of the app has arrived (tier_map_view.cpp DrawTierCardList).
void AppendCardList(std::string& out, const Catalogs& c, const std::vector<int>& shown, const UiText& t) {
  out += "<ul class=\"pr-cards pr-narrow\">";
  for (int i : shown) {
    const Gpu& g = c.gpus.gpus[i];
    const int tier = static_cast<int>(c.gpu_tiers[i].tier);
    out += Printf("<li><span class=\"pr-t%d\">●</span> ", tier) + HtmlEscape(g.name) + "<br><span class=\"pr-muted\">" +
           HtmlEscape(Printf(t.tier_card_figures, TierShortName(t, tier), Grouped(g.memory_gb).c_str(), Published(g, "memory_bandwidth_gbps", g.memory_bandwidth_gbps, t, " GB/s").c_str(),
                             Grouped(g.Dense16Tflops(), 0).c_str())) +
           "</span></li>";
  }
  out += "</ul>";
}

// Desktop: the cards whose name has no room on the chart, named beside it in their tier's colour,
// as the canvas lists them (tier_map_names.cpp DrawUnlabelledCards). A table of every card was
// here before: the canvas shows none, and its ~330 cells were most of the page's layout work.
void AppendUnlabelled(std::string& out, const Catalogs& c, const std::vector<int>& unlabelled, const UiText& t) {
  if (unlabelled.empty()) return;
  out += "<div class=\"pr-unlabelled pr-wide\"><p class=\"pr-muted\">" +
         HtmlEscape(Plurals(Printf(t.tier_unlabelled_title, static_cast<int>(unlabelled.size())))) + "</p><p>";
  for (int i : unlabelled)
    out += Printf("<span class=\"pr-t%d\">", static_cast<int>(c.gpu_tiers[i].tier)) + HtmlEscape(c.gpus.gpus[i].name) + "</span> ";
  out += "</p></div>";
}

}  // namespace

std::string HtmlEscape(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (char ch : text) {
    switch (ch) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += ch;
    }
  }
  return out;
}

std::string TierMapStaticHtml(const Catalogs& c, const UiText& t, const UiText& zh) {
  const std::vector<int> shown = FilterAndSortGpus(c, TierMapState{});
  std::string out;
  out += "<div id=\"prerender\" lang=\"en\">";
  // Header and the desktop's tab bar (root.cpp DrawHeader, DrawApp).
  out += "<header class=\"pr-head\"><span class=\"pr-title\">" + HtmlEscape(t.app_title) + "</span> <span class=\"pr-muted pr-wide\">" +
         HtmlEscape(t.app_tagline) + "</span><span class=\"pr-button\">" + HtmlEscape(t.language_switch) + "</span></header>";
  out += "<nav class=\"pr-tabs pr-wide\"><span class=\"pr-on\">" + HtmlEscape(t.tab_tier_map) + "</span><span>" +
         HtmlEscape(t.tab_calculator) + "</span><span>" + HtmlEscape(t.tab_walkthrough) + "</span><span>" + HtmlEscape(t.tab_cost) +
         "</span><span>" + HtmlEscape(t.tab_share) + "</span></nav>";
  // The first Chinese frame is English too (the Chinese font and words come later): a note says so.
  out += "<p class=\"pr-zh\" lang=\"zh-CN\">" + HtmlEscape(zh.language_loading) + "</p>";
  out += "<main class=\"pr-body\">";
  // Filters as they look before anyone touches them (inert until the app takes over).
  out += "<section class=\"pr-filters pr-panel\"><p>" + HtmlEscape(t.tier_filters) + "</p><p class=\"pr-frame\">" +
         HtmlEscape(t.tier_all_vendors) + "</p><p class=\"pr-frame\">" + HtmlEscape(t.tier_all_tiers) + "</p><p class=\"pr-check\">" +
         HtmlEscape(t.tier_domestic_only) + "</p><p class=\"pr-check\">" + HtmlEscape(t.tier_fp8_only) + "</p><p class=\"pr-frame\">" +
         HtmlEscape(Printf(t.tier_min_memory, 0.0)) + "</p><p><span class=\"pr-button\">" + HtmlEscape(t.tier_reset_filters) +
         "</span></p></section>";
  out += "<section class=\"pr-main pr-panel\"><p class=\"pr-header pr-narrow\">" + HtmlEscape(t.tier_filters) +
         "</p><p class=\"pr-modes\"><span class=\"pr-radio pr-on\"></span>" + HtmlEscape(t.tier_show_chart) +
         " <span class=\"pr-radio\"></span>" + HtmlEscape(t.tier_show_table) + " <span class=\"pr-muted\">" +
         HtmlEscape(Printf(t.tier_shown_count, shown.size(), c.gpus.gpus.size())) + "</span></p>";
  out += "<div class=\"pr-chart\"><p class=\"pr-axis-y\"><span class=\"pr-wide\">" + HtmlEscape(t.tier_axis_y) +
         "</span><span class=\"pr-narrow\">" + HtmlEscape(t.tier_axis_y_short) + "</span></p>";
  const std::vector<int> unlabelled = AppendChart(out, c, shown, t);
  out += "<p class=\"pr-axis-x\"><span class=\"pr-wide\">" + HtmlEscape(t.tier_axis_x) + "</span><span class=\"pr-narrow\">" +
         HtmlEscape(t.tier_axis_x_short) + "</span></p><p class=\"pr-legend\">";
  for (Tier tier : {Tier::kFlagship, Tier::kMainstream, Tier::kEntryEdge})
    out += Printf("<span class=\"pr-item\"><span class=\"pr-t%d\">●</span> ", static_cast<int>(tier)) + HtmlEscape(TierName(tier)) + "</span> ";
  out += "<span class=\"pr-item pr-muted\">" + HtmlEscape(t.tier_legend_size) + "</span></p></div></section>";
  // Side panel: the rule (folded on the canvas; its title shows), the hint, then the cards not named
  // on the chart (desktop) or every card (phones).
  out += "<section class=\"pr-side pr-panel\"><p class=\"pr-header\">" + HtmlEscape(t.tier_rule_title) + "</p><p class=\"pr-wide\">" +
         HtmlEscape(t.tier_hint_mouse) + "</p><p class=\"pr-narrow\">" + HtmlEscape(t.tier_hint_touch) + "</p>";
  AppendUnlabelled(out, c, unlabelled, t);
  AppendCardList(out, c, shown, t);
  out += "</section></main>";
  out += "<footer class=\"pr-foot\"><span class=\"pr-muted pr-wide\">" +
         HtmlEscape(Printf(t.footer_data, c.gpus.data_date.c_str(), c.gpus.gpus.size())) + " " + HtmlEscape(t.footer_units) +
         "</span><span class=\"pr-muted pr-narrow\">" +
         HtmlEscape(Printf(t.footer_data_short, c.gpus.data_date.c_str(), c.gpus.gpus.size())) + "</span> <span class=\"pr-button\">" +
         HtmlEscape(t.footer_sources) + "</span></footer>";
  // Phones: the bottom tab bar (root.cpp DrawPhoneLayout).
  out += "<nav class=\"pr-phone-tabs pr-narrow\"><span class=\"pr-on\">" + HtmlEscape(t.tab_short_tier_map) + "</span><span>" +
         HtmlEscape(t.tab_short_calculator) + "</span><span>" + HtmlEscape(t.tab_short_walkthrough) + "</span><span>" +
         HtmlEscape(t.tab_short_cost) + "</span><span>" + HtmlEscape(t.tab_short_share) + "</span></nav>";
  out += "</div>\n";
  return out;
}

}  // namespace atlas::ui
