#include "font_texture.hpp"

#include <GLES3/gl3.h>
#include <imgui.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>

namespace atlas::platform {

namespace {
GLuint g_font_texture = 0;
}  // namespace

void UploadFontAtlas() {
  ImFontAtlas& atlas = *ImGui::GetIO().Fonts;
  // As tall as its glyphs, not rounded up to a power of two (up to half of it empty): WebGL2
  // samples a texture of any size.
  atlas.Flags |= ImFontAtlasFlags_NoPowerOfTwoHeight;
  unsigned char* alpha = nullptr;
  int w = 0, h = 0;
  atlas.GetTexDataAsAlpha8(&alpha, &w, &h);
  if (g_font_texture) glDeleteTextures(1, &g_font_texture);
  glGenTextures(1, &g_font_texture);
  glBindTexture(GL_TEXTURE_2D, g_font_texture);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  // White with the coverage as alpha, as the backend's RGBA32 copy, a band of rows at a time
  // through one 256 KiB buffer (the whole copy is 4 bytes per atlas pixel).
  const int rows = std::max(1, (256 << 10) / (4 * w));
  uint32_t* band = static_cast<uint32_t*>(std::malloc(static_cast<size_t>(rows) * w * 4));
  for (int y = 0; band && y < h; y += rows) {
    const int n = std::min(rows, h - y);
    const unsigned char* src = alpha + static_cast<size_t>(y) * w;
    for (int i = 0; i < n * w; ++i) band[i] = 0x00FFFFFFu | static_cast<uint32_t>(src[i]) << 24;  // RGBA bytes, little endian
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, y, w, n, GL_RGBA, GL_UNSIGNED_BYTE, band);
  }
  std::free(band);
  atlas.SetTexID(reinterpret_cast<ImTextureID>(static_cast<intptr_t>(g_font_texture)));
  atlas.ClearTexData();
}

}  // namespace atlas::platform

// The backend's font texture, called once by its first NewFrame (CreateDeviceObjects): nothing
// to do, UploadFontAtlas has made the texture before any frame (font_texture.hpp).
extern "C" bool __wrap__Z36ImGui_ImplOpenGL3_CreateFontsTexturev() { return true; }
