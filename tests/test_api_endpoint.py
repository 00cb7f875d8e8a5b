"""Tests for mtp_viz.ui.endpoint through a real server: gradio_client calls `trace` by its named parameters, gets the
trace JSON back, and reads bad input as an error message; the page's own events are not part of the API.

Knows the endpoint's name and parameters; launches the demo on a free local port with the miniature preloaded.
"""
from __future__ import annotations

import socket

import pytest

from mtp_viz.schema import parse_trace
from mtp_viz.settings import NAMES
from mtp_viz.ui.service import Service
from mtp_viz.ui.policy import MINIATURE

PARAMETERS = ["prompt", "model", *NAMES]      # every setting, by its own name and meaning (settings.Settings)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def client(miniature):
    from gradio_client import Client

    from mtp_viz.ui import build_demo

    service = Service()                          # the demo's own, with the miniature already loaded
    service.models.hand(miniature, MINIATURE)
    demo = build_demo(service)
    demo.launch(server_name="127.0.0.1", server_port=free_port(), prevent_thread_lock=True, quiet=True)
    try:
        yield Client(demo.local_url, verbose=False)
    finally:
        demo.close()


def test_trace_endpoint_has_the_named_parameters_and_ui_defaults(client):
    from mtp_viz.ui.session import START

    endpoint = client.view_api(return_format="dict", print_info=False)["named_endpoints"]["/trace"]
    params = {p["parameter_name"]: p for p in endpoint["parameters"]}
    assert list(params) == PARAMETERS
    assert params["prompt"]["parameter_default"] == START.prompt
    assert {name: params[name]["parameter_default"] for name in NAMES} == START.settings.as_dict()   # None: off


def test_trace_endpoint_returns_the_trace_json(client):
    text = client.predict(prompt="Actions speak", num_assistant_tokens=3, max_new_tokens=12, seed=5,
                          api_name="/trace")
    trace = parse_trace(text)
    assert trace.prompt_text == "Actions speak" and trace.settings.num_assistant_tokens == 3
    assert len(trace.new_token_ids) == 12 and trace.settings.seed == 5
    sampled = parse_trace(client.predict(prompt="Actions speak", do_sample=True, top_p=0.9, top_k=None,
                                         max_new_tokens=4, api_name="/trace"))
    assert (sampled.settings.top_p, sampled.settings.top_k) == (0.9, None)     # Settings' meanings, not sliders


@pytest.mark.parametrize("kwargs, words", [
    ({"prompt": ""}, "prompt is empty"),
    ({"schedule": "sometimes"}, "Unknown schedule"),
    ({"max_new_tokens": 1000}, "at most 256"),                # the server's limit, inside the type's 4096
    ({"prompt": "x" * 5000}, "at most 500"),
    ({"model": "/etc"}, "is not a local folder"),          # local mode: folders are tried, and refused readably
    ({"do_sample": True, "temperature": 0}, "temperature must be above 0"),
])
def test_bad_input_comes_back_as_a_message(client, kwargs, words):
    from gradio_client.exceptions import AppError

    with pytest.raises(AppError, match=words):
        client.predict(**kwargs, api_name="/trace")


def test_the_pages_own_events_are_not_in_the_api(client):
    """Step-through, tour, lab and glossary events are private; `trace` is the documented endpoint."""
    from mtp_viz.ui import build_demo

    demo = build_demo(Service())
    page = [fn for fn in demo.fns.values() if getattr(fn.fn, "__module__", "").startswith(
        ("mtp_viz.ui.step_through", "mtp_viz.ui.tour", "mtp_viz.ui.glossary", "mtp_viz.ui.lab_tab"))]
    assert page and all(fn.api_visibility == "private" for fn in page)
    names = set(client.view_api(return_format="dict", print_info=False)["named_endpoints"])
    assert "/trace" in names and not names & {"/step", "/run_to_end", "/reset", "/scrub", "/play", "/tick",
                                              "/replay", "/load_recorded", "/lambda", "/forward", "/backward",
                                              "/run", "/redraw", "/choose_preset", "/first_paint"}
