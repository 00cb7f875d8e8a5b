"""Generations run together (mtp_viz/batching.py) stay lossless: each visitor's greedy output and drafts are the ones
it gets alone, sampling keeps the target's distribution, a failure stays its requester's, the passes really are
joined, and the server's workers hand a class's waiting requests out as such jobs."""
from __future__ import annotations

import threading
from concurrent.futures import Future

import pytest
import torch
from conftest import LANGS, gemma4_assistant, gemma4_target
from test_sampling import CHI2_999, PROMPT, V, chi_square, exact_marginals

from mtp_viz import ModelPair, batching, generate_trace, lean, sampling
from mtp_viz.problems import Problem
from mtp_viz.settings import Request, Settings

PROMPTS = [[5, 9, 14, 3], [7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7], [30, 31], [100, 4, 250, 8, 60, 61, 62],
           [12, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52], [200]]


def _story(trace) -> list:
    """What a round decided: its N, drafts, verdicts and tokens (the numbers may differ in their last bits)."""
    return [(r.num_assistant_tokens, r.draft_token_ids, [v.verdict for v in r.verify_steps], r.emitted_token_ids,
             r.cache_len_after) for r in trace.rounds]


def _together(pair, prompts, **settings):
    results = batching.generate_together(pair, [(p, Settings.checked(**settings)) for p in prompts])
    for r in results:
        if isinstance(r, BaseException):
            raise r
    return results


@pytest.mark.parametrize("settings", [dict(schedule="heuristic"), dict(schedule="constant", num_assistant_tokens=3),
                                      dict(proposer="prompt-lookup"), dict(proposer="none")],
                         ids=["mtp-heuristic", "mtp-constant", "prompt-lookup", "no-drafter"])
def test_greedy_together_is_each_generation_alone(tiny_pair, settings):
    alone = [generate_trace(tiny_pair, p, max_new_tokens=24, **settings) for p in PROMPTS]
    together = _together(tiny_pair, PROMPTS, max_new_tokens=24, **settings)
    for a, b in zip(alone, together):
        assert b.new_token_ids == a.new_token_ids
        assert _story(b) == _story(a)
        assert b.target_forward_passes == a.target_forward_passes
        assert b.drafter_forward_passes == a.drafter_forward_passes


def test_greedy_together_matches_transformers_generate(tiny_pair_plain):
    """The target alone, through transformers' own greedy generate, writes what each generation run together
    wrote: batching changes who shares a pass, never the output."""
    together = _together(tiny_pair_plain, PROMPTS, max_new_tokens=16)
    for prompt, trace in zip(PROMPTS, together):
        with torch.no_grad():
            out = tiny_pair_plain.target.generate(torch.tensor([prompt]), max_new_tokens=16, do_sample=False,
                                                  min_new_tokens=0)
        want = out[0, len(prompt):].tolist()
        assert trace.new_token_ids == want[:len(trace.new_token_ids)]


def test_the_passes_are_joined_and_a_lone_request_runs_alone(tiny_pair, monkeypatch):
    widths = {"target": [], "draft": []}
    real_forward, real_draft = lean.forward_many, lean.draft_many
    monkeypatch.setattr(lean, "forward_many", lambda m, calls, **k: widths["target"].append(len(calls))
                        or real_forward(m, calls, **k))
    monkeypatch.setattr(lean, "draft_many", lambda m, calls: widths["draft"].append(len(calls))
                        or real_draft(m, calls))
    together = _together(tiny_pair, PROMPTS, max_new_tokens=16, schedule="constant", num_assistant_tokens=4)
    assert max(widths["target"]) == len(PROMPTS)   # a round's verification: one pass for every generation
    assert max(widths["draft"]) == len(PROMPTS)
    assert widths["target"][0] == len(PROMPTS)          # the prompts are read in one pass too
    for trace in together:                              # a shared pass has no CPU time of its own
        assert all(r.cpu_ms is None and r.wall_ms is not None for r in trace.rounds)
    widths["target"].clear()
    [alone] = _together(tiny_pair, PROMPTS[:1], max_new_tokens=16)
    assert set(widths["target"]) == {1} and all(r.cpu_ms is not None for r in alone.rounds[1:])


def test_a_failure_stays_with_its_request(tiny_pair):
    results = batching.generate_together(tiny_pair, [(PROMPTS[0], Settings()), ([999999], Settings()),
                                                     (PROMPTS[2], Settings.checked(max_new_tokens=8))])
    assert isinstance(results[1], Problem) and results[1].code == "engine.vocab"
    assert results[0].new_token_ids == generate_trace(tiny_pair, PROMPTS[0]).new_token_ids
    assert results[2].new_token_ids == generate_trace(tiny_pair, PROMPTS[2], max_new_tokens=8).new_token_ids


def test_a_failing_pass_reaches_every_generation_in_it_and_nothing_hangs(tiny_pair, monkeypatch):
    real = lean.forward_many

    def failing(model, calls, **k):
        if len(calls) > 1:
            raise RuntimeError("out of memory in a joined pass")
        return real(model, calls, **k)
    monkeypatch.setattr(lean, "forward_many", failing)
    done = []
    thread = threading.Thread(target=lambda: done.append(batching.generate_together(
        tiny_pair, [(p, Settings()) for p in PROMPTS[:3]])))
    thread.start()
    thread.join(60)
    assert not thread.is_alive()
    assert all(isinstance(r, RuntimeError) for r in done[0])


def test_greedy_together_on_the_miniature_is_each_generation_alone(miniature):
    prompts = ["Once upon a time,", "The little dog", "Tom counted to", "My favourite food is", "We went to the sea"]
    settings = dict(max_new_tokens=32, schedule="heuristic")
    together = _together(miniature, prompts, **settings)
    for prompt, trace in zip(prompts, together):
        alone = generate_trace(miniature, prompt, **settings)
        assert trace.new_token_ids == alone.new_token_ids
        assert _story(trace) == _story(alone)
        for a, b in zip(alone.rounds, trace.rounds):      # the same arithmetic on more rows: the last bits only
            for x, y in zip(a.verify_steps, b.verify_steps):
                assert y.p == pytest.approx(x.p, abs=1e-4)


@pytest.mark.slow
def test_sampling_together_keeps_target_marginals():
    """The chi-square test of tests/test_sampling.py, on generations run eight at a time."""
    pair = ModelPair(gemma4_target(vocab=V, eos_token_id=None), gemma4_assistant(vocab=V, num_centroids=4, top_k=2,
                                                                                  seed=3))
    warp = dict(temperature=0.05)
    exact = exact_marginals(pair.target, sampling.build_warpers(True, warp["temperature"], None, None))
    counts, rejections, accepts = torch.zeros(3, V), 0, 0
    runs, job = 1200, 8
    for first in range(0, runs, job):
        traces = [(PROMPT, Settings.checked(max_new_tokens=5, num_assistant_tokens=4, schedule="constant",
                                            do_sample=True, seed=seed, **warp)) for seed in range(first, first + job)]
        for t in batching.generate_together(pair, traces):
            assert not isinstance(t, BaseException), t
            for pos in range(3):
                counts[pos, t.new_token_ids[pos]] += 1
            rejections += sum(r.last_token_kind == "correction" for r in t.rounds)
            accepts += t.stats["num_accepted_tokens"]
    assert rejections > 100 and accepts > 100
    for pos in range(3):
        stat, df = chi_square(counts[pos], exact[pos])
        print(f"together, position {pos + 1}: chi-square {stat:.1f}, df {df}, bound {CHI2_999[min(df, 15)]}")
        assert stat < CHI2_999[min(df, 15)], f"position {pos + 1}: chi-square {stat:.1f} (df {df})"


def _until(condition, seconds: float = 10.0) -> None:
    waited = threading.Event()
    for _ in range(int(seconds / 0.01)):
        if condition():
            return
        waited.wait(0.01)
    raise AssertionError("the condition never held")


class _Pool:
    """A stand-in for one worker's process pool: it records each job and lets the test finish it."""

    def __init__(self):
        self.jobs: list[tuple[list[Request], Future]] = []
        self.arrived = threading.Semaphore(0)
        self.shut = False

    def submit(self, fn, reqs):
        done = Future()
        self.jobs.append((reqs, done))
        self.arrived.release()
        return done

    def shutdown(self, wait=True, cancel_futures=False):
        self.shut = True


def _workers(*pools):
    """A service's Workers whose free workers are these stand-ins."""
    from mtp_viz.ui import service as service_module

    workers = service_module.Workers()
    workers.serves = ("miniature", "miniature-shallow")
    workers._slots = [service_module._Slot(pool, state="free", pid=1000 + i) for i, pool in enumerate(pools)]
    return workers


def _visit(workers, reqs, answers, queued: bool = True) -> list[threading.Thread]:
    """Each request from its own visitor, one at a time, so the line's order is the arrival order (`queued`: each
    waits in the line, no worker being free)."""
    def visit(req):
        try:
            answers[req.prompt] = workers.generate(req)
        except Exception as exc:
            answers[req.prompt] = exc
    threads = []
    for req in reqs:
        threads.append(threading.Thread(target=visit, args=(req,)))
        threads[-1].start()
        if queued:
            _until(lambda: len(workers._waiting) >= len(threads))
    return threads


def test_the_workers_hand_waiting_requests_out_together_oldest_first(monkeypatch):
    monkeypatch.setenv("MTP_VIZ_BATCH", "3")
    pool = _Pool()
    workers = _workers(pool)
    reqs = [Request(model=m, prompt=f"p{i}") for i, m in
            enumerate(["miniature", "miniature", "miniature-shallow", "miniature", "miniature", "miniature"])]
    answers = {}
    workers._slots[0].state = "busy"               # on a job of someone else's: the line fills up
    threads = _visit(workers, reqs, answers)
    with workers._lock:
        workers._slots[0].state = "free"           # that job ends
    workers._dispatch()
    for expect in (["p0", "p1", "p3"], ["p2"], ["p4", "p5"]):
        assert pool.arrived.acquire(timeout=10)
        reqs_now, done = pool.jobs[-1]
        assert [r.prompt for r in reqs_now] == expect
        done.set_result([f"trace of {r.prompt}" for r in reqs_now])
    for thread in threads:
        thread.join(10)
    assert answers == {r.prompt: f"trace of {r.prompt}" for r in reqs}


def _burst(n: int):
    """Two stand-in workers, both on a job, and `n` requests waiting in the line behind them: (pools, workers, reqs,
    answers, the visitors' threads)."""
    pools = _Pool(), _Pool()
    workers = _workers(*pools)
    for slot in workers._slots:
        slot.state = "busy"
    reqs = [Request(model="miniature", prompt=f"p{i}") for i in range(n)]
    answers = {}
    return pools, workers, reqs, answers, _visit(workers, reqs, answers)


def _answer_first_jobs(pools, threads) -> None:
    """Each pool's first job answered with a trace per request, and the visitors waited for."""
    for pool in pools:
        pool.jobs[0][1].set_result([f"trace of {r.prompt}" for r in pool.jobs[0][0]])
    for thread in threads:
        thread.join(10)


def test_two_free_workers_share_the_waiting_requests():
    """A burst is shared among the free workers (one took a whole burst while the other idled): 5 waiting for two
    free workers make jobs of 3 and 2; a request that runs alone stays alone."""
    pools, workers, reqs, answers, threads = _burst(5)
    with workers._lock:
        for slot in workers._slots:
            slot.state = "free"
    workers._dispatch()
    assert [[r.prompt for r in pool.jobs[0][0]] for pool in pools] == [["p0", "p1", "p2"], ["p3", "p4"]]
    _answer_first_jobs(pools, threads)
    assert answers == {r.prompt: f"trace of {r.prompt}" for r in reqs}


def test_a_worker_free_first_takes_only_its_share_of_a_burst():
    """A burst shared among the warm workers, not only the free ones: the first of two workers to finish takes 3 of
    6 waiting requests, and the other 3 wait for the second worker, which was a moment from finishing (the first took
    the whole burst while the second then idled)."""
    pools, workers, reqs, answers, threads = _burst(6)
    with workers._lock:
        workers._slots[0].state = "free"
    workers._dispatch()
    assert pools[0].arrived.acquire(timeout=10)
    assert [r.prompt for r in pools[0].jobs[0][0]] == ["p0", "p1", "p2"] and not pools[1].jobs
    with workers._lock:
        workers._slots[1].state = "free"
    workers._dispatch()
    assert pools[1].arrived.acquire(timeout=10)
    assert [r.prompt for r in pools[1].jobs[0][0]] == ["p3", "p4", "p5"]
    _answer_first_jobs(pools, threads)
    assert answers == {r.prompt: f"trace of {r.prompt}" for r in reqs}


def test_a_burst_is_gathered_before_its_jobs_start():
    """A job starts once the line stops filling (policy.gather_s), so a burst's first request is not taken alone
    while the rest wait for that whole generation: five requests coming one after another make no job while they
    come, then jobs of 3 and 2 for the two free workers; a lone request starts after the gathering time, and one that
    must run alone (the race) at once."""
    pools = _Pool(), _Pool()
    workers = _workers(*pools)
    workers._gather = 1.0
    reqs = [Request(model="miniature", prompt=f"p{i}") for i in range(5)]
    answers = {}
    threads = _visit(workers, reqs, answers)          # each waits in the line: no job started
    assert not pools[0].jobs and not pools[1].jobs
    assert pools[0].arrived.acquire(timeout=10) and pools[1].arrived.acquire(timeout=10)
    assert [[r.prompt for r in pool.jobs[0][0]] for pool in pools] == [["p0", "p1", "p2"], ["p3", "p4"]]
    _answer_first_jobs(pools, threads)
    assert answers == {r.prompt: f"trace of {r.prompt}" for r in reqs}

    workers._gather = 5.0
    with workers._lock:
        for slot in workers._slots:
            slot.state = "free"
    race = Request(model="miniature", prompt="race")
    racing = threading.Thread(target=lambda: answers.update(race=workers.generate(race, alone=True)))
    racing.start()
    assert pools[0].arrived.acquire(timeout=4)          # before the gathering time is over
    assert [r.prompt for r in pools[0].jobs[1][0]] == ["race"]
    pools[0].jobs[1][1].set_result(["trace of race"])
    racing.join(10)
    assert answers["race"] == "trace of race"

    workers._gather = 0.5
    with workers._lock:
        workers._slots[0].state = "free"
    lone = _visit(workers, [Request(model="miniature", prompt="lone")], answers)
    assert not pools[0].jobs[2:] and pools[0].arrived.acquire(timeout=10)
    pools[0].jobs[2][1].set_result(["trace of lone"])
    lone[0].join(10)
    assert answers["lone"] == "trace of lone"


def test_a_dead_workers_job_runs_again_and_the_worker_is_replaced(monkeypatch):
    """A worker that dies takes only its own job down: its requests go first in the line again, a request whose job
    died twice gets the Problem "public.worker_lost", and a new worker takes its place, taking jobs once warm."""
    from concurrent.futures.process import BrokenProcessPool

    from mtp_viz.ui import service as service_module

    first, successors = _Pool(), []
    workers = _workers(first)
    launched = []

    def spawn(failed=0, replaces=None):
        successors.append(_Pool())
        return service_module._Slot(successors[-1], failed=failed, replaces=replaces)
    monkeypatch.setattr(workers, "_spawn", spawn)
    monkeypatch.setattr(workers, "_launch", launched.append)
    answers = {}
    threads = _visit(workers, [Request(model="miniature", prompt="a")], answers, queued=False)
    assert first.arrived.acquire(timeout=10)
    threads += _visit(workers, [Request(model="miniature", prompt="b")], answers)   # waits behind the job
    first.jobs[0][1].set_exception(BrokenProcessPool("killed"))
    assert first.shut and len(launched) == 1 and workers._slots == launched
    assert [w.req.prompt for w in workers._waiting] == ["a", "b"] and not successors[0].jobs   # not warm yet
    warm = Future()
    warm.set_result(4242)
    workers._warmed(launched[0], warm)
    assert workers.pids() == [4242] and workers.replaced[0][0] == 1000
    assert successors[0].arrived.acquire(timeout=10)
    assert [r.prompt for r in successors[0].jobs[0][0]] == ["a", "b"]
    successors[0].jobs[0][1].set_exception(BrokenProcessPool("killed again"))   # "a" has now lost two jobs
    workers._warmed(launched[1], warm)
    assert successors[1].arrived.acquire(timeout=10)
    assert [r.prompt for r in successors[1].jobs[0][0]] == ["b"]
    successors[1].jobs[0][1].set_result(["trace of b"])
    for thread in threads:
        thread.join(10)
    assert isinstance(answers["a"], Problem) and answers["a"].code == "public.worker_lost"
    assert answers["b"] == "trace of b"


@pytest.mark.parametrize("lang", LANGS)
def test_a_shared_trace_says_so_and_measures_no_speed_up(tiny_pair, lang):
    from mtp_viz.figures import statistics

    together = _together(tiny_pair, PROMPTS[:3], max_new_tokens=12)
    assert [t.shared_with for t in together] == [2, 2, 2]
    line = statistics.live_line(together[0], len(together[0].rounds) - 1, lang)
    assert line == statistics.t("speed.shared", lang, others=statistics.count(2, "other_generation", lang),
                                ms_token=_wall_per_token(together[0]))
    alone = generate_trace(tiny_pair, PROMPTS[0], max_new_tokens=12)
    assert alone.shared_with == 0
    assert statistics.live_line(alone, len(alone.rounds) - 1, lang) != line


def _wall_per_token(trace) -> float:
    rounds = trace.rounds[1:]
    return sum(r.wall_ms for r in rounds) / sum(len(r.emitted_token_ids) for r in rounds)


def test_the_race_and_measure_again_never_get_a_shared_trace(tiny_pair, monkeypatch):
    from mtp_viz.ui import service as service_module

    service = service_module.Service()
    req = Request(model="miniature", prompt="Once upon a time,")
    shared = _together(tiny_pair, [[4, 5], [5, 6, 7]], max_new_tokens=4)[1]
    produced = []
    monkeypatch.setattr(service, "_produce", lambda r, alone=False: produced.append(alone) or shared)
    assert service.generate(req) is shared and produced == [False]          # the page's Step: any trace will do
    assert service.generate(req) is shared and produced == [False]          # ... and the cache answers it
    assert service.cached(req) and not service.cached(req, alone=True)
    service.generate(req, alone=True)                                       # the race: a shared one is not enough
    service.generate(req, fresh=True)                                       # Measure again: alone, always
    assert produced == [False, True, True]


def test_a_worker_makes_each_pair_ready_once_however_it_is_named(monkeypatch):
    """The warm-up asks for pair("m"), a job for pair("m", ""): one load, not two (a second one made a worker's first
    job about 1.5 s slower)."""
    from mtp_viz import worker

    made = []
    monkeypatch.setattr(worker, "ready", lambda model, assistant="": made.append((model, assistant)) or object())
    worker._ready_once.cache_clear()
    try:
        assert worker.pair("m") is worker.pair("m", "") is worker.pair("m", None)
        assert worker.pair("m", "d") is not worker.pair("m")
        assert made == [("m", ""), ("m", "d")]
    finally:
        worker._ready_once.cache_clear()


@pytest.mark.slow
def test_a_worker_killed_mid_burst_is_replaced_and_every_visitor_is_answered(monkeypatch):
    """SIGKILL to a worker on a job, with eight visitors generating: each visitor gets its own trace (its job ran
    again) or the Problem "public.worker_lost", the pool is back to two warm workers within 30 s, and the server
    never generates in its own process: later requests go to the workers again."""
    import os
    import signal
    import time

    from mtp_viz.trace import Trace
    from mtp_viz.ui.service import Service

    monkeypatch.setenv("MTP_VIZ_WORKERS", "2")
    service = Service()

    def never(*args, **kwargs):
        raise AssertionError("the server generated in its own process")
    monkeypatch.setattr(service.models, "get", never)
    service.workers.start(("miniature",), 1)
    try:
        _until(lambda: service.workers.ready() == 2, seconds=240)
        before = set(service.workers.pids())
        reqs = [Request(model="miniature", prompt=f"Once upon a time, {i}",
                        settings=Settings.checked(max_new_tokens=96, do_sample=True, seed=i)) for i in range(8)]
        answers = {}

        def visit(req):
            try:
                answers[req.prompt] = service.generate(req)
            except Exception as exc:
                answers[req.prompt] = exc
        threads = [threading.Thread(target=visit, args=(req,)) for req in reqs]
        for thread in threads:
            thread.start()
        busy = []
        _until(lambda: busy.extend(s.pid for s in service.workers._slots if s.state == "busy") or busy, seconds=60)
        os.kill(busy[0], signal.SIGKILL)
        killed_at = time.monotonic()
        for thread in threads:
            thread.join(240)
        for req in reqs:
            got = answers[req.prompt]
            assert (isinstance(got, Trace) and got.prompt_text == req.prompt
                    or isinstance(got, Problem) and got.code == "public.worker_lost"), got
        _until(lambda: service.workers.ready() == 2, seconds=max(1.0, 30 - (time.monotonic() - killed_at)))
        after = set(service.workers.pids())
        assert busy[0] in before and busy[0] not in after and len(after) == 2 and None not in after
        assert service.workers.replaced and service.workers.replaced[0][0] == busy[0]
        assert service.workers.replaced[0][1] <= 30
        told = sum(isinstance(got, Problem) for got in answers.values())
        print(f"killed worker {busy[0]}: replaced, warm {service.workers.replaced[0][1]:.1f} s after its death was "
              f"noticed; {len(reqs) - told} visitors got their trace, {told} the worker_lost message")
        later = service.generate(Request(model="miniature", prompt="The cat"))
        assert later.prompt_text == "The cat"
    finally:
        service.workers.stop()
