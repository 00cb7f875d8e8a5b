"""Generations run together (mtp_viz/batching.py) stay lossless: each visitor's greedy output and drafts are the ones
it gets alone, sampling keeps the target's distribution, a failure stays its requester's, the passes really are
joined, and the server's workers hand a class's waiting requests out as such jobs."""
from __future__ import annotations

import threading
from concurrent.futures import Future

import pytest
import torch
from conftest import gemma4_assistant, gemma4_target
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
    """A stand-in for the worker pool: it records each job and lets the test finish it."""

    def __init__(self):
        self.jobs: list[tuple[list[Request], Future]] = []
        self.arrived = threading.Semaphore(0)

    def submit(self, fn, reqs):
        done = Future()
        self.jobs.append((reqs, done))
        self.arrived.release()
        return done


def test_the_workers_hand_waiting_requests_out_together_oldest_first(monkeypatch):
    from mtp_viz.ui import service as service_module

    monkeypatch.setenv("MTP_VIZ_BATCH", "3")
    workers, pool = service_module.Workers(), _Pool()
    workers._pool, workers.serves, workers._free = pool, ("miniature", "miniature-shallow"), 1
    workers._count = 1
    reqs = [Request(model=m, prompt=f"p{i}") for i, m in
            enumerate(["miniature", "miniature", "miniature-shallow", "miniature", "miniature", "miniature"])]
    answers = {}

    def visit(req):
        answers[req.prompt] = workers.generate(req)
    threads = []
    for req in reqs:           # one at a time, so the line's order is the arrival order
        threads.append(threading.Thread(target=visit, args=(req,)))
        threads[-1].start()
        if len(threads) == 1:
            assert pool.arrived.acquire(timeout=10)       # the first runs alone: nobody else waited
        else:
            _until(lambda: len(workers._waiting) == len(threads) - 1)
    for expect in (["p0"], ["p1", "p3", "p4"], ["p2"], ["p5"]):
        reqs_now, done = pool.jobs[-1]
        assert [r.prompt for r in reqs_now] == expect
        done.set_result([f"trace of {r.prompt}" for r in reqs_now])
        if expect != ["p5"]:
            assert pool.arrived.acquire(timeout=10)
    for thread in threads:
        thread.join(10)
    assert answers == {r.prompt: f"trace of {r.prompt}" for r in reqs}


@pytest.mark.parametrize("lang", ["en", "de", "zh-TW"])
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
