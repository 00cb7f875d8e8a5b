"""The server's shared state, owned by one object (SERVICE): the model cache, the trace cache, the generation line
and the worker pool. Every generation from any tab or the API goes through it. Knows no layout, no figures and no
visitor (per-visitor data lives in gr.State); how a pair is made ready and a request run is mtp_viz/worker.py.

Why one line. Gradio's concurrency limits count per event: with two `trace` calls, two Run to end and two Steps
admitted at once, a visitor's Run to end overtook the API calls that had queued before it, and on 2 vCPUs every
overtaking adds a whole generation to someone's wait. So the events that may generate are admitted up to the queue's
size (policy.generating_events) and wait here instead, in arrival order: the workers' queue for the bundled
miniatures, a fair line of `MTP_VIZ_CONCURRENCY` slots in the server's process for everything else.

Why shared results. The request (model pair, prompt, every setting and the seed) fixes the trace: greedy decoding
has one answer, and sampling draws from a generator seeded with the request's seed. A Trace is frozen, so the same
request is answered with the same Trace object, from a small cache of the latest ones (`MTP_VIZ_TRACE_CACHE`,
default 32; 0 switches it off) or by waiting for the identical generation already running. A class pressing Run to
end on the first example costs one generation. Only the timings (draft_ms, verify_ms) are those of the first run,
so a page says when a trace came from the cache, and "Measure again" asks for a fresh one (one generation in the
line, like any Run to end). Failures are never cached: the next identical request tries again.

Why workers. A miniature's forward passes are tiny matrices wrapped in a lot of Python; in the server's process they
share one interpreter lock with Gradio and with drawing the views, so on 2 vCPUs a burst of visitors left one core
idle. app.py starts processes of their own for the bundled miniatures (two by default, `MTP_VIZ_WORKERS`; 0
switches them off), each with its own copy (a few MB); real checkpoints stay in the server's process (two copies of
a multi-GB model would not fit). Tests and scripts that never start them generate in their own process.

Model loads run one at a time on their own thread, outside Gradio's workers: a request waits for its load at most
policy.LOAD_WAIT_S, then says "still loading" and frees its worker, so a slow hub download never holds the visitors
who use a model that is already loaded.
"""
from __future__ import annotations

import itertools
import logging
import math
import multiprocessing
import os
import threading
import time
from collections import OrderedDict, deque
from contextlib import contextmanager
from dataclasses import dataclass
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool

import gradio as gr

from mtp_viz import worker
from mtp_viz.model_table import BUNDLED, MINIATURE
from mtp_viz.problems import Problem
from mtp_viz.settings import Request
from mtp_viz.strings import t
from mtp_viz.trace import Trace
from mtp_viz.ui import policy
from mtp_viz.ui.words import lang_now

log = logging.getLogger("mtp_viz")


def normalized(req: Request) -> Request:
    """The request with the model pair it really uses (policy.check_model): the cache's key."""
    model, assistant = policy.check_model(req.model, policy.assistant_for(req.model, req.proposer, req.assistant))
    return req.replace(model=model, assistant=assistant)


class Models:
    """The loaded model pairs, shared read-only by every session, and the one load in progress. A pair made ready
    elsewhere (a test's, a script's) is handed in with `hand` and then served like a loaded one; `held` says what is
    kept, and `last_load` what it last started to load."""

    def __init__(self):
        self._pairs: dict[tuple[str, str], object] = {}    # (model, assistant) -> ModelPair; read-only once loaded
        self._lock = threading.Lock()                       # guards _pairs and _pending, never held while loading
        self._loader = ThreadPoolExecutor(max_workers=1, thread_name_prefix="model-load")   # one load at a time
        self._pending: tuple[tuple[str, str], Future] | None = None   # the load in progress, if any

    def get(self, model: str, assistant: str = "", wait: float | None = None):
        """The loaded pair for (model, assistant), loading it if the policy allows; raises a Problem
        with a message.

        Waits up to `wait` seconds (default policy.LOAD_WAIT_S) for a load, then raises "still loading"; a request
        for a different model while one loads is told the server is busy instead of starting a second load."""
        key = policy.check_model(model, assistant)
        with self._lock:
            if key in self._pairs:
                return self._pairs[key]
            if self._pending is None or self._pending[1].done():
                self._pending = (key, self._loader.submit(self._load, key))
                if key[0] not in BUNDLED:
                    lang = lang_now()
                    gr.Info(t("step.loading", lang, model=key[0]), title=t("step.info", lang))
            elif self._pending[0] != key:
                raise Problem("public.busy", other=self._pending[0][0], model=key[0])
            future = self._pending[1]
        try:
            return future.result(timeout=policy.LOAD_WAIT_S if wait is None else wait)
        except FutureTimeout:
            raise Problem("public.loading", model=key[0]) from None

    def _load(self, key: tuple[str, str]):
        """Load, warm up and cache one pair (runs on the loader thread); a pair without a tokenizer is not cached."""
        pair = worker.ready(*key)      # a Problem ("public.no_tokenizer") when its tokenizer did not load
        self.hand(pair, *key)
        return pair

    def hand(self, pair, model: str, assistant: str = "") -> None:
        """Keep a ready ModelPair under (model, assistant), as a finished load does: `get` answers with it from now
        on. The names are kept as given (`get` looks up what policy.check_model makes of a request's). A real
        checkpoint beyond policy.MAX_HUB_PAIRS pushes out the oldest one; a run still using it keeps it alive."""
        with self._lock:
            hub = [k for k in self._pairs if k[0] not in BUNDLED]
            if model not in BUNDLED and len(hub) >= policy.MAX_HUB_PAIRS:
                del self._pairs[hub[0]]
            self._pairs[model, assistant] = pair

    def held(self) -> dict[tuple[str, str], object]:
        """What is kept now: (model, assistant) -> ModelPair, the oldest first (a copy; loads in progress are not in
        it)."""
        with self._lock:
            return dict(self._pairs)

    def last_load(self) -> tuple[str, str] | None:
        """The (model, assistant) this cache last started to load, under way or done; None when it never started one
        (a refused request starts none)."""
        with self._lock:
            return self._pending[0] if self._pending is not None else None

    def preload(self) -> threading.Thread:
        """Load and warm the miniature in the background at server start, so the first Step does not wait for it.

        The engine and the transformers classes it uses are imported first, here on the calling thread:
        transformers resolves its names lazily, and a visitor's request importing them while the loader thread did
        once failed with "cannot import name 'LogitsProcessorList' from 'transformers'" (a fresh server, a race
        started at once)."""
        from transformers import AutoModelForCausalLM, AutoTokenizer  # noqa: F401

        from mtp_viz import api, models  # noqa: F401

        def load():
            try:
                self.get(MINIATURE, wait=600)
            except ValueError as exc:   # a missing miniature is reported again when a visitor presses Step
                log.warning("preloading the miniature failed: %s", exc)
        thread = threading.Thread(target=load, name="preload-miniature", daemon=True)
        thread.start()
        return thread


@dataclass
class _Wait:
    """A request waiting for a worker: its answer, whether it runs alone, and how many of its jobs a dying worker
    took down with it."""
    req: Request
    answer: Future
    alone: bool
    lost: int = 0
    arrived: int = 0                # when it came, on Workers' clock of arrivals and job starts
    since: float = 0.0              # when it came, in time.monotonic() seconds


@dataclass
class _Slot:
    """One worker process (a ProcessPoolExecutor of one) and what it is doing: warming up, free, or on a job."""
    pool: ProcessPoolExecutor | None
    state: str = "warming"          # "warming" -> "free" <-> "busy"; a dead one is replaced by a new _Slot
    pid: int | None = None          # known once warm
    failed: int = 0                 # warm-ups that died in a row before this one
    replaces: tuple[int | None, float] | None = None   # the dead worker's pid, and when its death was noticed
    began: int = -1                 # when its current job began, on Workers' clock


class Workers:
    """The pool of worker processes (mtp_viz/worker.py) that generate the bundled miniatures' traces.

    Requests wait here in arrival order, and a free worker takes the next job: the oldest request and those for the
    same pair that wait behind it (at most policy.batch_size() in all), generated together with their passes joined
    (mtp_viz/batching.py). The waiting requests are shared among the free workers and those busy on a job that began
    before the oldest of them came (such a worker takes its share when it is free), so both cores run a join; a lone
    request runs alone, exactly as generate_trace does.

    A job starts once the line has stopped filling (policy.gather_s): a class's burst reaches the server over a
    tenth of a second, and a worker that took its first request alone at once kept the others waiting for that
    whole generation before they could join (16 visitors: two lone jobs of 0.4-0.7 s, then jobs of 7 and 8).

    Each worker is a process pool of its own, so a worker that dies (out of memory, killed) takes down only its own
    job: its requests go back to the front of the line for the next free worker (a request whose job died twice is
    answered with the Problem "public.worker_lost"), and a new process is started in its place, warm before it takes a
    job. The server never generates the bundled miniatures in its own process while it has workers."""

    LOST_MOST = 2          # a request whose job died this often is answered with a Problem, not run a third time

    def __init__(self):
        self.serves: tuple[str, ...] = ()
        self._lock = threading.Lock()
        self._waiting: deque[_Wait] = deque()
        self._ticks = itertools.count()      # orders arrivals and job starts (Slot.began, _Wait.arrived)
        self._slots: list[_Slot] = []
        self._threads: int | None = None
        self._gather = 0.0                   # policy.gather_s(), read when the workers start
        self._timer: threading.Timer | None = None     # a _dispatch due when the line stops filling
        self.replaced: list[tuple[int | None, float]] = []   # (the dead worker's pid, seconds until its successor was warm)

    def start(self, models: tuple[str, ...], threads: int | None) -> None:
        """Start the workers (`MTP_VIZ_WORKERS`, default 2) for these bundled models and load them now, in the
        background."""
        count = policy.worker_processes()
        if count == 0 or not models:
            return
        self.serves, self._threads, self._gather = tuple(models), threads, policy.gather_s()
        with self._lock:
            self._slots = [self._spawn() for _ in range(count)]
        for slot in list(self._slots):
            self._launch(slot)
        threading.Thread(target=self._watch, name="watch-workers", daemon=True).start()

    def stop(self) -> None:
        with self._lock:
            slots, self._slots, self.serves = self._slots, [], ()
        for slot in slots:
            if slot.pool is not None:
                slot.pool.shutdown(cancel_futures=True)
        self._dispatch()     # whoever still waits generates in the server's process

    @property
    def count(self) -> int:
        return len(self._slots)

    def pids(self) -> list[int | None]:
        """Each worker's process id (None while one starts): what a test kills, what the soak samples."""
        with self._lock:
            return [slot.pid for slot in self._slots]

    def ready(self) -> int:
        """How many workers are warm (free or on a job)."""
        with self._lock:
            return sum(slot.state != "warming" for slot in self._slots)

    def generate(self, req: Request, alone: bool = False) -> Trace | None:
        """The Trace for a request from a worker, or None when no worker serves its model. `alone`: in a job of its
        own, whose times are its own (the race, "Measure again")."""
        if not self._slots or req.model not in self.serves:
            return None
        mine = _Wait(req, Future(), alone, arrived=next(self._ticks), since=time.monotonic())
        with self._lock:
            self._waiting.append(mine)
        self._dispatch()
        try:
            return mine.answer.result()
        except _Stopped:            # the pool was stopped under it (tests, shutdown): generate here
            return None

    # -- the line: who takes which job -------------------------------------------------------------------------------
    def _dispatch(self) -> None:
        """Give each free worker the next job: the oldest request and those for its pair that wait behind it, shared
        among the free workers when more than one is free."""
        while True:
            with self._lock:
                if not self._slots:          # stopped: whoever still waits generates in the server's process
                    stranded, self._waiting = list(self._waiting), deque()
                    for wait in stranded:
                        wait.answer.set_exception(_Stopped())
                    return
                free = [slot for slot in self._slots if slot.state == "free"]
                if not self._waiting or not free or self._filling(len(free)):
                    return
                # shared among the free workers and those busy on a job that began before the oldest waiting request
                # came (they will take a share of it): in a burst the first worker to finish its job would otherwise
                # take all that waited meanwhile, while the other finished a moment later and idled
                oldest = self._waiting[0].arrived
                busy = sum(slot.state == "busy" and slot.began < oldest for slot in self._slots)
                slot, job = free[0], self._next_job(len(free) + busy)
                slot.state, slot.began = "busy", next(self._ticks)
            try:
                done = slot.pool.submit(worker.generate_many, [wait.req for wait in job])
            except Exception as exc:      # a broken pool refuses new work: the worker has died
                self._finish(slot, job, None, exc)
                continue
            done.add_done_callback(lambda f, slot=slot, job=job: self._finish(slot, job, f, None))

    def _filling(self, free: int) -> bool:
        """Whether the line is still filling (under the lock): its newest request came less than the gathering time
        ago and its oldest less than four times that, and less than a whole batch waits for each free worker; if so,
        a _dispatch is due when it stops. A request that runs alone starts at once."""
        first, now = self._waiting[0], time.monotonic()
        if not self._gather or first.alone or len(self._waiting) >= free * policy.batch_size():
            return False
        due = min(self._waiting[-1].since + self._gather, first.since + 4 * self._gather)
        if due <= now:          # stopped filling, or the oldest has waited four times the gathering time
            return False
        if self._timer is None:
            self._timer = threading.Timer(due - now, self._gathered)
            self._timer.daemon = True
            self._timer.start()
        return True

    def _gathered(self) -> None:
        with self._lock:
            self._timer = None
        self._dispatch()

    def _next_job(self, workers: int) -> list[_Wait]:
        """The oldest request and those for its pair behind it (under the lock): its share when `workers` workers take
        shares, at most policy.batch_size()."""
        first = self._waiting.popleft()
        if first.alone:
            return [first]
        pair = (first.req.model, first.req.assistant)
        same = [w for w in self._waiting if not w.alone and (w.req.model, w.req.assistant) == pair]
        most = min(policy.batch_size(), math.ceil((len(same) + 1) / workers))
        job = [first] + same[:most - 1]
        for wait in job[1:]:
            self._waiting.remove(wait)
        return job

    def _finish(self, slot: _Slot, job: list[_Wait], done: Future | None, error: BaseException | None) -> None:
        error = error if error is not None else done.exception()
        if isinstance(error, BrokenProcessPool):
            self._lost(slot, job)
        else:
            with self._lock:
                slot.state = "free"
            results = [error] * len(job) if error is not None else done.result()
            for wait, result in zip(job, results):
                if isinstance(result, BaseException):
                    wait.answer.set_exception(result)
                else:
                    wait.answer.set_result(result)
        self._dispatch()

    # -- a worker that dies is replaced ------------------------------------------------------------------------------
    def _spawn(self, failed: int = 0, replaces: tuple[int | None, float] | None = None) -> _Slot:
        """A new worker process, warming up once _launch()ed."""
        pool = ProcessPoolExecutor(max_workers=1, mp_context=_start_method(),
                                   initializer=worker.init, initargs=(self._threads, os.getpid()))
        return _Slot(pool, failed=failed, replaces=replaces)

    def _launch(self, slot: _Slot) -> None:
        """Load the bundled pairs in a new worker (outside the lock: its end may be heard on this thread)."""
        try:
            slot.pool.submit(worker.warm, self.serves).add_done_callback(lambda f: self._warmed(slot, f))
        except RuntimeError:     # stopped meanwhile
            pass

    def _watch(self) -> None:
        """Ask each free worker for its pid every few seconds, so one that died idle is replaced before a visitor
        needs it (a job would notice too, and be run again)."""
        while True:
            time.sleep(WATCH_S)
            with self._lock:
                if not self._slots:
                    return
                free = [slot for slot in self._slots if slot.state == "free"]
            for slot in free:
                try:
                    slot.pool.submit(os.getpid).add_done_callback(lambda f, slot=slot: self._pinged(slot, f))
                except BrokenProcessPool:
                    self._lost(slot, [])
                except RuntimeError:     # replaced or stopped meanwhile
                    pass

    def _pinged(self, slot: _Slot, ping: Future) -> None:
        if isinstance(ping.exception(), BrokenProcessPool):
            self._lost(slot, [])

    def _warmed(self, slot: _Slot, warm: Future) -> None:
        error = warm.exception()
        if isinstance(error, BrokenProcessPool):     # died while loading (out of memory?): again, later each time
            log.error("a generation worker died while starting (%d time(s) in a row)", slot.failed + 1)
            self._replace(slot, [], failed=slot.failed + 1)
            return
        if error is not None:    # a pair that cannot load: its jobs will say why, in each visitor's words
            log.warning("a generation worker could not load its models: %s", error)
        with self._lock:
            if slot not in self._slots:      # stopped meanwhile
                return
            slot.pid, slot.state = (warm.result() if error is None else None), "free"
            if slot.replaces is not None:
                self.replaced.append((slot.replaces[0], time.monotonic() - slot.replaces[1]))
        self._dispatch()

    def _lost(self, slot: _Slot, job: list[_Wait]) -> None:
        """A worker died on a job: its requests go back to the front of the line, or are told, and it is replaced."""
        log.error("a generation worker (pid %s) stopped (%d request(s) on it); starting another", slot.pid, len(job))
        self._replace(slot, job)

    def _replace(self, slot: _Slot, job: list[_Wait], failed: int = 0) -> None:
        """Put a dead worker's job back in the line (each request at most LOST_MOST times) and start its successor:
        at once after a death on a job, after 2, 4, 8 ... 30 s after deaths while starting."""
        with self._lock:
            if slot not in self._slots:
                return
            again = [wait for wait in job if wait.lost + 1 < self.LOST_MOST]
            told = [wait for wait in job if wait.lost + 1 >= self.LOST_MOST]
            for wait in again:
                wait.lost += 1
            self._waiting.extendleft(reversed(again))     # first in the line again, in their order
            replaces = slot.replaces if failed else (slot.pid, time.monotonic())
            placeholder = _Slot(None, failed=failed, replaces=replaces)
            self._slots[self._slots.index(slot)] = placeholder
            stranded = failed > self.LOST_MOST and not any(s.state != "warming" for s in self._slots)
            if stranded:            # no worker has started for a while: nobody waits for one in silence
                told += list(self._waiting)
                self._waiting.clear()
        slot.pool.shutdown(wait=False, cancel_futures=True)
        for wait in told:
            wait.answer.set_exception(Problem("public.worker_lost"))

        def respawn():
            with self._lock:
                if placeholder not in self._slots:
                    return
                self._slots[self._slots.index(placeholder)] = new = self._spawn(failed, replaces)
            self._launch(new)
        if failed:
            timer = threading.Timer(min(30.0, 2.0 ** failed), respawn)
            timer.daemon = True
            timer.start()
        else:
            respawn()
        self._dispatch()


WATCH_S = 5.0      # how often a free worker is asked whether it still lives


def _start_method():
    """How a worker process starts: forked from a fork server that has imported torch, transformers and the engine
    once (never from the server's own process, whose threads a fork would copy mid-step), so a replacement is warm in
    seconds rather than the 30 s a fresh interpreter took on a loaded 2-core host; spawned where there is no fork
    server (Windows)."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(list(worker.PRELOAD))
    return context


class _Stopped(Exception):
    """The pool was stopped while a request waited for it."""


class Line:
    """`slots` turns at a time, given strictly in arrival order.

    A threading.Semaphore is not fair: a release wakes the oldest waiter, but a thread that arrives in that instant
    takes the slot first, so a late visitor could overtake one who had waited a whole generation. Here a finished
    turn is handed straight to the oldest waiter, and a newcomer queues behind anyone already waiting."""

    def __init__(self, slots: int):
        self._lock = threading.Lock()
        self._free = slots
        self._waiting: deque[threading.Event] = deque()

    @contextmanager
    def turn(self):
        with self._lock:
            if self._free and not self._waiting:
                self._free -= 1
                mine = None
            else:
                mine = threading.Event()
                self._waiting.append(mine)
        if mine is not None:
            mine.wait()                 # set only by a finishing turn, which hands over its slot
        try:
            yield
        finally:
            with self._lock:
                if self._waiting:
                    self._waiting.popleft().set()
                else:
                    self._free += 1


class Service:
    """Every generation the server runs: identical requests share one trace, the others take turns in one line."""

    def __init__(self):
        self.models, self.workers = Models(), Workers()
        self._lock = threading.Lock()
        self._done: OrderedDict[Request, Trace] = OrderedDict()   # request key -> trace, least recently used first
        self._running: dict[Request, Future] = {}                  # request key -> the generation under way
        self._slots: Line | None = None                          # made on first use, when the server runs

    def generate(self, req: Request, fresh: bool = False, alone: bool = False) -> Trace:
        """The trace for a request, checked against the deployment's policy first.

        `fresh`: measured again, not answered from the cache (it still joins an identical generation under way,
        whose times are new too, and takes its turn in the line); the new trace replaces the cached one. A fresh
        one runs alone. `alone`: a trace whose times are its own, never one that shared its passes with others'
        (Trace.shared_with), so its speed can be measured (the race)."""
        policy.check_request(req)
        req = key = normalized(req)
        alone = alone or fresh
        with self._lock:
            if key in self._done and not fresh and not (alone and self._done[key].shared_with):
                self._done.move_to_end(key)
                return self._done[key]
            running = self._running.get(key)
            if running is None:
                self._running[key] = mine = Future()
        if running is not None:
            trace = running.result()       # raises what the running generation raised
            if not (alone and trace.shared_with):
                return trace
            return self._produce(req, alone=True)
        try:
            trace = self._produce(req, alone)
        except BaseException as exc:
            with self._lock:
                del self._running[key]
            mine.set_exception(exc)
            raise
        with self._lock:
            del self._running[key]
            self._done[key] = trace
            self._done.move_to_end(key)
            while len(self._done) > policy.trace_cache_size():
                self._done.popitem(last=False)
        mine.set_result(trace)
        return trace

    def measure(self, req: Request) -> Trace:
        """A generation timed alone, for a measurement (the lab's sweep): checked like any request, waiting its turn
        in the same line, never answered from the cache nor kept in it."""
        policy.check_request(req)
        return self._produce(normalized(req), alone=True)

    def parallel(self, model: str) -> int:
        """How many measurements can run side by side without sharing a core: one per worker process that serves
        the model, else one."""
        return self.workers.count if model in self.workers.serves else 1

    def cached(self, req: Request, alone: bool = False) -> bool:
        """Whether generate(req, alone=alone) would answer from the cache now, without generating (the pages say so)."""
        try:
            key = normalized(req)
        except ValueError:
            return False
        with self._lock:
            return key in self._done and not (alone and self._done[key].shared_with)

    def forget(self) -> None:
        """Drop every cached trace (tests, and a server that wants fresh timings)."""
        with self._lock:
            self._done.clear()

    def _produce(self, req: Request, alone: bool = False) -> Trace:
        """Generate, in a worker process when one serves the model, else here, `MTP_VIZ_CONCURRENCY` at a time."""
        trace = self.workers.generate(req, alone)   # None unless a worker serves the model; its line is first-come
        if trace is not None:
            return trace
        pair = self.models.get(req.model, req.assistant)     # waiting for a load holds no slot
        with self._line().turn():
            return worker.run(pair, req)

    def _line(self) -> Line:
        with self._lock:
            if self._slots is None:     # the environment is read when the server runs, not at import
                self._slots = Line(policy.generation_slots())
            return self._slots


SERVICE = Service()    # the server's one; tests make their own
