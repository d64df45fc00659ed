// The UI's string tables (src/ui/text/en, src/ui/text/zh): complete, and safe to format.
#include "text_checks.hpp"
#include "ui/text/ui_text.hpp"
#include "ui/widgets.hpp"

#include <doctest/doctest.h>

#include <cstdio>
#include <cstring>

namespace ui_text_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;

using test::Conversions;

TEST_CASE("Conversions reads printf conversions in order") {
  CHECK(Conversions("%s of %zu, %.1f%% and %-4d") == std::vector<std::string>{"%s", "%zu", "%.1f", "%-4d"});
  CHECK(Conversions("100%% sure").empty());
}

TEST_CASE("EnglishWords finds English words left in Chinese text and lets names, ids, units and quotations pass") {
  using V = std::vector<std::string>;
  CHECK(test::EnglishWords("峰值：BF16 dense") == V{"dense"});
  CHECK(test::EnglishWords("输入：2 GPUs，5% of 84.5 GiB") == V{"GPUs", "of"});
  CHECK(test::EnglishWords("东数西算 national hub（NDRC）") == V{"national", "hub"});
  CHECK(test::EnglishWords("[004 §6 case A]") == V{"case"});
  CHECK(test::EnglishWords("HBM3 (unified with the CPU)") == V{"unified", "with", "the"});
  for (const char* ok : {"NVIDIA H100 SXM · 80 GB HBM3", "fp8_dense_tflops 为空", "1,234 tokens/s", "Kaplan et al. 2020 §2.1",
                         "Transformer Engine 的 FP8 方案", "规格表脚注：“Shown with sparsity”", "https://docs.vllm.ai/en/latest/",
                         "LoRA / QLoRA", "gfx94x 或 gfx95x", "8 位 AdamW"})
    CHECK_MESSAGE(test::EnglishWords(ok).empty(), ok);
}

TEST_CASE("every English string has a Chinese entry with the same printf conversions") {
  std::size_t count = 0;
  const TextEntry* entries = ui::UiTextEntries(count);
  // Nearly every entry is actually translated (units and acronyms may stay as they are).
  test::CheckTextTable(entries, count, "src/ui/text/zh", 0.7);
}

TEST_CASE("TextFor picks the table by language") {
  CHECK(std::strcmp(ui::TextFor(Language::kEnglish).tab_calculator, "Calculator") == 0);
  CHECK(std::strcmp(ui::TextFor(Language::kChinese).tab_calculator, "计算器") == 0);
}

TEST_CASE("a card's figures line names its tier in the reader's language (was \"T1\" in Chinese too)") {
  const ui::UiText& en = ui::TextFor(Language::kEnglish);
  const ui::UiText& zh = ui::TextFor(Language::kChinese);
  CHECK(std::string(ui::TierShortName(en, 1)) == "T1");
  CHECK(std::string(ui::TierShortName(en, 3)) == "T3");
  CHECK(std::string(ui::TierShortName(zh, 1)) == "第一梯队");
  CHECK(std::string(ui::TierShortName(zh, 2)) == "第二梯队");
  CHECK(std::string(ui::TierShortName(zh, 3)) == "第三梯队");
  char line[160];
  std::snprintf(line, sizeof line, zh.tier_card_figures, ui::TierShortName(zh, 2), "48", "864\u00A0GB/s", "362");
  CHECK(std::string(line).rfind("第二梯队 · 48", 0) == 0);
  CHECK(test::EnglishWords(line).empty());
}

TEST_CASE("Shown drops what the English fonts cannot draw, and keeps everything in Chinese") {
  ui::UiEnv english;
  english.language = Language::kEnglish;
  ui::UiEnv chinese;
  chinese.language = Language::kChinese;
  const std::string provider = "5.15 CNY/GPU-h container (Chenjian Cloud (晨涧云), cn market)";
  CHECK(ui::Shown(provider, english) == "5.15 CNY/GPU-h container (Chenjian Cloud, cn market)");
  CHECK(ui::Shown(provider, chinese) == provider);
  CHECK(ui::Shown("ROCm-like '类CUDA' stack", english) == "ROCm-like 'CUDA' stack");
  CHECK(ui::Shown("≈ 1.5× → ≤ 2 GiB – ok", english) == "≈ 1.5× → ≤ 2\u00A0GiB – ok");  // symbols stay; the figure joined
  CHECK(ui::Shown("全中文", english).empty());
}

}  // namespace ui_text_test
