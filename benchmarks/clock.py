"""Prints one request's speed-up idle and while 8 other generations run, on the wall clock and on the CPU clock.

The request: "Actions speak" on the bundled miniature at the app's default settings (MTP, heuristic schedule from
N = 4, greedy) with 48 new tokens, the target alone against the target with its drafter, timed as the race times
them (whole generations, trace.round_ms on each clock). Each figure is the median over `--repeats` interleaved pairs
of runs. Idle: nothing of ours runs beside it (other users of the host may). Loaded: `--others` forked processes
generate traces of other prompts on their own copy of the pair in a loop while the request is measured again.
Target (issue 27, item 4): the loaded CPU-clock speed-up within 10 % of the idle one. Torch runs on one thread, as
the app's workers do, so the generating thread's CPU time is the whole generation's. Knows the public API only.
"""
import argparse
import multiprocessing
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")    # as app.py: idle OpenMP threads sleep
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import torch  # noqa: E402

from mtp_viz import generate_trace, load_pair  # noqa: E402
from mtp_viz.trace import CLOCKS, round_ms  # noqa: E402
from mtp_viz.training.corpus import HELDOUT_PROMPTS  # noqa: E402

PROMPT, NEW_TOKENS = "Actions speak", 48
SETTINGS = {"alone": dict(proposer="none"), "drafted": dict(proposer="mtp", num_assistant_tokens=4, schedule="heuristic")}
TARGET = 0.10


def speedups(pair, repeats: int) -> dict[str, float]:
    """Per clock: the median alone generation's time over the median drafted one's, interleaved runs."""
    times = {(side, clock): [] for side in SETTINGS for clock in CLOCKS}
    for _ in range(repeats):
        for side, kwargs in SETTINGS.items():
            trace = generate_trace(pair, PROMPT, max_new_tokens=NEW_TOKENS, **kwargs)
            for clock in CLOCKS:
                times[side, clock].append(sum(round_ms(r, clock) for r in trace.rounds))
    return {clock: statistics.median(times["alone", clock]) / statistics.median(times["drafted", clock])
            for clock in CLOCKS}


def busy(pair, k: int, stop, started) -> None:
    """One other visitor: generate traces of held-out prompts until told to stop."""
    started.release()
    i = k
    while not stop.is_set():
        generate_trace(pair, HELDOUT_PROMPTS[i % len(HELDOUT_PROMPTS)], max_new_tokens=NEW_TOKENS, proposer="mtp")
        i += 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--others", type=int, default=8, help="generations running beside the loaded measurement")
    parser.add_argument("--repeats", type=int, default=5, help="interleaved pairs of runs per figure")
    parser.add_argument("--pair", default="miniature")
    args = parser.parse_args()
    torch.set_num_threads(1)
    pair = load_pair(args.pair)
    generate_trace(pair, PROMPT, max_new_tokens=8)        # warm up, as the app does at load
    print(f"pair {args.pair}, torch threads {torch.get_num_threads()}, CPUs {os.cpu_count()}, "
          f"load average {os.getloadavg()[0]:.2f}")
    start = time.perf_counter()
    idle = speedups(pair, args.repeats)
    print(f"idle measured in {time.perf_counter() - start:.1f} s")
    fork = multiprocessing.get_context("fork")            # the children share the loaded pair's pages
    stop, started = fork.Event(), fork.Semaphore(0)
    others = [fork.Process(target=busy, args=(pair, k, stop, started), daemon=True) for k in range(args.others)]
    for p in others:
        p.start()
    for _ in others:
        started.acquire()
    time.sleep(1.0)
    start = time.perf_counter()
    loaded = speedups(pair, args.repeats)
    print(f"loaded ({args.others} other generations) measured in {time.perf_counter() - start:.1f} s, "
          f"load average {os.getloadavg()[0]:.2f}")
    stop.set()
    for p in others:
        p.join(timeout=30)
        if p.is_alive():
            p.terminate()
    print(f"{'clock':6} {'idle':>7} {'loaded':>7} {'change':>7}")
    for clock in CLOCKS:
        change = loaded[clock] / idle[clock] - 1
        print(f"{clock:6} {idle[clock]:6.2f}x {loaded[clock]:6.2f}x {change:+7.1%}")
    change = abs(loaded["cpu"] / idle["cpu"] - 1)
    print(f"target: the CPU clock's loaded speed-up within {TARGET:.0%} of the idle one: "
          f"{'ok' if change <= TARGET else 'MISSED'} ({change:.1%})")
    return 0 if change <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
