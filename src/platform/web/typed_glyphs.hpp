// Typed characters the font subsets lack (a model name typed in Chinese: the subsets hold only
// the characters the UI and the data use). The first such character fetches the full CJK font
// (dist/fonts/zh-full.ttf, Droid Sans Fallback, cmake/fonts.cmake); from then on every typed
// character the atlas lacks is baked from it (only those, so the atlas stays small).
#pragma once

#include <imgui.h>

namespace atlas::platform {

class TypedGlyphs {
 public:
  // Before the font atlas is (re)built each frame: notes the queued input characters the
  // atlas cannot draw and takes the fetched font. True when the atlas must be rebuilt.
  bool Update(const ImFont* font);
  // Merges the typed characters from the full font into the atlas being built (after the
  // other fonts, at `px`); nothing until the full font has arrived.
  void AddTo(ImFontAtlas* atlas, float px);

 private:
  ImVector<ImWchar> wanted_;   // codepoints typed that the subsets lack
  ImVector<ImWchar> ranges_;   // pairs for ImGui, 0-terminated; alive while the atlas is built
  bool fetching_ = false;
  unsigned char* full_font_ = nullptr;  // malloc'd by the fetch; kept for later rebuilds
  int full_font_size_ = 0;
  bool failed_ = false;
};

}  // namespace atlas::platform
