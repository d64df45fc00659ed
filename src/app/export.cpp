#include "export.hpp"

#include "app/tier_map_model.hpp"
#include "engine/estimate_request.hpp"
#include "engine/format.hpp"
#include "engine/units.hpp"

#include <cmath>

namespace atlas {

namespace {

std::string Csv(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string Md(const std::string& s) {
  std::string out;
  for (char c : s) out += c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}

std::string Num(double v, int decimals) {
  if (!std::isfinite(v)) return "";
  return Printf("%.*f", decimals, v);
}

struct Row {
  std::string item, value, unit, formula;
};

std::string Table(const std::vector<Row>& rows, ExportFormat f, const std::string& title) {
  std::string out;
  if (f == ExportFormat::kMarkdown) {
    out += "### " + title + "\n\n| item | value | unit | how |\n| --- | ---: | --- | --- |\n";
    for (const Row& r : rows) out += "| " + Md(r.item) + " | " + r.value + " | " + r.unit + " | " + Md(r.formula) + " |\n";
  } else {
    out += "item,value,unit,how\n";
    for (const Row& r : rows) out += Csv(r.item) + "," + r.value + "," + r.unit + "," + Csv(r.formula) + "\n";
  }
  return out;
}

}  // namespace

const char* ExportExtension(ExportFormat f) {
  return f == ExportFormat::kMarkdown ? "md" : f == ExportFormat::kCsv ? "csv" : "json";
}
const char* ExportMime(ExportFormat f) {
  return f == ExportFormat::kMarkdown ? "text/markdown" : f == ExportFormat::kCsv ? "text/csv" : "application/json";
}

std::string ExportCalculator(const CalculatorDerived& d, const Catalogs& c, const std::string& link, ExportFormat f) {
  if (!d.valid) {
    std::string msg = "The inputs cannot be estimated:";
    for (const auto& e : d.errors) msg += " " + e + ".";
    if (f == ExportFormat::kJson) return Json{{"errors", d.errors}, {"link", link}}.dump(2) + "\n";
    return msg + "\n";
  }
  const EstimateResult& r = d.estimate;
  const Workload& w = d.inputs.workload;
  if (f == ExportFormat::kJson) {
    Json j = EstimateResultToJson(r, w);
    j["request"] = WorkloadToRequest(w, d.inputs.model_preset);
    j["link"] = link;
    Json fits = Json::array();
    for (const FitsOnEntry& e : d.fits_on)
      fits.push_back({{"gpu", c.gpus.gpus[e.gpu_index].id}, {"min_gpus", e.min_gpus > 0 ? Json(e.min_gpus) : Json(nullptr)}});
    j["fits_on"] = fits;
    return j.dump(2) + "\n";
  }
  std::vector<Row> rows;
  for (const Figure& fig : r.memory.figures)
    rows.push_back({fig.label, Num(fig.value / kBytesPerGiB, 2), "GiB", fig.formula});
  rows.push_back({"Total per GPU", Num(r.memory.total_bytes / kBytesPerGiB, 2), "GiB", "sum"});
  rows.push_back({"GPU memory (" + r.gpu->name + ")", Num(r.gpu_memory_bytes / kBytesPerGiB, 2), "GiB", "catalog"});
  rows.push_back({"Fits", r.fits ? "yes" : "no", "", ""});
  for (const Figure& fig : r.compute.figures) rows.push_back({fig.label, Num(fig.value, fig.value < 100 ? 3 : 0), fig.unit, fig.formula});
  std::string head = w.model.name + ", " + ToString(w.task) + ", " + ToString(w.precision) + " on " +
                     std::to_string(w.gpus) + " x " + r.gpu->name;
  std::string out = Table(rows, f, "GPU Atlas estimate: " + head);
  if (f == ExportFormat::kMarkdown) out += "\nLink: " + link + "\n";
  return out;
}

std::string ExportTierMap(const AppState& s, const Catalogs& c, ExportFormat f) {
  const std::vector<int> shown = FilterAndSortGpus(c, s.tier_map);
  if (f == ExportFormat::kJson) {
    Json a = Json::array();
    for (int i : shown) {
      const Gpu& g = c.gpus.gpus[i];
      a.push_back({{"id", g.id}, {"name", g.name}, {"tier", static_cast<int>(c.gpu_tiers[i].tier)},
                   {"memory_gb", g.memory_gb}, {"memory_bandwidth_gbps", g.memory_bandwidth_gbps},
                   {"bf16_dense_tflops", g.Dense16Tflops()}, {"tdp_w", g.tdp_w}, {"sources", g.sources}});
    }
    return a.dump(2) + "\n";
  }
  std::string out = f == ExportFormat::kMarkdown
                        ? "| card | tier | memory GB | bandwidth GB/s | dense BF16/FP16 TFLOPS | TDP W |\n| --- | ---: | ---: | ---: | ---: | ---: |\n"
                        : "card,tier,memory_gb,bandwidth_gbps,dense16_tflops,tdp_w\n";
  for (int i : shown) {
    const Gpu& g = c.gpus.gpus[i];
    const std::string tier = std::to_string(static_cast<int>(c.gpu_tiers[i].tier));
    if (f == ExportFormat::kMarkdown)
      out += "| " + Md(g.name) + " | " + tier + " | " + Num(g.memory_gb, 0) + " | " + Num(g.memory_bandwidth_gbps, 0) +
             " | " + Num(g.Dense16Tflops(), 1) + " | " + Num(g.tdp_w, 0) + " |\n";
    else
      out += Csv(g.name) + "," + tier + "," + Num(g.memory_gb, 0) + "," + Num(g.memory_bandwidth_gbps, 0) + "," +
             Num(g.Dense16Tflops(), 1) + "," + Num(g.tdp_w, 0) + "\n";
  }
  return out;
}

}  // namespace atlas
