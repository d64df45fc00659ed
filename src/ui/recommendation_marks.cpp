#include "recommendation_marks.hpp"

#include "engine/format.hpp"
#include "theme.hpp"
#include "widgets.hpp"
#include "engine/plural.hpp"

#include <imgui.h>

namespace atlas::ui {

namespace {

// A coloured word with a wrapped tooltip (a sheet a tap opens on phones; test target "mark").
void Mark(ImU32 color, const char* word, const std::string& tip, const UiEnv& env) {
  const std::string label = std::string("[") + word + "]";
  ImGui::SameLine();
  // A mark that does not fit after a (wrapped) title starts the next line rather than wrapping
  // a letter per line.
  if (ImGui::GetContentRegionAvail().x < ImGui::CalcTextSize(label.c_str()).x) ImGui::NewLine();
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(color), "%s", label.c_str());
  DetailText("mark", tip, env, 24);
}

}  // namespace

void DrawRecommendationMarks(const Recommendation& r, const UiEnv& env) {
  const UiText& t = env.text();
  using A = Recommendation::Availability;
  if (r.availability == A::kNoPrice) Mark(kColorMuted, t.mark_no_price, t.mark_no_price_help, env);
  if (r.availability == A::kOtherMarket && r.price)
    Mark(kColorWarn, t.mark_other_market,
         Printf(t.mark_other_market_help, Shown(r.price->provider, env).c_str(), r.price->market.c_str()), env);
  if (!r.vendor_claim_fields.empty()) {
    std::string fields;
    for (const std::string& f : r.vendor_claim_fields) fields += (fields.empty() ? "" : ", ") + f;
    Mark(kColorWarn, t.mark_vendor_claim, Printf(t.mark_vendor_claim_help, fields.c_str()), env);
  }
  // Memory a few per cent short of running out, and a rent that is one company's list price:
  // both rank like any other configuration, so the line says so (a review ranked a plan with
  // 3 % headroom first with nothing beside it).
  if (r.tight())
    Mark(kColorWarn, t.mark_tight, Printf(t.mark_tight_help, Printf("%.1f%%", 100 * r.headroom_fraction).c_str()), env);
  if (r.one_seller_price())
    Mark(kColorWarn, t.mark_one_seller,
         Printf(t.mark_one_seller_help, Shown(r.price->provider + ", " + r.price->summary, env).c_str()), env);
  int risks = 0;
  std::string tip = t.mark_risks_help;
  for (const RiskFlag& f : r.risks) {
    if (f.kind == RiskKind::kVendorClaim) continue;  // its own mark above
    risks++;
    tip += "\n- " + Shown(f.text, env);
  }
  if (risks > 0) Mark(kColorBad, risks == 1 ? t.mark_risk_one : Plurals(Printf(t.mark_risks, risks)).c_str(), tip, env);
}

}  // namespace atlas::ui
