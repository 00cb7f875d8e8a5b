"""The recorded rounds as plain data: dataclasses, statistics, JSON and DataFrames. Knows no torch and no model.

This is the one data contract between the engine (which fills it) and the figures and UI (which read it).
Every field is an int, float, str, bool, None, or a short list / dict of those, so a Trace deep-copies into
gr.State, survives a JSON round trip exactly, and flattens into a long-form DataFrame (one row per event).
"""
from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from typing import Any

import orjson

from mtp_viz.settings import NAMES, Settings

SCHEMA_VERSION = 3  # 2 added Round.routed_experts, 3 Round.wall_ms and draft_stop; older traces load without them
READABLE_VERSIONS = (1, 2, 3)

# Round.last_token_kind values: what the one token the target adds at the end of a round is.
PREFILL = "prefill"        # round 0: the target's first token, from the prompt's forward pass
CORRECTION = "correction"  # a draft was rejected; the target's token (greedy) or residual sample replaces it
BONUS = "bonus"            # every draft was accepted; the target's next token comes free from the same pass
TARGET = "target"          # no drafts this round (plain decoding, or nothing found to propose)
CUT = "cut"                # eos or max_new_tokens stopped the round before the target's own token
# VerifyStep.verdict values
ACCEPTED, REJECTED, UNCHECKED = "accepted", "rejected", "unchecked"
UNUSED = "unused"          # the target agreed, but eos / max_new_tokens ended the output before this draft
# Round.draft_stop values: why a round drafted fewer guesses than its N
DRAFT_STOPS = ("threshold",   # the drafter's top probability fell below the confidence threshold
               "length",      # the token limit left room for fewer (the target adds one token of its own)
               "eos",         # prompt lookup: what it found ends with <eos>, and nothing is drafted past it
               "lookup")      # prompt lookup: the last n-gram had no earlier match, or too few tokens after it
# Every allowed value, for schema.py's upload checks: add a new kind or verdict to these tuples too.
LAST_TOKEN_KINDS = (PREFILL, CORRECTION, BONUS, TARGET, CUT)
VERDICTS = (ACCEPTED, REJECTED, UNCHECKED, UNUSED)


@dataclass(frozen=True)
class DraftStep:
    """One drafter forward pass (or one looked-up token) inside a round."""
    step: int                      # 0-based index of the draft inside its round
    token_id: int                  # the drafted token
    prob: float                    # the drafter's probability q of that token (after temperature/top-k/top-p)
    top_ids: list[int]             # the drafter's few most likely tokens ...
    top_probs: list[float]         # ... and their probabilities
    position_id: int               # position id the drafter ran at (constant through an MTP round)
    ms: float                      # wall time of this drafter pass in milliseconds (0 for prompt lookup)
    selected_clusters: list[int] | None = None  # efficient embedder: centroid ids picked by top-k; None without one
    centroid_ids: list[int] | None = None       # centroids whose scores are kept (all of them for small models)
    centroid_scores: list[float] | None = None  # their scores (centroid logits), same order as centroid_ids
    scored_fraction: float | None = None        # share of the vocabulary scored this step (top_k * cluster size / V)
    target_token_id: int | None = None          # the target's top token at this position (known after verifying)
    cluster_miss: bool | None = None            # True when that target token lies outside selected_clusters


@dataclass(frozen=True)
class VerifyStep:
    """The target's verdict on one draft position, all from the single verification pass."""
    step: int
    draft_token_id: int
    p: float                       # target probability of the draft token
    q: float                       # drafter probability of the draft token
    target_token_id: int           # the target's own (top) choice at this position
    target_prob: float             # and its probability
    target_top_ids: list[int]
    target_top_probs: list[float]
    verdict: str                   # "accepted" | "rejected" | "unchecked" (after an earlier rejection) |
                                   # "unused" (agreed, but the output ended before it); accepted ones = num_accepted
    accept_prob: float | None = None   # sampling only: min(1, p/q)
    u: float | None = None             # sampling only: the uniform draw compared with accept_prob
    residual_token_id: int | None = None      # sampling, at the rejection: token drawn from norm(max(0, p - q))
    residual_top_ids: list[int] | None = None     # the residual distribution's most likely tokens ...
    residual_top_probs: list[float] | None = None  # ... and their probabilities


@dataclass(frozen=True)
class Round:
    """One round: draft (N proposals), verify (one target pass), accept a prefix, add one target token."""
    index: int                     # 0 is the prefill
    num_assistant_tokens: int      # the N in force this round (the draft may be shorter: budget, threshold)
    draft_token_ids: list[int]
    num_accepted: int
    emitted_token_ids: list[int]   # accepted drafts + one target token (cut short only at eos / max_new_tokens)
    draft_steps: list[DraftStep]
    verify_steps: list[VerifyStep]
    draft_ms: float
    verify_ms: float
    last_token_kind: str           # PREFILL | CORRECTION | BONUS | TARGET | CUT
    last_token_prob: float         # target probability of the token the target added
    start_len: int                 # sequence length (prompt + output) when the round began
    cache_len_before: int          # target KV cache length entering the round
    cache_len_verified: int        # after the verification pass wrote the drafts' keys and values
    cache_len_after: int           # after cropping the rejected positions
    drafter_passes: int = 0
    stopped: str | None = None     # "eos" or "length" when generation ended in this round
    # Mixture-of-experts targets only (None for dense ones and in version-1 traces): the experts each router
    # picked in this round's one target pass, read by hooks from that pass. routed_experts[layer][position] is
    # the list of top-k expert ids (highest router weight first) for the layer model_info["moe_layers"][layer]
    # at each position the pass ran: every prompt position in the prefill; in a verification, the last
    # committed token then each draft, rejected ones included. Plain list[list[list[int]]].
    routed_experts: list[list[list[int]]] | None = None
    # Wall time of the whole round in ms, from its start until its record was made: drafting, the verification
    # pass, sampling, cache cropping and bookkeeping (None in traces before version 3). The race paces by it.
    wall_ms: float | None = None
    draft_stop: str | None = None  # schema 3: why fewer than N were drafted (DRAFT_STOPS), None when N were

    @property
    def num_drafted(self) -> int:
        return len(self.draft_token_ids)


@dataclass(frozen=True)
class Trace:
    """A whole generation: the prompt, every round, and what is needed to draw them without a model."""
    prompt_ids: list[int]
    new_token_ids: list[int]
    rounds: list[Round]
    target_forward_passes: int
    drafter_forward_passes: int
    settings: Settings             # what made the trace (a replay sets the page's controls to it)
    model_info: dict[str, Any]
    stats: dict[str, Any]
    token_text: dict[int, str] = field(default_factory=dict)  # id -> readable piece, for every id in the trace
    prompt_text: str | None = None
    output_text: str | None = None
    schema_version: int = SCHEMA_VERSION

    # -- serialisation -------------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The trace as nested dicts and lists: what dataclasses.asdict gives, without its deep copies (a few
        times faster on a trace of thousands of records, and the fields are immutable values anyway)."""
        return _plain(self)

    def to_json(self) -> str:
        """Compact JSON text (UTF-8, token_text's ids as strings): the download and the `trace` API's answer.

        orjson writes the dataclasses as to_dict() would, about fifty times faster than json.dumps(to_dict()) (a
        few milliseconds of a busy server per trace); the numbers are the same shortest round-trip reprs."""
        return orjson.dumps(self, option=orjson.OPT_NON_STR_KEYS).decode()

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Trace":
        data = dict(data)
        version = data.get("schema_version", SCHEMA_VERSION)
        if version not in READABLE_VERSIONS:
            raise ValueError(f"trace schema version {version} is not supported (this build reads "
                             f"{', '.join(map(str, READABLE_VERSIONS))})")
        data["schema_version"] = version  # older versions lack only optional fields; the version says which
        missing = {f.name for f in dataclasses.fields(cls) if f.default is dataclasses.MISSING
                   and f.default_factory is dataclasses.MISSING} - set(data)
        if missing:
            raise ValueError(f"not a trace: missing field(s) {sorted(missing)}")
        rounds = []
        for r in data["rounds"]:
            r = dict(r)
            r["draft_steps"] = [DraftStep(**d) for d in r["draft_steps"]]
            r["verify_steps"] = [VerifyStep(**v) for v in r["verify_steps"]]
            rounds.append(Round(**r))
        data["rounds"] = rounds
        data["settings"] = Settings(**{k: v for k, v in data["settings"].items() if k in NAMES})  # older: fewer
        data["token_text"] = {int(k): v for k, v in (data.get("token_text") or {}).items()}
        known = {f.name for f in dataclasses.fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in known})

    @classmethod
    def from_json(cls, text: str) -> "Trace":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"not a trace: invalid JSON ({exc})") from exc
        if not isinstance(data, dict):
            raise ValueError("not a trace: the JSON is not an object")
        try:
            return cls.from_dict(data)
        except TypeError as exc:
            raise ValueError(f"not a trace: {exc}") from exc

    # -- views of the data ---------------------------------------------------------------------------------
    def text_of(self, token_id: int) -> str:
        return self.token_text.get(token_id, f"<{token_id}>")

    def emitted_upto(self, round_index: int) -> list[int]:
        """Output token ids committed by rounds 0..round_index."""
        out: list[int] = []
        for r in self.rounds[: round_index + 1]:
            out.extend(r.emitted_token_ids)
        return out

    def to_frame(self):
        """Long-form DataFrame, one row per event: each draft step, each verification, each emitted token."""
        import pandas as pd

        rows = []
        for r in self.rounds:
            base = {"round": r.index, "N": r.num_assistant_tokens}
            for d in r.draft_steps:
                rows.append({**base, "event": "draft", "step": d.step, "token_id": d.token_id,
                             "token": self.text_of(d.token_id), "q": d.prob, "p": None, "verdict": None,
                             "kind": None, "ms": d.ms, "position_id": d.position_id,
                             "cluster_miss": d.cluster_miss})
            for v in r.verify_steps:
                rows.append({**base, "event": "verify", "step": v.step, "token_id": v.draft_token_id,
                             "token": self.text_of(v.draft_token_id), "q": v.q, "p": v.p, "verdict": v.verdict,
                             "kind": None, "ms": None, "position_id": None, "cluster_miss": None,
                             "accept_prob": v.accept_prob, "u": v.u, "target_token_id": v.target_token_id})
            for i, tok in enumerate(r.emitted_token_ids):
                is_last = i == r.num_accepted
                rows.append({**base, "event": "emit", "step": i, "token_id": tok, "token": self.text_of(tok),
                             "q": None, "p": r.last_token_prob if is_last else r.verify_steps[i].p,
                             "verdict": None, "kind": r.last_token_kind if is_last else "accepted",
                             "ms": None, "position_id": r.start_len + i, "cluster_miss": None})
        columns = ["round", "N", "event", "step", "token_id", "token", "p", "q", "verdict", "kind", "ms",
                   "position_id", "cluster_miss", "accept_prob", "u", "target_token_id"]
        return pd.DataFrame(rows, columns=columns)


def _plain(value):
    """Records as dicts, recursively; lists, tuples and dicts rebuilt around their (immutable) values."""
    if dataclasses.is_dataclass(value):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (list, tuple)):
        return type(value)(_plain(v) for v in value)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def compute_stats(rounds: list[Round], target_forward_passes: int, drafter_forward_passes: int) -> dict[str, Any]:
    """Acceptance statistics; counters carry vLLM's speculative-decoding names."""
    drafting = [r for r in rounds if r.num_drafted > 0]
    num_drafts = len(drafting)
    num_draft_tokens = sum(r.num_drafted for r in drafting)
    num_accepted_tokens = sum(r.num_accepted for r in drafting)
    max_n = max((r.num_drafted for r in drafting), default=0)
    per_pos = [0] * max_n          # rounds whose draft at position i was accepted
    proposed = [0] * max_n         # rounds that proposed a draft at position i
    reached = [0] * max_n          # rounds in which position i was checked and decided (not cut off)
    for r in drafting:
        for i in range(r.num_drafted):
            proposed[i] += 1
            if i <= r.num_accepted and i < len(r.verify_steps) and r.verify_steps[i].verdict in (ACCEPTED, REJECTED):
                reached[i] += 1
            if i < r.num_accepted:
                per_pos[i] += 1
    hist = [0] * (max_n + 1)
    for r in drafting:
        hist[r.num_accepted] += 1
    new_tokens = sum(len(r.emitted_token_ids) for r in rounds)
    return {
        "num_drafts": num_drafts,
        "num_draft_tokens": num_draft_tokens,
        "num_accepted_tokens": num_accepted_tokens,
        "num_accepted_tokens_per_pos": per_pos,
        "mean_accepted_drafts": num_accepted_tokens / num_drafts if num_drafts else 0.0,
        # vLLM's definition: tokens a drafting round yields, the target's own token included
        "mean_acceptance_length": 1.0 + num_accepted_tokens / num_drafts if num_drafts else 1.0,
        "acceptance_rate": num_accepted_tokens / num_draft_tokens if num_draft_tokens else 0.0,
        "acceptance_by_position": [per_pos[i] / proposed[i] if proposed[i] else 0.0 for i in range(max_n)],
        "conditional_acceptance_by_position": [per_pos[i] / reached[i] if reached[i] else 0.0
                                               for i in range(max_n)],
        "accepted_histogram": hist,
        "new_tokens": new_tokens,
        "target_forward_passes": target_forward_passes,
        "drafter_forward_passes": drafter_forward_passes,
        "tokens_per_target_pass": new_tokens / target_forward_passes if target_forward_passes else 0.0,
        "draft_ms": sum(r.draft_ms for r in rounds),
        "verify_ms": sum(r.verify_ms for r in rounds),
    }
