"""Work drawn in a process of its own at a low CPU priority, from the CPU that generations and the server leave idle.

Knows a process pool, the jobs waiting in it (one per key, shared by whoever asks for the same) and when to give a
job up; nothing of what it draws, of Gradio or of generation. The step-through sends it a trace's whole deck (every
view, every round: seconds of CPU for a trace made here, ui/player.py), which the server's own process could not draw
without holding up every visitor's requests and the workers' generations.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from typing import Callable

log = logging.getLogger(__name__)

NICE = 10          # the drawer's niceness: beside a generation at niceness 0 it gets about a tenth of a core
PENDING = 64       # jobs waiting at most; more are refused (their pages keep asking the server for a view)
KEPT = 8           # finished jobs whose answers are kept, for whoever asks for the same again
PATIENCE_S = 300.0
POLL_S = 1.0       # how often a waiter checks that its job is still wanted


def _lowly(parent: int) -> None:
    """A drawing process's start: a low priority, and an end of its own when the server that started it is gone."""
    os.nice(NICE)

    def orphaned():
        while os.getppid() == parent:
            time.sleep(2.0)
        os._exit(0)
    threading.Thread(target=orphaned, name="orphan-watch", daemon=True).start()


def _imported(*names: str) -> None:
    """Imports `names` in the drawing process (what a first job would otherwise wait for)."""
    for name in names:
        __import__(name)


class _Job:
    def __init__(self, key, fn: Callable, args: tuple):
        self.key, self.fn, self.args = key, fn, args
        self.future: concurrent.futures.Future = concurrent.futures.Future()
        self.waiters, self.started = 0, False


class Drawer:
    """Runs `fn(*args)` in a drawing process (`process` false: in a thread of the server's own process), one job at a
    time, oldest first, one job per key however many wait for it; a job nobody waits for any more is dropped before
    it starts. A thread of the server's (the feeder) hands the jobs over one by one, so none is queued where it could
    not be dropped. The KEPT latest answers are kept with what their jobs were given (a key may name an object by its
    id, which stays its own while the object lives)."""

    def __init__(self, process: bool = True):
        self.process = process
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self._jobs: dict = {}          # key -> _Job, in the order asked
        self._answers: OrderedDict = OrderedDict()     # key -> (the job's args, its answer), the latest last
        self._cond = threading.Condition()
        self._feeder: threading.Thread | None = None

    def start(self, *warm: str) -> None:
        """Start the drawing process now, importing the modules `warm` names, so a first job does not wait."""
        if self.process:
            self._workers().submit(_imported, *warm)

    def _workers(self) -> concurrent.futures.ProcessPoolExecutor:
        if self._pool is None:
            self._pool = concurrent.futures.ProcessPoolExecutor(
                1, mp_context=multiprocessing.get_context("spawn"), initializer=_lowly, initargs=(os.getpid(),))
        return self._pool

    def _feed(self) -> None:
        while True:
            with self._cond:
                while (job := next((j for j in self._jobs.values() if not j.started), None)) is None:
                    self._cond.wait()
                job.started = True
            try:
                answer = self._workers().submit(job.fn, *job.args).result()
                with self._cond:
                    self._answers[job.key] = (job.args, answer)
                    while len(self._answers) > KEPT:
                        self._answers.popitem(last=False)
                job.future.set_result(answer)
            except concurrent.futures.process.BrokenProcessPool as err:     # replaced for the next job
                log.warning("the drawing process died: %s", err)
                self._pool = None
                job.future.set_exception(err)
            except BaseException as err:
                job.future.set_exception(err)
            with self._cond:
                self._jobs = {k: j for k, j in self._jobs.items() if j is not job}

    async def draw(self, key, fn: Callable, *args, wanted: Callable[[], bool] = lambda: True,
                   patience_s: float = PATIENCE_S):
        """fn(*args), drawn in the background: None when nobody wants it any more (`wanted()` turned false), after
        `patience_s`, when too many jobs wait, or when the drawing failed (a drawing process that died is replaced
        for the next job)."""
        if not self.process:
            return await asyncio.to_thread(fn, *args)
        with self._cond:
            if key in self._answers:
                self._answers.move_to_end(key)
                return self._answers[key][1]
            job = self._jobs.get(key)
            if job is None:
                if len(self._jobs) >= PENDING:
                    return None
                job = self._jobs[key] = _Job(key, fn, args)
                if self._feeder is None:
                    self._feeder = threading.Thread(target=self._feed, name="drawer-feed", daemon=True)
                    self._feeder.start()
                self._cond.notify()
            job.waiters += 1
        future, started = asyncio.wrap_future(job.future), time.monotonic()
        try:
            while True:
                try:
                    return await asyncio.wait_for(asyncio.shield(future), POLL_S)
                except asyncio.TimeoutError:
                    if not wanted() or time.monotonic() - started > patience_s:
                        return None
                except Exception:
                    log.exception("a drawing failed")
                    return None
        finally:
            with self._cond:
                job.waiters -= 1
                if job.waiters == 0 and not job.started:       # nobody wants it now: dropped before it starts
                    self._jobs.pop(key, None)
                    job.future.cancel()

    def stop(self) -> None:
        """Shut the drawing process down (a later job starts a new one)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def pending(self) -> int:
        """Jobs asked for and not yet done."""
        with self._cond:
            return len(self._jobs)
