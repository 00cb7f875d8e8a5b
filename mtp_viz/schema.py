"""The JSON shape of a trace, checked before an uploaded file becomes a Trace. Knows no torch, no model, no UI.

`parse_trace(text)` is the one way untrusted JSON becomes a Trace: a size cap, the nesting depth (measured before
the JSON parser runs), strict JSON (no NaN or Infinity), then pydantic models of every record with strict types and
ranges, then the counts that must agree (the rounds' tokens add up to the output, indices within range, kept drafts
within the drafts, token ids within the vocabulary). Every failure is a ValueError naming the field.
`python -m mtp_viz.schema > docs/trace.schema.json` publishes the models as JSON Schema.
"""
from __future__ import annotations

import json
import math
import re
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from mtp_viz.strings import t
from mtp_viz.settings import Settings
from mtp_viz.trace import DRAFT_STOPS, LAST_TOKEN_KINDS, PREFILL, SCHEMA_VERSION, VERDICTS, Trace

MAX_BYTES = 5 * 2**20     # the upload cap (policy's default launch max_file_size is the same 5 MB)
MAX_DEPTH = 12            # a trace nests 6 levels (round -> routed_experts -> layer -> position -> ids)
MAX_DRAFTS = 64           # drafts per round (the engine's MAX_DRAFT is 32)
MAX_TOP = 64              # top-k lists
MAX_ROUNDS = 4097         # api.MAX_NEW_TOKENS rounds plus the prefill
MAX_TEXT = 100_000        # characters of prompt or output text
MAX_PIECE = 1_000         # characters of one token's text

Count = Annotated[int, Field(ge=0, le=2**31 - 1)]
TokenId = Annotated[int, Field(ge=0, le=2**31 - 1)]
Prob = Annotated[float, Field(ge=0.0, le=1.0 + 1e-5)]    # float32 softmax outputs may round a hair above 1
Ms = Annotated[float, Field(ge=0.0, le=1e8)]
Ids = Annotated[list[TokenId], Field(max_length=MAX_TOP)]
Probs = Annotated[list[Prob], Field(max_length=MAX_TOP)]
Name = Annotated[str, Field(max_length=200)]
ClassName = Annotated[str, Field(max_length=100, pattern=r"^[A-Za-z_][A-Za-z0-9_]*$")]


class _Strict(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", allow_inf_nan=False)


class DraftStepModel(_Strict):
    """trace.DraftStep: one drafter pass inside a round."""
    step: Count
    token_id: TokenId
    prob: Prob
    top_ids: Ids
    top_probs: Probs
    position_id: Count
    ms: Ms
    selected_clusters: Annotated[list[Count], Field(max_length=65_536)] | None = None
    centroid_ids: Annotated[list[Count], Field(max_length=65_536)] | None = None
    centroid_scores: Annotated[list[float], Field(max_length=65_536)] | None = None
    scored_fraction: Prob | None = None
    target_token_id: TokenId | None = None
    cluster_miss: bool | None = None

    @model_validator(mode="after")
    def _pairs_agree(self):
        _same_length("top_ids", self.top_ids, "top_probs", self.top_probs)
        _same_length("centroid_ids", self.centroid_ids, "centroid_scores", self.centroid_scores)
        return self


class VerifyStepModel(_Strict):
    """trace.VerifyStep: the target's verdict on one draft position."""
    step: Count
    draft_token_id: TokenId
    p: Prob
    q: Prob
    target_token_id: TokenId
    target_prob: Prob
    target_top_ids: Ids
    target_top_probs: Probs
    verdict: str
    accept_prob: Prob | None = None
    u: Prob | None = None
    residual_token_id: TokenId | None = None
    residual_top_ids: Ids | None = None
    residual_top_probs: Probs | None = None

    @field_validator("verdict")
    @classmethod
    def _known_verdict(cls, value: str) -> str:
        return _one_of(value, VERDICTS)

    @model_validator(mode="after")
    def _pairs_agree(self):
        _same_length("target_top_ids", self.target_top_ids, "target_top_probs", self.target_top_probs)
        _same_length("residual_top_ids", self.residual_top_ids, "residual_top_probs", self.residual_top_probs)
        return self


class RoundModel(_Strict):
    """trace.Round: draft, verify, accept a prefix, add one target token."""
    index: Count
    num_assistant_tokens: Annotated[int, Field(ge=0, le=MAX_DRAFTS)]
    draft_token_ids: Annotated[list[TokenId], Field(max_length=MAX_DRAFTS)]
    num_accepted: Count
    emitted_token_ids: Annotated[list[TokenId], Field(max_length=MAX_DRAFTS + 1)]
    draft_steps: Annotated[list[DraftStepModel], Field(max_length=MAX_DRAFTS)]
    verify_steps: Annotated[list[VerifyStepModel], Field(max_length=MAX_DRAFTS)]
    draft_ms: Ms
    verify_ms: Ms
    last_token_kind: str
    last_token_prob: Prob
    start_len: Count
    cache_len_before: Count
    cache_len_verified: Count
    cache_len_after: Count
    drafter_passes: Count = 0
    stopped: Literal["eos", "length"] | None = None
    # schema 2: layer -> position -> the top-k expert ids a mixture-of-experts target routed that token to
    routed_experts: Annotated[list[Annotated[list[Annotated[list[Count], Field(max_length=MAX_TOP)]],
                                             Field(max_length=MAX_DRAFTS + 1)]], Field(max_length=1024)] | None = None
    wall_ms: Ms | None = None    # schema 3: the whole round's wall time
    draft_stop: str | None = None    # schema 3: why fewer than N were drafted (trace.DRAFT_STOPS)

    @field_validator("last_token_kind")
    @classmethod
    def _known_kind(cls, value: str) -> str:
        return _one_of(value, LAST_TOKEN_KINDS)

    @field_validator("draft_stop")
    @classmethod
    def _known_stop(cls, value: str | None) -> str | None:
        return value if value is None else _one_of(value, DRAFT_STOPS)

    @model_validator(mode="after")
    def _counts_agree(self):
        drafts = self.draft_token_ids
        if self.num_accepted > len(drafts):
            raise ValueError(f"num_accepted ({self.num_accepted}) is more than the {len(drafts)} drafts")
        if len(self.emitted_token_ids) > self.num_accepted + 1:
            raise ValueError(f"emits {len(self.emitted_token_ids)} tokens, more than the {self.num_accepted} kept "
                             "drafts plus one")
        kept = min(self.num_accepted, len(self.emitted_token_ids))
        if self.emitted_token_ids[:kept] != drafts[:kept]:
            raise ValueError("emitted_token_ids do not start with the kept drafts")
        for name, steps in (("draft_steps", self.draft_steps), ("verify_steps", self.verify_steps)):
            if len(steps) > len(drafts):
                raise ValueError(f"{name} has {len(steps)} entries for {len(drafts)} drafts")
            if [s.step for s in steps] != list(range(len(steps))):
                raise ValueError(f"{name}[].step must count 0, 1, 2, ...")
        if any(v.draft_token_id != drafts[v.step] for v in self.verify_steps):
            raise ValueError("a verify step's draft_token_id differs from the draft at that position")
        return self


class ModelInfoModel(BaseModel):
    """Trace.model_info: the facts about the model pair the diagrams draw (None where a pair lacks the part)."""
    model_config = ConfigDict(strict=True, extra="allow", allow_inf_nan=False)
    name: Name
    proposer: Literal["mtp", "draft-model", "prompt-lookup", "none"]
    target_class: ClassName | None = None
    assistant_class: ClassName | None = None
    vocab_size: Annotated[int, Field(ge=1, le=2**31 - 1)]
    target_num_layers: Annotated[int, Field(ge=1, le=1024)]
    target_layer_types: Annotated[list[Name], Field(max_length=1024)]
    target_hidden_size: Count | None = None
    sliding_window: Count | None = None
    kv_source_layers: dict[Name, Count] | None = None
    drafter_num_layers: Annotated[int, Field(ge=0, le=1024)] | None = None
    drafter_layer_types: Annotated[list[Name], Field(max_length=1024)] | None = None
    drafter_hidden_size: Count | None = None
    pre_projection: Annotated[list[Count], Field(min_length=2, max_length=2)] | None = None
    post_projection: Annotated[list[Count], Field(min_length=2, max_length=2)] | None = None
    num_centroids: Count | None = None
    centroid_top_k: Count | None = None
    tokens_per_centroid: Count | None = None
    scored_fraction: Prob | None = None
    is_moe: bool = False
    num_experts: Count | None = None
    top_k_experts: Count | None = None
    moe_layers: Annotated[list[Count], Field(max_length=1024)] | None = None    # schema 2
    expert_bytes: Annotated[int, Field(ge=0)] | None = None                     # schema 2
    moe_caveat: Annotated[str, Field(max_length=2000)] | None = None
    target_params: Annotated[int, Field(ge=0)] | None = None
    drafter_params: Annotated[int, Field(ge=0)] | None = None
    device: Annotated[str, Field(max_length=40, pattern=r"^[a-z]+(:\d+)?$")] | None = None
    device_reason: Annotated[str, Field(max_length=300)] | None = None
    dtype: Annotated[str, Field(max_length=40, pattern=r"^[a-z0-9_]+$")] | None = None
    max_context: Count | None = None

    @model_validator(mode="after")
    def _layers_agree(self):
        if len(self.target_layer_types) not in (0, self.target_num_layers):
            raise ValueError(f"target_layer_types has {len(self.target_layer_types)} entries for "
                             f"{self.target_num_layers} layers")
        for kind, layer in (self.kv_source_layers or {}).items():
            if layer >= self.target_num_layers:
                raise ValueError(f"kv_source_layers[{kind!r}] = {layer} is not one of the {self.target_num_layers} "
                                 "target layers")
        return self


Number = float | int
StatValue = Number | Annotated[list[Number], Field(max_length=MAX_ROUNDS)]


class TraceModel(_Strict):
    """trace.Trace: a whole generation as JSON (token_text's keys are token ids written as strings)."""
    prompt_ids: Annotated[list[TokenId], Field(min_length=1, max_length=131_072)]
    new_token_ids: Annotated[list[TokenId], Field(max_length=MAX_ROUNDS * (MAX_DRAFTS + 1))]
    rounds: Annotated[list[RoundModel], Field(min_length=1, max_length=MAX_ROUNDS)]
    target_forward_passes: Count
    drafter_forward_passes: Count
    settings: Settings
    model_info: ModelInfoModel
    stats: Annotated[dict[Annotated[str, Field(max_length=100)], StatValue | None], Field(max_length=200)]
    token_text: Annotated[dict[Annotated[str, Field(pattern=r"^\d{1,10}$")], Annotated[str, Field(max_length=MAX_PIECE)]],
                          Field(max_length=300_000)] = {}
    prompt_text: Annotated[str, Field(max_length=MAX_TEXT)] | None = None
    output_text: Annotated[str, Field(max_length=MAX_TEXT)] | None = None
    schema_version: Annotated[int, Field(ge=1, le=SCHEMA_VERSION)] = SCHEMA_VERSION

    @model_validator(mode="after")
    def _rounds_agree(self):
        for i, r in enumerate(self.rounds):
            if r.index != i:
                raise ValueError(f"rounds[{i}].index is {r.index}; rounds must be numbered 0, 1, 2, ...")
        if self.rounds[0].last_token_kind != PREFILL or self.rounds[0].draft_token_ids:
            raise ValueError("rounds[0] must be the prefill (no drafts, last_token_kind 'prefill')")
        emitted = [tok for r in self.rounds for tok in r.emitted_token_ids]
        if self.settings.proposer != self.model_info.proposer:
            raise ValueError(f"settings.proposer {self.settings.proposer!r} is not the proposer that ran "
                             f"(model_info.proposer {self.model_info.proposer!r})")
        if emitted != self.new_token_ids:
            raise ValueError(f"the rounds emit {len(emitted)} tokens that do not add up to new_token_ids "
                             f"({len(self.new_token_ids)} tokens)")
        vocab = self.model_info.vocab_size
        for where, ids in _token_ids(self):
            bad = next((tok for tok in ids if tok >= vocab), None)
            if bad is not None:
                raise ValueError(f"{where} holds token id {bad}, outside the vocabulary of {vocab}")
        return self


def _token_ids(trace: TraceModel):
    """(where, ids) for every token id field of a trace."""
    yield "prompt_ids", trace.prompt_ids
    yield "token_text", [int(k) for k in trace.token_text]
    for r in trace.rounds:
        yield f"rounds[{r.index}]", r.draft_token_ids + r.emitted_token_ids
        for d in r.draft_steps:
            yield f"rounds[{r.index}].draft_steps[{d.step}]", [d.token_id, *d.top_ids, *_opt(d.target_token_id)]
        for v in r.verify_steps:
            yield f"rounds[{r.index}].verify_steps[{v.step}]", [v.target_token_id, *v.target_top_ids,
                                                                 *_opt(v.residual_token_id), *(v.residual_top_ids or [])]


def _opt(value):
    return [] if value is None else [value]


def _same_length(a: str, xs, b: str, ys) -> None:
    if (xs is None) != (ys is None) or (xs is not None and len(xs) != len(ys)):
        raise ValueError(f"{a} and {b} must have the same length")


def _one_of(value: str, allowed: tuple[str, ...]) -> str:
    if value not in allowed:
        raise ValueError(f"{value[:40]!r} is not one of {', '.join(allowed)}")
    return value


# -- parsing -----------------------------------------------------------------------------------------------------
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)


def nesting_depth(text: str) -> int:
    """How deeply [ and { nest in JSON text, strings skipped; runs before json.loads ever recurses."""
    depth = deepest = 0
    for match in re.finditer(r"[\[\]{}]", _STRING.sub('""', text)):
        depth += 1 if match.group() in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


def _no_constant(name: str):
    raise ValueError(t("public.trace.not_finite", value=name))


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        _no_constant(text)
    return value


def _invalid(problem: str) -> ValueError:
    return ValueError(f"not a trace: {problem}")


def _where(loc: tuple) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else ("." if out else "") + str(part)
    return out or "the trace"


def parse_trace(data: str | bytes) -> Trace:
    """Check untrusted JSON text against the schema and build the Trace; ValueError("not a trace: ...") if not."""
    size = len(data.encode("utf-8") if isinstance(data, str) else data)
    if size > MAX_BYTES:
        raise _invalid(t("public.trace.too_large", size=size, limit=MAX_BYTES))
    try:
        text = data.decode("utf-8") if isinstance(data, bytes) else data
    except UnicodeDecodeError as exc:
        raise _invalid(t("public.trace.not_json", error=f"not UTF-8 text: {exc.reason}")) from None
    if nesting_depth(text) > MAX_DEPTH:
        raise _invalid(t("public.trace.too_deep", limit=MAX_DEPTH))
    try:
        raw = json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except ValueError as exc:    # JSONDecodeError, NaN / Infinity, an integer with too many digits
        message = str(exc) if "JSON allows" in str(exc) else t("public.trace.not_json", error=exc)
        raise _invalid(message) from None
    if not isinstance(raw, dict):
        raise _invalid(t("public.trace.not_json", error="the JSON is not an object"))
    version = raw.get("schema_version", SCHEMA_VERSION)
    if not (isinstance(version, int) and 1 <= version <= SCHEMA_VERSION):
        raise _invalid(t("public.trace.version", version=str(version)[:20], supported=f"1 to {SCHEMA_VERSION}"))
    try:
        TraceModel.model_validate_json(text)     # JSON mode: the settings' dataclass is read from an object
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        problem = first["msg"].removeprefix("Value error, ")
        raise _invalid(t("public.trace.field", field=_where(first["loc"]), problem=problem)) from None
    return Trace.from_dict(raw)


def json_schema() -> dict[str, Any]:
    """The published JSON Schema (docs/trace.schema.json)."""
    schema = TraceModel.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "mtp_viz trace"
    return schema


if __name__ == "__main__":
    print(json.dumps(json_schema(), indent=1, ensure_ascii=False))
