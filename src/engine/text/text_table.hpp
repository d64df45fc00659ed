// What the UI's and the engine's string tables share (src/ui/text, src/engine/text): a row
// per id for tests and tools. The tables themselves are built by text_table.inc.
#pragma once

namespace atlas {

struct TextEntry {
  const char* id;
  const char* english;
  const char* chinese;  // nullptr when the Chinese folder lacks the id
};

}  // namespace atlas
