"""A hand-built Trace with every kind of round, for figure and UI tests. Knows the trace schema, no model.

Story: prompt "Actions speak" on an E2B-shaped model. Round 0 is the prefill; round 1 accepts all four drafts
(bonus); round 2 accepts two of six, then a rejection with a cluster miss (correction, three unchecked);
round 3 rejects its first draft; round 4 is cut by the confidence threshold after two drafts, both accepted,
and generation stops at max_new_tokens. `make_trace(sampled=True)` adds u, min(1, p/q) and residuals.
"""
from __future__ import annotations

from mtp_viz.settings import Settings
from mtp_viz.trace import (ACCEPTED, BONUS, CORRECTION, PREFILL, REJECTED, UNCHECKED, DraftStep, ModelInfo, Round,
                           Trace, VerifyStep, Why, compute_stats)

TOKEN_TEXT = {2: "<bos>", 10: "Actions", 11: " speak", 12: " louder", 13: " than", 14: " words", 15: ".",
              16: " They", 17: " say", 18: " what", 19: " we", 20: " do", 21: " really", 22: " mean",
              23: "\n", 24: " It", 25: " is", 26: " true", 27: " and", 28: " so"}
PROMPT_IDS = [2, 10, 11]

E2B_LAYER_TYPES = ["full_attention" if (i + 1) % 5 == 0 else "sliding_attention" for i in range(35)]
MODEL_INFO = {
    "name": "fixture (E2B-shaped)", "proposer": "mtp", "target_class": "Gemma4ForCausalLM",
    "assistant_class": "Gemma4AssistantForCausalLM", "vocab_size": 262144, "target_num_layers": 35,
    "target_layer_types": E2B_LAYER_TYPES, "target_hidden_size": 1536, "sliding_window": 512,
    "kv_source_layers": {"sliding_attention": 13, "full_attention": 14}, "drafter_num_layers": 4,
    "drafter_layer_types": ["sliding_attention"] * 3 + ["full_attention"], "drafter_hidden_size": 256,
    "pre_projection": [3072, 256], "post_projection": [256, 1536], "num_centroids": 2048, "centroid_top_k": 32,
    "tokens_per_centroid": 128, "scored_fraction": 32 * 128 / 262144, "is_moe": False, "num_experts": None,
    "top_k_experts": None, "moe_caveat": None, "target_params": 5_100_000_000, "drafter_params": 78_000_000,
    "device": "cpu", "dtype": "float32", "max_context": 32768,
    "device_why": [Why("step.device.cpu", {"threads": 2}),
                   Why("memory.reason.fits", {"dtype": "float32", "need": 22.4, "free": 40.0, "where": "ram"})],
}

# round spec: (N, drafts, target's choice per draft, p per draft, q per draft, accepted, last token, ms per draft,
#              verify ms, cluster miss at step)
ROUNDS = [
    (4, [13, 14, 15, 16], [13, 14, 15, 16], [0.91, 0.88, 0.95, 0.71], [0.83, 0.80, 0.97, 0.52], 4, 17,
     [4.1, 3.8, 3.9, 4.0], 14.2, None),
    (6, [18, 19, 20, 21, 22, 23], [18, 19, 22, 19, 15, 23], [0.66, 0.72, 0.09, 0.30, 0.40, 0.50],
     [0.58, 0.69, 0.61, 0.44, 0.35, 0.30], 2, 22, [4.3, 4.0, 4.1, 3.9, 4.2, 4.0], 16.8, 2),
    (5, [15, 24, 25, 26, 15], [27, 24, 25, 26, 15], [0.12, 0.5, 0.5, 0.5, 0.5], [0.74, 0.6, 0.55, 0.5, 0.4], 0,
     27, [4.0, 4.1, 3.8, 3.9, 4.0], 15.9, None),
    (4, [19, 20], [19, 20], [0.81, 0.77], [0.76, 0.71], 2, 15, [4.2, 4.1], 13.5, None),
]


def _centroids(step: int, round_index: int) -> tuple[list[int], list[float], list[int]]:
    """48 kept centroid ids with descending scores; the top 32 are the selected clusters."""
    ids = [(round_index * 331 + step * 37 + k * 131) % 2048 for k in range(48)]
    scores = [round(9.0 - 0.15 * k - 0.03 * ((k * 7 + step) % 5), 3) for k in range(48)]
    return ids, scores, ids[:32]


def _round(index: int, spec, start_len: int, cache_before: int, sampled: bool) -> Round:
    n, drafts, choice, p, q, n_acc, last, ms, verify_ms, miss_at = spec
    draft_steps, verify_steps = [], []
    for i, tok in enumerate(drafts):
        ids, scores, selected = _centroids(i, index)
        checked = i <= n_acc and i < len(drafts)
        draft_steps.append(DraftStep(
            step=i, token_id=tok, prob=q[i], top_ids=[tok, choice[i] if choice[i] != tok else 28, 23],
            top_probs=[q[i], round((1 - q[i]) * 0.6, 3), round((1 - q[i]) * 0.2, 3)], position_id=start_len - 1,
            ms=ms[i], selected_clusters=selected, centroid_ids=ids, centroid_scores=scores,
            scored_fraction=32 * 128 / 262144, target_token_id=choice[i] if checked else None,
            cluster_miss=(i == miss_at) if checked else None))
        verdict = ACCEPTED if i < n_acc else REJECTED if i == n_acc else UNCHECKED
        extra = {}
        if sampled and verdict != UNCHECKED:
            accept = min(1.0, p[i] / q[i])
            extra = {"accept_prob": accept, "u": accept * 0.5 if verdict == ACCEPTED else accept + (1 - accept) / 2}
            if verdict == REJECTED:
                extra.update(residual_token_id=last, residual_top_ids=[last, 28, 23],
                             residual_top_probs=[0.71, 0.18, 0.11])
        verify_steps.append(VerifyStep(
            step=i, draft_token_id=tok, p=p[i], q=q[i], target_token_id=choice[i],
            target_prob=max(p[i], 0.55) if choice[i] != tok else p[i], target_top_ids=[choice[i], tok, 28],
            target_top_probs=[max(p[i], 0.55), p[i], 0.02], verdict=verdict, **extra))
    emitted = drafts[:n_acc] + [last]
    return Round(index=index, num_assistant_tokens=n, draft_token_ids=drafts, num_accepted=n_acc,
                 emitted_token_ids=emitted, draft_steps=draft_steps, verify_steps=verify_steps, draft_ms=sum(ms),
                 verify_ms=verify_ms, last_token_kind=BONUS if n_acc == len(drafts) else CORRECTION,
                 last_token_prob=0.64, start_len=start_len, cache_len_before=cache_before,
                 cache_len_verified=cache_before + 1 + len(drafts), cache_len_after=cache_before + 1 + n_acc,
                 drafter_passes=len(drafts), stopped="length" if index == len(ROUNDS) else None)


def make_trace(sampled: bool = False) -> Trace:
    rounds = [Round(index=0, num_assistant_tokens=4, draft_token_ids=[], num_accepted=0, emitted_token_ids=[12],
                    draft_steps=[], verify_steps=[], draft_ms=0.0, verify_ms=38.5, last_token_kind=PREFILL,
                    last_token_prob=0.62, start_len=3, cache_len_before=0, cache_len_verified=3,
                    cache_len_after=3)]
    start_len, cache = 4, 3
    for i, spec in enumerate(ROUNDS, start=1):
        r = _round(i, spec, start_len, cache, sampled)
        rounds.append(r)
        start_len, cache = start_len + len(r.emitted_token_ids), r.cache_len_after
    new_ids = [t for r in rounds for t in r.emitted_token_ids]
    drafter_passes = sum(r.drafter_passes for r in rounds)
    settings = Settings(proposer="mtp", num_assistant_tokens=4, schedule="heuristic", confidence_threshold=0.3,
                        max_new_tokens=len(new_ids), do_sample=sampled)
    text = "".join(TOKEN_TEXT[t] for t in new_ids)
    return Trace(prompt_ids=PROMPT_IDS, new_token_ids=new_ids, rounds=rounds, target_forward_passes=len(rounds),
                 drafter_forward_passes=drafter_passes, settings=settings, model_info=ModelInfo(**MODEL_INFO),
                 stats=compute_stats(rounds, len(rounds), drafter_passes), token_text=dict(TOKEN_TEXT),
                 prompt_text="Actions speak", output_text=text)
