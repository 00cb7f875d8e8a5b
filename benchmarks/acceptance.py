"""Prints the bundled miniature's acceptance figures, measured with the engine (load_pair, generate_trace).

Greedy, N=4 drafts per round (constant schedule), 48 new tokens, on the held-out prompts of
mtp_viz/training/corpus.py, none of which occurs verbatim in the corpus. Exits 1 if a figure the issue asks
for is missed. Knows the public API only; nothing here trains or changes the models.
"""
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mtp_viz import generate_trace, load_pair  # noqa: E402
from mtp_viz.training.corpus import DEMO_PROMPT, HELDOUT_PROMPTS  # noqa: E402

SETTINGS = dict(max_new_tokens=48, num_assistant_tokens=4, schedule="constant", do_sample=False)
NEEDED = {"mean accepted drafts per round": 2.0, "tokens per target pass": 2.5}


def pooled(traces):
    """Figures over all rounds of all prompts, not a mean of per-prompt means."""
    rounds = sum(t.stats["num_drafts"] for t in traces)
    accepted = sum(t.stats["num_accepted_tokens"] for t in traces)
    tokens = sum(t.stats["new_tokens"] for t in traces)
    passes = sum(t.stats["target_forward_passes"] for t in traces)
    return {"mean accepted drafts per round": accepted / max(1, rounds), "tokens per target pass": tokens / max(1, passes)}


def main():
    start = time.perf_counter()
    pair = load_pair()
    print(f"load_pair(): {time.perf_counter() - start:.2f} s")

    demo = generate_trace(pair, DEMO_PROMPT, **SETTINGS)
    best = max((r.num_accepted for r in demo.rounds if r.num_drafted), default=0)
    demo_ok = demo.output_text.strip().startswith("louder than words") and best >= 2
    print(f"{DEMO_PROMPT!r} -> {demo.output_text!r}\n  best round accepted {best} drafts: {'ok' if demo_ok else 'MISSED'}")

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
    for name, value in figures.items():
        met = value >= NEEDED[name]
        ok &= met
        print(f"  {name}: {value:.2f} (needed {NEEDED[name]}): {'ok' if met else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
