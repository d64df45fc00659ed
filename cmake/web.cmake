# WebAssembly app: ImGui (GLFW + OpenGL3 backends on WebGL2) + engine, deployed as a static
# site in ${CMAKE_BINARY_DIR}/dist with relative URLs only.
set(ATLAS_DIST_DIR "${CMAKE_BINARY_DIR}/dist")

include(cmake/fonts.cmake)

file(GLOB ATLAS_WEB_SOURCES CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/src/platform/web/*.cpp")
add_executable(gpu_atlas_web ${ATLAS_WEB_SOURCES} "${ATLAS_EMBEDDED_FONTS_CPP}"
  "${IMGUI_DIR}/backends/imgui_impl_glfw.cpp" "${IMGUI_DIR}/backends/imgui_impl_opengl3.cpp")
target_include_directories(gpu_atlas_web PRIVATE "${IMGUI_DIR}/backends")
target_link_libraries(gpu_atlas_web PRIVATE atlas_ui)
set_target_properties(gpu_atlas_web PROPERTIES
  OUTPUT_NAME "gpu-atlas" SUFFIX ".js" RUNTIME_OUTPUT_DIRECTORY "${ATLAS_DIST_DIR}")
# Size: -Os with LTO and the small emmalloc allocator (Closure needs a compiler Debian lacks here).
target_link_options(gpu_atlas_web PRIVATE -Os -flto -sMALLOC=emmalloc
  -sUSE_GLFW=3 -sUSE_WEBGL2=1 -sFULL_ES3=1 -sMIN_WEBGL_VERSION=2 -sMAX_WEBGL_VERSION=2
  -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=33554432
  -sDYNAMIC_EXECUTION=0 -sENVIRONMENT=web -sFILESYSTEM=0
  -sEXPORTED_FUNCTIONS=_main,_malloc,_free,_atlas_text_bridge_chars,_atlas_text_bridge_key,_atlas_font_arrived
  -sEXPORTED_RUNTIME_METHODS=ccall)

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
