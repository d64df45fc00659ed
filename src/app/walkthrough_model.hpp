// What the decision walkthrough shows, derived from its answers: the workload and constraints
// they describe, the live memory of each method / precision choice, the guides' rule for the
// model's size class, and the recommendation. Recomputed only when the answers change (moving
// between steps does not recompute).
#pragma once

#include "app/deferred_code.hpp"
#include "app/app_state.hpp"
#include "engine/json_reader.hpp"
#include "engine/recommend.hpp"
#include "engine/text/engine_text.hpp"

#include <string>
#include <vector>

namespace atlas {

// One choice of step 3 with its memory on one card (no sharding), as the user would run it.
struct MethodOption {
  std::string method;     // WalkthroughState::method value
  std::string precision;  // WalkthroughState::precision value
  std::string label;
  double bytes = 0;        // total on one card
  double saving = 0;       // fraction saved vs the first option of the list
};

// A word of a guide row: an id of the engine's table, looked up in the language it is drawn in
// (the Chinese words arrive after start-up in the web build, so nothing may hold their text
// before then), or a literal that is the same in every language ("24-32 GB").
struct GuideText {
  const char* literal = nullptr;
  const char* EngineText::*id = nullptr;
  constexpr GuideText(const char* text) : literal(text) {}
  constexpr GuideText(const char* EngineText::*field) : id(field) {}
  const char* In(Language language) const { return id ? EngineTextFor(language).*id : literal; }
};

// A row of the guides' configuration table (004 §4.2; 000 §5.2), for the rule boxes.
struct GuideRow {
  double min_params, max_params;  // the size range the row covers
  int kind;                       // 0 pre-training, 1 full fine-tuning, 2 LoRA/QLoRA, 3 inference
  const char* size;
  GuideText task, hardware, memory, source;
};
// The table (sizes and section numbers as written; the words looked up when drawn).
const std::vector<GuideRow>& GuideTable();

// A figure of the answers that the job cannot take as given, said next to it (the UI words it).
struct WalkWarning {
  enum Kind { kPromptClamped, kContextBeyondModel, kSeqBeyondModel } kind;
  double value = 0, limit = 0;  // what was asked, what it was held to / the model's limit
};

// Ranked configurations the walkthrough shows, and asks recommend for: its "ranks below the
// top N" lines then name the N the reader sees.
inline constexpr int kWalkShownConfigs = 5;

// The `recommend --json` request the answers describe: the estimate request (model, task,
// precision and the job's own figures) plus "constraints". The results step is recommend's
// answer to exactly this request (read back through the engine's parser).
struct WalkRequest {
  Json request;
  std::vector<WalkWarning> warnings;
  std::vector<std::string> unknown_owned;  // owned cards not in the catalog (left out)
};
WalkRequest WalkthroughRecommendRequest(const WalkthroughState& s, const Catalogs& catalogs, Language language);

struct WalkthroughDerived {
  WalkthroughState inputs;  // what the results were computed from (step ignored)
  Language language = Language::kEnglish;  // of the explanations (part of the cache key)
  bool valid = false;
  std::vector<std::string> errors;
  std::vector<WalkWarning> warnings;
  Json request;              // the recommend request behind `result` (WalkthroughRecommendRequest)
  Workload workload;         // the job the answers describe
  std::string model_preset;  // "" = custom size
  Constraints constraints;
  std::vector<MethodOption> options;  // step 3
  RecommendResult result;             // step 5
  std::vector<const GuideRow*> guide_rows;  // rows of the table for this size class + task
  int computations = 0;
};

// The job's serving defaults when the answers leave a figure out (realtime / offline).
bool WalkthroughServing(const WalkthroughState& s);
// The run's tokens from the dataset: dataset tokens x epochs (0 epochs = 1), within the request's
// limits; what the run uses when no training tokens are given.
double DatasetRunTokens(const WalkthroughState& s);
// Precisions that make sense for a method ("qlora" -> nf4/int4/int8, ...), first = default.
std::vector<std::string> PrecisionsFor(const std::string& method);
// Whether rental prices come from a mainland-China region (CN-market sellers): the answers'
// market, else Chinese readers and domestic-cards-only answers price in China. (A chosen
// region decides instead: see WalkthroughPriceRegion.)
bool WalkthroughPricesInChina(const WalkthroughState& s, Language language);
// The price region for the recommendation: the answers' region when it is in the catalog,
// else the first region of the catalog in (or outside) mainland China, as
// WalkthroughPricesInChina decides; "" when the catalog has none.
std::string WalkthroughPriceRegion(const WalkthroughState& s, Language language, const RegionCatalog& regions);
// Step 1's answer: the task, its method, and a preset's released format when the job becomes
// serving (as SelectWalkthroughPreset gives it when the model is picked after the task).
void SelectWalkthroughTask(WalkthroughState& s, const Catalogs& c, WalkthroughTask task);
// Step 3's answer: a method and precision of its list; a fine-tune's task follows the method
// (full fine-tuning <-> PEFT).
void SelectWalkthroughMethod(WalkthroughState& s, const std::string& method, const std::string& precision);
// Keeps method and precision consistent with the task (after a task change or a link).
void NormalizeWalkthrough(WalkthroughState& s);
// Picks a model preset ("" = the custom size); a serving job then starts in the weight format its
// authors publish (models.json released_weights: gpt-oss 4-bit, DeepSeek-V3/R1 FP8), as the Calculator's pick does.
void SelectWalkthroughPreset(WalkthroughState& s, const Catalogs& c, const std::string& id);

// `language`: the one the explanations are shown in (switching it recomputes).
ATLAS_DEFERRED void UpdateWalkthroughDerived(const AppState& state, const Catalogs& catalogs, WalkthroughDerived& derived,
                              Language language);

// Opens the Calculator with the walkthrough's job, or with recommendation `config` (index into
// derived.result.configs; -1 = the job as answered).
void OpenInCalculator(AppState& state, const WalkthroughDerived& derived, int config);

// "Rank cards for this job" (the Calculator's button): the walkthrough's answers from the
// Calculator's job, and what they could not carry as set, for a line above the recommendations.
struct WalkHandOver {
  WalkthroughState walkthrough;
  Precision precision_from = Precision::kBf16;  // the Calculator's format, when precision_mapped
  bool precision_mapped = false;  // it is no walkthrough answer: the nearest one it offers is used
  double bits_from = 0, bits_to = 0;  // bits per weight of the two formats (memory_model BytesPerWeight), when mapped
  double custom_params = 0;       // > 0: a custom architecture, carried as its size (Llama-style, dense)
  int max_gpus_raised_to = 0;     // > 0: the cards allowed were fewer than the Calculator's count
  bool operator==(const WalkHandOver&) const = default;
};
// The model (its preset, or a custom architecture as its parameter count), task, method and
// precision, and the job's figures (training tokens and sequence length; users, context, prompt
// and tokens/s per user) of `calculator`, over `base`: its region, market, owned cards, card limit
// and ranking are kept, and its budget, deadline and latency limit where the kind of job
// (training or serving) stays the same. The walkthrough opens at its recommendations.
WalkHandOver WalkthroughFromCalculator(const CalculatorState& calculator, const WalkthroughState& base, const Catalogs& catalogs);

}  // namespace atlas
