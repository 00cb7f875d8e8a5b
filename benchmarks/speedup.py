"""Prints how much faster MTP drafting makes each bundled dense pair, by the wall clock, against its target alone.

For each pair (the E2B-shaped default and the shallow one) and torch thread count: whole `generate_trace` calls,
greedy, 48 new tokens, on held-out prompts (mtp_viz/training/corpus.py), for no drafter, N = 1, 2, 3, 4, 6, 8
constant and the heuristic schedule from N = 4 (the app's default). Runs are interleaved (repeat -> prompt ->
setting, the order rotating) so that machine noise hits every setting alike; a setting's time is the median over
repeats, summed over prompts. Columns:

- tokens/pass: new tokens over target passes; c: a drafter pass over a one-token target pass (steady rounds of the
  no-drafter run); v: a verification pass over that one-token pass;
- speedup: the no-drafter run's ms per token over this setting's, both whole generations (prefill included).

Then the default settings' figure from the lab's own sweep (`mtp_viz.lab_math.sweep`, steady rounds only: no prefill,
no last round cut by the token budget) beside the direct one, and how far apart they are. Ratios only: absolute
times on a shared machine move, ratios measured in one interleaved run hold. Knows the public API only.
"""
import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")    # as app.py: idle OpenMP threads sleep
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import torch  # noqa: E402

from mtp_viz import generate_trace, load_pair  # noqa: E402
from mtp_viz.lab_math import sweep  # noqa: E402
from mtp_viz.training.corpus import HELDOUT_PROMPTS  # noqa: E402

NS = (1, 2, 3, 4, 6, 8)
DEFAULT = ("mtp", "heuristic", 4)          # the app's default settings (mtp_viz.ui.session.DEFAULTS)
SETTINGS = [("none", "constant", 1)] + [("mtp", "constant", n) for n in NS] + [DEFAULT]


def timed(pair, prompt, setting, new_tokens):
    proposer, schedule, n = setting
    t0 = time.perf_counter()
    trace = generate_trace(pair, prompt, proposer=proposer, schedule=schedule, num_assistant_tokens=n,
                           max_new_tokens=new_tokens, do_sample=False)
    return (time.perf_counter() - t0) * 1000.0, trace


def measure(pair, prompts, repeats, new_tokens):
    """{setting: [(wall ms, trace) per prompt per repeat]}, interleaved."""
    for setting in SETTINGS:                       # warm every path before timing
        timed(pair, prompts[0], setting, 8)
    runs = {s: [[] for _ in prompts] for s in SETTINGS}
    for rep in range(repeats):
        for k, prompt in enumerate(prompts):
            shift = (rep * len(prompts) + k) % len(SETTINGS)
            for setting in SETTINGS[shift:] + SETTINGS[:shift]:
                runs[setting][k].append(timed(pair, prompt, setting, new_tokens))
    return runs


def table(runs):
    """One row per setting: tokens per pass, c, v, ms per token and speed-up against no drafter."""
    base = runs[SETTINGS[0]]
    one_pass = statistics.median(r.verify_ms for _, tr in base[0] for r in tr.rounds[1:])   # one-token pass, ms
    def ms_per_token(per_prompt):
        wall = sum(statistics.median(ms for ms, _ in reps) for reps in per_prompt)
        tokens = sum(len(reps[0][1].new_token_ids) for reps in per_prompt)
        return wall / tokens
    none_ms = ms_per_token(base)
    rows = []
    for setting, per_prompt in runs.items():
        traces = [tr for reps in per_prompt for _, tr in reps[:1]]
        passes = sum(tr.target_forward_passes for tr in traces)
        drafter = [d.ms for tr in traces for r in tr.rounds for d in r.draft_steps]
        verify = [r.verify_ms for tr in traces for r in tr.rounds[1:]]
        rows.append({"setting": f"{setting[0]} {setting[1]} N={setting[2]}" if setting[0] != "none" else "none",
                     "tokens/pass": sum(len(tr.new_token_ids) for tr in traces) / passes,
                     "c": statistics.median(drafter) / one_pass if drafter else float("nan"),
                     "v": statistics.median(verify) / one_pass,
                     "ms/token": ms_per_token(per_prompt), "speedup": none_ms / ms_per_token(per_prompt)})
    return rows, one_pass


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", nargs="+", default=["miniature", "miniature-shallow"])
    parser.add_argument("--threads", nargs="+", type=int, default=[1, 2])
    parser.add_argument("--prompts", type=int, default=6, help="how many held-out prompts")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--new-tokens", type=int, default=48)
    parser.add_argument("--no-lab", action="store_true", help="skip the lab's sweep of the default settings")
    args = parser.parse_args()
    prompts = HELDOUT_PROMPTS[: args.prompts]
    print(f"CPUs: {os.cpu_count()}, load average: {os.getloadavg()[0]:.2f}; {len(prompts)} held-out prompts, "
          f"{args.repeats} repeats, {args.new_tokens} new tokens, greedy")
    for name in args.pairs:
        pair = load_pair(name)
        best = {}
        for threads in args.threads:
            torch.set_num_threads(threads)
            start = time.perf_counter()
            rows, one_pass = table(measure(pair, prompts, args.repeats, args.new_tokens))
            print(f"\n{name}, {threads} thread(s): one-token target pass {one_pass:.2f} ms "
                  f"({time.perf_counter() - start:.0f} s)")
            print(f"{'setting':24} {'tokens/pass':>11} {'c':>6} {'v':>6} {'ms/token':>9} {'speedup':>8}")
            for r in rows:
                print(f"{r['setting']:24} {r['tokens/pass']:11.2f} {r['c']:6.3f} {r['v']:6.2f} {r['ms/token']:9.2f} "
                      f"{r['speedup']:7.2f}x")
            default = rows[-1]
            best[threads] = default["ms/token"]
            print(f"DEFAULT {name} ({threads} thread(s), heuristic from N=4, greedy, {args.new_tokens} tokens): "
                  f"{default['speedup']:.2f}x faster than the target alone, {default['tokens/pass']:.2f} tokens per "
                  f"target pass")
            if not args.no_lab:
                df = sweep(pair, prompts, ns=(4,), schedules=("heuristic",), repeats=3,
                           max_new_tokens=args.new_tokens)
                lab_speedup = float(df.loc[df["proposer"] == "mtp", "speedup_vs_none"].iloc[0])
                gap = abs(lab_speedup - default["speedup"]) / default["speedup"]
                print(f"LAB {name} ({threads} thread(s)): the lab's sweep (steady rounds) measures {lab_speedup:.2f}x "
                      f"for the same settings; {gap:.1%} from the whole-generation figure")
        fastest = min(best, key=best.get)
        print(f"BEST THREADS {name}: {fastest} (default settings, {best[fastest]:.2f} ms per token)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
