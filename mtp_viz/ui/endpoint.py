"""The public API: one endpoint, `trace`, that runs a generation and returns its trace as JSON. Wiring only.

Knows no layout and no figures. Its parameters are the prompt, the model and every Settings field, with Settings'
own meanings (None is off: no top-k, no top-p, no confidence threshold) and the page's defaults (session.START);
they are written once, in settings.py, and listed here by keywords_signature. A request passes through the same
policy checks and the same service (the one build_demo is given) as the page, and gets what "Download trace (JSON)"
would. Bad input of
any kind raises gr.Error with the message a visitor would see in the page, in English.
"""
from __future__ import annotations

import inspect
from typing import Any, Callable

import gradio as gr

from mtp_viz.settings import NAMES, Request, Settings, keywords_signature, meaning
from mtp_viz.ui import policy
from mtp_viz.ui.service import Service
from mtp_viz.ui.session import START


def _own(prompt: str = START.prompt, model: str = START.model) -> str:
    """The endpoint's own parameters, before the settings."""


SIGNATURE = keywords_signature(_own, START.settings, inspect.Parameter.POSITIONAL_OR_KEYWORD)
DOC = "\n".join([
    "Run speculative decoding on `prompt` and return the whole trace as JSON text (schema: docs/trace.schema.json).",
    "", "Args:", "    prompt: the text to continue",
    '    model: a model id this server offers (the bundled "miniature" by default)',
    *(f"    {name}: {meaning(name)}" for name in NAMES)])


def endpoint(service: Service) -> Callable[..., str]:
    """The `trace` function, generating through `service`: SIGNATURE and DOC are what Gradio shows of it."""
    def trace(*args: Any, **kwargs: Any) -> str:
        values = SIGNATURE.bind(*args, **kwargs)     # Gradio passes them in order; Python callers by name
        values.apply_defaults()
        fields = dict(values.arguments)
        try:
            req = Request(fields.pop("model"), prompt=fields.pop("prompt"), settings=Settings.checked(**fields))
            return service.generate(req).to_json()
        except Exception as exc:
            raise gr.Error(policy.message_for(exc), print_exception=False) from None

    trace.__signature__, trace.__doc__ = SIGNATURE, DOC
    trace.__annotations__ = {**{p.name: p.annotation for p in SIGNATURE.parameters.values()}, "return": str}
    return trace


def wire(service: Service) -> None:
    """Register the endpoint, generating through `service`, inside the current gr.Blocks."""
    gr.api(endpoint(service), api_name="trace", **policy.generating_events())
