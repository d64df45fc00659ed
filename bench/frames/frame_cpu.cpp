// The app's own work per frame, natively and without a browser: every view at desktop and phone
// sizes, drawn headless (ImGui without a GPU) with the pointer swept across the window as
// bench/web_bench.mjs sweeps it, each frame timed in *thread CPU time* (CLOCK_THREAD_CPUTIME_ID),
// which leaves out the time the thread waited for a core, beside wall-clock time. A frame whose
// CPU time is far above the median did extra work; a frame slow only on the wall clock was
// preempted. Also counts how often the derived results were recomputed (they must follow the
// state, not the frames). Both languages: the Chinese pass lays out the Chinese words (ImGui's
// built-in font has no CJK glyphs, so each is looked up and drawn as the fallback glyph, as
// many glyphs as the browser draws, not the same shapes). Run: build/native/frame_cpu [frames
// per view, default 240] [only: words of the cases to run, e.g. "cost,desktop,en"; default all].
// Instruction counts (repeatable on a busy machine): the difference between two callgrind runs
// of one case with different frame counts, divided by the frame difference, is the work of one
// frame without start-up, e.g.
//   valgrind --tool=callgrind build/native/frame_cpu 20 cost,desktop,en   (and 120)
#include "app/accuracy_model.hpp"
#include "app/app_state.hpp"
#include "app/calculator_model.hpp"
#include "app/carried_job.hpp"
#include "app/cost_model.hpp"
#include "app/walkthrough_model.hpp"
#include "engine/catalogs.hpp"
#include "ui/root.hpp"
#include "ui/theme.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <ctime>
#include <initializer_list>
#include <string>
#include <vector>

namespace {

double NowMs(clockid_t clock) {
  timespec t{};
  clock_gettime(clock, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

double Percentile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<size_t>(v.size() * p))];
}

struct Screen {
  const char* name;
  float css_w, css_h, dpr;
};

struct Derived {
  atlas::CalculatorDerived calculator;
  atlas::WalkthroughDerived walkthrough;
  atlas::CostDerived cost;
  atlas::AccuracyDerived accuracy;
  int Computations() const { return calculator.computations + walkthrough.computations + cost.computations; }
};

// One frame as src/platform/web/main.cpp draws it: UpdateDerived, then the ImGui frame.
void DrawFrame(atlas::AppState& state, const atlas::Catalogs& c, Derived& d, atlas::ui::AppData& data,
               const atlas::ui::UiEnv& env, atlas::ui::UiMemory& memory) {
  atlas::NormalizeCalculator(state.calculator, c);
  atlas::UpdateCalculatorDerived(state, c, d.calculator, state.language);
  atlas::NormalizeWalkthrough(state.walkthrough);
  atlas::UpdateWalkthroughDerived(state, c, d.walkthrough, state.language);
  atlas::FollowCarriedJob(state, &d.calculator, &d.walkthrough, memory.carried_job);
  atlas::UpdateAccuracyDerived(c, 1, d.accuracy);
  atlas::UpdateCostDerived(state, c, d.cost, state.language);
  ImGui::NewFrame();
  atlas::ui::DrawApp(state, data, env, memory);
  ImGui::Render();
}

}  // namespace

int main(int argc, char** argv) {
  const int frames = argc > 1 ? std::max(20, std::atoi(argv[1])) : 240;
  // A case runs when each of the filter's kinds it names (view, screen, language) matches it:
  // "cost" runs the cost view on both screens in both languages, "cost,phone,zh" one case.
  const std::string only = argc > 2 ? argv[2] : "";
  auto wanted = [&](std::initializer_list<const char*> kind, const char* value) {
    bool named = false;
    for (const char* k : kind) named |= (',' + only + ',').find(std::string(",") + k + ",") != std::string::npos;
    return !named || (',' + only + ',').find(std::string(",") + value + ",") != std::string::npos;
  };
  const atlas::CatalogsLoad load = atlas::LoadEmbeddedCatalogs();
  if (!load.errors.empty()) {
    std::fprintf(stderr, "%s\n", load.errors.front().c_str());
    return 1;
  }
  const atlas::Catalogs& c = load.catalogs;
  const Screen screens[] = {{"desktop", 1440, 900, 1}, {"phone", 390, 844, 3}};
  const char* view_names[] = {"tiers", "calculator", "walkthrough", "cost", "share"};
  std::printf("frame CPU per view (%d frames after 30 warm-up frames; pointer swept as web_bench does)\n", frames);
  for (const atlas::Language language : {atlas::Language::kEnglish, atlas::Language::kChinese})
  for (const Screen& s : screens) {
    for (int v = 0; v < static_cast<int>(atlas::View::kCount); ++v) {
      const char* lang_name = language == atlas::Language::kChinese ? "zh" : "en";
      if (!wanted({"tiers", "calculator", "walkthrough", "cost", "share"}, view_names[v]) ||
          !wanted({"desktop", "phone"}, s.name) || !wanted({"en", "zh"}, lang_name))
        continue;
      ImGui::CreateContext();
      ImGuiIO& io = ImGui::GetIO();
      io.IniFilename = nullptr;
      io.DisplaySize = ImVec2(s.css_w * s.dpr, s.css_h * s.dpr);
      io.DeltaTime = 1.0f / 60;
      ImFontConfig font;
      font.SizePixels = 15 * s.dpr;
      io.Fonts->AddFontDefault(&font);
      unsigned char* pixels = nullptr;
      int tw = 0, th = 0;
      io.Fonts->GetTexDataAsRGBA32(&pixels, &tw, &th);
      atlas::ui::ApplyTheme(s.dpr);
      atlas::ui::UiEnv env;
      env.css_width = s.css_w;
      env.css_height = s.css_h;
      env.dpr = s.dpr;
      atlas::AppState state;
      state.view = static_cast<atlas::View>(v);
      state.language = language;
      Derived d;
      atlas::ui::AppData data;
      data.catalogs = &c;
      data.calculator = &d.calculator;
      data.walkthrough = &d.walkthrough;
      data.cost = &d.cost;
      data.accuracy = &d.accuracy;
      atlas::ui::UiMemory memory;
      for (int f = 0; f < 30; ++f) DrawFrame(state, c, d, data, env, memory);
      const int computations_before = d.Computations();
      std::vector<double> cpu, wall;
      for (int f = 0; f < frames; ++f) {
        // web_bench: 20 pointer positions across the middle row, each held for 2 frames.
        const int step = f / 2;
        io.MousePos = ImVec2(io.DisplaySize.x * (step % 20) / 20 + 5 * s.dpr, io.DisplaySize.y * 0.5f);
        const double c0 = NowMs(CLOCK_THREAD_CPUTIME_ID), w0 = NowMs(CLOCK_MONOTONIC);
        DrawFrame(state, c, d, data, env, memory);
        cpu.push_back(NowMs(CLOCK_THREAD_CPUTIME_ID) - c0);
        wall.push_back(NowMs(CLOCK_MONOTONIC) - w0);
      }
      std::printf("%s %-11s @ %-7s CPU median %.2f ms, p95 %.2f, max %.2f; wall median %.2f, p95 %.2f, max %.2f; "
                  "derived results recomputed %d times in %d frames\n",
                  lang_name, view_names[v], s.name, Percentile(cpu, 0.5), Percentile(cpu, 0.95), Percentile(cpu, 1.0),
                  Percentile(wall, 0.5), Percentile(wall, 0.95), Percentile(wall, 1.0), d.Computations() - computations_before,
                  frames);
      ImGui::DestroyContext();
    }
  }
  return 0;
}
