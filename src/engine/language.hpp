// The language a person reads the results in. The engine explains its results in it (engine
// text tables, src/engine/text); the UI draws its own words in it (src/ui/text).
#pragma once

namespace atlas {

enum class Language { kEnglish = 0, kChinese };

}  // namespace atlas
