// The recommendation search (recommend.hpp). Index:
// [SECTION] Small helpers                 phrases, counts of cards, hours and yuan as words
// [SECTION] Layouts                       how a job can be spread over n cards, and its label
// [SECTION] The layouts of each count     built and estimated once per search, shared by the cards
// [SECTION] The search's records          per-card trace, candidates, the ranking key
// [SECTION] The search, step by step      class Search: one member function per step; Recommend
#include "recommend.hpp"

#include "advice.hpp"
#include "cost.hpp"
#include "format.hpp"
#include "peak_kind_text.hpp"
#include "text/engine_text.hpp"
#include "units.hpp"
#include "plural.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace atlas {

// [SECTION] Small helpers ----------------------------------------------------------------------

const char* ToString(RankObjective o) {
  switch (o) {
    case RankObjective::kCost: return "cost";
    case RankObjective::kTime: return "time";
    case RankObjective::kGpus: return "gpus";
    case RankObjective::kEnergy: return "energy";
  }
  return "cost";
}

const char* SizeClass(double params) {
  if (params < 1e9) return "< 1B";
  if (params <= 10e9) return "1-10B";
  if (params <= 100e9) return "10-100B";
  return "> 100B";
}

const std::vector<std::string>& PopularGpuIds() {
  static const std::vector<std::string> ids = {"rtx-4090", "rtx-3090",     "a100-80gb-sxm", "h100-sxm",
                                               "rtx-a6000", "l40s",        "a10",           "t4",
                                               "mi300x",    "ascend-910b", "h20"};
  return ids;
}

std::vector<int> CandidateGpuCounts(int max_gpus) {
  std::vector<int> out;
  for (int n : {1, 2, 4, 8})
    if (n <= max_gpus) out.push_back(n);
  // Across nodes: 8 x {2, 3, 4, 6, 8, 12, 16, 24, ...} (x1.5 / x1.33 steps).
  for (int nodes = 2; 8LL * nodes <= max_gpus && nodes <= kMaxRecommendGpus / 8;) {
    out.push_back(8 * nodes);
    const int next = (nodes & (nodes - 1)) == 0 ? nodes + nodes / 2 : (nodes / 3) * 4;
    nodes = std::max(nodes + 1, next);
  }
  return out;
}

std::vector<int> RecommendGpuCounts(int max_gpus) {
  std::vector<int> out = CandidateGpuCounts(max_gpus);
  for (int n : {3, 6})
    if (n <= max_gpus) out.push_back(n);
  std::sort(out.begin(), out.end());
  return out;
}

const char* AvailabilityId(Recommendation::Availability a) {
  switch (a) {
    case Recommendation::Availability::kLocal: return "local";
    case Recommendation::Availability::kOtherMarket: return "other_market";
    case Recommendation::Availability::kNoPrice: return "no_price";
  }
  return "local";
}

std::vector<std::string> ValidateConstraints(const Constraints& c, const Catalogs& catalogs) {
  const EngineText& T = EngineTextFor(c.language);
  std::vector<std::string> e;
  auto positive = [&](const std::optional<double>& v, const char* field, double max) {
    if (v && !(*v > 0 && *v <= max)) e.push_back(Printf(T.rec_err_positive, field, Readable(max).c_str()));
  };
  positive(c.budget_cny, "budget", 1e12);
  positive(c.deadline_hours, "deadline_hours", 876000);
  positive(c.latency_ms, "latency_ms", 3.6e6);
  if (c.max_gpus < 1 || c.max_gpus > kMaxRecommendGpus)
    e.push_back(Printf(T.rec_err_max_gpus, kMaxRecommendGpus));
  if (c.min_cpu_cores_per_gpu < 0 || c.min_cpu_cores_per_gpu > 256)
    e.push_back(T.rec_err_cpu_cores);
  if (c.max_results < 1 || c.max_results > 1000) e.push_back(T.rec_err_max_results);
  for (size_t i = 0; i < c.owned.size(); ++i) {
    if (!catalogs.gpus.Find(c.owned[i].gpu))
      e.push_back(Printf(T.rec_err_owned_gpu, i, c.owned[i].gpu.c_str()));
    if (c.owned[i].count < 1 || c.owned[i].count > 100000) e.push_back(Printf(T.rec_err_owned_count, i));
  }
  if (!c.region.empty() && !catalogs.regions.Find(c.region))
    e.push_back(Printf(T.rec_err_region, c.region.c_str()));
  return e;
}

const char* TaskPhrase(Task t, const EngineText& T) {
  switch (t) {
    case Task::kPretrain: return T.rec_task_pretrain;
    case Task::kFullFinetune: return T.rec_task_full_finetune;
    case Task::kLora: return T.rec_task_lora;
    case Task::kQlora: return T.rec_task_qlora;
    case Task::kInference: return T.rec_task_inference;
  }
  return T.rec_task_other;
}

namespace {

bool IsPeft(Task t) { return t == Task::kLora || t == Task::kQlora; }

const char* ObjectivePhrase(RankObjective o, const EngineText& T) {
  switch (o) {
    case RankObjective::kCost: return T.rec_objective_cost;
    case RankObjective::kTime: return T.rec_objective_time;
    case RankObjective::kGpus: return T.rec_objective_gpus;
    case RankObjective::kEnergy: return T.rec_objective_energy;
  }
  return T.rec_objective_cost;
}


std::string Cards(int n, const EngineText& T) { return n == 1 ? std::string(T.rec_one_card) : Printf(T.rec_cards, n); }

double Hours(double seconds) { return seconds / kSecondsPerHour; }

std::string HoursText(double hours, const EngineText& T) {
  if (hours < 1) return Printf(T.rec_minutes, hours * 60);
  if (hours < 48) return Printf(T.rec_hours, hours);
  return Printf(T.rec_hours_days, Grouped(hours).c_str(), Grouped(hours / 24, hours < 240 ? 1 : 0).c_str());
}

std::string Cny(double amount) {
  if (amount >= 100) return Printf("¥%.0f", amount);
  return Printf("¥%.2f", amount);
}

// [SECTION] Layouts ------------------------------------------------------------------------------

// What a layout sets in the job; the rest is the request's. A Workload (with the model's strings)
// is made from it only where one is needed, and its label only for the configurations shown, so
// building a count's layouts allocates nothing per layout (issue 16.5).
struct LayoutShape {
  int gpus = 1, tp = 1, pp = 1, dp = 1, ep = 1, zero_stage = 0, batch = 1;
  Precision precision = Precision::kBf16;
  Checkpointing checkpointing = Checkpointing::kNone;
  bool offload_optimizer = false;
};

void ApplyShape(const LayoutShape& s, Workload& w) {
  w.gpus = s.gpus, w.tp = s.tp, w.pp = s.pp, w.dp = s.dp, w.ep = s.ep, w.zero_stage = s.zero_stage;
  w.batch = s.batch, w.precision = s.precision, w.checkpointing = s.checkpointing;
  w.offload_optimizer = s.offload_optimizer;
}

// How a layout is named (LayoutLabel).
enum class LayoutKind { kOneGpu, kFsdp, kLayerPipeline, kDp, kDpEp, kTpDp, kTpPpDp, kServeTp, kServeTpPp, kServePp };

struct Layout {
  LayoutShape shape;
  LayoutKind kind = LayoutKind::kOneGpu;
  bool serving = false;
  bool needs_fp8 = false;
  bool valid = false;
  MemoryBreakdown memory;  // numbers only are used
  int replicas = 1;
};

// The job as the layout runs it (on no card in particular: gpu is the request's).
Workload LayoutWorkload(const Layout& l, const Workload& base) {
  Workload w = base;
  ApplyShape(l.shape, w);
  return w;
}

// "ZeRO-3 DP 4 + full checkpointing", "2 replicas x TP 4, FP8 weights", ...
std::string LayoutLabel(const Layout& l, const Workload& base, const EngineText& T) {
  const LayoutShape& s = l.shape;
  const int size = s.gpus / std::max(1, l.replicas);
  const char* x = T.rec_layout_times;  // " x "; Chinese text multiplies with " × " (a review saw both in one line)
  std::string label;
  switch (l.kind) {
    case LayoutKind::kOneGpu: label = T.rec_layout_one_gpu; break;
    case LayoutKind::kFsdp: label = Printf("FSDP / ZeRO-3 DP %d", s.gpus); break;
    case LayoutKind::kLayerPipeline: label = Printf(T.rec_layout_layer_pipeline, s.gpus); break;
    case LayoutKind::kDp: label = s.zero_stage == 0 ? Printf("DDP %d", s.gpus) : Printf("ZeRO-%d DP %d", s.zero_stage, s.gpus); break;
    case LayoutKind::kDpEp: label = Printf("ZeRO-%d DP %d + EP %d", s.zero_stage, s.gpus, s.ep); break;
    case LayoutKind::kTpDp:
      label = s.dp > 1 ? Printf("TP %d%sDP %d, ZeRO-1%s", s.tp, x, s.dp, s.ep > 1 ? Printf(" + EP %d", s.ep).c_str() : "")
                       : Printf("TP %d", s.tp);
      break;
    case LayoutKind::kTpPpDp: label = Printf("TP 8%sPP %d%sDP %d%s", x, s.pp, x, s.dp, s.dp > 1 ? ", ZeRO-1" : ""); break;
    case LayoutKind::kServeTp: label = Printf("TP %d", size); break;
    case LayoutKind::kServeTpPp: label = Printf("TP 8%sPP %d", x, size / 8); break;
    case LayoutKind::kServePp: label = Printf("PP %d", size); break;
  }
  if (l.serving)
    return (l.replicas > 1 ? Printf(T.rec_layout_replicas, l.replicas) : std::string()) + label +
           (s.precision == base.precision ? std::string() : Printf(T.rec_layout_weights, PrecisionLabel(s.precision)));
  if (s.checkpointing == Checkpointing::kFull && base.checkpointing != Checkpointing::kFull) label += T.rec_layout_plus_checkpointing;
  if (s.offload_optimizer) label += T.rec_layout_plus_offload;
  return label;
}

void AddTrainingLayouts(const Workload& base, int n, std::vector<Layout>& out) {
  const ModelSpec& m = base.model;
  std::array<Checkpointing, 2> ckpts = {base.checkpointing, Checkpointing::kFull};
  const int ckpt_count = base.checkpointing != Checkpointing::kFull ? 2 : 1;
  auto add = [&](LayoutShape s, LayoutKind kind, Checkpointing ck, bool offload) {
    s.gpus = n;
    s.checkpointing = ck;
    s.offload_optimizer = offload;
    Layout& l = out.emplace_back();
    l.shape = s;
    l.kind = kind;
  };
  // The request's job on n cards, no parallelism yet (tp = pp = dp = ep = 1, no ZeRO).
  LayoutShape plain;
  plain.batch = base.batch;
  plain.precision = base.precision;
  for (int c = 0; c < ckpt_count; ++c) {
    const Checkpointing ck = ckpts[static_cast<size_t>(c)];
    if (n == 1) {
      add(plain, LayoutKind::kOneGpu, ck, false);
      continue;
    }
    if (IsPeft(base.task)) {
      LayoutShape s = plain;
      s.dp = n, s.zero_stage = 3;
      add(s, LayoutKind::kFsdp, ck, false);
      if (m.IsTransformer() && n <= m.layers) {
        s = plain;
        s.pp = n;
        add(s, LayoutKind::kLayerPipeline, ck, false);
      }
      continue;
    }
    for (int z = 0; z <= 3; ++z) {
      LayoutShape s = plain;
      s.dp = n, s.zero_stage = z;
      add(s, LayoutKind::kDp, ck, false);
    }
    if (m.IsMoe()) {
      for (int z : {1, 3}) {
        LayoutShape s = plain;
        s.dp = n, s.zero_stage = z;
        s.ep = WidestExpertParallel(m.experts, n);
        if (n % s.ep != 0 || s.ep < 2) continue;
        add(s, LayoutKind::kDpEp, ck, false);
      }
    }
    if (m.IsTransformer()) {
      for (int t = 2; t <= std::min(n, 8); t *= 2) {
        if (m.heads % t != 0 || n % t != 0) continue;
        LayoutShape s = plain;
        s.tp = t, s.dp = n / t, s.zero_stage = s.dp > 1 ? 1 : 0;
        if (m.IsMoe() && s.dp > 1) s.ep = WidestExpertParallel(m.experts, s.dp);
        add(s, LayoutKind::kTpDp, ck, false);
      }
      if (n > 8 && m.heads % 8 == 0) {
        for (int p = 2; 8 * p <= n; p *= 2) {
          if (n % (8 * p) != 0 || p > m.layers) continue;
          LayoutShape s = plain;
          s.tp = 8, s.pp = p, s.dp = n / (8 * p), s.zero_stage = s.dp > 1 ? 1 : 0;
          if (m.IsMoe() && s.dp > 1) s.ep = WidestExpertParallel(m.experts, s.dp);
          add(s, LayoutKind::kTpPpDp, ck, false);
        }
      }
    }
  }
  // Last resort: everything sharded, optimizer states in CPU memory, full recomputation.
  LayoutShape s = plain;
  s.dp = n, s.zero_stage = n > 1 ? 3 : 0;
  add(s, n > 1 ? LayoutKind::kDp : LayoutKind::kOneGpu, Checkpointing::kFull, true);
}

void AddInferenceShape(const Workload& base, int size, int replicas, Precision p, std::vector<Layout>& out) {
  const ModelSpec& m = base.model;
  // The request's job with its own ZeRO, checkpointing and offload settings, as served.
  LayoutShape s;
  s.gpus = size * replicas;
  s.zero_stage = base.zero_stage;
  s.checkpointing = base.checkpointing;
  s.offload_optimizer = base.offload_optimizer;
  s.precision = p;
  s.batch = std::max(1, (base.batch + replicas - 1) / replicas);
  auto push = [&](int tp, int pp, LayoutKind kind) {
    Layout& l = out.emplace_back();
    l.shape = s;
    l.shape.tp = tp, l.shape.pp = pp;
    l.kind = kind;
    l.serving = true;
    l.needs_fp8 = p == Precision::kFp8;
    l.replicas = replicas;
  };
  if (size == 1) {
    push(1, 1, LayoutKind::kOneGpu);
    return;
  }
  if (!m.IsTransformer()) return;
  if (size <= 8 && m.heads % size == 0) push(size, 1, LayoutKind::kServeTp);
  if (size > 8 && m.heads % 8 == 0 && size % 8 == 0 && size / 8 <= m.layers) push(8, size / 8, LayoutKind::kServeTpPp);
  if (size <= m.layers) push(1, size, LayoutKind::kServePp);
}

void AddInferenceLayouts(const Workload& base, int n, bool allow_quant, bool allow_4bit, std::vector<Layout>& out) {
  std::vector<Precision> formats = {base.precision};
  if (allow_quant)
    for (Precision p : {Precision::kFp8, Precision::kInt8, Precision::kInt4})
      if ((p != Precision::kInt4 || allow_4bit) && BytesPerWeight(p) < BytesPerWeight(base.precision) &&
          std::find(formats.begin(), formats.end(), p) == formats.end())
        formats.push_back(p);
  for (Precision p : formats) {
    AddInferenceShape(base, n, 1, p, out);
    for (int r = 2; r <= n && r <= base.batch; r *= 2)
      if (n % r == 0) AddInferenceShape(base, n / r, r, p, out);
  }
}

// [SECTION] The layouts of each count ----------------------------------------------------------------

// Where a layout lives in the LayoutCache: the count's slot and the layout's place in it. An index
// pair, not a pointer, so no later growth of the cache can leave it dangling.
struct LayoutRef {
  int slot = -1;
  int index = 0;
};

// Layouts per count, built once and shared by every card: counted for the search-space size
// (every count), their memory estimated only when a card first tries the count.
class LayoutCache {
 public:
  struct Count {
    int count = 0;
    bool estimated = false;
    std::vector<Layout> list;
    long long fp8 = 0;  // layouts needing FP8
  };

  LayoutCache(const Workload& base, const Constraints& cons, const Catalogs& c, bool training)
      : base_(base), cons_(cons), c_(c), training_(training) {}

  // The slot of n cards' layouts, built on the first ask (not yet estimated).
  int Slot(int n) {
    for (size_t i = 0; i < counts_.size(); ++i)
      if (counts_[i].count == n) return static_cast<int>(i);
    Count& e = counts_.emplace_back();
    e.count = n;
    if (training_) AddTrainingLayouts(base_, n, e.list);
    else AddInferenceLayouts(base_, n, cons_.allow_quantization, cons_.allow_4bit, e.list);
    e.fp8 = std::count_if(e.list.begin(), e.list.end(), [](const Layout& l) { return l.needs_fp8; });
    return static_cast<int>(counts_.size() - 1);
  }
  const Count& Built(int n) { return counts_[static_cast<size_t>(Slot(n))]; }

  // The slot of n cards' layouts with the memory of each valid one estimated (once per count;
  // each estimate counted in memory_estimates). `work` is the request's job, re-shaped for each
  // layout in turn (ApplyShape sets every field a layout changes), so no model strings are copied.
  int EstimatedSlot(int n, Workload& work, int& memory_estimates) {
    const int slot = Slot(n);
    Count& e = counts_[static_cast<size_t>(slot)];
    if (!e.estimated) {
      for (Layout& l : e.list) {
        ApplyShape(l.shape, work);
        l.valid = ValidateWorkload(work).empty();
        if (!l.valid) continue;
        l.memory = EstimateMemory(work, c_.assumptions, c_.calibration, Language::kEnglish, false);
        memory_estimates++;
      }
      e.estimated = true;
    }
    return slot;
  }
  const std::vector<Layout>& List(int slot) const { return counts_[static_cast<size_t>(slot)].list; }
  const Layout& At(LayoutRef r) const { return List(r.slot)[static_cast<size_t>(r.index)]; }

 private:
  const Workload& base_;
  const Constraints& cons_;
  const Catalogs& c_;
  const bool training_;
  std::vector<Count> counts_;
};

// [SECTION] The search's records ------------------------------------------------------------------

struct GpuTrace {  // what happened to one card, for the "why not" lines
  bool excluded = false;
  int first_fit_count = 0;           // smallest count where some layout fit in memory
  LayoutRef first_fit_layout;        // named only if a why-not line quotes it
  std::string constraint_failure;    // first reason a fitting configuration was rejected
  double failed_user_speed = -1;     // serving: the per-user speed of the layout that line quotes
  bool accepted = false;
  std::string software_refusal;      // the job's software is not supported on the card
  std::string unpublished_refusal;   // a figure the job needs is not published for the card
  // Layouts passed over because they need FP8 and the card has no FP8 tensor cores or no FP8
  // software: a card with no fitting layout was then never tried, not too small.
  bool fp8_skipped = false;
  bool fp8_no_tensor_cores = false;
};

// The figure a job needs that the card's vendor does not publish (gpus.json "unpublished"), or
// null: decode needs the memory bandwidth, every job's energy line the board power.
const char* MissingFigure(const Gpu& g, bool training, const EngineText& T) {
  if (!training && g.IsUnpublished("memory_bandwidth_gbps")) return T.rec_figure_bandwidth;
  if (g.IsUnpublished("tdp_w")) return T.rec_figure_power;
  return nullptr;
}

// A configuration that fits and meets every constraint: what the ranking reads (the same names
// as in Recommendation, which is made from it only if the configuration is listed: a
// Recommendation is ~1.3 KB with a Workload's strings, and a search accepts hundreds).
struct Candidate {
  int gpu_index = 0;
  int gpus = 1;
  bool owned = false;
  double per_gpu_bytes = 0, model_states_bytes = 0;
  std::optional<double> time_seconds, tokens_per_second, tokens_per_second_per_user, ttft_seconds;
  std::optional<double> cost_cny, cost_per_million_tokens_cny;
  double energy_kwh = 0;
  Recommendation::Availability availability = Recommendation::Availability::kLocal;
  bool risky = false;         // HasRisk: some risk flag (AssessRisk)
  bool vendor_claim = false;  // HasVendorClaim: a vendor-only figure behind the speed
};

// A configuration meeting every constraint, with what its explanation needs (built only for
// the configurations that make the list).
struct Accepted {
  Candidate r;
  LayoutRef layout;
  ComputeResult cr;
  double hours = 1, capacity = 0;
  int owned_count = 0;
};

// One configuration judged: the candidate, or why it was turned down.
struct Judged {
  Accepted x;
  std::string failure;  // empty: accepted
  bool budget_fail = false;
};

// What one card offers before any layout: its rent (CNY per GPU-hour, the market's figure) and
// whether it comes from the other market.
struct CardPrice {
  std::optional<double> cny_per_gpu_hour;
  bool other_market = false;
};


struct Ranker {
  RankObjective objective;
  bool prefer_low_risk = true;
  // Time metric: training seconds; inference seconds per token per user.
  template <class R>
  static double TimeOf(const R& r) {
    if (r.time_seconds) return *r.time_seconds;
    if (r.tokens_per_second_per_user && *r.tokens_per_second_per_user > 0) return 1 / *r.tokens_per_second_per_user;
    return std::numeric_limits<double>::infinity();
  }
  // Training: cards x hours of the job; serving: cards (per hour).
  static double GpuHoursOf(const Candidate& r) {
    return r.time_seconds ? r.gpus * *r.time_seconds / kSecondsPerHour : double(r.gpus);
  }
  static double CostOf(const Candidate& r) {
    return r.cost_cny ? *r.cost_cny : std::numeric_limits<double>::infinity();
  }
  // The order as one key, compared lexicographically: owned cards first; then the tiers
  // (recommend.hpp): local offers, the other market's, no price; then unflagged before flagged
  // (a vendor-only figure never decides the ranking, even when risks are to be ignored); then
  // the objective.
  std::array<double, 6> Key(const Candidate& r) const {
    const bool demoted = prefer_low_risk ? r.risky : r.vendor_claim;
    std::array<double, 3> k{0, 0, 0};
    switch (objective) {
      // Without a price (cost infinite), GPU-hours stand in for it: rent at any price scales with them.
      // Costs equal to 3 significant figures are a tie, which the faster run wins (48 A30 at
      // ¥165.9 and 103 min ranked above 64 at ¥166.1 and 77 min, which dominates it in practice).
      case RankObjective::kCost:
        k = r.cost_cny ? std::array<double, 3>{CostRankKey(*r.cost_cny), TimeOf(r), GpuHoursOf(r)}
                       : std::array<double, 3>{CostOf(r), GpuHoursOf(r), TimeOf(r)};
        break;
      case RankObjective::kTime: k = {TimeOf(r), CostOf(r), double(r.gpus)}; break;
      case RankObjective::kGpus: k = {double(r.gpus), CostOf(r), TimeOf(r)}; break;
      case RankObjective::kEnergy: k = {r.energy_kwh, TimeOf(r), CostOf(r)}; break;
    }
    return {r.owned ? 0.0 : 1.0, static_cast<double>(r.availability), demoted ? 1.0 : 0.0, k[0], k[1], k[2]};
  }
};

// [SECTION] The search, step by step -----------------------------------------------------------------

// One search: the request, the catalogs and what the steps below build up in order (Recommend
// calls them). Each step has one job; the result is taken at the end.
class Search {
 public:
  Search(const Workload& base_in, const Constraints& cons, const Catalogs& c)
      : cons_(cons), c_(c), a_(c.assumptions), T(EngineTextFor(cons.language)),
        zh_(cons.language == Language::kChinese), base_(base_in), layouts_(base_, cons, c, base_in.IsTraining()) {
    // base_.mfu stays as the user set it: unset means each card's tier default (the search
    // compares cards of different tiers), set means the user's figure for every card.
  }
  // LayoutCache holds a reference to base_: a copied or moved Search would leave it dangling.
  Search(const Search&) = delete;
  Search& operator=(const Search&) = delete;

  // The request's job and constraints checked; false (with res.errors) when the search cannot run.
  bool Validate();
  // The floor: the job on one card as requested, no sharding; and the smallest memory one card
  // can get to with every trick (checkpointing, offload, quantisation).
  void EstimateOneCard();
  // The price region (the user's, else a mainland-China one when domestic, else a global one),
  // with the note saying how costs are priced.
  void ChoosePriceRegion();
  // Every layout of every count on one card: what fits, what meets the constraints (accepted_).
  void SearchCard(size_t gi);
  // The best configurations, ranked, at most two per card, each with its explanation.
  void ListBest();
  // A run past the horizon with no deadline: a warning with the fastest configuration found.
  void WarnLongRun();
  // Pareto front of time vs cost among the listed configurations (those with a cost).
  void MarkPareto();
  // "Why not" lines for popular cards missing from the list, and for cards missing a figure.
  void ExplainMissingCards();
  // The notes after the search (exclusions, risk ranking, owned cards, ignored constraints,
  // guide vs engine) and the troubleshooting tips that apply.
  void AddClosingNotes();
  void AddTips();
  // The result; `completed` says every step ran (false after a failed Validate).
  RecommendResult Take(bool completed) {
    res_.ok = completed;
    return std::move(res_);
  }

 private:
  void AddNote(std::string text, bool guide_disagreement) {  // notes and their flags stay parallel
    res_.notes.push_back(std::move(text));
    res_.note_is_guide_disagreement.push_back(guide_disagreement);
  }
  CardPrice PriceCard(size_t gi);
  // One fitting layout on a card: its speed, cost, energy and flags, or the constraint it misses.
  Judged Judge(const Gpu& g, size_t gi, int n, LayoutRef ref, double capacity, int owned_count, const CardPrice& price);
  std::vector<int> RankedOrder() const;
  std::vector<int> ranked_;  // RankedOrder(), made once by ListBest (ExplainMissingCards reads it too)
  Recommendation MakeRecommendation(const Accepted& x);
  void Explain(const Accepted& x, Recommendation& r) const;
  const std::optional<PriceUsed>& PriceUsedFor(size_t gi);

  const Constraints& cons_;
  const Catalogs& c_;
  const Assumptions& a_;
  const EngineText& T;
  const bool zh_;  // names and regions as Chinese readers know them
  Workload base_;
  bool training_ = false;
  const Region* region_ = nullptr;
  double virt_ = 0;  // the container's virtualisation overhead
  LayoutCache layouts_;
  Workload work_;  // the job re-shaped for each layout (ApplyShape), on no card in particular
  std::vector<int> base_counts_;
  std::vector<Accepted> accepted_;
  std::vector<std::optional<PriceChoice>> card_choices_;  // by card index, those priced
  std::vector<std::optional<PriceUsed>> card_prices_;     // made when a card is listed
  std::vector<GpuTrace> trace_;
  int excluded_foreign_ = 0;
  int software_skipped_ = 0;
  RecommendResult res_;
  MemoryBreakdown one_card_;  // the job on one card (EstimateOneCard): what it needs of any card
};

// The job on one card, no parallelism and no ZeRO (its other settings as requested).
Workload OnOneCard(const Workload& w) {
  Workload one = w;
  one.tp = one.pp = one.dp = one.ep = 1;
  one.gpus = 1;
  one.zero_stage = 0;
  return one;
}

bool Search::Validate() {
  for (const std::string& e : ValidateWorkload(OnOneCard(base_), cons_.language)) res_.errors.push_back(e);
  for (const std::string& e : ValidateConstraints(cons_, c_)) res_.errors.push_back(e);
  if (c_.gpus.gpus.empty()) res_.errors.push_back(T.rec_err_empty_catalog);
  if (!res_.errors.empty()) return false;
  training_ = base_.IsTraining();
  if (training_ && base_.train_tokens <= 0) base_.train_tokens = base_.task == Task::kPretrain ? 20 * base_.model.params : 1e8;
  work_ = base_;
  const size_t cards = c_.gpus.gpus.size();
  base_counts_ = RecommendGpuCounts(cons_.max_gpus);
  accepted_.reserve(cards * (base_counts_.size() + 1));  // at most one per card and count
  card_choices_.resize(cards);
  card_prices_.resize(cards);
  trace_.resize(cards);
  return true;
}

void Search::EstimateOneCard() {
  Workload one = OnOneCard(base_);
  one.offload_optimizer = false;
  const MemoryBreakdown mb = EstimateMemory(one, a_, c_.calibration, Language::kEnglish, false);
  one_card_ = mb;
  res_.memory_estimates++;
  // What one card must hold, in the terms the layout checks compare with its share: a
  // preallocating server's context sits outside that share (memory_model.cpp required_bytes).
  res_.single_gpu_bytes = mb.required_bytes;
  res_.single_gpu_model_states_bytes = mb.weights_bytes + mb.gradients_bytes + mb.optimizer_bytes;
  res_.single_gpu_activations_bytes = mb.activations_bytes;
  double floor_one = std::numeric_limits<double>::infinity();
  for (const Layout& l : layouts_.List(layouts_.EstimatedSlot(1, work_, res_.memory_estimates)))
    if (l.valid) floor_one = std::min(floor_one, l.memory.required_bytes);
  res_.min_single_gpu_bytes = std::isfinite(floor_one) ? floor_one : res_.single_gpu_bytes;
}

void Search::ChoosePriceRegion() {
  region_ = cons_.region.empty() ? nullptr : c_.regions.Find(cons_.region);
  if (!region_)
    for (const Region& r : c_.regions.regions)
      if (r.in_china() == cons_.domestic_only) {
        region_ = &r;
        break;
      }
  const ServiceForm* container = c_.pricing.Form(ServiceKind::kContainer);
  virt_ = container ? container->virtualization_overhead : 0;
  if (region_ && virt_ > 0)
    AddNote(Printf(T.rec_note_cost_virtualisation, region_->in_china() ? T.word_market_cn : T.word_market_global,
                   region_->DisplayName(zh_).c_str(), virt_ * 100), false);
  else if (region_)
    AddNote(Printf(T.rec_note_cost, region_->in_china() ? T.word_market_cn : T.word_market_global,
                   region_->DisplayName(zh_).c_str()), false);
  else
    AddNote(T.rec_note_no_region, false);
}

// Price, once per card: the figure here, the quote and its summary only if the card is listed.
CardPrice Search::PriceCard(size_t gi) {
  CardPrice out;
  if (!region_) return out;
  // The market's figure for the card (median of current quotes unless the request says
  // otherwise), the region's own sellers pooled with the market's region-wide ones (price_market.hpp).
  std::optional<PriceChoice>& pc = card_choices_[gi];
  pc = ChoosePrice(c_.pricing, c_.gpus.gpus[gi].id, ServiceKind::kContainer, *region_, cons_.price_rule, cons_.language, false);
  if (pc->record && pc->amount_cny && (cons_.price_market.empty() || pc->record->market == cons_.price_market)) {
    out.cny_per_gpu_hour = *pc->amount_cny;
    out.other_market = pc->scope == QuoteScope::kOtherMarket;
  } else {
    pc.reset();
  }
  return out;
}

Judged Search::Judge(const Gpu& g, size_t gi, int n, LayoutRef ref, double capacity, int owned_count, const CardPrice& price) {
  const Layout& l = layouts_.At(ref);
  const bool owned = owned_count > 0 && n <= owned_count;
  // The job has no card set: the compute model and the risks take the card itself.
  ApplyShape(l.shape, work_);
  const Workload& w = work_;
  Judged j;
  j.x.layout = ref;
  j.x.capacity = capacity;
  j.x.owned_count = owned_count;
  j.x.cr = EstimateCompute(w, g, l.memory, a_, c_.calibration, capacity, Language::kEnglish, false);
  res_.compute_estimates++;
  const ComputeResult& cr = j.x.cr;
  // The Recommendation (card id, layout label, workload, price, worded risks) is made only if
  // the candidate is listed.
  Candidate& r = j.x.r;
  r.gpu_index = static_cast<int>(gi);
  r.gpus = n;
  r.owned = owned;
  r.per_gpu_bytes = l.memory.total_bytes;
  r.model_states_bytes = l.memory.weights_bytes + l.memory.gradients_bytes + l.memory.optimizer_bytes;
  r.risky = HasRisk(g, w, a_.gpus_per_node, cr.peak_kind);
  r.vendor_claim = HasVendorClaim(g, w, cr.peak_kind);
  double hours = 1;
  if (training_) {
    r.time_seconds = cr.time_seconds;
    hours = cr.time_seconds ? Hours(*cr.time_seconds) : 0;
    if (cons_.deadline_hours && hours > *cons_.deadline_hours)
      j.failure = Printf(T.rec_fail_deadline, Cards(n, T).c_str(), LayoutLabel(l, base_, T).c_str(), HoursText(hours, T).c_str(),
                         HoursText(*cons_.deadline_hours, T).c_str());
  } else {
    r.tokens_per_second = cr.tokens_per_second;
    r.tokens_per_second_per_user = cr.tokens_per_second_per_user;
    // What the job's users wait for their first token, at its concurrency (the Calculator's figure).
    const std::optional<double> ttft = cr.ttft_at_concurrency_seconds ? cr.ttft_at_concurrency_seconds : cr.ttft_seconds;
    r.ttft_seconds = ttft;
    if (cr.tokens_per_second_per_user && *cr.tokens_per_second_per_user < base_.target_tokens_per_second)
      j.failure = Printf(T.rec_fail_speed, Cards(n, T).c_str(), LayoutLabel(l, base_, T).c_str(),
                         *cr.tokens_per_second_per_user, base_.target_tokens_per_second);
    else if (cons_.latency_ms && ttft && *ttft * 1e3 > *cons_.latency_ms)
      j.failure = Printf(T.rec_fail_latency, Cards(n, T).c_str(), LayoutLabel(l, base_, T).c_str(), *ttft * 1e3, *cons_.latency_ms);
  }
  j.x.hours = hours;
  // Cost: owned cards pay no rent; rented ones the container quote.
  if (owned) {
    r.cost_cny = 0;
  } else if (price.cny_per_gpu_hour) {
    r.cost_cny = n * *price.cny_per_gpu_hour * RuntimeHours(hours, virt_);
  }
  if (!training_ && r.cost_cny && r.tokens_per_second && *r.tokens_per_second > 0)
    r.cost_per_million_tokens_cny = *r.cost_cny / (*r.tokens_per_second * kSecondsPerHour) * 1e6;
  r.energy_kwh = n * g.tdp_w / 1000.0 * hours;
  if (j.failure.empty() && cons_.budget_cny && r.cost_cny && *r.cost_cny > *cons_.budget_cny) {
    j.budget_fail = true;
    j.failure = Printf(training_ ? T.rec_fail_budget_job : T.rec_fail_budget_hour, Cards(n, T).c_str(), LayoutLabel(l, base_, T).c_str(),
                       Cny(*r.cost_cny).c_str(), Cny(*cons_.budget_cny).c_str());
  }
  r.availability = owned || (price.cny_per_gpu_hour && !price.other_market) ? Recommendation::Availability::kLocal
                   : price.cny_per_gpu_hour                                   ? Recommendation::Availability::kOtherMarket
                                                                              : Recommendation::Availability::kNoPrice;
  return j;
}

void Search::SearchCard(size_t gi) {
  const Gpu& g = c_.gpus.gpus[gi];
  GpuTrace& tr = trace_[gi];
  int owned_count = 0;
  for (const OwnedGpu& o : cons_.owned)
    if (o.gpu == g.id) owned_count += o.count;
  if (cons_.domestic_only && !g.domestic) {
    tr.excluded = true;
    excluded_foreign_++;
    return;
  }
  // Software the job cannot run without (data/software.json): a "no" skips the card.
  if (std::string why = UnsupportedSoftware(g, base_, cons_.language); !why.empty()) {
    tr.software_refusal = why;
    software_skipped_++;
    return;
  }
  if (const char* missing = MissingFigure(g, training_, T)) {
    tr.unpublished_refusal = Printf(T.rec_why_not_unpublished, g.DisplayName(zh_).c_str(), missing);
    return;
  }
  const double usable_bytes = c_.calibration.UsableBytes(g);  // once per card
  const bool fp8_refused = SupportFor(g, training_ ? SoftwareFeature::kFp8Training : SoftwareFeature::kFp8Inference).level == SupportLevel::kNo;
  std::vector<int> counts = base_counts_;
  // A chip with no link to another (one SoC) holds the job alone or not at all: several of
  // them are separate computers, and no layout here splits a model over a network of them.
  if (g.Standalone()) counts.assign(1, 1);
  else if (owned_count > 0 && owned_count <= cons_.max_gpus && std::find(counts.begin(), counts.end(), owned_count) == counts.end()) {
    counts.push_back(owned_count);
    std::sort(counts.begin(), counts.end());
  }
  const CardPrice price = PriceCard(gi);
  // The full space for this card (before pruning).
  for (int n : counts) {
    const LayoutCache::Count& e = layouts_.Built(n);
    res_.search_space += static_cast<long long>(e.list.size()) - (g.fp8_dense_tflops ? 0 : e.fp8);
  }
  for (int n : counts) {
    int computes = 0;
    bool stop_card = false;
    const int slot = layouts_.EstimatedSlot(n, work_, res_.memory_estimates);
    const std::vector<Layout>& list = layouts_.List(slot);
    for (size_t li = 0; li < list.size(); ++li) {
      const Layout& l = list[li];
      if (l.needs_fp8 && (!g.fp8_dense_tflops || fp8_refused)) {
        tr.fp8_skipped = true;
        tr.fp8_no_tensor_cores = !g.fp8_dense_tflops;
        continue;
      }
      if (!l.valid) continue;
      res_.evaluated++;
      const double capacity = JobCapacityBytes(l.memory, usable_bytes, g);
      if (l.memory.required_bytes > capacity) continue;
      const LayoutRef ref{slot, static_cast<int>(li)};
      if (tr.first_fit_count == 0) tr.first_fit_count = n, tr.first_fit_layout = ref;
      if (computes >= 6) continue;
      computes++;
      Judged j = Judge(g, gi, n, ref, capacity, owned_count, price);
      if (!j.failure.empty()) {
        // The why-not line quotes the largest count tried for time and speed (more cards only
        // help there), the smallest for cost (more cards only cost more).
        // Serving too slow: the line quotes the fastest layout per user tried, not the last one (a
        // review read "64 cards (4 replicas x PP 16) decode 2.1 tokens/s", the slowest layout).
        const double speed = j.x.r.tokens_per_second_per_user.value_or(-1);
        const bool slower = !training_ && !j.budget_fail && !tr.constraint_failure.empty() && speed >= 0 &&
                            speed < tr.failed_user_speed;
        if ((tr.constraint_failure.empty() || !j.budget_fail) && !slower) {
          tr.constraint_failure = std::move(j.failure);
          tr.failed_user_speed = speed;
        }
        // Training is fastest with the first fitting layout (later ones add recomputation), so
        // only a larger count can help; cost only grows with the count.
        if (j.budget_fail && (!training_ || l.shape.checkpointing == base_.checkpointing)) stop_card = true;
        if (training_) break;
        continue;
      }
      accepted_.push_back(std::move(j.x));
      tr.accepted = true;
      break;
    }
    if (stop_card) break;
  }
}

// Ranked on keys made once, each beside its index (an Accepted is large: moving hundreds of
// them, or rebuilding the keys in every comparison, dominated the search).
std::vector<int> Search::RankedOrder() const {
  const Ranker ranker{cons_.objective, cons_.prefer_low_risk};
  std::vector<std::pair<std::array<double, 6>, int>> keyed(accepted_.size());
  for (size_t i = 0; i < keyed.size(); ++i) keyed[i] = {ranker.Key(accepted_[i].r), static_cast<int>(i)};
  std::stable_sort(keyed.begin(), keyed.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  std::vector<int> order(keyed.size());
  for (size_t i = 0; i < keyed.size(); ++i) order[i] = keyed[i].second;
  return order;
}

// The price of a listed card with its quote and summary (made once per card).
const std::optional<PriceUsed>& Search::PriceUsedFor(size_t gi) {
  std::optional<PriceUsed>& price = card_prices_[gi];
  const std::optional<PriceChoice>& pc = card_choices_[gi];
  if (price || !pc) return price;
  PriceUsed& p = price.emplace();
  p.price_id = pc->record->id, p.provider = pc->record->provider, p.market = pc->record->market;
  // The hub whose own sellers are in the price (empty when only region-wide quotes are: a US
  // seller is never labelled with the user's Chinese hub); a chosen quote's own region.
  p.currency = pc->record->currency, p.as_of = pc->record->as_of, p.region_id = pc->region_id;
  p.amount = pc->record->Amount();
  p.estimate = pc->record->estimate;
  p.stale = pc->record_is_stale;
  p.sources = pc->record->sources;
  p.cny_per_gpu_hour = *pc->amount_cny;
  p.statistic = pc->statistic;
  p.scope = pc->scope;
  p.stats = pc->stats;
  p.summary = PriceSummary(c_.pricing, *pc, cons_.language);
  return price;
}

Recommendation Search::MakeRecommendation(const Accepted& x) {
  Recommendation r;
  const Candidate& k = x.r;
  const Layout& l = layouts_.At(x.layout);
  const Gpu& g = c_.gpus.gpus[static_cast<size_t>(k.gpu_index)];
  r.gpu_index = k.gpu_index, r.gpus = k.gpus, r.owned = k.owned;
  r.per_gpu_bytes = k.per_gpu_bytes, r.gpu_memory_bytes = g.memory_bytes, r.model_states_bytes = k.model_states_bytes;
  r.time_seconds = k.time_seconds, r.tokens_per_second = k.tokens_per_second;
  r.tokens_per_second_per_user = k.tokens_per_second_per_user, r.ttft_seconds = k.ttft_seconds;
  r.cost_cny = k.cost_cny, r.cost_per_million_tokens_cny = k.cost_per_million_tokens_cny;
  r.energy_kwh = k.energy_kwh, r.availability = k.availability;
  r.rank = static_cast<int>(res_.configs.size()) + 1;
  r.gpu = g.id;
  r.layout = LayoutLabel(l, base_, T);
  r.workload = LayoutWorkload(l, base_);
  r.workload.gpu = r.gpu;
  if (!r.owned) r.price = PriceUsedFor(static_cast<size_t>(r.gpu_index));  // owned cards pay no rent
  r.risks = AssessRisk(g, r.workload, a_.gpus_per_node, x.cr.peak_kind, cons_.language);
  r.vendor_claim_fields = VendorClaimFields(g, r.workload, x.cr.peak_kind);
  Explain(x, r);
  return r;
}

void Search::ListBest() {
  res_.fitting_total = static_cast<int>(accepted_.size());
  // At most two configurations per card in the list, so one cheap card does not fill it.
  std::vector<int> per_card(c_.gpus.gpus.size(), 0);
  res_.configs.reserve(std::min(accepted_.size(), static_cast<size_t>(cons_.max_results)));
  ranked_ = RankedOrder();
  for (int i : ranked_) {
    const Accepted& x = accepted_[static_cast<size_t>(i)];
    if (static_cast<int>(res_.configs.size()) >= cons_.max_results) break;
    if (per_card[static_cast<size_t>(x.r.gpu_index)] >= 2 && !x.r.owned) continue;
    per_card[static_cast<size_t>(x.r.gpu_index)]++;
    res_.configs.push_back(MakeRecommendation(x));
  }
}

// Explanations (reasons, limits, the guides' advice): words only for the configurations listed.
void Search::Explain(const Accepted& x, Recommendation& r) const {
  const Layout& l = layouts_.At(x.layout);
  const ComputeResult& cr = x.cr;
  const ModelSpec& m = base_.model;
  const bool training = training_;
  const Workload& base = base_;
  const Gpu& g = c_.gpus.gpus[static_cast<size_t>(r.gpu_index)];
  const int n = r.gpus, owned_count = x.owned_count;
  const bool owned = r.owned;
  const double hours = x.hours, cap = x.capacity, used = l.memory.required_bytes;
  r.reasons.push_back(Printf(T.rec_reason_fits, Gib(used).c_str(), Gib(cap).c_str(),
                             Gib(cap - used).c_str(), 100 * (cap - used) / cap));
  const Workload& lw = r.workload;
  if (training && !IsPeft(lw.task) && n > 1 && lw.zero_stage > 0)
    r.reasons.push_back(Plurals(Printf(T.rec_reason_zero,
                               lw.zero_stage, lw.dp, Gib(r.model_states_bytes).c_str(),
                               Gib(res_.single_gpu_model_states_bytes).c_str())));
  if (training && IsPeft(lw.task) && lw.zero_stage == 3 && n > 1)
    r.reasons.push_back(Plurals(Printf(T.rec_reason_fsdp_peft, n,
                               Gib(l.memory.weights_bytes).c_str())));
  if (lw.tp * lw.pp > 1)
    r.reasons.push_back(Printf(T.rec_reason_split,
                               lw.tp > 1 && lw.pp > 1 ? Printf("TP %d%sPP %d", lw.tp, T.rec_layout_times, lw.pp).c_str()
                               : lw.tp > 1           ? Printf(T.rec_tensor_parallel, lw.tp).c_str()
                                                     : Printf(T.rec_pipeline_parallel, lw.pp).c_str(),
                               lw.tp * lw.pp, Gib(l.memory.weights_bytes).c_str()));
  if (lw.ep > 1) r.reasons.push_back(Printf(T.rec_reason_ep, lw.ep, m.experts));
  if (lw.task == Task::kQlora)
    r.reasons.push_back(Printf(T.rec_reason_qlora,
                               PrecisionLabel(lw.precision), BytesPerWeight(lw.precision) * 8,
                               Gib(l.memory.weights_bytes).c_str(), Count(l.memory.trainable_params).c_str()));
  if (lw.task == Task::kLora)
    r.reasons.push_back(Printf(T.rec_reason_lora,
                               Count(l.memory.trainable_params).c_str()));
  if (training && lw.checkpointing == Checkpointing::kFull && base.checkpointing != Checkpointing::kFull)
    r.reasons.push_back(Printf(T.rec_reason_checkpointing,
                               Gib(l.memory.activations_bytes).c_str(), Gib(res_.single_gpu_activations_bytes / std::max(1, lw.tp)).c_str()));
  if (lw.offload_optimizer)
    r.reasons.push_back(Printf(T.rec_reason_offload, Gib(l.memory.cpu_offload_bytes).c_str()));
  if (!training) {
    if (lw.precision != base.precision)
      r.reasons.push_back(Printf(T.rec_reason_quantized,
                                 PrecisionLabel(lw.precision), BytesPerWeight(lw.precision) * 8,
                                 Gib(l.memory.weights_bytes).c_str(),
                                 Gib(l.memory.weights_bytes * BytesPerWeight(base.precision) / BytesPerWeight(lw.precision)).c_str(),
                                 PrecisionLabel(base.precision)));
    r.reasons.push_back(Plurals(Printf(T.rec_reason_kv, Gib(l.memory.kv_cache_bytes).c_str(),
                               lw.batch, lw.context)));
    if (cr.tokens_per_second_per_user)
      r.reasons.push_back(Printf(T.rec_reason_speed,
                                 *cr.tokens_per_second_per_user, base.target_tokens_per_second,
                                 cr.ttft_at_concurrency_seconds.value_or(cr.ttft_seconds.value_or(0)) * 1e3,
                                 cr.tokens_per_second.value_or(0)));
  } else if (cr.time_seconds) {
    r.reasons.push_back(Printf(T.rec_reason_time, Count(base.train_tokens).c_str(),
                               HoursText(hours, T).c_str(), n, cr.peak_flops / kFlopsPerTflops, PeakKindText(cr.peak_kind, cons_.language).c_str(),
                               cr.mfu_used, cr.scaling_efficiency));
  }
  if (owned) {
    r.reasons.push_back(Printf(T.rec_reason_owned, n, owned_count, g.DisplayName(zh_).c_str()));
  } else if (r.price && r.cost_cny) {
    // The price as a market (price_market.hpp PriceSummary): statistic, quotes, sellers, range, dates.
    const char* market = MarketWord(r.price->market, T);
    if (training)
      r.reasons.push_back(Printf(T.rec_reason_cost_job, Cny(*r.cost_cny).c_str(), r.price->cny_per_gpu_hour, Cards(n, T).c_str(),
                                 HoursText(RuntimeHours(hours, virt_), T).c_str(), market, r.price->summary.c_str()));
    else
      r.reasons.push_back(Printf(T.rec_reason_cost_hour, Cny(*r.cost_cny).c_str(), r.price->cny_per_gpu_hour, Cards(n, T).c_str(),
                                 market, r.price->summary.c_str()));
  }
  if (training)
    r.reasons.push_back(Printf(T.rec_reason_energy_job, n, g.tdp_w, HoursText(hours, T).c_str(), r.energy_kwh));
  else
    r.reasons.push_back(Printf(T.rec_reason_energy_hour, n, g.tdp_w, r.energy_kwh));
  // Limits.
  r.headroom_fraction = (cap - used) / cap;
  if (r.tight())
    r.limits.push_back(Printf(T.rec_limit_tight,
                              Gib(cap - used).c_str(), 100 * (cap - used) / cap));
  const int model_parallel = lw.tp * lw.pp;
  const bool talks = training ? n > 1 : model_parallel > 1;
  if (talks && !g.nvlink_class)
    r.limits.push_back(Printf(T.rec_limit_pcie,
                              g.DisplayName(zh_).c_str(), lw.tp > 1 ? T.rec_traffic_tensor : training ? T.rec_traffic_gradients : T.rec_traffic_pipeline,
                              ScalingEfficiency(g, n, a_)));
  if (n > a_.gpus_per_node)
    r.limits.push_back(Printf(T.rec_limit_nodes,
                              (n + a_.gpus_per_node - 1) / a_.gpus_per_node, a_.gpus_per_node, a_.scaling_inter_node));
  if (g.ecosystem.rfind("CUDA", 0) != 0)
    r.limits.push_back(Printf(T.rec_limit_ecosystem, g.Text(&Gpu::ecosystem, zh_).c_str()));
  if (lw.task == Task::kQlora && g.ecosystem.rfind("CUDA", 0) != 0)
    r.limits.push_back(Printf(T.rec_limit_qlora_cuda, g.Text(&Gpu::ecosystem, zh_).c_str()));
  if (g.segment == "consumer") r.limits.push_back(T.rec_limit_consumer);
  if (!training)
    r.limits.push_back(Printf(T.rec_limit_decode_bandwidth, g.memory_bandwidth_gbps));
  if (lw.offload_optimizer)
    r.limits.push_back(Printf(T.rec_limit_offload,
                              Gib(l.memory.cpu_offload_bytes).c_str()));
  if (r.price && r.price->estimate) r.limits.push_back(T.rec_limit_price_estimate);
  if (!owned && !r.price) r.limits.push_back(Printf(T.rec_limit_no_price, g.DisplayName(zh_).c_str()));
  if (r.availability == Recommendation::Availability::kOtherMarket)
    r.limits.push_back(Printf(T.rec_limit_other_market, c_.pricing.ProviderName(r.price->provider, zh_).c_str(),
                              MarketWord(r.price->market, T)));
  // The guides' advice.
  if (cons_.min_cpu_cores_per_gpu > 0)
    r.advice.push_back(Plurals(Printf(T.rec_advice_cpu,
                              cons_.min_cpu_cores_per_gpu, cons_.min_cpu_cores_per_gpu * n)));
  if (training && n >= 8)
    r.advice.push_back(g.nvlink_class ? T.rec_advice_nvlink_8 : T.rec_advice_pcie_8);
  else if (training && n > 1 && n <= 4 && !g.nvlink_class)
    r.advice.push_back(T.rec_advice_pcie_4);
  if (!owned && r.price)
    r.advice.push_back(Printf(T.rec_advice_test_first, r.price->cny_per_gpu_hour * n / (1 - virt_), Cards(n, T).c_str()));
}

void Search::WarnLongRun() {
  if (!training_ || cons_.deadline_hours || res_.configs.empty() || !res_.configs.front().time_seconds ||
      Hours(*res_.configs.front().time_seconds) <= kLongRunHours)
    return;
  const Accepted* fastest = nullptr;
  for (const Accepted& x : accepted_)
    if (x.r.time_seconds && (!fastest || *x.r.time_seconds < *fastest->r.time_seconds)) fastest = &x;
  const Recommendation& top = res_.configs.front();
  res_.warnings.push_back(Printf(T.rec_warn_long_run, HoursText(Hours(*top.time_seconds), T).c_str(),
                                 Grouped(kLongRunHours / 24).c_str(), Cards(fastest->r.gpus, T).c_str(),
                                 c_.gpus.gpus[static_cast<size_t>(fastest->r.gpu_index)].DisplayName(zh_).c_str(),
                                 HoursText(Hours(*fastest->r.time_seconds), T).c_str()));
}

void Search::MarkPareto() {
  for (Recommendation& r : res_.configs) {
    if (!r.cost_cny) continue;
    const double t = Ranker::TimeOf(r), k = *r.cost_cny;
    bool dominated = false;
    for (const Recommendation& o : res_.configs) {
      if (&o == &r || !o.cost_cny) continue;
      const double ot = Ranker::TimeOf(o), ok = *o.cost_cny;
      if (ot <= t && ok <= k && (ot < t || ok < k)) {
        dominated = true;
        break;
      }
    }
    r.pareto = !dominated;
  }
}

void Search::ExplainMissingCards() {
  const double states = res_.single_gpu_model_states_bytes;
  const ModelSpec& m = base_.model;
  // Each card's best accepted configuration (ranked first of its card), for "ranks below the top
  // N" lines: a review asked "what about the H100 I can get?", which the rank alone did not say.
  std::vector<int> best_of_card(c_.gpus.gpus.size(), -1);
  for (int i : ranked_) {
    int& best = best_of_card[static_cast<size_t>(accepted_[static_cast<size_t>(i)].r.gpu_index)];
    if (best < 0) best = i;
  }
  auto best_text = [&](size_t gi) -> std::string {
    if (best_of_card[gi] < 0) return "";
    const Accepted& x = accepted_[static_cast<size_t>(best_of_card[gi])];
    const std::string layout = x.r.gpus > 1 ? Printf(T.rec_best_layout, LayoutLabel(layouts_.At(x.layout), base_, T).c_str()) : "";
    const std::string cost = x.r.cost_cny ? Cny(*x.r.cost_cny) : std::string(T.rec_best_no_price);
    // Why a plan cheaper than the last listed can still rank below it (Ranker: flagged plans after
    // unflagged ones, the other market's prices after local offers).
    const char* why = cons_.prefer_low_risk && (x.r.risky || x.r.vendor_claim)              ? T.rec_best_flagged
                      : x.r.availability == Recommendation::Availability::kOtherMarket ? T.rec_best_other_market
                                                                                        : "";
    if (!training_ && x.r.tokens_per_second_per_user)
      return Printf(T.rec_best_serving, Cards(x.r.gpus, T).c_str(), layout.c_str(), *x.r.tokens_per_second_per_user, cost.c_str(), why);
    return Printf(T.rec_best_training, Cards(x.r.gpus, T).c_str(), layout.c_str(), HoursText(x.hours, T).c_str(), cost.c_str(), why);
  };
  for (const std::string& id : PopularGpuIds()) {
    const Gpu* g = c_.gpus.Find(id);
    if (!g) continue;
    const size_t gi = static_cast<size_t>(g - c_.gpus.gpus.data());
    const GpuTrace& tr = trace_[gi];
    if (tr.excluded || !tr.unpublished_refusal.empty()) continue;  // the latter: listed below
    const bool listed = std::any_of(res_.configs.begin(), res_.configs.end(), [&](const Recommendation& r) { return r.gpu == id; });
    if (listed) continue;
    // The card's share for this job, not its size as sold: "24.0 GiB < 21.5 GiB" read as false
    // (an RTX 4090 serving with vLLM may use 0.9 of its 23.8 GiB usable, 21.4 GiB).
    const double usable = JobCapacityBytes(one_card_, *g, c_.calibration);
    if (!tr.software_refusal.empty()) {
      res_.why_not.push_back(tr.software_refusal);
    } else if (tr.first_fit_count == 0 && tr.fp8_skipped) {
      res_.why_not.push_back(Printf(T.rec_why_not_fp8, g->DisplayName(zh_).c_str(),
                                    tr.fp8_no_tensor_cores ? T.rec_fp8_no_tensor_cores : T.rec_fp8_no_software));
    } else if (tr.first_fit_count == 0) {
      res_.why_not.push_back(g->memory_bytes < res_.min_single_gpu_bytes || cons_.max_gpus == 1
                                 ? Printf(T.rec_why_not_too_small, g->DisplayName(zh_).c_str(), Gib(usable).c_str(),
                                          Gib(res_.single_gpu_bytes).c_str(), Gib(states).c_str(), Count(m.params).c_str(),
                                          TaskPhrase(base_.task, T), Cards(cons_.max_gpus, T).c_str())
                                 : Printf(T.rec_why_not_no_layout, g->DisplayName(zh_).c_str(), Cards(cons_.max_gpus, T).c_str()));
    } else if (!tr.accepted) {
      res_.why_not.push_back(Printf(T.rec_why_not_constraint, g->DisplayName(zh_).c_str(), Cards(tr.first_fit_count, T).c_str(),
                                    LayoutLabel(layouts_.At(tr.first_fit_layout), base_, T).c_str(), tr.constraint_failure.c_str()));
    } else if (tr.first_fit_count > 1) {
      res_.why_not.push_back(Plurals(Printf(T.rec_why_not_ranked_multi,
                                    g->DisplayName(zh_).c_str(), Gib(usable).c_str(), Gib(res_.single_gpu_bytes).c_str(),
                                    Gib(states).c_str(), tr.first_fit_count, LayoutLabel(layouts_.At(tr.first_fit_layout), base_, T).c_str(),
                                    cons_.max_results, best_text(gi).c_str())));
    } else {
      res_.why_not.push_back(Printf(T.rec_why_not_ranked, g->DisplayName(zh_).c_str(), cons_.max_results, ObjectivePhrase(cons_.objective, T),
                                    best_text(gi).c_str()));
    }
  }
  // Every card left out for a figure its vendor does not publish, popular or not: the user
  // may be looking for it (Kunlunxin P800 under "domestic only").
  for (const GpuTrace& tr : trace_)
    if (!tr.excluded && !tr.unpublished_refusal.empty()) res_.why_not.push_back(tr.unpublished_refusal);
}

void Search::AddClosingNotes() {
  if (excluded_foreign_ > 0) AddNote(Plurals(Printf(T.rec_note_domestic, excluded_foreign_)), false);
  if (software_skipped_ > 0) AddNote(Plurals(Printf(T.rec_note_software_skipped, software_skipped_)), false);
  AddNote(cons_.prefer_low_risk ? T.rec_note_risk_ranking : T.rec_note_risk_ignored, false);
  for (const OwnedGpu& o : cons_.owned) {
    const bool used = std::any_of(res_.configs.begin(), res_.configs.end(), [&](const Recommendation& r) { return r.owned && r.gpu == o.gpu; });
    const Gpu* g = c_.gpus.Find(o.gpu);
    if (!used && g) {
      const int first_fit = trace_[static_cast<size_t>(g - c_.gpus.gpus.data())].first_fit_count;
      AddNote(Printf(cons_.domestic_only && !g->domestic           ? T.rec_note_owned_domestic
                     : first_fit > o.count || first_fit == 0 ? T.rec_note_owned_memory
                                                             : T.rec_note_owned_constraint,
                     o.count, g->DisplayName(zh_).c_str()),
              false);
    }
  }
  if (cons_.deadline_hours && !training_) AddNote(T.rec_note_deadline_ignored, false);
  if (cons_.latency_ms && training_) AddNote(T.rec_note_latency_ignored, false);
  // Guide vs engine: the bytes per parameter of full training.
  if (training_ && !IsPeft(base_.task) && base_.optimizer == Optimizer::kAdamW &&
      (base_.precision == Precision::kBf16 || base_.precision == Precision::kFp16)) {
    const double p = base_.model.params;
    AddNote(Printf(T.rec_note_model_states, 16 * p / kBytesPerGB, Count(p).c_str(), 12 * p / kBytesPerGB), true);
    if (p > 10e9 && p <= 20e9) AddNote(Printf(T.rec_note_case_b, 16 * p / kBytesPerGB), true);
  }
  AddNote(T.rec_note_memory_first, false);
}

// Troubleshooting tips (guide 000 §5.3) that apply.
void Search::AddTips() {
  const Gpu* chosen = c_.gpus.Find(base_.gpu);
  const bool oom = training_ || (chosen && res_.single_gpu_bytes > chosen->memory_bytes);
  if (oom) {
    // Advice of the job's own task, never what is already on (engine/advice.cpp).
    const std::string advice = DoesNotFitAdvice(base_, cons_.language);
    const std::string t = training_ ? Printf(T.rec_tip_oom_training, advice.c_str(), Gib(res_.single_gpu_activations_bytes).c_str(),
                                             base_.seq_len, base_.micro_batch)
                                    : advice;
    res_.tips.push_back({T.rec_tip_oom_title, t, T.rec_tip_src_oom});
  }
  const bool pcie_multi = std::any_of(res_.configs.begin(), res_.configs.end(), [&](const Recommendation& r) {
    return r.gpus > 1 && !c_.gpus.gpus[static_cast<size_t>(r.gpu_index)].nvlink_class;
  });
  if (!training_ || pcie_multi)
    res_.tips.push_back({T.rec_tip_bandwidth_title, training_ ? T.rec_tip_bandwidth_training : T.rec_tip_bandwidth_decode,
                         T.rec_tip_src_bandwidth});
  const bool old_math = base_.precision == Precision::kFp32 || base_.precision == Precision::kTf32 ||
                        std::any_of(res_.configs.begin(), res_.configs.end(), [&](const Recommendation& r) {
                          return !c_.gpus.gpus[static_cast<size_t>(r.gpu_index)].bf16_dense_tflops;
                        });
  if (old_math)
    res_.tips.push_back({T.rec_tip_utilisation_title, T.rec_tip_utilisation, T.rec_tip_src_utilisation});
}

}  // namespace

RecommendResult Recommend(const Workload& base_in, const Constraints& cons, const Catalogs& c) {
  Search search(base_in, cons, c);
  if (!search.Validate()) return search.Take(/*completed=*/false);
  search.EstimateOneCard();
  search.ChoosePriceRegion();
  for (size_t gi = 0; gi < c.gpus.gpus.size(); ++gi) search.SearchCard(gi);
  search.ListBest();
  search.WarnLongRun();
  search.MarkPareto();
  search.ExplainMissingCards();
  search.AddClosingNotes();
  search.AddTips();
  return search.Take(/*completed=*/true);
}

}  // namespace atlas
