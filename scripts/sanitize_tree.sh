# Sourced by scripts/sanitize.sh and scripts/fuzz.sh: configures build/sanitize, one clang tree
# for the ASan + UBSan suites and the libFuzzer targets (before: a g++ ASan tree and a clang fuzz
# tree, each compiling the engine, app and suites again).
# - The engine and app libraries get -O1 and libFuzzer's coverage instrumentation
#   (-fsanitize=fuzzer-no-link, fuzz/CMakeLists.txt); the suites link them too (the ASan runtime
#   holds the coverage callbacks) and so test the very objects that are fuzzed.
# - Everything the fuzzers never run (Dear ImGui, the UI, the suites' own files) is compiled at
#   -O0 (ATLAS_SANITIZE_O0_REST, CMakeLists.txt): about three times faster to compile with the
#   sanitizers than -O1, and the suites are short. Not the CLI's files: the CLI tests start it
#   ~150 times, and at -O0 its objects gave the engine unoptimised template code (CMakeLists.txt).
# - -g1: line tables, enough for file:line in every report.
# FUZZ_CXX picks the compiler (default clang++-14; libFuzzer needs clang).
sanitize_dir=build/sanitize
configure_sanitize_tree() {
  local cxx=${FUZZ_CXX:-clang++-14}
  if ! command -v "$cxx" >/dev/null; then
    echo "$cxx not found (scripts/setup.sh installs clang-14 and libclang-rt-14-dev)" >&2
    exit 1
  fi
  CXX=$cxx cmake -S . -B "$sanitize_dir" -DATLAS_FUZZ=ON -DATLAS_SANITIZE=ON -DATLAS_SANITIZE_O0_REST=ON \
        -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" >/dev/null
}
