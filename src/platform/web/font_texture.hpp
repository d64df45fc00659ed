// The font atlas as a WebGL texture without a whole RGBA32 copy in the wasm heap, the atlas's
// pixels freed once on the GPU. ImGui's OpenGL3 backend converts the atlas to RGBA32 and keeps both copies in the
// wasm heap (5 bytes per atlas pixel), which on a phone in Chinese (CJK glyphs at 3x) grew the
// heap past its 16 MiB budget. The link wraps the backend's ImGui_ImplOpenGL3_CreateFontsTexture
// (cmake/web.cmake, --wrap) so it never makes its copy: the atlas is uploaded only here.
#pragma once

namespace atlas::platform {

// Builds the atlas's pixels (when not built yet), uploads them as the backend would (white
// RGBA, the coverage as alpha) a band of rows at a time, and frees them (the glyph metrics stay).
void UploadFontAtlas();

}  // namespace atlas::platform
