"""Engine wall time over transformers' own assisted generate: same tiny models, same prompt, N=4, one thread.

Both run greedy Gemma 4 MTP drafting (vocab 2048, ordered embeddings); the engine also records every round.
Prints the median of 5 timed runs of each and their ratio (bar: <= 1.25, aim <= 1.10).
Run: .venv/bin/python benchmarks/overhead.py
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mtp_viz import generate_trace  # noqa: E402
from mtp_viz.tiny import bench_pair  # noqa: E402

NEW, N, REPEATS = 64, 4, 5


def main() -> None:
    torch.set_num_threads(1)
    pair = bench_pair(N)
    target, assistant = pair.target, pair.assistant
    prompt = list(range(3, 35))
    ids = torch.tensor([prompt])

    def hf():
        return target.generate(ids, assistant_model=assistant, do_sample=False, max_new_tokens=NEW)[0, len(prompt):]

    def ours():
        return generate_trace(pair, prompt, max_new_tokens=NEW, num_assistant_tokens=N, schedule="constant")

    assert hf().tolist() == ours().new_token_ids, "engine and transformers disagree"
    hf_times, our_times = [], []
    for _ in range(REPEATS):      # interleaved, so drift on the machine hits both alike
        t0 = time.perf_counter(); hf(); hf_times.append(time.perf_counter() - t0)
        t0 = time.perf_counter(); ours(); our_times.append(time.perf_counter() - t0)
    a, b = statistics.median(hf_times), statistics.median(our_times)
    print(f"transformers assisted generate: median {a * 1000:.1f} ms  ({NEW} tokens, N={N}, vocab {target.config.vocab_size})")
    print(f"mtp_viz engine (recording):     median {b * 1000:.1f} ms")
    print(f"overhead ratio engine / transformers = {b / a:.3f}  (bar <= 1.25, aim <= 1.10)")


if __name__ == "__main__":
    main()
