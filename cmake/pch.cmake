# Precompiled headers for the native trees and the WebAssembly build (issue 16.8: CI compiles
# every file cold, once in the sanitizer tree and once with Emscripten). nlohmann/json (behind
# engine/json_reader.hpp, in most engine files and every suite through tests/test_support.hpp)
# and doctest are the heaviest headers here: with a PCH each target parses them once instead of
# once per file.
# Default off when a compiler launcher is set: ccache caches no file compiled with a PCH unless
# it is configured for that, so the worktrees' cached builds (/work/wt/build.sh) would miss on
# every such file. Those builds also keep checking that each file includes what it uses.
if(CMAKE_CXX_COMPILER_LAUNCHER)
  set(ATLAS_PCH_DEFAULT OFF)
else()
  set(ATLAS_PCH_DEFAULT ON)
endif()
option(ATLAS_PCH "Precompiled headers for the engine, app, views, CLI and suites" ${ATLAS_PCH_DEFAULT})

set(ATLAS_PCH_STD <string> <vector> <algorithm> <cmath> <optional> <map> <set> <functional> <sstream>)
function(atlas_precompile target)
  if(ATLAS_PCH AND TARGET ${target})
    target_precompile_headers(${target} PRIVATE ${ATLAS_PCH_STD} ${ARGN})
  endif()
endfunction()
