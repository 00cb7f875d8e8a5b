"""Shared wiring for every tab: the controls' defaults, requests, shipped traces, exports. Knows no layout.

Holds no visitor's data (the step-through's is a StepState in gr.State, ui/step_state.py); what it keeps between
calls is the export folder on disk, whose files expire after an hour, and which shipped traces' files are written.
"""
from __future__ import annotations

import functools
import os
import shutil
import tempfile
import time
from pathlib import Path

from mtp_viz.trace import Trace
from mtp_viz.ui.policy import MINIATURE

TRACES = Path(__file__).resolve().parents[2] / "assets" / "traces"
EXPORTS = Path(tempfile.gettempdir()) / "mtp_viz_exports"    # downloads offered to users, kept for an hour
# a saying the miniature knows, a story opening, and numbers: surprising text where its drafter struggles
EXAMPLES = ["Actions speak", "Once upon a time,", "Tom counted"]
# control -> default, in the order handlers receive the controls (the order of request()'s parameters)
DEFAULTS = {"model": MINIATURE, "assistant": "", "prompt": EXAMPLES[0], "proposer": "mtp", "n": 4,
            "schedule": "heuristic", "threshold": 0.0, "max_new": 32, "do_sample": False, "temperature": 1.0,
            "top_k": 0, "top_p": 1.0, "seed": 0}


def request(model, assistant, prompt, proposer, n, schedule, threshold, max_new, do_sample, temperature, top_k,
            top_p, seed) -> dict:
    """The generate_trace keywords the controls ask for, normalised as the engine records them."""
    return {"model": (model or "").strip() or MINIATURE, "assistant": (assistant or "").strip(),
            "prompt": prompt or "", "proposer": proposer, "num_assistant_tokens": int(n), "schedule": schedule,
            "confidence_threshold": float(threshold) if threshold else None, "max_new_tokens": int(max_new),
            "do_sample": bool(do_sample), "temperature": float(temperature), "top_k": int(top_k) if top_k else None,
            "top_p": float(top_p) if top_p is not None and float(top_p) < 1.0 else None, "seed": int(seed),
            "chat": False}


def request_of(trace: Trace) -> dict:
    """The request that would reproduce a trace: how shipped and uploaded traces set the controls."""
    s = trace.settings
    return {"model": trace.model_info.get("name") or MINIATURE, "assistant": "", "prompt": trace.prompt_text or "",
            **{k: s.get(k) for k in ("proposer", "num_assistant_tokens", "schedule", "confidence_threshold",
                                     "max_new_tokens", "do_sample", "temperature", "top_k", "top_p", "seed", "chat")}}


def controls_of(req: dict) -> dict:
    """The control values (DEFAULTS' keys) that make a request: the inverse of request()."""
    return {"model": req["model"], "assistant": req["assistant"], "prompt": req["prompt"], "proposer": req["proposer"],
            "n": req["num_assistant_tokens"], "schedule": req["schedule"],
            "threshold": req["confidence_threshold"] or 0.0, "max_new": req["max_new_tokens"],
            "do_sample": req["do_sample"], "temperature": req["temperature"], "top_k": req["top_k"] or 0,
            "top_p": 1.0 if req["top_p"] is None else req["top_p"], "seed": req["seed"]}


def recorded() -> dict[str, Path]:
    """The shipped traces by display name."""
    return {p.stem.replace("_", " "): p for p in sorted(TRACES.glob("*.json"))}


@functools.cache
def shipped(name: str) -> Trace | None:
    """A shipped trace, parsed once per process and shared read-only by every session (Traces are frozen)."""
    path = recorded().get(name)
    if path is None:
        return None
    trace = Trace.from_json(path.read_text(encoding="utf-8"))
    _SHIPPED_FILES[id(trace)] = None     # the cache keeps it alive, so its id names it for the process's life
    return trace


_SHIPPED_FILES: dict[int, tuple[str, str] | None] = {}   # id of a shipped Trace -> its downloads, once written
_SHIPPED_PREFIX = f"shipped-{os.getpid()}-"               # this process's shipped downloads never expire


def md(text: str) -> str:
    """Text shown literally inside Markdown: every markup character escaped."""
    return "".join("\\" + c if c in "\\`*_{}[]<>#+-!|~" else c for c in text).replace("\n", "  \n")


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
