"""What running visitors' generations together saves (mtp_viz/batching.py): the CPU time of one sampled 32-token
generation (T = 0.8, the page's other defaults) in jobs of 2, 4, 8 and 16 visitors, against the same visitors' alone, on the bundled default pair,
one torch thread, and the cost per sequence of one joined verification pass of 4 tokens each. CPU time of this
process (all its threads), so other processes' work inflates it little; every figure is a ratio measured in the
same run. It also checks that every job's greedy tokens equal the generations' alone.

    .venv/bin/python benchmarks/batching.py
    .venv/bin/python benchmarks/batching.py --jobs 8 16 --repeats 3
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import torch  # noqa: E402
from transformers import DynamicCache  # noqa: E402

from mtp_viz import generate_trace, lean, load_pair  # noqa: E402
from mtp_viz.batching import generate_together  # noqa: E402
from mtp_viz.settings import Settings  # noqa: E402
from mtp_viz.ui.session import PAGE  # noqa: E402

WORDS = ["The little dog", "It was a cold night", "My favourite food is", "The king said", "We went to the sea",
         "Every morning the baker", "Two plus two", "The rain fell on"]


def sampled(seed: int) -> Settings:
    return Settings.checked(proposer="mtp", max_new_tokens=32, num_assistant_tokens=PAGE.num_assistant_tokens,
                            schedule=PAGE.schedule, do_sample=True, temperature=0.8, seed=seed)


def per_generation(pair, reqs, together: bool) -> float:
    """CPU seconds per generation of `reqs`, run together as one job or alone one after another."""
    started = time.process_time()
    if together:
        for result in generate_together(pair, reqs):
            if isinstance(result, BaseException):
                raise result
    else:
        for prompt, settings in reqs:
            generate_trace(pair, prompt, **settings.as_dict())
    return (time.process_time() - started) / len(reqs)


def joined_pass_ms(model, widths=(1, 4, 8, 16), repeats: int = 10) -> dict[int, float]:
    """CPU ms per sequence of one verification pass over 4 tokens each, for `widths` sequences joined."""
    g = torch.Generator().manual_seed(0)
    out = {}
    with torch.inference_mode():
        caches = []
        for i in range(max(widths)):
            cache = DynamicCache(config=model.config)
            cache.activate_past_recording()
            length = 10 + 2 * i
            lean.forward(model, torch.randint(3, 4000, (1, length), generator=g),
                         torch.ones(1, length, dtype=torch.long), cache, 1, True, True)
            caches.append(cache)

        def one(r):
            calls = [lean.Call(torch.randint(3, 4000, (1, 4), generator=g),
                               torch.ones(1, caches[i].get_seq_length() + 4, dtype=torch.long), caches[i], 4)
                     for i in range(r)]
            lean.forward_many(model, calls, output_hidden_states=True, return_shared_kv_states=True)
            for cache in caches[:r]:
                cache.crop(-4)
        for r in widths:
            for _ in range(3):
                one(r)
            started = time.process_time()
            for _ in range(repeats):
                one(r)
            out[r] = (time.process_time() - started) / repeats * 1000 / r
    return out


def same_greedy(pair, size: int) -> bool:
    prompts = [f"{WORDS[i % len(WORDS)]} {i}" for i in range(size)]
    settings = Settings.checked(max_new_tokens=32, schedule=PAGE.schedule)
    together = generate_together(pair, [(p, settings) for p in prompts])
    return all(t.new_token_ids == generate_trace(pair, p, **settings.as_dict()).new_token_ids
               for p, t in zip(prompts, together))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--jobs", type=int, nargs="+", default=[2, 4, 8, 16])
    ap.add_argument("--repeats", type=int, default=2, help="jobs of each size (medians reported)")
    args = ap.parse_args()
    torch.set_num_threads(1)
    pair = load_pair()
    load = os.getloadavg()[0]

    def requests(size: int, first: int):
        return [(f"{WORDS[i % len(WORDS)]} {i}", sampled(i)) for i in range(first, first + size)]
    per_generation(pair, requests(4, 0), True)             # warm up
    print(f"one sampled 32-token generation, CPU seconds, the same visitors alone and together (load average "
          f"{load:.2f} at the start):")
    for k in args.jobs:
        alone, together = [], []
        for rep in range(args.repeats):      # each job's visitors alone, then together: the same work either way
            reqs = requests(k, 1000 * k + 100 * rep)
            alone.append(per_generation(pair, reqs, False))
            together.append(per_generation(pair, reqs, True))
        a, b = statistics.median(alone), statistics.median(together)
        print(f"  {k:>2} visitors: {a:.3f} s each alone, {b:.3f} s each together, {a / b:.2f}x less")
    print("one verification pass over 4 tokens per sequence, CPU ms per sequence:")
    for r, ms in joined_pass_ms(pair.target).items():
        print(f"  {r:>2} joined  {ms:6.1f} ms")
    size = max(args.jobs)
    print(f"greedy tokens of {size} together equal each alone: {same_greedy(pair, size)}")
    print(f"load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
