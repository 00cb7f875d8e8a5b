"""The race: two recorded generations of one prompt, the target alone and with a drafter, put on one clock.

Knows traces, their pass costs (mtp_viz.costs) and the lab's cost model; knows no torch, no Gradio and no drawing. A
lane is when each target pass ended and which tokens it committed: the trace's exact rounds, each priced at the
pair's calibrated pass costs (costs.round_cost_ms), so the race of a prompt is the same in every visit and under any
load, and its ratio is the headline's (costs.speedup). A projected race builds both lanes from the cost model
(Leviathan et al. 2023) for published α and c instead: labelled projected, never measured.
"""
from __future__ import annotations

from dataclasses import dataclass

from mtp_viz import costs
from mtp_viz.lab_math import expected_tokens
from mtp_viz.trace import Trace, clock_of, round_ms


@dataclass(frozen=True)
class Lane:
    """One side of the race: after target pass i (a round), end_ms[i] ms had passed and tokens[i] were new."""
    end_ms: list[float]          # when each target pass's round ended, ms since the generation began
    tokens: list[list[str]]      # the text pieces each round committed (empty pieces for projected lanes)
    counts: list[float]          # tokens each round committed (expected, not whole, in a projected lane)
    token_ids: list[int]         # the whole output, for the token-by-token check (empty when projected)
    projected: bool = False
    table: costs.CostTable | None = None    # the pass costs end_ms is priced at (None: projected)

    @property
    def total_ms(self) -> float:
        return self.end_ms[-1] if self.end_ms else 0.0

    @property
    def num_tokens(self) -> float:
        return sum(self.counts)

    @property
    def passes(self) -> int:
        return len(self.end_ms)


def lane(trace: Trace, table: costs.CostTable | None = None) -> Lane:
    """The lane of one trace, each round priced at `table` (default: the pair's, costs.table_for); race two lanes
    at the drafted trace's table, so both sides share one price list. A trace nothing prices (no table, no one-token
    time) runs at its own recorded round times (trace.round_ms on its clock)."""
    table = table or costs.table_for(trace)
    clock = clock_of(trace.rounds)
    end, now = [], 0.0
    for r in trace.rounds:
        now += costs.round_cost_ms(trace, r, table.costs) if table else round_ms(r, clock)
        end.append(now)
    return Lane(end_ms=end, tokens=[[trace.text_of(t) for t in r.emitted_token_ids] for r in trace.rounds],
                counts=[float(len(r.emitted_token_ids)) for r in trace.rounds], token_ids=list(trace.new_token_ids),
                table=table)


def projected(alpha: float, c: float, n: int, tokens: int, one_pass_ms: float = 1.0,
              verify_cost: float = 1.0) -> tuple[Lane, Lane]:
    """Both lanes from the cost model: alone, one token per pass of `one_pass_ms`; with the drafter, rounds of
    N·c + v passes' time that yield (1 − α^(N+1)) / (1 − α) tokens each, until `tokens` tokens exist. Their ratio is
    the lab's walltime_improvement(α, N, c, v): v = 1 for a dense target, more for a MoE (lab.verify_cost_of)."""
    alone = Lane(end_ms=[one_pass_ms * (i + 1) for i in range(tokens)], tokens=[[] for _ in range(tokens)],
                 counts=[1.0] * tokens, token_ids=[], projected=True)
    per_round, round_time = float(expected_tokens(alpha, n)), (n * c + verify_cost) * one_pass_ms
    rounds = max(1, round(tokens / per_round))
    counts = [per_round] * (rounds - 1) + [tokens - per_round * (rounds - 1)]
    last = round_time * counts[-1] / per_round          # the last round ends as soon as its share is written
    drafted = Lane(end_ms=[round_time * (i + 1) for i in range(rounds - 1)] + [round_time * (rounds - 1) + last],
                   tokens=[[] for _ in range(rounds)], counts=counts, token_ids=[], projected=True)
    return alone, drafted


def _lane_figures(x: Lane) -> dict:
    first = x.end_ms[0] if x.end_ms else 0.0
    after = x.total_ms - first
    return {"total_ms": x.total_ms, "first_token_ms": first, "tokens": x.num_tokens, "passes": x.passes,
            "tokens_per_s": 1000.0 * x.num_tokens / x.total_ms if x.total_ms else 0.0,
            "tokens_per_s_after_first": 1000.0 * (x.num_tokens - x.counts[0]) / after if after > 0 else 0.0,
            "tokens_per_pass": x.num_tokens / x.passes if x.passes else 0.0}


def summary(alone: Lane, drafted: Lane) -> dict:
    """The figures shown when both lanes finish: each lane's, their ratio (for the same tokens, costs.speedup of the
    drafted trace: both are its counts at one price list), and whether the texts agree."""
    return {"alone": _lane_figures(alone), "drafted": _lane_figures(drafted),
            "speedup": alone.total_ms / drafted.total_ms if drafted.total_ms else 0.0,
            "same_tokens": bool(alone.token_ids) and alone.token_ids == drafted.token_ids,
            "projected": alone.projected or drafted.projected}
