"""A second process that generates the bundled miniatures' traces, so their forward passes run beside the web server
instead of taking turns with it. Knows no layout, no figures and no policy beyond which models it serves.

A miniature's forward passes are tiny matrices wrapped in a lot of Python; in the server's process they share one
interpreter lock with Gradio and with drawing the views, so on 2 vCPUs a burst of visitors left one core idle. Here
they run in processes of their own (two by default, `MTP_VIZ_WORKERS`; 0 switches them off), each with its own copy
of the miniature (a few MB). app.py starts them; tests and scripts that never call start() generate in their own
process as before. Real checkpoints stay in the server's process (two copies of a multi-GB model would not fit).
Spawned workers import app.py as their main module, so each builds the (unlaunched) page once at start.
"""
from __future__ import annotations

import logging
import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

log = logging.getLogger("mtp_viz")
_POOL: ProcessPoolExecutor | None = None
_SERVES: tuple[str, ...] = ()


def start(models: tuple[str, ...], threads: int | None) -> None:
    """Start the workers (`MTP_VIZ_WORKERS`, default 2) for these bundled models and load them now, in the
    background."""
    global _POOL, _SERVES
    count = int(os.environ.get("MTP_VIZ_WORKERS", "2") or 0)
    if count <= 0 or not models:
        return
    _POOL = ProcessPoolExecutor(max_workers=count, mp_context=multiprocessing.get_context("spawn"),
                                initializer=_init, initargs=(threads, os.getpid()))
    _SERVES = tuple(models)
    for _ in range(count):
        _POOL.submit(_warm, models)


def generate(req: dict):
    """The Trace for a request from a worker, or None when the workers do not serve its model."""
    global _POOL
    if _POOL is None or req["model"] not in _SERVES:
        return None
    try:
        return _POOL.submit(_generate, req).result()
    except BrokenProcessPool:     # a worker died (out of memory, killed): generate here from now on
        log.error("a generation worker stopped; generating in the server's process from now on")
        _POOL = None
        return None


# -- in the worker process ---------------------------------------------------------------------------------------
_PAIRS: dict = {}


def _init(threads: int | None, server: int) -> None:
    if threads:
        import torch
        torch.set_num_threads(threads)
    threading.Thread(target=_follow_server, args=(server,), name="follow-server", daemon=True).start()


def _follow_server(server: int) -> None:
    """Exit once the server is gone: a server stopped by a signal runs no clean-up, and the pool's workers would
    otherwise wait for work forever (half a GB each)."""
    while os.getppid() == server:
        time.sleep(1.0)
    os._exit(0)


def _warm(models: tuple[str, ...]) -> None:
    for model in models:
        _pair(model)
    time.sleep(1.0)    # hold this process a moment, so the next warm-up job goes to the other one


def _pair(model: str, assistant: str = ""):
    """This worker's own copy of a bundled pair (or of a bundled target with its bundled draft model), loaded and
    warmed up once."""
    if (model, assistant) not in _PAIRS:
        from mtp_viz import models
        from mtp_viz.ui.pairs import warm_up

        pair = models.load_pair(model, assistant or None)
        warm_up(pair)
        _PAIRS[model, assistant] = pair
    return _PAIRS[model, assistant]


def _generate(req: dict):
    from mtp_viz import generate_trace

    kwargs = {k: v for k, v in req.items() if k not in ("model", "assistant", "prompt")}
    return generate_trace(_pair(req["model"], req["assistant"]), req["prompt"], **kwargs)
