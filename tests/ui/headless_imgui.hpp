// A windowless Dear ImGui context for the UI suites: a display of the given size, 60 Hz frames,
// no .ini file, the built-in font built at `font_px`, and the legacy key map that ImGui 1.86
// reads (io.KeyMap / io.KeysDown): press key k by setting io.KeysDown[k] for one frame.
#pragma once

#include <imgui.h>

namespace atlas::test {

enum HeadlessKey { kKeyUp = 1, kKeyDown = 2, kKeyEnter = 3, kKeyBackspace = 4, kKeyEscape = 5 };

struct HeadlessImGui {
  explicit HeadlessImGui(float width = 800, float height = 600, float font_px = 13) {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = ImVec2(width, height);
    io.DeltaTime = 1.0f / 60;
    io.KeyMap[ImGuiKey_UpArrow] = kKeyUp;
    io.KeyMap[ImGuiKey_DownArrow] = kKeyDown;
    io.KeyMap[ImGuiKey_Enter] = kKeyEnter;
    io.KeyMap[ImGuiKey_Backspace] = kKeyBackspace;
    io.KeyMap[ImGuiKey_Escape] = kKeyEscape;
    ImFontConfig font;
    font.SizePixels = font_px;
    io.Fonts->AddFontDefault(&font);
    unsigned char* pixels;
    int w, h;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
  }
  ~HeadlessImGui() { ImGui::DestroyContext(); }
  HeadlessImGui(const HeadlessImGui&) = delete;
  HeadlessImGui& operator=(const HeadlessImGui&) = delete;
};

}  // namespace atlas::test
