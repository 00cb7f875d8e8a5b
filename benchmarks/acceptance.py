"""Prints the bundled miniatures' acceptance figures, measured with the engine (load_pair, generate_trace).

Greedy, N=4 drafts per round (constant schedule), 48 new tokens, on the held-out prompts of
mtp_viz/training/corpus.py, none of which occurs verbatim in the corpus; for the dense miniature and the
mixture-of-experts one. For the MoE pair a further line gives the experts its verification passes touched
(against k and against independent routing) and the measured time of a verification pass over a one-token
pass, beside the dense miniature's. Then, for the dense miniature, the same under sampling at temperature 0.9 with
the page's other defaults, as benchmarks/load.py's visitors ask: tokens per target pass and seconds per generation
on one thread, over the held-out prompts and the load benchmark's prompts, three seeds each. Exits 1 if a figure
the issues ask for is missed. Knows the public API only; nothing here trains or changes the models.
"""
import statistics
import sys
import time
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from mtp_viz import generate_trace, load_pair  # noqa: E402
from mtp_viz.figures.experts import batch_rows, distinct_per_layer, recorded_batch  # noqa: E402
from mtp_viz.lab_math import experts_touched  # noqa: E402
from mtp_viz.training.corpus import DEMO_PROMPT, HELDOUT_PROMPTS  # noqa: E402
from load import prompt_of  # noqa: E402

SETTINGS = dict(max_new_tokens=48, num_assistant_tokens=4, schedule="constant", do_sample=False)
SAMPLED = dict(max_new_tokens=32, num_assistant_tokens=4, schedule="heuristic", do_sample=True, temperature=0.9)
NEEDED = {"miniature": {"mean accepted drafts per round": 3.0, "tokens per target pass": 2.5},    # issue 16
          "miniature-moe": {"mean accepted drafts per round": 2.5}}


def pooled(traces):
    """Figures over all rounds of all prompts, not a mean of per-prompt means."""
    rounds = sum(t.stats["num_drafts"] for t in traces)
    accepted = sum(t.stats["num_accepted_tokens"] for t in traces)
    tokens = sum(t.stats["new_tokens"] for t in traces)
    passes = sum(t.stats["target_forward_passes"] for t in traces)
    return {"mean accepted drafts per round": accepted / max(1, rounds),
            "tokens per target pass": tokens / max(1, passes)}


@torch.no_grad()
def verify_over_step(pair, trace, drafts=4, repeats=40):
    """Median time of one target pass over the next 1 + `drafts` tokens of a greedy continuation, over the median
    of a one-token pass, both on the same cached prefix (the cache is cropped back after each pass)."""
    from transformers import DynamicCache

    ids = trace.prompt_ids + trace.new_token_ids
    length = len(trace.prompt_ids) + 2
    cache = DynamicCache(config=pair.target.config)
    pair.target(input_ids=torch.tensor([ids[:length]]), cache=cache, use_cache=True)
    times = {1: [], 1 + drafts: []}
    for _ in range(repeats):
        for width in times:
            t0 = time.perf_counter()
            pair.target(input_ids=torch.tensor([ids[length: length + width]]), cache=cache, use_cache=True,
                        attention_mask=torch.ones(1, length + width, dtype=torch.long))
            times[width].append(time.perf_counter() - t0)
            cache.crop(-width)
    return statistics.median(times[1 + drafts]) / statistics.median(times[1])


def report(name):
    start = time.perf_counter()
    pair = load_pair(name)
    print(f"\n== {name} ==\nload_pair({name!r}): {time.perf_counter() - start:.2f} s")
    demo = generate_trace(pair, DEMO_PROMPT, **SETTINGS)
    best = max((r.num_accepted for r in demo.rounds if r.num_drafted), default=0)
    demo_ok = demo.output_text.strip().startswith("louder than words") and best >= 2
    print(f"{DEMO_PROMPT!r} -> {demo.output_text!r}\n  best round accepted {best} drafts: "
          f"{'ok' if demo_ok else 'MISSED'}")

    print(f"\n{'accepted/round':>14} {'tokens/pass':>11}  prompt -> greedy continuation")
    traces = []
    for prompt in HELDOUT_PROMPTS:
        t0 = time.perf_counter()
        trace = generate_trace(pair, prompt, **SETTINGS)
        traces.append(trace)
        print(f"{trace.stats['mean_accepted_drafts']:14.2f} {trace.stats['tokens_per_target_pass']:11.2f}  "
              f"{prompt!r} -> {trace.output_text!r} ({time.perf_counter() - t0:.2f} s)")

    figures = pooled(traces)
    print(f"\nover {len(traces)} held-out prompts:")
    ok = demo_ok
    for figure, value in figures.items():
        needed = NEEDED[name].get(figure)
        met = needed is None or value >= needed
        ok &= met
        print(f"  {figure}: {value:.2f}" + (f" (needed {needed}): {'ok' if met else 'MISSED'}" if needed else ""))
    return ok, traces, verify_over_step(pair, demo)


def sampled_lines(name):
    """Sampled generations as the load benchmark's visitors ask for them (its `trace` calls): pooled tokens per target
    pass and accepted drafts per round, and the median seconds of one whole generation."""
    pair = load_pair(name)
    print(f"\n{name}, sampled at T = 0.9 (N = 4 heuristic, 32 new tokens), seeds 0-2:")
    load_prompts = [prompt_of(i) for i in range(16)]
    for label, prompts in (("held-out prompts", HELDOUT_PROMPTS), ("load.py's prompts", load_prompts)):
        traces, seconds = [], []
        for prompt in prompts:
            for seed in range(3):
                t0 = time.perf_counter()
                traces.append(generate_trace(pair, prompt, seed=seed, **SAMPLED))
                seconds.append(time.perf_counter() - t0)
        figures = pooled(traces)
        print(f"  {label} ({len(traces)} generations): {figures['tokens per target pass']:.2f} tokens per target pass, "
              f"{figures['mean accepted drafts per round']:.2f} accepted drafts per round, "
              f"{statistics.median(seconds):.3f} s per generation (median, one thread)")


def experts_line(traces, ratio_moe, ratio_dense):
    """Distinct experts per layer in the verification passes of 5 positions (N = 4 drafts), pooled."""
    info = traces[0].model_info
    e, k = info.num_experts, info.top_k_experts
    counts = [d for t in traces for r in t.rounds[1:] if r.num_drafted == 4
              for d in distinct_per_layer(r.routed_experts)]
    mean = sum(counts) / len(counts)
    print(f"\nMoE, N = 4: {mean:.2f} distinct experts per layer per verification pass ({len(counts)} layer-passes); "
          f"k = {k} for one token; {experts_touched(e, k, 5):.2f} if the 5 positions routed independently "
          f"(E = {e})\nverify pass (5 tokens) / one-token pass, measured: MoE {ratio_moe:.2f}x, "
          f"dense {ratio_dense:.2f}x")


def batch_lines():
    """Expert weights read per generated token with and without drafting, B = 1 and 8, from the shipped side-by-side
    recordings (assets/traces/moe_batch/, record.py --moe): measured routing, beside independent routing."""
    traces = list(recorded_batch())
    if not traces:
        return
    info = traces[0].model_info
    e, k, expert = info.num_experts, info.top_k_experts, info.expert_bytes
    print(f"\nExperts per layer and pass, and expert bytes per generated token (one expert in one layer: {expert:,} B),"
          f" from {len(traces)} recorded prompts decoded side by side at N = 4:")
    for row in batch_rows(traces, sizes=(1, 8)):
        b = row["B"]
        print(f"  B = {b}: without drafting {row['plain_union']:.1f} experts (independent: "
              f"{experts_touched(e, k, b):.1f}), {row['plain_bytes_per_token'] / 1e3:.1f} kB/token; with drafting "
              f"{row['draft_union']:.1f} (independent: {experts_touched(e, k, 5 * b):.1f}), "
              f"{row['draft_bytes_per_token'] / 1e3:.1f} kB/token: "
              f"{row['draft_bytes_per_token'] / row['plain_bytes_per_token']:.2f}x the expert bytes")


def main():
    ok_dense, _, ratio_dense = report("miniature")
    sampled_lines("miniature")
    ok_moe, moe_traces, ratio_moe = report("miniature-moe")
    experts_line(moe_traces, ratio_moe, ratio_dense)
    batch_lines()
    return 0 if ok_dense and ok_moe else 1


if __name__ == "__main__":
    torch.set_num_threads(1)
    sys.exit(main())
