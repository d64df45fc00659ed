#include "clipped_text_hook.hpp"

#include "drawn_text_hook.hpp"

#include <emscripten.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace {

EM_JS(void, atlas_js_publish_clipped_text, (const char* json), { window["__atlasClippedText"] = JSON.parse(UTF8ToString(json)); });

// A glyph's quad: ImFont::RenderText emits 4 vertices per glyph (top-left first) with the
// glyph's atlas UVs, and emits a glyph that starts inside the clip rectangle even when it ends
// past it (the GPU scissor cuts it); glyphs that start past it are skipped. So a label cut at
// the right edge leaves one glyph quad reaching past the clip rectangle.
struct GlyphQuad {
  float x0, y0, x1, y1;
  ImWchar codepoint;
};

// Whether `uv` lies in one of the atlas's custom rectangles (white pixel, mouse cursors, baked
// anti-aliased lines): those quads are shapes, not text.
bool InCustomRect(const ImFontAtlas& atlas, int rect_index, ImVec2 uv) {
  if (rect_index < 0) return false;
  const ImFontAtlasCustomRect& r = atlas.CustomRects[rect_index];
  const float u0 = r.X * atlas.TexUvScale.x, v0 = r.Y * atlas.TexUvScale.y;
  const float u1 = (r.X + r.Width) * atlas.TexUvScale.x, v1 = (r.Y + r.Height) * atlas.TexUvScale.y;
  return uv.x >= u0 && uv.x <= u1 && uv.y >= v0 && uv.y <= v1;
}

ImWchar GlyphAt(const ImFontAtlas& atlas, ImVec2 uv) {
  for (const ImFont* font : atlas.Fonts)
    for (const ImFontGlyph& g : font->Glyphs)
      if (std::fabs(g.U0 - uv.x) < 1e-6f && std::fabs(g.V0 - uv.y) < 1e-6f) return static_cast<ImWchar>(g.Codepoint);
  return '?';
}

void AppendUtf8(std::string& out, ImWchar c) {
  char buf[5] = {};
  ImTextCharToUtf8(buf, c);
  out += buf;
}

std::string JsonEscaped(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) < 0x20) continue;
    out += c;
  }
  return out;
}

}  // namespace

namespace atlas::platform {

void ReportClippedText(float dpr) {
  if (!DrawnTextCapturedThisFrame() || dpr <= 0) return;
  const ImDrawData* data = ImGui::GetDrawData();
  const ImFontAtlas& atlas = *ImGui::GetIO().Fonts;
  std::string json = "[";
  int reported = 0;
  // A glyph may overhang its advance by a pixel or two (antialiasing, italic-like bearings).
  const float tolerance = 2.0f;
  for (int n = 0; data && n < data->CmdListsCount && reported < 20; ++n) {
    const ImDrawList* list = data->CmdLists[n];
    const ImGuiWindow* window = list->_OwnerName ? ImGui::FindWindowByName(list->_OwnerName) : nullptr;
    if (window && window->ScrollbarX) continue;  // scrolls sideways by design (a scrollbar shows)
    for (const ImDrawCmd& cmd : list->CmdBuffer) {
      if (cmd.UserCallback || cmd.TextureId != atlas.TexID) continue;
      std::vector<GlyphQuad> quads;
      std::vector<bool> seen(static_cast<size_t>(list->VtxBuffer.Size));  // vertices already looked at
      bool clipped = false;
      for (unsigned i = 0; i < cmd.ElemCount; ++i) {
        // A glyph is 4 vertices in a row, written as top-left, top-right, bottom-right,
        // bottom-left with its atlas UVs (ImFont::RenderText); found by that pattern, since
        // other shapes in the same command (fans, lines) do not come in quads of 6 indices.
        const unsigned k = cmd.VtxOffset + list->IdxBuffer[cmd.IdxOffset + i];
        if (k + 3 >= static_cast<unsigned>(list->VtxBuffer.Size) || seen[k]) continue;
        seen[k] = true;
        const ImDrawVert* v = &list->VtxBuffer[k];
        const bool quad = v[0].pos.y == v[1].pos.y && v[1].pos.x == v[2].pos.x && v[2].pos.y == v[3].pos.y &&
                          v[3].pos.x == v[0].pos.x && v[2].pos.x > v[0].pos.x && v[2].pos.y > v[0].pos.y &&
                          v[0].uv.y == v[1].uv.y && v[1].uv.x == v[2].uv.x && v[2].uv.y == v[3].uv.y && v[3].uv.x == v[0].uv.x &&
                          v[2].uv.x > v[0].uv.x && v[2].uv.y > v[0].uv.y;
        if (!quad || InCustomRect(atlas, atlas.PackIdMouseCursors, v[0].uv) || InCustomRect(atlas, atlas.PackIdLines, v[0].uv))
          continue;
        quads.push_back({v[0].pos.x, v[0].pos.y, v[2].pos.x, v[2].pos.y, GlyphAt(atlas, v[0].uv)});
        clipped = clipped || v[2].pos.x > cmd.ClipRect.z + tolerance;
      }
      if (!clipped) continue;
      for (const GlyphQuad& q : quads) {
        if (q.x1 <= cmd.ClipRect.z + tolerance || reported >= 20) continue;
        // The clipped line: the glyphs of the same line left of the cut, in order. Glyph boxes
        // differ in height (x, l, g), so a glyph is on the line when its vertical middle lies
        // in the cut glyph's box or the cut glyph's middle lies in its box.
        const auto middle_in = [](const GlyphQuad& a, const GlyphQuad& b) {
          const float m = 0.5f * (a.y0 + a.y1);
          return m >= b.y0 && m <= b.y1;
        };
        // Picked left to right by repeated minimum (a line holds a few dozen glyphs; a sort's
        // code was ~1 KiB of the first frame's download).
        std::string text;
        float last_x = -1e30f;
        for (;;) {
          const GlyphQuad* next = nullptr;
          for (const GlyphQuad& o : quads)
            if ((middle_in(o, q) || middle_in(q, o)) && o.x0 <= q.x0 && o.x0 >= cmd.ClipRect.x && o.x0 > last_x &&
                (!next || o.x0 < next->x0))
              next = &o;
          if (!next) break;
          AppendUtf8(text, next->codepoint);
          last_x = next->x0;
        }
        char buf[160];
        std::snprintf(buf, sizeof buf, "\"x\":%.1f,\"y\":%.1f,\"clip_right\":%.1f}", q.x0 / dpr, q.y0 / dpr, cmd.ClipRect.z / dpr);
        json += std::string(reported ? "," : "") + "{\"window\":\"" + JsonEscaped(list->_OwnerName ? list->_OwnerName : "") +
                "\",\"text\":\"" + JsonEscaped(text) + "\"," + buf;
        ++reported;
      }
    }
  }
  atlas_js_publish_clipped_text((json + "]").c_str());
}

}  // namespace atlas::platform
