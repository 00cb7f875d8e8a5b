"""Tests for mtp_viz.settings: the one settings type, and every place that must agree with it.

Knows the places that name the settings (the API's keywords, the trace, the upload schema, the page's controls and
the `trace` endpoint); a field added to Settings and missed in any of them fails here.
"""
from __future__ import annotations

import dataclasses
import inspect
import typing

import pytest

from mtp_viz import api, engine, trace as trace_module
from mtp_viz.settings import MAX_DRAFT, MAX_NEW_TOKENS, NAMES, Settings, limits


@pytest.mark.parametrize("fn", [api.generate_trace, api.iter_rounds], ids=lambda f: f.__name__)
def test_the_api_keywords_are_the_settings_fields(fn):
    """generate_trace and iter_rounds spell out every setting (help() shows them) with Settings' defaults."""
    params = list(inspect.signature(fn).parameters.values())[2:]
    assert [p.name for p in params] == list(NAMES)
    assert all(p.kind is p.KEYWORD_ONLY for p in params)
    assert {p.name: p.default for p in params} == dataclasses.asdict(Settings())


def test_the_engine_and_the_trace_use_the_one_type():
    assert engine.Settings is Settings
    assert typing.get_type_hints(trace_module.Trace)["settings"] is Settings


def test_the_pages_controls_map_onto_the_fields():
    from mtp_viz.ui import session

    assert set(session.CONTROLS) - set(NAMES) == {"model", "assistant", "prompt"}
    assert set(NAMES) - set(session.CONTROLS) == {"chat", "max_matching_ngram_size"}    # the fields without OnPage
    req = session.request(*session.DEFAULTS.values())
    assert req == session.START and req.settings is not None
    assert session.controls_of(req) == session.DEFAULTS                  # the table's two ways agree
    assert Settings.checked(**req.settings.as_dict()) == session.PAGE    # the defaults are valid settings


def test_a_request_is_frozen_hashable_and_its_own_cache_key():
    from mtp_viz.settings import Request

    req = Request("miniature", prompt=[1, 2, 3])
    assert req.prompt == (1, 2, 3) and hash(req) == hash(Request("miniature", prompt=(1, 2, 3)))
    changed = req.replace(seed=5, model="other")
    assert (changed.model, changed.settings.seed, req.settings.seed) == ("other", 5, 0)
    assert changed.value("seed") == 5 and changed.value("model") == "other" and changed.proposer == "auto"
    with pytest.raises(dataclasses.FrozenInstanceError):
        req.model = "x"


def test_the_trace_endpoint_takes_the_settings_by_their_field_names():
    from mtp_viz.ui import endpoint, session
    from mtp_viz.ui.service import Service

    trace = endpoint.endpoint(Service())
    params = inspect.signature(trace).parameters
    assert list(params) == ["prompt", "model", *NAMES]                  # every setting, by its own name
    assert {k: p.default for k, p in params.items()} == {"prompt": session.START.prompt, "model": session.START.model,
                                                          **session.PAGE.as_dict()}     # its meanings: None is off
    for name in NAMES:
        assert f"    {name}: " in trace.__doc__                # documented from settings.meaning


def test_replayed_settings_set_the_controls_that_made_them():
    from mtp_viz.ui import session
    from trace_fixtures import make_trace

    trace = make_trace()
    req = session.request_of(trace)
    assert session.request(**session.controls_of(req)) == req


def test_the_deployments_limits_lie_within_the_types():
    from mtp_viz.ui import policy

    assert limits("num_assistant_tokens") == {"ge": 1, "le": MAX_DRAFT} and policy.SERVER_MAX_DRAFT <= MAX_DRAFT
    assert limits("max_new_tokens")["le"] == MAX_NEW_TOKENS and policy.SERVER_MAX_NEW_TOKENS <= MAX_NEW_TOKENS


def test_the_page_checks_its_settings_where_it_makes_them():
    """A control's bad value is a Problem from session.request, where the page makes the request, not from a worker."""
    from mtp_viz.problems import Problem
    from mtp_viz.ui import session

    with pytest.raises(Problem) as err:
        session.request(do_sample=True, temperature=0.0)
    assert err.value.code == "engine.temperature"
    with pytest.raises(Problem) as err:
        session.request(num_assistant_tokens=MAX_DRAFT + 1)
    assert err.value.code == "engine.range" and err.value.values["name"] == "num_assistant_tokens"


def test_every_sliders_range_is_a_request_the_engine_takes():
    """Each end of each page slider, and its start, made into a request field by its control (a sampling one while
    sampling), is a setting Settings accepts: the page never offers a value the engine would refuse."""
    from mtp_viz.ui import session

    sliders = {name: c for name, c in session.CONTROLS.items() if c.slider is not None}
    assert set(sliders) == {"num_assistant_tokens", "confidence_threshold", "max_new_tokens", "temperature", "top_k",
                            "top_p"}
    for name, control in sliders.items():
        low, high, step = control.slider
        assert low <= control.default <= high and 0 < step <= high - low, name
        for value in (low, high, control.default):
            Settings.checked(do_sample=True, **{name: control.to_field(value)})


@pytest.mark.parametrize("values, message", [
    ({"num_assistant_tokens": 33}, "num_assistant_tokens must be between 1 and 32"),
    ({"max_new_tokens": 2.5}, "whole number"),
    ({"top_k": True}, "whole number"),
    ({"temperature": float("inf")}, "finite number"),
    ({"proposer": "magic"}, "Unknown proposer 'magic'"),
    ({"top_p": 0}, "top_p must be above 0 and at most 1"),
    ({"do_sample": True, "temperature": 0}, "temperature must be above 0 when sampling"),
    ({"beam_width": 3}, "Not a setting: beam_width"),
])
def test_checked_names_the_problem(values, message):
    with pytest.raises(ValueError, match=message):
        Settings.checked(**values)


def test_checked_normalises_what_controls_send():
    s = Settings.checked(num_assistant_tokens=4.0, top_k=0, do_sample=1, confidence_threshold=1)
    assert (s.num_assistant_tokens, s.top_k, s.do_sample, s.confidence_threshold) == (4, None, True, 1.0)
    assert type(s.num_assistant_tokens) is int and type(s.confidence_threshold) is float
