// Windowless UI smoke test: draws every view for several frames at desktop and phone sizes,
// with mouse movement and clicks over the canvas, and checks ImGui ends each frame cleanly.
#include "app/share_link.hpp"
#include "app/accuracy_model.hpp"
#include "app/app_state.hpp"
#include "app/calculator_model.hpp"
#include "app/cost_model.hpp"
#include "headless_imgui.hpp"
#include "test_support.hpp"
#include "ui/draw_fingerprint.hpp"
#include "ui/root.hpp"
#include "ui/theme.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>
#include <imgui.h>
#include <imgui_internal.h>

namespace smoke_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;

namespace {

// A headless ImGui at `scale` (the device pixel ratio) with the app's theme.
struct ImGuiHeadless {
  ImGuiHeadless(float width, float height, float scale) : imgui(width, height, 13 * scale) { ui::ApplyTheme(scale); }
  test::HeadlessImGui imgui;
};

// The measured cases, evaluated once for every test here (as the web app does once per load).
const AccuracyDerived& Accuracy() {
  static AccuracyDerived accuracy;
  UpdateAccuracyDerived(test::RealCatalogs(), 1, accuracy);
  return accuracy;
}

// Draws `frames` frames, the pointer sweeping across the window and clicking now and then, or
// resting at `rest` (pixels); each frame's ui::DrawFingerprint goes to `fingerprints`.
// What the page keeps between frames (the views' memory, the derived results), brought up to the
// state before each frame as the web app's frame loop does.
struct AppFrames {
  ui::UiMemory memory;
  ui::AppData data;
  CalculatorDerived calculator;
  WalkthroughDerived walkthrough;
  CostDerived cost;
  AppFrames() {
    data.catalogs = &test::RealCatalogs();
    data.calculator = &calculator;
    data.walkthrough = &walkthrough;
    data.cost = &cost;
    data.accuracy = &Accuracy();
  }
  AppFrames(const AppFrames&) = delete;
  AppFrames& operator=(const AppFrames&) = delete;
  void Update(AppState& state) {
    NormalizeCalculator(state.calculator, *data.catalogs);
    UpdateCalculatorDerived(state, *data.catalogs, calculator, state.language);
    NormalizeWalkthrough(state.walkthrough);
    UpdateWalkthroughDerived(state, *data.catalogs, walkthrough, state.language);
    FollowCarriedJob(state, &calculator, &walkthrough, memory.carried_job);
    UpdateCostDerived(state, *data.catalogs, cost, state.language);
  }
};

int DrawFrames(AppState& state, const ui::UiEnv& env, int frames, const ImVec2* rest = nullptr,
               std::vector<std::uint64_t>* fingerprints = nullptr) {
  AppFrames app;
  int vertices = 0;
  ImGuiIO& io = ImGui::GetIO();
  for (int f = 0; f < frames; ++f) {
    // Sweep the mouse across the window, clicking now and then.
    io.MousePos = rest ? *rest : ImVec2(io.DisplaySize.x * (0.1f + 0.8f * f / frames), io.DisplaySize.y * 0.45f);
    io.MouseDown[0] = !rest && f % 7 == 3;
    app.Update(state);
    ImGui::NewFrame();
    ui::DrawApp(state, app.data, env, app.memory);
    ImGui::Render();
    vertices = ImGui::GetDrawData()->TotalVtxCount;
    if (fingerprints) fingerprints->push_back(ui::DrawFingerprint(*ImGui::GetDrawData()));
  }
  // Results are derived once per change of inputs, never per frame.
  CHECK(app.calculator.computations <= frames / 3 + 2);
  CHECK(app.walkthrough.computations <= frames / 3 + 2);
  CHECK(app.cost.computations <= frames / 3 + 2);
  return vertices;
}

// The area of triangle (a, b, c) inside `clip` (Sutherland-Hodgman against its four edges).
double ClippedTriangleArea(ImVec2 a, ImVec2 b, ImVec2 c, const ImVec4& clip) {
  std::vector<ImVec2> poly = {a, b, c}, next;
  const auto cut = [&](auto inside, auto cross) {
    next.clear();
    for (size_t i = 0; i < poly.size(); ++i) {
      const ImVec2 p = poly[i], q = poly[(i + 1) % poly.size()];
      if (inside(p)) next.push_back(p);
      if (inside(p) != inside(q)) next.push_back(cross(p, q));
    }
    poly.swap(next);
  };
  const auto at_x = [](float x) { return [x](ImVec2 p, ImVec2 q) { return ImVec2(x, p.y + (q.y - p.y) * (x - p.x) / (q.x - p.x)); }; };
  const auto at_y = [](float y) { return [y](ImVec2 p, ImVec2 q) { return ImVec2(p.x + (q.x - p.x) * (y - p.y) / (q.y - p.y), y); }; };
  cut([&](ImVec2 p) { return p.x >= clip.x; }, at_x(clip.x));
  cut([&](ImVec2 p) { return p.x <= clip.z; }, at_x(clip.z));
  cut([&](ImVec2 p) { return p.y >= clip.y; }, at_y(clip.y));
  cut([&](ImVec2 p) { return p.y <= clip.w; }, at_y(clip.w));
  double twice = 0;
  for (size_t i = 0; i < poly.size(); ++i) {
    const ImVec2 p = poly[i], q = poly[(i + 1) % poly.size()];
    twice += static_cast<double>(p.x) * q.y - static_cast<double>(q.x) * p.y;
  }
  return std::fabs(twice) / 2;
}

// Pixels the last frame's triangles cover, counted once per triangle (overdraw included), inside
// each command's clip rectangle: what the GPU fills, which on phones and in software WebGL is
// most of a frame's cost.
double FilledPixels(const ImDrawData& data) {
  double area = 0;
  for (int l = 0; l < data.CmdListsCount; ++l) {
    const ImDrawList& list = *data.CmdLists[l];
    for (const ImDrawCmd& cmd : list.CmdBuffer) {
      if (cmd.UserCallback) continue;
      for (unsigned i = 0; i + 2 < cmd.ElemCount; i += 3) {
        const auto vertex = [&](unsigned k) { return list.VtxBuffer[cmd.VtxOffset + list.IdxBuffer[cmd.IdxOffset + i + k]].pos; };
        area += ClippedTriangleArea(vertex(0), vertex(1), vertex(2), cmd.ClipRect);
      }
    }
  }
  return area;
}

// Desktop and phone (390x844 CSS px at devicePixelRatio 3).
struct ScreenSize {
  float css_w, css_h, dpr;
};
constexpr ScreenSize kScreenSizes[] = {{1440, 900, 1}, {390, 844, 3}};

ui::UiEnv EnvFor(ScreenSize size) {
  ui::UiEnv env;
  env.css_width = size.css_w;
  env.css_height = size.css_h;
  env.dpr = size.dpr;
  return env;
}

}  // namespace

TEST_CASE("every view draws at desktop and phone sizes") {
  for (ScreenSize size : kScreenSizes) {
    ImGuiHeadless imgui(size.css_w * size.dpr, size.css_h * size.dpr, size.dpr);
    const ui::UiEnv env = EnvFor(size);
    for (int v = 0; v < static_cast<int>(View::kCount); ++v) {
      AppState state;
      state.view = static_cast<View>(v);
      INFO("view " << v << " at " << size.css_w << "x" << size.css_h);
      CHECK(DrawFrames(state, env, 30) > 100);
      CHECK(state.view == static_cast<View>(v));
    }
    AppState table;
    table.tier_map.table_view = true;
    CHECK(DrawFrames(table, env, 10) > 100);
    // The calculator for every task, including an impossible layout (message, no crash).
    for (Task task : {Task::kPretrain, Task::kLora, Task::kQlora, Task::kInference}) {
      AppState calc;
      calc.view = View::kCalculator;
      calc.calculator.workload.task = task;
      CHECK(DrawFrames(calc, env, 8) > 100);
    }
    // The cost view with each of the guides' budget cases, in CNY and USD, and with bad input.
    for (const CostPresetInfo& p : kCostPresets) {
      for (const char* currency : {"CNY", "USD"}) {
        AppState cost;
        cost.view = View::kCost;
        REQUIRE(ApplyCostPreset(cost, test::RealCatalogs(), p.id));
        cost.cost.currency = currency;
        INFO("cost preset " << p.id << " " << currency);
        CHECK(DrawFrames(cost, env, 8) > 100);
      }
    }
    AppState no_quote;
    no_quote.view = View::kCost;
    no_quote.cost.gpu = "t4";
    no_quote.cost.user_centre = "shanghai";
    no_quote.cost.max_latency_ms = 10;
    CHECK(DrawFrames(no_quote, env, 8) > 100);
    AppState bad_cost;
    bad_cost.view = View::kCost;
    bad_cost.cost.hours = -5;  // an error message, no crash
    CHECK(DrawFrames(bad_cost, env, 8) > 100);
    AppState bad;
    bad.view = View::kCalculator;
    bad.calculator.workload.tp = 3;  // does not divide 32 heads
    CHECK(DrawFrames(bad, env, 8) > 100);
  }
}

// The platform clears the screen in the view panel's colour (ScreenClearColour), the app paints
// its window's colour only around the panel, and panels inside a view draw no background over
// the view's (ui/widgets.hpp, BeginViewChild): the fills are the content's plus the margins, 0.2-1.05
// screens (the Cost view's tables and bars on a phone the most). Before,
// the window's background, the view's panel and the nested panels' ones filled the screen 2.4-4.2
// times (measured in Chromium at 390x844 dpr 3 and 1440x900, and here): each extra screen is
// ~60 ms of CPU per frame in software WebGL, and the same fill on a phone's GPU.
TEST_CASE("each view fills its screen at most 1.25 times per frame") {
  for (ScreenSize size : kScreenSizes) {
    const float w = size.css_w * size.dpr, h = size.css_h * size.dpr;
    ImGuiHeadless imgui(w, h, size.dpr);
    for (Language language : {Language::kEnglish, Language::kChinese}) {
      ui::UiEnv env = EnvFor(size);
      env.chinese_font_ready = true;
      for (int v = 0; v < static_cast<int>(View::kCount); ++v) {
        AppState state;
        state.language = language;
        state.view = static_cast<View>(v);
        DrawFrames(state, env, 6);
        const double screens = FilledPixels(*ImGui::GetDrawData()) / (static_cast<double>(w) * h);
        INFO("view " << v << " at " << size.css_w << "x" << size.css_h << ", Chinese " << (language == Language::kChinese)
                     << ": " << screens << " screens filled");
        CHECK(screens > 0.05);  // the margins and the content are drawn at all
        CHECK(screens < 1.25);
      }
    }
  }
}

// The web app draws a frame only when its fingerprint differs from the one on screen
// (src/platform/web/main.cpp): so an unchanged frame must give the same fingerprint (else nothing
// is saved), and a frame that changed must give another (else the screen goes stale).
TEST_CASE("every view's frames: unchanged ones have the same draw fingerprint, changed ones another") {
  for (ScreenSize size : kScreenSizes) {
    ImGuiHeadless imgui(size.css_w * size.dpr, size.css_h * size.dpr, size.dpr);
    const ImVec2 centre(size.css_w * size.dpr / 2, size.css_h * size.dpr * 0.45f);
    const ImVec2 on_tab(130, 44);  // the desktop's Calculator tab (a phone shows no hover)
    std::vector<std::uint64_t> settled;  // each view's and language's frame with the pointer at rest
    for (Language language : {Language::kEnglish, Language::kChinese}) {
      ui::UiEnv env = EnvFor(size);
      env.chinese_font_ready = true;
      for (int v = 0; v < static_cast<int>(View::kCount); ++v) {
        INFO("view " << v << " at " << size.css_w << "x" << size.css_h << ", Chinese " << (language == Language::kChinese));
        AppState state;
        state.language = language;
        state.view = static_cast<View>(v);
        std::vector<std::uint64_t> still;  // the pointer at rest: ImGui settles within a few frames
        DrawFrames(state, env, 10, &centre, &still);
        CHECK(still[7] == still[9]);
        CHECK(still[8] == still[9]);
        settled.push_back(still[9]);
        if (size.dpr > 1) continue;
        std::vector<std::uint64_t> hovering;  // the pointer on a tab: it is highlit, and stays so
        DrawFrames(state, env, 10, &on_tab, &hovering);
        CHECK(hovering[8] == hovering[9]);
        CHECK(hovering[9] != still[9]);
      }
    }
    std::sort(settled.begin(), settled.end());
    CHECK(std::unique(settled.begin(), settled.end()) == settled.end());  // every view and language differs
  }
}

TEST_CASE("the draw fingerprint changes with any vertex, index, command or display field") {
  ImDrawListSharedData shared;
  ImDrawList list(&shared);
  ImDrawList* lists[] = {&list};
  ImDrawData data;
  data.Valid = true;
  data.CmdLists = lists;
  data.CmdListsCount = 1;
  data.DisplaySize = ImVec2(800, 600);
  data.FramebufferScale = ImVec2(1, 1);
  // One frame's drawing, with `change` applied: each change alters one thing a GPU would draw.
  auto fingerprint = [&](int change) {
    list._ResetForNewFrame();
    list.PushClipRect(ImVec2(0, 0), ImVec2(change == 1 ? 799.0f : 800.0f, 600), false);
    list.PushTextureID(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(change == 2 ? 8 : 7)));
    list.AddRectFilled(ImVec2(10, 10), ImVec2(change == 3 ? 101.0f : 100.0f, 50), IM_COL32(40, 60, 80, change == 4 ? 254 : 255));
    list.AddTriangleFilled(ImVec2(200, 200), ImVec2(250, 260), ImVec2(190, 240), IM_COL32(200, 30, 30, 255));
    if (change == 5) list.AddTriangleFilled(ImVec2(300, 300), ImVec2(310, 300), ImVec2(300, 310), IM_COL32_WHITE);  // adds indices and vertices
    if (change == 6) list.PrimReserve(0, 0);
    list.PopTextureID();
    list.PopClipRect();
    data.DisplaySize = ImVec2(change == 7 ? 801.0f : 800.0f, 600);
    data.FramebufferScale = ImVec2(change == 8 ? 2.0f : 1.0f, change == 8 ? 2.0f : 1.0f);
    data.DisplayPos = ImVec2(change == 9 ? 1.0f : 0.0f, 0);
    return ui::DrawFingerprint(data);
  };
  const std::uint64_t same = fingerprint(0);
  CHECK(fingerprint(0) == same);
  CHECK(fingerprint(6) == same);  // reserving nothing draws nothing different
  for (int change : {1, 2, 3, 4, 5, 7, 8, 9}) {
    INFO("change " << change);
    CHECK(fingerprint(change) != same);
  }
  // A list with no vertices, indices or commands (an empty ImVector holds a null pointer).
  ImDrawList empty(&shared);
  ImDrawList* empty_lists[] = {&empty};
  data.CmdLists = empty_lists;
  CHECK(ui::DrawFingerprint(data) != same);
}

// The text the last of `frames` frames drew (the pointer resting at the top left corner, no
// clicks): ImGui's log "to the clipboard", with the clipboard function swapped for one that
// collects, as the page's drawn-text hook does (src/platform/web/drawn_text_hook.cpp).
// `app` keeps the UI's memory from one call to the next (a reader moving between views).
std::string LastFrameText(AppState& state, const ui::UiEnv& env, int frames, AppFrames& app) {
  static std::string collected;
  collected.clear();
  ImGuiIO& io = ImGui::GetIO();
  const auto saved = io.SetClipboardTextFn;
  io.SetClipboardTextFn = [](void*, const char* text) { collected += text ? text : ""; };
  io.MousePos = ImVec2(1, 1);
  io.MouseDown[0] = false;
  for (int f = 0; f < frames; ++f) {
    app.Update(state);
    ImGui::NewFrame();
    if (f == frames - 1) ImGui::LogToClipboard(0);
    ui::DrawApp(state, app.data, env, app.memory);
    if (f == frames - 1) ImGui::LogFinish();
    ImGui::Render();
  }
  io.SetClipboardTextFn = saved;
  return collected;
}

std::string LastFrameText(AppState& state, const ui::UiEnv& env, int frames) {
  AppFrames app;
  return LastFrameText(state, env, frames, app);
}

TEST_CASE("a bad link's banner: Dismiss comes first, reachable however many notices scroll under it") {
  for (ScreenSize size : kScreenSizes) {
    ImGuiHeadless imgui(size.css_w * size.dpr, size.css_h * size.dpr, size.dpr);
    const ui::UiEnv env = EnvFor(size);
    AppFrames app;
    AppState state;
    const LinkDecode d = DecodeLink("#v=99&view=calculator&calc.gpus=banana&calc.tp=x&calc.pp=-1&calc.seq_len=1e400&calc.batch=0.5&junk=1",
                                    test::RealCatalogs());
    REQUIRE(d.notices.size() >= 6);
    state = d.state;
    app.memory.link_notices = d.notices;
    const std::string text = LastFrameText(state, env, 3, app);
    INFO(text.substr(0, 1500));
    const size_t dismiss = text.find("Dismiss"), title = text.find("This link was opened");
    REQUIRE(dismiss != std::string::npos);
    REQUIRE(title != std::string::npos);
    CHECK(dismiss < title);
  }
}

TEST_CASE("the Share view's link opens the view the reader came from (the Calculator when the page opened on Share)") {
  ImGuiHeadless imgui(1440, 3000, 1);
  ui::UiEnv env = EnvFor({1440, 3000, 1});
  env.page_url = "https://atlas.example/";
  AppState state;
  state.calculator.model_preset = "llama-3.1-70b";
  state.view = View::kShare;
  AppFrames opened_on_share;
  const std::string direct = LastFrameText(state, env, 4, opened_on_share);
  CHECK(direct.find("https://atlas.example/#v=1&") != std::string::npos);
  CHECK(direct.find("&view=calculator&calc.") != std::string::npos);
  CHECK(direct.find("view=share") == std::string::npos);
  CHECK(direct.find("opens on the view you came from: Calculator.") != std::string::npos);
  AppFrames app;
  state.view = View::kCost;
  LastFrameText(state, env, 4, app);
  state.view = View::kShare;
  const std::string from_cost = LastFrameText(state, env, 4, app);
  CHECK(from_cost.find("&view=cost&calc.") != std::string::npos);
  CHECK(from_cost.find("view=share") == std::string::npos);
  CHECK(from_cost.find("opens on the view you came from: Cost & region.") != std::string::npos);
  // The state itself (the page's own address) stays on Share.
  CHECK(state.view == View::kShare);
}

TEST_CASE("the Cost view's headline says what named its hub among hubs of the same total") {
  ImGuiHeadless imgui(1440, 3000, 1);
  ui::UiEnv env = EnvFor({1440, 3000, 1});
  AppState state;
  state.view = View::kCost;  // 8 x A100 for 720 h: rent is the global median in ten global hubs
  const std::string text = LastFrameText(state, env, 4);
  INFO(text.substr(0, 3000));
  CHECK(text.find("Cheapest under the constraints: Finland, per-hour container, tied with 9\u00A0others") != std::string::npos);
  CHECK(text.find("this one is named for its lower grid CO2") != std::string::npos);
  // The hub table marks the headline's hub: rows equal to 3 significant figures are sorted by
  // rent to the yuan, so the pick need not come first.
  const size_t pick = text.find("| Finland the pick |");
  CHECK(pick != std::string::npos);
  CHECK(text.find("the pick", pick + 20) == std::string::npos);  // one row only
  // Buying's three figures, each named: the break-even chart's monthly depreciation is not the
  // table's outlay for this job (or, with further-use years, its amortised share).
  CHECK(text.find("Buying, in this chart: a month of the cards' price, with 48\u00A0% more for the server around them and 5\u00A0% "
                  "spare cards, spread over 4\u00A0years (no resale) + own power; "
                  "the \"Every region and form\" table and the buy-or-rent line count this job's cash outlay instead.") != std::string::npos);
  state.cost.purchase_use_years = 3;
  CHECK(LastFrameText(state, env, 4).find("count this job's share of the further-use years instead.") != std::string::npos);
  // A total the minimum term set says so in its cell: bare metal bills 12 months for 720 h.
  CHECK(text.find("(12-month minimum)") != std::string::npos);
}

TEST_CASE("Cost view: \"mainland China only\" ticked by the Chinese page's default says so; ticked by the reader, not") {
  ImGuiHeadless imgui(1440, 3000, 1);
  ui::UiEnv env = EnvFor({1440, 3000, 1});
  env.chinese_font_ready = true;
  AppState state;
  state.view = View::kCost;
  state.language = Language::kChinese;
  const char* note = "中文页面默认勾选";
  CHECK(LastFrameText(state, env, 4).find(note) != std::string::npos);
  state.cost.domestic_only = true;  // the reader's own tick (or a link's cost.domestic=1)
  CHECK(LastFrameText(state, env, 4).find(note) == std::string::npos);
  state.cost.domestic_only.reset();
  state.language = Language::kEnglish;  // English prices worldwide by default: nothing to say
  const std::string en = LastFrameText(state, env, 4);
  CHECK(en.find("Ticked because the page is in Chinese") == std::string::npos);
  CHECK(en.find("mainland China only") != std::string::npos);
}

// The Calculator on Llama 3.1 70B with an H100 SXM picked, for `task`.
AppState Calculator70BOnH100(Task task) {
  AppState state;
  state.view = View::kCalculator;
  state.calculator.model_preset = "llama-3.1-70b";
  state.calculator.workload.task = task;
  state.calculator.workload.gpu = "h100-sxm";
  return state;
}

// Llama 3.1 70B served on `gpu`, split over `tensor_parallel` of them (one replica).
AppState Calculator70BServedOn(const char* gpu, int tensor_parallel) {
  AppState state = Calculator70BOnH100(Task::kInference);
  state.calculator.workload.gpu = gpu;
  state.calculator.workload.gpus = tensor_parallel;
  state.calculator.workload.tp = tensor_parallel;
  return state;
}

TEST_CASE("Fits on, phone: a card's name too wide for the screen drops its bracketed detail; one that fits keeps it") {
  // A very tall phone, so that the whole Calculator is on screen (a clipped line is not logged),
  // 320 CSS px wide (iPhone SE): the tests' font is 7 px a character, the page's 17 px DejaVu
  // Sans about 9.5, so at 390 this cut showed only in the browser.
  ImGuiHeadless imgui(320, 7000, 1);
  ui::UiEnv env = EnvFor({320, 7000, 1});
  AppState state = Calculator70BOnH100(Task::kInference);
  const std::string text = LastFrameText(state, env, 3);
  REQUIRE(text.find("Fits on (fewest cards)") != std::string::npos);
  // "Ascend 910B (910B3-class, Atlas 800T A2 module) x4" ran past the screen's edge.
  CHECK(text.find("[ Ascend 910B x4 ]") != std::string::npos);
  CHECK(text.find("Atlas 800T A2 module) x4") == std::string::npos);
  CHECK(text.find("[ M4 Max (40-core GPU, 128GB) - ]") != std::string::npos);
  // A name with no bracketed detail that is still too wide goes onto a second line of its chip.
  CHECK(text.find("Max-Q Workstation Edition x2") == std::string::npos);
  CHECK(text.find("Blackwell Max-Q Workstation\nEdition x2 ]") != std::string::npos);
  // The verdict once, at the top (the results below it drew it a second time; the note that
  // repeats it in the Notes goes on with advice, so it does not end the line).
  const std::string verdict = "usable on one H100 SXM5 80GB\n";
  size_t verdicts = 0;
  for (size_t at = text.find(verdict); at != std::string::npos; at = text.find(verdict, at + 1)) ++verdicts;
  CHECK(verdicts == 1);
  // The chips' colours have a legend: the tiers, and grey with a tap for why (no hover on phones).
  CHECK(text.find("Tier 1 flagship") != std::string::npos);
  CHECK(text.find("Tier 3 entry-edge") != std::string::npos);
  CHECK(text.find("no count holds it (tap for why)") != std::string::npos);
}

TEST_CASE("Fits on marks a count whose layout is a known risk, and the verdict says the risk of the job's own layout") {
  ImGuiHeadless imgui(1440, 6000, 1);
  ui::UiEnv env = EnvFor({1440, 6000, 1});
  // 70B serving in BF16: eight 24 GB consumer cards hold it only with tensor parallelism 8 over
  // PCIe, which vLLM's guide advises against (recommend_risk.hpp, beyond 4 cards).
  AppState state = Calculator70BOnH100(Task::kInference);
  const std::string text = LastFrameText(state, env, 3);
  INFO(text.substr(text.find("Fits on (fewest cards)"), 3000));
  CHECK(text.find("[ GeForce RTX 4090 x8 ! ]") != std::string::npos);
  CHECK(text.find("[ H100 SXM5 80GB x2 ]") != std::string::npos);  // NVLink: no mark
  // Eight V100 hold it over NVLink, but its stack cannot run this job as set (RunsAsEstimated):
  // marked too, where a pick would have led to "Fits in memory, but it cannot run as set".
  CHECK(text.find("[ Tesla V100 SXM2 32GB x8 ! ]") != std::string::npos);
  CHECK(text.find("! a risky layout or software (hover for why)") != std::string::npos);
  // That layout picked: the risk is said under the verdict, and the job still fits.
  state = Calculator70BServedOn("rtx-4090", 8);
  const std::string picked = LastFrameText(state, env, 3);
  CHECK(picked.find("Fits: ") != std::string::npos);
  CHECK(picked.find("! Tensor parallelism over 8 GeForce RTX 4090 on PCIe") != std::string::npos);
  // Training over 16 of them spans two 8-card machines: consumer cards have no GPUDirect RDMA.
  state = Calculator70BOnH100(Task::kQlora);
  state.calculator.workload.gpu = "rtx-4090";
  state.calculator.workload.gpus = 16;
  state.calculator.workload.dp = 16;
  state.calculator.workload.zero_stage = 3;
  const std::string nodes = LastFrameText(state, env, 3);
  CHECK(nodes.find("! 16 GeForce RTX 4090 across 2\u00A0nodes: consumer cards have no GPUDirect RDMA") != std::string::npos);
  state.calculator.workload.gpus = 8;
  state.calculator.workload.dp = 8;
  CHECK(LastFrameText(state, env, 3).find("across 2\u00A0nodes") == std::string::npos);
}

TEST_CASE("under Make it fit's \"Then ...\", the bar and tables are titled as the job as set, not the fixed one") {
  ImGuiHeadless imgui(1440, 6000, 1);
  ui::UiEnv env = EnvFor({1440, 6000, 1});
  AppState state;  // the default job, 8B full fine-tuning on one H100: fits with checkpointing and 8-bit AdamW
  state.view = View::kCalculator;
  const std::string text = LastFrameText(state, env, 3);
  const size_t then = text.find("Then "), as_set = text.find("The job as set now (it does not fit)");
  INFO(text.substr(0, 3000));
  REQUIRE(then != std::string::npos);
  REQUIRE(as_set != std::string::npos);
  CHECK(then < as_set);
  CHECK(as_set < text.find("Memory per GPU"));
  state = Calculator70BServedOn("h100-sxm", 2);  // fits: no such title
  CHECK(LastFrameText(state, env, 3).find("The job as set now") == std::string::npos);
}

// A review: the line multiplied ints, and the fields' limits (micro-batch and accumulation up to
// 65,536 each, dp up to 10^6) overflow one: a link with both at 65,536 read "0 sequences".
TEST_CASE("the global batch line counts past 2^31 sequences, grouped") {
  ImGuiHeadless imgui(1440, 6000, 1);
  ui::UiEnv env = EnvFor({1440, 6000, 1});
  AppState state = DecodeLink("#v=1&view=calculator&calc.micro_batch=65536&calc.grad_accum=65536&calc.gpus=2&calc.dp=2",
                              test::RealCatalogs()).state;
  REQUIRE(state.calculator.workload.micro_batch == 65536);
  REQUIRE(state.calculator.workload.grad_accum == 65536);
  const std::string text = LastFrameText(state, env, 3);
  INFO(text.substr(0, 3000));
  CHECK(text.find("global batch: 8,589,934,592\u00A0sequences per step") != std::string::npos);
  state = AppState{};
  state.view = View::kCalculator;
  CHECK(LastFrameText(state, env, 3).find("global batch: 1\u00A0sequence per step") != std::string::npos);
}

TEST_CASE("a job that does not fit: its speed figures are said to be as if it fitted; the batch is per replica") {
  ImGuiHeadless imgui(1440, 6000, 1);
  ui::UiEnv env = EnvFor({1440, 6000, 1});
  // 70B BF16 on one H100 does not fit (140 GB of weights): "Decode throughput" alone read as
  // reachable under "Does not fit".
  AppState state = Calculator70BServedOn("h100-sxm", 1);
  std::string text = LastFrameText(state, env, 3);
  const size_t serving = text.find("\nServing\n"), caveat = text.find("As if it fitted: the job as set does not fit its cards");
  INFO(text.substr(0, 4000));
  REQUIRE(serving != std::string::npos);
  CHECK(caveat != std::string::npos);
  CHECK(serving < caveat);
  CHECK(caveat < text.find("Output throughput (incl. prefill)"));
  CHECK(text.find("batch per replica (concurrent sequences)") != std::string::npos);
  // Make it fit's FP8 weights leave 70.2 of 71.7 GiB used: said to be tight, as the Walkthrough
  // marks such a plan (it was a green "Then ..." alone).
  const size_t then = text.find("Then 70.2\u00A0GiB per GPU of 71.7\u00A0GiB."), tight = text.find("Tight: 2.0% stays free, under 10%");
  CHECK(then != std::string::npos);
  CHECK(tight != std::string::npos);
  CHECK(then < tight);
  state = Calculator70BServedOn("h100-sxm", 2);  // fits: no caveat
  CHECK(LastFrameText(state, env, 3).find("As if it fitted") == std::string::npos);
}

TEST_CASE("Cost view: when the Calculator holds another job that fits, a line says so and offers to cost it") {
  ImGuiHeadless imgui(1440, 3000, 1);
  ui::UiEnv env = EnvFor({1440, 3000, 1});
  AppFrames app;
  // 70B serving on two H100 (tensor parallel 2) fits; the Cost view still costs its own 8 x A100.
  AppState state = Calculator70BServedOn("h100-sxm", 2);
  LastFrameText(state, env, 3, app);
  state.view = View::kCost;
  const std::string other = LastFrameText(state, env, 3, app);
  CHECK(other.find("The Calculator holds another job: Llama 3.1 70B serving, 2\u00A0x H100 SXM5 80GB.") != std::string::npos);
  CHECK(other.find("Cost the Calculator's job") != std::string::npos);
  // The same card and count here: nothing to say.
  state.cost.gpu = "h100-sxm";
  state.cost.gpus = 2;
  CHECK(LastFrameText(state, env, 3, app).find("The Calculator holds another job") == std::string::npos);
  // A Calculator job that does not fit (the default: 8B full fine-tuning on one H100) has no cost to offer.
  AppState fresh;
  fresh.view = View::kCost;
  AppFrames other_app;
  CHECK(LastFrameText(fresh, env, 3, other_app).find("The Calculator holds another job") == std::string::npos);
}

TEST_CASE("the verdict under a preallocating server names its share, and what the table's total counts outside it") {
  ImGuiHeadless imgui(1440, 3000, 1);
  ui::UiEnv env = EnvFor({1440, 3000, 1});
  AppState state = Calculator70BServedOn("h100-sxm", 2);  // by vLLM (the default for serving)
  const std::string text = LastFrameText(state, env, 3);
  INFO(text.substr(0, 1500));
  // Its share in figures (79.6 GiB reported x 0.9), so that "usable" is not read two ways.
  CHECK(text.find("The server takes 90% of the 79.6\u00A0GiB the driver reports (gpu_memory_utilization 0.9), 71.7\u00A0GiB,") !=
        std::string::npos);
  CHECK(text.find("GiB of runtime context (CUDA context, NCCL buffers) made before it measures, outside it.") != std::string::npos);
  // TensorRT-LLM's fraction is of the memory free after loading: said.
  state.calculator.workload.framework = Framework::kTensorrtLlm;
  const std::string trt = LastFrameText(state, env, 3);
  CHECK(trt.find("TensorRT-LLM gives its KV cache 90% of the memory left free once the weights, activations and buffers are loaded "
                 "(free_gpu_memory_fraction 0.9)") != std::string::npos);
  CHECK(trt.find("gpu_memory_utilization") == std::string::npos);
  // The stack is picked in the job's inputs (it was reachable only through a link).
  CHECK(trt.find("{ TensorRT-LLM } serving software") != std::string::npos);
  CHECK(text.find("{ automatic } serving software") != std::string::npos);  // its (?) says what automatic picks
  // Training allocates as it goes: no such line, and a serving stack left from serving goes back
  // to the task's default (not TensorRT-LLM's memory profile for a training job).
  state.calculator.workload.task = Task::kFullFinetune;
  CHECK(LastFrameText(state, env, 3).find("The server takes") == std::string::npos);
  CHECK(state.calculator.workload.framework == Framework::kAuto);
}

TEST_CASE("the verdict: a plan that fits but cannot run as set says so in words, not a plain \"Fits\"") {
  ImGuiHeadless imgui(1440, 6000, 1);
  ui::UiEnv env = EnvFor({1440, 6000, 1});
  // 70B INT4 split over two M4 Max (tensor parallel 2): fits in each chip's memory, but the two
  // are separate computers (gpus.json interconnect_gbps 0).
  AppState state = Calculator70BServedOn("apple-m4-max", 2);
  state.calculator.workload.precision = Precision::kInt4;
  const std::string split = LastFrameText(state, env, 3);
  INFO(split.substr(0, 3000));
  CHECK(split.find("Fits in memory, but it cannot run as set (see below):") != std::string::npos);
  CHECK(split.find("single chip with no link to another chip") != std::string::npos);
  // One of them holds it alone: a plain "Fits".
  state.calculator.workload.gpus = 1;
  state.calculator.workload.tp = 1;
  const std::string one = LastFrameText(state, env, 3);
  CHECK(one.find("Fits: ") != std::string::npos);
  CHECK(one.find("Fits in memory, but") == std::string::npos);
  // And in Chinese.
  state.calculator.workload.gpus = 2;
  state.calculator.workload.tp = 2;
  state.language = Language::kChinese;
  env.chinese_font_ready = true;
  const std::string split_zh = LastFrameText(state, env, 3);
  CHECK(split_zh.find("显存放得下，但无法按当前设置运行（见下方）") != std::string::npos);
}

TEST_CASE("Fits on says so when no card holds the job as set, at any count, and Cost this job why it is greyed; not when the job fits") {
  // A tall desktop, so that the whole results column is on screen (a clipped line is not logged).
  ImGuiHeadless imgui(1440, 6000, 1);
  ui::UiEnv env = EnvFor({1440, 6000, 1});
  // Full fine-tuning at 8k without activation checkpointing: the activations alone pass 80 GB
  // per card, and data parallelism does not shrink them (a new user's case, 2026-12-06).
  AppState state = Calculator70BOnH100(Task::kFullFinetune);
  state.calculator.workload.seq_len = 8192;
  const std::string none = LastFrameText(state, env, 3);
  INFO(none.substr(0, 3000));
  CHECK(none.find("Fits on (fewest cards)") != std::string::npos);
  CHECK(none.find("No card holds this job as set, on up to 1024") != std::string::npos);
  // The greyed "Cost this job" says why.
  CHECK(none.find("A job that does not fit has no cost: make it fit first.") != std::string::npos);
  // The same model served: it does not fit one H100 (131 GiB of weights) but cards fit at some
  // count, so the sentence is not there; the greyed button still says why.
  state.calculator.workload.task = Task::kInference;
  state.calculator.workload.seq_len = 4096;
  const std::string some = LastFrameText(state, env, 3);
  INFO(some.substr(0, 3000));
  CHECK(some.find("Fits on (fewest cards)") != std::string::npos);
  CHECK(some.find("No card holds this job") == std::string::npos);
  CHECK(some.find("A job that does not fit has no cost") != std::string::npos);
  CHECK(some.find("Tier 2 mainstream-value") != std::string::npos);  // the chips' legend
  CHECK(some.find("no count holds it (hover for why)") != std::string::npos);
  // A job that fits: the button is live and nothing is said under it.
  state.calculator.model_preset = "llama-3.1-8b";
  const std::string fits = LastFrameText(state, env, 3);
  INFO(fits.substr(0, 3000));
  CHECK(fits.find("Cost this job") != std::string::npos);
  CHECK(fits.find("has no cost") == std::string::npos);
}

TEST_CASE("the walkthrough's first step gives the numbers of the task picked: adapters are not full training's 16 bytes") {
  ImGuiHeadless imgui(1440, 3000, 1);
  ui::UiEnv env = EnvFor({1440, 3000, 1});
  AppState state;
  state.view = View::kWalkthrough;
  state.walkthrough.step = 0;
  state.walkthrough.task = WalkthroughTask::kPeft;
  const std::string peft = LastFrameText(state, env, 3);
  INFO(peft.substr(0, 3000));
  CHECK(peft.find("LoRA keeps the frozen base at BF16") != std::string::npos);
  CHECK(peft.find("16\u00A0bytes per parameter of model states") == std::string::npos);
  state.walkthrough.task = WalkthroughTask::kFullFinetune;
  const std::string full = LastFrameText(state, env, 3);
  INFO(full.substr(0, 3000));
  CHECK(full.find("16\u00A0bytes per parameter of model states") != std::string::npos);
  CHECK(full.find("LoRA keeps the frozen base") == std::string::npos);
}

// The Walkthrough open at `step` for `task`.
AppState WalkthroughAt(int step, WalkthroughTask task) {
  AppState state;
  state.view = View::kWalkthrough;
  state.walkthrough.step = step;
  state.walkthrough.task = task;
  return state;
}

TEST_CASE("the walkthrough's job step: the dataset's size is \"not set\", not a default of 0") {
  ImGuiHeadless imgui(1440, 3000, 1);
  ui::UiEnv env = EnvFor({1440, 3000, 1});
  AppState state = WalkthroughAt(kWalkStepJob, WalkthroughTask::kFullFinetune);
  const std::string text = LastFrameText(state, env, 3);
  INFO(text.substr(0, 3000));
  CHECK(text.find("(not set: the run uses the training tokens)") != std::string::npos);
  CHECK(text.find("(default)") != std::string::npos);  // epochs, sequence length and tokens have defaults
  state.walkthrough.dataset_tokens = 5e8;
  const std::string given = LastFrameText(state, env, 3);
  CHECK(given.find("not set") == std::string::npos);
  CHECK(given.find("dataset x epochs") != std::string::npos);
  // The tokens field left at 0 shows the dataset's product, marked as such, not "(default)".
  CHECK(given.find("training tokens (?)\n(dataset x epochs)") != std::string::npos);
  // Both given: the tokens win, and the line says what the dataset would have made.
  state.walkthrough.train_tokens = 3e8;
  const std::string both = LastFrameText(state, env, 3);
  CHECK(both.find("Training tokens are given, so dataset x epochs (500M\u00A0tokens) is not used") != std::string::npos);
}

TEST_CASE("the walkthrough's results mark a plan with tight memory and a rent from one seller") {
  ImGuiHeadless imgui(1440, 8000, 1);
  ui::UiEnv env = EnvFor({1440, 8000, 1});
  AppState state = WalkthroughAt(kWalkStepResults, WalkthroughTask::kRealtimeServing);
  state.walkthrough.model_preset = "llama-3.1-70b";
  state.walkthrough.method = "inference";
  state.walkthrough.region = "us-east-virginia";
  // 70B BF16 on one B200 with 9 users x 4k: ~145.6 GiB of vLLM's 160.4 GiB share, 9 % free.
  state.walkthrough.batch = 9;
  const std::string text = LastFrameText(state, env, 3);
  INFO(text.substr(0, 6000));
  CHECK(text.find("(HGX/DGX B200) [tight]") != std::string::npos);
  // The list says whose prices rank it (the language picks them when the reader has not).
  CHECK(text.find("Rental prices: outside mainland China, region US East") != std::string::npos);
  // 70B QLoRA: A30s, which one seller lists in the global market (data/pricing.json).
  state.walkthrough.task = WalkthroughTask::kPeft;
  state.walkthrough.method = "qlora";
  state.walkthrough.precision = "nf4";
  state.walkthrough.region = "eu-west-ireland";
  const std::string qlora = LastFrameText(state, env, 3);
  INFO(qlora.substr(0, 6000));
  CHECK(qlora.find("A30 24GB [one seller]") != std::string::npos);
}

TEST_CASE("every view draws in Chinese, and in English while the Chinese font is missing") {
  for (ScreenSize size : kScreenSizes) {
    ImGuiHeadless imgui(size.css_w * size.dpr, size.css_h * size.dpr, size.dpr);
    for (bool font_ready : {true, false}) {
      ui::UiEnv env = EnvFor(size);
      env.chinese_font_ready = font_ready;
      env.chinese_font_failed = !font_ready;
      for (int v = 0; v < static_cast<int>(View::kCount); ++v) {
        AppState state;
        state.language = Language::kChinese;
        state.view = static_cast<View>(v);
        INFO("view " << v << " at " << size.css_w << "x" << size.css_h << ", font ready " << font_ready);
        CHECK(DrawFrames(state, env, 20) > 100);
        CHECK(state.view == static_cast<View>(v));
        CHECK(state.language == Language::kChinese);  // the link keeps the choice either way
      }
    }
  }
}

TEST_CASE("a data error is shown instead of the views") {
  ImGuiHeadless imgui(800, 600, 1);
  AppState state;
  ui::UiEnv env;
  ui::UiMemory memory;
  ui::AppData data;
  Catalogs empty;
  data.catalogs = &empty;
  data.load_errors = {"data/gpus.json: not valid JSON"};
  ImGui::NewFrame();
  ui::DrawApp(state, data, env, memory);
  ImGui::Render();
  CHECK(ImGui::GetDrawData()->TotalVtxCount > 0);
}

TEST_CASE("the walkthrough draws every step for every task at desktop and phone sizes") {
  for (ScreenSize size : kScreenSizes) {
    ImGuiHeadless imgui(size.css_w * size.dpr, size.css_h * size.dpr, size.dpr);
    const ui::UiEnv env = EnvFor(size);
    for (int t = 0; t <= static_cast<int>(WalkthroughTask::kMixed); ++t)
      for (int step = 0; step < kWalkSteps; ++step) {
        AppState state;
        state.view = View::kWalkthrough;
        state.walkthrough.task = static_cast<WalkthroughTask>(t);
        state.walkthrough.step = step;
        if (t == 1) state.walkthrough.owned = {{"rtx-4090", 2}};
        if (t == 2) state.walkthrough.domestic_only = true;
        if (t == 3) state.walkthrough.model_preset.clear(), state.walkthrough.custom_params = 13e9;
        INFO("task " << t << " step " << step << " at " << size.css_w);
        CHECK(DrawFrames(state, env, 6) > 100);
        // Clicking around may move between steps, open the Calculator or cost a job, never elsewhere.
        CHECK((state.view == View::kWalkthrough || state.view == View::kCalculator || state.view == View::kCost));
      }
  }
}

TEST_CASE("the Cost view draws a carried job's banner at desktop and phone sizes, and the test hook sees its controls") {
  for (ScreenSize size : kScreenSizes) {
    ImGuiHeadless imgui(size.css_w * size.dpr, size.css_h * size.dpr, size.dpr);
    ui::UiEnv env = EnvFor(size);
    std::vector<std::string> targets;
    env.test_target = [&targets](const char* id, float x0, float y0, float x1, float y1) {
      CHECK(x1 >= x0);
      CHECK(y1 >= y0);
      targets.push_back(id);
    };
    for (CarriedJobSource source : {CarriedJobSource::kCalculator, CarriedJobSource::kWalkthrough}) {
      AppState state;
      state.view = View::kCost;
      state.cost.job = source;
      state.calculator.workload.task = Task::kLora;
      state.calculator.workload.gpu = "rtx-4090";
      state.calculator.model_preset = "llama-2-7b";
      INFO("source " << static_cast<int>(source) << " at " << size.css_w);
      CHECK(DrawFrames(state, env, 8) > 100);
      // Linked, or unlinked by the frames' random clicks; never lost.
      CHECK(state.view == View::kCost);
    }
    CHECK(std::find(targets.begin(), targets.end(), std::string("cost_job_unlink")) != targets.end());
  }
}

TEST_CASE("a double-click on the tier map chart zooms it; Reset zoom and a pinch work too") {
  ImGuiHeadless imgui(1440, 900, 1);
  const ui::UiEnv env = EnvFor(kScreenSizes[0]);
  AppState state;
  ui::UiMemory memory;
  ui::AppData data;
  data.catalogs = &test::RealCatalogs();
  ImGuiIO& io = ImGui::GetIO();
  io.DeltaTime = 0.1f;  // slow frames, as under a software renderer
  auto frame = [&](bool down, ImVec2 at, const ui::UiEnv& e) {
    io.MousePos = at;
    io.MouseDown[0] = down;
    ImGui::NewFrame();
    ui::DrawApp(state, data, e, memory);
    ImGui::Render();
  };
  const ImVec2 chart(700, 470);
  for (int i = 0; i < 4; ++i) frame(false, chart, env);
  CHECK_FALSE(memory.tier_zoom.zoomed());
  for (bool down : {true, false, true, false}) frame(down, chart, env);
  frame(false, chart, env);
  REQUIRE(memory.tier_zoom.zoomed());
  CHECK(memory.tier_zoom.x1 - memory.tier_zoom.x0 == doctest::Approx(0.5));
  // Two single clicks far apart in time do not zoom further.
  const charts::ZoomWindow once = memory.tier_zoom;
  for (bool down : {true, false, false, false, false, false, false, true, false}) frame(down, chart, env);
  CHECK(memory.tier_zoom == once);
  // A pinch over the chart zooms about the fingers; Reset zoom (top right of the plot) undoes.
  ui::UiEnv pinch = env;
  pinch.pinch_scale = 2;
  pinch.pinch_x = chart.x;
  pinch.pinch_y = chart.y;
  frame(false, chart, pinch);
  CHECK(memory.tier_zoom.x1 - memory.tier_zoom.x0 == doctest::Approx(0.25));
  memory.tier_zoom = {};
  frame(false, ImVec2(5, 5), env);
  CHECK_FALSE(memory.tier_zoom.zoomed());
}

TEST_CASE("a tier-map sort from a link survives the table's first frames") {
  const ui::UiEnv env = EnvFor(kScreenSizes[0]);
  for (TierMapSort sort : {TierMapSort::kMemory, TierMapSort::kName, TierMapSort::kYear}) {
    for (bool descending : {false, true}) {
      ImGuiHeadless imgui(1440, 900, 1);  // a new table each time, as on opening a link
      AppState state;
      state.tier_map.table_view = true;
      state.tier_map.sort = sort;
      state.tier_map.sort_descending = descending;
      ui::UiMemory memory;
      ui::AppData data;
      data.catalogs = &test::RealCatalogs();
      CalculatorDerived calculator;
      WalkthroughDerived walkthrough;
      CostDerived cost;
      data.calculator = &calculator;
      data.walkthrough = &walkthrough;
      data.cost = &cost;
      ImGui::GetIO().MousePos = ImVec2(-1, -1);  // no clicks: only the table's own defaults
      for (int f = 0; f < 3; ++f) {
        ImGui::NewFrame();
        ui::DrawApp(state, data, env, memory);
        ImGui::Render();
      }
      CHECK(state.tier_map.sort == sort);
      CHECK(state.tier_map.sort_descending == descending);
    }
  }
}

TEST_CASE("views whose data failed say so; the tier map and the rest still draw") {
  ImGuiHeadless imgui(1440, 900, 1);
  ui::UiEnv env = EnvFor(kScreenSizes[0]);
  env.update_ready = true;  // the new-version banner draws too
  bool reloaded = false;
  env.reload = [&reloaded] { reloaded = true; };
  Catalogs no_models = test::RealCatalogs();
  no_models.models = {};
  for (int v = 0; v < static_cast<int>(View::kCount); ++v) {
    AppState state;
    state.view = static_cast<View>(v);
    ui::UiMemory memory;
    ui::AppData data;
    data.catalogs = &no_models;
    data.data_warnings = {"data/models.json: models[2] (id \"x\"): field \"params\" is -5, outside the allowed range"};
    data.models_missing = "data/models.json";
    CostDerived cost;
    UpdateCostDerived(state, no_models, cost, Language::kEnglish);
    data.cost = &cost;  // the calculator and walkthrough results stay null: they need models
    for (int f = 0; f < 4; ++f) {
      ImGui::NewFrame();
      ui::DrawApp(state, data, env, memory);
      ImGui::Render();
    }
    CHECK(ImGui::GetDrawData()->TotalVtxCount > 100);
    CHECK(state.view == static_cast<View>(v));
  }
  CHECK_FALSE(reloaded);
}

TEST_CASE("the Accuracy panel opens over the Calculator and Share, in both languages and sizes, and closes with the view") {
  for (ScreenSize size : kScreenSizes) {
    for (Language language : {Language::kEnglish, Language::kChinese}) {
      ImGuiHeadless imgui(size.css_w * size.dpr, size.css_h * size.dpr, size.dpr);
      ui::UiEnv env = EnvFor(size);
      for (View from : {View::kCalculator, View::kShare}) {
        AppState state;
        state.view = from;
        state.language = language;
        ui::UiMemory memory;
        memory.accuracy.open = true;
        memory.accuracy.opened_from = static_cast<int>(from);
        ui::AppData data;
        data.catalogs = &test::RealCatalogs();
        CalculatorDerived calculator;
        data.calculator = &calculator;
        data.accuracy = &Accuracy();
        INFO("view " << static_cast<int>(from) << " at " << size.css_w << " language " << static_cast<int>(language));
        // A few frames each: the desktop tab bar selects the state's view after a frame.
        auto draw = [&](int frames) {
          for (int f = 0; f < frames; ++f) {
            UpdateCalculatorDerived(state, *data.catalogs, calculator, language);
            ImGui::NewFrame();
            ui::DrawApp(state, data, env, memory);
            ImGui::Render();
          }
          return ImGui::GetDrawData()->TotalVtxCount;
        };
        for (int group : {-1, 0, 1, 2}) {
          memory.accuracy.group = group;
          CHECK(draw(3) > 1000);
          CHECK(memory.accuracy.open);
        }
        // Another view closes the panel.
        state.view = View::kTierMap;
        draw(3);
        CHECK_FALSE(memory.accuracy.open);
      }
    }
  }
  CHECK(Accuracy().computations == 1);
}

// A review on a phone saw a recommendation heading's "(?)" wrapped a character a line ("(", "?",
// ")" stacked at the right edge): placed after SameLine where less than its width is left, under
// a text wrap position, ImGui wrapped it. The mark now moves to the next line whole.
TEST_CASE("a (?) at a line's end moves to the next line whole instead of wrapping a character a line") {
  ImGuiHeadless imgui(390, 844, 1);
  const ui::UiEnv env = EnvFor({390, 844, 1});
  for (int frame = 0; frame < 2; ++frame) {
    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(200, 400));
    ImGui::Begin("narrow", nullptr, ImGuiWindowFlags_NoDecoration);
    ImGui::PushTextWrapPos(0);
    const float start_x = ImGui::GetCursorScreenPos().x;
    // A heading that leaves less room than "(?)" on its line.
    std::string filler;
    while (ImGui::CalcTextSize((filler + "W").c_str()).x < ImGui::GetContentRegionAvail().x - 2) filler += "W";
    ImGui::TextUnformatted(filler.c_str());
    ImGui::SameLine();
    ui::HelpMarker("help text", env);
    const ImVec2 min = ImGui::GetItemRectMin(), size = ImGui::GetItemRectSize();
    ImGui::PopTextWrapPos();
    ImGui::End();
    ImGui::Render();
    if (frame == 1) {
      CHECK(min.x == doctest::Approx(start_x));                                 // on a line of its own
      CHECK(size.y < ImGui::GetTextLineHeight() * 1.5f);                         // one line, not three
      CHECK(size.x == doctest::Approx(ImGui::CalcTextSize("(?)").x).epsilon(0.01));
    }
  }
}

}  // namespace smoke_test
