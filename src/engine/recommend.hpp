// Recommendation engine: for a workload and constraints, search catalog GPU x count x parallel
// layout, keep the configurations that fit and meet the constraints, rank them by an objective,
// mark the Pareto front of time vs cost, and explain each one (the rule that made it fit, what
// limits it, the guides' advice). Also "why not" lines for popular cards that fail, and the
// guides' troubleshooting tips that apply. Pure: no I/O, no globals, never throws.
//
// Search space (per catalog card):
//   count  1, 2, 3, 4, 6, 8 in one node, then multiples of 8 across nodes (8 x 2, 3, 4, 6, 8,
//          12, 16, ...) up to max_gpus (RecommendGpuCounts);
//   layout training: DP with ZeRO 0-3, TP (inside a node) x PP (across nodes) x DP, EP for MoE,
//          then the same with full activation checkpointing, then ZeRO-3 + optimizer offload;
//          LoRA/QLoRA: DP + ZeRO-3 (FSDP) or a layer-wise pipeline; inference: TP, PP,
//          TP x PP and replicas, at the requested weight format and, when allowed, FP8 (cards
//          with FP8), INT8 and INT4.
// Memory does not depend on the card, so each (count, layout) is estimated once and compared
// against every card's capacity; the compute model runs only for the first fitting layout
// (in order of simplicity) per card and count; every count is tried, so 3, 6, 16, ... cards
// appear when they are the answer (at most two configurations per card are listed).
//
// Ranking (objective first within each tier, issue 13): owned cards; then cards priced in the
// user's market; then cards offered only in the other market (price shown, labelled); then
// configurations without any price ("no price"). Inside each of those, unless
// prefer_low_risk is false, configurations with a risk flag or a vendor-only figure
// (recommend_risk.hpp) rank after unflagged ones.
#pragma once

#include "catalogs.hpp"
#include "estimate.hpp"
#include "language.hpp"
#include "price_market.hpp"
#include "recommend_risk.hpp"
#include "workload.hpp"

#include <optional>
#include <string>
#include <vector>

namespace atlas {

struct EngineText;
// The job in words of the table's language ("pre-training", "预训练").
const char* TaskPhrase(Task task, const EngineText& text);

enum class RankObjective { kCost = 0, kTime, kGpus, kEnergy };
const char* ToString(RankObjective o);  // "cost", "time", "gpus", "energy"

struct OwnedGpu {
  std::string gpu;  // catalog id
  int count = 1;
  bool operator==(const OwnedGpu&) const = default;
};

inline constexpr int kMaxRecommendGpus = 4096;

struct Constraints {
  std::optional<double> budget_cny;      // whole training job, or per hour of serving
  std::optional<double> deadline_hours;  // training wall-clock limit
  std::optional<double> latency_ms;      // serving: time to first token limit
  bool domestic_only = false;            // Chinese-designed cards only (国产)
  std::vector<OwnedGpu> owned;           // preferred when they fit; no rent
  int max_gpus = 64;                     // 1..kMaxRecommendGpus
  int min_cpu_cores_per_gpu = 12;        // advice line (guides: >= 10-12), 0..256
  RankObjective objective = RankObjective::kCost;
  bool allow_quantization = true;        // inference: may try 8-bit weights (FP8 / INT8)
  bool allow_4bit = false;               // ... and INT4, only when asked (quality cost; issue 13)
  std::string region;                    // price region id; "" = a cn region when domestic_only, else a global one
  std::string price_market;              // "" = the region's market, else the other; "cn"/"global" = that market only
  int max_results = 20;                  // configurations returned, 1..1000
  PriceRule price_rule;                  // which figure of the market prices a card [median]
  bool prefer_low_risk = true;           // flagged configurations rank after unflagged ones (recommend_risk.hpp)
  Language language = Language::kEnglish;  // of every sentence in the result (never serialised)
  bool operator==(const Constraints&) const = default;
};

// Range checks; every message names the field ("constraints.max_gpus: ..."), in c.language.
std::vector<std::string> ValidateConstraints(const Constraints& c, const Catalogs& catalogs);

struct PriceUsed {
  // The quote behind the price (the one used, or the one nearest the median).
  std::string price_id, provider, market, currency, as_of, region_id;
  double amount = 0;               // that quote, per GPU-hour, in `currency`
  bool estimate = false;
  bool stale = false;              // that quote is older than 12 months
  std::vector<std::string> sources;
  // The price used: a statistic of the quotes that apply (price_market.hpp).
  double cny_per_gpu_hour = 0;
  PriceStatistic statistic = PriceStatistic::kMedian;
  QuoteScope scope = QuoteScope::kMarket;
  MarketStats stats;
  std::string summary;  // PriceSummary: "median of 3 current quotes from 2 sellers, ¥x–¥y; quoted ..."
};

struct Recommendation {
  Workload workload;        // the full configuration (Calculator-ready)
  std::string gpu;          // catalog id
  int gpu_index = 0;        // into catalogs.gpus.gpus
  int gpus = 1;
  std::string layout;       // "ZeRO-3 DP 4 + full checkpointing", "TP 8 x PP 2", ...
  bool owned = false;       // uses hardware the user already has
  double per_gpu_bytes = 0;  // total memory per GPU
  double gpu_memory_bytes = 0;
  double model_states_bytes = 0;  // weights + gradients + optimizer per GPU
  // Training: whole-job figures.
  std::optional<double> time_seconds;
  // Inference (one serving setup for the request's batch, per hour).
  std::optional<double> tokens_per_second;           // aggregate
  std::optional<double> tokens_per_second_per_user;
  std::optional<double> ttft_seconds;
  std::optional<double> cost_cny;        // training: job; inference: per hour. none = no price
  std::optional<double> cost_per_million_tokens_cny;  // inference
  std::optional<PriceUsed> price;
  double energy_kwh = 0;    // gpus x TDP x hours (inference: per hour); board power only
  bool pareto = false;      // on the time-vs-cost front (needs a cost)
  int rank = 0;             // 1-based after sorting
  std::vector<std::string> reasons;  // the rule that made it fit, the numbers behind it
  std::vector<std::string> limits;   // what holds it back
  std::vector<std::string> advice;   // the guides' practical advice that applies
  // Where the price comes from: the user's market (or owned), only the other market's sellers
  // (the card is not offered in the user's market), or nowhere ("no price").
  enum class Availability { kLocal, kOtherMarket, kNoPrice };
  Availability availability = Availability::kLocal;
  std::vector<RiskFlag> risks;                   // engineering risks and vendor-only figures
  std::vector<std::string> vendor_claim_fields;  // gpus.json fields behind the speed that only the vendor claims
  // Free memory per card as a fraction of what the job may use (the "Fits" reason's figure).
  double headroom_fraction = 1;
  bool flagged() const { return !risks.empty(); }
  // Under kTightHeadroomFraction: the "Tight" limit, and a mark beside the configuration.
  bool tight() const;
  // The rent is one seller's quote (a statistic over one seller's quotes), not a market's:
  // the Cost view keeps such a purchase price out of its headline; here it is marked.
  bool one_seller_price() const { return price && price->statistic != PriceStatistic::kQuote && price->stats.sellers == 1; }
};

// Headroom under 10 % of the usable memory is tight: against the 16 held memory measurements in
// data/validation_cases.json the memory estimate is off by up to 8.7 % (median 4.1 %;
// `gpu-atlas validate`), and allocator fragmentation or a longer sequence than planned takes more.
inline constexpr double kTightHeadroomFraction = 0.10;
inline bool TightHeadroom(double headroom_fraction) { return headroom_fraction < kTightHeadroomFraction; }
inline bool Recommendation::tight() const { return TightHeadroom(headroom_fraction); }
const char* AvailabilityId(Recommendation::Availability a);  // "local", "other_market", "no_price"

struct Tip {
  std::string title;   // "Out of memory"
  std::string text;
  std::string source;  // guide section
};

struct RecommendResult {
  bool ok = false;
  std::vector<std::string> errors;        // invalid workload or constraints
  std::vector<Recommendation> configs;    // ranked, at most max_results
  int fitting_total = 0;                  // configurations meeting every constraint (before the cut)
  std::vector<std::string> why_not;       // popular cards that fail, with the numbers
  // What the reader must see before acting on the list: a training run longer than
  // kLongRunHours with no deadline set (the fastest configuration found, and "set a deadline").
  std::vector<std::string> warnings;
  std::vector<Tip> tips;                  // troubleshooting that applies
  std::vector<std::string> notes;         // prices used, assumptions, guide vs engine
  std::vector<bool> note_is_guide_disagreement;  // parallel to notes: the guides and the engine disagree
  double single_gpu_bytes = 0;            // memory on one card without sharding (the floor)
  double single_gpu_model_states_bytes = 0;
  double single_gpu_activations_bytes = 0;
  double min_single_gpu_bytes = 0;        // one card with every trick (checkpointing, offload, quantisation)
  // Search statistics.
  long long search_space = 0;      // card x count x layout combinations, before pruning
  long long evaluated = 0;         // valid combinations actually checked against a card
  int memory_estimates = 0;        // distinct (count, layout) memory estimates
  int compute_estimates = 0;       // compute-model runs
};

// A training run past this with no deadline gets a warning: 90 days, a quarter — past it the
// hardware, the prices and usually the plan change before the run ends (a project choice).
inline constexpr double kLongRunHours = 90 * 24;

// The search. Never throws; invalid input comes back as `errors`.
RecommendResult Recommend(const Workload& workload, const Constraints& constraints, const Catalogs& catalogs);

// The GPU counts searched up to max_gpus: 1, 2, 4, 8, then 8 x {2, 3, 4, 6, 8, 12, 16, ...}.
std::vector<int> CandidateGpuCounts(int max_gpus);

// The counts the recommender searches: CandidateGpuCounts plus 3 and 6 cards in one node.
std::vector<int> RecommendGpuCounts(int max_gpus);

// Size class of the guides' decision tree (000 §5.1): "< 1B", "1-10B", "10-100B", "> 100B".
const char* SizeClass(double params);

// Cards the "why not" lines talk about when they fail (the guides' usual suspects).
const std::vector<std::string>& PopularGpuIds();

}  // namespace atlas
