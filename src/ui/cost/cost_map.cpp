// China's hubs and the world's regions as two maps, dots coloured by electricity price.
#include "cost_parts.hpp"

#include "engine/format.hpp"
#include "ui/charts/label_placement.hpp"
#include "ui/charts/scale.hpp"
#include "ui/flowing_names.hpp"
#include "ui/format_units.hpp"
#include "ui/theme.hpp"
#include "ui/widgets.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstring>

namespace atlas::ui::cost {

namespace {

ImVec2 ToImVec(charts::Point p) { return ImVec2(static_cast<float>(p.x), static_cast<float>(p.y)); }

// Draws one map panel (China's hubs or the world) and returns the hovered region or -1.
int DrawMapPanel(ImDrawList* dl, const CostDerived& d, const Catalogs& c, const CostState& s, const charts::Rect& rect,
                 const charts::GeoBox& box, bool china, const char* title, bool hover_ok, std::vector<charts::Point>& pts,
                 std::vector<int>& idx, std::vector<int>& unnamed, const UiEnv& env) {
  dl->AddRectFilled(ImVec2(static_cast<float>(rect.x0), static_cast<float>(rect.y0)),
                    ImVec2(static_cast<float>(rect.x1), static_cast<float>(rect.y1)), IM_COL32(255, 255, 255, 8), 4);
  // Every label drawn in the panel, as (x0, y0, x1, y1): region names are placed around them.
  std::vector<ImVec4> placed;
  const ImVec2 title_at(static_cast<float>(rect.x0) + Em(0.4f), static_cast<float>(rect.y0) + Em(0.2f));
  const ImVec2 title_sz = ImGui::CalcTextSize(title);
  dl->AddText(title_at, IM_COL32(200, 205, 215, 255), title);
  placed.push_back(ImVec4(title_at.x, title_at.y, title_at.x + title_sz.x, title_at.y + title_sz.y));
  const charts::Rect inner{rect.x0 + Em(0.8f), rect.y0 + Em(1.6f), rect.x1 - Em(0.8f), rect.y1 - Em(0.6f)};
  const float step = china ? 5.0f : 30.0f;
  // Graticule.
  for (double lat = std::ceil(box.lat_lo / step) * step; lat <= box.lat_hi; lat += step)
    dl->AddLine(ToImVec(charts::ProjectGeo(lat, box.lon_lo, box, inner)), ToImVec(charts::ProjectGeo(lat, box.lon_hi, box, inner)),
                lat == 0 ? IM_COL32(255, 255, 255, 40) : IM_COL32(255, 255, 255, 16));
  for (double lon = std::ceil(box.lon_lo / step) * step; lon <= box.lon_hi; lon += step)
    dl->AddLine(ToImVec(charts::ProjectGeo(box.lat_lo, lon, box, inner)), ToImVec(charts::ProjectGeo(box.lat_hi, lon, box, inner)),
                IM_COL32(255, 255, 255, 16));
  if (china) {
    // The Hu line (Heihe-Tengchong), the usual east/west divide of population and power demand.
    DashedLine(dl, ToImVec(charts::ProjectGeo(50.2, 127.5, box, inner)), ToImVec(charts::ProjectGeo(25.0, 98.5, box, inner)),
               IM_COL32(255, 255, 255, 60), Em(0.35f));
    const ImVec2 hl = ToImVec(charts::ProjectGeo(45.5, 121.5, box, inner));
    const char* hu = env.text().cost_map_hu_line;
    const ImVec2 hu_sz = ImGui::CalcTextSize(hu);
    dl->AddText(hl, IM_COL32(255, 255, 255, 90), hu);
    placed.push_back(ImVec4(hl.x, hl.y, hl.x + hu_sz.x, hl.y + hu_sz.y));
  }
  int hovered = -1;
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  const float rad = Em(china ? 0.55f : 0.45f);
  // Dots first, so every name can keep clear of every dot.
  std::vector<const RegionSeries*> shown;
  std::vector<ImVec2> dots;
  for (const RegionSeries& rs : d.map_regions) {
    const Region& r = c.regions.regions[rs.region_index];
    if (r.in_china() != china) continue;
    const ImVec2 p = ToImVec(charts::ProjectGeo(r.lat, r.lon, box, inner));
    pts.push_back({p.x, p.y});
    idx.push_back(rs.region_index);
    shown.push_back(&rs);
    dots.push_back(p);
    if (env.test_target) env.test_target(china ? "map_dot_china" : "map_dot_world", p.x - rad, p.y - rad, p.x + rad, p.y + rad);
    const bool in_job = std::any_of(d.regions.begin(), d.regions.end(), [&](const RegionSeries& x) { return x.region_index == rs.region_index; });
    const double price_t = charts::Normalize(rs.kwh_price, d.kwh_price_min, d.kwh_price_max);
    dl->AddCircleFilled(p, rad, PriceColor(price_t, in_job ? 1.0f : 0.35f));
    if (rs.region_index == d.focus_region) dl->AddCircle(p, rad + Em(0.25f), IM_COL32(255, 255, 255, 230), 0, Em(0.12f));
    if (hover_ok && std::hypot(mouse.x - p.x, mouse.y - p.y) < Em(1.0f)) hovered = rs.region_index;
  }
  // Names: right of the dot, else left, below, above or at a corner; inside the panel, clear of
  // the other names, labels and dots; listed under the map when nothing is free (`unnamed`).
  std::vector<charts::Marker> markers;
  for (const ImVec2& dot : dots) markers.push_back({dot.x, dot.y, rad});
  for (size_t k = 0; k < shown.size(); ++k) {
    const RegionSeries& rs = *shown[k];
    const Region& r = c.regions.regions[rs.region_index];
    const ImVec2 p = dots[k];
    const bool in_job = std::any_of(d.regions.begin(), d.regions.end(), [&](const RegionSeries& x) { return x.region_index == rs.region_index; });
    const std::string name = ShortName(r, env.chinese());
    const ImVec2 sz = ImGui::CalcTextSize(name.c_str());
    auto collides = [&](const ImVec4& q) {
      if (q.x < rect.x0 + Em(0.2f) || q.z > rect.x1 - Em(0.2f) || q.y < rect.y0 || q.w > rect.y1) return true;
      for (const ImVec4& o : placed)
        if (!(q.z < o.x || q.x > o.z || q.w < o.y || q.y > o.w)) return true;
      for (size_t j = 0; j < dots.size(); ++j)
        if (j != k && !(q.z < dots[j].x - rad || q.x > dots[j].x + rad || q.w < dots[j].y - rad || q.y > dots[j].y + rad))
          return true;
      return false;
    };
    const float gap = rad + Em(0.2f);
    const ImVec4 candidates[] = {ImVec4(p.x + gap, p.y - sz.y / 2, p.x + gap + sz.x, p.y + sz.y / 2),
                                 ImVec4(p.x - gap - sz.x, p.y - sz.y / 2, p.x - gap, p.y + sz.y / 2),
                                 ImVec4(p.x - sz.x / 2, p.y + rad, p.x + sz.x / 2, p.y + rad + sz.y),
                                 ImVec4(p.x - sz.x / 2, p.y - rad - sz.y, p.x + sz.x / 2, p.y - rad),
                                 ImVec4(p.x + rad, p.y + rad, p.x + rad + sz.x, p.y + rad + sz.y),
                                 ImVec4(p.x + rad, p.y - rad - sz.y, p.x + rad + sz.x, p.y - rad),
                                 ImVec4(p.x - rad - sz.x, p.y + rad, p.x - rad, p.y + rad + sz.y),
                                 ImVec4(p.x - rad - sz.x, p.y - rad - sz.y, p.x - rad, p.y - rad)};
    // A name nearer another dot than its own reads as that dot's ("Seoul" between Seoul and
    // Tokyo on a phone): such a place is taken only when no other is free, and then a short line
    // joins the name to its dot.
    auto ambiguous = [&](const ImVec4& q) {
      return charts::NearerAnotherMarker(markers, k, charts::Box{q.x, q.y, q.z, q.w}, Em(0.6f));
    };
    bool named = false;
    for (int pass = 0; pass < 2 && !named; ++pass)
      for (const ImVec4& q : candidates) {
        if (collides(q) || (pass == 0 && ambiguous(q))) continue;
        placed.push_back(q);
        if (pass == 1) {
          const ImVec2 edge(std::clamp(p.x, q.x, q.z), std::clamp(p.y, q.y, q.w));
          dl->AddLine(p, edge, in_job ? kColorText : kColorMuted, Em(0.06f));
        }
        dl->AddText(ImVec2(q.x, q.y), in_job ? kColorText : kColorMuted, name.c_str());
        if (env.test_target) env.test_target(china ? "map_label_china" : "map_label_world", q.x, q.y, q.z, q.w);
        named = true;
        break;
      }
    if (!named) unnamed.push_back(rs.region_index);
  }
  (void)s;
  return hovered;
}

// The regions the maps had no room to name, as the tier map lists its unlabelled cards: names
// that flow like words; picking one makes it the break-even chart's region (as a click on its
// dot does). Each reported to tests as "map_listed".
void DrawUnnamedRegions(CostState& s, const Catalogs& c, const std::vector<int>& unnamed, const UiEnv& env) {
  if (unnamed.empty()) return;
  ColoredWrapped(kColorMuted, env.text().cost_map_unnamed);
  FlowingNames list;
  for (const int i : unnamed) {
    const Region& r = c.regions.regions[i];
    if (list.Name(i, ShortName(r, env.chinese()), s.focus_region == r.id)) s.focus_region = r.id;
    TestTarget(env, "map_listed");
  }
}

}  // namespace

void DrawRegionMap(CostState& s, const CostDerived& d, const Catalogs& c, const UiEnv& env, bool narrow) {
  const UiText& t = env.text();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float width = ImGui::GetContentRegionAvail().x;
  const float china_h = narrow ? width * 0.85f : std::min(width * 0.42f, Em(22));
  const float world_h = narrow ? width * 0.6f : china_h;
  const float legend_h = Em(2.2f);
  const float height = narrow ? china_h + world_h + Em(0.5f) + legend_h : china_h + legend_h;
  const ImVec2 o = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("map", ImVec2(width, height));
  const bool hover_ok = ImGui::IsItemHovered();
  const bool clicked = ImGui::IsItemClicked(ImGuiMouseButton_Left);
  charts::Rect china_rect, world_rect;
  if (narrow) {
    china_rect = {o.x, o.y, o.x + width, o.y + china_h};
    world_rect = {o.x, o.y + china_h + Em(0.5f), o.x + width, o.y + china_h + Em(0.5f) + world_h};
  } else {
    const float cw = width * 0.44f;
    china_rect = {o.x, o.y, o.x + cw, o.y + china_h};
    world_rect = {o.x + cw + Em(0.6f), o.y, o.x + width, o.y + china_h};
  }
  std::vector<charts::Point> pts;
  std::vector<int> idx, unnamed;
  int hovered = DrawMapPanel(dl, d, c, s, china_rect, charts::GeoBox{18, 47, 96, 128}, true, t.cost_map_china, hover_ok,
                             pts, idx, unnamed, env);
  const int hw = DrawMapPanel(dl, d, c, s, world_rect, charts::GeoBox{-42, 66, -130, 160}, false, t.cost_group_global,
                              hover_ok, pts, idx, unnamed, env);
  if (hovered < 0) hovered = hw;
  // Legend: price ramp.
  const float ly = o.y + height - legend_h + Em(0.5f);
  const std::string& cur = d.request.currency;
  const std::string lo = Money(d.kwh_price_min, cur, env.language) + "/kWh", hi = Money(d.kwh_price_max, cur, env.language) + "/kWh";
  float x = o.x;
  dl->AddText(ImVec2(x, ly), kColorMuted, lo.c_str());
  x += ImGui::CalcTextSize(lo.c_str()).x + Em(0.4f);
  const float ramp_w = Em(narrow ? 5 : 8);
  for (int i = 0; i < 16; ++i)
    dl->AddRectFilled(ImVec2(x + ramp_w * i / 16, ly + Em(0.2f)), ImVec2(x + ramp_w * (i + 1) / 16, ly + Em(0.9f)), PriceColor(i / 15.0));
  x += ramp_w + Em(0.4f);
  dl->AddText(ImVec2(x, ly), kColorMuted, hi.c_str());
  x += ImGui::CalcTextSize(hi.c_str()).x + Em(1);
  if (!narrow) dl->AddText(ImVec2(x, ly), kColorMuted, t.cost_map_legend);
  if (hovered >= 0) {
    for (const RegionSeries& rs : d.map_regions)
      if (rs.region_index == hovered) {
        RegionSeries shown = rs;
        for (const RegionSeries& job : d.regions)
          if (job.region_index == hovered) shown = job;
        RegionTooltip(c.regions.regions[hovered], shown, d, c, env);
      }
    if (clicked) s.focus_region = c.regions.regions[hovered].id;
  }
  DrawUnnamedRegions(s, c, unnamed, env);
}

}  // namespace atlas::ui::cost
