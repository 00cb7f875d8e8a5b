"""The recorded rounds as plain data: dataclasses, statistics, JSON and DataFrames. Knows no torch and no model.

This is the one data contract between the engine (which fills it) and the figures and UI (which read it).
Every field is an int, float, str, bool, None, or a short list / dict of those, so a Trace deep-copies into
gr.State, survives a JSON round trip exactly, and flattens into a long-form DataFrame (one row per event).
Each field's type carries its range and length (pydantic's Field): schema.py checks uploads against these same
types and publishes them as docs/trace.schema.json, adding only the checks that span several fields.
"""
from __future__ import annotations

import dataclasses
import datetime
import re
from dataclasses import dataclass, field
from typing import Annotated, Any, Iterator, Literal

import orjson
from pydantic import ConfigDict, Field

from mtp_viz.settings import MAX_DRAFT, MAX_NEW_TOKENS, RAN, Settings

SCHEMA_VERSION = 6  # 2 added Round.routed_experts, 3 Round.wall_ms and draft_stop, 4 Settings.chat and
                    # max_matching_ngram_size and ModelInfo.target_ms_one_token, 5 the CPU clock (Round.cpu_ms and kin,
                    # ModelInfo.target_cpu_ms_one_token, Trace.measured_at), 6 ModelInfo.device_why (codes in place of
                    # the English device_reason) and Trace.shared_with; older ones load without
SCHEMA_VERSIONS = range(1, SCHEMA_VERSION + 1)   # the versions this build reads (schema.parse_trace)
BYTE_PIECE = re.compile(r"<0x([0-9A-Fa-f]{2})>")   # in token_text: one byte of a character split across tokens
ONE_TOKEN_PASSES = 24              # ModelInfo.target_ms_one_token is the median of this many one-token passes

# Round.last_token_kind values: what the one token the target adds at the end of a round is.
PREFILL = "prefill"        # round 0: the target's first token, from the prompt's forward pass
CORRECTION = "correction"  # a draft was rejected; the target's token (greedy) or residual sample replaces it
BONUS = "bonus"            # every draft was accepted; the target's next token comes free from the same pass
TARGET = "target"          # no drafts this round (plain decoding, or nothing found to propose)
CUT = "cut"                # eos or max_new_tokens stopped the round before the target's own token
# ModelInfo.moe_caveat for a mixture-of-experts target: the string tables' key of its caveat (figures.theme says it in
# the reader's language, with the trace's expert counts); a trace recorded before held the English words instead
MOE_CAVEAT = "fig.moe_caveat"
# VerifyStep.verdict values
ACCEPTED, REJECTED, UNCHECKED = "accepted", "rejected", "unchecked"
UNUSED = "unused"          # the target agreed, but eos / max_new_tokens ended the output before this draft
# Round.draft_stop values: why a round drafted fewer guesses than its N
DRAFT_STOPS = ("threshold",   # the drafter's top probability fell below the confidence threshold
               "length",      # the token limit left room for fewer (the target adds one token of its own)
               "eos",         # prompt lookup: what it found ends with <eos>, and nothing is drafted past it
               "lookup")      # prompt lookup: the last n-gram had no earlier match, or too few tokens after it
LAST_TOKEN_KINDS = (PREFILL, CORRECTION, BONUS, TARGET, CUT)
# Why.code values: why the pair ran where it did, in what dtype; each a key of the string tables, its values named there
DEVICE_WHY = ("step.device.cpu",        # no GPU: {threads} CPU threads
              "step.device.cuda",       # a CUDA GPU, {name} its name
              "step.device.mps",        # an Apple GPU
              "step.device.requested",  # the {device} the caller asked for
              "step.device.split",      # the target spread over {gpus} GPUs (device_map="auto")
              "memory.reason.fits",     # {dtype}: {need} GB fit in the {free} GB of {where} ("ram" | "gpu") free
              "memory.reason.fallback")  # {dtype} because {first} ({need} GB) did not fit in {free} GB of {where}
VERDICTS = (ACCEPTED, REJECTED, UNCHECKED, UNUSED)

# -- what a field may hold: the types below carry these ranges and lengths ----------------------------------------
MAX_TOP = 64              # top-k lists
MAX_ROUNDS = MAX_NEW_TOKENS + 1    # one token per round at worst, plus the prefill
MAX_TEXT = 100_000        # characters of prompt or output text
MAX_PIECE = 1_000         # characters of one token's text
Count = Annotated[int, Field(ge=0, le=2**31 - 1)]
TokenId = Annotated[int, Field(ge=0, le=2**31 - 1)]
Prob = Annotated[float, Field(ge=0.0, le=1.0 + 1e-5)]    # float32 softmax outputs may round a hair above 1
Ms = Annotated[float, Field(ge=0.0, le=1e8)]
Ids = Annotated[list[TokenId], Field(max_length=MAX_TOP)]
Probs = Annotated[list[Prob], Field(max_length=MAX_TOP)]
Centroids = Annotated[list[Count], Field(max_length=65_536)]
Layers = Annotated[int, Field(ge=0, le=1024)]
Name = Annotated[str, Field(max_length=200)]
Names = Annotated[list[Name], Field(max_length=1024)]
ClassName = Annotated[str, Field(max_length=100, pattern=r"^[A-Za-z_][A-Za-z0-9_]*$")]
Pair = Annotated[list[Count], Field(min_length=2, max_length=2)]
Bytes = Annotated[int, Field(ge=0)]
Text = Annotated[str, Field(max_length=MAX_TEXT)]
Number = float | int
Stat = Number | Annotated[list[Number], Field(max_length=MAX_ROUNDS)] | None
RECORD = ConfigDict(extra="forbid", allow_inf_nan=False)   # an upload's unknown field is an error ...
FACTS = ConfigDict(extra="ignore", allow_inf_nan=False)    # ... but model facts a later build adds are skipped


@dataclass(frozen=True)
class DraftStep:
    """One drafter forward pass (or one looked-up token) inside a round."""
    step: Count                    # 0-based index of the draft inside its round
    token_id: TokenId              # the drafted token
    prob: Prob                     # the drafter's probability q of that token (after temperature/top-k/top-p)
    top_ids: Ids                   # the drafter's few most likely tokens ...
    top_probs: Probs               # ... and their probabilities
    position_id: Count             # position id the drafter ran at (constant through an MTP round)
    ms: Ms                         # wall time of this drafter pass in milliseconds (0 for prompt lookup)
    selected_clusters: Centroids | None = None  # efficient embedder: centroid ids picked by top-k; None without one
    centroid_ids: Centroids | None = None       # centroids whose scores are kept (all of them for small models)
    centroid_scores: Annotated[list[float], Field(max_length=65_536)] | None = None  # their scores (logits), same order
    scored_fraction: Prob | None = None         # share of the vocabulary scored this step (top_k * cluster size / V)
    target_token_id: TokenId | None = None      # the target's top token at this position (known after verifying)
    cluster_miss: bool | None = None            # True when that target token lies outside selected_clusters

    __pydantic_config__ = RECORD


@dataclass(frozen=True)
class VerifyStep:
    """The target's verdict on one draft position, all from the single verification pass."""
    step: Count
    draft_token_id: TokenId
    p: Prob                        # target probability of the draft token
    q: Prob                        # drafter probability of the draft token
    target_token_id: TokenId       # the target's own (top) choice at this position
    target_prob: Prob              # and its probability
    target_top_ids: Ids
    target_top_probs: Probs
    verdict: Literal[VERDICTS]     # "accepted" | "rejected" | "unchecked" (after an earlier rejection) |
                                   # "unused" (agreed, but the output ended before it); accepted ones = num_accepted
    accept_prob: Prob | None = None    # sampling only: min(1, p/q)
    u: Prob | None = None              # sampling only: the uniform draw compared with accept_prob
    residual_token_id: TokenId | None = None   # sampling, at the rejection: token drawn from norm(max(0, p - q))
    residual_top_ids: Ids | None = None        # the residual distribution's most likely tokens ...
    residual_top_probs: Probs | None = None    # ... and their probabilities

    __pydantic_config__ = RECORD


@dataclass(frozen=True)
class Round:
    """One round: draft (N proposals), verify (one target pass), accept a prefix, add one target token."""
    index: Count                   # 0 is the prefill
    num_assistant_tokens: Annotated[int, Field(ge=0, le=MAX_DRAFT)]   # the N in force (the draft may be shorter)
    draft_token_ids: Annotated[list[TokenId], Field(max_length=MAX_DRAFT)]
    num_accepted: Count
    emitted_token_ids: Annotated[list[TokenId], Field(max_length=MAX_DRAFT + 1)]  # accepted drafts + one target
                                   # token (cut short only at eos / max_new_tokens)
    draft_steps: Annotated[list[DraftStep], Field(max_length=MAX_DRAFT)]
    verify_steps: Annotated[list[VerifyStep], Field(max_length=MAX_DRAFT)]
    draft_ms: Ms
    verify_ms: Ms
    last_token_kind: Literal[LAST_TOKEN_KINDS]    # PREFILL | CORRECTION | BONUS | TARGET | CUT
    last_token_prob: Prob          # target probability of the token the target added
    start_len: Count               # sequence length (prompt + output) when the round began
    cache_len_before: Count        # target KV cache length entering the round
    cache_len_verified: Count      # after the verification pass wrote the drafts' keys and values
    cache_len_after: Count         # after cropping the rejected positions
    drafter_passes: Count = 0
    stopped: Literal["eos", "length"] | None = None   # why generation ended in this round, if it did
    # Mixture-of-experts targets only (None for dense ones and in version-1 traces): the experts each router
    # picked in this round's one target pass, read by hooks from that pass. routed_experts[layer][position] is
    # the list of top-k expert ids (highest router weight first) for the layer model_info.moe_layers[layer]
    # at each position the pass ran: every prompt position in the prefill; in a verification, the last
    # committed token then each draft, rejected ones included. Plain list[list[list[int]]].
    routed_experts: Annotated[list[Annotated[list[Annotated[list[Count], Field(max_length=MAX_TOP)]],
                                             Field(max_length=MAX_DRAFT + 1)]], Field(max_length=1024)] | None = None
    # Wall time of the whole round in ms, from its start until its record was made: drafting, the verification
    # pass, sampling, cache cropping and bookkeeping (None in traces before version 3). The race paces by it.
    wall_ms: Ms | None = None
    draft_stop: Literal[DRAFT_STOPS] | None = None  # schema 3: why fewer than N were drafted, None when N were
    # Schema 5, the CPU clock: CPU time of the generating thread in ms (time.thread_time_ns), which other processes'
    # work does not inflate, for the whole round (as wall_ms), its drafting and its one target pass. None where it
    # was not kept: older traces, an accelerator, or torch running on several threads (the thread's clock would
    # miss their work). Every speed-up the app states divides these when they are there (clock_of).
    cpu_ms: Ms | None = None
    draft_cpu_ms: Ms | None = None
    verify_cpu_ms: Ms | None = None

    __pydantic_config__ = RECORD

    @property
    def num_drafted(self) -> int:
        return len(self.draft_token_ids)


@dataclass(frozen=True)
class Why:
    """One part of why the pair ran where it did (ModelInfo.device_why): a sentence of the string tables, by its code,
    and the values that fill it; the page says it in the reader's language."""
    code: Literal[DEVICE_WHY]
    values: Annotated[dict[Annotated[str, Field(max_length=40)], Annotated[str, Field(max_length=200)] | int | float],
                      Field(max_length=8)] = field(default_factory=dict)

    __pydantic_config__ = RECORD


@dataclass(frozen=True)
class ModelInfo:
    """The facts about the model pair the diagrams draw, read from the real configs (None where a pair lacks the
    part, or an older trace did not record it)."""
    name: Name                                  # the model id (or bundled miniature) the trace ran on
    proposer: Literal[RAN]                      # the proposer that ran (never "auto")
    vocab_size: Annotated[int, Field(ge=1, le=2**31 - 1)]
    target_num_layers: Annotated[int, Field(ge=1, le=1024)]
    target_layer_types: Names                   # "sliding_attention" | "full_attention" per layer
    target_class: ClassName | None = None
    assistant_class: ClassName | None = None
    target_hidden_size: Count | None = None
    sliding_window: Count | None = None
    kv_source_layers: dict[Name, Count] | None = None  # MTP: attention type -> the target layer whose KV it reads
    drafter_num_layers: Layers | None = None
    drafter_layer_types: Names | None = None
    drafter_hidden_size: Count | None = None
    pre_projection: Pair | None = None          # MTP: [in, out] of the drafter's input projection
    post_projection: Pair | None = None         # MTP: [in, out] of its output projection
    num_centroids: Count | None = None          # MTP efficient embedder: vocabulary clusters ...
    centroid_top_k: Count | None = None         # ... how many are scored per step ...
    tokens_per_centroid: Count | None = None    # ... tokens in each ...
    scored_fraction: Prob | None = None         # ... and the share of the vocabulary that makes
    is_moe: bool = False
    num_experts: Count | None = None            # mixture of experts: experts per layer ...
    top_k_experts: Count | None = None          # ... and how many each token is routed to
    moe_layers: Annotated[list[Count], Field(max_length=1024)] | None = None    # schema 2: the routed layers
    expert_bytes: Bytes | None = None                                           # schema 2: one expert in one layer
    moe_caveat: Annotated[str, Field(max_length=2000)] | None = None    # MOE_CAVEAT (older traces: English words)
    target_params: Bytes | None = None
    drafter_params: Bytes | None = None
    device: Annotated[str, Field(max_length=40, pattern=r"^[a-z]+(:\d+)?$")] | None = None
    device_reason: Annotated[str, Field(max_length=300)] | None = None   # before schema 6: the same, in English
    device_why: Annotated[list[Why], Field(max_length=8)] | None = None   # schema 6: why there, in what dtype
    dtype: Annotated[str, Field(max_length=40, pattern=r"^[a-z0-9_]+$")] | None = None
    max_context: Count | None = None
    target_ms_one_token: Ms | None = None       # schema 4: one target pass of one token, measured at load
    target_cpu_ms_one_token: Ms | None = None   # schema 5: a whole plain round (one pass, one token) on the CPU
                                                # clock: the median Round.cpu_ms of the same runs, measured at load

    __pydantic_config__ = FACTS


def _joined(texts: list[str]) -> list[str]:
    """The texts of consecutive tokens with every character split across them ("<0xC3>" pieces, BYTE_PIECE) written
    on the token where it starts, and "" on a token that holds only the rest of one; bytes that make no character
    stay as "<0xNN>"."""
    if not any(BYTE_PIECE.search(text) for text in texts):
        return texts
    raw, owner = bytearray(), []            # every byte of the run, and the token it came from
    for k, text in enumerate(texts):
        for j, part in enumerate(BYTE_PIECE.split(text)):      # text, hex, text, hex, ..., text
            data = bytes([int(part, 16)]) if j % 2 else part.encode()
            raw += data
            owner += [k] * len(data)
    shown, at = [""] * len(texts), 0
    for char in raw.decode("utf-8", errors="surrogateescape"):     # a byte that makes no character: U+DC80-U+DCFF
        lone = 0xDC80 <= ord(char) <= 0xDCFF
        shown[owner[at]] += f"<0x{ord(char) - 0xDC00:02X}>" if lone else char
        at += 1 if lone else len(char.encode())
    return shown


@dataclass(frozen=True)
class Trace:
    """A whole generation: the prompt, every round, and what is needed to draw them without a model."""
    prompt_ids: Annotated[list[TokenId], Field(min_length=1, max_length=131_072)]
    new_token_ids: Annotated[list[TokenId], Field(max_length=MAX_ROUNDS * (MAX_DRAFT + 1))]
    rounds: Annotated[list[Round], Field(min_length=1, max_length=MAX_ROUNDS)]
    target_forward_passes: Count
    drafter_forward_passes: Count
    settings: Settings             # what made the trace (a replay sets the page's controls to it)
    model_info: ModelInfo
    stats: Annotated[dict[Annotated[str, Field(max_length=100)], Stat], Field(max_length=200)]  # compute_stats()
    token_text: Annotated[dict[TokenId, Annotated[str, Field(max_length=MAX_PIECE)]], Field(max_length=300_000)] = \
        field(default_factory=dict)  # id -> readable piece, for every id in the trace
    prompt_text: Text | None = None
    output_text: Text | None = None
    schema_version: Annotated[int, Field(ge=SCHEMA_VERSIONS[0], le=SCHEMA_VERSIONS[-1])] = SCHEMA_VERSION
    measured_at: Annotated[str, Field(max_length=40, pattern=r"^\d{4}-\d\d-\d\dT\d\d:\d\dZ$")] | None = None
                                   # schema 5: when the rounds ran, UTC to the minute ("2026-12-02T03:10Z")
    shared_with: Annotated[int, Field(ge=0, le=10_000)] = 0
                                   # schema 6: how many other visitors' generations ran together with this one, their
                                   # passes joined (mtp_viz/batching.py); 0: it ran alone, and its times are its own

    __pydantic_config__ = RECORD

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

    # -- views of the data ---------------------------------------------------------------------------------
    def text_of(self, token_id: int) -> str:
        return self.token_text.get(token_id, f"<{token_id}>")

    def readable(self, ids: list[int]) -> list[str]:
        """Each token's text for display, in a run of tokens read together (the prompt, the output): the bytes of a
        character split across tokens ("<0xC3>", "<0xBC>") are joined into the character, shown on the token where
        it starts; a token holding only the rest of a character keeps its explicit bytes, and so does a byte that
        makes no character with its neighbours. Never the replacement character."""
        texts = [self.text_of(tok) for tok in ids]
        return [shown or text for shown, text in zip(_joined(texts), texts)]

    def text(self, ids: list[int]) -> str:
        """The tokens' text read together, split characters joined (see readable())."""
        return "".join(_joined([self.text_of(tok) for tok in ids]))

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


def draft_room(max_length: int, start_len: int) -> int:
    """The drafts a round that starts at `start_len` tokens may propose before the output reaches `max_length`
    (the prompt plus max_new_tokens): one fewer than the tokens left, since the target adds one of its own. The
    engine drafts up to it, the narration says why a round drafted fewer, the lab leaves such rounds out."""
    return max_length - start_len - 1


def reached(step: VerifyStep) -> bool:
    """Whether the target decided a draft (accepted or rejected it): what conditional acceptance and α divide by.
    An unchecked draft (after an earlier rejection) and an unused one (past the output's end) were not reached."""
    return step.verdict in (ACCEPTED, REJECTED)


def token_ids(prompt_ids: list[int], rounds: list[Round]) -> Iterator[tuple[str, list[int]]]:
    """(where, ids) for every field that holds token ids: the one list of them, which the upload's vocabulary check
    and the token_text a new trace carries both read."""
    yield "prompt_ids", prompt_ids
    for r in rounds:
        yield f"rounds[{r.index}]", r.draft_token_ids + r.emitted_token_ids
        for d in r.draft_steps:
            yield f"rounds[{r.index}].draft_steps[{d.step}]", [d.token_id, *d.top_ids, *_opt(d.target_token_id)]
        for v in r.verify_steps:
            yield f"rounds[{r.index}].verify_steps[{v.step}]", [v.draft_token_id, v.target_token_id,
                                                                 *v.target_top_ids, *_opt(v.residual_token_id),
                                                                 *(v.residual_top_ids or [])]


def _opt(value) -> list:
    return [] if value is None else [value]


def _plain(value):
    """Records as dicts, recursively; lists, tuples and dicts rebuilt around their (immutable) values."""
    if dataclasses.is_dataclass(value):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (list, tuple)):
        return type(value)(_plain(v) for v in value)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


# -- clocks: which one a trace's speed-ups read -----------------------------------------------------------------------
CPU, WALL = "cpu", "wall"
CLOCKS = (CPU, WALL)


def clock_of(rounds: list[Round]) -> str:
    """CPU when every round kept the CPU clock (schema 5 on one CPU thread), else WALL: the clock speed-ups read."""
    return CPU if rounds and all(r.cpu_ms is not None for r in rounds) else WALL


def round_ms(r: Round, clock: str = WALL) -> float:
    """A round's time on a clock: its CPU time, or its wall time (recorded since schema 3; older traces give only
    their passes' times)."""
    if clock == CPU and r.cpu_ms is not None:
        return r.cpu_ms
    return r.wall_ms if r.wall_ms is not None else r.draft_ms + r.verify_ms


def measured_when(trace: "Trace") -> datetime.date | str:
    """The day a trace's rounds ran (UTC's day; empty for traces before schema 5): a date, which the string tables
    write in the reader's form (2026/12/2, 02.12.2026); a reader sees no time of day, so no time zone either."""
    return datetime.date.fromisoformat(trace.measured_at[:10]) if trace.measured_at else ""


def compute_stats(rounds: list[Round], target_forward_passes: int, drafter_forward_passes: int) -> dict[str, Any]:
    """Acceptance statistics; counters carry vLLM's speculative-decoding names."""
    drafting = [r for r in rounds if r.num_drafted > 0]
    num_drafts = len(drafting)
    num_draft_tokens = sum(r.num_drafted for r in drafting)
    num_accepted_tokens = sum(r.num_accepted for r in drafting)
    max_n = max((r.num_drafted for r in drafting), default=0)
    per_pos = [0] * max_n          # rounds whose draft at position i was accepted
    proposed = [0] * max_n         # rounds that proposed a draft at position i
    decided = [0] * max_n          # rounds in which position i was reached: checked and decided (not cut off)
    for r in drafting:
        for i in range(r.num_drafted):
            proposed[i] += 1
            if i <= r.num_accepted and i < len(r.verify_steps) and reached(r.verify_steps[i]):
                decided[i] += 1
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
        "conditional_acceptance_by_position": [per_pos[i] / decided[i] if decided[i] else 0.0
                                               for i in range(max_n)],
        "accepted_histogram": hist,
        "new_tokens": new_tokens,
        "target_forward_passes": target_forward_passes,
        "drafter_forward_passes": drafter_forward_passes,
        "tokens_per_target_pass": new_tokens / target_forward_passes if target_forward_passes else 0.0,
        "draft_ms": sum(r.draft_ms for r in rounds),
        "verify_ms": sum(r.verify_ms for r in rounds),
    }
