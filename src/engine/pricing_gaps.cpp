#include "pricing_gaps.hpp"

#include "gpu_catalog.hpp"
#include "json_reader.hpp"
#include "price_market.hpp"

#include <map>

namespace atlas {

namespace {

PriceGap ReadGap(FieldReader& r) {
  PriceGap g;
  g.gpu = r.String("gpu");
  const std::string service = r.String("service");
  auto kind = ParseServiceId(service);
  if (!service.empty() && !kind) r.Fail("service", "must be monthly_server, container, bare_metal or purchase");
  g.service = kind.value_or(ServiceKind::kContainer);
  g.market = r.String("market");
  if (!g.market.empty() && g.market != "cn" && g.market != "global") r.Fail("market", "must be cn or global");
  g.searched = r.StringList("searched", /*require_non_empty=*/true);
  g.searched_on = r.String("searched_on");
  if (!g.searched_on.empty() && (g.searched_on.size() != 10 || !AsOfMonthIndex(g.searched_on)))
    r.Fail("searched_on", "is \"" + g.searched_on + "\": must be a date (YYYY-MM-DD)");
  g.notes = r.StringOr("notes", "");
  g.notes_zh = r.StringOr("notes_zh", "");
  if (!g.notes.empty() && g.notes_zh.empty())
    r.Fail("notes_zh", "is missing or empty: every text shown to a reader needs its 简体中文 twin");
  return g;
}

}  // namespace

PricingGapsLoad LoadPricingGaps(const std::string& text, const std::string& file_name) {
  PricingGapsLoad out;
  auto root = ParseJson(text, file_name, out.errors);
  if (!root) return out;
  FieldReader top(*root, file_name, out.errors);
  if (!root->is_object()) return out;
  // One record per card, form and market: GapFor shows only the first, so a repeat is an error.
  std::map<std::string, size_t> first_index;
  ForEachRecord(*root, "gaps", file_name, out.errors, [&](FieldReader& r, const Json&) {
    out.gaps.push_back(ReadGap(r));
    const PriceGap& g = out.gaps.back();
    const std::string key = g.gpu + "/" + ServiceId(g.service) + "/" + g.market;
    auto [it, inserted] = first_index.emplace(key, out.gaps.size() - 1);
    if (!inserted)
      r.Fail("gpu", "repeats " + key + " (card/service/market), which gaps[" + std::to_string(it->second) +
                        "] already records");
    return std::string();  // no "id" field: repeats are checked above
  });
  return out;
}

std::vector<std::string> CheckPricingGapReferences(const std::vector<PriceGap>& gaps, const GpuCatalog& gpus,
                                                   const std::string& gaps_file) {
  std::vector<std::string> errors;
  for (size_t i = 0; i < gaps.size(); ++i) {
    const PriceGap& g = gaps[i];
    if (!gpus.gpus.empty() && !g.gpu.empty() && !gpus.Find(g.gpu))
      errors.push_back(gaps_file + ": gaps[" + std::to_string(i) + "]: field \"gpu\" names \"" + g.gpu +
                       "\", which is not in gpus.json");
  }
  return errors;
}

}  // namespace atlas
