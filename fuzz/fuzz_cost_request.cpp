// `gpu-atlas cost` requests on arbitrary text: messages stay short; a request that parses gives a
// report whose every figure is finite and non-negative, whose billed months are whole months
// within the 100-year span limit, and whose rows are all printable.
#include "engine/cost_request.hpp"
#include "engine/message_text.hpp"
#include "fuzz_common.hpp"

#include <cstddef>
#include <cstdint>

using namespace atlas;

namespace {
void CheckMoney(const std::optional<Money>& m, const char* what) {
  if (m) FUZZ_CHECK(std::isfinite(m->amount) && m->amount >= 0, std::string(what) + " " + std::to_string(m->amount));
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const Catalogs& c = fuzz::RealCatalogs();
  const std::string text(reinterpret_cast<const char*>(data), size);
  const CostRequestParse p = ParseCostRequestText(text, c);
  for (const std::string& e : p.errors) FUZZ_CHECK(BoundMessage(e).size() <= kMaxMessageBytes + 3, e.substr(0, 400));
  fuzz::CheckDumps(Json(p.errors), "cost request errors");
  if (!p.ok()) return 0;
  const CostRequest& q = p.request;
  FUZZ_CHECK(q.hours / q.duty_cycle <= kMaxCalendarHours, "span past the limit was accepted");
  const CostReport r = ComputeCost(q, c.gpus, c.regions, c.pricing);
  FUZZ_CHECK(r.errors.empty(), fuzz::Join(r.errors));
  for (const CostRow& row : r.rows) {
    for (double v : {row.pue, row.runtime_hours, row.energy_kwh, row.co2_kg})
      FUZZ_CHECK(fuzz::FiniteNonNegative(v), row.region_id + " figure " + std::to_string(v));
    CheckMoney(row.energy_cost, "energy_cost");
    CheckMoney(row.compute_cost, "compute_cost");
    CheckMoney(row.total_cost, "total_cost");
    CheckMoney(row.annual_cost, "annual_cost");
    // 100 years of 730-hour months, stretched at most by a virtualisation overhead.
    if (row.billed_months) FUZZ_CHECK(*row.billed_months >= 1 && *row.billed_months <= 100000, std::to_string(*row.billed_months));
    fuzz::CheckDumps(Json(row.notes), "row notes");
  }
  fuzz::CheckDumps(Json(r.notes), "report notes");
  return 0;
}
