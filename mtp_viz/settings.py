"""Every generation setting in one frozen dataclass, with its default, range, meaning and place on the page; and the
Request that asks for one generation. Knows no torch, model or Gradio.

The one place that names them (compare transformers' GenerationConfig): the engine runs by a Settings, the API's
keywords and the `trace` endpoint's parameters are its fields, a trace records the one it ran with, uploads are
checked against its ranges, and the page builds one control per field that has an OnPage. A second place that must
know a field imports it from here; adding a field here (and its label to the string tables) adds it everywhere.
"""
from __future__ import annotations

import dataclasses
import functools
import inspect
import math
from dataclasses import dataclass
from typing import Annotated, Any, Literal, get_args, get_type_hints

import annotated_types
from pydantic import ConfigDict, Field, TypeAdapter, ValidationError

from mtp_viz.problems import Problem
from mtp_viz.proposer_registry import AUTO, NAMES as RAN, WHO_DRAFTS

MAX_DRAFT = 32            # the largest N (and the heuristic schedule's ceiling)
PAGE_NS = range(1, 17)    # the N the page's slider offers, a shared server runs and the cost model's curves cover
MAX_NEW_TOKENS = 4096     # an app limit: longer runs are not something to watch round by round

Proposer = Literal[(AUTO, *RAN)]   # RAN: the proposers that run (and the page offers), one entry each in the registry
Schedule = Literal["heuristic", "constant"]
PROPOSERS: tuple[str, ...] = get_args(Proposer)     # "auto" picks by the model pair; a trace records the one that ran
SCHEDULES: tuple[str, ...] = get_args(Schedule)


@dataclass(frozen=True)
class OnPage:
    """How the page shows a field (ui/session.py builds the control; the engine never reads this): a slider's
    (minimum, maximum, step), inside the field's own range; the slider value that means None ("off"); the row of the
    settings panel it sits in and whether it takes a wide place there; `limit`: the server refuses a request above
    the slider's maximum (policy.check_request), since a shared CPU should not run more. A field without a slider
    is a choice (Literal), a switch (bool) or a whole number typed in (int)."""
    row: int
    wide: bool = False
    slider: tuple[float, float, float] | None = None
    off: float | None = None
    limit: bool = False


def _(text: str, **bounds) -> Any:
    """A field's meaning (the API's and the schema's documentation) and its bounds, for pydantic."""
    return Field(description=text, **bounds)


@dataclass(frozen=True)
class Settings:
    """How to generate. Build from untrusted keywords with Settings.checked(...); the defaults are the API's."""
    # each field: its type, meaning and bounds; how the page shows it (OnPage: row, width, slider); its default
    proposer: Annotated[Proposer, _(f"who drafts: {WHO_DRAFTS}; auto picks by the model pair"),
                        OnPage(row=0, wide=True)] = AUTO
    num_assistant_tokens: Annotated[int, _("N, the drafter's guesses per round (the start, when a schedule moves it)",
                                           ge=1, le=MAX_DRAFT),
                                    OnPage(row=0, wide=True, slider=(PAGE_NS[0], PAGE_NS[-1], 1), limit=True)] = 4
    schedule: Annotated[Schedule, _('"heuristic": N +2 after a round with every guess kept, -1 after a rejection; '
                                    '"constant" keeps N'),
                        OnPage(row=0)] = "heuristic"
    confidence_threshold: Annotated[float, _("stop a round's draft after a guess whose top probability is below "
                                             "this; None: off", ge=0.0, le=1.0),
                                    OnPage(row=0, slider=(0.0, 1.0, 0.05), off=0.0)] | None = None
    max_new_tokens: Annotated[int, _("how many tokens to generate", ge=1, le=MAX_NEW_TOKENS),
                              OnPage(row=0, slider=(1, 256, 1), limit=True)] = 64
    do_sample: Annotated[bool, _("false: greedy decoding; true: speculative sampling (Leviathan et al.)"),
                         OnPage(row=1, wide=True)] = False
    temperature: Annotated[float, _("sampling temperature (sampling only, > 0 then)", ge=0.0, le=100.0),
                           OnPage(row=1, slider=(0.1, 2.0, 0.05))] = 1.0
    top_k: Annotated[int, _("keep the k most likely tokens (sampling only); None (or 0): off", ge=1, le=2**31 - 1),
                     OnPage(row=1, slider=(0, 200, 1), off=0)] | None = None
    top_p: Annotated[float, _("keep the smallest set of likeliest tokens whose probability reaches p (sampling "
                              "only); None: off", gt=0.0, le=1.0),
                     OnPage(row=1, slider=(0.05, 1.0, 0.05), off=1.0)] | None = None
    seed: Annotated[int, _("the one random generator's seed (sampling only)", ge=0, le=2**63 - 1),
                    OnPage(row=1)] = 0
    chat: Annotated[bool, _("wrap a text prompt in the tokenizer's chat template")] = False
    max_matching_ngram_size: Annotated[int, _("prompt lookup: the longest n-gram matched (transformers' default)",
                                              ge=1, le=MAX_DRAFT)] = 2

    __pydantic_config__ = ConfigDict(extra="ignore", allow_inf_nan=False)  # older traces may carry retired keys

    @classmethod
    def checked(cls, **values: Any) -> "Settings":
        """Settings from keywords as a caller gives them, each checked against its type and range, then the checks
        that span fields. Whole floats count as integers (sliders send 4.0), switches take any truth value, and
        top_k=0 means no top-k. Every problem is a Problem (a ValueError) whose code and values name the setting."""
        unknown = sorted(set(values) - set(NAMES))
        if unknown:
            raise Problem("engine.unknown_setting", names=", ".join(unknown), settings=", ".join(NAMES))
        if values.get("top_k") == 0 and not isinstance(values["top_k"], bool):
            values["top_k"] = None
        for name, value in values.items():
            if plain_type(name) is bool:
                value = bool(value)          # as `if do_sample:` would read it
            elif isinstance(value, float) and value.is_integer() and plain_type(name) is int:
                value = int(value)
            try:
                values[name] = _adapter(name).validate_python(value, strict=True)
            except ValidationError:
                raise _problem(name, value) from None
        settings = cls(**values)
        if settings.do_sample and settings.temperature <= 0:
            raise Problem("engine.temperature", value=settings.temperature)
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


def plain_type(name: str) -> type | None:
    """int, float, bool or str: the plain type under a field's Annotated and Optional (str for a choice)."""
    def walk(hint):
        if hint in (int, float, bool, str):
            return hint
        if getattr(hint, "__origin__", None) is Literal:
            return str
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


def choices(name: str) -> tuple[str, ...]:
    """A choice field's choices, in the order declared (the page's order too); () for any other field."""
    def walk(hint):
        if getattr(hint, "__origin__", None) is Literal:
            return get_args(hint)
        return next((c for c in map(walk, get_args(hint)) if c), ())
    return walk(_hints()[name])


def _metadata(name: str, kind: type) -> Any:
    """The field's metadata object of `kind` (an OnPage, a pydantic FieldInfo), or None."""
    def walk(hint):
        found = [m for m in getattr(hint, "__metadata__", ()) if isinstance(m, kind)]
        return found[0] if found else next((m for m in map(walk, get_args(hint)) if m is not None), None)
    return walk(_hints()[name])


def on_page(name: str) -> OnPage | None:
    """How the page shows a field; None for a field the page does not show (chat, max_matching_ngram_size)."""
    return _metadata(name, OnPage)


def meaning(name: str) -> str:
    """What a field means, in the words of its declaration (the API's documentation)."""
    from pydantic.fields import FieldInfo
    return _metadata(name, FieldInfo).description


def keywords_signature(fn, defaults: Settings | None = None,
                       kind: inspect._ParameterKind = inspect.Parameter.KEYWORD_ONLY) -> inspect.Signature:
    """fn's signature with every field as a parameter (keyword-only by default) after fn's own, each with its plain
    type and its default (Settings' own, or `defaults`'): how generate_trace, iter_rounds and the `trace` endpoint
    show the settings (help(), Gradio's API page) without writing them out."""
    defaults = defaults or Settings()
    own = [p for p in inspect.signature(fn).parameters.values() if p.kind not in (p.VAR_KEYWORD, p.VAR_POSITIONAL)]
    fields = []
    for name in NAMES:
        default = getattr(defaults, name)
        hint = plain_type(name) if default is not None else plain_type(name) | None
        fields.append(inspect.Parameter(name, kind, default=default, annotation=hint))
    return inspect.signature(fn).replace(parameters=own + fields)


def _problem(name: str, value: Any) -> Problem:
    """What is wrong with a setting, as a Problem: its code, the setting's name, the value given and the bounds."""
    if choices(name):
        return Problem("engine.choice", name=name, value=repr(value), choices=", ".join(choices(name)))
    base = plain_type(name)
    if base is int and (isinstance(value, bool) or not isinstance(value, (int, float)) or
                        (isinstance(value, float) and not value.is_integer())):
        return Problem("engine.whole", name=name, value=repr(value))
    if base is float and (isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value)):
        return Problem("engine.finite", name=name, value=repr(value))
    bounds = {k: int(v) if float(v).is_integer() else v for k, v in limits(name).items()}    # 0, not 0.0
    if "gt" in bounds:
        return Problem("engine.range_open", name=name, low=bounds["gt"], high=bounds["le"], value=value)
    return Problem("engine.range", name=name, low=bounds["ge"], high=bounds["le"], value=value)


@dataclass(frozen=True)
class Request:
    """One generation asked for, by the page, the `trace` endpoint or a test: which model pair, what prompt, and how.

    The service, its cache (a Request is its own key), the worker, the race and the lab take it; the policy checks
    it. `model` is a bundled miniature's id, a hub id or a folder; `assistant` a separate drafter's ("" for the
    model's own, or none); a token-id prompt is kept as a tuple, so the Request stays hashable."""
    model: str
    assistant: str = ""
    prompt: str | tuple[int, ...] = ""
    settings: Settings = Settings()

    def __post_init__(self):
        if isinstance(self.prompt, list):
            object.__setattr__(self, "prompt", tuple(self.prompt))

    @property
    def proposer(self) -> str:
        return self.settings.proposer

    def value(self, name: str) -> Any:
        """A field by name: the request's own (model, assistant, prompt) or a setting's."""
        return getattr(self.settings if name in NAMES else self, name)

    def replace(self, **changes: Any) -> "Request":
        """A copy with some fields changed, the request's own or settings (not checked: Settings.checked is)."""
        settings = {k: changes.pop(k) for k in list(changes) if k in NAMES}
        return dataclasses.replace(self, settings=dataclasses.replace(self.settings, **settings), **changes)
