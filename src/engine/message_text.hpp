// Bounded messages: whatever the input, a message quotes at most a short excerpt of it, so no
// error or notice grows with the input (a 1 MB string or key is shown as its first 40 bytes).
#pragma once

#include <string>

namespace atlas {

inline constexpr size_t kMaxQuotedBytes = 40;    // user text quoted in a message
inline constexpr size_t kMaxMessageBytes = 300;  // any message, whatever it quotes

// `text` cut to at most `max_bytes` (never inside a UTF-8 character) with "…" when cut;
// control characters are shown as '?' so a message stays one line.
std::string Excerpt(const std::string& text, size_t max_bytes = kMaxQuotedBytes);
// "\"<excerpt>\"": user text quoted for a message.
std::string Quote(const std::string& text);
// Every "..." segment longer than kMaxQuotedBytes shortened, then the whole cut to
// kMaxMessageBytes: the safety net for messages built elsewhere.
std::string BoundMessage(const std::string& message);

}  // namespace atlas
