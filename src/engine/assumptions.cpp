#include "assumptions.hpp"

#include "json_reader.hpp"

namespace atlas {

const MfuDefault* Assumptions::FindMfu(int tier, const std::string& precision_class) const {
  for (const MfuDefault& m : mfu)
    if (m.tier == tier && m.precision == precision_class) return &m;
  for (const MfuDefault& m : mfu)
    if (m.precision == precision_class) return &m;
  return mfu.empty() ? nullptr : &mfu.front();
}

AssumptionsLoad LoadAssumptions(const std::string& text, const std::string& file_name) {
  AssumptionsLoad out;
  auto root = ParseJson(text, file_name, out.errors);
  if (!root) return out;
  Assumptions& a = out.assumptions;
  if (!root->is_object() || !root->contains("mfu") || !(*root)["mfu"].is_array()) {
    out.errors.push_back(file_name + ": field \"mfu\" must be a list of records");
    return out;
  }
  const Json& list = (*root)["mfu"];
  for (size_t i = 0; i < list.size(); ++i) {
    FieldReader r(list[i], file_name + ": mfu[" + std::to_string(i) + "]", out.errors);
    if (!list[i].is_object()) continue;
    MfuDefault m;
    m.tier = r.Integer("tier", 1, 3);
    m.precision = r.String("precision");
    if (m.precision != "bf16" && m.precision != "fp8" && m.precision != "fp32")
      r.Fail("precision", "must be bf16, fp8 or fp32");
    m.mfu = r.Number("mfu", 0.01, 1.0);
    m.notes = r.StringOr("notes", "");
    m.sources = r.StringList("sources", true);
    a.mfu.push_back(std::move(m));
  }
  auto section = [&](const char* key) -> const Json* {
    if (!root->contains(key) || !(*root)[key].is_object()) {
      out.errors.push_back(file_name + ": field \"" + key + "\" must be an object");
      return nullptr;
    }
    return &(*root)[key];
  };
  if (const Json* s = section("scaling")) {
    FieldReader r(*s, file_name + ": scaling", out.errors);
    a.scaling_intra_node_fabric = r.Number("intra_node_fabric", 0.1, 1.0);
    a.scaling_intra_node_pcie = r.Number("intra_node_pcie", 0.1, 1.0);
    a.scaling_inter_node = r.Number("inter_node", 0.1, 1.0);
    a.gpus_per_node = r.Integer("gpus_per_node", 1, 72);
    a.scaling_sources = r.StringList("sources", true);
  }
  if (const Json* s = section("inference")) {
    FieldReader r(*s, file_name + ": inference", out.errors);
    a.decode_bandwidth_efficiency = r.Number("decode_bandwidth_efficiency", 0.05, 1.0);
    a.prefill_mfu = r.Number("prefill_mfu", 0.01, 1.0);
    a.inference_sources = r.StringList("sources", true);
  }
  if (const Json* s = section("overhead")) {
    FieldReader r(*s, file_name + ": overhead", out.errors);
    a.overhead_fixed_gib = r.Number("fixed_gib", 0, 64);
    a.overhead_fraction = r.Number("fraction", 0, 1);
    a.overhead_sources = r.StringList("sources", true);
  }
  return out;
}

}  // namespace atlas
