"""Tests for mtp_viz.ui.narration: the round status in the reader's language, and the round facts the tour shares.

Runs on the shipped traces; no model, no browser.
"""
from __future__ import annotations

from mtp_viz.ui import narration, session, tour


def test_the_device_is_named_in_the_visitors_language():
    assert narration.device_reason("no GPU found; running on 2 CPU thread(s)", "de") == \
        "keine GPU gefunden; läuft auf 2 CPU-Threads"
    assert narration.device_reason("CUDA GPU found: NVIDIA H200", "zh-TW") == "找到 CUDA GPU：NVIDIA H200"
    assert narration.device_reason("device cpu requested; fits in float32", "de") == \
        "Gerät cpu angefordert; fits in float32"
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
