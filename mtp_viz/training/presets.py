"""Sizes and schedules of the miniature build, full and quick, each bundled model's recipe, and the Gemma 4 configs
made from them.

It knows the transformers config classes; it knows nothing about data or training loops.
"""
from dataclasses import dataclass

from transformers import Gemma4AssistantConfig, Gemma4TextConfig

from mtp_viz import model_table
from mtp_viz.training.tokenizer import BOS_ID, EOS_ID, PAD_ID


@dataclass(frozen=True)
class Preset:
    corpus_chars: int = 5_500_000   # about 1.3M tokens of generated text
    vocab_size: int = 4096          # BPE merges stop when the corpus runs out of pairs; 4096 is reached
    hidden_size: int = 192          # target width; about 3.2M parameters in all
    intermediate_size: int = 512
    num_layers: int = 6             # sliding, sliding, full, twice: the last layer is full, as in E2B
    sliding_per_full: int = 2       # the repeating pattern: this many sliding layers, then one full layer
    kv_shared_layers: int = 0       # the last layers reuse the KV of the last non-shared layer of their type
    per_layer_input: int = 0        # width of the per-layer input embeddings (E2B: 256); shared KV needs > 0
    sliding_window: int = 16        # shorter than the longer prompts, so the window is visible in the app
    draft_hidden_size: int = 96     # the assistant is half as wide and has 4 layers, like E2B's
    draft_intermediate_size: int = 384
    num_centroids: int = 128        # 32 tokens per cluster
    centroid_top_k: int = 8         # 8 x 32 = 256 of 4096 tokens scored per step: 6.25%
    seq_len: int = 128              # target training window
    target_batch: int = 16
    target_steps: int = 1500
    target_lr: float = 2e-3
    rollouts: int = 4096            # greedy continuations the drafter learns from
    rollout_new_tokens: int = 64
    num_assistant_tokens: int = 4   # N the assistant's generation_config ships with
    unroll_steps: int = 8           # draft steps trained per round: the app's heuristic schedule grows N past 4
    max_junk: int = 8               # most rejected drafts a previous round may leave in the KV, in training
    distill: float = 0.0            # weight of KL(target's p || drafter's q) beside the greedy tokens' cross-entropy
    draft_batch: int = 16
    assistant_steps: int = 1500
    assistant_lr: float = 2e-3
    log_every: int = 100
    num_experts: int = 0            # 0: dense target; else every layer adds a routed mixture of experts
    top_k_experts: int = 0          # experts each token is routed to
    moe_intermediate_size: int = 0  # width of one expert's MLP


# Shaped like E2B where it matters for speed: 35 layers in E2B's pattern (four sliding, one full), the last 20
# layers reusing the KV of layers 13 (sliding) and 14 (full), per-layer input embeddings; a 4-layer drafter.
# The width is the miniature's business: 128 keeps every file small and the pass cost per layer as on E2B,
# where a pass costs about a fixed time per layer at batch size 1. Same corpus and tokenizer as SHALLOW.
# The drafter learns from 16,384 rollouts over 2,000 steps, pulled toward the target's whole distribution as well
# as its greedy token (distill): 3.05 accepted drafts per round on held-out prompts at N = 4. From 4,096 rollouts and
# 1,500 steps, greedy tokens only, it had fitted its data (93 % of first-4 drafts right) and plateaued at 2.86.
E2B_LIKE = Preset(hidden_size=128, intermediate_size=384, num_layers=35, sliding_per_full=4, kv_shared_layers=20,
                  per_layer_input=16, target_steps=1200, rollouts=16384, assistant_steps=2000, log_every=250,
                  distill=1.0)
# The first miniature: 6 layers, a drafter that costs about half a target pass, so drafting barely pays.
SHALLOW = Preset()
FULL = E2B_LIKE
# 26B A4B's sparsity scaled down: 32 experts, top-2, so k/E = 1/16 as there (8 of 128). In that regime the
# experts of N + 1 tokens barely overlap, which is what the MoE lesson is about. Each expert is an eighth of
# the width and the shared dense MLP three quarters; the experts hold as many weights as the first MoE
# miniature's 16 x 48, so the files stay under 10 MB. The tokenizer is the miniature's.
MOE = Preset(num_layers=4, intermediate_size=144, num_experts=32, top_k_experts=2, moe_intermediate_size=24,
             target_steps=1200, rollouts=8192, log_every=300)
QUICK = Preset(
    corpus_chars=150_000, vocab_size=512, hidden_size=64, intermediate_size=128, num_layers=3,
    sliding_window=8, draft_hidden_size=32, draft_intermediate_size=64, num_centroids=16, centroid_top_k=2,
    seq_len=64, target_batch=8, target_steps=30, rollouts=64, rollout_new_tokens=16, draft_batch=8,
    assistant_steps=20, log_every=10, unroll_steps=4, max_junk=4,
)
QUICK_DEEP = Preset(**{**QUICK.__dict__, "num_layers": 10, "sliding_per_full": 4, "kv_shared_layers": 5,
                        "per_layer_input": 8})
QUICK_MOE = Preset(**{**QUICK.__dict__, "num_experts": 16, "top_k_experts": 2, "moe_intermediate_size": 16})
# Each bundled model of the model table -> its recipe: (the full build, the quick one)
RECIPES = {model_table.MINIATURE: (E2B_LIKE, QUICK_DEEP), model_table.SHALLOW: (SHALLOW, QUICK),
           model_table.MOE: (MOE, QUICK_MOE)}


def _layer_types(num_layers, sliding_per_full=2):
    types = (["sliding_attention"] * sliding_per_full + ["full_attention"]) * num_layers
    return types[: num_layers - 1] + ["full_attention"]


def _attention(hidden_size, num_heads):
    # One KV head and wider heads on full layers, as in E2B; both must match between target and assistant.
    return dict(num_attention_heads=num_heads, num_key_value_heads=1, head_dim=48 if hidden_size >= 96 else 16,
                global_head_dim=64 if hidden_size >= 96 else 16)


def _experts(p):
    if not p.num_experts:
        return {}
    return dict(enable_moe_block=True, num_experts=p.num_experts, top_k_experts=p.top_k_experts,
                moe_intermediate_size=p.moe_intermediate_size)


def target_config(p: Preset) -> Gemma4TextConfig:
    return Gemma4TextConfig(
        vocab_size=p.vocab_size, hidden_size=p.hidden_size, intermediate_size=p.intermediate_size,
        num_hidden_layers=p.num_layers, layer_types=_layer_types(p.num_layers, p.sliding_per_full),
        sliding_window=p.sliding_window, max_position_embeddings=2048, hidden_size_per_layer_input=p.per_layer_input,
        vocab_size_per_layer_input=p.vocab_size if p.per_layer_input else 0, num_kv_shared_layers=p.kv_shared_layers,
        tie_word_embeddings=True, pad_token_id=PAD_ID, eos_token_id=EOS_ID, bos_token_id=BOS_ID,
        **_attention(p.hidden_size, 4), **_experts(p),
    )


def assistant_config(p: Preset) -> Gemma4AssistantConfig:
    text = Gemma4TextConfig(
        vocab_size=p.vocab_size, hidden_size=p.draft_hidden_size, intermediate_size=p.draft_intermediate_size,
        num_hidden_layers=4, layer_types=["sliding_attention"] * 3 + ["full_attention"],
        sliding_window=p.sliding_window, max_position_embeddings=2048, hidden_size_per_layer_input=0,
        vocab_size_per_layer_input=0, num_kv_shared_layers=4, pad_token_id=PAD_ID, eos_token_id=EOS_ID,
        bos_token_id=BOS_ID, **_attention(p.hidden_size, 2),
    )
    return Gemma4AssistantConfig(
        text_config=text, backbone_hidden_size=p.hidden_size, use_ordered_embeddings=True,
        num_centroids=p.num_centroids, centroid_intermediate_top_k=p.centroid_top_k,
        pad_token_id=PAD_ID, eos_token_id=EOS_ID, bos_token_id=BOS_ID,
    )
