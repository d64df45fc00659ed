#include "cost_job_banner.hpp"

#include "app/carried_job.hpp"
#include "engine/format.hpp"
#include "theme.hpp"
#include "widgets.hpp"

#include <cmath>
#include <imgui.h>

namespace atlas::ui {

namespace {

const char* TaskWord(Task task, const UiText& t) {
  switch (task) {
    case Task::kPretrain: return t.job_task_pretrain;
    case Task::kFullFinetune: return t.job_task_full;
    case Task::kLora: return t.job_task_lora;
    case Task::kQlora: return t.job_task_qlora;
    case Task::kInference: return t.job_task_serving;
  }
  return "";
}

}  // namespace

void DrawCalculatorJobHint(AppState& state, const Catalogs& c, const CalculatorDerived* calculator, const UiEnv& env,
                           UiMemory& memory) {
  if (!calculator || state.cost.job != CarriedJobSource::kNone) return;
  const CarriedJob job = CalculatorJob(*calculator);
  if (!job.available || (job.gpu == state.cost.gpu && job.gpus == state.cost.gpus)) return;
  const UiText& t = env.text();
  const Gpu* gpu = c.gpus.Find(job.gpu);
  const std::string card = gpu ? gpu->DisplayName(env.chinese()) : job.gpu;
  ColoredWrapped(kColorMuted, Printf(t.job_calc_differs, (env.chinese() && !job.model_name_zh.empty() ? job.model_name_zh : job.model_name).c_str(),
                                     TaskWord(job.task, t), job.gpus, card.c_str()));
  if (ImGui::Button((std::string(t.job_cost_calc) + "###job_cost_calc").c_str(),
                    ImVec2(env.narrow() ? ImGui::GetContentRegionAvail().x : 0, env.narrow() ? Em(2.2f) : 0)))
    CostThisJob(state, job, 1, memory.carried_job);
  TestTarget(env, "cost_job_from_calc");
  ImGui::Separator();
}

void DrawCarriedJobBanner(AppState& state, const Catalogs& c, const UiEnv& env, UiMemory& memory) {
  const CarriedJob job = DescribeLinkedJob(state, c);
  if (job.source == CarriedJobSource::kNone) return;
  const UiText& t = env.text();
  const Gpu* gpu = c.gpus.Find(job.gpu);
  const std::string card = gpu ? gpu->DisplayName(env.chinese()) : job.gpu;
  // One decimal, as the walkthrough writes a job's hours ("42.7 h", not "43 h"); whole hours
  // (a month of serving, 730 h) and long jobs without.
  const bool whole = job.hours == std::round(job.hours) || job.hours >= 1000;
  const std::string hours = FormatNumber(job.hours, whole ? 0 : job.hours < 0.1 ? 2 : 1);
  const std::string span = job.serving ? Printf(t.job_month_of_serving, hours.c_str()) : Printf(t.job_hours, hours.c_str());
  const std::string from = job.source == CarriedJobSource::kCalculator ? std::string(t.job_from_calc)
                                                                        : Printf(t.job_from_walk, state.cost.job_rank);
  ImGui::PushTextWrapPos(0);
  ColoredWrapped(kColorAccent, Printf(t.job_banner, (env.chinese() && !job.model_name_zh.empty() ? job.model_name_zh : job.model_name).c_str(), TaskWord(job.task, t), job.gpus, card.c_str(),
                                      span.c_str(), from.c_str()));
  if (memory.carried_job.applied) ImGui::TextDisabled("%s", t.job_banner_follows);
  else ColoredWrapped(kColorWarn, Printf(t.job_banner_waiting, from.c_str()));
  ImGui::PopTextWrapPos();
  if (ImGui::Button((std::string(t.job_unlink) + "###job_unlink").c_str(),
                    ImVec2(env.narrow() ? ImGui::GetContentRegionAvail().x : 0, env.narrow() ? Em(2.2f) : 0)))
    UnlinkCarriedJob(state, memory.carried_job);
  TestTarget(env, "cost_job_unlink");
  ImGui::Separator();
}

}  // namespace atlas::ui
