#include "region_catalog.hpp"

#include "json_reader.hpp"

#include <algorithm>
#include <iterator>
#include <set>
#include <string_view>

namespace atlas {

bool Region::IsEstimate(const std::string& field) const {
  for (const std::string& e : estimates)
    if (e == field) return true;
  return false;
}

const Region* RegionCatalog::Find(const std::string& id) const {
  for (const Region& r : regions)
    if (r.id == id) return &r;
  return nullptr;
}

std::vector<std::string> RegionCatalog::UserCentres() const {
  std::set<std::string> names;
  for (const Region& r : regions)
    for (const auto& [centre, ms] : r.latency_ms) names.insert(centre);
  return {names.begin(), names.end()};
}

bool IsCurrencyCode(const std::string& s) {
  if (s.size() != 3) return false;
  for (char c : s)
    if (c < 'A' || c > 'Z') return false;
  return true;
}

namespace {

// Plausibility bounds: outside them a value is a typo or a unit slip (cents for dollars,
// kg for g), not a real region. Electricity prices are in local currency, so the upper bound
// has to admit KRW (~180 KRW/kWh) and JPY; PUE is >= 1 by definition (The Green Grid, WP#49).
constexpr double kMaxPricePerKwh = 10000;
constexpr double kMaxPue = 3.0;
constexpr double kMaxCarbon = 2000;  // g/kWh; lignite is ~1,100
constexpr double kMaxLatencyMs = 1000;

// Fields that may appear in a record's "estimates" list (a constant array, not a std::set: no
// start-up constructor in the page's first-frame code).
constexpr std::string_view kEstimableFields[] = {
    "electricity_price", "pue_air", "pue_liquid", "pue_target", "carbon_gco2_per_kwh",
    "latency_ms", "lat", "lon"};

Region ReadRegion(FieldReader& r, const Json& rec) {
  Region g;
  g.id = r.String("id");
  g.name = r.String("name");
  g.name_zh = r.NullableString("name_zh").value_or("");
  g.country = r.String("country");
  if (!g.country.empty() && (g.country.size() != 2 || g.country[0] < 'A' || g.country[0] > 'Z' ||
                             g.country[1] < 'A' || g.country[1] > 'Z'))
    r.Fail("country", "must be a two-letter ISO country code such as \"CN\"");
  g.group = r.String("group");
  if (!g.group.empty() && g.group != "cn-east" && g.group != "cn-west" && g.group != "global")
    r.Fail("group", "must be cn-east, cn-west or global");
  if ((g.group == "cn-east" || g.group == "cn-west") && !g.country.empty() && g.country != "CN")
    r.Fail("group", "is a China hub group but country is " + g.country);
  g.hub_kind = r.String("hub_kind");
  if (!g.hub_kind.empty() && g.hub_kind != "national-hub" && g.hub_kind != "cloud-region")
    r.Fail("hub_kind", "must be national-hub or cloud-region");
  if (r.Has("cloud_examples")) g.cloud_examples = r.StringList("cloud_examples", false);
  g.electricity_price_per_kwh = r.Number("electricity_price", 0.001, kMaxPricePerKwh);
  g.electricity_currency = r.String("electricity_currency");
  if (!g.electricity_currency.empty() && !IsCurrencyCode(g.electricity_currency))
    r.Fail("electricity_currency", "must be a three-letter ISO 4217 code such as \"CNY\"");
  g.electricity_year = r.Integer("electricity_year", 2000, 2035);
  g.electricity_note = r.StringOr("electricity_note", "");
  g.pue_air = r.Number("pue_air", 1.0, kMaxPue);
  g.pue_liquid = r.Number("pue_liquid", 1.0, kMaxPue);
  if (g.pue_liquid > g.pue_air)
    r.Fail("pue_liquid", "is higher than pue_air (liquid cooling should not be worse)");
  g.pue_target = r.NullableNumber("pue_target", 1.0, kMaxPue, false);
  g.carbon_gco2_per_kwh = r.Number("carbon_gco2_per_kwh", 0, kMaxCarbon);
  g.carbon_year = r.Integer("carbon_year", 2000, 2035);
  g.carbon_note = r.StringOr("carbon_note", "");
  if (!rec.contains("latency_ms")) {
    r.Fail("latency_ms", "is missing");
  } else if (!rec["latency_ms"].is_object()) {
    r.Fail("latency_ms", "must be an object of user centre -> milliseconds");
  } else {
    for (auto it = rec["latency_ms"].begin(); it != rec["latency_ms"].end(); ++it) {
      const std::string key = "latency_ms." + it.key();
      if (it.key().empty()) {
        r.Fail("latency_ms", "has an empty user centre name");
      } else if (!it.value().is_number() || it.value().get<double>() < 0 ||
                 it.value().get<double>() > kMaxLatencyMs) {
        r.Fail(key, "must be a number of milliseconds in [0, 1000]");
      } else {
        g.latency_ms[it.key()] = it.value().get<double>();
      }
    }
    if (rec["latency_ms"].empty()) r.Fail("latency_ms", "must name at least one user centre");
  }
  g.latency_note = r.StringOr("latency_note", "");
  g.lat = r.Number("lat", -90, 90);
  g.lon = r.Number("lon", -180, 180);
  g.policy_notes = r.StringOr("policy_notes", "");
  g.policy_notes_zh = r.StringOr("policy_notes_zh", "");
  if (!g.policy_notes.empty() && g.policy_notes_zh.empty())
    r.Fail("policy_notes_zh", "is missing: policy_notes needs its Chinese text for the Chinese UI");
  if (r.Has("estimates")) {
    g.estimates = r.StringList("estimates", false);
    for (const std::string& e : g.estimates)
      if (std::find(std::begin(kEstimableFields), std::end(kEstimableFields), e) == std::end(kEstimableFields)) r.Fail("estimates", "names unknown field \"" + e + "\"");
  }
  g.sources = r.StringList("sources", /*require_non_empty=*/true);
  return g;
}

}  // namespace

RegionCatalogLoad LoadRegionCatalog(const std::string& text, const std::string& file_name) {
  RegionCatalogLoad out;
  auto root = ParseJson(text, file_name, out.errors);
  if (!root) return out;
  FieldReader top(*root, file_name, out.errors);
  out.catalog.data_date = top.StringOr("data_date", "");
  out.catalog.notes = top.StringOr("notes", "");
  ForEachRecord(*root, "regions", file_name, out.errors, [&](FieldReader& r, const Json& rec) {
    out.catalog.regions.push_back(ReadRegion(r, rec));
    return out.catalog.regions.back().id;
  });
  return out;
}

}  // namespace atlas
