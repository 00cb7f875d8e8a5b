"""Every generation setting in one frozen dataclass, with its default, range and checks. Knows no torch, model or UI.

The one place that names them (compare transformers' GenerationConfig): the engine runs by a Settings, the API's
keywords are its fields, a trace records the one it ran with, uploads are checked against its ranges, and the page's
controls map onto its fields. A second place that must know a field imports it from here.
"""
from __future__ import annotations

import dataclasses
import functools
import math
from dataclasses import dataclass
from typing import Annotated, Any, Literal, get_args, get_type_hints

import annotated_types
from pydantic import ConfigDict, Field, TypeAdapter, ValidationError

MAX_DRAFT = 32            # the largest N (and the heuristic schedule's ceiling)
MAX_NEW_TOKENS = 4096     # an app limit: longer runs are not something to watch round by round

Proposer = Literal["auto", "mtp", "draft-model", "prompt-lookup", "none"]
Schedule = Literal["constant", "heuristic"]
PROPOSERS: tuple[str, ...] = get_args(Proposer)     # "auto" picks by the model pair; a trace records the one that ran
SCHEDULES: tuple[str, ...] = get_args(Schedule)


@dataclass(frozen=True)
class Settings:
    """How to generate. Build from untrusted keywords with Settings.checked(...); the defaults are the API's."""
    proposer: Proposer = "auto"          # who drafts: Gemma 4 MTP, a separate draft model, prompt lookup, or no one
    num_assistant_tokens: Annotated[int, Field(ge=1, le=MAX_DRAFT)] = 4    # N: drafts proposed per round
    schedule: Schedule = "heuristic"     # "constant" keeps N; "heuristic": +2 after a fully accepted round, else -1
    confidence_threshold: Annotated[float, Field(ge=0.0, le=1.0)] | None = None   # stop drafting below this top prob
    max_new_tokens: Annotated[int, Field(ge=1, le=MAX_NEW_TOKENS)] = 64
    do_sample: bool = False              # False: greedy decoding; True: speculative sampling (Leviathan et al.)
    temperature: Annotated[float, Field(ge=0.0, le=100.0)] = 1.0          # sampling only, > 0 then
    top_k: Annotated[int, Field(ge=1, le=2**31 - 1)] | None = None        # sampling only; None (or 0 given) = off
    top_p: Annotated[float, Field(gt=0.0, le=1.0)] | None = None          # sampling only; None = off
    seed: Annotated[int, Field(ge=0, le=2**63 - 1)] = 0                   # the one generator's seed (sampling only)
    chat: bool = False                   # wrap a text prompt in the tokenizer's chat template
    max_matching_ngram_size: Annotated[int, Field(ge=1, le=MAX_DRAFT)] = 2  # prompt lookup, transformers' default

    __pydantic_config__ = ConfigDict(extra="ignore", allow_inf_nan=False)  # older traces may carry retired keys

    @classmethod
    def checked(cls, **values: Any) -> "Settings":
        """Settings from keywords as a caller gives them, each checked against its type and range, then the checks
        that span fields. Whole floats count as integers (sliders send 4.0), switches take any truth value, and
        top_k=0 means no top-k. Every problem is a ValueError that names the setting."""
        unknown = sorted(set(values) - set(NAMES))
        if unknown:
            raise ValueError(f"unknown setting(s) {', '.join(unknown)}; the settings are {', '.join(NAMES)}")
        if values.get("top_k") == 0 and not isinstance(values["top_k"], bool):
            values["top_k"] = None
        for name, value in values.items():
            if _base(name) is bool:
                value = bool(value)          # as `if do_sample:` would read it
            elif isinstance(value, float) and value.is_integer() and _base(name) is int:
                value = int(value)
            try:
                values[name] = _adapter(name).validate_python(value, strict=True)
            except ValidationError as exc:
                raise ValueError(_problem(name, value)) from None
        settings = cls(**values)
        if settings.do_sample and settings.temperature <= 0:
            raise ValueError(f"temperature must be > 0 when sampling, got {settings.temperature}")
        return settings

    def as_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


NAMES: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(Settings))


@functools.cache
def _hints() -> dict[str, Any]:
    return get_type_hints(Settings, include_extras=True)


@functools.cache
def _adapter(name: str) -> TypeAdapter:
    return TypeAdapter(_hints()[name], config=ConfigDict(allow_inf_nan=False))


def _base(name: str) -> type | None:
    """int, float, bool or str: the plain type under a field's Annotated and Optional."""
    def walk(hint):
        if hint in (int, float, bool, str):
            return hint
        return next((b for b in map(walk, get_args(hint)) if b is not None), None)
    return walk(_hints()[name])


def limits(name: str) -> dict[str, Any]:
    """A field's bounds, by annotated_types' names: {"ge": 1, "le": 32} for num_assistant_tokens."""
    def walk(hint):
        found = {}
        for arg in getattr(hint, "__metadata__", ()):
            for bound in getattr(arg, "metadata", [arg]):
                if isinstance(bound, (annotated_types.Ge, annotated_types.Gt, annotated_types.Le, annotated_types.Lt)):
                    found.update(dataclasses.asdict(bound))
        for arg in get_args(hint):
            found.update(walk(arg))
        return found
    return walk(_hints()[name])


def _problem(name: str, value: Any) -> str:
    """What is wrong with a setting, in words."""
    choices = next((get_args(h) for h in [_hints()[name]] if getattr(h, "__origin__", None) is Literal), None)
    if choices:
        return f"unknown {name} {value!r}; choose one of {', '.join(choices)}"
    base = _base(name)
    if base is int and (isinstance(value, bool) or not isinstance(value, (int, float)) or
                        (isinstance(value, float) and not value.is_integer())):
        return f"{name} must be a whole number, got {value!r}"
    if base is float and (isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value)):
        return f"{name} must be a finite number, got {value!r}"
    bounds = {k: int(v) if float(v).is_integer() else v for k, v in limits(name).items()}    # 0, not 0.0
    if "gt" in bounds:
        return f"{name} must be in ({bounds['gt']}, {bounds['le']}], got {value}"
    return f"{name} must be between {bounds['ge']} and {bounds['le']}, got {value}"
