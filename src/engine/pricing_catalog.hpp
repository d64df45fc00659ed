// The pricing catalog (data/pricing.json): exchange rates, service forms (monthly server,
// hourly container, bare metal, purchase, CPU server) and per-GPU price quotes, each with its
// provider, market, date and sources; loaded and validated without throwing. The UI edits a
// copy of this struct to try other prices.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace atlas {

// The four GPU service forms a job can be costed in (cpu_server is a form without GPU prices).
enum class ServiceKind { kMonthlyServer, kContainer, kBareMetal, kPurchase };
inline constexpr ServiceKind kAllServiceKinds[] = {ServiceKind::kMonthlyServer,
                                                   ServiceKind::kContainer,
                                                   ServiceKind::kBareMetal, ServiceKind::kPurchase};
const char* ServiceId(ServiceKind kind);  // "monthly_server", "container", ...
std::optional<ServiceKind> ParseServiceId(const std::string& id);

// Exchange rates: CNY per one unit of each currency (CNY itself is 1).
struct FxTable {
  std::map<std::string, double> cny_per_unit;  // "USD" -> 6.9858, "EUR" -> 8.2755, ...
  std::string as_of;
  std::string notes;
  std::vector<std::string> estimates;  // rate keys that are estimates ("eur_cny")
  std::vector<std::string> sources;

  bool Knows(const std::string& currency) const;
  // amount in `from` -> amount in `to`; nullopt when either currency has no rate.
  std::optional<double> Convert(double amount, const std::string& from,
                                const std::string& to) const;
  // A copy with USD/CNY replaced (the user's own rate); other rates are kept in CNY.
  FxTable WithUsdCny(double usd_cny) const;
};

struct ServiceForm {
  std::string id;  // monthly_server | container | bare_metal | purchase | cpu_server
  std::string name;
  std::string name_zh;
  std::string billing;
  double virtualization_overhead = 0;  // fraction of throughput lost to the hypervisor
  int min_commitment_months = 0;
  // purchase only
  double depreciation_years = 0;
  std::optional<double> hosting_cny_per_kw_month;
  double spares_fraction = 0;         // spare cards bought on top, fraction of the fleet
  double server_overhead_fraction = 0;  // non-GPU server cost relative to the GPU cost
  // cpu_server only
  std::optional<double> price_per_vcpu_hour;
  std::string currency;
  std::string notes;
  std::vector<std::string> estimates;
  std::vector<std::string> sources;
};

// A seller as readers see it: one record per provider (pricing.json "providers"), which every
// quote's "provider" names (by name or id), so its display names are written once.
struct Provider {
  std::string id;
  std::string name;     // as quotes write it, e.g. "Suanjia Cloud (算家云)"
  std::string name_zh;  // e.g. "算家云"
  std::vector<std::string> sources;
};

struct PriceRecord {
  std::string id;
  std::string gpu;  // id in data/gpus.json
  ServiceKind service = ServiceKind::kContainer;
  std::string provider;
  std::string market;  // cn | global
  // Exactly one of these is set, matching the service: container -> per hour; monthly_server
  // and bare_metal -> per month; purchase -> per card.
  std::optional<double> price_per_gpu_hour;
  std::optional<double> price_per_gpu_month;
  std::optional<double> price_per_gpu;
  std::string currency;
  std::string as_of;            // YYYY-MM or YYYY-MM-DD: when the source showed the price (issue 14)
  std::string region;           // regions.json id where the seller prices by region, else empty
  bool estimate = false;
  bool includes_server = false;  // purchase: the quote is an 8-GPU server / 8 (server included)
  std::string notes;
  std::vector<std::string> sources;

  double Amount() const;  // whichever price is set
};

// A price that was searched for and not found (issue 14: never invent a quote), read from
// data/pricing_gaps.json (pricing_gaps.hpp). The UI says "no public price found" for it, with
// where it was looked for.
struct PriceGap {
  std::string gpu;  // id in data/gpus.json
  ServiceKind service = ServiceKind::kContainer;
  std::string market;                 // cn | global
  std::vector<std::string> searched;  // where it was looked for (sites, catalogs, queries)
  std::string searched_on;            // YYYY-MM-DD
  std::string notes;
  std::string notes_zh;  // the same in 简体中文; required beside non-empty notes (the Chinese UI shows it)
};

struct PricingCatalog {
  std::string data_date;
  std::string notes;
  FxTable fx;
  std::vector<ServiceForm> service_forms;
  std::vector<Provider> providers;
  std::vector<PriceRecord> prices;
  std::vector<PriceGap> gaps;  // from data/pricing_gaps.json (LoadMarketCatalogs)

  const ServiceForm* Form(const std::string& id) const;
  // The provider a quote names (its name or id), or nullptr.
  const Provider* FindProvider(const std::string& name_or_id) const;
  // A quote's provider in the reader's language: name_zh in Chinese; the quote's own text when
  // the table lacks it (a price edited in the UI).
  const std::string& ProviderName(const std::string& name_or_id, bool chinese) const;
  // The recorded search for gpu + service in a market, or nullptr.
  const PriceGap* GapFor(const std::string& gpu, ServiceKind service, const std::string& market) const;
  const ServiceForm* Form(ServiceKind kind) const { return Form(ServiceId(kind)); }
  // All quotes for one card in one service form, in file order.
  std::vector<const PriceRecord*> PricesFor(const std::string& gpu, ServiceKind service) const;
};

struct PricingCatalogLoad {
  PricingCatalog catalog;
  std::vector<std::string> errors;  // each names file, record and field
  bool ok() const { return errors.empty(); }
};

// Parses and validates the catalog text; `file_name` prefixes every message.
PricingCatalogLoad LoadPricingCatalog(const std::string& text, const std::string& file_name);

// Cross-file checks: every price names a card of the GPU catalog, and every region's electricity
// currency has an exchange rate.
struct GpuCatalog;
struct RegionCatalog;
std::vector<std::string> CheckPricingReferences(const PricingCatalog& pricing,
                                                const GpuCatalog& gpus,
                                                const RegionCatalog& regions,
                                                const std::string& pricing_file,
                                                const std::string& regions_file);

}  // namespace atlas
