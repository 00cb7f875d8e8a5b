"""Runs the lab's default sweep on the bundled miniature and prints the measured c, the best N measured and
predicted, and how far the cost model's predictions are from the measurements.

The sweep: the app's example prompts at lab.DEFAULT_SWEEP (N in 1, 2, 3, 4, 6, 8, 12, 16, constant and heuristic
schedules, 1 repeat, 48 new tokens, greedy), every round timed on the CPU clock (the generating thread's CPU time).
Bars: the sweep within 20 s on an idle machine (issue 27, item 5), checked as the sweep's own CPU time, which is its
wall time when nothing else runs and which other processes' work does not inflate (the wall time is printed too);
with `--workers 2` the runs go to two worker processes as the app's lab sends them, and the bar reads the wall time;
predicted tokens per pass within 10 % of the measured, predicted speed-up within 20 % (mean absolute error over the
constant-N rows, issue 10). Then the measured peak and the fall after it (issue 26, item 4). Exits 1 if a bar is
missed.
`--write` saves the table as assets/lab_sweep.csv, the sweep the app shows before anyone runs one; record it on a
quiet machine. Knows the public API only.
"""
import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")    # as app.py: idle OpenMP threads sleep
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mtp_viz import load_pair  # noqa: E402
from mtp_viz.figures.lab_charts import best_measured, best_predicted, measured_drop  # noqa: E402
from mtp_viz.lab_math import DEFAULT_SWEEP, RECORDED_SWEEPS, cost_model, sweep  # noqa: E402
from mtp_viz.model_table import MINIATURE  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
PROMPTS = ["Actions speak", "Once upon a time,", "Tom counted to"]     # the app's examples (mtp_viz.ui.session)
BARS = {"cpu_seconds": 20.0, "tokens_per_pass_error": 0.10, "speedup_error": 0.20}


def errors(df):
    """Mean absolute relative error of predicted against measured, over the constant-N drafting rows."""
    rows = df[(df["proposer"] != "none") & (df["schedule"] == "constant")]
    tokens = ((rows["predicted_tokens_per_pass"] - rows["tokens_per_target_pass"]).abs()
              / rows["tokens_per_target_pass"])
    speed = (rows["predicted_speedup"] - rows["speedup_vs_none"]).abs() / rows["speedup_vs_none"]
    return tokens, speed


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="save the table as assets/lab_sweep.csv (with "
                        "--pair miniature-shallow: assets/lab_sweep_shallow.csv)")
    parser.add_argument("--pair", default=MINIATURE, choices=list(RECORDED_SWEEPS),
                        help="which bundled pair to sweep")
    parser.add_argument("--threads", type=int, default=1, help="torch threads (1: what the app's workers use)")
    parser.add_argument("--workers", type=int, default=0,
                        help="run the sweep as the app's lab does: through a service with this many worker "
                             "processes, one run per worker at a time (0: every run here, one after another)")
    args = parser.parse_args()
    import torch
    torch.set_num_threads(args.threads)
    print(f"torch threads: {torch.get_num_threads()}, CPUs: {os.cpu_count()}, load average: {os.getloadavg()}")
    pair = load_pair(args.pair)
    print(f"pair: {args.pair}")
    extra, service = {}, None
    if args.workers:
        from mtp_viz.settings import Request
        from mtp_viz.ui.service import Service

        os.environ["MTP_VIZ_WORKERS"] = str(args.workers)
        service = Service()
        service.workers.start((args.pair,), args.threads)
        service.measure(Request(model=args.pair, prompt="Hello"))     # the workers loaded and warmed up
        extra = dict(run=lambda prompt, settings: service.measure(
            Request(model=args.pair, prompt=prompt, settings=settings)).rounds, parallel=service.parallel(args.pair))
    start, cpu = time.perf_counter(), time.thread_time()
    df = sweep(pair, PROMPTS, **DEFAULT_SWEEP, **extra)      # what the lab's page starts with
    seconds, cpu_seconds = time.perf_counter() - start, time.thread_time() - cpu
    if service is not None:
        service.workers.stop()
        cpu_seconds = None          # the runs' CPU time is the workers', not this thread's: the bar reads the wall
    shown = df.drop(columns=["acceptance_by_position", "proposer"]).round(3)
    print(shown.to_string(index=False))
    model = cost_model(df)
    tokens, speed = errors(df)
    spent = f"{cpu_seconds:.1f} s of CPU time" if cpu_seconds is not None else f"{args.workers} worker processes"
    print(f"\nsweep: {spent}, {seconds:.1f} s wall ({len(df)} rows, clock "
          f"{'/'.join(sorted(set(df['clock'])))}, load average after: {os.getloadavg()[0]:.2f})")
    print(f"one-token target pass T = {model['t1_ms']:.2f} ms; c = {model['c']:.3f} (a drafter pass costs "
          f"{model['c']:.2f} T); verification pass v(N) = {model['v0']:.2f} + {model['v1']:.3f}·N times T")
    print(f"alpha (fitted, constant rows) = {model['alpha']:.3f}")
    print(f"best N: measured {best_measured(df)}, predicted {best_predicted(df)}")
    heur = df[df["schedule"] == "heuristic"]
    print(f"heuristic schedule: speed-up {heur['speedup_vs_none'].min():.2f}-{heur['speedup_vs_none'].max():.2f} "
          f"over starting N {list(heur['num_assistant_tokens'])}")
    drop = measured_drop(df)
    if drop and drop["low_n"] is not None:
        print(f"measured peak: {drop['peak']:.2f}x at N = {drop['best']}; falls to {drop['low']:.2f}x at N = "
              f"{drop['low_n']} ({drop['low'] / drop['peak'] - 1:+.0%})")
    elif drop:
        print(f"measured speed-up still highest at the largest N, {drop['best']}: {drop['peak']:.2f}x (no fall)")
    print(f"prediction error, tokens per pass: mean {tokens.mean():.1%}, max {tokens.max():.1%}")
    print(f"prediction error, speed-up:        mean {speed.mean():.1%}, max {speed.max():.1%}")
    ok = {"cpu_seconds": (cpu_seconds if cpu_seconds is not None else seconds) <= BARS["cpu_seconds"], "tokens_per_pass_error": tokens.mean() <= BARS["tokens_per_pass_error"],
          "speedup_error": speed.mean() <= BARS["speedup_error"]}
    for name, met in ok.items():
        print(f"  {name}: bar {BARS[name]}: {'ok' if met else 'MISSED'}")
    if args.write:
        path = RECORDED_SWEEPS[args.pair]
        df.to_csv(path, index=False)
        print(f"wrote {path.relative_to(ROOT)}")
    return 0 if all(ok.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
