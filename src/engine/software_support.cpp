#include "software_support.hpp"

#include "gpu_catalog.hpp"
#include "json_reader.hpp"
#include "text/engine_text.hpp"

#include <map>

namespace atlas {

namespace {

struct FeatureInfo {
  SoftwareFeature feature;
  const char* key;
  const char* name;
  const char* EngineText::*words;  // the name in the reader's language
};

constexpr FeatureInfo kFeatures[kSoftwareFeatureCount] = {
    {SoftwareFeature::kNf4Bitsandbytes, "nf4_bitsandbytes", "NF4 (bitsandbytes)", &EngineText::sw_feature_nf4},
    {SoftwareFeature::kFp8Training, "fp8_training", "FP8 training", &EngineText::sw_feature_fp8_training},
    {SoftwareFeature::kFp8Inference, "fp8_inference", "FP8 inference", &EngineText::sw_feature_fp8_inference},
    {SoftwareFeature::kFlashAttention, "flash_attention", "FlashAttention", &EngineText::sw_feature_flash_attention},
    {SoftwareFeature::kVllm, "vllm", "vLLM", &EngineText::sw_feature_vllm},
    {SoftwareFeature::kSglang, "sglang", "SGLang", &EngineText::sw_feature_sglang},
    {SoftwareFeature::kLlamaCpp, "llama_cpp", "llama.cpp", &EngineText::sw_feature_llama_cpp},
    {SoftwareFeature::kTraining, "training", "training (PyTorch FSDP/DeepSpeed)", &EngineText::sw_feature_training},
};

size_t Index(SoftwareFeature f) { return static_cast<size_t>(f); }

// "features.vllm" + "level" -> "features.vllm.level"; an empty prefix names the record's own field.
std::string Path(const std::string& prefix, const char* name) { return prefix.empty() ? name : prefix + "." + name; }

// One {level, note, source} object at `field` of the record read by `r` ("" = the record itself).
SupportEntry ReadEntry(const Json& j, FieldReader& r, const std::string& field) {
  SupportEntry e;
  if (!j.is_object()) {
    r.Fail(field, "must be an object {level, note, source}");
    return e;
  }
  const auto level = j.find("level");
  if (level == j.end() || !level->is_string() || !SupportLevelFromName(level->get<std::string>())) {
    r.Fail(Path(field, "level"), "must be \"yes\", \"partial\", \"no\" or \"unknown\"");
  } else {
    e.level = *SupportLevelFromName(level->get<std::string>());
  }
  const auto note = j.find("note");
  if (note == j.end() || !note->is_string() || note->get<std::string>().empty())
    r.Fail(Path(field, "note"), "must be a non-empty string saying why");
  else
    e.note = note->get<std::string>();
  // The reader's language: the spec card and the risk flags show the note in Chinese too.
  const auto note_zh = j.find("note_zh");
  if (note_zh == j.end() || !note_zh->is_string() || note_zh->get<std::string>().empty())
    r.Fail(Path(field, "note_zh"), "must be the note in 简体中文 (every text shown to a reader needs its twin)");
  else
    e.note_zh = note_zh->get<std::string>();
  const auto source = j.find("source");
  if (source != j.end() && !source->is_string()) {
    r.Fail(Path(field, "source"), "must be a string");
  } else if (source != j.end()) {
    e.source = source->get<std::string>();
  }
  if (e.level != SupportLevel::kUnknown && e.source.empty())
    r.Fail(Path(field, "source"), "is required when level is yes, partial or no");
  return e;
}

SoftwareStack ReadStack(FieldReader& r, const Json& rec, const GpuCatalog& gpus) {
  SoftwareStack s;
  s.id = r.String("id");
  s.name = r.String("name");
  s.name_zh = r.String("name_zh");
  s.vendor = r.String("vendor");
  s.version = r.String("version");
  s.version_zh = r.String("version_zh");  // the reader's language: every shown text has a Chinese twin
  s.version_source = r.String("version_source");
  s.gpus = r.StringList("gpus", /*require_non_empty=*/true);
  for (const std::string& id : s.gpus)
    if (!gpus.Find(id)) r.Fail("gpus", "lists \"" + id + "\", which is not a card of data/gpus.json");
  const auto features = rec.find("features");
  if (features == rec.end() || !features->is_object()) {
    r.Fail("features", "must be an object with one entry per feature");
  } else {
    for (const FeatureInfo& f : kFeatures) {
      const auto it = features->find(f.key);
      if (it == features->end())
        r.Fail(std::string("features.") + f.key, "is missing");
      else
        s.features[Index(f.feature)] = ReadEntry(*it, r, std::string("features.") + f.key);
    }
    for (const auto& item : features->items())
      if (!SoftwareFeatureFromKey(item.key())) r.Fail("features." + item.key(), "is not a known feature");
  }
  const auto without = rec.find("without_fp8_hardware");
  if (without != rec.end()) {
    if (!without->is_object()) {
      r.Fail("without_fp8_hardware", "must be an object with fp8_training and/or fp8_inference");
    } else {
      for (const auto& item : without->items()) {
        const std::string field = "without_fp8_hardware." + item.key();
        if (item.key() == "fp8_training")
          s.fp8_training_without_hardware = ReadEntry(item.value(), r, field);
        else if (item.key() == "fp8_inference")
          s.fp8_inference_without_hardware = ReadEntry(item.value(), r, field);
        else
          r.Fail(field, "is not an FP8 feature (fp8_training, fp8_inference)");
      }
    }
  }
  return s;
}

}  // namespace

const char* SoftwareFeatureKey(SoftwareFeature feature) { return kFeatures[Index(feature)].key; }
const char* SoftwareFeatureName(SoftwareFeature feature) { return kFeatures[Index(feature)].name; }

std::string SoftwareFeatureName(SoftwareFeature feature, Language language) {
  return EngineTextFor(language).*(kFeatures[Index(feature)].words);
}

std::string SupportNote(const SupportEntry& entry, Language language) {
  if (entry.no_fp8_rate) return EngineTextFor(language).sw_no_fp8_rate;
  return language == Language::kChinese && !entry.note_zh.empty() ? entry.note_zh : entry.note;
}

std::string StackName(const GpuSoftware& software, Language language) {
  return language == Language::kChinese && !software.stack_name_zh.empty() ? software.stack_name_zh : software.stack_name;
}

std::optional<SoftwareFeature> SoftwareFeatureFromKey(const std::string& key) {
  for (const FeatureInfo& f : kFeatures)
    if (key == f.key) return f.feature;
  return std::nullopt;
}

const char* SupportLevelName(SupportLevel level) {
  switch (level) {
    case SupportLevel::kYes: return "yes";
    case SupportLevel::kPartial: return "partial";
    case SupportLevel::kNo: return "no";
    case SupportLevel::kUnknown: break;
  }
  return "unknown";
}

std::optional<SupportLevel> SupportLevelFromName(const std::string& name) {
  if (name == "yes") return SupportLevel::kYes;
  if (name == "partial") return SupportLevel::kPartial;
  if (name == "no") return SupportLevel::kNo;
  if (name == "unknown") return SupportLevel::kUnknown;
  return std::nullopt;
}

SoftwareCatalogLoad LoadSoftwareCatalog(const std::string& text, const std::string& file_name, const GpuCatalog& gpus) {
  SoftwareCatalogLoad out;
  auto root = ParseJson(text, file_name, out.errors);
  if (!root) return out;
  std::map<std::string, std::string> stack_of;  // gpu id -> stack id
  ForEachRecord(*root, "stacks", file_name, out.errors, [&](FieldReader& r, const Json& rec) {
    out.catalog.stacks.push_back(ReadStack(r, rec, gpus));
    const SoftwareStack& s = out.catalog.stacks.back();
    for (const std::string& id : s.gpus) {
      auto [it, inserted] = stack_of.emplace(id, s.id);
      if (!inserted) r.Fail("gpus", "lists \"" + id + "\", which stack \"" + it->second + "\" already lists");
    }
    return s.id;
  });
  for (const Gpu& g : gpus.gpus)
    if (!stack_of.count(g.id))
      out.errors.push_back(file_name + ": card \"" + g.id + "\" of data/gpus.json is in no stack (field \"gpus\" of a stack)");
  if (root->is_object() && root->contains("card_overrides")) {
    ForEachRecord(*root, "card_overrides", file_name, out.errors, [&](FieldReader& r, const Json& rec) {
      SoftwareOverride o;
      o.gpu = r.String("gpu");
      if (!o.gpu.empty() && !gpus.Find(o.gpu)) r.Fail("gpu", "\"" + o.gpu + "\" is not a card of data/gpus.json");
      const std::string key = r.String("feature");
      if (const auto f = SoftwareFeatureFromKey(key)) {
        o.feature = *f;
      } else if (!key.empty()) {
        r.Fail("feature", "\"" + key + "\" is not a known feature");
      }
      o.entry = ReadEntry(rec, r, "");
      out.catalog.overrides.push_back(o);
      return o.gpu + "/" + key;  // one override per card and feature
    });
  }
  return out;
}

void AttachSoftwareSupport(const SoftwareCatalog& software, GpuCatalog& gpus) {
  for (Gpu& g : gpus.gpus) {
    g.software = GpuSoftware{};
    for (const SoftwareStack& s : software.stacks) {
      bool member = false;
      for (const std::string& id : s.gpus) member = member || id == g.id;
      if (!member) continue;
      GpuSoftware& w = g.software;
      w.loaded = true;
      w.stack_id = s.id;
      w.stack_name = s.name;
      w.stack_name_zh = s.name_zh;
      w.stack_version = s.version;
      w.stack_version_zh = s.version_zh;
      w.version_source = s.version_source;
      w.features = s.features;
      // FP8 needs FP8 hardware: a card without an FP8 rate takes the stack's fallback entry,
      // else "no", citing the card's own record.
      if (!g.fp8_dense_tflops) {
        const std::string card_source = g.sources.empty() ? std::string() : g.sources.front();
        SupportEntry no_hw{SupportLevel::kNo, "No FP8 rate for this card (fp8_dense_tflops is null): no FP8 hardware.",
                           "", card_source};
        no_hw.no_fp8_rate = true;
        w.features[Index(SoftwareFeature::kFp8Training)] = s.fp8_training_without_hardware.value_or(no_hw);
        w.features[Index(SoftwareFeature::kFp8Inference)] = s.fp8_inference_without_hardware.value_or(no_hw);
      }
    }
    for (const SoftwareOverride& o : software.overrides)
      if (o.gpu == g.id && g.software.loaded) g.software.features[Index(o.feature)] = o.entry;
  }
}

const SupportEntry& SupportFor(const Gpu& gpu, SoftwareFeature feature) {
  static const SupportEntry not_loaded{SupportLevel::kUnknown, "Software support data (data/software.json) is not loaded.",
                                       "软件支持数据（data/software.json）尚未加载。", ""};
  if (!gpu.software.loaded) return not_loaded;
  return gpu.software.features[Index(feature)];
}

}  // namespace atlas
