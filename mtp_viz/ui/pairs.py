"""The server-wide cache of loaded model pairs, shared read-only by every session. Knows no layout and no figures.

The only module-level mutable state of the app: a dict of loaded pairs and the one load in progress. Loads run one
at a time on their own thread, outside Gradio's workers: a request waits for its load at most policy.LOAD_WAIT_S,
then says "still loading" and frees its worker, so a slow hub download never holds the visitors who use a model
that is already loaded. Per-visitor data never lives here; it lives in gr.State.
"""
from __future__ import annotations

import threading
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout

import gradio as gr

from mtp_viz.strings import t
from mtp_viz.ui import policy
from mtp_viz.ui.policy import BUNDLED, MINIATURE, Said
from mtp_viz.ui.words import lang_now

_PAIRS: dict[tuple[str, str], object] = {}   # (model, assistant) -> ModelPair; read-only once loaded
_LOCK = threading.Lock()                      # guards _PAIRS and _PENDING, never held while loading
_LOADER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="model-load")   # one load at a time, server-wide
_PENDING: tuple[tuple[str, str], Future] | None = None   # the load in progress, if any


def get_pair(model: str, assistant: str = "", wait: float | None = None):
    """The loaded pair for (model, assistant), loading it if the policy allows; raises ValueError (policy.Said) with
    a message.

    Waits up to `wait` seconds (default policy.LOAD_WAIT_S) for a load, then raises "still loading"; a request for
    a different model while one loads is told the server is busy instead of starting a second load."""
    global _PENDING
    key = policy.check_model(model, assistant)
    with _LOCK:
        if key in _PAIRS:
            return _PAIRS[key]
        if _PENDING is None or _PENDING[1].done():
            _PENDING = (key, _LOADER.submit(_load, key))
            if key[0] not in BUNDLED:
                lang = lang_now()
                gr.Info(t("step.loading", lang, model=key[0]), title=t("step.info", lang))
        elif _PENDING[0] != key:
            raise Said("public.busy", other=_PENDING[0][0], model=key[0])
        future = _PENDING[1]
    try:
        return future.result(timeout=policy.LOAD_WAIT_S if wait is None else wait)
    except FutureTimeout:
        raise Said("public.loading", model=key[0]) from None


def _load(key: tuple[str, str]):
    """Load, warm up and cache one pair (runs on the loader thread); a pair without a tokenizer is not cached."""
    from mtp_viz import models

    model, assistant = key
    pair = models.load_pair(model, assistant or None)
    if pair.tokenizer is None:
        raise Said("public.no_tokenizer", model=model, error=getattr(pair, "tokenizer_error", "no files"))
    warm_up(pair)
    with _LOCK:
        hub = [k for k in _PAIRS if k[0] not in BUNDLED]
        if model not in BUNDLED and len(hub) >= policy.MAX_HUB_PAIRS:
            del _PAIRS[hub[0]]     # forget the oldest real checkpoint; a run still using it keeps it alive
        _PAIRS[key] = pair
    return pair


def preload() -> threading.Thread:
    """Load and warm the miniature in the background at server start, so the first Step does not wait for it.

    The engine and the transformers classes it uses are imported first, here on the calling thread: transformers
    resolves its names lazily, and a visitor's request importing them while the loader thread did once failed with
    "cannot import name 'LogitsProcessorList' from 'transformers'" (a fresh server, a race started at once)."""
    from transformers import AutoModelForCausalLM, AutoTokenizer  # noqa: F401

    from mtp_viz import api, models  # noqa: F401

    def load():
        try:
            get_pair(MINIATURE, wait=600)
        except ValueError as exc:   # a missing miniature is reported again when a visitor presses Step
            policy.log.warning("preloading the miniature failed: %s", exc)
    thread = threading.Thread(target=load, name="preload-miniature", daemon=True)
    thread.start()
    return thread


def one_token_pass_ms(pair) -> float | None:
    """The median time of a target pass over one token, from a short generation without a drafter: the reference
    the statistics line compares time per token with (ONE_TOKEN_PASSES passes, so one slow pass does not move it)."""
    from statistics import median

    from mtp_viz import generate_trace
    from mtp_viz.figures.statistics import ONE_TOKEN_PASSES

    trace = generate_trace(pair, "Hello" if pair.tokenizer is not None else [0], max_new_tokens=ONE_TOKEN_PASSES + 1,
                           proposer="none")
    times = [r.verify_ms for r in trace.rounds[1:]]     # round 0 reads the whole prompt
    return median(times) if times else None


def warm_up(pair) -> None:
    """One short generation, so the timeline shows steady timings rather than PyTorch's first-call costs."""
    from mtp_viz import generate_trace

    generate_trace(pair, "Hello" if pair.tokenizer is not None else [0], max_new_tokens=8)
    pair.one_token_ms = one_token_pass_ms(pair)   # what the statistics view compares time per token with
