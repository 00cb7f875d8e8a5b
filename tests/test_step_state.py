"""Tests for mtp_viz.ui.step_state: the step-through's state is frozen and every transition returns a new one.

Runs on the fixture trace (rounds 0-4); no model, no Gradio.
"""
from __future__ import annotations

import dataclasses

import pytest

from mtp_viz.ui import session
from mtp_viz.ui.step_state import CHOICES, StepState
from trace_fixtures import make_trace


def test_transitions_walk_the_rounds_and_leave_the_old_state_alone():
    start = StepState.of(make_trace())
    assert start.index == 0 and start.last == 4 and not start.acted and start.request == session.request_of(start.trace)
    with pytest.raises(dataclasses.FrozenInstanceError):
        start.index = 3
    assert [s.index for s in (start.step(), start.to_end(), start.to_end().step(), start.to_end().step(again=True),
                              start.step().back(), start.back(), start.scrub(9), start.scrub(-2), start.scrub(None))] \
        == [1, 4, 4, 0, 0, 0, 4, 0, 0]
    assert start.index == 0 and not start.acted and start.step().acted
    assert StepState().step() == StepState() and StepState().scrub(3).index == 0     # no trace: nothing to walk


def test_a_new_trace_resets_what_belongs_to_the_old_one():
    trace = make_trace()
    shown = StepState.of(trace).to_end().exported(("a.json", "a.csv")).asking({"prompt": "other"})
    assert shown.stale and shown.files
    again = shown.replay(trace)
    assert again.index == 4 and again.serial == shown.serial + 1 and not again.stale and again.files is None
    cleared = again.reset()
    assert cleared.trace is None and cleared.request is None and cleared.serial == again.serial + 1
    assert not shown.showing(trace, shown.request, cached=True).stale and shown.showing(trace, {}, cached=True).cached


def test_only_the_chooser_s_views_are_chosen_and_what_is_shown_is_not_compared():
    state = StepState.of(make_trace())
    assert state.choose(CHOICES[-1]).view == CHOICES[-1] and state.choose("token_stream") is state
    assert state.showed({"stream": 1}) == state
