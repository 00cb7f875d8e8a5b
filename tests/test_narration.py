"""Tests for mtp_viz.ui.narration: the round status in the reader's language, and the round facts the tour shares.

Runs on the shipped traces; no model, no browser.
"""
from __future__ import annotations

import dataclasses

from mtp_viz.trace import Why
from mtp_viz.ui import narration, session, tour
from trace_fixtures import make_trace


def test_the_device_is_named_in_the_visitors_language_by_its_code():
    info = make_trace().model_info
    assert narration.device_reason(info, "de") == \
        "keine GPU gefunden; läuft auf 2 CPU-Threads; float32: 22,4 GB passen in die 40,0 GB freien Arbeitsspeichers"
    assert narration.device_reason(info, "en") == \
        "no GPU found; running on 2 CPU threads; float32: 22.4 GB fits in the 40.0 GB of RAM free"
    gpu = dataclasses.replace(info, device_why=[Why("step.device.cuda", {"name": "NVIDIA H200"}),
                                                Why("step.device.split", {"gpus": 2})])
    assert narration.device_reason(gpu, "zh-TW") == "找到 CUDA GPU：NVIDIA H200；目標模型分配到 2 張 GPU 上（device_map='auto'）"
    older = dataclasses.replace(info, device_why=None, device_reason="device cpu requested; fits in float32")
    assert narration.device_reason(older, "de") == "device cpu requested; fits in float32"   # as recorded
    trace = session.shipped("actions speak")
    assert "running on" not in narration.summary(trace, 1, "zh-TW") and "CPU 執行緒" in narration.summary(trace, 1, "zh-TW")


def test_summary_says_why_a_round_drafted_fewer_than_n():
    trace = session.shipped("actions speak")
    short = [r for r in trace.rounds if 0 < r.num_drafted < r.num_assistant_tokens]
    assert short, "the recording has a round capped by max new tokens"
    assert "fit before the max-new-tokens limit" in narration.summary(trace, short[-1].index)


def test_the_tour_quotes_the_same_round_facts_as_the_status():
    for k, chapter in enumerate(tour.CHAPTERS):
        trace = tour.trace(chapter.trace)
        facts = narration.round_facts(trace, chapter.round(trace))
        assert facts.items() <= tour.facts(k, "en").items()
