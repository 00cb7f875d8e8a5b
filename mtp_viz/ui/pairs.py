"""The server-wide cache of loaded model pairs, shared read-only by every session. Knows no layout and no figures.

The only module-level mutable state of the app: a lock-protected dict of loaded pairs. Per-visitor data never
lives here; it lives in gr.State.
"""
from __future__ import annotations

import threading

import gradio as gr

from mtp_viz.ui.policy import MINIATURE

_PAIRS: dict[tuple[str, str], object] = {}      # (model, assistant) -> ModelPair; read-only once loaded
_LOADING: dict[tuple[str, str], threading.Lock] = {}   # one lock per pair, so a slow load blocks only its own users
_PAIRS_LOCK = threading.Lock()                          # guards the two dicts, never held while loading
MAX_HUB_PAIRS = 2                                       # real checkpoints kept in memory besides the miniature


def get_pair(model: str, assistant: str = ""):
    """Load a model pair once per (model, assistant) and share it; raises ValueError with a readable message."""
    from mtp_viz import load_pair

    key = ((model or "").strip() or MINIATURE, (assistant or "").strip())
    with _PAIRS_LOCK:
        if key in _PAIRS:
            return _PAIRS[key]
        loading = _LOADING.setdefault(key, threading.Lock())
    with loading:
        with _PAIRS_LOCK:
            if key in _PAIRS:            # another visitor finished loading it while we waited
                return _PAIRS[key]
        if key[0] != MINIATURE:
            gr.Info(f"Loading {key[0]} and its assistant: the first time can take minutes.")
        pair = load_pair() if key[0] == MINIATURE else load_pair(key[0], key[1] or None)
        warm_up(pair)
        with _PAIRS_LOCK:
            hub = [k for k in _PAIRS if k[0] != MINIATURE]
            if key[0] != MINIATURE and len(hub) >= MAX_HUB_PAIRS:
                del _PAIRS[hub[0]]       # forget the oldest real checkpoint; a run still using it keeps it alive
            _PAIRS[key] = pair
        return pair


def preload() -> threading.Thread:
    """Load and warm the miniature in the background at server start, so the first Step does not wait for it."""
    def load():
        try:
            get_pair(MINIATURE)
        except ValueError:
            pass   # a missing miniature is reported when a visitor presses Step
    thread = threading.Thread(target=load, name="preload-miniature", daemon=True)
    thread.start()
    return thread


def warm_up(pair) -> None:
    """One short generation, so the timeline shows steady timings rather than PyTorch's first-call costs."""
    from mtp_viz import generate_trace

    generate_trace(pair, "Hello" if pair.tokenizer is not None else [0], max_new_tokens=8)
