// The one-line answer: the cheapest hub and service form for the job, and the report's notes.
#include "cost_parts.hpp"

#include "engine/format.hpp"
#include "engine/plural.hpp"
#include "ui/charts/scale.hpp"
#include "ui/format_units.hpp"
#include "ui/theme.hpp"
#include "ui/widgets.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstring>

namespace atlas::ui::cost {

namespace {

// Why the headline names this hub among those of the same total (CostReport::cheapest_tie_break).
const char* TieBreakWords(CostTieBreak b, const UiText& t) {
  switch (b) {
    case CostTieBreak::kOwnQuotes: return t.cost_tie_own_quotes;
    case CostTieBreak::kNearer: return t.cost_tie_nearer;
    case CostTieBreak::kLowerCo2: return t.cost_tie_lower_co2;
    case CostTieBreak::kNone: break;
  }
  return t.cost_tie_none;
}

// Under the headline: the basis buying was counted on in the headline's region (the engine's
// rule, engine/cost.hpp "buying for one job") and the job hours where buying meets renting; on
// the amortised basis, whether buying beats the headline's rent there and, if it does but is
// not the pick, why.
void DrawBuyBasis(const CostDerived& d, const CostRow& headline, const UiEnv& env) {
  const UiText& t = env.text();
  const std::string& region_id = headline.region_id;
  const CostRow* buy = nullptr;
  for (const CostRow& r : d.report.rows)
    if (r.region_id == region_id && r.service == ServiceKind::kPurchase && r.total_cost) buy = &r;
  if (!buy) return;
  const std::string& cur = d.request.currency;
  const std::string total = Money(buy->total_cost->amount, cur, env.language);
  if (d.report.purchase_basis == PurchaseBasis::kAmortised) {
    const std::string years = Shortest(d.request.purchase_use_years.value_or(NAN));
    if (buy == &headline) {
      WrappedTextF(t.cost_buy_basis_amortised_wins, years.c_str(), total.c_str());
      return;
    }
    const double rent = headline.total_cost ? headline.total_cost->amount : NAN;
    const std::string rent_text = Money(rent, cur, env.language);
    if (buy->total_cost->amount < rent) {
      // Cheaper, yet not picked (engine/cost.cpp, the cheapest row): a purchase price that is
      // not comparable with a market median, else one priced by the other market's sellers.
      const char* why = !buy->price_comparable ? t.cost_buy_not_picked_weak : t.cost_buy_not_picked_other_market;
      WrappedTextF(t.cost_buy_basis_amortised_cheaper, years.c_str(), total.c_str(), rent_text.c_str(), why);
    } else {
      WrappedTextF(t.cost_buy_basis_amortised_dearer, years.c_str(), total.c_str(), rent_text.c_str());
    }
    return;
  }
  const RegionBreakEven* be = nullptr;
  for (const RegionBreakEven& b : d.report.break_even)
    if (b.region_id == region_id) be = &b;
  if (be && be->purchase_break_even_hours)
    WrappedTextF(t.cost_buy_basis_outlay, total.c_str(), Safe(*be->purchase_break_even_hours, 0).c_str(),
                 Safe(d.request.hours, 0).c_str());
  else
    WrappedTextF(t.cost_buy_basis_outlay_never, total.c_str());
}

}  // namespace

void DrawSummary(const CostDerived& d, const Catalogs& c, const UiEnv& env) {
  const UiText& t = env.text();
  if (!d.valid) {
    for (const std::string& e : d.errors) ColoredWrapped(kColorBad, Shown(e, env));
    return;
  }
  const std::string& cur = d.request.currency;
  if (d.report.cheapest) {
    const CostRow& row = d.report.rows[*d.report.cheapest];
    const Region* r = c.regions.Find(row.region_id);
    ImGui::PushStyleColor(ImGuiCol_Text, kColorGood);
    // A hub whose own market has no seller of the card is priced from the other market's: the
    // headline says so with its name (a review read "Cheapest: 成渝" as a mainland offer).
    const bool other_market = row.price_choice && row.price_choice->scope == QuoteScope::kOtherMarket;
    const std::string hub_name = r ? ShortName(*r, env.chinese()) : row.region_id;
    const std::string hub = other_market ? Printf(t.cost_cheapest_hub_other_market, hub_name.c_str()) : hub_name;
    const std::string total = Money(row.total_cost ? row.total_cost->amount : NAN, cur, env.language);
    const std::string annual = Money(row.annual_cost ? row.annual_cost->amount : NAN, cur, env.language);
    const std::string duty = Safe(d.request.duty_cycle * 100, 0);
    if (d.report.cheapest_ties > 0)
      WrappedText(Plurals(Printf(t.cost_cheapest_tied, hub.c_str(), FormName(row.service, env, c), d.report.cheapest_ties,
                                 TieBreakWords(d.report.cheapest_tie_break, t), total.c_str(), annual.c_str(), duty.c_str())));
    else
      WrappedTextF(t.cost_cheapest, hub.c_str(), FormName(row.service, env, c), total.c_str(), annual.c_str(), duty.c_str());
    ImGui::PopStyleColor();
    // The same priced row the hub table shows: its price as a market (statistic, sellers, range,
    // dates, stale mark), and the other market's mark when no seller in the hub's market quotes it.
    if (!row.price_summary.empty()) {
      const bool other = other_market;
      const bool stale = row.price_choice && row.price_choice->stats.stale_only;
      const std::string price = Printf(t.cost_cheapest_price, Shown(row.price_summary, env).c_str());
      const bool estimate = row.price && row.price->estimate;
      if (other || stale || estimate) ColoredWrapped(kColorWarn, other ? price + " · " + t.mark_other_market : price);
      else WrappedText(price.c_str());
    }
    DrawBuyBasis(d, row, env);
  } else {
    ColoredWrapped(kColorWarn, t.cost_no_cheapest);
  }
  ImGui::PushStyleColor(ImGuiCol_Text, kColorMuted);
  for (const std::string& n : d.report.notes) WrappedText(Shown(n, env).c_str());
  ImGui::PopStyleColor();
}

}  // namespace atlas::ui::cost
