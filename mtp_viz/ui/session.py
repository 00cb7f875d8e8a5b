"""Shared wiring for every tab: the controls' defaults, requests, shipped traces, exports. Knows no layout.

Holds no visitor's data (the step-through's is a StepState in gr.State, ui/step_state.py); what it keeps between
calls is the export folder on disk, whose files expire after an hour, and which shipped traces' files are written.
"""
from __future__ import annotations

import dataclasses
import functools
import os
import shutil
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from mtp_viz.proposer_registry import DEFAULT
from mtp_viz.settings import NAMES, Request, Settings, on_page, plain_type
from mtp_viz.schema import parse_trace
from mtp_viz.trace import Trace
from mtp_viz.model_table import ASSETS, MINIATURE

TRACES = ASSETS / "traces"
EXPORTS = Path(tempfile.gettempdir()) / "mtp_viz_exports"    # downloads offered to users, kept for an hour
# a saying the miniature knows (its first round already rejects a guess, so the first Steps show both a correction
# and bonuses), a story opening, and numbers: surprising text where its drafter struggles
COUNTING = "Tom counted 9 books at the library"     # the tour's chapter 9 has it run with N = 8
EXAMPLES = ["A stitch in time", "Once upon a time,", COUNTING]
# the shipped trace (a name of recorded()) each example replays when the controls ask for what made it
EXAMPLE_TRACES = {"A stitch in time": "a stitch in time", "Once upon a time,": "once upon a time",
                  COUNTING: "tom counted"}
TOUR_PROMPT = "Actions speak"    # the tour's chapters 1-7 and 11 (assets/traces/actions_speak*.json)
SWEEP_PROMPTS = ["Actions speak", "Once upon a time,", "Tom counted to"]   # what the lab's recorded sweeps ran on
FIRST_TRACE = EXAMPLE_TRACES[EXAMPLES[0]]   # the step-through's first paint, at round 0
PAGE = Settings(proposer=DEFAULT, max_new_tokens=32)   # the page's defaults: the API's, but MTP and 32 tokens


@dataclass(frozen=True)
class Control:
    """One control of the page: its value at start, how its value becomes the request's and back, and for a slider
    its (minimum, maximum, step): the page's range, inside the Settings field's (tests/test_settings.py)."""
    default: Any
    to_field: Callable[[Any], Any] = lambda v: v
    to_control: Callable[[Any], Any] = lambda v: v
    slider: tuple[float, float, float] | None = None


def _text(default: str) -> Control:
    """A text box: its text as typed, or `default` when empty."""
    return Control(default, lambda v: (v or "").strip() or default)


def _setting(name: str) -> Control:
    """A Settings field's control, from its declaration (settings.OnPage): a slider whose `off` value means None,
    a switch, a choice or a whole number, starting at the page's default."""
    shown, kind = on_page(name), plain_type(name)
    off = shown.off

    def to_field(v):
        if off is not None and (v is None or v == off):
            return None
        return v if kind is str else kind(v)      # a slider sends 4.0 for 4
    to_control = (lambda v: off if v is None else v) if off is not None else (lambda v: v)
    return Control(to_control(getattr(PAGE, name)), to_field, to_control, shown.slider)


# The page's controls, each named by the request field it sets (the Request's own model, assistant and prompt, then
# every Settings field that has a settings.OnPage), in the order handlers receive them. The Settings fields no
# control sets (chat, max_matching_ngram_size) keep PAGE's values.
CONTROLS = {"model": _text(MINIATURE), "assistant": _text(""), "prompt": Control(EXAMPLES[0], lambda v: v or ""),
            **{name: _setting(name) for name in NAMES if on_page(name) is not None}}
DEFAULTS = {name: c.default for name, c in CONTROLS.items()}
START = Request(MINIATURE, prompt=EXAMPLES[0], settings=PAGE)      # the request the page starts with


def request(*values, **named) -> Request:
    """The request the controls ask for (values in CONTROLS' order, or by name; missing ones at their defaults),
    normalised as the engine records it, its settings checked where the page makes them (Settings.checked: a bad value
    is a Problem here, never first in a worker). The policy's limits are the service's to check."""
    named = {**DEFAULTS, **dict(zip(CONTROLS, values)), **named}
    req = START.replace(**{name: c.to_field(named[name]) for name, c in CONTROLS.items()})
    return dataclasses.replace(req, settings=Settings.checked(**req.settings.as_dict()))


def request_of(trace: Trace) -> Request:
    """The request that would reproduce a trace: how shipped and uploaded traces set the controls."""
    return Request(trace.model_info.name or MINIATURE, prompt=trace.prompt_text or "", settings=trace.settings)


def controls_of(req: Request) -> dict:
    """The control values that make a request: the inverse of request()."""
    return {name: c.to_control(req.value(name)) for name, c in CONTROLS.items()}


def recorded() -> dict[str, Path]:
    """The shipped traces by display name."""
    return {p.stem.replace("_", " "): p for p in sorted(TRACES.glob("*.json"))}


@functools.cache
def shipped(name: str) -> Trace | None:
    """A shipped trace, parsed once per process and shared read-only by every session (Traces are frozen)."""
    path = recorded().get(name)
    if path is None:
        return None
    trace = parse_trace(path.read_text(encoding="utf-8"))
    _SHIPPED_FILES[id(trace)] = None     # the cache keeps it alive, so its id names it for the process's life
    return trace


_SHIPPED_FILES: dict[int, tuple[str, str] | None] = {}   # id of a shipped Trace -> its downloads, once written
_SHIPPED_PREFIX = f"shipped-{os.getpid()}-"               # this process's shipped downloads never expire


def md(text: str) -> str:
    """Text shown literally inside Markdown: every markup character escaped."""
    return "".join("\\" + c if c in "\\`*_{}[]<>#+-!|~" else c for c in text).replace("\n", "  \n")


def warning(message: str) -> str:
    """A message as every tab's status line warns of bad input or a refusal: in bold after a warning sign (Markdown),
    shown literally."""
    return f"⚠️ **{md(message)}**"


_SWEPT = [0.0]    # when the export folder was last swept: once a minute is enough, and a class makes thousands


def _expire_exports() -> None:
    """Remove this process's exports older than an hour (shipped traces' files stay)."""
    now = time.time()
    if now - _SWEPT[0] < 60:
        return
    _SWEPT[0] = now
    for old in EXPORTS.iterdir():
        if not old.name.startswith(_SHIPPED_PREFIX) and now - old.stat().st_mtime > 3600:
            shutil.rmtree(old, ignore_errors=True)


def export_files(trace: Trace) -> tuple[str, str]:
    """Write the trace's JSON and CSV for the download buttons; exports older than an hour are removed.

    A shipped trace's files are written once per process (and never expire), however many pages show it."""
    is_shipped = id(trace) in _SHIPPED_FILES
    if is_shipped and _SHIPPED_FILES[id(trace)] is not None:
        return _SHIPPED_FILES[id(trace)]
    EXPORTS.mkdir(exist_ok=True)
    _expire_exports()
    folder = Path(tempfile.mkdtemp(dir=EXPORTS, prefix=_SHIPPED_PREFIX if is_shipped else "tmp"))
    json_path, csv_path = folder / "mtp_trace.json", folder / "mtp_trace_events.csv"
    json_path.write_text(trace.to_json(), encoding="utf-8")     # the same text the `trace` API returns
    trace.to_frame().to_csv(csv_path, index=False)
    if is_shipped:
        _SHIPPED_FILES[id(trace)] = (str(json_path), str(csv_path))
    return str(json_path), str(csv_path)
