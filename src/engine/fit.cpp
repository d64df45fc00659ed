#include "fit.hpp"

#include "compute_model.hpp"
#include "estimate_request.hpp"
#include "estimate_warnings.hpp"
#include "format.hpp"
#include "memory_model.hpp"
#include "recommend.hpp"
#include "text/engine_text.hpp"
#include "units.hpp"
#include "plural.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <memory>

namespace atlas {

std::vector<std::string> ValidateFitConstraints(const FitConstraints& c, const Workload& w) {
  const EngineText& T = EngineTextFor(c.language);
  std::vector<std::string> e;
  if (c.max_gpus) {
    if (*c.max_gpus < 1 || *c.max_gpus > kMaxFitGpus) e.push_back(Printf(T.fit_err_max_gpus, *c.max_gpus, kMaxFitGpus));
    else if (*c.max_gpus < w.gpus) e.push_back(Printf(T.fit_err_max_gpus_below, *c.max_gpus, w.gpus));
  }
  if (c.max_host_memory_gb && !(*c.max_host_memory_gb >= 0 && *c.max_host_memory_gb <= 1e6)) e.push_back(T.fit_err_host_memory);
  return e;
}

std::string FitValueText(const Json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
  if (v.is_number_integer()) return std::to_string(v.get<long long>());
  if (v.is_number()) return Printf("%g", v.get<double>());
  return v.dump();
}

namespace {

// [SECTION] Knobs --------------------------------------------------------------------------------

// In cost order; a stage allows the knobs up to and including its own.
enum Knob { kCheckpointing = 0, kMicroBatch, kZero, kOptimizer, kLayout, kKv, kQuantization, kOffload, kKnobCount };
using Levels = std::array<int, kKnobCount>;  // 0 = as asked

constexpr Knob kTrainingStages[] = {kCheckpointing, kMicroBatch, kZero, kOptimizer, kLayout, kQuantization, kOffload};
constexpr Knob kServingStages[] = {kLayout, kKv, kQuantization};

// A parallel layout (with the batch split that keeps the global batch for training).
struct FitLayout {
  int gpus = 1, tp = 1, pp = 1, dp = 1, ep = 1;
  bool sequence_parallel = false;
  int level = 0;  // 0 = the request's layout
};

struct Option {  // one value of a knob: how to apply it and its level
  int level = 0;
  int value = 0;
};

struct FitCandidate {
  Workload w;
  Levels levels{};
  std::shared_ptr<const MemoryBreakdown> memory_shared;  // shared with the search's cache
  const MemoryBreakdown& memory() const { return *memory_shared; }
  double host_bytes_per_node = 0;
  double seconds = std::numeric_limits<double>::infinity();  // speed key: lower is faster
  double ttft = 0;
};

// Divisors of n in ascending order.
std::vector<int> Divisors(int n) {
  std::vector<int> d;
  for (int i = 1; static_cast<long long>(i) * i <= n; ++i)
    if (n % i == 0) {
      d.push_back(i);
      if (i != n / i) d.push_back(n / i);
    }
  std::sort(d.begin(), d.end());
  return d;
}

class FitSearch {
 public:
  FitSearch(const Workload& base, const FitConstraints& cons, const Catalogs& c)
      : base_(base), cons_(cons), a_(c.assumptions), cal_(c.calibration) {
    gpu_ = c.gpus.Find(base.gpu);
    const size_t idx = gpu_ ? static_cast<size_t>(gpu_ - c.gpus.gpus.data()) : 0;
    tier_ = idx < c.gpu_tiers.size() ? static_cast<int>(c.gpu_tiers[idx].tier) : 2;
    max_gpus_ = cons.max_gpus.value_or(base.gpus);
    // More of a chip with no link to another (one SoC) is no help: it holds the job alone.
    if (gpu_ && gpu_->Standalone()) max_gpus_ = std::min(max_gpus_, base.gpus);
    training_ = base.IsTraining();
    global_batch_ = static_cast<long long>(base.micro_batch) * base.grad_accum * base.dp;
    replicas_ = training_ ? 1 : std::max(1, base.gpus / std::max(1, base.tp * base.pp));
    BuildOptions();
  }

  int memory_estimates = 0, compute_estimates = 0;

  // The best fitting candidate over the stages, or nullopt.
  std::optional<FitCandidate> Run() {
    const Knob* stages = training_ ? kTrainingStages : kServingStages;
    const int n = training_ ? static_cast<int>(std::size(kTrainingStages)) : static_cast<int>(std::size(kServingStages));
    for (int s = 0; s < n; ++s) {
      allowed_.fill(false);
      for (int k = 0; k <= s; ++k) allowed_[stages[k]] = true;
      stage_ = stages[s];
      if (auto best = RunStage()) return best;
    }
    return std::nullopt;
  }

  // The smallest footprint with every allowed knob at its strongest on `gpus` cards (over the
  // layouts of that count). Offload that needs more host memory than allowed is left out and
  // its need kept in `host_blocked_bytes`.
  std::optional<FitCandidate> Floor(int gpus) {
    allowed_.fill(true);
    std::optional<FitCandidate> best;
    for (const FitLayout& l : LayoutsFor(gpus)) {
      FitCandidate cand = Strongest(l, true);
      if (!cand.w.gpus) continue;
      if (!HostOk(cand.host_bytes_per_node)) {
        host_blocked_bytes = std::max(host_blocked_bytes, cand.host_bytes_per_node);
        cand = Strongest(l, false);
      }
      if (!best || cand.memory().required_bytes < best->memory().required_bytes) best = cand;
    }
    return best;
  }
  double host_blocked_bytes = 0;
  // Blockers' "more cards" hint: layouts may change the global batch (data parallelism).
  bool keep_global_batch = true;

  const std::vector<int>& counts() const { return counts_; }
  int max_gpus() const { return max_gpus_; }
  // What a job may use on the card: the driver's usable capacity (x a server's memory fraction).
  double capacity(const MemoryBreakdown& m) const { return gpu_ ? JobCapacityBytes(m, *gpu_, cal_) : 0; }
  bool HasQuantOptions() const { return !quant_formats_all_.empty(); }

  std::vector<FitLayout> LayoutsFor(int gpus) const {
    std::vector<FitLayout> out;
    const ModelSpec& m = base_.model;
    const int per_node = std::max(1, a_.gpus_per_node);
    if (training_) {
      for (int tp : Divisors(gpus)) {
        if (tp > per_node) break;
        if (m.IsTransformer() ? m.heads % tp != 0 : tp > 1) continue;
        // Beyond one node: TP fills a node or is not used (Megatron's TP 8 x PP x DP recipe;
        // smaller TP across nodes is never the smaller footprint of the two).
        if (gpus > per_node && tp != 1 && tp != per_node && tp != base_.tp) continue;
        for (int pp : Divisors(gpus / tp)) {
          if (m.IsTransformer() ? pp > m.layers : pp > 1) break;
          const int dp = gpus / (tp * pp);
          if (keep_global_batch && global_batch_ % dp != 0) continue;  // the global batch cannot be kept
          std::vector<int> eps = {1};
          if (m.IsMoe()) {
            // The request's EP where it still divides DP, and the widest power-of-two EP
            // (experts spread furthest: the least memory); no EP only when neither exists.
            eps.clear();
            if (dp % base_.ep == 0) eps.push_back(base_.ep);
            const int e = WidestExpertParallel(m.experts, dp);
            if (std::find(eps.begin(), eps.end(), e) == eps.end()) eps.push_back(e);
          } else if (base_.ep > 1) {
            eps = {base_.ep};
          }
          for (int ep : eps) {
            FitLayout l{gpus, tp, pp, dp, ep, tp > 1 && (base_.sequence_parallel || tp != base_.tp), 0};
            if (tp == base_.tp) l.sequence_parallel = base_.sequence_parallel;
            l.level = IsBaseLayout(l) ? 0 : 1;
            out.push_back(l);
          }
        }
      }
    } else {
      // The request's copies of the model (replicas), each split over its cards; then fewer
      // copies of more cards each, on the same cards: two cards that each hold a copy of a model
      // too big for one are one copy split over both, as a person serving it would do, before
      // its weights are quantised (the change says the sequences served at once halve too).
      const std::vector<int> copies = Divisors(replicas_);
      for (auto r = copies.rbegin(); r != copies.rend(); ++r) {
        if (gpus % *r != 0) continue;
        const int size = gpus / *r;
        for (int tp : Divisors(size)) {
          if (tp > per_node) break;
          if (m.IsTransformer() ? m.heads % tp != 0 : tp > 1) continue;
          const int pp = size / tp;
          if (m.IsTransformer() ? pp > m.layers : pp > 1) continue;
          FitLayout l{gpus, tp, pp, base_.dp, base_.ep, base_.sequence_parallel, 0};
          l.level = IsBaseLayout(l) ? 0 : 1;
          out.push_back(l);
        }
      }
    }
    // The request's own layout is always there (even one this list would not build, e.g. TP
    // across nodes): the stages before the layout's only try it.
    if (gpus == base_.gpus && std::none_of(out.begin(), out.end(), [](const FitLayout& l) { return l.level == 0; }))
      out.push_back({base_.gpus, base_.tp, base_.pp, base_.dp, base_.ep, base_.sequence_parallel, 0});
    // The request's own layout first, then fewer pipeline stages (less bubble), then less TP.
    std::stable_sort(out.begin(), out.end(), [](const FitLayout& a, const FitLayout& b) {
      if (a.level != b.level) return a.level < b.level;
      if (a.pp != b.pp) return a.pp < b.pp;
      return a.tp < b.tp;
    });
    return out;
  }

  Workload Apply(const FitLayout& l) const {
    Workload w = base_;
    w.gpus = l.gpus, w.tp = l.tp, w.pp = l.pp, w.dp = l.dp, w.ep = l.ep;
    w.sequence_parallel = l.sequence_parallel;
    return w;
  }

  MemoryBreakdown Memory(const Workload& w) {
    ++memory_estimates;
    return EstimateMemory(w, a_, cal_, cons_.language, false);
  }

  // The same settings are asked for more than once (a prune check is often the candidate
  // itself): memory per distinct setting of the knobs the search turns.
  std::shared_ptr<const MemoryBreakdown> CachedMemory(const Workload& w) {
    const std::array<int, 14> key = {w.gpus, w.tp, w.pp, w.dp, w.ep, w.sequence_parallel, static_cast<int>(w.checkpointing),
                                     w.micro_batch, w.zero_stage, static_cast<int>(w.optimizer),
                                     static_cast<int>(w.kv_precision), static_cast<int>(w.precision), w.offload_optimizer,
                                     w.offload_params};
    auto it = memory_cache_.find(key);
    if (it == memory_cache_.end()) it = memory_cache_.emplace(key, std::make_shared<const MemoryBreakdown>(Memory(w))).first;
    return it->second;
  }

  double HostBytesPerNode(const Workload& w, const MemoryBreakdown& m) const {
    return (m.cpu_offload_bytes + m.cpu_offload_params_bytes) * std::min(w.gpus, std::max(1, a_.gpus_per_node));
  }

 private:
  bool IsBaseLayout(const FitLayout& l) const {
    return l.gpus == base_.gpus && l.tp == base_.tp && l.pp == base_.pp && l.dp == base_.dp && l.ep == base_.ep &&
           l.sequence_parallel == base_.sequence_parallel;
  }

  void BuildOptions() {
    // Checkpointing: from the request's level up to full; ZeRO stages from the request's up to
    // 3 (training only; serving keeps them as they are).
    const int ck_base = static_cast<int>(base_.checkpointing);
    for (int ck = ck_base; ck <= (training_ ? static_cast<int>(Checkpointing::kFull) : ck_base); ++ck)
      ckpt_options_.push_back({ck - ck_base, ck});
    for (int z = base_.zero_stage; z <= (training_ ? 3 : base_.zero_stage); ++z) zero_options_.push_back({z - base_.zero_stage, z});
    opt_options_.push_back({0, static_cast<int>(base_.optimizer)});
    if (training_ && base_.optimizer == Optimizer::kAdamW) opt_options_.push_back({1, static_cast<int>(Optimizer::kAdamW8bit)});
    kv_options_.push_back({0, static_cast<int>(base_.kv_precision)});
    if (!training_ && base_.kv_precision == KvPrecision::kFp16) kv_options_.push_back({1, static_cast<int>(KvPrecision::kFp8)});
    // Weight formats smaller than the request's.
    std::vector<Precision> formats;
    if (training_) {
      if (base_.task == Task::kQlora)
        for (Precision p : {Precision::kNf4}) formats.push_back(p);
    } else {
      for (Precision p : {Precision::kFp8, Precision::kInt8, Precision::kInt4})
        if (p != Precision::kFp8 || (gpu_ && gpu_->fp8_dense_tflops)) formats.push_back(p);
    }
    quant_options_.push_back({0, static_cast<int>(base_.precision)});
    for (Precision p : formats) {
      if (BytesPerWeight(p) >= BytesPerWeight(base_.precision)) continue;
      quant_formats_all_.push_back(p);
      const bool four_bit = p == Precision::kInt4 || p == Precision::kNf4;
      if (cons_.allow_quantization == QuantizationAllowed::kNone) continue;
      if (four_bit && cons_.allow_quantization != QuantizationAllowed::kAny) continue;
      quant_formats_.push_back(p);
      quant_options_.push_back({static_cast<int>(quant_options_.size()), static_cast<int>(p)});
    }
    // Offload: 1 = optimizer states (ZeRO-Offload), 2 = also the ZeRO-3 weight and gradient
    // shards (FSDP CPU offload; only where ZeRO-3 is reachable).
    offload_options_.push_back({0, base_.offload_params ? 2 : base_.offload_optimizer ? 1 : 0});
    if (training_ && cons_.allow_offload && !base_.offload_optimizer) offload_options_.push_back({1, 1});
    if (training_ && cons_.allow_offload && !base_.offload_params && zero_options_.back().value == 3)
      offload_options_.push_back({static_cast<int>(offload_options_.size()), 2});
    // GPU counts: the request's, then 2, 3, 4, 6, 8 in a node, then whole nodes (recommend's
    // steps: 16, 24, 32, 48, ...). Serving keeps its replicas: counts are replicas x size.
    counts_.push_back(base_.gpus);
    std::vector<int> sizes = {2, 3, 4, 6, 8};
    for (int n : CandidateGpuCounts(max_gpus_ / replicas_))
      if (n > 8) sizes.push_back(n);
    for (int size : sizes) {
      const long long n = static_cast<long long>(size) * replicas_;
      if (n > base_.gpus && n <= max_gpus_) counts_.push_back(static_cast<int>(n));
    }
  }

  // Micro-batch options for a layout: the request's micro-batch, then halvings, each with the
  // accumulation that keeps the global batch (micro x accumulation x dp).
  std::vector<Option> MicroOptions(const FitLayout& l) const {
    std::vector<Option> out;
    if (!training_) return {{0, base_.micro_batch}};
    const long long per_replica = std::max(1LL, global_batch_ / l.dp);
    int level = 0;
    for (int mb = base_.micro_batch; mb >= 1; mb = mb > 1 ? mb / 2 : 0) {
      if (per_replica % mb == 0 || !keep_global_batch) out.push_back({level, mb});
      ++level;
      if (!allowed_[kMicroBatch] && !out.empty()) break;
    }
    return out;
  }

  // The candidate with every allowed knob at its strongest for a layout (offload only when
  // `offload`).
  FitCandidate Strongest(const FitLayout& l, bool offload) {
    FitCandidate cand;
    const std::vector<Option> micro = MicroOptions(l);
    if (micro.empty()) return cand;
    Workload w = Apply(l);
    Levels lv{};
    lv[kLayout] = l.level;
    const Option& ck = allowed_[kCheckpointing] ? ckpt_options_.back() : ckpt_options_.front();
    const Option& mb = allowed_[kMicroBatch] ? micro.back() : micro.front();
    const Option& z = allowed_[kZero] && l.dp > 1 ? zero_options_.back() : zero_options_.front();
    const Option& o = allowed_[kOptimizer] ? opt_options_.back() : opt_options_.front();
    const Option& kv = allowed_[kKv] ? kv_options_.back() : kv_options_.front();
    const Option& q = allowed_[kQuantization] ? quant_options_.back() : quant_options_.front();
    const Option& off = offload && allowed_[kOffload] ? offload_options_.back() : offload_options_.front();
    Set(w, lv, ck, mb, z, o, kv, q, off, l);
    cand.w = w;
    cand.levels = lv;
    cand.memory_shared = CachedMemory(w);
    cand.host_bytes_per_node = HostBytesPerNode(w, cand.memory());
    return cand;
  }

  void Set(Workload& w, Levels& lv, const Option& ck, const Option& mb, const Option& z, const Option& o,
           const Option& kv, const Option& q, const Option& off, const FitLayout& l) const {
    w.checkpointing = static_cast<Checkpointing>(ck.value), lv[kCheckpointing] = ck.level;
    if (training_) {
      w.micro_batch = mb.value;
      w.grad_accum = static_cast<int>(std::max(1LL, global_batch_ / l.dp / mb.value));
    }
    lv[kMicroBatch] = mb.level;
    w.zero_stage = z.value, lv[kZero] = z.level;
    w.optimizer = static_cast<Optimizer>(o.value), lv[kOptimizer] = o.level;
    w.kv_precision = static_cast<KvPrecision>(kv.value), lv[kKv] = kv.level;
    w.precision = static_cast<Precision>(q.value), lv[kQuantization] = q.level;
    w.offload_optimizer = off.value != 0, lv[kOffload] = off.level;
    w.offload_params = off.value >= 2 && w.zero_stage == 3;
  }

  bool HostOk(double host_bytes) const {
    return !cons_.max_host_memory_gb || host_bytes <= *cons_.max_host_memory_gb * kBytesPerGB;
  }

  // Speed of a fitting candidate: training seconds for the job, serving seconds per decode step.
  void Time(FitCandidate& cand) {
    ++compute_estimates;
    Workload w = cand.w;
    if (training_ && w.train_tokens <= 0) w.train_tokens = DefaultTrainTokens(w);
    const ComputeResult r = EstimateCompute(w, *gpu_, cand.memory(), a_, cal_, JobCapacityBytes(cand.memory(), *gpu_, cal_),
                                            cons_.language, false);
    if (training_) cand.seconds = r.time_seconds.value_or(std::numeric_limits<double>::infinity());
    else cand.seconds = r.decode_step_seconds.value_or(std::numeric_limits<double>::infinity()), cand.ttft = r.ttft_seconds.value_or(0);
  }

  // Ranking inside a stage: mildest quality knobs, fewest cards, fastest, fewest changes.
  static bool Better(const FitCandidate& a, const FitCandidate& b) {
    auto quality = [](const FitCandidate& x) { return std::array<int, 2>{x.levels[kQuantization], x.levels[kKv]}; };
    if (quality(a) != quality(b)) return quality(a) < quality(b);
    if (a.w.gpus != b.w.gpus) return a.w.gpus < b.w.gpus;
    // Times within 0.1% are the same speed (the model has no term for the knob that differs).
    if (std::abs(a.seconds - b.seconds) > 1e-3 * std::min(a.seconds, b.seconds)) return a.seconds < b.seconds;
    if (a.ttft != b.ttft) return a.ttft < b.ttft;
    // Equally fast: the cheaper knobs pushed harder before a dearer one is touched.
    for (int k = kKnobCount - 1; k >= 0; --k)
      if (a.levels[k] != b.levels[k]) return a.levels[k] < b.levels[k];
    return false;
  }

  // Whether the stage's own knob has anything to try.
  bool StageHasOptions() const {
    switch (stage_) {
      case kCheckpointing: return ckpt_options_.size() > 1;
      case kMicroBatch: return training_ && base_.micro_batch > 1;
      case kZero: return zero_options_.size() > 1;
      case kOptimizer: return opt_options_.size() > 1;
      case kLayout: return true;
      case kKv: return kv_options_.size() > 1;
      case kQuantization: return quant_options_.size() > 1;
      case kOffload: return offload_options_.size() > 1;
      case kKnobCount: break;
    }
    return false;
  }

  // The options of knob `k` usable in this stage: only the request's value when the knob is
  // not allowed yet; only new values for the stage's own knob (its old value was tried).
  std::vector<Option> Usable(Knob k, const std::vector<Option>& options) const {
    std::vector<Option> out;
    for (const Option& o : options)
      if (allowed_[k] ? (k != stage_ || o.level > 0) : o.level == 0) out.push_back(o);
    return out;
  }

  FitCandidate Evaluate(const FitLayout& l, const Option& ck, const Option& mb, const Option& z, const Option& o,
                     const Option& kv, const Option& q, const Option& off) {
    FitCandidate cand;
    cand.w = Apply(l);
    cand.levels[kLayout] = l.level;
    Set(cand.w, cand.levels, ck, mb, z, o, kv, q, off, l);
    cand.memory_shared = CachedMemory(cand.w);
    cand.host_bytes_per_node = HostBytesPerNode(cand.w, cand.memory());
    return cand;
  }

  bool SameStructure(const FitCandidate& c, const FitLayout& l, const Option& kv, const Option& q, const Option& off) const {
    return c.w.tp == l.tp && c.w.pp == l.pp && c.w.dp == l.dp && c.w.ep == l.ep && c.w.sequence_parallel == l.sequence_parallel &&
           static_cast<int>(c.w.kv_precision) == kv.value && static_cast<int>(c.w.precision) == q.value &&
           c.levels[kOffload] == off.level;
  }

  bool Fits(const FitCandidate& c) const { return c.memory().required_bytes <= capacity(c.memory()) && HostOk(c.host_bytes_per_node); }

  // One stage. Per card count (fewest first): per layout and per weight/KV/offload choice, the
  // best setting of the cheap knobs for each checkpointing level — the lexicographically
  // smallest (optimizer, ZeRO, micro-batch) that fits, found with early exits since memory
  // only falls as each knob is pushed — then every such candidate is timed and ranked.
  std::optional<FitCandidate> RunStage() {
    if (!StageHasOptions()) return std::nullopt;
    std::optional<FitCandidate> best;
    const std::vector<Option> offs = Usable(kOffload, offload_options_), qs = Usable(kQuantization, quant_options_),
                              kvs = Usable(kKv, kv_options_), cks = Usable(kCheckpointing, ckpt_options_),
                              os = Usable(kOptimizer, opt_options_);
    if (offs.empty() || qs.empty() || kvs.empty() || cks.empty() || os.empty()) return std::nullopt;
    for (int n : counts_) {
      if (n != base_.gpus && !allowed_[kLayout]) break;
      std::vector<FitCandidate> fitting;
      for (const FitLayout& l : LayoutsFor(n)) {
        if (l.level > 0 && !allowed_[kLayout]) continue;
        if (stage_ == kLayout && l.level == 0) continue;  // the request's layout: earlier stages
        std::vector<Option> zs = Usable(kZero, zero_options_);
        if (l.dp == 1) zs.erase(std::remove_if(zs.begin(), zs.end(), [](const Option& z) { return z.level > 0; }), zs.end());
        const std::vector<Option> mbs = Usable(kMicroBatch, MicroOptions(l));
        if (zs.empty() || mbs.empty()) continue;
        // Prune: the layout with every allowed knob at its strongest must fit.
        if (!Fits(Evaluate(l, cks.back(), mbs.back(), zs.back(), os.back(), kvs.back(), qs.back(), offs.back()))) continue;
        for (const Option& off : offs)
          for (const Option& q : qs)
            for (const Option& kv : kvs) {
              if (!Fits(Evaluate(l, cks.back(), mbs.back(), zs.back(), os.back(), kv, q, off))) continue;
              // Checkpointing only as far as needed: a lower level is faster and recomputes less.
              for (const Option& ck : cks) {
                if (!fitting.empty() && fitting.back().w.gpus == l.gpus && SameStructure(fitting.back(), l, kv, q, off)) break;
                if (!Fits(Evaluate(l, ck, mbs.back(), zs.back(), os.back(), kv, q, off))) continue;
                std::optional<FitCandidate> found;
                for (const Option& o : os) {
                  if (found) break;
                  if (&o != &os.back() && !Fits(Evaluate(l, ck, mbs.back(), zs.back(), o, kv, q, off))) continue;
                  for (const Option& z : zs) {
                    if (found) break;
                    if (&z != &zs.back() && !Fits(Evaluate(l, ck, mbs.back(), z, o, kv, q, off))) continue;
                    for (const Option& mb : mbs) {
                      FitCandidate cand = Evaluate(l, ck, mb, z, o, kv, q, off);
                      if (Fits(cand)) {
                        found = std::move(cand);
                        break;
                      }
                    }
                  }
                }
                if (found) fitting.push_back(std::move(*found));
              }
            }
      }
      if (fitting.empty()) continue;
      for (FitCandidate& f : fitting) {
        Time(f);
        if (!best || Better(f, *best)) best = f;
      }
      // Fewest cards first: a larger count is only looked at when nothing fits on this one.
      break;
    }
    return best;
  }

  const Workload& base_;
  const FitConstraints& cons_;
  const Assumptions& a_;
  const Calibration& cal_;
  const Gpu* gpu_ = nullptr;
  int tier_ = 2;
  int max_gpus_ = 1;
  bool training_ = true;
  long long global_batch_ = 1;
  int replicas_ = 1;
  std::array<bool, kKnobCount> allowed_{};
  Knob stage_ = kCheckpointing;
  std::vector<Option> ckpt_options_, zero_options_, opt_options_, kv_options_, quant_options_, offload_options_;
  std::vector<Precision> quant_formats_, quant_formats_all_;
  std::vector<int> counts_;
  std::map<std::array<int, 14>, std::shared_ptr<const MemoryBreakdown>> memory_cache_;
};

// [SECTION] Explaining the changes -----------------------------------------------------------------

// Position of a request field in the knob order (the order changes are listed in).
int FieldRank(const std::string& f) {
  static const char* const kOrder[] = {"checkpointing", "micro_batch", "grad_accum", "zero_stage", "optimizer",
                                       "gpus", "tp", "pp", "dp", "ep", "sequence_parallel", "kv_precision",
                                       "precision", "offload_optimizer", "offload_params"};
  for (size_t i = 0; i < std::size(kOrder); ++i)
    if (f == kOrder[i]) return static_cast<int>(i);
  return static_cast<int>(std::size(kOrder));
}

// Applies the fitted values knob by knob, in cost order, so each change's numbers are its own.
void ExplainChanges(const Workload& base, const Workload& fitted, FitSearch& search,
                    const Catalogs& c, const FitConstraints& cons, std::vector<FitChange>& out) {
  const EngineText& T = EngineTextFor(cons.language);
  const bool zh = cons.language == Language::kChinese;
  const Gpu* g = c.gpus.Find(base.gpu);
  const std::string gpu_name = g ? g->DisplayName(zh) : base.gpu;
  Workload w = base;
  MemoryBreakdown before = search.Memory(w);
  auto states = [](const MemoryBreakdown& m) { return m.weights_bytes + m.gradients_bytes + m.optimizer_bytes; };
  auto step = [&](auto&& apply, auto&& why_for) {
    // The model is never changed; a preset id stands in for it.
    const Json req_before = WorkloadToRequest(w, "model");
    apply(w);
    const Json req_after = WorkloadToRequest(w, "model");
    if (req_before == req_after) return;
    const MemoryBreakdown after = search.Memory(w);
    for (auto it = req_after.begin(); it != req_after.end(); ++it) {
      if (it.key() == "model") continue;
      const Json from = req_before.contains(it.key()) ? req_before[it.key()] : Json(nullptr);
      if (from == it.value()) continue;
      // A field two knobs touch (grad_accum: micro-batch, then layout) is one change.
      auto same = std::find_if(out.begin(), out.end(), [&](const FitChange& ch) { return ch.field == it.key(); });
      if (same != out.end()) {
        same->to = it.value();
        same->why = why_for(it.key(), before, after);
        if (same->from == same->to) out.erase(same);
        continue;
      }
      out.push_back({it.key(), from, it.value(), why_for(it.key(), before, after)});
    }
    before = after;
  };
  // Checkpointing.
  step([&](Workload& x) { x.checkpointing = fitted.checkpointing; },
       [&](const std::string&, const MemoryBreakdown& b, const MemoryBreakdown& a) {
         return Printf(fitted.checkpointing == Checkpointing::kFull ? T.fit_why_checkpointing_full : T.fit_why_checkpointing_selective,
                       Gib(b.activations_bytes).c_str(), Gib(a.activations_bytes).c_str());
       });
  const long long global = static_cast<long long>(base.micro_batch) * base.grad_accum * base.dp;
  // Micro-batch and accumulation (at the request's layout; the layout step may change both).
  if (fitted.micro_batch != base.micro_batch)
    step([&](Workload& x) {
           x.micro_batch = fitted.micro_batch;
           x.grad_accum = static_cast<int>(std::max(1LL, global / std::max(1, x.dp) / x.micro_batch));
         },
         [&](const std::string& field, const MemoryBreakdown& b, const MemoryBreakdown& a) {
           if (field == "grad_accum") return Plurals(Printf(T.fit_why_grad_accum, static_cast<int>(global)));
           return Printf(T.fit_why_micro_batch, Gib(b.activations_bytes).c_str(), Gib(a.activations_bytes).c_str());
         });
  // Layout (before ZeRO, whose sharding needs the data-parallel degree).
  step([&](Workload& x) {
         x.gpus = fitted.gpus, x.tp = fitted.tp, x.pp = fitted.pp, x.dp = fitted.dp, x.ep = fitted.ep;
         x.sequence_parallel = fitted.sequence_parallel;
         x.micro_batch = fitted.micro_batch, x.grad_accum = fitted.grad_accum;
       },
       [&](const std::string& field, const MemoryBreakdown& b, const MemoryBreakdown& a) {
         if (field == "gpus")
           return Printf(T.fit_why_gpus, base.gpus, fitted.gpus, gpu_name.c_str(), search.max_gpus(), Gib(b.required_bytes).c_str(),
                         Gib(a.required_bytes).c_str());
         if (field == "tp") {
           // Serving: as many copies of the model as the cards hold whole groups of TP x PP.
           const int copies_before = base.gpus / std::max(1, base.tp * base.pp);
           const int copies_after = fitted.gpus / std::max(1, fitted.tp * fitted.pp);
           if (!base.IsTraining() && copies_after < copies_before)
             return Plurals(Printf(T.fit_why_tp_copies, fitted.tp, fitted.gpus, copies_after, copies_before,
                                   copies_after * base.batch, copies_before * base.batch));
           return Printf(T.fit_why_tp, fitted.tp);
         }
         if (field == "pp") return Printf(T.fit_why_pp, fitted.model.layers, fitted.pp);
         if (field == "dp") return Printf(T.fit_why_dp, fitted.dp);
         if (field == "ep") return Plurals(Printf(T.fit_why_ep, fitted.model.experts, fitted.ep));
         if (field == "sequence_parallel") return std::string(T.fit_why_sequence_parallel);
         if (field == "grad_accum") return Plurals(Printf(T.fit_why_grad_accum, static_cast<int>(global)));
         if (field == "micro_batch")
           return Printf(T.fit_why_micro_batch, Gib(b.activations_bytes).c_str(), Gib(a.activations_bytes).c_str());
         return Plurals(Printf(T.fit_why_layout, fitted.gpus, Gib(b.required_bytes).c_str(), Gib(a.required_bytes).c_str()));
       });
  // ZeRO.
  step([&](Workload& x) { x.zero_stage = fitted.zero_stage; },
       [&](const std::string&, const MemoryBreakdown& b, const MemoryBreakdown& a) {
         const char* what = fitted.zero_stage >= 3 ? T.fit_zero_what_3 : fitted.zero_stage == 2 ? T.fit_zero_what_2 : T.fit_zero_what_1;
         return Plurals(Printf(T.fit_why_zero, fitted.zero_stage, what, fitted.dp, Gib(states(b)).c_str(), Gib(states(a)).c_str()));
       });
  // Optimizer.
  step([&](Workload& x) { x.optimizer = fitted.optimizer; },
       [&](const std::string&, const MemoryBreakdown& b, const MemoryBreakdown& a) {
         return Printf(T.fit_why_optimizer, Gib(b.optimizer_bytes).c_str(), Gib(a.optimizer_bytes).c_str());
       });
  // KV cache.
  step([&](Workload& x) { x.kv_precision = fitted.kv_precision; },
       [&](const std::string&, const MemoryBreakdown& b, const MemoryBreakdown& a) {
         return Plurals(Printf(T.fit_why_kv_fp8, Gib(b.kv_cache_bytes).c_str(), Gib(a.kv_cache_bytes).c_str(), base.batch, base.context));
       });
  // Weight format.
  step([&](Workload& x) { x.precision = fitted.precision; },
       [&](const std::string&, const MemoryBreakdown& b, const MemoryBreakdown& a) {
         return Printf(T.fit_why_precision, PrecisionLabel(fitted.precision), BytesPerWeight(fitted.precision) * 8,
                       Gib(b.weights_bytes).c_str(), Gib(a.weights_bytes).c_str());
       });
  // Offload.
  step([&](Workload& x) { x.offload_optimizer = fitted.offload_optimizer, x.offload_params = fitted.offload_params; },
       [&](const std::string& field, const MemoryBreakdown&, const MemoryBreakdown& a) {
         const int per_node = std::min(fitted.gpus, std::max(1, c.assumptions.gpus_per_node));
         if (field == "offload_params")
           return Plurals(Printf(T.fit_why_offload_params, Gib(a.cpu_offload_params_bytes).c_str(),
                         Gib((a.cpu_offload_params_bytes + a.cpu_offload_bytes) * per_node).c_str(), per_node));
         // Both at once are one step (FSDP's CPU offload keeps the optimizer with the weights it
         // updates); the optimizer's line says so instead of counting its own slowdown again.
         if (fitted.offload_params && !base.offload_params)
           return Printf(T.fit_why_offload_with_params, Gib(a.cpu_offload_bytes).c_str());
         return Plurals(Printf(T.fit_why_offload, Gib(a.cpu_offload_bytes).c_str(), Gib(a.cpu_offload_bytes * per_node).c_str(), per_node));
       });
  // Listed in knob order (the layout was applied before ZeRO for the numbers).
  std::stable_sort(out.begin(), out.end(), [](const FitChange& x, const FitChange& y) { return FieldRank(x.field) < FieldRank(y.field); });
}

// [SECTION] Blockers -------------------------------------------------------------------------------

// The floor over every count up to max_gpus.
std::optional<FitCandidate> FloorUpTo(FitSearch& s, int max_gpus) {
  std::optional<FitCandidate> floor;
  for (int n : s.counts()) {
    if (n > max_gpus) break;
    auto f = s.Floor(n);
    if (f && (!floor || f->memory().required_bytes < floor->memory().required_bytes)) floor = f;
  }
  return floor;
}

void ExplainBlockers(const Workload& base, const FitConstraints& cons, const Catalogs& c, FitSearch& search,
                     std::vector<std::string>& out) {
  const EngineText& T = EngineTextFor(cons.language);
  const bool zh = cons.language == Language::kChinese;
  const Gpu* g = c.gpus.Find(base.gpu);
  if (!g) return;
  const std::string name = g->DisplayName(zh);
  const int max_gpus = search.max_gpus();
  std::optional<FitCandidate> floor = FloorUpTo(search, max_gpus);
  if (!floor) return;
  const MemoryBreakdown& m = floor->memory();
  // The knobs the floor used.
  std::vector<std::string> knobs;
  const Workload& fw = floor->w;
  if (fw.checkpointing != base.checkpointing) knobs.push_back(T.fit_knob_checkpointing);
  if (fw.micro_batch != base.micro_batch) knobs.push_back(T.fit_knob_micro_batch);
  if (fw.zero_stage != base.zero_stage) knobs.push_back(T.fit_knob_zero);
  if (fw.optimizer != base.optimizer) knobs.push_back(T.fit_knob_optimizer);
  if (max_gpus > base.gpus || fw.tp != base.tp || fw.pp != base.pp) knobs.push_back(Plurals(Printf(T.fit_knob_layout, max_gpus)));
  if (fw.kv_precision != base.kv_precision) knobs.push_back(T.fit_knob_kv);
  if (fw.precision != base.precision) knobs.push_back(Printf(T.fit_knob_quantization, PrecisionLabel(fw.precision)));
  if (fw.offload_optimizer != base.offload_optimizer) knobs.push_back(T.fit_knob_offload);
  if (fw.offload_params != base.offload_params) knobs.push_back(T.fit_knob_offload_params);
  std::string list;
  for (const std::string& k : knobs) list += (list.empty() ? "" : T.fit_list_separator) + k;
  if (list.empty()) list = T.fit_block_nothing_allowed;
  // Needed against what the card leaves the job (its usable share), as the Calculator compares.
  out.push_back(Printf(T.fit_block_floor, list.c_str(), Gib(m.required_bytes).c_str(), fw.gpus, name.c_str(),
                       Gib(search.capacity(m)).c_str(), Gib(m.weights_bytes).c_str(), Gib(m.gradients_bytes).c_str(),
                       Gib(m.optimizer_bytes).c_str(), Gib(m.activations_bytes).c_str(), Gib(m.kv_cache_bytes).c_str(),
                       Gib(m.overhead_bytes).c_str()));
  // Offload left out for want of host memory.
  if (search.host_blocked_bytes > 0 && cons.max_host_memory_gb)
    out.push_back(Printf(T.fit_block_host_memory, Gib(search.host_blocked_bytes).c_str(),
                         (FitValueText(*cons.max_host_memory_gb) + "\u00A0GB").c_str()));
  // What a forbidden knob would give.
  auto floor_with = [&](FitConstraints other) {
    FitSearch s(base, other, c);
    auto f = FloorUpTo(s, max_gpus);
    search.memory_estimates += s.memory_estimates;
    return f;
  };
  if (cons.allow_quantization != QuantizationAllowed::kAny && search.HasQuantOptions()) {
    FitConstraints any = cons;
    any.allow_quantization = QuantizationAllowed::kAny;
    auto q = floor_with(any);
    if (q && q->memory().required_bytes < m.required_bytes) out.push_back(Printf(T.fit_block_quantization, Gib(q->memory().required_bytes).c_str()));
  }
  if (!cons.allow_offload && base.IsTraining() && !base.offload_optimizer) {
    FitConstraints any = cons;
    any.allow_offload = true;
    auto o = floor_with(any);
    if (o && o->memory().required_bytes < m.required_bytes) out.push_back(Printf(T.fit_block_offload, Gib(o->memory().required_bytes).c_str()));
  }
  // More cards of the same kind (doubling up to kMaxFitGpus); data parallelism may need a
  // larger global batch, said so.
  {
    FitConstraints more = cons;
    more.max_gpus = kMaxFitGpus;
    FitSearch s(base, more, c);
    s.keep_global_batch = false;
    std::optional<FitCandidate> found;
    for (int n = std::max(2, max_gpus * 2); n <= kMaxFitGpus && !found; n *= 2) {
      auto f = s.Floor(n);
      if (f && f->memory().required_bytes <= s.capacity(f->memory())) found = f;
    }
    search.memory_estimates += s.memory_estimates;
    // The floor proves the count; what the line then describes is the fewest changes at that
    // count, as Make it fit would pick them: the floor offloads everything it may, which ZeRO-3
    // over the same cards often does not need (70B QLoRA on 2 x RTX A6000 fits without offload).
    if (found) {
      FitConstraints at = more;
      at.max_gpus = found->w.gpus;
      FitSearch exact(base, at, c);
      exact.keep_global_batch = false;
      if (auto best = exact.Run()) found = std::move(best);
      search.memory_estimates += exact.memory_estimates;
    }
    const long long global = static_cast<long long>(base.micro_batch) * base.grad_accum * base.dp;
    if (!found) {
      out.push_back(Printf(T.fit_block_no_count, kMaxFitGpus, name.c_str()));
    } else {
      const Workload& x = found->w;
      const long long needed = static_cast<long long>(x.micro_batch) * x.grad_accum * x.dp;
      if (base.IsTraining() && needed > global)
        out.push_back(Plurals(Printf(T.fit_block_more_gpus_batch, x.gpus, name.c_str(), static_cast<int>(needed), max_gpus)));
      else
        out.push_back(Plurals(Printf(T.fit_block_more_gpus, x.gpus, name.c_str(), max_gpus)));
      // Offloaded states are the host's to hold: a 405B full fine-tune "fits" 8 x T4 only with
      // terabytes of RAM beside them, which the line must say.
      if (found->host_bytes_per_node > 0 && (x.offload_optimizer || x.offload_params))
        out.back() += Printf(T.fit_block_more_gpus_host, Gib(found->host_bytes_per_node).c_str());
    }
  }
  // A bigger card at the same count: the smallest catalog card whose share for the job (its
  // usable memory, or a preallocating server's fraction of it) holds the floor and whose stack
  // runs the job (data/software.json): one that says "yes" to every feature the job needs
  // first (SoftwareSaysYes, as the Fits-on marks), else one where nobody says "no" (BR100 was
  // offered for an NF4 QLoRA it cannot run).
  {
    const Framework framework = FrameworkFor(fw);
    const Gpu* bigger = nullptr;
    bool bigger_supported = false;
    for (const Gpu& card : c.gpus.gpus) {
      if ((fw.gpus > 1 && card.Standalone()) || !UnsupportedSoftware(card, fw, cons.language).empty() ||
          m.required_bytes > JobCapacityBytes(m, card, c.calibration))
        continue;
      const bool ok = SoftwareSaysYes(fw, framework, card);
      if (!bigger || (ok && !bigger_supported) || (ok == bigger_supported && card.memory_bytes < bigger->memory_bytes)) {
        bigger = &card;
        bigger_supported = ok;
      }
    }
    if (bigger)
      out.push_back(Printf(T.fit_block_bigger_card, Gib(m.required_bytes).c_str(), fw.gpus, bigger->DisplayName(zh).c_str(),
                           Gib(bigger->memory_bytes).c_str()));
    else
      out.push_back(Printf(T.fit_block_no_card, Gib(m.required_bytes).c_str()));
  }
  // Training: the longest sequence that would fit, halving from the request's (QLoRA's 65B on one
  // 48 GB card, Dettmers et al. 2023, trains at 512-1,024 tokens), at most 4 halvings and not
  // below 256 tokens (each try is a whole search). Said, never applied: the data's length is
  // the question's.
  if (base.IsTraining()) {
    for (int seq = base.seq_len / 2, tries = 0; seq >= 256 && tries < 4; seq /= 2, ++tries) {
      Workload shorter = base;
      shorter.seq_len = seq;
      FitSearch s(shorter, cons, c);
      const std::optional<FitCandidate> fits = s.Run();
      search.memory_estimates += s.memory_estimates;
      if (!fits) continue;
      out.push_back(Printf(T.fit_block_shorter_sequences, seq, base.seq_len, fits->w.gpus, name.c_str()));
      break;
    }
  }
  if (base.task == Task::kFullFinetune || base.task == Task::kPretrain) out.push_back(T.fit_block_task_training);
  if (!base.IsTraining())
    out.push_back(Plurals(Printf(T.fit_block_task_serving, Gib(m.kv_cache_bytes).c_str(), base.batch, base.context)));
}

}  // namespace

// [SECTION] Fit ------------------------------------------------------------------------------------

FitResult Fit(const Workload& base_in, const FitConstraints& cons, const Catalogs& c) {
  FitResult res;
  Workload base = base_in;
  res.errors = ValidateWorkload(base, cons.language);
  if (!c.gpus.Find(base.gpu)) res.errors.push_back(Printf(EngineTextFor(cons.language).val_unknown_gpu, base.gpu.c_str()));
  for (const std::string& e : ValidateFitConstraints(cons, base)) res.errors.push_back(e);
  if (!res.errors.empty()) return res;
  res.ok = true;
  res.workload = base;
  res.estimate = Estimate(base, c, cons.language);
  if (res.estimate.fits) {
    res.fits = true;
    return res;
  }
  FitSearch search(base, cons, c);
  std::optional<FitCandidate> best = search.Run();
  if (best) {
    res.fits = true;
    res.workload = best->w;
    ExplainChanges(base, best->w, search, c, cons, res.changes);
    res.estimate = Estimate(best->w, c, cons.language);
    res.fits = res.estimate.fits;
  } else {
    ExplainBlockers(base, cons, c, search, res.blockers);
  }
  res.memory_estimates = search.memory_estimates;
  res.compute_estimates = search.compute_estimates;
  return res;
}

}  // namespace atlas
