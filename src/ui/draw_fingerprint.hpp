// A fingerprint of what one frame puts on screen, so that an unchanged frame is not drawn again.
#pragma once

#include "app/deferred_code.hpp"

#include <cstdint>

struct ImDrawData;

namespace atlas::ui {

// 64 bits over every draw list's vertices, indices and commands (clip rectangle, texture,
// offsets, count, callback) and the display's position, size and framebuffer scale. Two frames
// with the same fingerprint and the same textures draw the same pixels, so the platform skips
// the second: the canvas keeps showing the first. ImGui rebuilds its whole frame at every input
// and for a few frames after it (settling hover and layout), mostly the same picture; on a phone
// each repeat is a full-screen WebGL draw, and under software WebGL it was most of the browser
// tests' CPU. A texture's content is not in the fingerprint: redraw after uploading one.
// Deferred code in the web build (the first frame's download is at its budget): the frames
// before the rest of the app has arrived are all drawn.
ATLAS_DEFERRED std::uint64_t DrawFingerprint(const ImDrawData& draw_data);

}  // namespace atlas::ui
