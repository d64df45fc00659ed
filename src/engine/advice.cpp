#include "advice.hpp"

#include "format.hpp"
#include "memory_model.hpp"
#include "text/engine_text.hpp"
#include "plural.hpp"

#include <vector>

namespace atlas {

std::string DoesNotFitAdvice(const Workload& w, Language language) {
  const EngineText& T = EngineTextFor(language);
  std::vector<std::string> items;
  if (w.IsTraining()) {
    if (w.checkpointing == Checkpointing::kNone) items.push_back(T.est_try_checkpointing);
    else if (w.checkpointing == Checkpointing::kSelective) items.push_back(T.est_try_checkpointing_full);
    if (w.micro_batch > 1) items.push_back(T.est_try_micro_batch);
    if (w.zero_stage < 3) items.push_back(w.dp > 1 ? Plurals(Printf(T.est_try_zero3_dp, w.dp)) : std::string(T.est_try_zero3_more));
    else items.push_back(T.est_try_more_gpus);
    if (w.optimizer == Optimizer::kAdamW) items.push_back(T.est_try_8bit);
    if (!w.offload_optimizer) items.push_back(T.est_try_offload);
    if (w.task == Task::kFullFinetune || w.task == Task::kPretrain) items.push_back(T.est_try_peft);
    else if (w.task == Task::kLora) items.push_back(T.est_try_qlora);
    else if (w.task == Task::kQlora && w.precision == Precision::kInt8) items.push_back(T.est_try_nf4);
  } else {
    if (w.kv_precision == KvPrecision::kFp16) items.push_back(T.est_try_kv_fp8);
    // Formats above 8 bits can go to FP8/INT8/INT4; 8-bit ones to INT4.
    if (BytesPerWeight(w.precision) > 1) items.push_back(T.est_try_quant_any);
    else if (BytesPerWeight(w.precision) > BytesPerWeight(Precision::kInt4)) items.push_back(T.est_try_quant_int4);
    items.push_back(T.est_try_tp);
    items.push_back(w.batch > 1 ? T.est_try_users_context : T.est_try_context);
  }
  items.push_back(T.est_try_bigger_card);
  std::string list;
  for (const std::string& item : items) list += (list.empty() ? "" : T.fit_list_separator) + item;
  return Printf(T.est_advice, list.c_str());
}

}  // namespace atlas
