// Writes the tier map's static HTML (ui/tier_map_static.hpp): `prerender DATA_DIR OUT.html`.
// DATA_DIR holds the gpus.json and assumptions.json the web app's first frame embeds. The web
// build compiles this with Emscripten for node, like text_pack, and scripts/write_manifest.py
// puts the result into dist/index.html (cmake/web.cmake).
#include "engine/catalogs.hpp"
#include "ui/text/ui_text.hpp"
#include "ui/tier_map_static.hpp"

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: prerender DATA_DIR OUT.html\n");
    return 2;
  }
  const std::string dir = argv[1];
  atlas::CatalogsLoad load;
  atlas::LoadCoreCatalogs(
      [&dir](const std::string& name, std::string& text) {
        std::ifstream in(dir + "/" + name, std::ios::binary);
        if (!in) return false;
        std::ostringstream s;
        s << in.rdbuf();
        text = s.str();
        return true;
      },
      dir, load);
  if (!load.ok()) {
    for (const std::string& e : load.errors) std::fprintf(stderr, "prerender: %s\n", e.c_str());
    return 1;
  }
  const std::string html = atlas::ui::TierMapStaticHtml(load.catalogs, atlas::ui::TextFor(atlas::Language::kEnglish),
                                                        atlas::ui::TextFor(atlas::Language::kChinese));
  std::FILE* out = std::fopen(argv[2], "wb");
  if (!out || std::fwrite(html.data(), 1, html.size(), out) != html.size() || std::fclose(out) != 0) {
    std::fprintf(stderr, "prerender: cannot write %s\n", argv[2]);
    return 1;
  }
  return 0;
}
