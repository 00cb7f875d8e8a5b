"""Every generation the server runs, from any tab or the API: identical requests share one trace, and the others
take turns in one first-come, first-served line. Knows no layout, no figures and no visitor.

Why one line. Gradio's concurrency limits count per event: with two `trace` calls, two Run to end and two Steps
admitted at once, a visitor's Run to end overtook the API calls that had queued before it, and on 2 vCPUs every
overtaking adds a whole generation to someone's wait. So the events that may generate are admitted up to the queue's
size (policy.generating_events) and wait here instead, in arrival order: the workers' queue for the bundled
miniatures (worker.py), a semaphore of `MTP_VIZ_CONCURRENCY` slots in the server's process for everything else.

Why shared results. The request (model pair, prompt, every setting and the seed) fixes the trace: greedy decoding
has one answer, and sampling draws from a generator seeded with the request's seed. A Trace is frozen, so the same
request is answered with the same Trace object, from a small cache of the latest ones (`MTP_VIZ_TRACE_CACHE`,
default 32; 0 switches it off) or by waiting for the identical generation already running. A class pressing Run to
end on the first example costs one generation. Only the timings (draft_ms, verify_ms) are those of the first run.
Failures are never cached: the next identical request tries again.
"""
from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from concurrent.futures import Future

from mtp_viz.trace import Trace
from mtp_viz.ui import policy, worker
from mtp_viz.ui.pairs import get_pair

_LOCK = threading.Lock()
_DONE: OrderedDict[tuple, Trace] = OrderedDict()   # request key -> trace, least recently used first
_RUNNING: dict[tuple, Future] = {}                  # request key -> the generation under way


def generate(req: dict, fresh: bool = False) -> Trace:
    """The trace for a request (session.request's dict), checked against the deployment's policy first.

    `fresh`: measured again, not answered from the cache (it still joins an identical generation under way, whose
    times are new too, and takes its turn in the line); the new trace replaces the cached one."""
    policy.check_request(req)
    req, key = _normalized(req)
    with _LOCK:
        if key in _DONE and not fresh:
            _DONE.move_to_end(key)
            return _DONE[key]
        running = _RUNNING.get(key)
        if running is None:
            _RUNNING[key] = mine = Future()
    if running is not None:
        return running.result()        # raises what the running generation raised
    try:
        trace = _produce(req)
    except BaseException as exc:
        with _LOCK:
            del _RUNNING[key]
        mine.set_exception(exc)
        raise
    with _LOCK:
        del _RUNNING[key]
        _DONE[key] = trace
        while len(_DONE) > policy.trace_cache_size():
            _DONE.popitem(last=False)
    mine.set_result(trace)
    return trace


def cached(req: dict) -> bool:
    """Whether generate(req) would answer from the cache now, without generating (the race says so)."""
    try:
        key = _normalized(req)[1]
    except ValueError:
        return False
    with _LOCK:
        return key in _DONE


def _normalized(req: dict) -> tuple[dict, tuple]:
    """The request with the model pair it really uses (policy.check_model), and its cache key."""
    model, assistant = policy.check_model(req["model"], policy.assistant_for(req["model"], req.get("proposer", ""),
                                                                             req["assistant"]))
    req = dict(req, model=model, assistant=assistant)
    return req, tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in req.items()))  # ids: a tuple


def forget() -> None:
    """Drop every cached trace (tests, and a server that wants fresh timings)."""
    with _LOCK:
        _DONE.clear()


def _produce(req: dict) -> Trace:
    """Generate, in a worker process when one serves the model, else here, one of `MTP_VIZ_CONCURRENCY` at a time."""
    from mtp_viz import generate_trace

    trace = worker.generate(req)       # None unless a worker serves this model; the pool's queue is first-come
    if trace is not None:
        return trace
    pair = get_pair(req["model"], req["assistant"])     # waiting for a load holds no slot
    with _slots():
        kwargs = {k: v for k, v in req.items() if k not in ("model", "assistant", "prompt")}
        return generate_trace(pair, req["prompt"], **kwargs)


@functools.cache
def _slots() -> threading.Semaphore:
    """Made on first use, so the environment is read when the server runs, not when this module is imported."""
    return threading.Semaphore(policy.generation_slots())
