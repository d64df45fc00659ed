// Training activations from each architecture's operations, as the framework that runs them
// keeps them for the backward pass. Two accountings:
//  - fused (Megatron-LM / Transformer Engine): Korthikanti et al. 2022 (arXiv:2205.05198) §4,
//    eq. 1-5, with GQA, gated MLPs and dropout masks only when dropout > 0;
//  - eager (PyTorch autograd running transformers / PEFT / LitGPT): every op's saved tensors —
//    RMSNorm keeps an FP32 copy of its input, SDPA keeps q, k, v (K/V expanded for GQA), its
//    output and log-sum-exp, the eager attention path keeps the FP32 softmax and its BF16 copy,
//    a SwiGLU MLP keeps gate, up, SiLU output and product; a frozen base's linears keep no input
//    for their weight gradient, while LoRA's A matrices keep theirs.
// Plus the loss layer (logits, FP32 upcast and its gradient: large for 128k-152k vocabularies).
#pragma once

#include "calibration.hpp"
#include "workload.hpp"

#include <string>
#include <vector>

namespace atlas {

// One term of a layer's activations, in bytes per token (scores: bytes per token per context
// token, multiplied by s).
struct ActivationTerm {
  const char* key;
  double bytes_per_token;
};

struct ActivationBreakdown {
  double dense_layer_bytes = 0;    // one dense layer at the run's s, b, t
  double moe_layer_bytes = 0;      // one MoE layer
  double recompute_layer_bytes = 0;  // the layer rebuilt during backward under full checkpointing
  double layers_bytes = 0;         // all layers kept (first pipeline stage under 1F1B)
  double loss_bytes = 0;           // logits and their gradient at the peak
  double total_bytes = 0;
  std::vector<ActivationTerm> terms;  // per-token terms of a dense layer, before TP split
};

ActivationBreakdown TrainingActivations(const Workload& w, const FrameworkProfile& profile);

// The formula of the breakdown in words (for "show the math"), and its inputs.
struct EngineText;

std::string ActivationFormulaText(const FrameworkProfile& profile, const EngineText& text);
std::string ActivationInputsText(const Workload& w, const FrameworkProfile& profile, const ActivationBreakdown& a,
                                 const EngineText& text);

}  // namespace atlas
