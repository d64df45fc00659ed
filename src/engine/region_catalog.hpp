// The region catalog (data/regions.json): China's eight national compute hubs and global cloud
// regions with electricity price, PUE, grid carbon intensity and latency to user centres;
// loaded and validated without throwing.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace atlas {

struct Region {
  std::string id;
  std::string name;
  std::string name_zh;
  std::string country;   // ISO 3166 alpha-2 ("CN", "US", ...)
  std::string group;     // cn-east | cn-west | global
  std::string hub_kind;  // national-hub | cloud-region
  std::vector<std::string> cloud_examples;
  double electricity_price_per_kwh = 0;  // in electricity_currency per kWh
  std::string electricity_currency;      // ISO 4217 ("CNY", "USD", "EUR", ...)
  int electricity_year = 0;
  std::string electricity_note;
  double pue_air = 0;                // typical PUE of an air-cooled data centre there
  double pue_liquid = 0;             // typical PUE with liquid cooling
  std::optional<double> pue_target;  // policy cap for new large DCs, where one exists
  double carbon_gco2_per_kwh = 0;    // grid average emission factor
  int carbon_year = 0;
  std::string carbon_note;
  std::map<std::string, double> latency_ms;  // round trip to a named user centre ("shanghai")
  std::string latency_note;
  double lat = 0;  // degrees
  double lon = 0;
  std::string policy_notes;
  std::string policy_notes_zh;  // required whenever policy_notes is not empty
  std::vector<std::string> estimates;  // names of fields that are estimates, not published figures
  std::vector<std::string> sources;

  bool in_china() const { return country == "CN"; }  // mainland China (HK is separate)
  bool IsEstimate(const std::string& field) const;
  const std::string& DisplayName(bool chinese) const {
    return chinese && !name_zh.empty() ? name_zh : name;
  }
  const std::string& PolicyNotes(bool chinese) const { return chinese ? policy_notes_zh : policy_notes; }
};

struct RegionCatalog {
  std::string data_date;
  std::string notes;
  std::vector<Region> regions;
  const Region* Find(const std::string& id) const;
  // Every user centre named in some region's latency_ms, sorted.
  std::vector<std::string> UserCentres() const;
};

struct RegionCatalogLoad {
  RegionCatalog catalog;
  std::vector<std::string> errors;  // each names file, record and field
  bool ok() const { return errors.empty(); }
};

// Three capital letters, an ISO 4217 code's shape ("CNY", "USD"): the check the region and
// price catalogs apply to every currency field.
bool IsCurrencyCode(const std::string& s);

// Parses and validates the catalog text; `file_name` prefixes every message.
RegionCatalogLoad LoadRegionCatalog(const std::string& text, const std::string& file_name);

}  // namespace atlas
