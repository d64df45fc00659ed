// The page never reads an imgui.ini: io.IniFilename is null and nothing loads settings from
// memory (main.cpp). Dear ImGui still registers its window and table settings readers in every
// context, so their parsing was in the first frame's wasm. cmake/web.cmake compiles imgui.cpp
// and imgui_tables.cpp (only those: the text widgets' typed values keep the real sscanf) with
// sscanf renamed to this reader, which matches no field: a settings line would be read as
// unknown and skipped.
extern "C" int atlas_imgui_ini_sscanf(const char*, const char*, ...) { return 0; }
