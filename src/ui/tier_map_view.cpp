#include "tier_map_view.hpp"

#include "app/deferred_code.hpp"

#include "app/tier_map_model.hpp"
#include "charts/label_placement.hpp"
#include "charts/scale.hpp"
#include "engine/format.hpp"
#include "gpu_spec_card.hpp"
#include "tier_map_names.hpp"
#include "theme.hpp"
#include "widgets.hpp"

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <optional>
#include <string>

namespace atlas::ui {

namespace {

// [SECTION] Filters --------------------------------------------------------------------------

// The memory filter's slider, drag (or tap) only. ImGui::SliderFloat also offers Ctrl+click text
// entry, which links ImGui's whole text editor and sscanf into the first frame's wasm (about
// 4 KiB gzip of its 220 KiB budget) for a filter nobody types into; the frame, grab and value
// are drawn as SliderFloat draws them, from the same building blocks (imgui_internal.h).
bool DragOnlySlider(const char* id_text, float* value, float lo, float hi, const char* format) {
  ImGuiWindow* window = ImGui::GetCurrentWindow();
  if (window->SkipItems) return false;
  ImGuiContext& g = *ImGui::GetCurrentContext();
  const ImGuiStyle& style = g.Style;
  const ImGuiID id = window->GetID(id_text);
  const ImVec2 at = window->DC.CursorPos;
  const ImRect frame(at, ImVec2(at.x + ImGui::CalcItemWidth(), at.y + g.FontSize + style.FramePadding.y * 2));
  ImGui::ItemSize(frame, style.FramePadding.y);
  if (!ImGui::ItemAdd(frame, id, &frame)) return false;
  const bool hovered = ImGui::ItemHoverable(frame, id);
  if ((hovered && g.IO.MouseClicked[0]) || g.NavActivateId == id) {
    ImGui::SetActiveID(id, window);
    ImGui::SetFocusID(id, window);
    ImGui::FocusWindow(window);
    g.ActiveIdUsingNavDirMask |= (1 << ImGuiDir_Left) | (1 << ImGuiDir_Right);
  }
  const bool active = g.ActiveId == id;
  ImGui::RenderNavHighlight(frame, id);
  ImGui::RenderFrame(frame.Min, frame.Max,
                     ImGui::GetColorU32(active ? ImGuiCol_FrameBgActive : hovered ? ImGuiCol_FrameBgHovered : ImGuiCol_FrameBg),
                     true, style.FrameRounding);
  ImRect grab;
  const bool changed = ImGui::SliderBehavior(frame, id, ImGuiDataType_Float, value, &lo, &hi, format, ImGuiSliderFlags_None, &grab);
  if (changed) ImGui::MarkItemEdited(id);
  if (grab.Max.x > grab.Min.x)
    window->DrawList->AddRectFilled(grab.Min, grab.Max, ImGui::GetColorU32(active ? ImGuiCol_SliderGrabActive : ImGuiCol_SliderGrab),
                                    style.GrabRounding);
  char shown[64];
  const int length = ImGui::DataTypeFormatString(shown, sizeof shown, ImGuiDataType_Float, value, format);
  ImGui::RenderTextClipped(frame.Min, frame.Max, shown, shown + length, nullptr, ImVec2(0.5f, 0.5f));
  return changed;
}

// A vendor (gpus.json "vendor", the filter's key) in the reader's language: its cards' vendor_zh.
std::string VendorName(const GpuCatalog& gpus, const std::string& vendor, bool chinese) {
  for (const Gpu& g : gpus.gpus)
    if (g.vendor == vendor) return g.Text(&Gpu::vendor, chinese);
  return vendor;
}

void DrawFilters(TierMapState& s, const Catalogs& catalogs, const UiText& t, bool chinese) {
  const std::vector<std::string> vendors = Vendors(catalogs.gpus);
  ImGui::TextUnformatted(t.tier_filters);
  ImGui::SetNextItemWidth(-1);
  const std::string shown = s.vendor.empty() ? t.tier_all_vendors : VendorName(catalogs.gpus, s.vendor, chinese);
  if (ImGui::BeginCombo("##vendor", shown.c_str())) {
    if (ImGui::Selectable((std::string(t.tier_all_vendors) + "###all").c_str(), s.vendor.empty())) s.vendor.clear();
    for (const std::string& v : vendors)
      if (ImGui::Selectable((VendorName(catalogs.gpus, v, chinese) + "###" + v).c_str(), s.vendor == v)) s.vendor = v;
    ImGui::EndCombo();
  }
  const char* tiers[] = {t.tier_all_tiers, t.tier_filter_t1, t.tier_filter_t2, t.tier_filter_t3};
  ImGui::SetNextItemWidth(-1);
  ImGui::Combo("##tier", &s.tier, tiers, IM_ARRAYSIZE(tiers));
  ImGui::Checkbox((std::string(t.tier_domestic_only) + "###domestic").c_str(), &s.domestic_only);
  ImGui::Checkbox((std::string(t.tier_fp8_only) + "###fp8").c_str(), &s.fp8_only);
  float min_mem = static_cast<float>(s.min_memory_gb);
  ImGui::SetNextItemWidth(-1);
  if (DragOnlySlider("##minmem", &min_mem, 0, 192, t.tier_min_memory))
    s.min_memory_gb = std::clamp(static_cast<double>(min_mem), 0.0, 4096.0);
  if (ImGui::Button((std::string(t.tier_reset_filters) + "###reset").c_str())) {
    s.vendor.clear();
    s.tier = 0;
    s.domestic_only = s.fp8_only = false;
    s.min_memory_gb = 0;
  }
}

// Draws the legend from `pos`, wrapping at `right`; returns its height. With a null draw
// list it only measures.
float DrawLegend(ImDrawList* dl, ImVec2 pos, float right, const UiEnv& env) {
  const float r = Em(0.35f), line = Em(1.2f);
  float x = pos.x, y = pos.y;
  auto place = [&](float w) {
    if (x + w > right && x > pos.x) x = pos.x, y += line;
  };
  for (int t = 1; t <= 3; ++t) {
    const char* name = TierDisplayName(static_cast<Tier>(t), env);
    const float w = 2.6f * r + ImGui::CalcTextSize(name).x;
    place(w);
    if (dl) {
      dl->AddCircleFilled(ImVec2(x + r, y + Em(0.5f)), r, TierColor(t));
      dl->AddText(ImVec2(x + 2.6f * r, y), IM_COL32(220, 225, 235, 255), name);
    }
    x += w + Em(1);
  }
  const char* size_note = env.text().tier_legend_size;
  place(ImGui::CalcTextSize(size_note).x);
  if (dl) dl->AddText(ImVec2(x, y), kColorMuted, size_note);
  return y + line - pos.y;
}

// [SECTION] Chart ----------------------------------------------------------------------------

// Draws the scatter chart; returns the index (into the catalog) of the hovered card or -1.
// `unlabelled` receives the shown cards the chart had no room to name.
int DrawChart(TierMapState& s, const Catalogs& c, const std::vector<int>& shown, float height, const UiEnv& env,
              charts::ZoomWindow& zoom, std::vector<int>& unlabelled) {
  const UiText& text = env.text();
  const bool narrow = env.narrow();
  const auto& gpus = c.gpus.gpus;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float width = ImGui::GetContentRegionAvail().x;
  // "Reset zoom" at the plot's top right, submitted before the chart so it wins the hover.
  if (zoom.zoomed()) {
    const char* label = text.tier_zoom_reset;
    ImGui::SetCursorScreenPos(ImVec2(origin.x + width - Em(0.5f) - ImGui::CalcTextSize(label).x - Em(1.2f),
                                     origin.y + Em(2.1f)));
    if (ImGui::SmallButton((std::string(label) + "###zoom_reset").c_str())) zoom = {};
    ImGui::SetCursorScreenPos(origin);
  }
  ImGui::InvisibleButton("chart", ImVec2(width, height));
  const bool chart_hovered = ImGui::IsItemHovered();
  const bool double_clicked = chart_hovered && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left);
  const bool clicked = ImGui::IsItemClicked(ImGuiMouseButton_Left);
  const bool right_clicked = ImGui::IsItemClicked(ImGuiMouseButton_Right);

  // Axis ranges over the whole catalog, so filtering does not move the markers.
  double x_lo = 1e9, x_hi = 0, y_lo = 1e9, y_hi = 0, bw_lo = 1e9, bw_hi = 0;
  for (const Gpu& g : gpus) {
    x_lo = std::min(x_lo, g.memory_gb), x_hi = std::max(x_hi, g.memory_gb);
    y_lo = std::min(y_lo, g.Dense16Tflops()), y_hi = std::max(y_hi, g.Dense16Tflops());
    if (g.IsUnpublished("memory_bandwidth_gbps")) continue;  // drawn at the smallest size
    bw_lo = std::min(bw_lo, g.memory_bandwidth_gbps), bw_hi = std::max(bw_hi, g.memory_bandwidth_gbps);
  }
  if (gpus.empty()) return -1;
  charts::PadLogRange(x_lo, x_hi, 0.06);
  charts::PadLogRange(y_lo, y_hi, 0.08);

  const float left = origin.x + Em(narrow ? 2.6f : 4.2f), right = origin.x + width - Em(0.5f);
  const float legend_h = DrawLegend(nullptr, ImVec2(left, 0), right, env);
  const float top = origin.y + Em(1.8f), bottom = origin.y + height - Em(2.8f) - legend_h;
  // Zoom (where the markers crowd, 20-100 GB x 100-500 TFLOPS): a double-click or double-tap
  // doubles it about the pointer (from the deepest zoom it resets), a pinch follows the
  // fingers. The full range stays the frame of reference, so filters never move markers.
  const auto fraction_x = [&](float px) { return (px - left) / (right - left); };
  const auto fraction_y = [&](float py) { return (bottom - py) / (bottom - top); };
  if (double_clicked) {
    const ImVec2 m = ImGui::GetIO().MousePos;
    const bool deepest = zoom.x1 - zoom.x0 <= 1 / charts::ZoomWindow::kMaxZoom + 1e-9;
    zoom = deepest ? charts::ZoomWindow{} : charts::ZoomAbout(zoom, fraction_x(m.x), fraction_y(m.y), 2);
  }
  if (env.pinch_scale != 1.0f && env.pinch_x >= origin.x && env.pinch_x <= origin.x + width &&
      env.pinch_y >= origin.y && env.pinch_y <= origin.y + height)
    zoom = charts::ZoomAbout(zoom, fraction_x(env.pinch_x), fraction_y(env.pinch_y), env.pinch_scale);
  charts::ZoomRange(x_lo, x_hi, zoom.x0, zoom.x1, true, x_lo, x_hi);
  charts::ZoomRange(y_lo, y_hi, zoom.y0, zoom.y1, true, y_lo, y_hi);
  charts::Scale sx{x_lo, x_hi, left, right, true};
  charts::Scale sy{y_lo, y_hi, bottom, top, true};

  dl->AddRectFilled(ImVec2(left, top), ImVec2(right, bottom), IM_COL32(255, 255, 255, 8), 4);
  dl->PushClipRect(ImVec2(origin.x, origin.y), ImVec2(origin.x + width, origin.y + height), true);
  const int x_labels = std::max(3, static_cast<int>((right - left) / Em(4.5f)));
  const int y_labels = std::max(3, static_cast<int>((bottom - top) / Em(2.2f)));
  for (const charts::Tick& t : charts::LogTicks(x_lo, x_hi, x_labels, "GB")) {
    const float x = static_cast<float>(sx.ToPixel(t.value));
    dl->AddLine(ImVec2(x, top), ImVec2(x, bottom), t.major ? kColorGrid : IM_COL32(255, 255, 255, 10));
    if (t.major) {
      const ImVec2 sz = ImGui::CalcTextSize(t.label.c_str());
      dl->AddText(ImVec2(x - sz.x / 2, bottom + Em(0.2f)), kColorMuted, t.label.c_str());
    }
  }
  std::vector<float> y_label_rows;  // where the y axis's labels are (the 150 TFLOPS fallback avoids them)
  for (const charts::Tick& t : charts::LogTicks(y_lo, y_hi, y_labels, "")) {
    const float y = static_cast<float>(sy.ToPixel(t.value));
    dl->AddLine(ImVec2(left, y), ImVec2(right, y), t.major ? kColorGrid : IM_COL32(255, 255, 255, 10));
    if (t.major) {
      y_label_rows.push_back(y);
      const ImVec2 sz = ImGui::CalcTextSize(t.label.c_str());
      dl->AddText(ImVec2(left - sz.x - Em(0.3f), y - sz.y / 2), kColorMuted, t.label.c_str());
    }
  }
  const char* x_title = narrow ? text.tier_axis_x_short : text.tier_axis_x;
  dl->AddText(ImVec2((left + right) / 2 - ImGui::CalcTextSize(x_title).x / 2, bottom + Em(1.3f)),
              IM_COL32(200, 205, 215, 255), x_title);
  const float x_title_right = (left + right) / 2 + ImGui::CalcTextSize(x_title).x / 2;
  dl->AddText(ImVec2(origin.x, origin.y), IM_COL32(200, 205, 215, 255),
              narrow ? text.tier_axis_y_short : text.tier_axis_y);

  // Where each card's marker goes (the guide labels keep off them), biggest first.
  std::vector<int> order = shown;
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    return gpus[a].memory_bandwidth_gbps > gpus[b].memory_bandwidth_gbps;
  });
  std::vector<charts::Point> points;
  std::vector<float> radii;
  for (int i : order) {
    const Gpu& g = gpus[i];
    points.push_back({sx.ToPixel(g.memory_gb), sy.ToPixel(g.Dense16Tflops())});
    radii.push_back(static_cast<float>(charts::BandwidthRadius(g.memory_bandwidth_gbps, bw_lo, bw_hi, Em(0.3f), Em(narrow ? 0.75f : 1.1f))));
  }

  // Tier rule guide lines: Tier 3 at <= 16 GB, Tier 1 needs >= 40 GB and >= 150 TFLOPS.
  const TierRule rule;
  // Every label drawn on the chart, as (x0, y0, x1, y1): card names are placed around them.
  std::vector<ImVec4> placed_labels;
  // The two memory guides sit 1.3 octaves apart (16 and 40 GB), closer than the first label is
  // wide at desktop sizes, so the second label takes the next line (row 1), here and in the
  // build-time page (tier_map_static.cpp), which must not jump at the hand-over.
  auto vline = [&](double gb, const std::string& label, int row) {
    const float x = static_cast<float>(sx.ToPixel(gb));
    if (x < left || x > right) return;  // zoomed away
    for (float y = top; y < bottom; y += Em(0.6f))
      dl->AddLine(ImVec2(x, y), ImVec2(x, std::min(y + Em(0.3f), bottom)), IM_COL32(255, 255, 255, 70));
    const ImVec2 at(x + Em(0.2f), top + Em(0.1f) + row * ImGui::GetTextLineHeight());
    const ImVec2 sz = ImGui::CalcTextSize(label.c_str());
    dl->AddText(at, IM_COL32(255, 255, 255, 120), label.c_str());
    placed_labels.push_back(ImVec4(at.x, at.y, at.x + sz.x, at.y + sz.y));
  };
  vline(rule.tier3_max_memory_gb, narrow ? text.tier_guide_t3_short : Printf(text.tier_guide_t3, rule.tier3_max_memory_gb), 0);
  vline(rule.tier1_min_memory_gb, narrow ? text.tier_guide_t1_short : Printf(text.tier_guide_t1, rule.tier1_min_memory_gb), 1);
  {
    const float y = static_cast<float>(sy.ToPixel(rule.tier1_min_dense16_tflops));
    for (float x = left; y >= top && y <= bottom && x < right; x += Em(0.6f))
      dl->AddLine(ImVec2(x, y), ImVec2(std::min(x + Em(0.3f), right), y), IM_COL32(255, 255, 255, 70));
    const std::string label = Printf(narrow ? text.tier_guide_flops_short : text.tier_guide_flops, rule.tier1_min_dense16_tflops);
    if (y >= top && y <= bottom) {
      // Right-aligned under the line unless a card is there (H20, 148 TFLOPS, sits just under
      // it): then above, or further left (charts::PlaceLineLabel, as on the build-time page).
      std::vector<charts::Marker> markers;
      for (size_t k = 0; k < points.size(); ++k) markers.push_back({points[k].x, points[k].y, radii[k]});
      std::vector<charts::Box> taken;
      for (const ImVec4& r : placed_labels) taken.push_back({r.x, r.y, r.z, r.w});
      const ImVec2 sz = ImGui::CalcTextSize(label.c_str());
      const std::optional<charts::Box> at =
          charts::PlaceLineLabel(markers, y, sz.x, sz.y, Em(0.1f), Em(1), {left, top, right, bottom}, taken);
      placed_labels.push_back(ImVec4(left, y - 1, right, y + 1));  // names do not sit on the line
      if (at) {
        dl->AddText(ImVec2(static_cast<float>(at->x0), static_cast<float>(at->y0)), IM_COL32(255, 255, 255, 120), label.c_str());
        placed_labels.push_back(ImVec4(static_cast<float>(at->x0), static_cast<float>(at->y0), static_cast<float>(at->x1),
                                       static_cast<float>(at->y1)));
      } else {
        // Cards all along the line (phones in Chinese): the bare threshold ("≥ 150") where it
        // fits on the line, else on the y axis beside its labels in a smaller size; the tier rule
        // below the chart says what the line is.
        const std::string value = FormatNumber(rule.tier1_min_dense16_tflops);
        const std::string short_label = "\u2265\u00A0" + value;
        const ImVec2 ss = ImGui::CalcTextSize(short_label.c_str());
        if (const auto near = charts::PlaceLineLabel(markers, y, ss.x, ss.y, Em(0.1f), Em(0.5f), {left, top, right, bottom}, taken)) {
          dl->AddText(ImVec2(static_cast<float>(near->x0), static_cast<float>(near->y0)), IM_COL32(255, 255, 255, 120), short_label.c_str());
          placed_labels.push_back(ImVec4(static_cast<float>(near->x0), static_cast<float>(near->y0), static_cast<float>(near->x1),
                                         static_cast<float>(near->y1)));
        } else {
          const float small = ImGui::GetFontSize() * 0.8f;
          const ImVec2 vs = ImGui::GetFont()->CalcTextSizeA(small, FLT_MAX, 0, value.c_str());
          // Line boxes include leading: digits' ink is ~70 % of them, so 80 % of the two half
          // heights apart keeps the figures from touching.
          const float apart = 0.4f * (vs.y + ImGui::GetTextLineHeight());
          if (std::none_of(y_label_rows.begin(), y_label_rows.end(), [&](float row) { return std::fabs(row - y) < apart; }))
            dl->AddText(ImGui::GetFont(), small, ImVec2(left - vs.x - Em(0.3f), y - vs.y / 2), IM_COL32(255, 255, 255, 150), value.c_str());
        }
      }
    }
  }

  // Markers: biggest first so small ones stay clickable on top; zoomed-out ones are clipped.
  dl->PushClipRect(ImVec2(left, top), ImVec2(right, bottom), true);
  int hovered = -1;
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  if (chart_hovered && mouse.x >= left && mouse.x <= right && mouse.y >= top && mouse.y <= bottom) {
    const ImVec2 m = mouse;
    const int k = charts::NearestPoint(points, m.x, m.y, Em(1.2f));
    if (k >= 0) hovered = order[k];
  }
  // Greedy label placement: names skip places taken by the guide labels or earlier names.
  for (size_t k = 0; k < order.size(); ++k) {
    const int i = order[k];
    const Gpu& g = gpus[i];
    const int tier = static_cast<int>(c.gpu_tiers[i].tier);
    const ImVec2 p(static_cast<float>(points[k].x), static_cast<float>(points[k].y));
    const bool picked = std::find(s.compare.begin(), s.compare.end(), g.id) != s.compare.end();
    const bool pinned = s.pinned == g.id;
    dl->AddCircleFilled(p, radii[k], TierColor(tier, hovered == i ? 0.95f : 0.55f));
    dl->AddCircle(p, radii[k], TierColor(tier), 0, picked || pinned ? Em(0.15f) : Em(0.06f));
    if (picked) dl->AddCircle(p, radii[k] + Em(0.25f), IM_COL32(255, 255, 255, 200), 0, Em(0.08f));
  }
  // The pinned card's name before all others, so it always has a place (once the views' code is
  // here: tier_map_names.hpp); then the others, smallest markers first.
  unlabelled.clear();
  const size_t guides = placed_labels.size();
  const size_t pinned_k = env.views_ready ? DrawPinnedName(dl, s.pinned, c.gpus, order, points, radii, placed_labels,
                                                           ImVec4(left, top, right, bottom), env)
                                          : order.size();
  for (size_t k = order.size(); k-- > 0;) {
    if (k == pinned_k) continue;
    const int i = order[k];
    const Gpu& g = gpus[i];
    const std::string& name = g.DisplayName(env.chinese());
    const ImVec2 sz = ImGui::CalcTextSize(name.c_str());
    // Try the right of the marker, then the left; skip the name if both collide.
    if (points[k].x < left || points[k].x > right || points[k].y < top || points[k].y > bottom) continue;  // zoomed away
    const float cx = static_cast<float>(points[k].x), cy = static_cast<float>(points[k].y) - sz.y / 2;
    auto collides = [&](const ImVec4& rect) {
      if (rect.x < left || rect.z > right) return true;
      for (const ImVec4& r : placed_labels)
        if (!(rect.z < r.x || rect.x > r.z || rect.w < r.y || rect.y > r.w)) return true;
      // Nor over another card's marker (its own is beside the name by construction), nor, on the
      // desktop, where another marker is nearer the name than its own (charts::PlaceLabel's
      // own_nearest: the page drawn at build time does the same); squared distances (hypot would
      // add its code to the first frame).
      const auto distance = [&](size_t j) {
        const float mx = static_cast<float>(points[j].x), my = static_cast<float>(points[j].y);
        const float dx = std::max({rect.x - mx, 0.0f, mx - rect.z}), dy = std::max({rect.y - my, 0.0f, my - rect.w});
        return dx * dx + dy * dy;
      };
      const float own = narrow ? 0.0f : distance(k);
      for (size_t j = 0; j < points.size(); ++j) {
        if (j == k) continue;
        const float mx = static_cast<float>(points[j].x), my = static_cast<float>(points[j].y), mr = radii[j] * 0.8f;
        if (!(rect.z < mx - mr || rect.x > mx + mr || rect.w < my - mr || rect.y > my + mr)) return true;
        if (!narrow && distance(j) < own) return true;
      }
      return false;
    };
    // Right of the marker, left, then above or below it on either side.
    const float gap = radii[k] + Em(0.15f), up = static_cast<float>(points[k].y) - radii[k] - sz.y,
                down = static_cast<float>(points[k].y) + radii[k];
    const ImVec2 candidates[] = {{cx + gap, cy}, {cx - gap - sz.x, cy}, {cx + gap * 0.5f, up}, {cx + gap * 0.5f, down},
                                 {cx - gap * 0.5f - sz.x, up}, {cx - gap * 0.5f - sz.x, down}};
    ImVec2 p = candidates[0];
    ImVec4 rect(p.x, p.y, p.x + sz.x, p.y + sz.y);
    bool free = false;
    for (const ImVec2& q : candidates) {
      const ImVec4 alt(q.x, q.y, q.x + sz.x, q.y + sz.y);
      if (alt.y < top || alt.w > bottom || collides(alt)) continue;
      p = q, rect = alt, free = true;
      break;
    }
    if (!free) unlabelled.push_back(i);
    if (!free && hovered != i) continue;
    placed_labels.push_back(rect);
    dl->AddText(p, hovered == i ? IM_COL32(255, 255, 255, 255) : IM_COL32(210, 215, 225, 200), name.c_str());
  }
  if (env.test_target && env.views_ready)
    ReportChartLabels(placed_labels, guides, points, radii, ImVec4(left, top, right, bottom), env);
  dl->PopClipRect();
  dl->PopClipRect();
  DrawLegend(dl, ImVec2(left, bottom + Em(2.7f)), right, env);

  // How to zoom (while not zoomed; "Reset zoom" is drawn above otherwise).
  if (!zoom.zoomed()) {
    // On the x-axis title's line, right-aligned, when there is room beside the title.
    const char* hint = text.tier_zoom_hint;
    const float hint_x = right - ImGui::CalcTextSize(hint).x;
    if (hint_x > x_title_right + Em(1)) dl->AddText(ImVec2(hint_x, bottom + Em(1.3f)), kColorMuted, hint);
  }

  if (clicked) s.pinned = hovered >= 0 ? gpus[hovered].id : std::string();
  if (right_clicked && hovered >= 0) ToggleCompare(s, gpus[hovered].id);
  return hovered;
}

// [SECTION] Table ----------------------------------------------------------------------------

void DrawTable(TierMapState& s, const Catalogs& c, const std::vector<int>& shown, float height, const UiEnv& env) {
  const UiText& t = env.text();
  const ImGuiTableFlags flags = ImGuiTableFlags_Sortable | ImGuiTableFlags_RowBg |
                                ImGuiTableFlags_Borders | ImGuiTableFlags_ScrollY |
                                ImGuiTableFlags_ScrollX | ImGuiTableFlags_SizingFixedFit |
                                ImGuiTableFlags_Resizable;
  if (!ImGui::BeginTable("catalog", 10, flags, ImVec2(0, height))) return;
  ImGui::TableSetupScrollFreeze(2, 1);
  ImGui::TableSetupColumn(t.tier_col_compare, ImGuiTableColumnFlags_NoSort, 0, -1);
  // The state's sort (from a link, or an earlier visit) is the table's default, so the table's
  // first sort specs repeat it instead of replacing it with a fixed column.
  auto sort_flags = [&s](TierMapSort k) -> ImGuiTableColumnFlags {
    if (s.sort != k) return 0;
    return ImGuiTableColumnFlags_DefaultSort | (s.sort_descending ? ImGuiTableColumnFlags_PreferSortDescending : 0);
  };
  ImGui::TableSetupColumn(t.tier_col_name, sort_flags(TierMapSort::kName), 0, static_cast<ImGuiID>(TierMapSort::kName));
  ImGui::TableSetupColumn(t.tier_col_vendor, sort_flags(TierMapSort::kVendor), 0, static_cast<ImGuiID>(TierMapSort::kVendor));
  ImGui::TableSetupColumn(t.tier_col_tier, sort_flags(TierMapSort::kTier), 0, static_cast<ImGuiID>(TierMapSort::kTier));
  ImGui::TableSetupColumn(t.tier_col_memory, sort_flags(TierMapSort::kMemory), 0, static_cast<ImGuiID>(TierMapSort::kMemory));
  ImGui::TableSetupColumn(t.tier_col_bandwidth, sort_flags(TierMapSort::kBandwidth), 0, static_cast<ImGuiID>(TierMapSort::kBandwidth));
  ImGui::TableSetupColumn(t.tier_col_bf16, sort_flags(TierMapSort::kDense16), 0, static_cast<ImGuiID>(TierMapSort::kDense16));
  ImGui::TableSetupColumn(t.tier_col_fp8, sort_flags(TierMapSort::kFp8), 0, static_cast<ImGuiID>(TierMapSort::kFp8));
  ImGui::TableSetupColumn(t.tier_col_tdp, sort_flags(TierMapSort::kTdp), 0, static_cast<ImGuiID>(TierMapSort::kTdp));
  ImGui::TableSetupColumn(t.tier_col_year, sort_flags(TierMapSort::kYear), 0, static_cast<ImGuiID>(TierMapSort::kYear));
  ImGui::TableHeadersRow();
  if (ImGuiTableSortSpecs* specs = ImGui::TableGetSortSpecs()) {
    if (specs->SpecsDirty && specs->SpecsCount > 0) {
      s.sort = static_cast<TierMapSort>(specs->Specs[0].ColumnUserID);
      s.sort_descending = specs->Specs[0].SortDirection == ImGuiSortDirection_Descending;
      specs->SpecsDirty = false;
    }
  }
  for (int i : shown) {
    const Gpu& g = c.gpus.gpus[i];
    ImGui::PushID(i);
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    bool picked = std::find(s.compare.begin(), s.compare.end(), g.id) != s.compare.end();
    if (ImGui::Checkbox("##cmp", &picked)) ToggleCompare(s, g.id);
    ImGui::TableNextColumn();
    if (ImGui::Selectable((g.DisplayName(env.chinese()) + "###name").c_str(), s.pinned == g.id, ImGuiSelectableFlags_SpanAllColumns |
                                                                ImGuiSelectableFlags_AllowItemOverlap))
      s.pinned = s.pinned == g.id ? std::string() : g.id;
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(g.Text(&Gpu::vendor, env.chinese()).c_str());
    ImGui::TableNextColumn();
    const int tier = static_cast<int>(c.gpu_tiers[i].tier);
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(TierColor(tier)), "%d", tier);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", c.TierOf(i, env.language).reason.c_str());
    ImGui::TableNextColumn();
    ImGui::Text("%s", FormatNumber(g.memory_gb).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(g.IsUnpublished("memory_bandwidth_gbps") ? t.card_not_published : FormatNumber(g.memory_bandwidth_gbps).c_str());
    ImGui::TableNextColumn();
    ImGui::Text("%s", FormatNumber(g.Dense16Tflops(), 1).c_str());
    ImGui::TableNextColumn();
    ImGui::Text("%s", g.fp8_dense_tflops ? FormatNumber(*g.fp8_dense_tflops, 1).c_str() : "-");
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(g.IsUnpublished("tdp_w") ? t.card_not_published : FormatNumber(g.tdp_w).c_str());
    ImGui::TableNextColumn();
    ImGui::Text("%d", g.year);
    ImGui::PopID();
  }
  ImGui::EndTable();
}

// [SECTION] Side panel: pinned card, comparison, the rule ------------------------------------

void DrawSidePanel(TierMapState& s, const Catalogs& c, const UiEnv& env, UiMemory& memory) {
  const UiText& t = env.text();
  const bool touch = env.narrow();
  if (ImGui::CollapsingHeader((std::string(t.tier_rule_title) + "###tier_rule").c_str(),
                              memory.tier_rule_open ? ImGuiTreeNodeFlags_DefaultOpen : 0)) {
    // The rule's words (DescribeTierRule in the engine) with the engine's thresholds.
    const TierRule rule;
    ImGui::PushTextWrapPos(0);
    WrappedText(Printf(t.tier_rule_text, rule.tier3_max_memory_gb, rule.tier3_below_bandwidth_gbps,
                       rule.tier1_min_memory_gb, rule.tier1_min_bandwidth_gbps, rule.tier1_min_dense16_tflops));
    DisabledWrapped(t.tier_rule_uses);
    ImGui::PopTextWrapPos();
  }
  if (!s.compare.empty()) {
    ImGui::Separator();
    ImGui::Text(t.tier_compare_count, s.compare.size(), TierMapState::kMaxCompare);
    ImGui::SameLine();
    if (ImGui::SmallButton((std::string(t.tier_compare_clear) + "###clear").c_str())) s.compare.clear();
    DrawGpuCompareTable(c, s.compare, env);
  }
  const Gpu* pinned = c.gpus.Find(s.pinned);
  ImGui::Separator();
  if (!pinned) {
    WrappedText(touch ? t.tier_hint_touch : t.tier_hint_mouse);
    return;
  }
  const size_t idx = static_cast<size_t>(pinned - c.gpus.gpus.data());
  const bool picked = std::find(s.compare.begin(), s.compare.end(), pinned->id) != s.compare.end();
  if (ImGui::Button((std::string(picked ? t.tier_compare_remove : t.tier_compare_add) + "###compare").c_str()))
    ToggleCompare(s, pinned->id);
  ImGui::SameLine();
  if (ImGui::Button((std::string(t.tier_unpin) + "###unpin").c_str())) s.pinned.clear();
  DrawGpuSpecCard(*pinned, c.TierOf(idx, env.language), env, /*compact=*/false);
}

}  // namespace

// [SECTION] Phone card list ------------------------------------------------------------------

// Both are deferred entry points (src/app/deferred_code.hpp): the first frame's download stays
// within its budget, and phones show the list and the sheet once the views' code has arrived
// (UiEnv::views_ready), a moment after the chart.

// Phones: one card per row with the key figures on a second line, so nothing is cut off or hidden
// behind a horizontal scroll; each row is a tap target of at least 44 CSS px that opens the card's
// detail sheet.
ATLAS_DEFERRED void DrawTierCardList(TierMapState& s, const Catalogs& c, const std::vector<int>& shown, const UiEnv& env,
                  UiMemory& memory) {
  const UiText& t = env.text();
  const float line = ImGui::GetTextLineHeight();
  const float pad = ImGui::GetStyle().FramePadding.x;
  const float text_w = ImGui::GetContentRegionAvail().x - pad * 2 - line;
  // A name or figures line wider than the row wraps (TextLines) and the row grows to hold it:
  // "GB200 中的 B200（Grace Blackwell，NVL72）" was cut at a 390 px phone's edge.
  for (int i : shown) {
    const Gpu& g = c.gpus.gpus[i];
    const int tier = static_cast<int>(c.gpu_tiers[i].tier);
    const std::string& name = g.DisplayName(env.chinese());
    const std::string bandwidth = g.IsUnpublished("memory_bandwidth_gbps") ? std::string(t.card_not_published)
                                                                            : FormatNumber(g.memory_bandwidth_gbps) + "\u00A0GB/s";
    const std::string figures = Printf(t.tier_card_figures, TierShortName(t, tier), FormatNumber(g.memory_gb).c_str(), bandwidth.c_str(),
                                       FormatNumber(g.Dense16Tflops(), 0).c_str());
    const auto& name_lines = TextLines(name, text_w);
    const auto& figure_lines = TextLines(figures, text_w);
    const float text_h = static_cast<float>(name_lines.size() + figure_lines.size()) * line;
    const float row_h = std::max(44.0f * env.dpr, text_h + ImGui::GetStyle().FramePadding.y * 2);
    ImGui::PushID(i);
    const ImVec2 top = ImGui::GetCursorScreenPos();
    const bool picked = std::find(s.compare.begin(), s.compare.end(), g.id) != s.compare.end();
    if (ImGui::Selectable("##row", s.pinned == g.id || picked, 0, ImVec2(0, row_h))) {
      s.pinned = g.id;
      memory.sheet_open = true;
    }
    ImDrawList* dl = ImGui::GetWindowDrawList();
    float y = top.y + (row_h - text_h) * 0.5f;
    dl->AddCircleFilled(ImVec2(top.x + pad + line * 0.3f, y + line * 0.5f), line * 0.3f, TierColor(tier));
    y = DrawTextLines(dl, ImVec2(top.x + pad + line, y), ImGui::GetColorU32(ImGuiCol_Text), name, name_lines, line);
    DrawTextLines(dl, ImVec2(top.x + pad + line, y), kColorMuted, figures, figure_lines, line);
    ImGui::PopID();
  }
}

// A bottom sheet with the pinned card's spec card (phones: no hover tooltips), closed by its
// button or a tap above it.
ATLAS_DEFERRED void DrawTierDetailSheet(TierMapState& s, const Catalogs& c, const UiEnv& env, UiMemory& memory) {
  const Gpu* g = c.gpus.Find(s.pinned);
  if (!memory.sheet_open || !g) {
    memory.sheet_open = false;
    return;
  }
  const UiText& t = env.text();
  if (!ImGui::IsPopupOpen("###gpu_sheet")) ImGui::OpenPopup("###gpu_sheet");
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const float h = vp->Size.y * 0.62f;
  ImGui::SetNextWindowPos(ImVec2(vp->Pos.x, vp->Pos.y + vp->Size.y - h));
  ImGui::SetNextWindowSize(ImVec2(vp->Size.x, h));
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                 ImGuiWindowFlags_NoSavedSettings;
  ImGui::PushStyleColor(ImGuiCol_PopupBg, SheetBackground());  // opaque over the tab bar
  const bool open = ImGui::BeginPopupModal("###gpu_sheet", nullptr, flags);
  ImGui::PopStyleColor();
  if (!open) return;
  const float button_h = std::max(44.0f * env.dpr, ImGui::GetFrameHeight());
  const bool picked = std::find(s.compare.begin(), s.compare.end(), g->id) != s.compare.end();
  const float w = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) * 0.5f;
  if (ImGui::Button((std::string(picked ? t.tier_compare_remove : t.tier_compare_add) + "###sheet_compare").c_str(),
                    ImVec2(w, button_h)))
    ToggleCompare(s, g->id);
  ImGui::SameLine();
  bool close = ImGui::Button((std::string(t.tier_sheet_close) + "###sheet_close").c_str(), ImVec2(-1, button_h));
  ImGui::BeginChild("sheet_body", ImVec2(0, 0), false);
  const size_t idx = static_cast<size_t>(g - c.gpus.gpus.data());
  DrawGpuSpecCard(*g, c.TierOf(idx, env.language), env, /*compact=*/false);
  ImGui::EndChild();
  // A tap above the sheet closes it, as on a phone's own sheets.
  if (ImGui::IsMouseClicked(ImGuiMouseButton_Left) && !ImGui::IsWindowHovered(ImGuiHoveredFlags_ChildWindows) &&
      ImGui::GetIO().MousePos.y < vp->Pos.y + vp->Size.y - h)
    close = true;
  if (close) {
    memory.sheet_open = false;
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndPopup();
}

void DrawTierMapView(AppState& state, const Catalogs& catalogs, const UiEnv& env, UiMemory& memory) {
  const UiText& t = env.text();
  TierMapState& s = state.tier_map;
  const std::vector<int> shown = FilterAndSortGpus(catalogs, s);
  const bool narrow = env.narrow();
  const ImVec2 avail = ImGui::GetContentRegionAvail();

  auto draw_main = [&](float height) {
    if (ImGui::RadioButton((std::string(t.tier_show_chart) + "###chart").c_str(), !s.table_view)) s.table_view = false;
    ImGui::SameLine();
    if (ImGui::RadioButton((std::string(t.tier_show_table) + "###table").c_str(), s.table_view)) s.table_view = true;
    ImGui::SameLine();
    ImGui::TextDisabled(t.tier_shown_count, shown.size(), catalogs.gpus.gpus.size());
    memory.hovered_gpu = -1;
    if (s.table_view && narrow && env.views_ready) {
      DrawTierCardList(s, catalogs, shown, env, memory);
    } else if (s.table_view) {
      DrawTable(s, catalogs, shown, height, env);
    } else {
      const std::string pinned_before = s.pinned;
      memory.hovered_gpu = DrawChart(s, catalogs, shown, height, env, memory.tier_zoom, memory.tier_unlabelled);
      // Phones: a tap on a marker opens its detail sheet instead of a tooltip.
      if (narrow && !s.pinned.empty() && s.pinned != pinned_before) memory.sheet_open = true;
      if (memory.hovered_gpu >= 0 && !narrow) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(Em(24));
        DrawGpuSpecCard(catalogs.gpus.gpus[memory.hovered_gpu], catalogs.TierOf(static_cast<size_t>(memory.hovered_gpu), env.language), env, true);
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
      }
    }
  };

  if (narrow) {
    // One column: filters folded, chart, then the side panel, all in one scrolling child.
    BeginViewChild("tiermap_scroll", ImVec2(0, 0), false);
    if (ImGui::CollapsingHeader((std::string(t.tier_filters) + "###filters").c_str())) DrawFilters(s, catalogs, t, env.chinese());
    draw_main(std::max(Em(18), avail.x * 1.05f));
    DrawSidePanel(s, catalogs, env, memory);
    // Labels that would collide are left out of the chart, so every card is listed under it
    // (a tap opens its sheet).
    if (!s.table_view && env.views_ready) {
      ImGui::Separator();
      DrawTierCardList(s, catalogs, shown, env, memory);
    }
    ImGui::EndChild();
    if (env.views_ready) DrawTierDetailSheet(s, catalogs, env, memory);
    return;
  }
  const float filters_w = Em(13), side_w = std::clamp(avail.x * 0.30f, Em(18), Em(30));
  BeginViewChild("filters", ImVec2(filters_w, 0), true);
  DrawFilters(s, catalogs, t, env.chinese());
  ImGui::EndChild();
  ImGui::SameLine();
  BeginViewChild("main", ImVec2(avail.x - filters_w - side_w - 2 * ImGui::GetStyle().ItemSpacing.x, 0), true);
  draw_main(ImGui::GetContentRegionAvail().y - ImGui::GetFrameHeightWithSpacing());
  ImGui::EndChild();
  ImGui::SameLine();
  BeginViewChild("side", ImVec2(0, 0), true);
  DrawSidePanel(s, catalogs, env, memory);
  // Every card named on the chart or listed here, beside it (phones list every card under it).
  if (!s.table_view && env.views_ready) DrawUnlabelledCards(s, catalogs, memory.tier_unlabelled, env);
  ImGui::EndChild();
}

}  // namespace atlas::ui
