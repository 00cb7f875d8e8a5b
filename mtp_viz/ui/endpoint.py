"""The public API: one endpoint, `trace`, that runs a generation and returns its trace as JSON. Wiring only.

Knows no layout and no figures. Its parameters are the prompt, the model and every Settings field, with Settings'
own meanings (None is off: no top-k, no top-p, no confidence threshold) and the page's defaults (session.START);
they are written once, in settings.py, and listed here by keywords_signature. A request passes through the same
policy checks and the same shared model cache as the page, and gets what "Download trace (JSON)" would. Bad input of
any kind raises gr.Error with the message a visitor would see in the page, in English.
"""
from __future__ import annotations

import inspect
from typing import Any

import gradio as gr

from mtp_viz.settings import NAMES, Request, Settings, keywords_signature, meaning
from mtp_viz.ui import policy
from mtp_viz.ui.service import SERVICE
from mtp_viz.ui.session import START


def trace(*args: Any, **kwargs: Any) -> str:
    values = trace.__signature__.bind(*args, **kwargs)     # Gradio passes them in order; Python callers by name
    values.apply_defaults()
    fields = dict(values.arguments)
    try:
        req = Request(fields.pop("model"), prompt=fields.pop("prompt"), settings=Settings.checked(**fields))
        return SERVICE.generate(req).to_json()
    except Exception as exc:
        raise gr.Error(policy.message_for(exc), print_exception=False) from None


def _own(prompt: str = START.prompt, model: str = START.model) -> str:
    """The endpoint's own parameters, before the settings."""


trace.__signature__ = keywords_signature(_own, START.settings, inspect.Parameter.POSITIONAL_OR_KEYWORD)
trace.__annotations__ = {**{p.name: p.annotation for p in trace.__signature__.parameters.values()}, "return": str}
trace.__doc__ = "\n".join([
    "Run speculative decoding on `prompt` and return the whole trace as JSON text (schema: docs/trace.schema.json).",
    "", "Args:", "    prompt: the text to continue",
    '    model: a model id this server offers (the bundled "miniature" by default)',
    *(f"    {name}: {meaning(name)}" for name in NAMES)])


def wire() -> None:
    """Register the endpoint inside the current gr.Blocks."""
    gr.api(trace, api_name="trace", **policy.generating_events())
