"""Untrusted JSON text -> a Trace, checked against the trace's own types first. Knows no torch, no model, no UI.

`parse_trace(text)` is the one way an uploaded file becomes a Trace: a size cap, the nesting depth (measured before
the JSON parser runs), strict JSON (no NaN or Infinity), then pydantic's TypeAdapter over trace.Trace, whose fields
carry their types, ranges and lengths (strict: no "4" for 4, no unknown fields), then the checks that span several
fields, which live here (the rounds' tokens add up to the output, indices count up, kept drafts lie within the
drafts, paired lists agree in length, token ids lie within the vocabulary, a device reason's values are the ones its
sentence names). Every failure is a Problem (problems.py: a code of the string tables and its values, so
the page says it in the reader's language) naming the field. `python -m mtp_viz.schema > docs/trace.schema.json` publishes the same types as JSON Schema.
"""
from __future__ import annotations

import functools
import json
import math
import re
import string
from typing import Any, Callable

from pydantic import TypeAdapter, ValidationError

from mtp_viz.problems import Problem, in_words
from mtp_viz.strings import TABLES
from mtp_viz.trace import PREFILL, SCHEMA_VERSION, SCHEMA_VERSIONS, ModelInfo, Round, Trace, token_ids

MAX_BYTES = 5 * 2**20     # the upload cap (policy's default launch max_file_size is the same 5 MB)
MAX_DEPTH = 12            # a trace nests 6 levels (round -> routed_experts -> layer -> position -> ids)


@functools.cache
def _adapter() -> TypeAdapter:
    """Made on first use: building the validator takes a moment, and only uploads need it."""
    return TypeAdapter(Trace)


# -- the checks that span several fields ---------------------------------------------------------------------------
def _same_length(a: str, xs, b: str, ys) -> None:
    if (xs is None) != (ys is None) or (xs is not None and len(xs) != len(ys)):
        raise Problem("public.trace.same_length", a=a, b=b)


def _pairs_agree(step) -> None:
    """A draft or verify step's paired lists (ids and their probabilities or scores) have equal lengths."""
    for a, b in (("top_ids", "top_probs"), ("centroid_ids", "centroid_scores"), ("target_top_ids", "target_top_probs"),
                 ("residual_top_ids", "residual_top_probs")):
        if hasattr(step, a):
            _same_length(a, getattr(step, a), b, getattr(step, b))


def _counts_agree(r: Round) -> None:
    drafts = r.draft_token_ids
    if r.num_accepted > len(drafts):
        raise Problem("public.trace.too_many_kept", kept=r.num_accepted, drafts=len(drafts))
    if len(r.emitted_token_ids) > r.num_accepted + 1:
        raise Problem("public.trace.too_many_emitted", emitted=len(r.emitted_token_ids), kept=r.num_accepted)
    kept = min(r.num_accepted, len(r.emitted_token_ids))
    if r.emitted_token_ids[:kept] != drafts[:kept]:
        raise Problem("public.trace.kept_first")
    for name, steps in (("draft_steps", r.draft_steps), ("verify_steps", r.verify_steps)):
        if len(steps) > len(drafts):
            raise Problem("public.trace.too_many_steps", name=name, steps=len(steps), drafts=len(drafts))
        if [s.step for s in steps] != list(range(len(steps))):
            raise Problem("public.trace.step_order", name=name)
    if any(v.draft_token_id != drafts[v.step] for v in r.verify_steps):
        raise Problem("public.trace.verify_draft")


def _layers_agree(info: ModelInfo) -> None:
    if len(info.target_layer_types) not in (0, info.target_num_layers):
        raise Problem("public.trace.layer_types", types=len(info.target_layer_types), layers=info.target_num_layers)
    for kind, layer in (info.kv_source_layers or {}).items():
        if layer >= info.target_num_layers:
            raise Problem("public.trace.kv_source", kind=repr(kind), layer=layer, layers=info.target_num_layers)


def _whys_agree(info: ModelInfo) -> None:
    """Each device reason holds the values its sentence names, and nothing else; its memory is RAM or the GPU's."""
    for i, why in enumerate(info.device_why or ()):
        names = {name for _, name, _, _ in string.Formatter().parse(TABLES["en"][why.code]) if name}
        if set(why.values) != names:
            raise Problem("public.trace.why_values", i=i, reason=why.code, values=str(sorted(why.values)),
                          names=str(sorted(names)))
        if why.values.get("where", "ram") not in ("ram", "gpu") or not isinstance(why.values.get("threads", 0), int):
            raise Problem("public.trace.why_kinds", i=i, reason=why.code)


def _rounds_agree(trace: Trace) -> None:
    for i, r in enumerate(trace.rounds):
        if r.index != i:
            raise Problem("public.trace.round_index", i=i, index=r.index)
    if trace.rounds[0].last_token_kind != PREFILL or trace.rounds[0].draft_token_ids:
        raise Problem("public.trace.prefill")
    if trace.settings.proposer != trace.model_info.proposer:
        raise Problem("public.trace.proposer", asked=repr(trace.settings.proposer),
                      ran=repr(trace.model_info.proposer))
    emitted = [tok for r in trace.rounds for tok in r.emitted_token_ids]
    if emitted != trace.new_token_ids:
        raise Problem("public.trace.emitted", emitted=len(emitted), new=len(trace.new_token_ids))
    vocab = trace.model_info.vocab_size
    for where, ids in [*token_ids(trace.prompt_ids, trace.rounds), ("token_text", list(trace.token_text))]:
        bad = next((tok for tok in ids if tok >= vocab), None)
        if bad is not None:
            raise Problem("public.trace.vocabulary", where=where, token=bad, vocab=vocab)


def _cross_checks(trace: Trace) -> list[tuple[str, Callable, Any]]:
    """(where, check, what) for every check that spans fields, innermost first (as a validator would run them)."""
    checks = []
    for i, r in enumerate(trace.rounds):
        checks += [(f"rounds[{i}].{name}[{j}]", _pairs_agree, s)
                   for name in ("draft_steps", "verify_steps") for j, s in enumerate(getattr(r, name))]
        checks.append((f"rounds[{i}]", _counts_agree, r))
    return checks + [("model_info", _layers_agree, trace.model_info), ("model_info", _whys_agree, trace.model_info),
                     ("the trace", _rounds_agree, trace)]


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
    raise Problem("public.trace.not_finite", value=name)


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        _no_constant(text)
    return value


def _invalid(problem: Problem) -> Problem:
    """The upload's refusal: "not a trace: " and the problem, each in the reader's language."""
    return Problem("public.trace.invalid", problem=problem.said)


def _where(loc: tuple) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else ("." if out else "") + str(part)
    return out or "the trace"


def parse_trace(data: str | bytes) -> Trace:
    """Check untrusted JSON text against the trace's types and build the Trace; a Problem ("not a trace: ...",
    code public.trace.invalid, the problem's own code inside) if not."""
    size = len(data.encode("utf-8") if isinstance(data, str) else data)
    if size > MAX_BYTES:
        raise _invalid(Problem("public.trace.too_large", size=size, limit=MAX_BYTES))
    try:
        text = data.decode("utf-8") if isinstance(data, bytes) else data
    except UnicodeDecodeError as exc:
        raise _invalid(Problem("public.trace.not_utf8", reason=exc.reason)) from None
    if nesting_depth(text) > MAX_DEPTH:
        raise _invalid(Problem("public.trace.too_deep", limit=MAX_DEPTH))
    try:
        raw = json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except Problem as exc:       # NaN or Infinity
        raise _invalid(exc) from None
    except ValueError as exc:    # JSONDecodeError, an integer with too many digits: Python's own words
        raise _invalid(Problem("public.trace.not_json", error=str(exc))) from None
    if not isinstance(raw, dict):
        raise _invalid(Problem("public.trace.not_object"))
    version = raw.get("schema_version", SCHEMA_VERSION)
    if not (isinstance(version, int) and version in SCHEMA_VERSIONS):
        raise _invalid(Problem("public.trace.version", version=str(version)[:20],
                               supported=in_words("public.trace.versions", low=SCHEMA_VERSIONS[0],
                                                  high=SCHEMA_VERSIONS[-1])))
    try:
        trace = _adapter().validate_json(text, strict=True)    # JSON mode: records are read from objects
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        problem = first["msg"].removeprefix("Value error, ")      # pydantic's own words, in English
        raise _invalid(Problem("public.trace.field", field=_where(first["loc"]), problem=problem)) from None
    for where, check, what in _cross_checks(trace):
        try:
            check(what)
        except Problem as exc:
            raise _invalid(Problem("public.trace.field", field=where, problem=exc.said)) from None
    return trace


def json_schema() -> dict[str, Any]:
    """The published JSON Schema (docs/trace.schema.json): the trace's types, as pydantic writes them."""
    schema = _adapter().json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "mtp_viz trace"
    return schema


if __name__ == "__main__":
    print(json.dumps(json_schema(), indent=1, ensure_ascii=False))
