# Native targets: the CLI, the doctest suites and the benchmarks.
file(GLOB ATLAS_CLI_SOURCES CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/src/cli/*.cpp")
add_executable(gpu-atlas ${ATLAS_CLI_SOURCES})
target_link_libraries(gpu-atlas PRIVATE atlas_app)
atlas_precompile(gpu-atlas <nlohmann/json.hpp>)
set_target_properties(gpu-atlas PROPERTIES RUNTIME_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}")

enable_testing()
find_path(DOCTEST_INCLUDE_DIR doctest/doctest.h REQUIRED)

file(GLOB ATLAS_ENGINE_TESTS CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/tests/engine/*.cpp"
     "${CMAKE_SOURCE_DIR}/tests/app/*.cpp")
# doctest's runner (its implementation: one of the slowest files to compile), compiled once for
# both suites. test_main.cpp defines DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN before doctest.h, so it
# takes no precompiled doctest.h.
add_library(atlas_test_main OBJECT "${CMAKE_SOURCE_DIR}/tests/test_main.cpp")
target_include_directories(atlas_test_main PRIVATE "${DOCTEST_INCLUDE_DIR}")
target_compile_definitions(atlas_test_main PRIVATE DOCTEST_CONFIG_NO_POSIX_SIGNALS)
add_executable(engine_tests $<TARGET_OBJECTS:atlas_test_main> ${ATLAS_ENGINE_TESTS})
target_include_directories(engine_tests PRIVATE "${DOCTEST_INCLUDE_DIR}" "${CMAKE_SOURCE_DIR}/tests")
target_link_libraries(engine_tests PRIVATE atlas_app)
# doctest 2.4.9's POSIX signal handler crashes inside sigaction on this glibc when it is
# installed (seen as a SIGSEGV in Context::run); crashes still fail the run without it.
target_compile_definitions(engine_tests PRIVATE ATLAS_SOURCE_DIR="${CMAKE_SOURCE_DIR}" DOCTEST_CONFIG_NO_POSIX_SIGNALS)
add_test(NAME engine_tests COMMAND engine_tests)
atlas_precompile(engine_tests <doctest/doctest.h> <nlohmann/json.hpp>)
# The suites compile in unity batches (each file's code in a namespace of its own, named after
# it, so helpers of the same name do not meet): every file re-emitted the same inline code
# (std::string, doctest's expressions, nlohmann/json) under the sanitizers. engine_tests and
# ui_tests: 182 -> 91 CPU s (bench/RESULTS.md, 2026-12-06 09:30 entry), same 311 + 68 test cases.
set_target_properties(engine_tests PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 12)

if(TARGET atlas_ui)
  file(GLOB ATLAS_UI_TESTS CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/tests/ui/*.cpp")
  add_executable(ui_tests $<TARGET_OBJECTS:atlas_test_main> ${ATLAS_UI_TESTS})
  target_include_directories(ui_tests PRIVATE "${DOCTEST_INCLUDE_DIR}" "${CMAKE_SOURCE_DIR}/tests")
  target_link_libraries(ui_tests PRIVATE atlas_ui)
  target_compile_definitions(ui_tests PRIVATE ATLAS_SOURCE_DIR="${CMAKE_SOURCE_DIR}" DOCTEST_CONFIG_NO_POSIX_SIGNALS)
  add_test(NAME ui_tests COMMAND ui_tests)
  atlas_precompile(ui_tests <doctest/doctest.h> <nlohmann/json.hpp>)
  set_target_properties(ui_tests PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 8)
endif()

# CLI contract tests: run the built binary on requests and bad inputs.
add_test(NAME cli_tests COMMAND "${CMAKE_SOURCE_DIR}/tests/cli/run_cli_tests.sh" "$<TARGET_FILE:gpu-atlas>")
# The longest test (~150 CLI runs; 25-46 s under ASan + UBSan) starts first in `ctest -j2`: a
# fresh tree has no timings of its own, and in declaration order it started after engine_tests
# and ran alone at the end (ctest in CI: 60.0 s wall, 49.5 s with it first).
set_tests_properties(cli_tests PROPERTIES COST 1000)

find_package(benchmark QUIET)
if(benchmark_FOUND)
  file(GLOB ATLAS_BENCH_SOURCES CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/bench/*.cpp")
  if(ATLAS_BENCH_SOURCES)
    add_executable(engine_bench ${ATLAS_BENCH_SOURCES})
    target_link_libraries(engine_bench PRIVATE atlas_app benchmark::benchmark)
  endif()
endif()

# libFuzzer targets (fuzz/), off by default: scripts/fuzz.sh builds them with clang in build/sanitize.
option(ATLAS_FUZZ "Build the libFuzzer targets in fuzz/ (needs clang)" OFF)
if(ATLAS_FUZZ)
  add_subdirectory(fuzz)
endif()

# The same speed figures without Google Benchmark (also built for WebAssembly, cmake/web.cmake).
add_executable(engine_speed "${CMAKE_SOURCE_DIR}/bench/portable/engine_speed.cpp")
target_link_libraries(engine_speed PRIVATE atlas_engine)

# Every character the UI and the data use is in one of the two fonts the web build subsets
# (scripts/make_fonts.py), and the check does fail on a character neither font has.
find_program(ATLAS_DEBIAN_PYTHON python3 PATHS /usr/bin NO_DEFAULT_PATH)
if(ATLAS_DEBIAN_PYTHON)
  add_test(NAME font_coverage COMMAND "${ATLAS_DEBIAN_PYTHON}" "${CMAKE_SOURCE_DIR}/scripts/make_fonts.py"
           --root "${CMAKE_SOURCE_DIR}" --check)
  add_test(NAME font_coverage_rejects_missing_glyph COMMAND "${ATLAS_DEBIAN_PYTHON}"
           "${CMAKE_SOURCE_DIR}/scripts/make_fonts.py" --root "${CMAKE_SOURCE_DIR}" --check
           --extra-text "${CMAKE_SOURCE_DIR}/tests/ui/glyph_not_in_fonts.txt")
  # web/_headers and the nginx snippet carry index.html's CSP (+ frame-ancestors) and the cache rules.
  add_test(NAME hosting_headers COMMAND "${ATLAS_DEBIAN_PYTHON}" "${CMAKE_SOURCE_DIR}/tests/web/check_hosting_headers.py"
           "${CMAKE_SOURCE_DIR}")
  set_tests_properties(font_coverage_rejects_missing_glyph PROPERTIES
                       PASS_REGULAR_EXPRESSION "U\\+E000 .* is in neither font")
endif()

# The tier map as static HTML (src/build_tools/prerender.cpp), natively: to look at it without a
# web build (`build/native/prerender data OUT.html`); the web build runs its own copy.
if(TARGET atlas_ui)
  add_executable(prerender "${CMAKE_SOURCE_DIR}/src/build_tools/prerender.cpp")
  target_link_libraries(prerender PRIVATE atlas_ui)
  set_target_properties(prerender PROPERTIES RUNTIME_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}")
  # The app's work per frame in thread CPU time, every view, no browser (bench/frames/frame_cpu.cpp).
  add_executable(frame_cpu "${CMAKE_SOURCE_DIR}/bench/frames/frame_cpu.cpp")
  target_link_libraries(frame_cpu PRIVATE atlas_ui)
endif()
