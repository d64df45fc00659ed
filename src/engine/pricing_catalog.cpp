#include "pricing_catalog.hpp"

#include "gpu_catalog.hpp"
#include "json_reader.hpp"
#include "message_text.hpp"
#include "price_market.hpp"
#include "region_catalog.hpp"

#include <algorithm>
#include <cctype>
#include <iterator>
#include <set>
#include <string_view>

namespace atlas {

const char* ServiceId(ServiceKind kind) {
  switch (kind) {
    case ServiceKind::kMonthlyServer: return "monthly_server";
    case ServiceKind::kContainer: return "container";
    case ServiceKind::kBareMetal: return "bare_metal";
    case ServiceKind::kPurchase: return "purchase";
  }
  return "container";
}

std::optional<ServiceKind> ParseServiceId(const std::string& id) {
  for (ServiceKind k : kAllServiceKinds)
    if (id == ServiceId(k)) return k;
  return std::nullopt;
}

bool FxTable::Knows(const std::string& currency) const {
  return currency == "CNY" || cny_per_unit.count(currency) > 0;
}

std::optional<double> FxTable::Convert(double amount, const std::string& from,
                                       const std::string& to) const {
  if (!Knows(from) || !Knows(to)) return std::nullopt;
  if (from == to) return amount;
  // Via CNY: every rate is stored as CNY per unit (data/pricing.json "fx").
  const double from_rate = from == "CNY" ? 1.0 : cny_per_unit.at(from);
  const double to_rate = to == "CNY" ? 1.0 : cny_per_unit.at(to);
  return amount * from_rate / to_rate;
}

FxTable FxTable::WithUsdCny(double usd_cny) const {
  FxTable copy = *this;
  copy.cny_per_unit["USD"] = usd_cny;
  return copy;
}

double PriceRecord::Amount() const {
  if (price_per_gpu_hour) return *price_per_gpu_hour;
  if (price_per_gpu_month) return *price_per_gpu_month;
  return price_per_gpu.value_or(0.0);
}

const ServiceForm* PricingCatalog::Form(const std::string& id) const {
  for (const ServiceForm& f : service_forms)
    if (f.id == id) return &f;
  return nullptr;
}

const Provider* PricingCatalog::FindProvider(const std::string& name_or_id) const {
  for (const Provider& p : providers)
    if (p.name == name_or_id || p.id == name_or_id) return &p;
  return nullptr;
}

const std::string& PricingCatalog::ProviderName(const std::string& name_or_id, bool chinese) const {
  const Provider* p = FindProvider(name_or_id);
  if (!p) return name_or_id;
  return chinese ? p->name_zh : p->name;
}

const PriceGap* PricingCatalog::GapFor(const std::string& gpu, ServiceKind service,
                                      const std::string& market) const {
  for (const PriceGap& g : gaps)
    if (g.gpu == gpu && g.service == service && g.market == market) return &g;
  return nullptr;
}

std::vector<const PriceRecord*> PricingCatalog::PricesFor(const std::string& gpu,
                                                          ServiceKind service) const {
  std::vector<const PriceRecord*> out;
  for (const PriceRecord& p : prices)
    if (p.service == service && p.gpu == gpu) out.push_back(&p);  // the cheap test first
  return out;
}

namespace {

// Plausibility bounds (any currency): outside them a value is a typo or a unit slip (a
// per-server price for a per-GPU one, a yearly rent for a monthly one).
constexpr double kMaxRateCny = 1000;        // CNY per unit of a currency
constexpr double kMaxPricePerHour = 10000;  // per GPU-hour (KRW/JPY would need a wider bound)
constexpr double kMaxPricePerMonth = 1e7;
constexpr double kMaxPricePerGpu = 1e9;

// A constant array, not a std::set: no start-up constructor in the page's first-frame code.
constexpr std::string_view kFormIds[] = {"monthly_server", "container", "bare_metal", "purchase", "cpu_server"};

void ReadFx(const Json& root, const std::string& file_name, FxTable& fx,
            std::vector<std::string>& errors) {
  const std::string where = file_name + ": fx";
  if (!root.contains("fx")) {
    errors.push_back(file_name + ": field \"fx\" is missing");
    return;
  }
  const Json& obj = root["fx"];
  FieldReader r(obj, where, errors);
  if (!obj.is_object()) return;
  for (auto it = obj.begin(); it != obj.end(); ++it) {
    const std::string& key = it.key();
    if (key == "as_of" || key == "notes" || key == "estimates" || key == "sources") continue;
    const bool rate_key = key.size() == 7 && key.compare(3, 4, "_cny") == 0;
    std::string code;
    for (size_t i = 0; rate_key && i < 3; ++i)
      code += static_cast<char>(key[i] >= 'a' && key[i] <= 'z' ? key[i] - 'a' + 'A' : key[i]);
    if (!rate_key || !IsCurrencyCode(code) || code == "CNY") {
      r.Fail(key, "is not a rate: expected keys like \"usd_cny\" (CNY per unit) or as_of, "
                  "notes, estimates, sources");
      continue;
    }
    auto v = r.NullableNumber(key.c_str(), 1e-6, kMaxRateCny);
    if (!v && obj[key].is_null()) r.Fail(key, "must not be null");
    if (v) fx.cny_per_unit[code] = *v;
  }
  if (!obj.contains("usd_cny")) r.Fail("usd_cny", "is missing");
  fx.as_of = r.String("as_of");
  fx.notes = r.StringOr("notes", "");
  if (r.Has("estimates")) {
    fx.estimates = r.StringList("estimates", false);
    for (const std::string& e : fx.estimates)
      if (!obj.contains(e)) r.Fail("estimates", "names \"" + e + "\", which is not a rate here");
  }
  fx.sources = r.StringList("sources", /*require_non_empty=*/true);
}

ServiceForm ReadForm(FieldReader& r, const FxTable& fx) {
  ServiceForm f;
  f.id = r.String("id");
  if (!f.id.empty() && std::find(std::begin(kFormIds), std::end(kFormIds), f.id) == std::end(kFormIds))
    r.Fail("id", "must be monthly_server, container, bare_metal, purchase or cpu_server");
  f.name = r.String("name");
  f.name_zh = r.NullableString("name_zh").value_or("");
  f.billing = r.String("billing");
  f.virtualization_overhead = r.NumberOr("virtualization_overhead", 0.0, 0.0, 0.5);
  f.min_commitment_months = r.IntegerOr("min_commitment_months", 0, 0, 120);
  if (f.id == "purchase") {
    f.depreciation_years = r.Number("depreciation_years", 1, 15);
    f.hosting_cny_per_kw_month = r.NullableNumber("hosting_cny_per_kw_month", 0, 1e5, false);
    f.spares_fraction = r.Number("spares_fraction", 0, 1);
    f.server_overhead_fraction = r.Number("server_overhead_fraction", 0, 5);
  }
  if (f.id == "cpu_server") {
    f.price_per_vcpu_hour = r.Number("price_per_vcpu_hour", 1e-6, 1000);
    f.currency = r.String("currency");
    if (!f.currency.empty() && !fx.Knows(f.currency))
      r.Fail("currency", "\"" + f.currency + "\" has no rate in fx");
  }
  f.notes = r.StringOr("notes", "");
  if (r.Has("estimates")) f.estimates = r.StringList("estimates", false);
  f.sources = r.StringList("sources", /*require_non_empty=*/true);
  return f;
}

Provider ReadProvider(FieldReader& r) {
  Provider p;
  p.id = r.String("id");
  p.name = r.String("name");
  p.name_zh = r.String("name_zh");
  p.sources = r.StringList("sources", /*require_non_empty=*/true);
  return p;
}

PriceRecord ReadPrice(FieldReader& r, const FxTable& fx, const PricingCatalog& catalog) {
  PriceRecord p;
  p.id = r.String("id");
  p.gpu = r.String("gpu");
  const std::string service = r.String("service");
  auto kind = ParseServiceId(service);
  if (!service.empty() && !kind)
    r.Fail("service", "must be monthly_server, container, bare_metal or purchase");
  p.service = kind.value_or(ServiceKind::kContainer);
  p.provider = r.String("provider");
  if (!p.provider.empty() && !catalog.FindProvider(p.provider))
    r.Fail("provider", "names " + Quote(p.provider) + ", which is not in \"providers\" (add its name and name_zh there)");
  p.market = r.String("market");
  if (!p.market.empty() && p.market != "cn" && p.market != "global")
    r.Fail("market", "must be cn or global");
  // The one price field that fits the service; the others must be absent.
  const char* wanted = p.service == ServiceKind::kContainer   ? "price_per_gpu_hour"
                       : p.service == ServiceKind::kPurchase ? "price_per_gpu"
                                                              : "price_per_gpu_month";
  for (const char* key : {"price_per_gpu_hour", "price_per_gpu_month", "price_per_gpu"})
    if (kind && std::string(key) != wanted && r.Has(key))
      r.Fail(key, std::string("does not apply to service ") + service + " (use " + wanted + ")");
  if (kind) {
    if (p.service == ServiceKind::kContainer)
      p.price_per_gpu_hour = r.Number("price_per_gpu_hour", 1e-4, kMaxPricePerHour);
    else if (p.service == ServiceKind::kPurchase)
      p.price_per_gpu = r.Number("price_per_gpu", 1, kMaxPricePerGpu);
    else
      p.price_per_gpu_month = r.Number("price_per_gpu_month", 1e-2, kMaxPricePerMonth);
  }
  p.currency = r.String("currency");
  if (!p.currency.empty() && !fx.Knows(p.currency))
    r.Fail("currency", "\"" + p.currency + "\" has no rate in fx");
  // A quote must say when it was quoted, to the month (issue 14): a year alone, a month past 12 or
  // a day the month does not have is refused, and so is the retired year-only flag.
  p.as_of = r.String("as_of");
  if (!p.as_of.empty() && !AsOfMonthIndex(p.as_of))
    r.Fail("as_of", "is \"" + p.as_of + "\": must be a month (YYYY-MM) or a date (YYYY-MM-DD)" +
                        (p.as_of.size() == 4 ? "; a year alone is not enough: find the month the source shows, or record a gap" : ""));
  // A quote from after the catalog's own date is a typo ("2062-09"), and one that would never go
  // stale (IsStaleQuote counts months back from data_date).
  const auto quoted_month = AsOfMonthIndex(p.as_of);
  const auto catalog_month = AsOfMonthIndex(catalog.data_date.size() >= 7 ? catalog.data_date.substr(0, 7) : catalog.data_date);
  if (quoted_month && catalog_month && *quoted_month > *catalog_month)
    r.Fail("as_of", "is \"" + p.as_of + "\", later than the catalog's data_date \"" + catalog.data_date + "\"");
  if (r.Has("as_of_year_only"))
    r.Fail("as_of_year_only", "is no longer accepted: every quote is dated to the month (as_of YYYY-MM or YYYY-MM-DD)");
  p.region = r.StringOr("region", "");
  p.estimate = r.Bool("estimate");
  p.includes_server = r.BoolOr("includes_server", false);
  if (p.includes_server && p.service != ServiceKind::kPurchase)
    r.Fail("includes_server", "applies only to service purchase");
  p.notes = r.StringOr("notes", "");
  p.sources = r.StringList("sources", /*require_non_empty=*/true);
  for (const std::string& src : p.sources)
    if (src.rfind("https://", 0) != 0 && src.rfind("http://", 0) != 0)
      r.Fail("sources", "has \"" + src + "\", which is not an address (http:// or https://)");
  return p;
}


}  // namespace

PricingCatalogLoad LoadPricingCatalog(const std::string& text, const std::string& file_name) {
  PricingCatalogLoad out;
  auto root = ParseJson(text, file_name, out.errors);
  if (!root) return out;
  FieldReader top(*root, file_name, out.errors);
  if (!root->is_object()) return out;
  out.catalog.data_date = top.StringOr("data_date", "");
  out.catalog.notes = top.StringOr("notes", "");
  ReadFx(*root, file_name, out.catalog.fx, out.errors);

  const bool have_forms = ForEachRecord(*root, "service_forms", file_name, out.errors, [&](FieldReader& r, const Json&) {
    out.catalog.service_forms.push_back(ReadForm(r, out.catalog.fx));
    return out.catalog.service_forms.back().id;
  });
  if (have_forms)
    for (ServiceKind k : kAllServiceKinds) {
      bool found = false;
      for (const ServiceForm& f : out.catalog.service_forms) found = found || f.id == ServiceId(k);
      if (!found)
        out.errors.push_back(file_name + ": field \"service_forms\" has no record with id \"" + ServiceId(k) + "\"");
    }
  ForEachRecord(*root, "providers", file_name, out.errors, [&](FieldReader& r, const Json&) {
    out.catalog.providers.push_back(ReadProvider(r));
    return out.catalog.providers.back().id;
  });
  ForEachRecord(*root, "prices", file_name, out.errors, [&](FieldReader& r, const Json&) {
    out.catalog.prices.push_back(ReadPrice(r, out.catalog.fx, out.catalog));
    return out.catalog.prices.back().id;
  });
  // Searches that found no public price live in their own file (pricing_gaps.json).
  if (root->contains("gaps")) top.Fail("gaps", "belongs in pricing_gaps.json (searches that found no price)");
  return out;
}

std::vector<std::string> CheckPricingReferences(const PricingCatalog& pricing,
                                                const GpuCatalog& gpus,
                                                const RegionCatalog& regions,
                                                const std::string& pricing_file,
                                                const std::string& regions_file) {
  std::vector<std::string> errors;
  for (size_t i = 0; i < pricing.prices.size(); ++i) {
    const PriceRecord& p = pricing.prices[i];
    // An empty GPU catalog has already failed to load; do not repeat that for every price.
    if (!gpus.gpus.empty() && !p.gpu.empty() && !gpus.Find(p.gpu))
      errors.push_back(pricing_file + ": prices[" + std::to_string(i) + "] (id \"" + p.id +
                       "\"): field \"gpu\" names \"" + p.gpu + "\", which is not in gpus.json");
    if (p.region.empty() || regions.regions.empty()) continue;
    const std::string where = pricing_file + ": prices[" + std::to_string(i) + "] (id \"" + p.id + "\"): field \"region\" ";
    const Region* region = regions.Find(p.region);
    if (!region)
      errors.push_back(where + "names \"" + p.region + "\", which is not in " + regions_file);
    else if ((region->in_china() ? "cn" : "global") != p.market)
      errors.push_back(where + "names \"" + p.region + "\", which is not in the " + p.market + " market");
  }
  for (size_t i = 0; i < regions.regions.size(); ++i) {
    const Region& r = regions.regions[i];
    if (!r.electricity_currency.empty() && !pricing.fx.Knows(r.electricity_currency))
      errors.push_back(regions_file + ": regions[" + std::to_string(i) + "] (id \"" + r.id +
                       "\"): field \"electricity_currency\" \"" + r.electricity_currency +
                       "\" has no rate in pricing.json fx");
  }
  return errors;
}

}  // namespace atlas
