# WebAssembly app: ImGui (GLFW + OpenGL3 backends on WebGL2) + engine, deployed as a static
# site in ${CMAKE_BINARY_DIR}/dist with relative URLs only.
set(ATLAS_DIST_DIR "${CMAKE_BINARY_DIR}/dist")

# UI font: DejaVu Sans (Debian fonts-dejavu-core) subset at build time to the Latin glyphs and
# symbols the UI draws, so the first frame does not wait for a 700 KB font.
set(ATLAS_UI_FONT_SRC "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
set(ATLAS_UI_FONT "${CMAKE_BINARY_DIR}/fonts/ui.ttf")
add_custom_command(
  OUTPUT "${ATLAS_UI_FONT}"
  COMMAND ${CMAKE_COMMAND} -E make_directory "${CMAKE_BINARY_DIR}/fonts"
  COMMAND pyftsubset "${ATLAS_UI_FONT_SRC}" "--output-file=${ATLAS_UI_FONT}"
          "--unicodes=U+0020-007E,U+00A0-00FF,U+0394,U+03A3,U+03B1-03C9,U+2013-2014,U+2018-201D,U+2022,U+2026,U+2030,U+2070-209F,U+2190-2193,U+2212,U+2248,U+2260,U+2264-2265,U+221A,U+221E,U+25B2-25BC,U+2713,U+2717,U+00D7"
          --no-hinting --desubroutinize
  DEPENDS "${ATLAS_UI_FONT_SRC}"
  COMMENT "Subsetting the UI font")
add_custom_target(atlas_fonts DEPENDS "${ATLAS_UI_FONT}")

file(GLOB ATLAS_WEB_SOURCES CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/src/platform/web/*.cpp")
add_executable(gpu_atlas_web ${ATLAS_WEB_SOURCES}
  "${IMGUI_DIR}/backends/imgui_impl_glfw.cpp" "${IMGUI_DIR}/backends/imgui_impl_opengl3.cpp")
add_dependencies(gpu_atlas_web atlas_fonts)
target_include_directories(gpu_atlas_web PRIVATE "${IMGUI_DIR}/backends")
target_link_libraries(gpu_atlas_web PRIVATE atlas_ui)
set_target_properties(gpu_atlas_web PROPERTIES
  OUTPUT_NAME "gpu-atlas" SUFFIX ".js" RUNTIME_OUTPUT_DIRECTORY "${ATLAS_DIST_DIR}")
# Size: -Os with LTO and the small emmalloc allocator (Closure needs a compiler Debian lacks here).
target_link_options(gpu_atlas_web PRIVATE -Os -flto -sMALLOC=emmalloc
  -sUSE_GLFW=3 -sUSE_WEBGL2=1 -sFULL_ES3=1 -sMIN_WEBGL_VERSION=2 -sMAX_WEBGL_VERSION=2
  -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=33554432
  -sDYNAMIC_EXECUTION=0 -sENVIRONMENT=web -sFILESYSTEM=1
  -sEXPORTED_FUNCTIONS=_main,_malloc,_free,_atlas_text_bridge_chars,_atlas_text_bridge_key
  -sEXPORTED_RUNTIME_METHODS=ccall
  "--embed-file=${ATLAS_UI_FONT}@/fonts/ui.ttf")

# Static files beside the .js/.wasm.
file(GLOB ATLAS_WEB_STATIC CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/web/*")
add_custom_command(TARGET gpu_atlas_web POST_BUILD
  COMMAND ${CMAKE_COMMAND} -E copy_if_different ${ATLAS_WEB_STATIC} "${ATLAS_DIST_DIR}/"
  COMMENT "Copying web/ into dist/")

# Engine speed in WebAssembly, run under node (bench/portable/engine_speed.cpp).
add_executable(engine_speed_web "${CMAKE_SOURCE_DIR}/bench/portable/engine_speed.cpp")
target_link_libraries(engine_speed_web PRIVATE atlas_engine)
set_target_properties(engine_speed_web PROPERTIES OUTPUT_NAME "engine_speed" SUFFIX ".js"
  RUNTIME_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/bench")
target_link_options(engine_speed_web PRIVATE -sENVIRONMENT=node -sALLOW_MEMORY_GROWTH=1 -sSINGLE_FILE=1)
