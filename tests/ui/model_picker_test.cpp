// The model picker: the filter it applies (pure) and the widget driven by keys in a headless
// ImGui frame loop (type, Down, Enter).
#include "headless_imgui.hpp"
#include "test_support.hpp"
#include "ui/model_picker.hpp"

#include <doctest/doctest.h>
#include <imgui.h>

#include <algorithm>
#include <cctype>
#include <string>

namespace model_picker_test {  // one per file: the suites build in unity batches (cmake/native.cmake)

using namespace atlas;

namespace {

const std::vector<ModelSpec>& Presets() { return test::RealCatalogs().models.models; }

std::vector<std::string> IdsFor(const std::string& query) {
  std::vector<std::string> ids;
  for (int i : ui::FilterModels(Presets(), query)) ids.push_back(Presets()[i].id);
  return ids;
}

bool Has(const std::vector<std::string>& ids, const std::string& id) {
  return std::find(ids.begin(), ids.end(), id) != ids.end();
}

// A name lower case without spaces, dashes and dots ("Qwen2.5-14B" and "Qwen2.5 14B" agree).
std::string Key(std::string name) {
  std::string out;
  for (char ch : name)
    if (ch != ' ' && ch != '-' && ch != '.') out += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return out;
}

// The id of the listed model that `id` is the " Instruct" / "-Instruct" variant of, or "".
std::string BaseIdOf(const std::vector<std::string>& listed, const std::string& id) {
  std::string name = test::RealCatalogs().models.Find(id)->name;
  for (const std::string word : {" Instruct", "-Instruct"})
    if (const size_t at = name.find(word); at != std::string::npos) {
      name.erase(at, word.size());
      for (const std::string& other : listed)
        if (Key(test::RealCatalogs().models.Find(other)->name) == Key(name)) return other;
    }
  return "";
}

bool IsListedVariant(const std::vector<std::string>& listed, const std::string& id) { return !BaseIdOf(listed, id).empty(); }

}  // namespace

TEST_CASE("the picker's filter: every word must match, separators optional, Chinese family names") {
  // "qwen 72" was "No model matches" (new-user trial, 2026-12-04): words match separately.
  const auto qwen72 = IdsFor("qwen 72");
  CHECK(Has(qwen72, "qwen2.5-72b"));
  for (const std::string& id : qwen72) CHECK_MESSAGE(id.find("72") != std::string::npos, id);
  CHECK(IdsFor("72 QWEN") == qwen72);
  // Separators typed or not: "llama3.1 8b" finds Llama 3.1 8B; a word that matches nothing empties the list.
  CHECK(Has(IdsFor("llama3.1 8b"), "llama-3.1-8b"));
  CHECK(IdsFor("qwen zzz").empty());
  CHECK(IdsFor("-").size() == Presets().size());  // only separators: no constraint
  // Chinese family names from models.json "families": 通义千问 / 千问, 深度求索.
  const auto qianwen = IdsFor("千问");
  CHECK(Has(qianwen, "qwen2.5-7b"));
  CHECK(!Has(qianwen, "llama-2-7b"));
  CHECK(IdsFor("通义千问") == qianwen);
  CHECK(Has(IdsFor("千问 72b"), "qwen2.5-72b"));
}

TEST_CASE("the picker's matches: names that begin with the first word, then the newest (new-user review, 2026-12-06)") {
  const auto pos = [](const std::vector<std::string>& ids, const std::string& id) {
    return std::find(ids.begin(), ids.end(), id) - ids.begin();
  };
  // "70B" listed Llama 2 70B (2023, first in the catalog) above Llama 3.1 70B (2024).
  const auto b70 = IdsFor("70B");
  REQUIRE(Has(b70, "llama-2-70b"));
  REQUIRE(Has(b70, "llama-3.1-70b"));
  CHECK(pos(b70, "llama-3.1-70b") < pos(b70, "llama-2-70b"));
  // Newest first among the models themselves; a tuned variant sits right after its base.
  std::vector<std::string> bases;
  for (const std::string& id : b70)
    if (!IsListedVariant(b70, id)) bases.push_back(id);
  for (size_t i = 1; i < bases.size(); ++i)
    CHECK(test::RealCatalogs().models.Find(bases[i - 1])->year >= test::RealCatalogs().models.Find(bases[i])->year);
  CHECK(pos(b70, "llama-3.1-70b-instruct") == pos(b70, "llama-3.1-70b") + 1);
  CHECK(pos(b70, "codellama-70b-instruct") == pos(b70, "codellama-70b") + 1);
  // "llama 70": the Llamas themselves before the models that only carry the name.
  const auto llama70 = IdsFor("llama 70");
  REQUIRE(Has(llama70, "deepseek-r1-distill-llama-70b"));
  CHECK(pos(llama70, "llama-2-70b") < pos(llama70, "deepseek-r1-distill-llama-70b"));
  CHECK(pos(llama70, "llama-3.1-70b") < pos(llama70, "llama-2-70b"));
  // No query: the catalog's order, with each tuned variant moved to just after its base
  // (Llama 3.1 8B Instruct was listed far below Llama 3.1 8B).
  const auto all = IdsFor("");
  REQUIRE(all.size() == Presets().size());
  std::vector<std::string> catalog_bases, listed_bases;
  for (const ModelSpec& m : Presets())
    if (!IsListedVariant(all, m.id)) catalog_bases.push_back(m.id);
  for (const std::string& id : all)
    if (!IsListedVariant(all, id)) listed_bases.push_back(id);
  CHECK(listed_bases == catalog_bases);
  CHECK(pos(all, "llama-3.1-8b-instruct") == pos(all, "llama-3.1-8b") + 1);
  CHECK(pos(all, "qwen2.5-14b-instruct") == pos(all, "qwen2.5-14b") + 1);
  for (const std::string& id : all)
    if (IsListedVariant(all, id)) {
      INFO(id);
      // Right after its base, or after another variant of the same base.
      const std::string& before = all[pos(all, id) - 1];
      CHECK((before == BaseIdOf(all, id) || BaseIdOf(all, before) == BaseIdOf(all, id)));
    }
  CHECK(!IdsFor("深度求索").empty());
}

TEST_CASE("the picker's filter: substring of name, id or family, any case, spaces trimmed") {
  CHECK(IdsFor("").size() == Presets().size());
  CHECK(IdsFor("   ").size() == Presets().size());
  const auto qwen = IdsFor("QWEN");
  CHECK(qwen.size() >= 20);
  CHECK(qwen.size() < Presets().size());
  CHECK(Has(qwen, "qwen2.5-7b"));
  CHECK(!Has(qwen, "llama-2-7b"));
  CHECK(IdsFor(" Qwen ") == qwen);
  // By id ("llama-3.1-8b" is the id; the name is "Llama 3.1 8B").
  CHECK(Has(IdsFor("llama-3.1-8b"), "llama-3.1-8b"));
  // By family only: "Code Llama" is the family of codellama-7b, whose name says "Code Llama 7B".
  CHECK(Has(IdsFor("whisper"), "whisper-large-v3-turbo"));
  CHECK(Has(IdsFor("deepseek-r1"), "deepseek-r1-distill-llama-8b"));
  CHECK(IdsFor("no such model zzz").empty());
  // Chinese text matches as typed (UTF-8 bytes are compared as they are).
  ModelSpec m;
  m.id = "qwen-cn";
  m.name = "通义千问 Qwen2.5 7B";
  m.family = "Qwen2.5";
  CHECK(ui::ModelMatchesQuery(m, "千问"));
  CHECK(ui::ModelMatchesQuery(m, "qwen2.5 7b"));
  CHECK(!ui::ModelMatchesQuery(m, "文心"));
}

namespace {

struct PickerRun {
  ui::ModelPickerState state;
  std::string selected = "llama-2-7b";
  std::string picked;
  bool did_pick = false;
  ImVec2 combo_centre;
  bool open = false;

  void Frame() {
    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(800, 600));
    ImGui::Begin("picker test");
    ImGui::SetNextItemWidth(400);
    const ui::ModelPickerText text{"%s  ·  %s", "%s  ·  %s (MoE)", "search models", "No model matches \"%s\""};
    std::string p;
    if (ui::ModelPicker("##model", selected, Presets(), selected, text, state, &p)) {
      did_pick = true;
      picked = p;
    }
    open = state.was_open;
    if (!open) combo_centre = ImVec2((ImGui::GetItemRectMin().x + ImGui::GetItemRectMax().x) / 2,
                                     (ImGui::GetItemRectMin().y + ImGui::GetItemRectMax().y) / 2);
    ImGui::End();
    ImGui::Render();
  }
  void Key(int index) {
    ImGuiIO& io = ImGui::GetIO();
    io.KeysDown[index] = true;
    Frame();
    io.KeysDown[index] = false;
    Frame();
  }
};

}  // namespace

TEST_CASE("the picker opens on the filter, narrows as you type, and Down + Enter pick the second match") {
  test::HeadlessImGui imgui;
  PickerRun run;
  ImGuiIO& io = ImGui::GetIO();
  run.Frame();
  REQUIRE(!run.open);
  io.MousePos = run.combo_centre;
  io.MouseDown[0] = true;
  run.Frame();
  io.MouseDown[0] = false;
  run.Frame();
  REQUIRE(run.open);
  run.Frame();  // the filter field takes the keyboard focus
  io.AddInputCharactersUTF8("GEMMA-3");
  run.Frame();
  run.Frame();
  CHECK(std::string(run.state.filter) == "GEMMA-3");
  const std::vector<int> shown = ui::FilterModels(Presets(), run.state.filter);
  REQUIRE(shown.size() >= 2);
  CHECK(shown.size() < 10);
  run.Key(test::kKeyDown);
  CHECK(run.state.highlighted == 1);
  run.Key(test::kKeyEnter);
  REQUIRE(run.did_pick);
  CHECK(run.picked == Presets()[shown[1]].id);
  CHECK(run.picked.find("gemma-3") == 0);
  CHECK(!run.state.was_open);
}

}  // namespace model_picker_test
