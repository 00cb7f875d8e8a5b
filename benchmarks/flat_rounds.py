"""Per-token cost of rounds late in a 480-token generation over early ones: caches are reused, not recomputed.

Times every round by the wall clock between `iter_rounds` yields (drafting, verification and recording all
included), divides by the tokens the round emitted, and compares the median over the last 80 generated tokens
with the median over the first 80 (bar: <= 1.6, aim <= 1.3). One thread, tiny random Gemma 4 pair (sliding
window 32, so most of the run is past the window), N=4, greedy.
Run: .venv/bin/python benchmarks/flat_rounds.py
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from mtp_viz import iter_rounds  # noqa: E402
from mtp_viz.tiny import bench_pair  # noqa: E402

NEW, WINDOW, REPEATS = 480, 80, 3


def per_token_costs(pair, prompt) -> list[tuple[int, float]]:
    """(tokens generated before the round, ms per emitted token) for every round after the prefill."""
    out, produced = [], 0
    t0 = time.perf_counter()
    for rnd in iter_rounds(pair, prompt, max_new_tokens=NEW, num_assistant_tokens=4, schedule="constant"):
        t1 = time.perf_counter()
        if rnd.index > 0:
            out.append((produced, (t1 - t0) * 1000 / len(rnd.emitted_token_ids)))
        produced += len(rnd.emitted_token_ids)
        t0 = time.perf_counter()
    return out


def main() -> None:
    torch.set_num_threads(1)
    pair = bench_pair()
    prompt = list(range(3, 19))
    per_token_costs(pair, prompt)          # warm-up run, not counted
    early, late = [], []
    for _ in range(REPEATS):
        costs = per_token_costs(pair, prompt)
        early += [c for at, c in costs if at < WINDOW]
        late += [c for at, c in costs if at >= NEW - WINDOW]
    e, l = statistics.median(early), statistics.median(late)
    print(f"early rounds (first {WINDOW} tokens): median {e:.2f} ms/token over {len(early)} rounds")
    print(f"late rounds  (last {WINDOW} tokens):  median {l:.2f} ms/token over {len(late)} rounds")
    print(f"late / early per-token cost = {l / e:.3f}  (bar <= 1.6, aim <= 1.3)")


if __name__ == "__main__":
    main()
