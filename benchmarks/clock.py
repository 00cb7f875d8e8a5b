"""Prints the spread of the app's headline speed-up over ten repeated measurements, idle and while 4 visitors generate.

The headline (mtp_viz.costs.speedup) is a trace's exact counts priced at its pair's pass costs; what can move is the
costs, so one measurement here is one calibration of them, as benchmarks/calibrate.py makes it (short interleaved
generations of every setting, a low quantile per tokens read). Each calibration prices the app's first example,
"Actions speak" at the page's defaults (MTP, heuristic schedule from N = 4, greedy, 32 new tokens): the figure the
race, the tour, Statistics and the round status show. Idle: nothing of ours runs beside it (other users of the host
may). Loaded: `--others` forked processes generate held-out prompts at the page's defaults in a loop, as visitors
would. For comparison it also prints what each run's own clock says (one generation alone and one with the drafter,
their CPU times divided), the figure the app quoted before issue 33. Target: the headline within ±5 % of its median
over the ten calibrations, idle and loaded. Torch runs on one thread, as the app's workers do.

    .venv/bin/python benchmarks/clock.py                    # about 10 minutes on two cores
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
sys.path.insert(0, str(Path(__file__).resolve().parent))

import torch  # noqa: E402

import calibrate  # noqa: E402
from mtp_viz import generate_trace, load_pair  # noqa: E402
from mtp_viz.costs import CostTable, speedup  # noqa: E402
from mtp_viz.trace import CPU, round_ms  # noqa: E402
from mtp_viz.training.corpus import HELDOUT_PROMPTS  # noqa: E402

PROMPT = "Actions speak"
TARGET = 0.05


def measure(pair, probe, times: int, repeats: int) -> tuple[list[float], list[float]]:
    """`times` calibrations of `repeats` sweeps, each pricing `probe`; and as many pairs of runs timed on their own CPU
    clock."""
    headlines, own = [], []
    for k in range(times):
        costs, _ = calibrate.calibration(pair, calibrate.NS, repeats, k)
        headlines.append(speedup(probe, CostTable("probe", [costs])).ratio)
        runs = [generate_trace(pair, PROMPT, **s) for s in (dict(calibrate.PAGE, proposer="none"), calibrate.PAGE)]
        own.append(sum(round_ms(r, CPU) for r in runs[0].rounds) / sum(round_ms(r, CPU) for r in runs[1].rounds))
        print(f"  {k + 1:2}: headline {headlines[-1]:.3f}x, one run's own clock {own[-1]:.3f}x "
              f"(load {os.getloadavg()[0]:.1f})", flush=True)
    return headlines, own


def spread(xs: list[float]) -> float:
    """The largest distance from the median, as a share of it."""
    m = statistics.median(xs)
    return max(abs(x / m - 1) for x in xs)


def busy(pair, k: int, stop, started) -> None:
    """One other visitor: generate traces of held-out prompts at the page's defaults until told to stop."""
    started.release()
    i = k
    while not stop.is_set():
        generate_trace(pair, HELDOUT_PROMPTS[i % len(HELDOUT_PROMPTS)], **calibrate.PAGE)
        i += 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--others", type=int, default=4, help="visitors generating beside the loaded measurements")
    parser.add_argument("--times", type=int, default=10, help="repeated measurements per condition")
    parser.add_argument("--pair", default="miniature")
    parser.add_argument("--repeats", type=int, default=calibrate.REPEATS,
                        help="interleaved sweeps per calibration (as calibrate.py's --repeats)")
    args = parser.parse_args()
    torch.set_num_threads(1)
    pair = load_pair(args.pair)
    probe = generate_trace(pair, PROMPT, **calibrate.PAGE)
    print(f"pair {args.pair}, {calibrate.machine()}, torch threads {torch.get_num_threads()}, "
          f"load average {os.getloadavg()[0]:.2f}; '{PROMPT}' at the page's defaults: {probe.target_forward_passes} "
          f"target passes, {sum(r.drafter_passes for r in probe.rounds)} drafter steps, "
          f"{len(probe.new_token_ids)} tokens; {args.repeats} sweeps per calibration")
    results = {}
    start = time.perf_counter()
    print("idle:")
    results["idle"] = measure(pair, probe, args.times, args.repeats)
    print(f"idle measured in {time.perf_counter() - start:.0f} s")
    fork = multiprocessing.get_context("fork")            # the children share the loaded pair's pages
    stop, started = fork.Event(), fork.Semaphore(0)
    others = [fork.Process(target=busy, args=(pair, k, stop, started), daemon=True) for k in range(args.others)]
    for p in others:
        p.start()
    for _ in others:
        started.acquire()
    time.sleep(1.0)
    start = time.perf_counter()
    print(f"loaded ({args.others} visitors generating):")
    results["loaded"] = measure(pair, probe, args.times, args.repeats)
    print(f"loaded measured in {time.perf_counter() - start:.0f} s, load average {os.getloadavg()[0]:.2f}")
    stop.set()
    for p in others:
        p.join(timeout=30)
        if p.is_alive():
            p.terminate()
    print(f"{'':8} {'headline median':>16} {'min-max':>13} {'spread':>8}   {'own clock median':>16} {'spread':>8}")
    for name, (heads, own) in results.items():
        print(f"{name:8} {statistics.median(heads):15.2f}x {min(heads):6.2f}-{max(heads):.2f}x {spread(heads):+8.1%}"
              f"   {statistics.median(own):15.2f}x {spread(own):+8.1%}")
    every = results["idle"][0] + results["loaded"][0]
    worst = max(spread(results["idle"][0]), spread(results["loaded"][0]), spread(every))
    print(f"target: the headline within ±{TARGET:.0%} of its median over each set of {args.times} and over all "
          f"{len(every)}: {'ok' if worst <= TARGET else 'MISSED'} (±{worst:.1%})")
    return 0 if worst <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
