#include "typed_glyphs.hpp"

#include <emscripten.h>

namespace {

// The fetched full font, handed over by the exported callback and taken by the next frame.
struct FullFontMailbox {
  bool arrived = false;
  unsigned char* data = nullptr;  // nullptr when the fetch failed
  int size = 0;
};
FullFontMailbox g_full_font;  // written only by atlas_full_font_arrived

// clang-format off
EM_JS(void, atlas_js_fetch_full_font, (const char* url), {
  window["gpuAtlasFetch"](UTF8ToString(url))  // web/boot.js: this version's file (hashed name)
      .then(function(buffer) {
        var font = new Uint8Array(buffer);
        var p = _malloc(font.length);
        HEAPU8.set(font, p);
        _atlas_full_font_arrived(p, font.length);
      })
      .catch(function(e) {
        console.warn("GPU Atlas: the full Chinese font could not be loaded: " + e);
        _atlas_full_font_arrived(0, 0);
      });
});
// clang-format on

}  // namespace

extern "C" EMSCRIPTEN_KEEPALIVE void atlas_full_font_arrived(unsigned char* data, int size) {
  g_full_font = {true, data, size};
}

namespace atlas::platform {

bool TypedGlyphs::Update(const ImFont* font) {
  bool rebuild = false;
  if (g_full_font.arrived) {
    full_font_ = g_full_font.data;
    full_font_size_ = g_full_font.size;
    failed_ = !full_font_;
    fetching_ = false;
    g_full_font = {};
    rebuild = full_font_ && !wanted_.empty();
  }
  const ImVector<ImWchar>& queue = ImGui::GetIO().InputQueueCharacters;
  for (ImWchar c : queue) {
    if (c < 0x80 || (font && font->FindGlyphNoFallback(c)) || wanted_.contains(c)) continue;
    wanted_.push_back(c);
    rebuild = rebuild || full_font_;
  }
  if (!wanted_.empty() && !full_font_ && !fetching_ && !failed_) {
    fetching_ = true;
    atlas_js_fetch_full_font("fonts/zh-full.ttf");
  }
  return rebuild;
}

void TypedGlyphs::AddTo(ImFontAtlas* atlas, float px) {
  if (!full_font_ || wanted_.empty()) return;
  ranges_.clear();
  for (ImWchar c : wanted_) {
    ranges_.push_back(c);
    ranges_.push_back(c);
  }
  ranges_.push_back(0);
  ImFontConfig cfg;
  cfg.FontDataOwnedByAtlas = false;  // the fetched buffer outlives every rebuild
  cfg.MergeMode = true;
  cfg.OversampleH = 1;
  cfg.OversampleV = 1;
  atlas->AddFontFromMemoryTTF(full_font_, full_font_size_, px, &cfg, ranges_.Data);
}

}  // namespace atlas::platform
