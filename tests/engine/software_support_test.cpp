// Software support per card (data/software.json): the shipped file covers every card with
// sources, the resolution rule (override > FP8 hardware > stack), and every bad input named.
#include "engine/software_support.hpp"
#include "engine/gpu_catalog.hpp"
#include "test_support.hpp"

#include <doctest/doctest.h>

#include <algorithm>

namespace software_support_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;
using atlas::test::AnyContains;
using atlas::test::CatalogText;
using atlas::test::ValidGpuRecord;

namespace {

SupportLevel Level(const char* gpu_id, SoftwareFeature f) {
  const Gpu* g = atlas::test::RealCatalogs().gpus.Find(gpu_id);
  REQUIRE(g);
  return SupportFor(*g, f).level;
}

// One card "test-card" (H100-like, with an FP8 rate) and one "no-fp8" without.
GpuCatalog TwoCards() {
  Json a = ValidGpuRecord();
  Json b = ValidGpuRecord();
  b["id"] = "no-fp8";
  b["fp8_dense_tflops"] = nullptr;
  GpuCatalogLoad load = LoadGpuCatalog(CatalogText(Json::array({a, b})), "gpus.json");
  REQUIRE(load.ok());
  return load.catalog;
}

Json Entry(const char* level, const char* source = "https://example.com/doc") {
  return {{"level", level}, {"note", "why"}, {"note_zh", "原因"}, {"source", source}};
}

Json ValidStack() {
  Json features = Json::object();
  for (size_t i = 0; i < kSoftwareFeatureCount; ++i)
    features[SoftwareFeatureKey(static_cast<SoftwareFeature>(i))] = Entry("yes");
  return {{"id", "cuda"}, {"name", "CUDA"}, {"name_zh", "CUDA"}, {"vendor", "NVIDIA"}, {"version", "12.9"}, {"version_zh", "12.9"},
          {"version_source", "https://example.com/v"}, {"gpus", {"test-card", "no-fp8"}}, {"features", features}};
}

std::vector<std::string> ErrorsFor(const Json& root) {
  return LoadSoftwareCatalog(root.dump(), "data/software.json", TwoCards()).errors;
}

}  // namespace

TEST_CASE("the shipped software.json loads, covers every card, and each answer cites a source") {
  const Catalogs& c = atlas::test::RealCatalogs();
  const std::string text = atlas::test::ReadSourceFile("data/software.json");
  SoftwareCatalogLoad load = LoadSoftwareCatalog(text, "data/software.json", c.gpus);
  for (const auto& e : load.errors) INFO(e);
  CHECK(load.ok());
  for (const Gpu& g : c.gpus.gpus) {
    INFO(g.id);
    CHECK(g.software.loaded);
    CHECK_FALSE(g.software.stack_version.empty());
    for (size_t i = 0; i < kSoftwareFeatureCount; ++i) {
      const SupportEntry e = SupportFor(g, static_cast<SoftwareFeature>(i));
      CHECK_FALSE(e.note.empty());
      // The Chinese UI shows the note (spec card, risk flags): in Chinese, not the English again.
      const std::string zh = SupportNote(e, atlas::Language::kChinese);
      CHECK(zh != e.note);
      // Holds CJK: a UTF-8 lead byte of U+3000..U+9FFF.
      CHECK(std::any_of(zh.begin(), zh.end(), [](char ch) { return (unsigned char)ch >= 0xE3 && (unsigned char)ch <= 0xE9; }));
      if (e.level != SupportLevel::kUnknown) CHECK_FALSE(e.source.empty());
    }
  }
}

TEST_CASE("what practitioners hit: NF4 on MLU370 and MTT S4000, FP8 on A100 vs H100, FlashAttention on V100") {
  CHECK(Level("mlu370-x8", SoftwareFeature::kNf4Bitsandbytes) == SupportLevel::kNo);
  CHECK(Level("mtt-s4000", SoftwareFeature::kNf4Bitsandbytes) == SupportLevel::kNo);
  CHECK(Level("rtx-4090", SoftwareFeature::kNf4Bitsandbytes) == SupportLevel::kYes);
  CHECK(Level("h100-sxm", SoftwareFeature::kFp8Training) == SupportLevel::kYes);
  CHECK(Level("h100-sxm", SoftwareFeature::kFp8Inference) == SupportLevel::kYes);
  CHECK(Level("a100-80gb-sxm", SoftwareFeature::kFp8Training) == SupportLevel::kNo);
  // vLLM runs FP8 checkpoints weight-only (W8A16, Marlin) on Ampere: memory saved, no FP8 math.
  CHECK(Level("a100-80gb-sxm", SoftwareFeature::kFp8Inference) == SupportLevel::kPartial);
  CHECK(Level("ascend-910b", SoftwareFeature::kFp8Training) == SupportLevel::kNo);
  CHECK(Level("mi300x", SoftwareFeature::kFp8Inference) == SupportLevel::kYes);
  CHECK(Level("mi250x", SoftwareFeature::kFp8Training) == SupportLevel::kNo);
  CHECK(Level("v100-sxm2-32gb", SoftwareFeature::kFlashAttention) == SupportLevel::kNo);
  // vLLM's install guide lists compute capability 7.0+ (V100 included; docs v0.14.0), and V1
  // runs on pre-Ampere GPUs since v0.10.2: FP16 only, no FlashAttention backend. It was "no".
  CHECK(Level("v100-sxm2-32gb", SoftwareFeature::kVllm) == SupportLevel::kPartial);
  CHECK(Level("ascend-910b", SoftwareFeature::kVllm) == SupportLevel::kYes);
  CHECK(Level("apple-m2-ultra", SoftwareFeature::kLlamaCpp) == SupportLevel::kYes);
  CHECK(Level("apple-m2-ultra", SoftwareFeature::kFp8Inference) == SupportLevel::kNo);
  CHECK(atlas::test::RealCatalogs().gpus.Find("h100-sxm")->software.stack_id == "cuda");
}

TEST_CASE("resolution: card override beats the FP8-hardware rule, which beats the stack") {
  GpuCatalog gpus = TwoCards();
  Json root = {{"stacks", {ValidStack()}}};
  root["card_overrides"] = {{{"gpu", "test-card"}, {"feature", "vllm"}, {"level", "partial"}, {"note", "n"}, {"note_zh", "注"}, {"source", "https://x"}}};
  SoftwareCatalogLoad load = LoadSoftwareCatalog(root.dump(), "s.json", gpus);
  REQUIRE(load.ok());
  AttachSoftwareSupport(load.catalog, gpus);
  CHECK(SupportFor(*gpus.Find("test-card"), SoftwareFeature::kVllm).level == SupportLevel::kPartial);
  CHECK(SupportFor(*gpus.Find("no-fp8"), SoftwareFeature::kVllm).level == SupportLevel::kYes);
  CHECK(SupportFor(*gpus.Find("test-card"), SoftwareFeature::kFp8Training).level == SupportLevel::kYes);
  // No stack fallback given: a card without an FP8 rate answers no, citing its own record.
  const SupportEntry no_hw = SupportFor(*gpus.Find("no-fp8"), SoftwareFeature::kFp8Training);
  CHECK(no_hw.level == SupportLevel::kNo);
  CHECK(no_hw.source == "https://example.com/sheet");
  // Its note is the engine's, in the reader's language.
  CHECK(SupportNote(no_hw, atlas::Language::kEnglish).find("No FP8 rate") == 0);
  CHECK(SupportNote(no_hw, atlas::Language::kChinese).find("FP8 算力") != std::string::npos);
  CHECK(SupportNote(SupportFor(*gpus.Find("test-card"), SoftwareFeature::kVllm), atlas::Language::kChinese) == "注");
  CHECK(StackName(gpus.Find("test-card")->software, atlas::Language::kChinese) == "CUDA");
  CHECK(SoftwareFeatureName(SoftwareFeature::kFp8Training, atlas::Language::kChinese) == "FP8 训练");
  // With a fallback, that entry is used instead.
  root["stacks"][0]["without_fp8_hardware"] = {{"fp8_inference", Entry("partial")}};
  load = LoadSoftwareCatalog(root.dump(), "s.json", gpus);
  REQUIRE(load.ok());
  AttachSoftwareSupport(load.catalog, gpus);
  CHECK(SupportFor(*gpus.Find("no-fp8"), SoftwareFeature::kFp8Inference).level == SupportLevel::kPartial);
  CHECK(SupportFor(*gpus.Find("no-fp8"), SoftwareFeature::kFp8Training).level == SupportLevel::kNo);
}

TEST_CASE("before software.json is attached, support is unknown, not yes") {
  const GpuCatalog gpus = TwoCards();
  const SupportEntry e = SupportFor(gpus.gpus[0], SoftwareFeature::kNf4Bitsandbytes);
  CHECK(e.level == SupportLevel::kUnknown);
  CHECK(e.note.find("not loaded") != std::string::npos);
}

TEST_CASE("bad software.json: each problem names the file, the record and the field") {
  CHECK(LoadSoftwareCatalog("{", "data/software.json", TwoCards()).errors ==
        std::vector<std::string>{"data/software.json: not valid JSON"});
  {
    Json s = ValidStack();
    s.erase("version_zh");
    CHECK(AnyContains(ErrorsFor({{"stacks", {s}}}), "data/software.json: stacks[0] (id \"cuda\"): field \"version_zh\" is missing"));
  }
  {
    Json s = ValidStack();
    s.erase("name_zh");
    s["features"]["vllm"].erase("note_zh");
    s["features"]["sglang"]["note_zh"] = "";
    const auto errors = ErrorsFor({{"stacks", {s}}});
    CHECK(AnyContains(errors, "data/software.json: stacks[0] (id \"cuda\"): field \"name_zh\" is missing"));
    CHECK(AnyContains(errors, "field \"features.vllm.note_zh\" must be the note in 简体中文"));
    CHECK(AnyContains(errors, "field \"features.sglang.note_zh\" must be the note in 简体中文"));
  }
  {
    Json s = ValidStack();
    s["features"]["vllm"]["level"] = "maybe";
    CHECK(AnyContains(ErrorsFor({{"stacks", {s}}}),
                      "data/software.json: stacks[0] (id \"cuda\"): field \"features.vllm.level\" must be \"yes\", \"partial\", \"no\" or \"unknown\""));
  }
  {
    Json s = ValidStack();
    s["features"]["sglang"]["source"] = "";
    CHECK(AnyContains(ErrorsFor({{"stacks", {s}}}), "field \"features.sglang.source\" is required when level is yes, partial or no"));
    s["features"]["sglang"] = Entry("unknown", "");
    CHECK(ErrorsFor({{"stacks", {s}}}).empty());  // unknown needs no source, only a note
  }
  {
    Json s = ValidStack();
    s["features"].erase("llama_cpp");
    s["features"]["tensorrt"] = Entry("yes");
    const auto errors = ErrorsFor({{"stacks", {s}}});
    CHECK(AnyContains(errors, "field \"features.llama_cpp\" is missing"));
    CHECK(AnyContains(errors, "field \"features.tensorrt\" is not a known feature"));
  }
  {
    Json s = ValidStack();
    s["gpus"] = {"test-card", "h999"};
    const auto errors = ErrorsFor({{"stacks", {s}}});
    CHECK(AnyContains(errors, "field \"gpus\" lists \"h999\", which is not a card of data/gpus.json"));
    CHECK(AnyContains(errors, "data/software.json: card \"no-fp8\" of data/gpus.json is in no stack"));
  }
  {
    Json a = ValidStack(), b = ValidStack();
    b["id"] = "rocm";
    b["gpus"] = {"no-fp8"};
    CHECK(AnyContains(ErrorsFor({{"stacks", {a, b}}}),
                      "stacks[1] (id \"rocm\"): field \"gpus\" lists \"no-fp8\", which stack \"cuda\" already lists"));
  }
  {
    Json s = ValidStack();
    s["without_fp8_hardware"] = {{"vllm", Entry("no")}};
    CHECK(AnyContains(ErrorsFor({{"stacks", {s}}}), "field \"without_fp8_hardware.vllm\" is not an FP8 feature"));
  }
  {
    Json root = {{"stacks", {ValidStack()}}};
    root["card_overrides"] = {{{"gpu", "nope"}, {"feature", "fp9"}, {"level", "yes"}, {"note", "n"}, {"note_zh", "注"}, {"source", "https://x"}}};
    const auto errors = ErrorsFor(root);
    CHECK(AnyContains(errors, "card_overrides[0]: field \"gpu\" \"nope\" is not a card of data/gpus.json"));
    CHECK(AnyContains(errors, "card_overrides[0]: field \"feature\" \"fp9\" is not a known feature"));
  }
  CHECK(AnyContains(ErrorsFor(Json::object()), "field \"stacks\" must be a list of records"));
}

}  // namespace software_support_test
