#include "peak_kind_text.hpp"

#include "engine/text/engine_text.hpp"

#include <cstring>

namespace atlas {

std::string PeakKindText(const std::string& kind, Language language) {
  const EngineText& english = EngineTextFor(Language::kEnglish);
  const EngineText& shown = EngineTextFor(language);
  for (const char* EngineText::*id :
       {&EngineText::peak_fp32, &EngineText::peak_tf32_dense, &EngineText::peak_fp32_no_tf32, &EngineText::peak_fp8_dense,
        &EngineText::peak_int8_dense, &EngineText::peak_fp16_dense, &EngineText::peak_bf16_dense,
        &EngineText::peak_16bit_fallback, &EngineText::peak_16bit_dequantised})
    if (kind == english.*id) return shown.*id;
  return kind;
}

}  // namespace atlas
