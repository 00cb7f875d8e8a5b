"""Tests for mtp_viz.ui.service (its generation line): identical requests share one trace (cached or in flight),
failures are not kept, the cache is bounded, a fresh request is measured again, and generations in the server's
process take turns first come, first served. Each test has a Service of its own.

Swaps generate_trace for a recorder where the test is about order and counting; uses the tiny pair otherwise.
"""
from __future__ import annotations

import threading
import time

import pytest

import mtp_viz
from mtp_viz.ui import policy, session
from mtp_viz.ui import service as service_module
from mtp_viz.ui.service import Line, Service
from mtp_viz.ui.policy import MINIATURE
from trace_fixtures import make_trace


@pytest.fixture()
def service(monkeypatch) -> Service:
    """A server's service of its own (so it reads MTP_VIZ_CONCURRENCY afresh), with every model "loaded"."""
    for name in ("SPACE_ID", "MTP_VIZ_PUBLIC", "MTP_VIZ_MODELS", "GRADIO_SERVER_NAME", "MTP_VIZ_CONCURRENCY",
                 "MTP_VIZ_TRACE_CACHE", "MTP_VIZ_QUEUE_SIZE"):
        monkeypatch.delenv(name, raising=False)
    fresh = Service()
    fresh.models.get = lambda model, assistant: (model, assistant)
    return fresh


class Recorder:
    """A stand-in for generate_trace: records each call's prompt, how many ran at once, and can be slow or fail."""

    def __init__(self, seconds: float = 0.0, fail: int = 0):
        self.seconds, self.fail = seconds, fail
        self.prompts: list[str] = []
        self.running = self.most = 0
        self.lock = threading.Lock()

    def __call__(self, pair, prompt, **kwargs):
        with self.lock:
            self.prompts.append(prompt)
            self.running += 1
            self.most = max(self.most, self.running)
        try:
            time.sleep(self.seconds)
            if self.fail:
                self.fail -= 1
                raise RuntimeError("the model fell over")
            return make_trace()
        finally:
            with self.lock:
                self.running -= 1


def req(**changes) -> dict:
    return session.START.replace(**changes)


def test_the_same_request_gets_the_same_trace_and_another_a_new_one(service, monkeypatch):
    recorder = Recorder()
    monkeypatch.setattr(mtp_viz, "generate_trace", recorder)
    first = service.generate(req())
    assert service.generate(req()) is first
    assert service.generate(req(model=f"  {MINIATURE} ")) is first       # normalised before the lookup
    assert service.generate(req(seed=1)) is not first
    assert service.generate(req(max_new_tokens=8)) is not first
    assert len(recorder.prompts) == 3


def test_the_cache_is_bounded_and_can_be_switched_off(service, monkeypatch):
    recorder = Recorder()
    monkeypatch.setattr(mtp_viz, "generate_trace", recorder)
    monkeypatch.setenv("MTP_VIZ_TRACE_CACHE", "2")
    for seed in (1, 2, 3, 1):          # seed 1 was the least recently used when seed 3 came: it was dropped
        service.generate(req(seed=seed))
    assert len(recorder.prompts) == 4 and len(service._done) == 2
    monkeypatch.setenv("MTP_VIZ_TRACE_CACHE", "0")
    service.forget()
    assert service.generate(req()) is not service.generate(req())
    assert len(service._done) == 0


def test_identical_requests_at_once_cost_one_generation(service, monkeypatch):
    recorder = Recorder(seconds=0.3)
    monkeypatch.setattr(mtp_viz, "generate_trace", recorder)
    got = []
    threads = [threading.Thread(target=lambda: got.append(service.generate(req()))) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(recorder.prompts) == 1 and len(got) == 8 and all(trace is got[0] for trace in got)


def test_a_failure_reaches_everyone_waiting_and_is_not_kept(service, monkeypatch):
    waiting, gate = threading.Semaphore(0), threading.Event()

    class Watched(service_module.Future):
        def result(self, timeout=None):
            waiting.release()                  # a visitor now waits on the generation under way
            return super().result(timeout)

    def failing_once(pair, prompt, **kwargs):  # the first generation fails, but only once both others wait on it
        if not recorder.prompts:
            assert gate.wait(30), "the other visitors never joined the generation under way"
        return recorder(pair, prompt, **kwargs)

    monkeypatch.setattr(service_module, "Future", Watched)
    recorder = Recorder(fail=1)
    monkeypatch.setattr(mtp_viz, "generate_trace", failing_once)
    errors = []

    def ask():
        try:
            service.generate(req())
        except RuntimeError as exc:
            errors.append(exc)
    threads = [threading.Thread(target=ask) for _ in range(3)]
    for thread in threads:
        thread.start()
    assert waiting.acquire(timeout=30) and waiting.acquire(timeout=30)
    gate.set()
    for thread in threads:
        thread.join()
    assert len(errors) == 3 and len(recorder.prompts) == 1
    assert service.generate(req()) is not None and len(recorder.prompts) == 2     # tried again, and worked
    assert service._running == {}


def test_refused_requests_never_reach_the_line(service, monkeypatch):
    recorder = Recorder()
    monkeypatch.setattr(mtp_viz, "generate_trace", recorder)
    monkeypatch.setenv("MTP_VIZ_PUBLIC", "1")
    with pytest.raises(policy.Refused):
        service.generate(req(model="someone/huge-model"))
    with pytest.raises(ValueError, match="at most 16"):
        service.generate(req(num_assistant_tokens=17))
    assert recorder.prompts == []


@pytest.mark.parametrize("slots", [1, 2])
def test_generations_in_the_server_take_turns_first_come_first_served(service, monkeypatch, slots):
    """`MTP_VIZ_CONCURRENCY` generations at once, and the waiting ones start in the order they arrived."""
    monkeypatch.setenv("MTP_VIZ_CONCURRENCY", str(slots))
    recorder = Recorder(seconds=0.15)
    monkeypatch.setattr(mtp_viz, "generate_trace", recorder)
    threads = []
    for i in range(6):
        threads.append(threading.Thread(target=service.generate, args=(req(prompt=f"visitor {i}"),)))
        threads[-1].start()
        deadline = time.monotonic() + 30   # the next visitor comes once this one runs or waits in line (a sleep
        while len(recorder.prompts) + len(service._line()._waiting) <= i:  # between starts was no order on CI)
            assert time.monotonic() < deadline, f"visitor {i} neither runs nor waits"
            time.sleep(0.001)
    for thread in threads:
        thread.join()
    assert recorder.most == slots
    # each visitor starts before every visitor who came `slots` or more places later: two turns that end together
    # wake their two waiters together, and which of those two starts first is the scheduler's choice
    started = {int(p.split()[-1]): k for k, p in enumerate(recorder.prompts)}
    assert sorted(started) == list(range(6))
    assert all(started[i] < started[j] for i in range(6) for j in range(i + slots, 6)), recorder.prompts


def test_a_finished_turn_goes_to_the_oldest_waiter_not_to_a_newcomer():
    """The race a plain semaphore loses (CI saw it): a turn ends just as a new visitor arrives. The visitor who
    waited gets the slot; the newcomer queues behind. (The newcomer is this thread, asking at once after the
    release, before the woken waiter has run: a semaphore would let it in first.)"""
    line, entered = Line(1), []

    def waiter():
        with line.turn():
            entered.append("waited")

    first = line.turn()
    first.__enter__()
    thread = threading.Thread(target=waiter)
    thread.start()
    while not line._waiting:                 # the waiter is queued
        time.sleep(0.001)
    first.__exit__(None, None, None)         # the turn ends, and at once a newcomer asks
    with line.turn():
        entered.append("newcomer")
    thread.join(timeout=5)
    assert entered == ["waited", "newcomer"]
    assert line._free == 1 and not line._waiting


@pytest.mark.slow
def test_events_that_generate_wait_in_the_line_not_in_gradio_s_queue(service, monkeypatch):
    """Step, Run to end, Measure again, Play and the `trace` API are admitted up to the queue's size (they queue in
    the line); every other event keeps the queue's default concurrency."""
    from mtp_viz.ui import build_demo

    monkeypatch.setenv("MTP_VIZ_QUEUE_SIZE", "40")
    demo = build_demo(service)
    limits = {}
    for block_fn in demo.fns.values():
        limits[block_fn.name] = block_fn.concurrency_limit
    assert limits["trace"] == 40
    assert {limits[name] for name in ("step", "run_to_end", "measure_again", "play")} == {40}
    assert limits["reset"] == "default" and limits["tick"] == "default"


def test_a_fresh_request_is_measured_again_and_replaces_the_cached_trace(service, monkeypatch):
    """"Measure again": the same request generated anew (new times), in the same line; later ones get the new trace."""
    recorder = Recorder()
    monkeypatch.setattr(mtp_viz, "generate_trace", recorder)
    first = service.generate(req())
    assert service.cached(req()) and not service.cached(req(seed=1))
    again = service.generate(req(), fresh=True)
    assert again is not first and len(recorder.prompts) == 2
    assert service.generate(req()) is again and len(recorder.prompts) == 2
