#include "tier_map_names.hpp"

#include "app/deferred_code.hpp"
#include "charts/label_placement.hpp"
#include "engine/format.hpp"
#include "engine/plural.hpp"
#include "flowing_names.hpp"
#include "theme.hpp"
#include "widgets.hpp"

#include <algorithm>
#include <cmath>

namespace atlas::ui {

ATLAS_DEFERRED std::size_t DrawPinnedName(ImDrawList* dl, const std::string& pinned, const GpuCatalog& gpus,
                                          const std::vector<int>& order, const std::vector<charts::Point>& points,
                                          const std::vector<float>& radii, std::vector<ImVec4>& placed, const ImVec4& area,
                                          const UiEnv& env) {
  std::size_t k = 0;
  while (k < order.size() && gpus.gpus[order[k]].id != pinned) ++k;
  if (k == order.size()) return k;
  const charts::Point& p = points[k];
  if (p.x < area.x || p.x > area.z || p.y < area.y || p.y > area.w) return order.size();  // zoomed away
  std::vector<charts::Marker> markers;
  for (std::size_t j = 0; j < points.size(); ++j) markers.push_back({points[j].x, points[j].y, radii[j]});
  std::vector<charts::Box> taken;
  for (const ImVec4& r : placed) taken.push_back({r.x, r.y, r.z, r.w});
  const std::string& name = gpus.gpus[order[k]].DisplayName(env.chinese());
  // A name wider than the chart wraps (a phone's chart is ~250 CSS px wide, less than "Ascend
  // 910B (910B3-class, Atlas 800T A2 module)"), so none of it is cut at the edge; into lines of
  // at most 12 em, a compact block that leaves room for the other cards' names.
  const float room = area.z - area.x - Em(0.3f);
  ImVec2 sz = ImGui::CalcTextSize(name.c_str());
  const float wrap = sz.x <= room ? 0.0f : std::max(Em(4), std::min(room, Em(12)));
  if (wrap > 0) sz = ImGui::CalcTextSize(name.c_str(), nullptr, false, wrap);
  const charts::PinnedPlace at = charts::PlacePinnedLabel(markers, k, sz.x, sz.y, Em(0.15f), {area.x, area.y, area.z, area.w}, taken);
  const ImVec4 box(static_cast<float>(at.box.x0), static_cast<float>(at.box.y0), static_cast<float>(at.box.x1),
                   static_cast<float>(at.box.y1));
  if (!at.free) dl->AddRectFilled(ImVec2(box.x - Em(0.15f), box.y), ImVec2(box.z + Em(0.15f), box.w), IM_COL32(20, 24, 32, 230));
  if (at.leader) {  // from the marker's rim to the nearest point of the name's edge facing it
    const float px = static_cast<float>(p.x), py = static_cast<float>(p.y);
    const float lx = std::min(std::max(px, box.x), box.z), ly = box.y > py ? box.y : box.w;
    const float dx = lx - px, dy = ly - py, len = std::max(1.0f, std::sqrt(dx * dx + dy * dy));
    dl->AddLine(ImVec2(px + dx / len * radii[k], py + dy / len * radii[k]), ImVec2(lx, ly), IM_COL32(210, 215, 225, 170), Em(0.08f));
  }
  dl->AddText(ImGui::GetFont(), ImGui::GetFontSize(), ImVec2(box.x, box.y), IM_COL32(255, 255, 255, 255), name.c_str(),
              nullptr, wrap);
  if (env.test_target) env.test_target("tier_pinned_name", box.x, box.y, box.z, box.w);
  placed.push_back(box);
  return k;
}

ATLAS_DEFERRED void ReportChartLabels(const std::vector<ImVec4>& placed, std::size_t guides, const std::vector<charts::Point>& points,
                                      const std::vector<float>& radii, const ImVec4& area, const UiEnv& env) {
  if (!env.test_target) return;
  for (std::size_t i = 0; i < placed.size(); ++i)
    env.test_target(i < guides ? "tier_guide" : "tier_label", placed[i].x, placed[i].y, placed[i].z, placed[i].w);
  for (std::size_t k = 0; k < points.size() && k < radii.size(); ++k) {
    const float x = static_cast<float>(points[k].x), y = static_cast<float>(points[k].y), r = radii[k];
    if (x < area.x || x > area.z || y < area.y || y > area.w) continue;  // zoomed away
    env.test_target("tier_marker", x - r, y - r, x + r, y + r);
  }
}

ATLAS_DEFERRED void DrawUnlabelledCards(TierMapState& s, const Catalogs& c, const std::vector<int>& unlabelled,
                                        const UiEnv& env) {
  if (unlabelled.empty()) return;
  ImGui::Separator();
  ColoredWrapped(kColorMuted, Plurals(Printf(env.text().tier_unlabelled_title, static_cast<int>(unlabelled.size()))));
  FlowingNames list;
  for (const int i : unlabelled) {
    const Gpu& g = c.gpus.gpus[i];
    if (list.Name(i, g.DisplayName(env.chinese()), s.pinned == g.id, TierColor(static_cast<int>(c.gpu_tiers[i].tier))))
      s.pinned = s.pinned == g.id ? std::string() : g.id;
  }
}

}  // namespace atlas::ui
