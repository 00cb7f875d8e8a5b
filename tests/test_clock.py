"""Tests for the CPU clock (engine.cpu_clock, Round.cpu_ms): kept on one CPU thread, and blind to time the generating
thread spends not running (issue 27, item 4).

Other visitors' work reaches a request as time its thread waits for a core. The test makes that wait certain (a sleep
inside every target pass) instead of hoping for a loaded host, so it cannot pass by luck and cannot fail by noise.
How far a speed-up read from the CPU clock holds under real load is a measurement, printed by benchmarks/clock.py.
"""
from __future__ import annotations

import time

import torch

from conftest import PROMPT
from mtp_viz import generate_trace
from mtp_viz.engine import SpeculativeDecoder
from mtp_viz.trace import CPU, WALL, clock_of

WAIT_MS = 30.0            # the time each target pass waits without running


def test_every_round_keeps_the_cpu_clock_on_one_thread_and_none_on_several(tiny_pair):
    trace = generate_trace(tiny_pair, PROMPT, max_new_tokens=6, proposer="mtp")
    assert clock_of(trace.rounds) == CPU
    for r in trace.rounds:
        assert 0 < r.cpu_ms and r.draft_cpu_ms + r.verify_cpu_ms <= r.cpu_ms * 1.01 + 0.05
    assert trace.measured_at and trace.measured_at.endswith("Z")
    threads = torch.get_num_threads()
    torch.set_num_threads(2)          # the thread's own clock would miss its helpers' work: not kept
    try:
        trace = generate_trace(tiny_pair, PROMPT, max_new_tokens=4, proposer="mtp")
    finally:
        torch.set_num_threads(threads)
    assert clock_of(trace.rounds) == WALL and all(r.cpu_ms is None for r in trace.rounds)


def test_time_the_thread_waits_shows_on_the_wall_clock_and_not_on_the_cpu_clock(tiny_pair, monkeypatch):
    forward = SpeculativeDecoder._forward

    def waiting_forward(self, *args, **kwargs):
        time.sleep(WAIT_MS / 1000)                     # the thread is off the core, as when others hold it
        return forward(self, *args, **kwargs)

    quiet = generate_trace(tiny_pair, PROMPT, max_new_tokens=8, proposer="mtp", schedule="constant")
    monkeypatch.setattr(SpeculativeDecoder, "_forward", waiting_forward)
    waited = generate_trace(tiny_pair, PROMPT, max_new_tokens=8, proposer="mtp", schedule="constant")
    assert waited.new_token_ids == quiet.new_token_ids
    for r in waited.rounds:                            # one target pass per round: its wait is on the wall only
        assert r.verify_ms >= WAIT_MS and r.wall_ms >= WAIT_MS
        assert r.verify_cpu_ms < r.verify_ms - 0.8 * WAIT_MS and r.cpu_ms < r.wall_ms - 0.8 * WAIT_MS
    cpu = sum(r.cpu_ms for r in waited.rounds)
    assert cpu < sum(r.wall_ms for r in waited.rounds) - 0.8 * WAIT_MS * len(waited.rounds)
