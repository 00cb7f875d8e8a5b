"""A generation worker process's entry module, and the two steps the server shares with it: make a model pair ready
to serve (load, check its tokenizer, warm up) and run one request on a pair.

Knows no Gradio, no page, no cache and no queue (the server's side is ui/service.py), so a spawned worker imports
only this, the engine and the models. A worker keeps its own copy of each bundled pair it serves, loaded once.
"""
from __future__ import annotations

import functools
import os
import threading
import time


def prompt_of(req):
    """A request's prompt as the engine takes it: text, or token ids as a list (a Request keeps them as a tuple)."""
    return list(req.prompt) if isinstance(req.prompt, tuple) else req.prompt


def run(pair, req):
    """The Trace for a request (settings.Request) on a loaded pair, generated alone."""
    from mtp_viz import generate_trace

    return generate_trace(pair, prompt_of(req), **req.settings.as_dict())


def run_together(pair, reqs) -> list:
    """The Trace (or the Problem it raised) for each of several requests on one loaded pair, generated together:
    their passes joined (mtp_viz/batching.py)."""
    from mtp_viz.batching import generate_together

    return generate_together(pair, [(prompt_of(r), r.settings) for r in reqs])


def ready(model: str, assistant: str = ""):
    """A pair loaded, with its tokenizer, and warmed up: how the server's cache and every worker get one."""
    from mtp_viz import models

    pair = models.load_pair(model, assistant or None)
    if pair.tokenizer is None:
        from mtp_viz.problems import Problem
        raise Problem("public.no_tokenizer", model=model, error=getattr(pair, "tokenizer_error", "no files"))
    warm_up(pair)
    return pair


def one_token_pass_ms(pair) -> tuple[float | None, float | None]:
    """The references every speed-up divides by, from a short generation without a drafter (ONE_TOKEN_PASSES
    rounds, so one slow pass does not move them): the median wall time of a target pass over one token, and the
    median CPU time of a whole such round (trace.CPU clock; None where the engine could not keep it)."""
    from statistics import median

    from mtp_viz import generate_trace
    from mtp_viz.proposer_registry import BASELINE
    from mtp_viz.trace import ONE_TOKEN_PASSES

    trace = generate_trace(pair, "Hello" if pair.tokenizer is not None else [0], max_new_tokens=ONE_TOKEN_PASSES + 1,
                           proposer=BASELINE)
    rounds = trace.rounds[1:]     # round 0 reads the whole prompt
    cpu = [r.cpu_ms for r in rounds if r.cpu_ms is not None]
    return (median(r.verify_ms for r in rounds) if rounds else None,
            median(cpu) if cpu and len(cpu) == len(rounds) else None)


def warm_up(pair) -> None:
    """One short generation, so the timeline shows steady timings rather than PyTorch's first-call costs."""
    from mtp_viz import generate_trace

    generate_trace(pair, "Hello" if pair.tokenizer is not None else [0], max_new_tokens=8)
    pair.one_token_ms, pair.one_token_cpu_ms = one_token_pass_ms(pair)   # what every speed-up divides by


# -- in the worker process: what the server's pool calls ----------------------------------------------------------
def pair(model: str, assistant: str = ""):
    """This worker's own copy of a bundled pair, made ready once."""
    return _ready_once(model, assistant or "")


@functools.cache
def _ready_once(model: str, assistant: str):
    # one key per pair however it is asked for: functools.cache keys pair("m") and pair("m", "") apart, and the
    # warm-up's pair("m") left a worker's first job (asking for ("m", "")) loading the pair again, about 1.5 s
    return ready(model, assistant)


# What a worker imports before its first job, imported once by the fork server every worker is forked from (a missing
# one is skipped): the engine, the batching, and the transformers classes of the bundled miniatures.
PRELOAD = ("mtp_viz.worker", "mtp_viz.models", "mtp_viz.api", "mtp_viz.batching",
           "transformers.models.gemma4.modeling_gemma4", "transformers.models.gemma4_assistant.modeling_gemma4_assistant")

NICENESS = 10      # a worker yields the CPU to the server's process: a click waits for no visitor's generation


def init(threads: int | None, server: int) -> None:
    os.nice(NICENESS)
    if threads:
        import torch
        torch.set_num_threads(threads)
    threading.Thread(target=follow_server, args=(server,), name="follow-server", daemon=True).start()


def follow_server(server: int) -> None:
    """Exit once the server is gone: a server stopped by a signal runs no clean-up, and the pool's workers would
    otherwise wait for work forever (half a GB each). A worker's parent is the server, or the fork server that the
    server started (which exits with it): either way the parent changes when the server dies."""
    parent = os.getppid()
    while os.getppid() == parent and _alive(server):
        time.sleep(1.0)
    os._exit(0)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:     # alive, another user's (a reused pid, at worst: the parent check still holds)
        return True
    return True


def warm(models: tuple[str, ...]) -> int:
    """Make this worker's pairs ready; its process id, which the server keeps (to watch it, and for the soak)."""
    for model in models:
        pair(model)
    return os.getpid()


def generate_many(reqs):
    """Several requests for one pair, generated together; a list as long as `reqs` of Traces and exceptions."""
    return run_together(pair(reqs[0].model, reqs[0].assistant), reqs)
