# WebAssembly app: ImGui (GLFW + OpenGL3 backends on WebGL2) + engine, deployed as a static
# site in ${CMAKE_BINARY_DIR}/dist with relative URLs only. The build writes its files under their
# plain names into stage/; scripts/write_manifest.py (scripts/build.sh) makes dist/ from them,
# every file under a name that carries its content hash.
set(ATLAS_DIST_DIR "${CMAKE_BINARY_DIR}/stage")

include(cmake/fonts.cmake)

# The first frame (the tier map) needs only gpus.json and assumptions.json; the app fetches the
# other data files after it. This copy of EmbeddedDataFiles() holding just those two is linked
# first, so the linker never pulls the full one (embedded_data.cpp) out of libatlas_engine.a.
# Its gpus.json is the first-frame copy (scripts/first_frame_gpus.py): every card's figures
# without notes and sources, which come with the full data/gpus.json after the first frame.
# -DATLAS_FIRST_FRAME_SLIM_GPUS=OFF embeds the full file instead (to measure what it saves).
option(ATLAS_FIRST_FRAME_SLIM_GPUS "Embed the first-frame copy of gpus.json (no notes/sources)" ON)
set(ATLAS_EMBEDDED_CORE_CPP "${CMAKE_BINARY_DIR}/generated/embedded_core.cpp")
set(ATLAS_FIRST_FRAME_DATA "${CMAKE_BINARY_DIR}/generated/first_frame_data")
if(ATLAS_FIRST_FRAME_SLIM_GPUS)
  set(ATLAS_FIRST_FRAME_GPUS_COMMAND /usr/bin/python3 "${CMAKE_SOURCE_DIR}/scripts/first_frame_gpus.py"
      "${CMAKE_SOURCE_DIR}/data/gpus.json" "${ATLAS_FIRST_FRAME_DATA}/gpus.json")
else()
  set(ATLAS_FIRST_FRAME_GPUS_COMMAND ${CMAKE_COMMAND} -E copy "${CMAKE_SOURCE_DIR}/data/gpus.json"
      "${ATLAS_FIRST_FRAME_DATA}/gpus.json")
endif()
add_custom_command(
  OUTPUT "${ATLAS_EMBEDDED_CORE_CPP}"
  COMMAND ${CMAKE_COMMAND} -E make_directory "${CMAKE_BINARY_DIR}/generated" "${ATLAS_FIRST_FRAME_DATA}"
  COMMAND ${ATLAS_FIRST_FRAME_GPUS_COMMAND}
  COMMAND ${CMAKE_COMMAND} -E copy "${CMAKE_SOURCE_DIR}/data/assumptions.json" "${ATLAS_FIRST_FRAME_DATA}/"
  COMMAND ${CMAKE_COMMAND} "-DOUT=${ATLAS_EMBEDDED_CORE_CPP}" "-DDATA_DIR=${ATLAS_FIRST_FRAME_DATA}"
          "-DONLY=gpus.json,assumptions.json" -P "${CMAKE_SOURCE_DIR}/cmake/embed_data.cmake"
  DEPENDS "${CMAKE_SOURCE_DIR}/data/gpus.json" "${CMAKE_SOURCE_DIR}/data/assumptions.json"
          "${CMAKE_SOURCE_DIR}/cmake/embed_data.cmake" "${CMAKE_SOURCE_DIR}/scripts/first_frame_gpus.py"
  COMMENT "Embedding the first frame's data files")

# The search's hot path with inlining (issue 16.5). The web build's -Os makes em++ add
# -fno-inline-functions, which keeps even std::string::size() and std::optional's constructor as
# calls: the recommend search ran ~2x slower in WebAssembly than with inlining. -Os with
# -finline-functions was as fast as -O2 here, for less code. These files' code is reached only
# after the first frame (the deferred wasm, build/web/first_frame_functions.txt), so the first
# frame grows only by ~40 B of a shared template (bench/RESULTS.md); format.cpp and software_support.cpp keep the default, as part
# of them is drawn in the first frame.
set(ATLAS_ENGINE_SPEED_SOURCES recommend recommend_risk estimate memory_model activation_model compute_model
    calibration price_market pricing_catalog workload model_spec)
list(TRANSFORM ATLAS_ENGINE_SPEED_SOURCES PREPEND "${CMAKE_SOURCE_DIR}/src/engine/")
list(TRANSFORM ATLAS_ENGINE_SPEED_SOURCES APPEND ".cpp")
set_source_files_properties(${ATLAS_ENGINE_SPEED_SOURCES} PROPERTIES COMPILE_OPTIONS "-finline-functions")

# Text packs (src/ui/text/text_pack.hpp): the web build compiles in only the English of the first
# frame; dist/text/en.json (the rest of the English) and zh.json (the Chinese) are written from
# the full tables by a small tool built with Emscripten for node.
target_compile_definitions(atlas_engine PRIVATE ATLAS_TEXT_PACKS)
target_compile_definitions(atlas_ui PRIVATE ATLAS_TEXT_PACKS)
add_executable(text_pack_tool "${CMAKE_SOURCE_DIR}/src/build_tools/text_pack.cpp"
  "${CMAKE_SOURCE_DIR}/src/ui/text/text_pack.cpp" "${CMAKE_SOURCE_DIR}/src/ui/text/ui_text.cpp"
  "${CMAKE_SOURCE_DIR}/src/engine/text/engine_text.cpp" "${CMAKE_SOURCE_DIR}/src/engine/json_reader.cpp")
target_include_directories(text_pack_tool PRIVATE "${CMAKE_SOURCE_DIR}/src")
target_link_libraries(text_pack_tool PRIVATE atlas_json)
set_target_properties(text_pack_tool PROPERTIES OUTPUT_NAME "text_pack" SUFFIX ".js"
  RUNTIME_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/tools")
# Linked at -O0, as is prerender_tool below: build-time tools that run once; LTO code generation
# and binaryen's passes cost the two ~13 CPU s of every cold build, and their outputs (the text
# packs, the static map) come out byte for byte the same.
target_link_options(text_pack_tool PRIVATE -O0 -sENVIRONMENT=node -sNODERAWFS=1 -sALLOW_MEMORY_GROWTH=1 -sSINGLE_FILE=1)
find_program(ATLAS_NODE NAMES node nodejs REQUIRED)
set(ATLAS_TEXT_PACKS_OUT "${ATLAS_DIST_DIR}/text/en.json" "${ATLAS_DIST_DIR}/text/zh.json")
add_custom_command(OUTPUT ${ATLAS_TEXT_PACKS_OUT}
  COMMAND ${CMAKE_COMMAND} -E make_directory "${ATLAS_DIST_DIR}/text"
  COMMAND "${ATLAS_NODE}" "$<TARGET_FILE:text_pack_tool>" en "${ATLAS_DIST_DIR}/text/en.json"
  COMMAND "${ATLAS_NODE}" "$<TARGET_FILE:text_pack_tool>" zh "${ATLAS_DIST_DIR}/text/zh.json"
  DEPENDS text_pack_tool COMMENT "Writing the text packs" VERBATIM)
add_custom_target(text_packs ALL DEPENDS ${ATLAS_TEXT_PACKS_OUT})

# The tier map as static HTML (src/ui/tier_map_static.hpp), drawn at build time from the first
# frame's data by the engine itself (a tool built for node like text_pack); write_manifest.py puts
# it into dist/index.html, which shows it until the canvas has drawn its first frame.
add_executable(prerender_tool "${CMAKE_SOURCE_DIR}/src/build_tools/prerender.cpp"
  "${CMAKE_SOURCE_DIR}/src/ui/tier_map_static.cpp" "${CMAKE_SOURCE_DIR}/src/ui/charts/scale.cpp"
  "${CMAKE_SOURCE_DIR}/src/ui/charts/label_placement.cpp"
  "${CMAKE_SOURCE_DIR}/src/ui/text/ui_text.cpp")
target_link_libraries(prerender_tool PRIVATE atlas_app)
set_target_properties(prerender_tool PROPERTIES OUTPUT_NAME "prerender" SUFFIX ".js"
  RUNTIME_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/tools")
target_link_options(prerender_tool PRIVATE -O0 -sENVIRONMENT=node -sNODERAWFS=1 -sALLOW_MEMORY_GROWTH=1 -sSINGLE_FILE=1)
set(ATLAS_PRERENDER_OUT "${CMAKE_BINARY_DIR}/generated/prerender.html")
# Its CJK text (the "中文" button) becomes outlines from the canvas's CJK font, so the first paint
# needs no system CJK font (scripts/prerender_glyphs.py).
add_custom_command(OUTPUT "${ATLAS_PRERENDER_OUT}"
  COMMAND "${ATLAS_NODE}" "$<TARGET_FILE:prerender_tool>" "${ATLAS_FIRST_FRAME_DATA}" "${ATLAS_PRERENDER_OUT}"
  COMMAND "${ATLAS_DEBIAN_PYTHON}" "${CMAKE_SOURCE_DIR}/scripts/prerender_glyphs.py" "${ATLAS_PRERENDER_OUT}"
          "${ATLAS_FONT_DIR}/ui_cjk.ttf"
  DEPENDS prerender_tool "${ATLAS_EMBEDDED_CORE_CPP}" "${ATLAS_FONT_DIR}/ui_cjk.ttf"
          "${CMAKE_SOURCE_DIR}/scripts/prerender_glyphs.py"
  COMMENT "Drawing the tier map as static HTML" VERBATIM)
add_custom_target(prerender ALL DEPENDS "${ATLAS_PRERENDER_OUT}")

# No imgui.ini reader in the first frame's wasm (src/platform/web/imgui_without_ini.cpp): 556 B
# of gzip less. libc's scanner stays: the OpenGL3 backend reads the GLSL version with sscanf.
set_source_files_properties("${IMGUI_DIR}/imgui.cpp" "${IMGUI_DIR}/imgui_tables.cpp"
  PROPERTIES COMPILE_DEFINITIONS "sscanf=atlas_imgui_ini_sscanf")
file(GLOB ATLAS_WEB_SOURCES CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/src/platform/web/*.cpp")
add_executable(gpu_atlas_web ${ATLAS_WEB_SOURCES} "${ATLAS_EMBEDDED_FONTS_CPP}" "${ATLAS_EMBEDDED_CORE_CPP}"
  "${IMGUI_DIR}/backends/imgui_impl_glfw.cpp" "${IMGUI_DIR}/backends/imgui_impl_opengl3.cpp")
target_include_directories(gpu_atlas_web PRIVATE "${IMGUI_DIR}/backends")
target_link_libraries(gpu_atlas_web PRIVATE atlas_ui)
set_target_properties(gpu_atlas_web PROPERTIES
  OUTPUT_NAME "gpu-atlas" SUFFIX ".js" RUNTIME_OUTPUT_DIRECTORY "${ATLAS_DIST_DIR}")
# Size: -Oz with LTO and the small emmalloc allocator; Closure below. Memory starts at 16 MiB (the
# budget, bench/web_bench.mjs, tests/browser/heap.test.mjs) and grows only if a view needs more.
# The stack is 1 MiB of it, not Emscripten's default 5 MiB: nothing recurses deeply (JSON of a
# few levels, ImGui's windows) and no function keeps large arrays on the stack.
target_link_options(gpu_atlas_web PRIVATE -Oz -flto -sMALLOC=emmalloc
  -sUSE_GLFW=3 -sUSE_WEBGL2=1 -sFULL_ES3=1 -sMIN_WEBGL_VERSION=2 -sMAX_WEBGL_VERSION=2
  -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=16777216 -sTOTAL_STACK=1048576
  -sDYNAMIC_EXECUTION=0 -sENVIRONMENT=web -sFILESYSTEM=0
  -sEXPORTED_FUNCTIONS=_main,_malloc,_free,_atlas_text_bridge_chars,_atlas_text_bridge_key,_atlas_font_arrived,_atlas_deferred_arrived,_atlas_full_font_arrived
  -sEXPORTED_RUNTIME_METHODS=[])
# More size, same behaviour: no WebGL extension is auto-enabled (the ImGui backend uses none),
# glGetError reports WebGL's own errors only, one more binaryen -Oz round. (Not here:
# -sINCOMING_MODULE_JS_API limited to what web/boot.js sets, which broke taps on phones.)
target_link_options(gpu_atlas_web PRIVATE
  -sGL_SUPPORT_AUTOMATIC_ENABLE_EXTENSIONS=0 -sGL_TRACK_ERRORS=0 -sBINARYEN_EXTRA_PASSES=-Oz,--one-caller-inline-max-function-size=40)
# Two code files: what the first frame needs, and gpu-atlas.deferred.wasm with everything reached
# only through the ATLAS_DEFERRED entry points (src/app/deferred_code.hpp), fetched after the
# first frame. SPLIT_MODULE makes the JS glue fill the primary module's "placeholder" imports;
# the link keeps function names (--profiling-funcs) for scripts/split_wasm.py, whose outputs
# carry none (build/web/first_frame_functions.txt lists what stayed in the first frame, largest
# first). Binaryen inlines any function with one caller by default, entry points included:
# --one-caller-inline-max-function-size=40 (binaryen nodes) keeps them out of line; the views
# are mostly calls, so they are small by that measure.
# (-ocimfs is set with the other binaryen passes above.)
target_link_options(gpu_atlas_web PRIVATE -sSPLIT_MODULE=1 --profiling-funcs)
# ImGui's built-in font stays out of the download (see main.cpp).
target_link_options(gpu_atlas_web PRIVATE "-Wl,--wrap=_ZN11ImFontAtlas14AddFontDefaultEPK12ImFontConfig")
# The font texture is ours, at 2 bytes per pixel (font_texture.hpp): the OpenGL3 backend's own
# (an RGBA32 copy of the atlas in the wasm heap) is never made.
target_link_options(gpu_atlas_web PRIVATE "-Wl,--wrap=_Z36ImGui_ImplOpenGL3_CreateFontsTexturev")
add_custom_command(TARGET gpu_atlas_web POST_BUILD
  COMMAND ${CMAKE_COMMAND} -E env "ATLAS_SPLIT_REPORT=${CMAKE_BINARY_DIR}/first_frame_functions.txt"
          /usr/bin/python3 "${CMAKE_SOURCE_DIR}/scripts/split_wasm.py" "${ATLAS_DIST_DIR}/gpu-atlas.wasm.orig"
          "${CMAKE_SOURCE_DIR}/src/platform/web/deferred_roots.txt"
          "${ATLAS_DIST_DIR}/gpu-atlas.wasm" "${ATLAS_DIST_DIR}/gpu-atlas.deferred.wasm"
  COMMAND ${CMAKE_COMMAND} -E remove "${ATLAS_DIST_DIR}/gpu-atlas.wasm.orig"
  COMMENT "Splitting the wasm at the deferred entry points")

# No gamepad polling (scripts/strip_gamepads.py): GLFW's glue listens for gamepads and samples
# them on each key press, which starts a polling thread in Chromium for the page's lifetime.
add_custom_command(TARGET gpu_atlas_web POST_BUILD
  COMMAND /usr/bin/python3 "${CMAKE_SOURCE_DIR}/scripts/strip_gamepads.py" "${ATLAS_DIST_DIR}/gpu-atlas.js"
  COMMENT "Taking the gamepad code out of the GLFW glue")

# Closure Compiler on the JS glue (ADVANCED). Emscripten 3.1.6 wants google-closure-compiler
# 20220104, which scripts/setup.sh installs from npm into tools/closure (Debian's is too old);
# the link step is pointed at it through EM_CLOSURE_COMPILER.
set(ATLAS_CLOSURE_COMPILER "${CMAKE_SOURCE_DIR}/tools/closure/node_modules/.bin/google-closure-compiler")
# Only with the native binary (x86/x64 Linux): the Java fallback needs a JVM we do not install.
if(EXISTS "${ATLAS_CLOSURE_COMPILER}" AND EXISTS "${CMAKE_SOURCE_DIR}/tools/closure/node_modules/google-closure-compiler-linux")
  target_link_options(gpu_atlas_web PRIVATE --closure 1)
  set_target_properties(gpu_atlas_web PROPERTIES
    CXX_LINKER_LAUNCHER "${CMAKE_COMMAND};-E;env;EM_CLOSURE_COMPILER=${ATLAS_CLOSURE_COMPILER}")
else()
  message(WARNING "Closure Compiler missing (run scripts/setup.sh): the JS glue is not minified")
endif()

# Static files beside the .js/.wasm.
file(GLOB ATLAS_WEB_STATIC CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/web/*")
add_custom_command(TARGET gpu_atlas_web POST_BUILD
  COMMAND ${CMAKE_COMMAND} -E copy_if_different ${ATLAS_WEB_STATIC} "${ATLAS_DIST_DIR}/"
  COMMENT "Copying web/ into stage/")

# Engine speed in WebAssembly, run under node (bench/portable/engine_speed.cpp).
# Its own copy of engine_text.cpp, compiled without ATLAS_TEXT_PACKS, holds every English word (the
# library's copy has only the first frame's until the text pack arrives, and a search without its
# words measures less than the app does); being in the executable, it is linked instead of the
# library's (the same order trick as embedded_core.cpp above).
add_executable(engine_speed_web "${CMAKE_SOURCE_DIR}/bench/portable/engine_speed.cpp"
  "${CMAKE_SOURCE_DIR}/src/engine/text/engine_text.cpp")
target_include_directories(engine_speed_web PRIVATE "${CMAKE_SOURCE_DIR}/src")
target_link_libraries(engine_speed_web PRIVATE atlas_engine)
set_target_properties(engine_speed_web PROPERTIES OUTPUT_NAME "engine_speed" SUFFIX ".js"
  RUNTIME_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/bench")
# Linked as the app is (-Oz, emmalloc), so the figures are the app's.
target_link_options(engine_speed_web PRIVATE -Oz -sMALLOC=emmalloc -sENVIRONMENT=node -sALLOW_MEMORY_GROWTH=1 -sSINGLE_FILE=1)
