// Writes a text pack (src/ui/text/text_pack.hpp): `text_pack en|zh OUT.json`.
// The web build compiles this with Emscripten for node and runs it to produce dist/text/*.json
// from the same tables the native build compiles (cmake/web.cmake).
#include "ui/text/text_pack.hpp"

#include <cstdio>
#include <cstring>
#include <string>

int main(int argc, char** argv) {
  if (argc != 3 || (std::strcmp(argv[1], "en") != 0 && std::strcmp(argv[1], "zh") != 0)) {
    std::fprintf(stderr, "usage: text_pack en|zh OUT.json\n");
    return 2;
  }
  const atlas::Language language = std::strcmp(argv[1], "zh") == 0 ? atlas::Language::kChinese : atlas::Language::kEnglish;
  const std::string pack = atlas::ui::TextPackJson(language);
  std::FILE* out = std::fopen(argv[2], "wb");
  if (!out || std::fwrite(pack.data(), 1, pack.size(), out) != pack.size() || std::fclose(out) != 0) {
    std::fprintf(stderr, "text_pack: cannot write %s\n", argv[2]);
    return 1;
  }
  return 0;
}
