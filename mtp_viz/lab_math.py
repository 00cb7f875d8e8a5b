"""The draft-length lab: `sweep()` measures a grid of settings into a DataFrame; beside it, the cost model predicts it.

Knows the public engine API (`iter_rounds`, or any runner that returns a generation's rounds), pandas and Leviathan
et al.'s cost model; knows no Gradio, no Plotly and no checkpoints. Torch comes in only when `sweep()` runs, so the figures can import the cost model cheaply.

The cost model (Leviathan, Kalman & Matias 2023, "Fast Inference from Transformers via Speculative Decoding",
eq. 1 and theorem 3.8), in the paper's names: α is the chance that one draft is accepted (independently per
position), γ the number of drafts per round (this app's N), c the time of one drafter pass over the time of one
target pass. A round then yields (1 − α^(γ+1)) / (1 − α) tokens and the wall time improves by that over
(γ·c + 1).
"""
from __future__ import annotations

import math
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, replace
from typing import Callable, Sequence

import numpy as np
import pandas as pd

from mtp_viz import costs, model_table

from mtp_viz.problems import Problem
from mtp_viz.proposer_registry import BASELINE, DEFAULT
from mtp_viz.settings import MAX_DRAFT, MAX_NEW_TOKENS, PAGE_NS, PROPOSERS, SCHEDULES, Settings
from mtp_viz.trace import CPU, WALL, clock_of, draft_room, round_ms
from mtp_viz.trace import reached as is_reached

COLUMNS = ["proposer", "schedule", "num_assistant_tokens", "new_tokens", "target_passes", "drafter_passes",
           "tokens_per_target_pass", "mean_accepted", "acceptance_rate", "alpha", "target_ms_per_pass",
           "drafter_ms_per_pass", "cost_ratio", "ms_per_token", "speedup_vs_none", "predicted_tokens_per_pass",
           "predicted_speedup", "acceptance_by_position", "clock", "priced_at"]



@dataclass(frozen=True)
class SweepLimits:
    """The bounds of one sweep, checked in one place (check_sweep): the engine's own by default; a shared server
    passes tighter ones (ui/lab_tab.py's SERVER_SWEEP). None: no bound."""
    max_n: int = MAX_DRAFT
    max_repeats: int = 20
    new_tokens: tuple[int, int] = (1, MAX_NEW_TOKENS)
    max_prompts: int | None = None
    max_prompt_chars: int | None = None
    max_runs: int | None = None       # settings × prompts × repeats


ENGINE_SWEEP = SweepLimits()
# The sweeps benchmarks/lab.py records (--write) on the bundled dense pairs, by pair (the model table's): the lab's
# first paint and its side-by-side lesson (a cheap and a costly drafter), the tour's and the server panel's reference
RECORDED_SWEEPS = model_table.RECORDED_SWEEPS


# -- the cost model: pure functions in the paper's names ------------------------------------------------------
def expected_tokens(alpha, gamma):
    """E[tokens per target pass] = (1 − α^(γ+1)) / (1 − α); γ + 1 when α = 1 (every draft accepted)."""
    alpha, gamma = np.asarray(alpha, dtype=float), np.asarray(gamma, dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        out = np.where(alpha < 1.0, (1.0 - alpha ** (gamma + 1.0)) / (1.0 - alpha), gamma + 1.0)
    return float(out) if out.ndim == 0 else out


def walltime_improvement(alpha, gamma, c, verify_cost=1.0):
    """Speed-up over plain decoding: E[tokens] / (γ·c + v).

    v = 1 is the paper (verifying γ + 1 tokens costs one target pass). Not in the paper: v is the measured time
    of that verification pass over a one-token pass, which on a CPU grows with γ (see `sweep`).
    """
    gamma = np.asarray(gamma, dtype=float)
    out = expected_tokens(alpha, gamma) / (gamma * np.asarray(c, dtype=float) + np.asarray(verify_cost, dtype=float))
    return float(out) if np.ndim(out) == 0 else out


def best_gamma(alpha, c, gammas=PAGE_NS, verify_cost: Callable[[int], float] = lambda g: 1.0) -> int:
    """The γ with the largest predicted speed-up."""
    return max(gammas, key=lambda g: walltime_improvement(alpha, g, c, verify_cost(g)))


def alpha_from_positions(accepted: Sequence[float], reached: Sequence[float]) -> float:
    """α fitted to per-position counts: accepted drafts over drafts the target checked (reached), all positions.

    The maximum-likelihood α when each checked draft is accepted with the same chance α, which makes the share of
    rounds that accept their first k drafts α^k.
    """
    total = float(sum(reached))
    return float(sum(accepted)) / total if total else math.nan


def alpha_from_rate(rate: float, gamma: int) -> float:
    """α from an aggregate acceptance rate (accepted / drafted) reported at γ drafts per round, by bisection on
    rate = α(1 − α^γ) / (γ(1 − α)). For published figures that give only the aggregate."""
    lo, hi = 0.0, 1.0
    for _ in range(60):
        mid = (lo + hi) / 2
        if (expected_tokens(mid, gamma) - 1.0) / gamma < rate:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


# -- mixture of experts: what a memory-bound pass reads (not in the paper) --------------------------------------
def experts_touched(num_experts: int, k: int, tokens) -> float:
    """Experts per layer hit by `tokens` tokens if each picks its k independently and uniformly: E·(1 − (1 − k/E)^T)."""
    return num_experts * (1.0 - (1.0 - k / num_experts) ** np.asarray(tokens, dtype=float))


def moe_pass_params(moe: dict, tokens) -> float:
    """Weights a pass over `tokens` tokens reads: the shared (dense) part once, plus every expert any token picked."""
    return moe["shared_params"] + moe["layers"] * moe["expert_params"] * experts_touched(moe["E"], moe["k"], tokens)


def moe_verify_cost(moe: dict, gamma) -> float:
    """v(γ) for a memory-bound MoE target at batch size 1: the weights a pass over γ + 1 tokens reads, over those a
    one-token step reads. 1 for a dense target; for 26B A4B at γ = 4 about 2.3 (independent routing)."""
    return moe_pass_params(moe, np.asarray(gamma, dtype=float) + 1.0) / moe_pass_params(moe, 1)


def moe_params_per_token(moe: dict, batch: int, tokens_per_pass: float = 1.0, gamma: int = 0,
                         drafter_params: float = 0.0) -> float:
    """Weights read per generated token when `batch` sequences share each pass: plain decoding (γ = 0, one token
    each), or γ drafter passes (each reading the drafter once for the whole batch) and one verification of γ + 1
    tokens per sequence, which yields `tokens_per_pass` tokens per sequence."""
    return (moe_pass_params(moe, batch * (gamma + 1)) + gamma * drafter_params) / (batch * tokens_per_pass)


def verify_cost_of(preset: dict) -> Callable[[int], float]:
    """A preset's v(γ): counted from its experts for a MoE target, 1 (the paper) for a dense one."""
    moe = preset.get("moe")
    return (lambda g: float(moe_verify_cost(moe, g))) if moe else (lambda g: 1.0)


# -- real Gemma 4 pairs placed on the cost model: projected from published numbers, not measured here ----------
def moe_sizes(experts: dict) -> dict:
    """A MoE target's published expert sizes (model_table) as the cost model reads them: the text model's parameters
    less all experts are the shared part every token reads."""
    return {"E": experts["E"], "k": experts["k"], "layers": experts["layers"], "expert_params": experts["expert_params"],
            "shared_params": experts["text_params"] - experts["layers"] * experts["E"] * experts["expert_params"]}


def projected(model: model_table.Model) -> dict:
    """A real pair on the cost model: c is the assistant's parameters over the target's active parameters; α comes
    from the published acceptance, converted with alpha_from_rate or alpha_from_positions; a MoE target's `moe` is
    its experts, whose verification reads what N + 1 tokens pick."""
    p = model.projection
    if p.acceptance_rate is not None:
        alpha = alpha_from_rate(*p.acceptance_rate)
    else:
        alpha = alpha_from_positions(list(p.by_position), [1.0, *p.by_position[:-1]])
    preset = {"alpha": round(alpha, 2), "c": round(p.drafter_params / p.active_params, 3)}
    if model.moe:
        preset["moe"] = moe_sizes(model.experts)
    return preset


# The projected pairs by their string-table key (model_table.PROJECTED)
PRESETS = {m.key: projected(m) for m in model_table.PROJECTED}
MOE_26B = PRESETS["26b"]["moe"]     # the MoE lesson's target: the lab's what-if with experts, the tour's chapter


# -- the summary of a sweep that the figures and the benchmark read --------------------------------------------
def positions(row) -> list[float]:
    """The row's acceptance by draft position (share of rounds whose first k drafts were all accepted)."""
    text = row["acceptance_by_position"]
    return [float(x) for x in str(text).split()] if isinstance(text, str) and text.strip() else []


def cost_model(df: pd.DataFrame, proposer: str | None = None) -> dict:
    """The sweep's cost-model parameters, from the constant-schedule rows of one drafting proposer.

    alpha: the rows' α weighted by their rounds; c: drafter ms per pass over the `none` row's one-token target
    ms, over all that proposer's rows; verify: a straight line v(N) = v0 + v1·N through the rows' measured
    verification cost (target ms per pass over the one-token pass).
    """
    drafting = df[df["proposer"] != BASELINE]
    proposer = proposer or (drafting["proposer"].iloc[0] if len(drafting) else None)
    rows = drafting[drafting["proposer"] == proposer]
    const = rows[(rows["schedule"] == "constant") & rows["alpha"].notna()]
    base = df.loc[df["proposer"] == BASELINE, "target_ms_per_pass"]
    t1 = float(base.iloc[0]) if len(base) else math.nan
    weights = const["target_passes"].clip(lower=1)
    alpha = float(np.average(const["alpha"], weights=weights)) if len(const) else math.nan
    passes = rows["drafter_passes"].sum()
    drafter_ms = (rows["drafter_ms_per_pass"] * rows["drafter_passes"]).sum()
    c = float(drafter_ms / passes / t1) if passes and t1 == t1 else math.nan
    ratio = (const["target_ms_per_pass"] / t1).to_numpy()
    ns = const["num_assistant_tokens"].to_numpy(dtype=float)
    if len(set(ns)) >= 2:
        v1, v0 = np.polyfit(ns, ratio, 1)
    else:
        v1, v0 = 0.0, float(ratio.mean()) if len(ratio) else 1.0
    return {"proposer": proposer, "alpha": alpha, "c": c, "v0": float(v0), "v1": float(v1), "t1_ms": t1}


def predicted_curve(model: dict, ns: Sequence[int]) -> pd.DataFrame:
    """Tokens per pass and speed-up predicted for each N from a `cost_model` dict."""
    ns = np.asarray(list(ns), dtype=float)
    verify = model["v0"] + model["v1"] * ns
    return pd.DataFrame({"num_assistant_tokens": ns.astype(int),
                         "tokens_per_target_pass": expected_tokens(model["alpha"], ns),
                         "speedup": walltime_improvement(model["alpha"], ns, model["c"], verify)})


# -- measuring ---------------------------------------------------------------------------------------------------
Runner = Callable[[object, Settings], list]    # (prompt, settings) -> the generation's rounds


def engine_runner(pair) -> Runner:
    """Generations on `pair` in this process, through the public engine API."""
    from mtp_viz import iter_rounds

    return lambda prompt, settings: list(iter_rounds(pair, prompt, **settings.as_dict()))


def _timed_run(rounds: list, settings: Settings, table: costs.CostTable | None = None) -> dict:
    """The counts and times of one generation's rounds, each round timed on the CPU clock (the generating thread's
    CPU time, Round.cpu_ms, which other processes' work does not inflate) when every round kept it, else by its
    wall time.

    Counted are the steady rounds only: not the prefill (a pass over the whole prompt), and not a last round whose
    drafts the token budget cut below N. The cost model describes an endless generation; with 48 tokens and N = 8
    those two end effects alone would pull tokens per pass from 9 to below 7.

    With the pair's cost table (mtp_viz.costs), the whole generation is priced as the app prices every trace:
    priced_ms its rounds, priced_alone_ms the same tokens written by the target alone (costs.speedup's two sides).
    """
    cpu = clock_of(rounds) == CPU
    limit = rounds[0].start_len + settings.max_new_tokens    # round 0 starts after the prompt
    drafting = settings.proposer != BASELINE
    acc, proposed, reached = [0] * MAX_DRAFT, [0] * MAX_DRAFT, [0] * MAX_DRAFT
    out = dict(new_tokens=0, target_passes=0, drafter_passes=0, drafted=0, accepted=0, round_ms=0.0,
               verify_ms=0.0, draft_ms=0.0, cpu=cpu, priced_ms=math.nan, priced_alone_ms=math.nan)
    if table is not None:
        c = table.costs
        out["priced_ms"] = costs.rounds_cost_ms(rounds, settings.proposer, c)
        out["priced_alone_ms"] = costs.alone_cost_ms(rounds[0].start_len, sum(len(r.emitted_token_ids) for r in rounds), c)
    for r in rounds[1:]:
        if drafting and draft_room(limit, r.start_len) < r.num_assistant_tokens:
            continue                                             # drafts cut by the budget
        out["new_tokens"] += len(r.emitted_token_ids)
        out["target_passes"] += 1
        out["drafter_passes"] += r.drafter_passes
        out["drafted"] += r.num_drafted
        out["accepted"] += r.num_accepted
        out["round_ms"] += round_ms(r, CPU if cpu else WALL)
        out["verify_ms"] += r.verify_cpu_ms if cpu else r.verify_ms
        out["draft_ms"] += r.draft_cpu_ms if cpu else r.draft_ms
        for i, v in enumerate(r.verify_steps):
            proposed[i] += 1
            reached[i] += is_reached(v)
            acc[i] += i < r.num_accepted
    out.update(acc=acc, proposed=proposed, reached=reached)
    return out


def _row(proposer: str, schedule: str, n: int, runs: list[dict], base: dict | None) -> dict:
    """One DataFrame row from the runs of one setting: timings are medians over repeats, summed over prompts."""
    frame = pd.DataFrame([{k: v for k, v in r.items() if not isinstance(v, (list, bool))} for r in runs])
    per_prompt = frame.groupby("prompt").median(numeric_only=True)
    s = per_prompt.sum()
    first = [r for r in runs if r["repeat"] == 0]
    acc = np.sum([r["acc"] for r in first], axis=0)
    proposed = np.sum([r["proposed"] for r in first], axis=0)
    reached = np.sum([r["reached"] for r in first], axis=0)
    depth = int(np.max(np.nonzero(proposed)[0], initial=-1)) + 1
    by_pos = " ".join(f"{a / p:.4f}" for a, p in zip(acc[:depth], proposed[:depth]))
    passes = s["target_passes"]
    row = {"proposer": proposer, "schedule": schedule, "num_assistant_tokens": n,
           "new_tokens": int(s["new_tokens"]), "target_passes": int(passes), "drafter_passes": int(s["drafter_passes"]),
           "tokens_per_target_pass": s["new_tokens"] / passes if passes else math.nan,
           "mean_accepted": s["accepted"] / passes if passes else math.nan,
           "acceptance_rate": s["accepted"] / s["drafted"] if s["drafted"] else math.nan,
           "alpha": alpha_from_positions(acc, reached) if proposer != BASELINE else math.nan,
           "target_ms_per_pass": s["verify_ms"] / passes if passes else math.nan,
           "drafter_ms_per_pass": (s["draft_ms"] / (s["drafter_passes"] or s["drafted"])
                                   if s["drafted"] else math.nan),
           "ms_per_token": s["round_ms"] / s["new_tokens"] if s["new_tokens"] else math.nan,
           "acceptance_by_position": by_pos, "clock": CPU if all(r["cpu"] for r in runs) else WALL}
    t1 = base["target_ms_per_pass"] if base else row["target_ms_per_pass"]
    row["cost_ratio"] = row["drafter_ms_per_pass"] / t1 if proposer != BASELINE else math.nan
    row["speedup_vs_none"] = (base["ms_per_token"] if base else row["ms_per_token"]) / row["ms_per_token"]
    row["priced_at"] = ""
    if runs[0]["priced_at"]:          # the pair's pass costs price it: the app's one speed-up (mtp_viz.costs)
        row["speedup_vs_none"] = s["priced_alone_ms"] / s["priced_ms"]
        row["priced_at"] = runs[0]["priced_at"]
    if proposer == BASELINE:
        row["predicted_tokens_per_pass"], row["predicted_speedup"] = 1.0, 1.0
    elif schedule == "constant":
        row["predicted_tokens_per_pass"] = expected_tokens(row["alpha"], n)
        row["predicted_speedup"] = walltime_improvement(row["alpha"], n, row["cost_ratio"],
                                                        row["target_ms_per_pass"] / t1)
    else:                       # N moves every round: the model has no single γ to predict with
        row["predicted_tokens_per_pass"], row["predicted_speedup"] = math.nan, math.nan
    return row


# The default sweep: what the lab's page starts with and what benchmarks/lab.py records in assets/lab_sweep*.csv.
# N runs past the default pair's best, so its measured speed-up visibly falls (issue 26, item 4); one repeat, since
# the CPU clock does not need a median over repeats to stand still while the server is busy (issue 27, item 5).
DEFAULT_SWEEP = {"ns": (1, 2, 3, 4, 6, 8, 12, 16), "schedules": ("constant", "heuristic"), "proposers": (DEFAULT,),
                 "max_new_tokens": 48, "repeats": 1}


def sweep(pair, prompts, ns=DEFAULT_SWEEP["ns"], schedules=DEFAULT_SWEEP["schedules"],
          proposers=DEFAULT_SWEEP["proposers"], max_new_tokens=DEFAULT_SWEEP["max_new_tokens"],
          repeats=DEFAULT_SWEEP["repeats"], base: Settings = Settings(), progress=None, run: Runner | None = None,
          parallel: int = 1) -> pd.DataFrame:
    """Measure tokens per target pass and speed-up for every (proposer, schedule, N), plus `none`.

    Returns one row per (proposer, schedule, num_assistant_tokens) over all prompts, and one row for proposer
    `none` (N = 0), always measured in the same call. Runs are interleaved (repeat → prompt → setting, the order
    rotating each repeat) so that machine noise hits every setting alike; timings are the median over repeats,
    summed over prompts. A heuristic row's N is the schedule's starting N. Columns, in `COLUMNS` order:

    - new_tokens, target_passes, drafter_passes: over the steady rounds (see `_timed_run`); a target pass is one
      round. tokens_per_target_pass = new_tokens / target_passes; mean_accepted: accepted drafts per round;
      acceptance_rate: accepted / drafted.
    - alpha: α fitted to the per-position acceptance (`alpha_from_positions`); acceptance_by_position: the share
      of rounds whose first k drafts were all accepted, k = 1, 2, ..., space-separated (what α^k models).
    - target_ms_per_pass: the mean verification pass; for `none` that is a one-token target pass, T.
      drafter_ms_per_pass: the mean drafter pass (prompt lookup has none: its lookup time per draft).
      cost_ratio: c = drafter_ms_per_pass / T, measured.
    - ms_per_token: time of the steady rounds per token (passes, sampling and bookkeeping);
      speedup_vs_none: where the pair has a cost table (mtp_viz.costs), the whole runs' counts priced at it, as
      the app prices every trace (the row of one prompt at the defaults is that prompt's headline); else the
      `none` row's ms_per_token over this row's. priced_at: the cost table's date ("" when measured).
    - clock: which clock every time in the row reads: trace.CPU (the generating thread's CPU time, kept when torch
      runs on one thread on the CPU) or trace.WALL.
    - predicted_tokens_per_pass: (1 − α^(N+1)) / (1 − α). predicted_speedup: that over (N·c + v).

    How the prediction accounts for the verification pass: the paper takes v = 1, a target pass over N + 1 tokens
    costing what a one-token pass costs, which holds when the target is memory-bound (large models on a GPU). On a
    CPU a small model is compute-bound, so that pass costs more (on the miniature about 1.5× T at N = 1 and 2.1×
    at N = 8). The prediction uses v = target_ms_per_pass / T, this row's verification pass over the `none` row's
    one-token pass, measured in the same sweep. Heuristic rows have no single N, so their predictions are NaN.

    `progress`, if given, is called as progress(fraction_done, (proposer, schedule, N)) after every run: the caller
    words the setting in its reader's language. `run` generates (default: engine_runner(pair), here); `parallel`
    runs go at once, for a `run` that hands them to processes of their own (the app's workers): each run is timed
    on its own process's CPU clock, so running them side by side changes the wall time, not the figures.
    Raises a Problem on a bad grid (check_sweep).
    """

    checked = check_sweep(prompts, ns, schedules, proposers, max_new_tokens, repeats)
    prompts, ns, schedules, proposers = (checked[k] for k in ("prompts", "ns", "schedules", "proposers"))
    max_new_tokens, repeats = checked["max_new_tokens"], checked["repeats"]
    base = replace(base, max_new_tokens=max_new_tokens)      # every run's other settings (sampling, seed ...)
    settings = [(BASELINE, "constant", 0)] + [(p, s, n) for p in proposers for s in schedules for n in ns]

    def kwargs(proposer, schedule, n):
        return replace(base, proposer=proposer, schedule=schedule, num_assistant_tokens=max(n, 1))

    run = run or engine_runner(pair)
    table = costs.shipped(getattr(pair, "name", "") or "")     # the pair's pass costs, where it has them
    jobs = [(rep, k, prompt, setting) for rep in range(int(repeats)) for k, prompt in enumerate(prompts)
            for setting in _rotated(settings, (rep * len(prompts) + k) % len(settings))]
    with ThreadPoolExecutor(max_workers=max(1, parallel), thread_name_prefix="sweep") as pool:
        # validate every setting and warm every path before timing
        list(pool.map(lambda setting: run(prompts[0], replace(kwargs(*setting), max_new_tokens=4)), settings))
        futures = {pool.submit(run, prompt, kwargs(*setting)): (rep, k, setting) for rep, k, prompt, setting in jobs}
        done_runs = {}
        for done, future in enumerate(as_completed(futures), 1):
            rep, k, setting = futures[future]
            done_runs[futures[future]] = dict(_timed_run(future.result(), kwargs(*setting), table), prompt=k,
                                              repeat=rep, priced_at=table.measured_at if table else "")
            if progress is not None:
                progress(done / len(jobs), setting)
    runs: dict[tuple, list[dict]] = {s: [] for s in settings}
    for rep, k, _, setting in jobs:                     # in the order they were asked for, however they finished
        runs[setting].append(done_runs[(rep, k, setting)])
    base = _row(*settings[0], runs[settings[0]], None)
    rows = [base] + [_row(*s, runs[s], base) for s in settings[1:]]
    return pd.DataFrame(rows, columns=COLUMNS)


def _rotated(items: list, shift: int) -> list:
    return items[shift:] + items[:shift]


def read_csv(path) -> pd.DataFrame:
    """A sweep saved with DataFrame.to_csv, back in the same shape (acceptance_by_position stays a string)."""
    text = ("acceptance_by_position", "clock", "priced_at")
    df = pd.read_csv(path, dtype={c: str for c in text}, keep_default_na=False,
                     na_values={c: [""] for c in COLUMNS if c not in text})
    if "clock" not in df.columns:
        df["clock"] = WALL                 # sweeps saved before the CPU clock timed rounds by the wall clock
    if "priced_at" not in df.columns:
        df["priced_at"] = ""               # sweeps saved before the pass costs: speed-ups from their own times
    missing = set(COLUMNS) - set(df.columns)
    if missing:
        raise ValueError(f"not a lab sweep: missing column(s) {sorted(missing)}")
    return df[COLUMNS]


def recorded_sweep(pair: str = model_table.MINIATURE) -> pd.DataFrame | None:
    """The sweep benchmarks/lab.py recorded on a bundled pair (RECORDED_SWEEPS), or None when it is missing."""
    path = RECORDED_SWEEPS[pair]
    return read_csv(path) if path.exists() else None


def check_sweep(prompts, ns, schedules, proposers, max_new_tokens, repeats,
                limits: SweepLimits = ENGINE_SWEEP) -> dict:
    """sweep()'s keywords, checked against `limits` and normalised (N sorted, no `none` proposer); a Problem that
    names the bound otherwise. The one place a sweep's bounds are checked, for the lab's page and for scripts."""
    prompts = [p for p in prompts or [] if (p.strip() if isinstance(p, str) else p)]
    if not prompts:
        raise Problem("lab.error.prompts")
    if limits.max_prompts is not None and len(prompts) > limits.max_prompts:
        raise Problem("lab.error.too_many_prompts", limit=limits.max_prompts, n=len(prompts))
    for i, p in enumerate(prompts, 1):
        if limits.max_prompt_chars is not None and len(p) > limits.max_prompt_chars:
            raise Problem("lab.error.prompt_length", i=i, n=len(p), limit=limits.max_prompt_chars)
    ns = sorted({int(n) for n in ns or []})
    if not ns:
        raise Problem("lab.error.ns")
    if ns[0] < 1 or ns[-1] > limits.max_n:
        raise Problem("engine.range", name="N", low=1, high=limits.max_n, value=ns[0] if ns[0] < 1 else ns[-1])
    proposers = [p for p in dict.fromkeys(proposers or []) if p != BASELINE]
    if not schedules or not proposers:
        raise Problem("lab.error.choice")
    for name, given, known in (("schedule", schedules, SCHEDULES), ("proposer", proposers, PROPOSERS)):
        for value in given:
            if value not in known:
                raise Problem("engine.choice", name=name, value=repr(value), choices=", ".join(known))
    repeats, max_new_tokens = int(repeats), int(max_new_tokens)
    if not 1 <= repeats <= limits.max_repeats:
        raise Problem("engine.range", name="repeats", low=1, high=limits.max_repeats, value=repeats)
    low, high = limits.new_tokens
    if not low <= max_new_tokens <= high:
        raise Problem("engine.range", name="max_new_tokens", low=low, high=high, value=max_new_tokens)
    runs = (1 + len(ns) * len(schedules) * len(proposers)) * len(prompts) * repeats
    if limits.max_runs is not None and runs > limits.max_runs:
        raise Problem("lab.error.runs", runs=runs, limit=limits.max_runs)
    return dict(prompts=prompts, ns=ns, schedules=list(schedules), proposers=proposers,
                max_new_tokens=max_new_tokens, repeats=repeats)
