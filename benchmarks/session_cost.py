"""What a new visitor costs the server before any generation: Gradio builds every block's config for each new
session (gradio.state_holder.SessionState), in its event loop, on the visitor's first event.

Builds app.py's page (no server, no workers), times SessionState over REPEATS new sessions, and prints the median,
then the component classes that take the most of it. load.py measures the whole visit; this isolates the one part
that grows with the page.
Run: .venv/bin/python benchmarks/session_cost.py
"""
from __future__ import annotations

import os
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("MTP_VIZ_WORKERS", "0")       # the page only: no generation processes
os.environ.setdefault("HF_HUB_OFFLINE", "1")

REPEATS = 50


def main() -> None:
    from gradio.state_holder import SessionState

    import app

    demo = app.demo
    SessionState(demo)                                # the first session fills what Gradio caches
    times = []
    for _ in range(REPEATS):
        started = time.perf_counter()
        SessionState(demo)
        times.append(time.perf_counter() - started)
    config = demo.default_config
    per_class, count = defaultdict(float), defaultdict(int)
    for _ in range(REPEATS):
        for key, block in config.blocks.items():
            if key in demo.blocks:
                started = time.perf_counter()
                config.config_for_block(key, [], block)
                per_class[type(block).__name__] += (time.perf_counter() - started) / REPEATS
                count[type(block).__name__] += 1
    table = pd.DataFrame({"blocks": {k: v // REPEATS for k, v in count.items()},
                          "ms per session": {k: 1000 * v for k, v in per_class.items()}})
    table = table.sort_values("ms per session", ascending=False)
    print(f"{len(demo.blocks)} blocks; a new session's config: median {1000 * statistics.median(times):.1f} ms "
          f"over {REPEATS} sessions")
    print(table.head(8).round(2).to_string())


if __name__ == "__main__":
    main()
