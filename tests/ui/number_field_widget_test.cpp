// The number field widget (ui/widgets.hpp, NumberField) driven by keys in a headless ImGui frame
// loop: what it commits when typing and Enter arrive in various frames.
#include "app/number_field.hpp"
#include "headless_imgui.hpp"
#include "ui/text/ui_text.hpp"
#include "ui/widgets.hpp"

#include <doctest/doctest.h>
#include <imgui.h>

#include <string>

namespace number_field_widget_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;

namespace {

// A sequence-length field (k = 1,024) in a headless ImGui.
struct FieldRun {
  test::HeadlessImGui imgui;
  double value = 2048;
  int commits = 0;
  NumberFieldSpec spec;

  FieldRun() {
    spec.min = 1;
    spec.max = 1 << 20;
    spec.step = StepKind::kPowerOfTwo;
    spec.suffixes = SuffixBase::kBinary;
  }

  // One frame: `chars` typed, `key` (Enter unless named) down if `key_down`; the pointer at `mouse`.
  void Frame(const char* chars = "", bool key_down = false, ImVec2 mouse = ImVec2(-1, -1), bool click = false,
             int key = test::kKeyEnter) {
    ImGuiIO& io = ImGui::GetIO();
    io.AddInputCharactersUTF8(chars);
    io.KeysDown[test::kKeyEnter] = false;
    io.KeysDown[test::kKeyEscape] = false;
    io.KeysDown[key] = key_down;
    io.MousePos = mouse;
    io.MouseDown[0] = click;
    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(800, 600));
    ImGui::Begin("field test");
    if (ui::NumberField("sequence length###seq", value, spec, ui::TextFor(Language::kEnglish), 300)) ++commits;
    ImGui::End();
    ImGui::Render();
  }

  // Clicks into the field's text box (its left end) and releases: the field is active, its text
  // selected (AutoSelectAll).
  void Focus() {
    Frame();
    Frame("", false, ImVec2(30, 35));
    Frame("", false, ImVec2(30, 35), true);
    Frame("", false, ImVec2(30, 35));
  }
};

}  // namespace

TEST_CASE("a number field: Enter commits what was typed, never a keystroke before") {
  FieldRun run;
  run.Focus();
  run.Frame("8");
  run.Frame("1");
  run.Frame("9");
  run.Frame("2");
  CHECK(run.commits == 0);
  CHECK(run.value == 2048);
  run.Frame("", true);
  run.Frame("", false);
  CHECK(run.value == 8192);
  CHECK(run.commits == 1);
}

TEST_CASE("a number field: the last key and Enter in one frame commit the whole entry") {
  // A slow frame on a phone: "k" and Enter reached the app together and "4" was committed
  // (walk_job.test.mjs, 2026-12-06: the link said walk.seq_len=4 for "4k").
  FieldRun run;
  run.Focus();
  run.Frame("4");
  run.Frame("k", true);
  run.Frame("", false);
  CHECK(run.value == 4096);
  CHECK(run.commits == 1);
  // All of it in one frame.
  run.Focus();
  run.Frame("16k", true);
  run.Frame("", false);
  CHECK(run.value == 16384);
  // A bad entry the same way keeps the last good value.
  run.Focus();
  run.Frame("4x", true);
  run.Frame("", false);
  CHECK(run.value == 16384);
}

TEST_CASE("a number field: Escape leaves the value as it was before the edit") {
  FieldRun run;
  run.Focus();
  run.Frame("4");
  run.Frame("k");
  run.Frame("", true, ImVec2(-1, -1), false, test::kKeyEscape);
  run.Frame();
  CHECK(run.value == 2048);
  // The same with the last key in Escape's frame.
  run.Focus();
  run.Frame("4");
  run.Frame("k", true, ImVec2(-1, -1), false, test::kKeyEscape);
  run.Frame();
  CHECK(run.value == 2048);
  CHECK(run.commits == 0);
}

}  // namespace number_field_widget_test
