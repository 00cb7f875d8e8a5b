"""Times a bundled pair's pass costs and writes them as its dated cost table, assets/costs/<pair>.json.

Every speed-up the app states is a trace's exact counts priced at this table (mtp_viz.costs), so this is where the
timing happens, once, with care: torch on one thread as the app's workers run it; whole generations of held-out
prompts at NEW_TOKENS new tokens, the target alone and the drafter at constant N for N in NS (a target pass
reading N + 1 tokens) and prompt lookup; the settings interleaved and rotated each repeat, so drift hits all alike;
per tokens read the Q quantile over every round (mtp_viz.costs.costs_from_rounds). One calibration is `--repeats`
such sweeps; the table keeps `--calibrations` of them, whose spread is the headline's range. Best run when nobody
else uses the machine; it prints the load it ran at.

    .venv/bin/python benchmarks/calibrate.py --pair miniature            # writes assets/costs/miniature.json
"""
import argparse
import datetime
import os
import platform
import sys
import time
from pathlib import Path

os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import torch  # noqa: E402

from mtp_viz import generate_trace, load_pair  # noqa: E402
from mtp_viz.costs import COSTS, CostTable, costs_from_rounds, speedup  # noqa: E402
from mtp_viz.trace import CPU, WALL, clock_of  # noqa: E402
from mtp_viz.training.corpus import HELDOUT_PROMPTS  # noqa: E402

NS = (1, 2, 3, 4, 6, 8, 12, 16)
NEW_TOKENS = 16     # short generations: the settings take turns every fraction of a second, so drift hits all alike
PAGE = dict(proposer="mtp", max_new_tokens=32)   # the page's defaults (ui.session.PAGE), for the printed headline
LEAST = 4           # rounds that read k tokens for k to be kept; the rest lie between (PassCosts.pass_at)
REPEATS = 6         # interleaved sweeps in one calibration: with 3, one calibration in ten strayed ±9 % (clock.py)
Q = 0.1             # each cost is this quantile of its rounds: contention (other processes on the core, its caches,
                    # its sibling thread) only ever adds CPU time, so a low quantile of many rounds is the pass's own
                    # cost; on a host at load 16-30 it held the headline within ±3.5 % over five calibrations where
                    # the median moved ±17 %


def machine() -> str:
    """The CPU's model name and how many there are: where a table was measured (said in every language as is)."""
    name = platform.processor() or platform.machine()
    try:
        name = next(line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return f"{name} ({os.cpu_count()} CPUs)"


def settings_of(pair, ns) -> list[dict]:
    """The generations one sweep runs: the target alone, the drafter at each constant N, prompt lookup (a draft model
    is a second pair; a trace of one is priced from its own drafter steps, mtp_viz.costs.table_for)."""
    runs = [dict(proposer="none")] + [dict(proposer="mtp", num_assistant_tokens=n, schedule="constant") for n in ns]
    return runs + [dict(proposer="prompt-lookup", num_assistant_tokens=4, schedule="constant")]


def calibration(pair, ns, repeats: int, shift: int):
    """One calibration: `repeats` interleaved sweeps; the order of settings and prompts rotates with each."""
    runs, traces = settings_of(pair, ns), []
    for rep in range(repeats):
        k = (shift * repeats + rep) % len(runs)
        for j, kwargs in enumerate(runs[k:] + runs[:k]):
            prompt = HELDOUT_PROMPTS[(shift + rep + j) % len(HELDOUT_PROMPTS)]
            traces.append(generate_trace(pair, prompt, max_new_tokens=NEW_TOKENS, **kwargs))
    return costs_from_rounds(traces, least=LEAST, q=Q), traces


def calibrate(pair_name: str, ns=NS, repeats: int = REPEATS, calibrations: int = 10, log=print) -> CostTable:
    pair = load_pair(pair_name)
    generate_trace(pair, HELDOUT_PROMPTS[0], max_new_tokens=8)       # warm up, as the app does at load
    cals, clock = [], CPU
    for c in range(calibrations):
        start = time.perf_counter()
        costs, traces = calibration(pair, ns, repeats, c)
        clock = CPU if all(clock_of(tr.rounds) == CPU for tr in traces) else WALL
        cals.append(costs)
        log(f"calibration {c + 1}/{calibrations}: one-token pass {costs.one_token_ms:.2f} ms, "
            f"check of 5 {costs.pass_at(5):.2f} ms, mtp step {costs.step_ms.get('mtp', float('nan')):.2f} ms "
            f"({time.perf_counter() - start:.0f} s, load {os.getloadavg()[0]:.2f})")
    when = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%MZ")
    return CostTable(pair_name, cals, clock, when, machine(), repeats, torch.get_num_threads())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pair", default="miniature")
    parser.add_argument("--repeats", type=int, default=REPEATS, help="interleaved sweeps per calibration")
    parser.add_argument("--calibrations", type=int, default=10, help="calibrations kept (their spread is shown)")
    parser.add_argument("--out", type=Path, default=None, help="default: assets/costs/<pair>.json")
    args = parser.parse_args()
    torch.set_num_threads(1)
    print(f"pair {args.pair}, {machine()}, torch threads {torch.get_num_threads()}, load average {os.getloadavg()[0]:.2f} at start")
    table = calibrate(args.pair, repeats=args.repeats, calibrations=args.calibrations)
    out = args.out or COSTS / f"{args.pair}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(table.to_json(), encoding="utf-8")
    probe = generate_trace(load_pair(args.pair), "Actions speak", **PAGE)
    s = speedup(probe, table)
    print(f"wrote {out}: one-token pass {table.costs.one_token_ms:.2f} ms on the {table.clock} clock; "
          f"'Actions speak' at the defaults {s.ratio:.2f}x ({s.low:.2f}-{s.high:.2f}x over "
          f"{len(table.calibrations)} calibrations); load average {os.getloadavg()[0]:.2f} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
