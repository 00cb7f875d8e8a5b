"""Writes MODEL_CARD.md for the shipped miniature from the figures the build measured.

It knows only the wording and a dict of facts; every number in the card comes from the build that wrote it.
"""
from mtp_viz.gemma4 import kv_source_layers


def _size(num_bytes):
    return f"{num_bytes / 1e6:.2f} MB" if num_bytes >= 100_000 else f"{num_bytes / 1e3:.1f} kB"


def architecture_facts(target, assistant):
    """The card's facts that come from the two models' configs (head sizes vary per layer in Gemma 4)."""
    cfg = target.config
    return dict(
        target_params=sum(p.numel() for p in target.parameters()),
        assistant_params=sum(p.numel() for p in assistant.parameters()),
        heads=cfg.num_attention_heads, kv_heads=cfg.per_layer_config[0].num_key_value_heads,
        head_dim=cfg.per_layer_config[0].head_dim, global_head_dim=cfg.per_layer_config[cfg.num_hidden_layers - 1].head_dim,
        draft_heads=assistant.config.get_text_config().num_attention_heads,
        layer_types=", ".join(t.split("_")[0] for t in cfg.layer_types),
        kv_sources=kv_source_layers(cfg),
        **_moe_facts(target),
    )


def _moe_facts(target):
    cfg = target.config
    if not getattr(cfg, "enable_moe_block", False):
        return {}
    expert_params = 3 * cfg.moe_intermediate_size * cfg.hidden_size  # gate, up and down of one expert
    all_experts = expert_params * cfg.num_experts * cfg.num_hidden_layers
    total = sum(p.numel() for p in target.parameters())
    return dict(num_experts=cfg.num_experts, top_k_experts=cfg.top_k_experts,
                moe_intermediate_size=cfg.moe_intermediate_size, expert_params=expert_params,
                active_params=total - all_experts + expert_params * cfg.top_k_experts * cfg.num_hidden_layers)


# Gemma 4 26B A4B's text config as quoted, value for value, by several public repositories that parse its
# published config.json (read with this project's search tools; the hub itself was not reachable).
GEMMA4_26B_A4B = dict(layers=30, hidden_size=2816, intermediate_size=2112, num_experts=128, top_k_experts=8,
                      moe_intermediate_size=704, vocab_size=262144, sliding_window=1024)


# Gemma 4 E2B and its assistant: the target's text config (num_hidden_layers, hidden_size, num_kv_shared_layers,
# hidden_size_per_layer_input, vocab_size, sliding_window, layer_types) as quoted, value for value, by several public
# repositories that parse google/gemma-4-E2B-it's config.json; the assistant's 4 layers and width 256 from Google's
# launch post (this project's seeds); 2048 centroids, top 32, as in the -assistant's config (issue 16).
GEMMA4_E2B = dict(layers=35, hidden_size=1536, kv_shared=20, per_layer_input=256, vocab_size=262144,
                  sliding_window=512, draft_layers=4, draft_hidden_size=256, centroids=2048, top_k=32)


def _e2b_section(f):
    p, g = f["preset"], GEMMA4_E2B
    first_shared = p.num_layers - p.kv_shared_layers
    per = p.vocab_size // p.num_centroids
    return f"""
## Shaped like E2B, beside Gemma 4 E2B
At batch size 1 a forward pass costs roughly a fixed time per layer, on a CPU as on a GPU, so the ratio that
decides whether drafting pays is depth: a 4-layer drafter against a 35-layer target. The miniature keeps E2B's
depth, layer pattern and KV sharing, and shrinks everything that only sets the size.

| | this miniature | Gemma 4 E2B |
|---|---|---|
| target layers | {p.num_layers} | {g["layers"]} |
| layer pattern | {p.sliding_per_full} sliding, 1 full; the last layer full | 4 sliding, 1 full; the last layer full |
| KV-shared layers | the last {p.kv_shared_layers} (layers {first_shared}-{p.num_layers - 1}) reuse layers {f["kv_sources"]["sliding_attention"]} (sliding) and {f["kv_sources"]["full_attention"]} (full) | the last {g["kv_shared"]}, reusing layers 13 and 14 |
| hidden size | {p.hidden_size} | {g["hidden_size"]:,} |
| per-layer input embeddings | {p.per_layer_input} per layer | {g["per_layer_input"]} per layer |
| sliding window | {p.sliding_window} | {g["sliding_window"]} |
| assistant layers, width | 4, {p.draft_hidden_size} | {g["draft_layers"]}, {g["draft_hidden_size"]} |
| the drafter reads | the KV of target layers {f["kv_sources"]["sliding_attention"]} and {f["kv_sources"]["full_attention"]} | the KV of target layers 13 and 14 |
| vocabulary | {p.vocab_size:,} | {g["vocab_size"]:,} |
| centroids (tokens each), top k | {p.num_centroids} ({per}), top {p.centroid_top_k}: {100 * p.centroid_top_k * per / p.vocab_size:.2f}% scored | {g["centroids"]:,} ({g["vocab_size"] // g["centroids"]}), top {g["top_k"]}: {100 * g["top_k"] * (g["vocab_size"] // g["centroids"]) / g["vocab_size"]:.2f}% scored |

E2B's numbers: the target's text config as quoted, value for value, by several public repositories that parse
`google/gemma-4-E2B-it`'s config.json (found with this project's search tools; the hub was not reachable from the
build); the assistant's depth and width from Google's launch post on Gemma 4's drafters; its 2,048 centroids of 128
tokens and top 32 from the assistant's config as this project's issue 16 quotes it. The bundled pair's cost ratio
and speed-up are measured by `benchmarks/speedup.py` (see the README).
"""


def _moe_section(f):
    p, g = f["preset"], GEMMA4_26B_A4B
    union = lambda e, k, t: e * (1 - (1 - k / e) ** t)  # noqa: E731  experts hit by t independent tokens
    t = f["num_drafts"] + 1
    return f"""
## Mixture of experts, beside Gemma 4 26B A4B
Every layer of the target runs its small dense MLP and, beside it, a routed mixture of experts
(`enable_moe_block=True`): a router picks the top k experts for each token and mixes their outputs.

| | this miniature | Gemma 4 26B A4B |
|---|---|---|
| layers (all with experts) | {p.num_layers} | {g["layers"]} |
| hidden size | {p.hidden_size} | {g["hidden_size"]} |
| dense MLP width | {p.intermediate_size} ({p.intermediate_size / p.hidden_size:.2f} x hidden) | {g["intermediate_size"]} ({g["intermediate_size"] / g["hidden_size"]:.2f} x hidden) |
| experts per layer, E | {p.num_experts} | {g["num_experts"]} |
| experts per token, k | {p.top_k_experts} (k/E = 1/{p.num_experts // p.top_k_experts}) | {g["top_k_experts"]} (k/E = 1/{g["num_experts"] // g["top_k_experts"]}) |
| one expert's MLP width | {p.moe_intermediate_size} ({p.moe_intermediate_size / p.hidden_size:.2f} x hidden) | {g["moe_intermediate_size"]} ({g["moe_intermediate_size"] / g["hidden_size"]:.2f} x hidden) |
| one expert, one layer | {f["expert_params"]:,} parameters | {3 * g["moe_intermediate_size"] * g["hidden_size"]:,} parameters |
| parameters used per token | {f["active_params"]:,} of {f["target_params"]:,} | about 4B of 26B (the name) |
| experts hit by {t} independent tokens, E(1-(1-k/E)^{t}) | {union(p.num_experts, p.top_k_experts, t):.1f} | {union(g["num_experts"], g["top_k_experts"], t):.1f} |

The corpus is the miniature's, and so is the tokenizer (the build loads `assets/miniature/tokenizer`
instead of training one, so both miniatures share token ids). Training adds a load-balancing loss to the
target's (Switch Transformer's E·Σ f_e·P_e per layer, weight 0.01), because transformers' Gemma 4 causal LM has
none and without one routing can collapse onto a few experts; how Gemma 4 itself was trained is not public, so
this part is this build's own choice.

The 26B A4B column comes from its config as quoted, value for value, by several public repositories that
parse it (found with this project's search tools; the hub itself was not reachable from the build). The
miniature keeps the ratios that matter for the "Experts touched" view (k/E small, experts narrow beside
the dense MLP), not the sizes. {_sparsity(p, g, t)}
"""


def _target_time(f):
    if f["target_minutes"] is None:
        return "the target reused from an earlier build of the same preset, --resume, not counted; "
    return f"target {f['target_minutes']:.1f}, "


LICENCE = """
## Licence
Apache License 2.0, the same as the code (`LICENSE` at the repository root): the weights, the tokenizer and this
card. This project trained both models from scratch, with `python -m mtp_viz.training`, on English text that its
own corpus generator writes (sayings, little stories, routines, simple facts, counting and sums; see Data). They
are not Gemma's weights and are not derived or distilled from them; Gemma 4 lends only the architecture, through
the transformers classes named above.
"""


def title(f):
    """The card's first line; "mixture of experts" only for a target that routes to experts."""
    return f"# Miniature Gemma 4 target{' (mixture of experts)' if f.get('num_experts') else ''} and MTP assistant"


def model_card(f):
    """`f` holds the preset, sizes, timings and measured figures collected by `python -m mtp_viz.training`."""
    p = f["preset"]
    files = "\n".join(f"| `{name}` | {_size(size)} |" for name, size in f["files"].items() if name != "MODEL_CARD.md")
    samples = "\n".join(f"| {prompt!r} | {text!r} | {acc:.2f} | {tpp:.2f} |"
                        for prompt, text, acc, tpp in f["samples"])
    moe = _moe_section(f) if f.get("num_experts") else ""
    moe += _e2b_section(f) if p.kv_shared_layers else ""
    distilled = (f"\n   Plus {p.distill:g} x the KL divergence from the target's whole next-token distribution at that "
                 "step (a sampled\n   draft is kept with probability sum(min(p, q)), so q should look like p, not "
                 "only share its top token).\n  " if p.distill else "")
    return f"""{title(f)}

A toy pair built by this project so the app can show real multi-token-prediction drafting on a laptop, in a
Space without a GPU and in tests, with nothing to download. Both models are the real transformers classes
(`Gemma4ForCausalLM` and `Gemma4AssistantForCausalLM`, transformers 5.24) in miniature, trained from scratch
by `python -m mtp_viz.training` on text the project generates. It is **not** Gemma: it knows only the
sayings, little stories, routines and facts of its corpus, and it is not useful for anything but showing how
drafting, verification and acceptance work.

## Models
| | target | assistant (drafter) |
|---|---|---|
| class | `Gemma4ForCausalLM` | `Gemma4AssistantForCausalLM` |
| parameters | {f["target_params"]:,} | {f["assistant_params"]:,} (own tied embedding / lm_head) |
| layers | {p.num_layers}: {f["layer_types"] if p.num_layers <= 8 else f"{p.sliding_per_full} sliding then 1 full, repeated"} | 4: sliding x3, full; all read the target's KV |
| hidden size | {p.hidden_size} (MLP {p.intermediate_size}) | {p.draft_hidden_size} (MLP {p.draft_intermediate_size}) |
| attention | {f["heads"]} query heads, {f["kv_heads"]} KV head; head dim {f["head_dim"]} (sliding), {f["global_head_dim"]} (full) | {f["draft_heads"]} query heads over the target's KV |
| sliding window | {p.sliding_window} tokens | same |
| vocabulary | {p.vocab_size} byte-level BPE tokens, tied embeddings | same ids |
| ordered embeddings | - | {p.num_centroids} centroids of {p.vocab_size // p.num_centroids} tokens; top {p.centroid_top_k} scored = {100 * p.centroid_top_k / p.num_centroids:.2f}% of the vocabulary per step |

Weights ship in float16 (every file under 10 MB, larger models in safetensors shards); load them with
`dtype=torch.float32`.
{moe}
## Data
{f["corpus_tokens"]:,} tokens ({f["corpus_docs"]:,} short documents) written by `mtp_viz/training/corpus.py` from
the project's own templates and word lists (`phrases.py`): {len(f["sayings"])} common English sayings in many
frames ("As they say, ...", "My grandmother always said, ...", a saying as a story's moral, what a saying
means), children's-story sentences with recurring characters, places and routines, simple question-and-answer
facts, and counting, clock times and sums (the unpredictable part, and most of the vocabulary). No downloaded
data. The benchmark prompts do not occur verbatim in it.

## Training
1. Tokenizer: byte-level BPE trained with `tokenizers` on the corpus; `<pad>`=0, `<eos>`=1, `<bos>`=2 (added
   to every encoding), `<start_of_turn>`/`<end_of_turn>` and a small chat template.
2. Target: next-token cross-entropy, {p.target_steps} steps of {p.target_batch} x {p.seq_len} tokens, AdamW
   (peak lr {p.target_lr}, warm-up then cosine), bf16 autocast on CPU; weights then rounded to float16.
3. Token clusters: equal-size k-means ({p.num_centroids} x {p.vocab_size // p.num_centroids}) on the target's
   (tied) output embeddings, stored as the assistant's `masked_embedding.token_ordering`.
4. Assistant: {p.rollouts} greedy rollouts of the finished target ({p.rollout_new_tokens} new tokens after prompts of
   2-24 tokens: half open a corpus document, half are `<bos>` and a span from anywhere in the corpus). Each
   training step unrolls {p.unroll_steps} draft steps for every round start of a batch of rollouts with exactly the
   inputs `generate` feeds: the target's scaled embedding of the last committed token with the target's final
   hidden state at the position before it, the constant position, the target's shared KV of the positions
   before it (sliding layers: the last window), and for later steps the assistant's own `post_projection`
   output with the embedding of its previous draft. After a round with rejected drafts, transformers leaves
   their KV in what the assistant reads (one extra entry on full layers, up to N on sliding ones); training
   does the same for 65% of round starts, with the target's runner-up tokens as the rejected drafts (computed
   exactly in one extra masked pass). Loss: cross-entropy to the target's greedy token at each step (steps
   past {p.num_assistant_tokens} at half weight), plus cross-entropy of the centroid scorer to that token's
   cluster.{distilled} {p.assistant_steps} steps, batch {p.draft_batch}. Tests check the batched training
   forward against the real `assistant(...)` call.

Build time on 2 CPU cores (shared with other work): {f["minutes"]:.1f} minutes in all
({_target_time(f)}assistant {f["assistant_minutes"]:.1f}, its
rollouts included).

## Measured
Greedy, {f["num_drafts"]} drafts per round (constant), {f["max_new_tokens"]} new tokens (fewer where the target
ends with `<eos>`), on the shipped float16 weights loaded as float32, by `{f["measured_with"]}`, which runs the
rounds as `generate(assistant_model=...)` does; `benchmarks/acceptance.py` measures the same with the app's engine:

- Held-out prompts ({len(f["samples"])}): **{f["mean_accepted"]:.2f} accepted drafts per round**,
  **{f["tokens_per_pass"]:.2f} tokens per target forward pass**.
- The same prompts with the heuristic schedule (the app's default: N starts at 4, +2 after a fully
  accepted round, else -1): {f["heuristic_accepted"]:.2f} accepted drafts per round, {f["heuristic_per_pass"]:.2f}
  tokens per target pass.
- "{f["demo_prompt"]}" continues {f["demo_text"]!r}; its best round accepted {f["demo_best_round"]} drafts.
- `target.generate(ids, assistant_model=assistant)` equals `target.generate(ids)` on these prompts:
  {"yes" if f["generate_matches"] else "no"}.
- Cluster misses (the target's greedy token outside the drafter's top {p.centroid_top_k} clusters) on the
  first draft of held-out rounds: {100 * f["cluster_miss_rate"]:.1f}%.

| prompt | greedy continuation | accepted / round | tokens / pass |
|---|---|---|---|
{samples}

## Files
| file | size |
|---|---|
{files}

## What it is not
Not a Gemma checkpoint and not distilled from one; not a language model anyone should use for text. Its
acceptance figures are high because its corpus is predictable on purpose; real Gemma 4 pairs accept fewer
drafts on open text. The sliding window, head counts and sizes are shrunk for speed and say nothing about
how the real models behave at scale.
{LICENCE}"""


def _sparsity(p, g, tokens) -> str:
    """How the miniature's share of experts per token compares with 26B A4B's, and what that does to the union."""
    mine, theirs = p.num_experts // p.top_k_experts, g["num_experts"] // g["top_k_experts"]
    if mine == theirs:
        return (f"It routes 1 in {mine} experts, as 26B A4B does, so the experts of {tokens} tokens checked together "
                "overlap about as little as there.")
    return (f"The miniature routes 1 in {mine} experts rather than 1 in {theirs}, so with {tokens} tokens per "
            f"verification the union grows {'more slowly' if mine < theirs else 'faster'} than in 26B A4B.")
