#include "draw_fingerprint.hpp"

#include <imgui.h>

#include <cstring>

namespace atlas::ui {
namespace {

// Word-at-a-time multiply-xorshift mixing (the 64-bit finaliser of MurmurHash3, applied per
// word): fast enough for the ~10^5 bytes of a frame's draw data in well under 0.1 ms, and a
// single changed byte changes the result.
struct Hasher {
  std::uint64_t state = 0x9E3779B97F4A7C15u;
  void Word(std::uint64_t word) {
    state = (state ^ word) * 0xFF51AFD7ED558CCDu;
    state ^= state >> 32;
  }
  void Bytes(const void* data, std::size_t size) {
    Word(size);  // so that moving bytes between neighbouring buffers changes the result
    const auto* bytes = static_cast<const unsigned char*>(data);
    for (; size >= 8; size -= 8, bytes += 8) {
      std::uint64_t word;
      std::memcpy(&word, bytes, 8);
      Word(word);
    }
    std::uint64_t tail = 0;
    if (size > 0) std::memcpy(&tail, bytes, size);  // (an empty ImVector's Data is null)
    Word(tail);
  }
};

template <typename T>
void AddVector(Hasher& hash, const ImVector<T>& v) {
  hash.Bytes(v.Data, static_cast<std::size_t>(v.Size) * sizeof(T));
}

}  // namespace

std::uint64_t DrawFingerprint(const ImDrawData& draw_data) {
  Hasher hash;
  const float display[6] = {draw_data.DisplayPos.x,  draw_data.DisplayPos.y,       draw_data.DisplaySize.x,
                            draw_data.DisplaySize.y, draw_data.FramebufferScale.x, draw_data.FramebufferScale.y};
  hash.Bytes(display, sizeof display);
  for (int i = 0; i < draw_data.CmdListsCount; ++i) {
    const ImDrawList& list = *draw_data.CmdLists[i];
    AddVector(hash, list.VtxBuffer);
    AddVector(hash, list.IdxBuffer);
    // Whole commands: ImDrawCmd's constructor zeroes it, padding included (imgui.h 1.86).
    AddVector(hash, list.CmdBuffer);
  }
  return hash.state;
}

}  // namespace atlas::ui
