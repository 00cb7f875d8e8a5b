"""What one visitor's generation costs: a sampled 32-token generation (T = 0.8, the page's other defaults) on the
bundled default pair, one torch thread, over the API's example prompts and ten more, several seeds each. Prints the
median and p95 seconds, by the thread's CPU clock (which other processes' work on a shared machine does not inflate)
and by the wall clock.

With --compare it runs every generation twice, interleaved: once as the engine runs it, once with mtp_viz/lean.py
switched off (every pass through transformers' own modules, as before it existed). It checks that both give the same
tokens, drafts and verdicts, and prints the ratio of the medians. Knows the public API; changes nothing for good.

    .venv/bin/python benchmarks/generation_cost.py --compare      # issue 27's bar: median <= 0.3 s
"""
from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import torch  # noqa: E402

from mtp_viz import generate_trace, lean, load_pair  # noqa: E402
from mtp_viz.ui.session import EXAMPLES, PAGE  # noqa: E402

OWN = ["The little dog", "It was a cold night", "My favourite food is", "The king said", "We went to the sea",
       "Every morning the baker", "Two plus two", "The rain fell on", "Grandma told us", "At school today"]
SAMPLED = dict(proposer="mtp", max_new_tokens=32, num_assistant_tokens=PAGE.num_assistant_tokens,
               schedule=PAGE.schedule, do_sample=True, temperature=0.8)


@contextmanager
def transformers_only():
    """Every pass through transformers' modules: mtp_viz.lean declines every model for the block."""
    saved = lean.supports, lean.supports_drafter
    lean.supports = lean.supports_drafter = lambda model: False
    try:
        yield
    finally:
        lean.supports, lean.supports_drafter = saved


def timed(pair, prompt: str, seed: int):
    c0, t0 = time.thread_time(), time.perf_counter()
    trace = generate_trace(pair, prompt, seed=seed, **SAMPLED)
    return trace, time.thread_time() - c0, time.perf_counter() - t0


def summary(label: str, cpu: list[float], wall: list[float]) -> str:
    def p95(xs):
        return sorted(xs)[math.ceil(0.95 * len(xs)) - 1]
    return (f"{label:<22} CPU median {statistics.median(cpu):.3f} s  p95 {p95(cpu):.3f} s   "
            f"wall median {statistics.median(wall):.3f} s  p95 {p95(wall):.3f} s")


def fingerprint(trace):
    return [(r.draft_token_ids, r.emitted_token_ids, [v.verdict for v in r.verify_steps]) for r in trace.rounds]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, default=3, help="sampled generations per prompt")
    parser.add_argument("--compare", action="store_true", help="also run each through transformers alone")
    args = parser.parse_args()
    torch.set_num_threads(1)
    pair = load_pair()
    generate_trace(pair, "Hello", max_new_tokens=8)                     # PyTorch's first-call costs
    with transformers_only():
        generate_trace(pair, "Hello", max_new_tokens=8)
    prompts = EXAMPLES + OWN
    now, before, same = ([], []), ([], []), 0
    for seed in range(args.seeds):
        for prompt in prompts:
            trace, cpu, wall = timed(pair, prompt, seed)
            now[0].append(cpu), now[1].append(wall)
            if args.compare:
                with transformers_only():
                    old, cpu, wall = timed(pair, prompt, seed)
                before[0].append(cpu), before[1].append(wall)
                same += fingerprint(old) == fingerprint(trace)
    n = len(now[0])
    print(f"{n} sampled generations (T=0.8, 32 tokens, {len(prompts)} prompts x {args.seeds} seeds), one thread:")
    print(summary("engine", *now))
    if args.compare:
        print(summary("transformers only", *before))
        print(f"speed-up of the medians: CPU {statistics.median(before[0]) / statistics.median(now[0]):.2f}x, "
              f"wall {statistics.median(before[1]) / statistics.median(now[1]):.2f}x; "
              f"identical rounds in {same} of {n} generations")


if __name__ == "__main__":
    main()
