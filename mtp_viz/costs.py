"""How much faster a trace ran: its exact counts times the pair's calibrated pass costs. The one speed-up the app states.

What a trace counts is exact and the same on any machine: the target passes, how many tokens each pass read, the
drafter steps, the tokens written. What a pass costs is timed, and a single generation's own timing moves with
whatever else the server is doing. So the costs are timed once per model pair, carefully (many rounds, interleaved
settings, medians, several calibrations for the spread, while nobody else waits: benchmarks/calibrate.py), dated,
with the machine named, and shipped as a small table (assets/costs/<pair>.json). A trace's speed-up is then

    (the same tokens, one target pass each) / (its own passes and drafter steps), both priced from that table,

and every place that quotes a speed-up (round status, Statistics, the timeline's "one by one?" lane, the race, the
tour, the lab's row for a prompt) calls `speedup` or `round_cost_ms` here, so the same trace gives the same figure
everywhere, in every visit, under any load. A pair with no table is priced from the trace's own rounds (and says so).

Knows the trace's records and a JSON table; knows no torch, no model and no drawing.
"""
from __future__ import annotations

import datetime
import functools
import json
import statistics
from dataclasses import dataclass, field

import numpy as np

from mtp_viz.model_table import ASSETS
from mtp_viz.proposer_registry import BASELINE
from mtp_viz.trace import CPU, WALL, Round, Trace, clock_of

COSTS = ASSETS / "costs"    # one calibrated table per bundled pair
TABLE = "calibrated"     # PassCosts.source: from the pair's shipped table ...
OWN = "own"              # ... or from the trace's own rounds, where the pair has none


@dataclass(frozen=True)
class PassCosts:
    """What one pass costs, in ms of the table's clock: a target pass by how many tokens it reads (the round's
    bookkeeping included, so pass_ms[1] is a whole plain round), and one drafter step by proposer."""
    pass_ms: dict[int, float]             # tokens read (1 = one new token; N + 1 = a check of N guesses) -> ms
    step_ms: dict[str, float] = field(default_factory=dict)    # proposer -> ms per drafter step (or looked-up token)

    def pass_at(self, k: int) -> float:
        """A target pass reading k tokens: measured where it was, linear between and beyond the measured k."""
        ks = sorted(self.pass_ms)
        ms = [self.pass_ms[x] for x in ks]
        if len(ks) == 1 or k <= ks[-1]:
            return float(np.interp(k, ks, ms))
        slope = (ms[-1] - ms[-2]) / (ks[-1] - ks[-2])        # a long prompt's prefill: the last segment, extended
        return ms[-1] + slope * (k - ks[-1])

    @property
    def one_token_ms(self) -> float:
        """The one baseline: a target pass that writes one token, as the target alone runs."""
        return self.pass_at(1)


@dataclass(frozen=True)
class CostTable:
    """A pair's pass costs: one PassCosts per calibration (their spread is the headline's), when, where, on what clock."""
    pair: str
    calibrations: list[PassCosts]
    clock: str = CPU                      # trace.CPU: the generating thread's CPU time; trace.WALL elsewhere
    measured_at: str = ""                 # "2026-12-03T09:40Z"
    machine: str = ""                     # "AMD EPYC (2 CPUs)"
    repeats: int = 0                      # interleaved generations per setting in each calibration
    threads: int = 1                      # torch's threads while it was timed (the app's workers use one)
    source: str = TABLE                   # TABLE, or OWN: priced from one trace's own rounds

    @functools.cached_property
    def costs(self) -> PassCosts:
        """Each cost's median over the calibrations: what the headline is priced at."""
        ks = set.intersection(*(set(c.pass_ms) for c in self.calibrations))
        ps = set.intersection(*(set(c.step_ms) for c in self.calibrations))
        return PassCosts({k: statistics.median(c.pass_ms[k] for c in self.calibrations) for k in sorted(ks)},
                         {p: statistics.median(c.step_ms[p] for c in self.calibrations) for p in sorted(ps)})

    @property
    def when(self):
        """The day measured_at names (a datetime.date, which t() writes in the reader's form), or "" when unknown:
        the page shows no time of day and no time zone."""
        return datetime.date.fromisoformat(self.measured_at[:10]) if self.measured_at else ""

    def to_json(self) -> str:
        return json.dumps({"pair": self.pair, "clock": self.clock, "measured_at": self.measured_at,
                           "machine": self.machine, "repeats": self.repeats, "threads": self.threads,
                           "calibrations": [{"pass_ms": {str(k): round(v, 4) for k, v in c.pass_ms.items()},
                                             "step_ms": {p: round(v, 4) for p, v in c.step_ms.items()}}
                                            for c in self.calibrations]}, indent=1) + "\n"

    @classmethod
    def from_json(cls, text: str) -> "CostTable":
        d = json.loads(text)
        cals = [PassCosts({int(k): float(v) for k, v in c["pass_ms"].items()},
                          {p: float(v) for p, v in c["step_ms"].items()}) for c in d["calibrations"]]
        return cls(d["pair"], cals, d.get("clock", CPU), d.get("measured_at", ""), d.get("machine", ""),
                   int(d.get("repeats", 0)), int(d.get("threads", 1)))


@dataclass(frozen=True)
class Speedup:
    """A trace's speed-up and what it is made of: ratio = alone_ms / drafted_ms, priced at the table's medians;
    low..high the same ratio priced at each calibration's costs (one value when the table has one)."""
    ratio: float
    low: float
    high: float
    alone_ms: float              # the same tokens written by the target alone, one pass each
    drafted_ms: float            # this trace's passes and drafter steps
    tokens: int
    target_passes: int
    drafter_steps: int
    one_token_ms: float          # the one-token pass both sides are priced with (the baseline's unit)
    table: CostTable


# -- pricing a trace ------------------------------------------------------------------------------------------------
def tokens_read(trace: Trace, r: Round) -> int:
    """How many tokens round r's target pass read: the prompt in the prefill, else the last token and the guesses."""
    return r.start_len if r.index == 0 else r.num_drafted + 1     # round 0 starts right after the prompt


def steps(r: Round) -> int:
    """Drafter steps in round r (a looked-up token counts as a step of prompt lookup), as Statistics counts them."""
    return max(r.drafter_passes, r.num_drafted)


def round_cost_ms(trace: Trace, r: Round, costs: PassCosts) -> float:
    """What round r costs at `costs`: its target pass over the tokens it read, plus its drafter steps."""
    return rounds_cost_ms([r], trace.settings.proposer, costs)


def rounds_cost_ms(rounds: list[Round], proposer: str, costs: PassCosts) -> float:
    """What a generation's rounds cost at `costs` (any of them: the lab prices its runs' rounds with this too)."""
    step = costs.step_ms.get(proposer, 0.0)
    return sum(costs.pass_at(r.start_len if r.index == 0 else r.num_drafted + 1) + steps(r) * step for r in rounds)


def alone_cost_ms(prompt_len: int, tokens: int, costs: PassCosts) -> float:
    """The baseline: the target alone writing `tokens` tokens after a prompt, the prompt's pass then one pass each."""
    return costs.pass_at(prompt_len) + max(0, tokens - 1) * costs.one_token_ms if tokens else 0.0


def drafted_cost_ms(trace: Trace, costs: PassCosts) -> float:
    return rounds_cost_ms(trace.rounds, trace.settings.proposer, costs)


def speedup(trace: Trace, table: CostTable | None = None) -> Speedup | None:
    """The speed-up of `trace` over the target alone, from its counts and `table` (default: table_for(trace)); None
    when nothing prices it (no table and no timed rounds). A trace without a drafter is the baseline itself: 1."""
    table = table or table_for(trace)
    if table is None or not trace.new_token_ids:
        return None

    def ratio(c: PassCosts) -> float:
        return alone_cost_ms(len(trace.prompt_ids), len(trace.new_token_ids), c) / drafted_cost_ms(trace, c)

    spread = [ratio(c) for c in table.calibrations]
    c = table.costs
    return Speedup(ratio=ratio(c), low=min(spread), high=max(spread),
                   alone_ms=alone_cost_ms(len(trace.prompt_ids), len(trace.new_token_ids), c),
                   drafted_ms=drafted_cost_ms(trace, c), tokens=len(trace.new_token_ids),
                   target_passes=len(trace.rounds), drafter_steps=sum(steps(r) for r in trace.rounds),
                   one_token_ms=c.one_token_ms, table=table)


# -- where the costs come from ----------------------------------------------------------------------------------------
@functools.cache
def shipped(pair: str) -> CostTable | None:
    """The calibrated table shipped for a bundled pair (assets/costs/<pair>.json), or None."""
    path = COSTS / f"{pair}.json"
    if "/" in pair or not path.is_file():
        return None
    return CostTable.from_json(path.read_text(encoding="utf-8"))


def table_for(trace: Trace) -> CostTable | None:
    """The costs a trace is priced at: its pair's calibrated table (a proposer it lacks taken from the trace's own
    rounds), else the trace's own rounds (OWN), else None."""
    table = shipped(trace.model_info.name)
    proposer = trace.settings.proposer
    if table is not None:
        if proposer == BASELINE or all(proposer in c.step_ms for c in table.calibrations):
            return table
        own = costs_from_rounds([trace])
        if own is None or proposer not in own.step_ms:
            return table
        cals = [PassCosts(c.pass_ms, {**c.step_ms, proposer: own.step_ms[proposer]}) for c in table.calibrations]
        return CostTable(table.pair, cals, table.clock, table.measured_at, table.machine, table.repeats, table.threads)
    own = costs_from_rounds([trace])
    if own is None:
        return None
    one = trace.model_info.target_cpu_ms_one_token if clock_of(trace.rounds) == CPU else \
        trace.model_info.target_ms_one_token
    if 1 not in own.pass_ms and one:
        own = PassCosts({1: one, **own.pass_ms}, own.step_ms)
    if 1 not in own.pass_ms:
        return None
    return CostTable(trace.model_info.name, [own], clock_of(trace.rounds), trace.measured_at or "", "", 1,
                     source=OWN)


def costs_from_rounds(traces: list[Trace], least: int = 1, q: float = 0.5) -> PassCosts | None:
    """Pass costs from recorded rounds (what a calibration does with many generations): per tokens read, the
    median (or the `q` quantile) of the round's time less its drafting, kept where at least `least` rounds read that many (a calibration
    asks for several: a lone round is noise, and pass_at interpolates between the kept ones); per proposer, the
    median drafting time per step. The prefill is left out (its pass reads the prompt, and runs cold). CPU clock
    where every round kept it, else the wall clock."""
    cpu = all(clock_of(tr.rounds) == CPU for tr in traces)
    by_k: dict[int, list[float]] = {}
    by_p: dict[str, list[float]] = {}
    for tr in traces:
        for r in tr.rounds[1:]:
            whole = r.cpu_ms if cpu else (r.wall_ms if r.wall_ms is not None else r.draft_ms + r.verify_ms)
            draft = (r.draft_cpu_ms or 0.0) if cpu else r.draft_ms
            by_k.setdefault(tokens_read(tr, r), []).append(whole - draft)
            if steps(r):
                by_p.setdefault(tr.settings.proposer, []).append(draft / steps(r))
    kept = {k: v for k, v in sorted(by_k.items()) if len(v) >= least or k == 1}
    if not kept:
        return None
    return PassCosts({k: float(np.quantile(v, q)) for k, v in kept.items()},
                     {p: float(np.quantile(v, q)) for p, v in sorted(by_p.items())})


__all__ = ["CostTable", "PassCosts", "Speedup", "speedup", "round_cost_ms", "rounds_cost_ms", "alone_cost_ms", "table_for", "shipped",
           "costs_from_rounds", "CPU", "WALL", "TABLE", "OWN"]
