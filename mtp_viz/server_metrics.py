"""A real server's speculative-decoding numbers, read from its Prometheus `/metrics` text and put on the lab's model.

Knows the metric names of vLLM (counters, vllm/v1/spec_decode/metrics.py) and SGLang (gauges,
python/sglang/srt/metrics/collector.py), prometheus_client's text parser and mtp_viz.lab_math's cost model; knows no
network, no Gradio and no Plotly (the UI fetches a URL, in local mode only, and draws).

vLLM counts since the server started, so two snapshots, one before and one after a workload, subtract into a
window. Its per-position counter at position i counts the drafts whose first i + 1 tokens were all accepted, which
is the lab's acceptance by position. SGLang keeps gauges of its latest batches instead: an acceptance length and
rate, no window and no positions.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from mtp_viz import lab_math
from mtp_viz.problems import Problem
from mtp_viz.settings import PAGE_NS

MAX_CHARS = 4_000_000      # a vLLM page is 50-300 kB; more than this is not a /metrics page of one server
VLLM = {"drafts": "vllm:spec_decode_num_drafts", "draft_tokens": "vllm:spec_decode_num_draft_tokens",
        "accepted": "vllm:spec_decode_num_accepted_tokens"}
VLLM_PER_POS = "vllm:spec_decode_num_accepted_tokens_per_pos"
SGLANG = {"accept_length": "sglang:spec_accept_length", "accept_rate": "sglang:spec_accept_rate"}


@dataclass(frozen=True)
class Snapshot:
    """One page's speculative-decoding series for one model, summed over engines (data-parallel ranks)."""
    engine: str                                  # "vllm" or "sglang"
    model: str                                   # the model_name label, "" when there is none
    values: dict[str, float]                     # VLLM or SGLANG keys -> value; a missing metric is absent
    per_position: tuple[float, ...] = ()         # vLLM: accepted-token counter by draft position
    others: tuple[str, ...] = ()                 # other models on the page with such series, not used


@dataclass(frozen=True)
class Summary:
    """What the panel states and draws. Rates are None where the engine does not report what they need."""
    engine: str
    model: str
    windowed: bool                               # True: after minus before; False: since start, or gauges
    drafts: float | None = None                  # vLLM: rounds with drafts in the window
    draft_tokens: float | None = None
    accepted: float | None = None
    acceptance_rate: float | None = None         # accepted / drafted
    mean_acceptance_length: float | None = None  # 1 + accepted / drafts: tokens per target pass
    position_shares: tuple[float, ...] = ()      # drafts whose first k tokens were accepted / drafts, k = 1..γ
    gamma: int | None = None                     # drafts per round the server ran (its N)
    gamma_source: str = ""                       # "counters", "positions", "entered" or "implied"
    alpha: float | None = None                   # α fitted as the lab fits it
    alpha_source: str = ""                       # "positions", "rate" or "length"
    resets: tuple[str, ...] = ()                 # counters that went down between the snapshots
    notes: tuple[str, ...] = field(default=())   # string keys: what is missing or approximate


# -- reading one page ---------------------------------------------------------------------------------------------
def _samples(text: str):
    """(name, labels, value) of every sample, through prometheus_client's parser; Problem on anything else."""
    from prometheus_client.parser import text_string_to_metric_families

    if not isinstance(text, str) or not text.strip():
        raise Problem("server.error.empty")
    if len(text) > MAX_CHARS:
        raise Problem("server.error.too_large", size=len(text), limit=MAX_CHARS)
    try:
        return [(s.name, s.labels, float(s.value)) for fam in text_string_to_metric_families(text)
                for s in fam.samples]
    except (ValueError, TypeError, IndexError, KeyError) as exc:
        raise Problem("server.error.not_prometheus", error=str(exc)[:120] or type(exc).__name__) from None


def _base(name: str) -> str:
    return name[:-len("_total")] if name.endswith("_total") else name


def parse(text: str) -> Snapshot:
    """The speculative-decoding series of one /metrics page; Problem when it has none or is not such a page."""
    wanted = set(VLLM.values()) | {VLLM_PER_POS} | set(SGLANG.values())
    by_model: dict[str, dict] = {}
    seen_engines = set()
    for name, labels, value in _samples(text):
        seen_engines.add(name.split(":", 1)[0] if ":" in name else "")
        base = _base(name) if name.startswith("vllm:") else name
        if base not in wanted:
            continue
        model = by_model.setdefault(labels.get("model_name", ""), {"values": {}, "pos": {}, "gauges": {}})
        if base == VLLM_PER_POS:
            try:
                pos = int(labels.get("position", ""))
            except ValueError:
                continue
            model["pos"][pos] = model["pos"].get(pos, 0.0) + value
        elif base in SGLANG.values():     # a gauge per rank: the mean over ranks, not a sum
            model["gauges"].setdefault(base, []).append(value)
        else:
            model["values"][base] = model["values"].get(base, 0.0) + value
    if not by_model:
        engine = "vllm" if "vllm" in seen_engines else "sglang" if "sglang" in seen_engines else ""
        raise Problem(f"server.error.no_spec{'.' + engine if engine else ''}")
    name = max(by_model, key=lambda m: (by_model[m]["values"].get(VLLM["drafts"], 0.0), bool(by_model[m]["gauges"])))
    chosen = by_model[name]
    if chosen["values"] or chosen["pos"]:
        values = {k: chosen["values"][v] for k, v in VLLM.items() if v in chosen["values"]}
        depth = max(chosen["pos"], default=-1) + 1
        per_pos = tuple(chosen["pos"].get(i, 0.0) for i in range(depth))
        return Snapshot("vllm", name, values, per_pos, tuple(m for m in by_model if m != name))
    values = {k: float(np.mean(chosen["gauges"][v])) for k, v in SGLANG.items() if v in chosen["gauges"]}
    return Snapshot("sglang", name, values, (), tuple(m for m in by_model if m != name))


# -- two pages into one window ------------------------------------------------------------------------------------
def window(before: Snapshot | None, after: Snapshot) -> tuple[Snapshot, tuple[str, ...]]:
    """after − before for vLLM's counters, and the names of counters that went down (a restart between the two).

    After a restart the counters start again from 0, so the window is what the second page counts: the requests
    since the restart (Prometheus' own rate() reads a drop the same way). SGLang's gauges do not subtract: the
    second page's values stand. With no first page, the window is the server's whole life."""
    if before is None or after.engine == "sglang":
        return after, ()
    if before.engine != after.engine or before.model != after.model:
        raise Problem("server.error.different", before=f"{before.engine} {before.model}".strip(),
                           after=f"{after.engine} {after.model}".strip())
    pairs = {VLLM[k]: (before.values.get(k, 0.0), v) for k, v in after.values.items()}
    pairs.update({f'{VLLM_PER_POS}{{position="{i}"}}': (before.per_position[i] if i < len(before.per_position)
                                                         else 0.0, v) for i, v in enumerate(after.per_position)})
    resets = tuple(name for name, (b, a) in pairs.items() if a < b)
    if resets:
        return after, resets
    values = {k: v - before.values.get(k, 0.0) for k, v in after.values.items()}
    per_pos = tuple(v - (before.per_position[i] if i < len(before.per_position) else 0.0)
                    for i, v in enumerate(after.per_position))
    return Snapshot(after.engine, after.model, values, per_pos, after.others), ()


# -- derived figures ----------------------------------------------------------------------------------------------
def summarize(before: Snapshot | None, after: Snapshot, gamma: int | None = None) -> Summary:
    """The figures the panel shows: rate, mean acceptance length, by position, γ and α. `gamma` is the N the
    server ran with, needed for SGLang's gauges (0 or None: implied by the two gauges)."""
    snap, resets = window(before, after)
    windowed = before is not None and snap.engine == "vllm"
    if snap.engine == "sglang":
        return _sglang(snap, gamma)
    v, notes = snap.values, []
    drafts, tokens, accepted = v.get("drafts"), v.get("draft_tokens"), v.get("accepted")
    if drafts is None:
        raise Problem("server.error.missing", name=VLLM["drafts"] + "_total")
    if not drafts:
        raise Problem("server.error.no_drafts" if windowed else "server.error.no_drafts_ever")
    if accepted is None:
        raise Problem("server.error.missing", name=VLLM["accepted"] + "_total")
    if resets:
        notes.append("server.note.reset")
    if snap.others:
        notes.append("server.note.others")
    rate = accepted / tokens if tokens else None
    if tokens is None:
        notes.append("server.note.no_draft_tokens")
    shares = tuple(p / drafts for p in snap.per_position)
    gamma_source = ""
    if tokens:
        gamma, gamma_source = int(round(tokens / drafts)), "counters"
    elif shares:
        gamma, gamma_source = len(shares), "positions"
    if shares:
        reached = [drafts, *snap.per_position[:-1]]
        alpha, alpha_source = lab_math.alpha_from_positions(snap.per_position, reached), "positions"
    else:
        notes.append("server.note.no_positions_vllm")
        alpha, alpha_source = (lab_math.alpha_from_rate(min(rate, 1.0), gamma), "rate") if rate is not None and gamma \
            else (None, "")
    return Summary("vllm", snap.model, windowed, drafts, tokens, accepted, rate, 1.0 + accepted / drafts, shares,
                   gamma, gamma_source, alpha, alpha_source, resets, tuple(notes))


def _sglang(snap: Snapshot, gamma: int | None) -> Summary:
    """SGLang: the gauges as they are; α from the acceptance length once γ is known (entered, or implied)."""
    length, rate = snap.values.get("accept_length"), snap.values.get("accept_rate")
    notes = ["server.note.gauges", "server.note.no_positions_sglang"] + (["server.note.others"] if snap.others else [])
    source = "entered" if gamma else ""
    if not gamma and length is not None and rate:
        implied = int(round((length - 1.0) / rate))
        gamma, source = (implied, "implied") if implied >= 1 else (None, "")
    if not gamma:
        notes.append("server.note.need_gamma")
        return Summary("sglang", snap.model, False, acceptance_rate=rate, mean_acceptance_length=length,
                       notes=tuple(notes))
    if length is not None:
        alpha, alpha_source = lab_math.alpha_from_rate(float(np.clip((length - 1.0) / gamma, 0.0, 1.0)), gamma), "length"
    else:
        alpha, alpha_source = lab_math.alpha_from_rate(float(np.clip(rate, 0.0, 1.0)), gamma), "rate"
    return Summary("sglang", snap.model, False, acceptance_rate=rate, mean_acceptance_length=length, gamma=int(gamma),
                   gamma_source=source, alpha=alpha, alpha_source=alpha_source, notes=tuple(notes))


def predict(summary: Summary, c: float, ns=PAGE_NS) -> pd.DataFrame:
    """The lab's cost model for the server's α and a chosen c (v = 1: on a GPU the verification pass of a large
    model costs one target pass): predicted tokens per pass and speed-up for each N."""
    if summary.alpha is None or not math.isfinite(summary.alpha):
        return pd.DataFrame(columns=["num_assistant_tokens", "tokens_per_target_pass", "speedup"])
    model = {"alpha": summary.alpha, "c": float(c), "v0": 1.0, "v1": 0.0}
    return lab_math.predicted_curve(model, ns)


def best_n(summary: Summary, c: float, ns=PAGE_NS) -> int | None:
    """The N with the largest predicted speed-up (lab_math.best_gamma), or None without an α."""
    if summary.alpha is None or not math.isfinite(summary.alpha):
        return None
    return lab_math.best_gamma(summary.alpha, float(c), ns)


def read(before_text: str | None, after_text: str, gamma: int | None = None) -> Summary:
    """Parse one or two pages and summarize them; Problem with a message on anything unusable."""
    before = parse(before_text) if before_text and before_text.strip() else None
    return summarize(before, parse(after_text), gamma)
