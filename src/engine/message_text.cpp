#include "message_text.hpp"

namespace atlas {

namespace {
bool Continuation(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }
}  // namespace

std::string Excerpt(const std::string& text, size_t max_bytes) {
  std::string out;
  size_t n = text.size();
  bool cut = false;
  if (n > max_bytes) {
    n = max_bytes;
    while (n > 0 && Continuation(text[n])) --n;
    cut = true;
  }
  out.reserve(n + 3);
  for (size_t i = 0; i < n; ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    out += c < 0x20 || c == 0x7F ? '?' : static_cast<char>(c);
  }
  if (cut) out += "…";
  return out;
}

std::string Quote(const std::string& text) { return "\"" + Excerpt(text) + "\""; }

std::string BoundMessage(const std::string& message) {
  std::string out;
  size_t i = 0;
  while (i < message.size()) {
    const size_t open = message.find('"', i);
    if (open == std::string::npos) {
      out.append(message, i, std::string::npos);
      break;
    }
    size_t close = message.find('"', open + 1);
    if (close == std::string::npos) close = message.size();
    out.append(message, i, open - i);
    out += '"';
    out += Excerpt(message.substr(open + 1, close - open - 1));
    if (close < message.size()) out += '"';
    i = close + 1;
  }
  if (out.size() > kMaxMessageBytes) out = Excerpt(out, kMaxMessageBytes);
  return out;
}

}  // namespace atlas
