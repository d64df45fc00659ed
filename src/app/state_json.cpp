#include "state_json.hpp"

#include "app/calculator_numbers.hpp"
#include "app/number_field.hpp"
#include "app/tier_map_model.hpp"
#include "app/walk_job_fields.hpp"
#include "engine/cost.hpp"
#include "engine/estimate.hpp"
#include "engine/estimate_request.hpp"
#include "engine/format.hpp"
#include "engine/message_text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <limits>
#include <cstdint>
#include <optional>
#include <string_view>

namespace atlas {

namespace {

// [SECTION] Field tables ---------------------------------------------------------------------
// One descriptor per field: its key, how to write it, and how to read it back with checks.

template <typename S>
struct Field {
  const char* key;
  std::function<Json(const S&)> get;
  std::function<bool(S&, const Json&)> set;  // false = value rejected
  std::function<LinkNotice(const std::string& name, const Json&)> why;  // optional: why `name` was rejected
};

// How a number field's lower end is bounded, as the engine bounds the same request field.
enum class Low {
  kInclusive,   // lo <= v
  kPositive,    // 0 < v (lo is 0): "must be more than 0"
  kZeroIsNone,  // v == 0 (the field's "not set") or lo <= v
};

// A link or JSON number, or text as people type it in the page's number fields ("1,024", "2k",
// "1.5e3"; number_field.hpp, decimal suffixes); nullopt for anything else.
std::optional<double> LinkNumber(const Json& j) {
  if (j.is_number()) return j.get<double>();
  if (!j.is_string()) return std::nullopt;
  const NumberParse p = ParseNumberField(j.get<std::string>(), AnyNumberSpec(SuffixBase::kDecimal));
  if (p.problem != NumberProblem::kNone) return std::nullopt;
  return p.value;
}

// Why a link's text is not a number it can use: number syntax past double's range ("1e400"), or
// not a number at all ("long", "2x").
LinkNotice UnreadableNumber(const std::string& name, const std::string& text, const std::string& quoted) {
  const NumberProblem p = ParseNumberField(text, AnyNumberSpec(SuffixBase::kDecimal)).problem;
  if (p == NumberProblem::kTooLarge || p == NumberProblem::kTooSmall) return {&EngineText::link_number_overflow, {name, quoted}};
  if (p == NumberProblem::kEmpty) return {&EngineText::link_number_empty, {name}};
  return {&EngineText::link_number_unreadable, {name, quoted}};
}

bool InRange(double v, double lo, double hi, Low low) {
  if (!std::isfinite(v) || v > hi) return false;
  if (low == Low::kPositive) return v > 0;
  if (low == Low::kZeroIsNone && v == 0) return true;
  return v >= lo;
}

// A limit as a person reads it: 1e14, not 100000000000000 (Shortest writes whole numbers out
// in full up to 17 digits, as a link needs); written so, a link takes it back.
std::string LimitText(double v) {
  if (!(std::fabs(v) >= 1e7) || !std::isfinite(v)) return Shortest(v);
  char buf[40];
  for (int digits = 1; digits <= 17; ++digits) {
    std::snprintf(buf, sizeof buf, "%.*e", digits - 1, v);
    if (std::strtod(buf, nullptr) == v) break;
  }
  return TypedExponent(buf);  // "1e+14" -> "1e14"
}

// Why a number was refused, naming the limit it crossed ("cost.hours: is \"0\", must be more
// than 0, default kept"; "tiers.tier: is \"7\", above the largest allowed, 3, default kept").
LinkNotice RangeNotice(const std::string& name, const Json& j, double lo, double hi, Low low, bool whole) {
  const std::optional<double> v = LinkNumber(j);
  if (!v && j.is_string()) return UnreadableNumber(name, j.get<std::string>(), Quote(j.get<std::string>()));
  if (!v) return {&EngineText::link_number_not_text, {name}};
  const std::string quoted = Quote(j.is_string() ? j.get<std::string>() : NumberAsTyped(j));
  if (*v > hi) return {&EngineText::link_number_too_large, {name, quoted, LimitText(hi)}};
  if (low == Low::kPositive && !(*v > 0)) return {&EngineText::link_number_not_positive, {name, quoted}};
  if (low == Low::kZeroIsNone && *v < lo && *v != 0)
    return {&EngineText::link_number_zero_or_range, {name, quoted, LimitText(lo), LimitText(hi)}};
  if (*v < lo) return {&EngineText::link_number_too_small, {name, quoted, LimitText(lo)}};
  if (whole) return {&EngineText::link_number_not_whole, {name, quoted}};
  return {&EngineText::link_field_invalid, {name}};
}

template <typename S>
Field<S> IntField(const char* key, int S::*member, int lo, int hi) {
  return {key, [member](const S& s) { return Json(s.*member); },
          [member, lo, hi](S& s, const Json& j) {
            const std::optional<double> v = LinkNumber(j);
            if (!v || !InRange(*v, lo, hi, Low::kInclusive) || *v != std::floor(*v)) return false;
            s.*member = static_cast<int>(*v);
            return true;
          },
          [lo, hi](const std::string& name, const Json& j) { return RangeNotice(name, j, lo, hi, Low::kInclusive, true); }};
}

template <typename S>
Field<S> NumberField(const char* key, double S::*member, double lo, double hi, Low low = Low::kInclusive) {
  return {key, [member](const S& s) { return Json(s.*member); },
          [member, lo, hi, low](S& s, const Json& j) {
            const std::optional<double> v = LinkNumber(j);
            if (!v || !InRange(*v, lo, hi, low)) return false;
            s.*member = *v;
            return true;
          },
          [lo, hi, low](const std::string& name, const Json& j) { return RangeNotice(name, j, lo, hi, low, false); }};
}

// A switch as a link or JSON writes it: true/false, or "=1" / "=0" (a link's reads as a number:
// people write switches that way too); nullopt for anything else.
std::optional<bool> LinkSwitch(const Json& j) {
  if (j.is_number_integer() && (j.get<long long>() == 0 || j.get<long long>() == 1)) return j.get<long long>() == 1;
  if (j.is_boolean()) return j.get<bool>();
  return std::nullopt;
}

template <typename S>
Field<S> BoolField(const char* key, bool S::*member) {
  return {key, [member](const S& s) { return Json(s.*member); },
          [member](S& s, const Json& j) {
            const std::optional<bool> v = LinkSwitch(j);
            if (v) s.*member = *v;
            return v.has_value();
          },
          nullptr};  // no `why`: the generic "invalid value" notice
}

// A switch that may be left unset (null; the page decides, e.g. by language): a set one, on or
// off, is written to the link and kept.
template <typename S>
Field<S> ChosenBoolField(const char* key, std::optional<bool> S::*member) {
  return {key, [member](const S& s) { return s.*member ? Json(*(s.*member)) : Json(nullptr); },
          [member](S& s, const Json& j) {
            if (j.is_null()) {
              s.*member = std::nullopt;
              return true;
            }
            const std::optional<bool> v = LinkSwitch(j);
            if (v) s.*member = v;
            return v.has_value();
          },
          nullptr};  // no `why`: the generic "invalid value" notice
}

// A number that may be left unset (null in the JSON form; left out of a link, since unset is the
// default): set, it must be more than 0 and at most `hi`, the engine's own bound for the same
// request field. Any other value (0, negative, too large, not a number) is refused with one
// notice, `notice`, that names the limit and keeps the default (unset).
template <typename S>
Field<S> UnsetOrPositiveField(const char* key, std::optional<double> S::*member, double hi,
                              const char* EngineText::*notice) {
  return {key, [member](const S& s) { return s.*member ? Json(*(s.*member)) : Json(nullptr); },
          [member, hi](S& s, const Json& j) {
            if (j.is_null()) {
              s.*member = std::nullopt;
              return true;
            }
            const std::optional<double> v = LinkNumber(j);
            if (!v || !InRange(*v, 0, hi, Low::kPositive)) return false;
            s.*member = *v;
            return true;
          },
          [hi, notice](const std::string& name, const Json& j) {
            const std::string written = j.is_string() ? j.get<std::string>() : j.is_number() ? NumberAsTyped(j) : j.dump();
            return LinkNotice{notice, {name, Quote(written), LimitText(hi)}};
          }};
}

// Strings: ids and short names only (letters, digits, - _ . and spaces), at most 64 chars.
bool SafeId(const std::string& v) {
  if (v.size() > 64) return false;
  return std::all_of(v.begin(), v.end(), [](unsigned char c) {
    return std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == ' ' || c >= 0x80;
  });
}

template <typename S>
Field<S> StringField(const char* key, std::string S::*member) {
  return {key, [member](const S& s) { return Json(s.*member); },
          [member](S& s, const Json& j) {
            std::string v = j.is_string() ? j.get<std::string>() : (j.is_number() ? j.dump() : "");
            if (!j.is_string() && !j.is_number()) return false;
            if (!SafeId(v)) return false;
            s.*member = v;
            return true;
          },
          nullptr};  // no `why`: the generic "invalid value" notice
}

template <typename S>
Field<S> StringListField(const char* key, std::vector<std::string> S::*member, size_t max_items) {
  return {key, [member](const S& s) { return Json(s.*member); },
          [member, max_items](S& s, const Json& j) {
            std::vector<std::string> out;
            if (j.is_string()) {  // "a,b,c" (the link form)
              std::string cur;
              for (char c : j.get<std::string>() + ",") {
                if (c == ',') {
                  if (!cur.empty()) out.push_back(cur);
                  cur.clear();
                } else {
                  cur += c;
                }
              }
            } else if (j.is_array()) {
              for (const Json& item : j) {
                if (!item.is_string()) return false;
                out.push_back(item.get<std::string>());
              }
            } else {
              return false;
            }
            if (out.size() > max_items) return false;
            for (const auto& v : out)
              if (!SafeId(v)) return false;
            s.*member = out;
            return true;
          },
          nullptr};  // no `why`: the generic "invalid value" notice
}

template <typename S, typename E>
Field<S> EnumField(const char* key, E S::*member, std::vector<std::pair<const char*, E>> names) {
  return {key,
          [member, names](const S& s) {
            for (const auto& [n, v] : names)
              if (v == s.*member) return Json(n);
            return Json(nullptr);
          },
          [member, names](S& s, const Json& j) {
            if (!j.is_string()) return false;
            for (const auto& [n, v] : names)
              if (j.get<std::string>() == n) {
                s.*member = v;
                return true;
              }
            return false;
          },
          nullptr};  // no `why`: the generic "invalid value" notice
}

template <typename S>
Json WriteFields(const S& s, const std::vector<Field<S>>& fields) {
  Json j = Json::object();
  for (const Field<S>& f : fields) j[f.key] = f.get(s);
  return j;
}

template <typename S>
void ReadFields(S& s, const Json& j, const std::vector<Field<S>>& fields, const std::string& section,
                std::vector<LinkNotice>& notices) {
  if (!j.is_object()) {
    notices.push_back({&EngineText::link_section_unreadable, {section}});
    return;
  }
  for (auto it = j.begin(); it != j.end(); ++it) {
    const Field<S>* f = nullptr;
    for (const Field<S>& cand : fields)
      if (it.key() == cand.key) f = &cand;
    if (!f) {
      notices.push_back({&EngineText::link_field_unknown, {section + "." + Excerpt(it.key())}});
      continue;
    }
    if (f->set(s, it.value())) continue;
    const std::string name = section + "." + it.key();
    notices.push_back(f->why ? f->why(name, it.value()) : LinkNotice{&EngineText::link_field_invalid, {name}});
  }
}

const std::vector<Field<TierMapState>>& TierMapFields() {
  static const std::vector<Field<TierMapState>> fields = {
      StringField("vendor", &TierMapState::vendor),
      IntField("tier", &TierMapState::tier, 0, 3),
      BoolField("domestic", &TierMapState::domestic_only),
      NumberField("min_memory_gb", &TierMapState::min_memory_gb, 0, 4096),
      BoolField("fp8", &TierMapState::fp8_only),
      BoolField("table", &TierMapState::table_view),
      EnumField<TierMapState, TierMapSort>("sort", &TierMapState::sort,
                                           {{"tier", TierMapSort::kTier}, {"name", TierMapSort::kName},
                                            {"vendor", TierMapSort::kVendor}, {"memory", TierMapSort::kMemory},
                                            {"bandwidth", TierMapSort::kBandwidth}, {"bf16", TierMapSort::kDense16},
                                            {"fp8", TierMapSort::kFp8}, {"tdp", TierMapSort::kTdp},
                                            {"year", TierMapSort::kYear}}),
      BoolField("desc", &TierMapState::sort_descending),
      StringField("pinned", &TierMapState::pinned),
      StringListField("compare", &TierMapState::compare, TierMapState::kMaxCompare),
  };
  return fields;
}

// A walkthrough number as people write it ("2B", "8k"), checked against walk_job_fields.hpp.
Field<WalkthroughState> WalkNumber(const WalkNumberField& f) {
  return {f.key, [member = f.member](const WalkthroughState& s) { return Json(s.*member); },
          [&f](WalkthroughState& s, const Json& j) {
            double v = 0;
            if (!ReadWalkNumber(f, j, v).empty()) return false;
            s.*(f.member) = v;
            return true;
          },
          [&f](const std::string& name, const Json& j) {
            double v = 0;
            return ReadWalkNumber(f, j, v, name);
          }};
}

const std::vector<Field<WalkthroughState>>& WalkthroughFields() {
  static const std::vector<Field<WalkthroughState>> fields = [] {
  std::vector<Field<WalkthroughState>> fields = {
      IntField("step", &WalkthroughState::step, 0, kWalkSteps - 1),
      EnumField<WalkthroughState, WalkthroughTask>(
          "task", &WalkthroughState::task,
          {{"pretrain", WalkthroughTask::kPretrain}, {"full_finetune", WalkthroughTask::kFullFinetune},
           {"peft", WalkthroughTask::kPeft}, {"offline_inference", WalkthroughTask::kOfflineInference},
           {"serving", WalkthroughTask::kRealtimeServing}, {"mixed", WalkthroughTask::kMixed}}),
      StringField("model", &WalkthroughState::model_preset),
      NumberField("params", &WalkthroughState::custom_params, 0, 1e14),
      StringField("method", &WalkthroughState::method),
      StringField("precision", &WalkthroughState::precision),
      BoolField("domestic", &WalkthroughState::domestic_only),
      StringField("market", &WalkthroughState::market),
      StringField("region", &WalkthroughState::region),
      IntField("max_gpus", &WalkthroughState::max_gpus, 1, 100000),
      EnumField<WalkthroughState, Objective>("objective", &WalkthroughState::objective,
                                             {{"cost", Objective::kCost}, {"time", Objective::kTime},
                                              {"gpus", Objective::kGpus}, {"energy", Objective::kEnergy}}),
      {"owned",
       [](const WalkthroughState& s) {
         Json a = Json::array();
         for (const OwnedGpus& o : s.owned) a.push_back(o.gpu + ":" + std::to_string(o.count));
         return a;
       },
       [](WalkthroughState& s, const Json& j) {
         std::vector<std::string> items;
         if (j.is_string()) {
           std::string cur;
           for (char c : j.get<std::string>() + ",") {
             if (c == ',') { if (!cur.empty()) items.push_back(cur); cur.clear(); } else cur += c;
           }
         } else if (j.is_array()) {
           for (const Json& i : j) {
             if (!i.is_string()) return false;
             items.push_back(i.get<std::string>());
           }
         } else {
           return false;
         }
         if (items.size() > 16) return false;
         std::vector<OwnedGpus> out;
         for (const std::string& it : items) {
           const size_t colon = it.find(':');
           OwnedGpus o;
           o.gpu = it.substr(0, colon);
           if (!SafeId(o.gpu) || o.gpu.empty()) return false;
           if (colon != std::string::npos) {
             const std::string n = it.substr(colon + 1);
             if (n.empty() || n.size() > 6 || !std::all_of(n.begin(), n.end(), ::isdigit)) return false;
             o.count = std::clamp(std::stoi(n), 1, 100000);
           }
           out.push_back(o);
         }
         s.owned = out;
         return true;
       },
       {}},  // no reason beyond the field's own notice
  };
  for (const WalkNumberField& f : WalkNumberFields()) fields.push_back(WalkNumber(f));
  return fields;
  }();
  return fields;
}

const std::vector<Field<CostState>>& CostFields() {
  static const std::vector<Field<CostState>> fields = {
      StringField("gpu", &CostState::gpu),
      // Bounds are the cost request's (cost_request.cpp, CheckCostRequest); 0 in pue, usd_cny
      // and max_latency_ms is the page's "not set" (the region's PUE, the data's rate, no limit).
      IntField("gpus", &CostState::gpus, 1, kMaxGpus),
      NumberField("hours", &CostState::hours, 0, kMaxJobHours, Low::kPositive),
      NumberField("utilization", &CostState::utilization, 0, 1, Low::kPositive),
      NumberField("duty_cycle", &CostState::duty_cycle, 0, 1, Low::kPositive),
      StringListField("regions", &CostState::regions, 64),
      StringField("service", &CostState::service),
      StringField("currency", &CostState::currency),
      NumberField("usd_cny", &CostState::usd_cny, kMinUsdCny, kMaxUsdCny, Low::kZeroIsNone),
      NumberField("pue", &CostState::pue, kMinPue, kMaxPue, Low::kZeroIsNone),
      NumberField("host_overhead", &CostState::host_overhead, 0, kMaxHostOverhead),
      BoolField("liquid", &CostState::liquid_cooling),
      StringField("user_centre", &CostState::user_centre),
      NumberField("max_latency_ms", &CostState::max_latency_ms, kMinLatencyMs, kMaxLatencyMs, Low::kZeroIsNone),
      ChosenBoolField("domestic", &CostState::domestic_only),
      // The engine's request field of the same name (cost_request.cpp); unset = this job only.
      UnsetOrPositiveField("purchase_use_years", &CostState::purchase_use_years, kMaxPurchaseUseYears,
                           &EngineText::link_use_years_range),
      StringField("preset", &CostState::preset),
      StringField("focus_region", &CostState::focus_region),
      EnumField<CostState, CarriedJobSource>("job", &CostState::job,
                                             {{"none", CarriedJobSource::kNone},
                                              {"calc", CarriedJobSource::kCalculator},
                                              {"walk", CarriedJobSource::kWalkthrough}}),
      IntField("job_rank", &CostState::job_rank, 1, 1000),
      // Edited prices as "price-id:amount,..." (at most 64).
      {"prices",
       [](const CostState& s) {
         std::string out;
         for (const PriceOverride& o : s.price_overrides)
           out += (out.empty() ? "" : ",") + o.price_id + ":" + Json(o.amount).dump();
         return Json(out);
       },
       [](CostState& s, const Json& j) {
         if (!j.is_string()) return false;
         std::vector<PriceOverride> out;
         std::string cur;
         for (char c : j.get<std::string>() + ",") {
           if (c != ',') {
             cur += c;
             continue;
           }
           if (cur.empty()) continue;
           const size_t colon = cur.rfind(':');
           if (colon == std::string::npos || out.size() >= 64) return false;
           PriceOverride o;
           o.price_id = cur.substr(0, colon);
           const std::string amount = cur.substr(colon + 1);
           char* end = nullptr;
           o.amount = std::strtod(amount.c_str(), &end);
           if (!SafeId(o.price_id) || o.price_id.empty() || end != amount.c_str() + amount.size() ||
               !std::isfinite(o.amount) || o.amount <= 0 || o.amount > 1e9)
             return false;
           out.push_back(o);
           cur.clear();
         }
         s.price_overrides = out;
         return true;
       },
       {}},  // no reason beyond the field's own notice
  };
  return fields;
}

// [SECTION] Ids checked against the data ------------------------------------------------------
// An id that does not exist in this data (a link made before a data update, or mistyped) is
// dropped on its own, back to its default, with a notice; everything else is kept. A catalog
// that is not loaded (the web app before its deferred data, or after it failed) checks nothing.

using What = const char* EngineText::*;  // what an id names ("card"), in the notice's language

void DropUnknownIds(AppState& s, const Catalogs& c, std::vector<LinkNotice>& notices) {
  const AppState defaults;
  auto drop = [&notices](const char* field, What what, std::string& value, const std::string& fallback) {
    if (fallback.empty()) notices.push_back({&EngineText::link_id_unknown, {field, what, Quote(value)}});
    else notices.push_back({&EngineText::link_id_unknown_default, {field, what, Quote(value), Quote(fallback)}});
    value = fallback;
  };
  auto drop_from = [&notices](const char* field, What what, std::vector<std::string>& list, auto known) {
    std::vector<std::string> kept;
    for (const std::string& id : list) {
      if (known(id)) kept.push_back(id);
      else notices.push_back({&EngineText::link_id_unknown, {field, what, Quote(id)}});
    }
    list = kept;
  };
  const bool gpus = !c.gpus.gpus.empty(), models = !c.models.models.empty(), regions = !c.regions.regions.empty(),
             prices = !c.pricing.prices.empty();
  auto gpu_known = [&c](const std::string& id) { return c.gpus.Find(id) != nullptr; };
  auto region_known = [&c](const std::string& id) { return c.regions.Find(id) != nullptr; };
  // Tier map.
  if (gpus) {
    const std::vector<std::string> vendors = Vendors(c.gpus);
    if (!s.tier_map.vendor.empty() && std::find(vendors.begin(), vendors.end(), s.tier_map.vendor) == vendors.end())
      drop("tiers.vendor", &EngineText::link_what_vendor, s.tier_map.vendor, "");
    if (!s.tier_map.pinned.empty() && !gpu_known(s.tier_map.pinned)) drop("tiers.pinned", &EngineText::link_what_card, s.tier_map.pinned, "");
    drop_from("tiers.compare", &EngineText::link_what_card, s.tier_map.compare, gpu_known);
  }
  // Walkthrough.
  if (models && !s.walkthrough.model_preset.empty() && !c.models.Find(s.walkthrough.model_preset))
    drop("walkthrough.model", &EngineText::link_what_model, s.walkthrough.model_preset, defaults.walkthrough.model_preset);
  if (gpus) {
    std::vector<OwnedGpus> owned;
    for (const OwnedGpus& o : s.walkthrough.owned) {
      if (gpu_known(o.gpu)) owned.push_back(o);
      else notices.push_back({&EngineText::link_id_unknown, {"walkthrough.owned", &EngineText::link_what_card, Quote(o.gpu)}});
    }
    s.walkthrough.owned = owned;
  }
  if (regions && !s.walkthrough.region.empty() && !c.regions.Find(s.walkthrough.region))
    drop("walkthrough.region", &EngineText::link_what_region, s.walkthrough.region, "");
  // Cost & region.
  CostState& k = s.cost;
  if (gpus && !gpu_known(k.gpu)) drop("cost.gpu", &EngineText::link_what_card, k.gpu, defaults.cost.gpu);
  if (regions) {
    drop_from("cost.regions", &EngineText::link_what_region, k.regions, region_known);
    if (!k.focus_region.empty() && !region_known(k.focus_region)) drop("cost.focus_region", &EngineText::link_what_region, k.focus_region, "");
    const std::vector<std::string> centres = c.regions.UserCentres();
    if (!k.user_centre.empty() && std::find(centres.begin(), centres.end(), k.user_centre) == centres.end())
      drop("cost.user_centre", &EngineText::link_what_user_centre, k.user_centre, "");
  }
  if (!k.service.empty() && !ParseServiceId(k.service)) drop("cost.service", &EngineText::link_what_service, k.service, "");
  if (!k.preset.empty() && k.preset != "A" && k.preset != "B" && k.preset != "C")
    drop("cost.preset", &EngineText::link_what_budget_case, k.preset, "");
  if (k.currency != "CNY" && k.currency != "USD") drop("cost.currency", &EngineText::link_what_currency, k.currency, defaults.cost.currency);
  if (prices) {
    std::vector<PriceOverride> kept;
    for (const PriceOverride& o : k.price_overrides) {
      bool found = false;
      for (const PriceRecord& p : c.pricing.prices) found = found || p.id == o.price_id;
      if (found) kept.push_back(o);
      else notices.push_back({&EngineText::link_id_unknown, {"cost.prices", &EngineText::link_what_price, Quote(o.price_id)}});
    }
    k.price_overrides = kept;
  }
}

// A JSON float with a whole value, such as a link's "2.0" or "1e300".
bool WholeFloat(const Json& v) {
  if (!v.is_number_float()) return false;
  const double d = v.get<double>();
  return std::isfinite(d) && d == std::floor(d);
}

// A whole float as a JSON integer, clamped to 64 bits (still beyond every field's range).
Json WholeFloatAsInteger(double d) {
  constexpr double kTwoTo63 = 9223372036854775808.0;
  if (d >= kTwoTo63) return Json(std::numeric_limits<std::int64_t>::max());
  if (d < -kTwoTo63) return Json(std::numeric_limits<std::int64_t>::min());
  return Json(static_cast<std::int64_t>(d));
}

LinkNotice FieldRefused(const std::string& name, const Json& value, const RequestParse& refused);

// For a model object a link's calculator part refused: a notice for each field inside it that
// is refused on its own (with the preset it names, if any, on top of the fields kept). False when
// none is: the fields only clash together, and the model is named as a whole.
bool RefuseModelFields(const Json& model, const Json& kept, const Catalogs& catalogs, std::vector<LinkNotice>& notices) {
  Json base = Json::object();
  if (model.contains("preset")) base["preset"] = model["preset"];
  bool named = false;
  for (auto m = model.begin(); m != model.end(); ++m) {
    if (m.key() == "preset") continue;
    Json one = base;
    one[m.key()] = m.value();
    Json trial = kept;
    trial["model"] = one;
    const RequestParse parse = ParseEstimateRequest(trial, catalogs, true);
    if (parse.ok()) continue;
    notices.push_back(FieldRefused("calculator.model." + Excerpt(m.key()), m.value(), parse));
    named = true;
  }
  return named;
}

// Why the calculator refused one field of a link, worded when drawn in either language (never
// the engine's English inside the Chinese page), from the kind the request parser gave its first
// error (FieldErrorKind, engine/json_reader.hpp): the request's own checks (ValidateWorkload,
// worded in each language), a range, a whole number, a number, a choice, a catalog id.
LinkNotice FieldRefused(const std::string& name, const Json& value, const RequestParse& refused) {
  if (refused.errors.empty()) return {&EngineText::link_field_invalid_here, {name}};
  // Filled in step with the errors by ParseEstimateRequest; anything else is worded generally.
  const FieldError kind = refused.error_kinds.size() == refused.errors.size() ? refused.error_kinds.front() : FieldError{};
  const std::string quoted = Quote(value.is_string() ? value.get<std::string>() : value.is_number() ? NumberAsTyped(value) : value.dump());
  switch (kind.kind) {
    case FieldErrorKind::kFailedCheck: return {&EngineText::link_field_refused, {name, NoticeArg(refused.workload)}};
    case FieldErrorKind::kOutOfRange: return RangeNotice(name, value, kind.min, kind.max, Low::kInclusive, true);
    case FieldErrorKind::kNotInteger:
    case FieldErrorKind::kNotNumber:
      if (value.is_string()) return UnreadableNumber(name, value.get<std::string>(), quoted);  // "long", "2x", "1e400"
      if (kind.kind == FieldErrorKind::kNotInteger && value.is_number()) return {&EngineText::link_number_not_whole, {name, quoted}};
      return {&EngineText::link_number_not_text, {name}};
    case FieldErrorKind::kUnknownCard: return {&EngineText::link_id_unknown, {name, &EngineText::link_what_card, quoted}};
    case FieldErrorKind::kUnknownModel:  // a preset id; a model object is named as a whole below
      if (value.is_string()) return {&EngineText::link_id_unknown, {name, &EngineText::link_what_model, quoted}};
      break;
    // A choice's ids stay as written in both languages.
    case FieldErrorKind::kNotOption: return {&EngineText::link_value_not_option, {name, quoted, kind.choices}};
    case FieldErrorKind::kOther: break;
  }
  return {&EngineText::link_field_invalid, {name}};
}

// The cost request's span limit (CheckCostRequest): hours / duty_cycle within kMaxCalendarHours
// (100 years). A duty cycle that stretches the job further goes back to its default (1: every
// hour runs, so any allowed `hours` fits) with a notice naming the limit.
void KeepSpanWithinLimit(CostState& k, std::vector<LinkNotice>& notices) {
  if (!(k.hours / k.duty_cycle > kMaxCalendarHours)) return;
  notices.push_back({&EngineText::link_duty_span,
                     {"cost.duty_cycle", Shortest(k.duty_cycle), Shortest(k.hours), Shortest(kMaxCalendarHours)}});
  k.duty_cycle = CostState().duty_cycle;
}

constexpr std::pair<const char*, View> kViews[] = {{"tiers", View::kTierMap},
                                                   {"calculator", View::kCalculator},
                                                   {"walkthrough", View::kWalkthrough},
                                                   {"cost", View::kCost},
                                                   {"share", View::kShare}};

}  // namespace

const char* ViewKey(View v) {
  for (const auto& [k, view] : kViews)
    if (view == v) return k;
  return "tiers";
}

Json StateToJson(const AppState& s) {
  Json j;
  j["view"] = ViewKey(s.view);
  j["lang"] = s.language == Language::kChinese ? "zh" : "en";
  j["calculator"] = WorkloadToRequest(s.calculator.workload, s.calculator.model_preset);
  j["tiers"] = WriteFields(s.tier_map, TierMapFields());
  j["walkthrough"] = WriteFields(s.walkthrough, WalkthroughFields());
  j["cost"] = WriteFields(s.cost, CostFields());
  return j;
}

StateRead StateFromJson(const Json& j, const Catalogs& catalogs) {
  StateRead out;
  AppState& s = out.state;
  if (!j.is_object()) {
    out.notices.push_back({&EngineText::link_no_state, {}});
    return out;
  }
  for (auto it = j.begin(); it != j.end(); ++it) {
    const std::string& key = it.key();
    const Json& v = it.value();
    if (key == "view") {
      bool found = false;
      for (const auto& [k, view] : kViews)
        if (v.is_string() && v.get<std::string>() == k) s.view = view, found = true;
      if (!found) out.notices.push_back({&EngineText::link_view_unknown, {}});
    } else if (key == "lang") {
      if (v == "zh") s.language = Language::kChinese;
      else if (v != "en") out.notices.push_back({&EngineText::link_lang_unknown, {}});
    } else if (key == "tiers") {
      ReadFields(s.tier_map, v, TierMapFields(), "tiers", out.notices);
    } else if (key == "walkthrough") {
      ReadFields(s.walkthrough, v, WalkthroughFields(), "walkthrough", out.notices);
    } else if (key == "cost") {
      ReadFields(s.cost, v, CostFields(), "cost", out.notices);
    } else if (key == "calculator") {
      if (!v.is_object()) {
        out.notices.push_back({&EngineText::link_section_unreadable, {"calculator"}});
        continue;
      }
      // Numbers may be written as in the page's fields ("8k", "2T"); keep every field that is
      // valid on its own and drop the rest with a notice saying why (the range it is outside).
      const Json given = CalculatorNumbersRead(v);
      RequestParse all = ParseEstimateRequest(given, catalogs, false);
      if (!all.ok()) {
        // Each field on top of those kept so far; a field refused is asked again once every other
        // field has had its turn, so a check across fields ("gpus must equal tp x pp x dp") sees
        // the link's own values whatever their order, and names them.
        Json kept = Json::object();
        const auto try_field = [&](const std::string& key, const Json& value) {
          Json trial = kept;
          trial[key] = value;
          RequestParse one = ParseEstimateRequest(trial, catalogs, true);
          // A whole number written as a float ("2.0", "1e300") is refused as "not an integer":
          // asked again as an integer, it is used ("2.0") or refused for the limit it crosses.
          if (!one.ok() && !one.error_kinds.empty() && one.error_kinds.front().kind == FieldErrorKind::kNotInteger &&
              WholeFloat(value)) {
            trial[key] = WholeFloatAsInteger(value.get<double>());
            one = ParseEstimateRequest(trial, catalogs, true);
          }
          if (one.ok()) kept = std::move(trial);
          return one;
        };
        std::vector<std::string> refused;
        for (auto f = given.begin(); f != given.end(); ++f)
          if (!try_field(f.key(), f.value()).ok()) refused.push_back(f.key());
        for (const std::string& key : refused) {
          const RequestParse again = try_field(key, given[key]);
          if (again.ok()) continue;
          // A model object: the notice names the field inside it that was refused, with its value
          // and limit ("calc.model.params: is \"1e30\", above the largest allowed"), not the model.
          if (key == "model" && given[key].is_object() && RefuseModelFields(given[key], kept, catalogs, out.notices)) continue;
          out.notices.push_back(FieldRefused("calculator." + Excerpt(key), given[key], again));
        }
        all = ParseEstimateRequest(kept, catalogs, false);
      }
      if (all.ok()) {
        s.calculator.workload = all.workload;
        s.calculator.model_preset = all.model_preset;
      }
    } else if (key != "v" && key != "data" && key != "notices") {
      out.notices.push_back({&EngineText::link_field_unknown, {Excerpt(key)}});
    }
  }
  KeepSpanWithinLimit(s.cost, out.notices);
  DropUnknownIds(s, catalogs, out.notices);
  return out;
}

}  // namespace atlas
