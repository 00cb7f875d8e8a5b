"""The public API: one endpoint, `trace`, that runs a generation and returns its trace as JSON. Wiring only.

Knows no layout and no figures. It takes the step-through tab's controls by name (with the same defaults), passes
through the same policy checks and the same shared model cache as the page, and returns what "Download trace
(JSON)" would. Bad input of any kind raises gr.Error with the message a visitor would see in the page.
"""
from __future__ import annotations

import gradio as gr

from mtp_viz.ui import policy
from mtp_viz.ui.service import SERVICE
from mtp_viz.ui.session import DEFAULTS, request


def trace(prompt: str = DEFAULTS["prompt"], model: str = DEFAULTS["model"], proposer: str = DEFAULTS["proposer"],
          num_assistant_tokens: int = DEFAULTS["num_assistant_tokens"], schedule: str = DEFAULTS["schedule"],
          max_new_tokens: int = DEFAULTS["max_new_tokens"], do_sample: bool = DEFAULTS["do_sample"],
          temperature: float = DEFAULTS["temperature"], top_k: int = DEFAULTS["top_k"],
          top_p: float = DEFAULTS["top_p"], seed: int = DEFAULTS["seed"],
          confidence_threshold: float = DEFAULTS["confidence_threshold"]) -> str:
    """Run speculative decoding on `prompt` and return the whole trace as JSON text (schema: docs/trace.schema.json).

    Args:
        prompt: the text to continue
        model: a model id this server offers (the bundled "miniature" by default)
        proposer: "mtp", "draft-model", "prompt-lookup" or "none"
        num_assistant_tokens: N, the drafter's guesses per round
        schedule: "heuristic" (N adapts) or "constant"
        max_new_tokens: how many tokens to generate
        do_sample: False for greedy decoding, True for speculative sampling
        temperature: sampling temperature
        top_k: keep the k most likely tokens (0 = off)
        top_p: keep the smallest set with probability top_p (1 = off)
        seed: the random seed (sampling only)
        confidence_threshold: stop drafting after a guess whose probability is below this (0 = off)
    """
    controls = dict(locals())         # the page's controls by name, as the step-through's Step would send them
    try:
        for name, value in controls.items():
            if isinstance(DEFAULTS[name], (int, float)) and not isinstance(DEFAULTS[name], bool):
                _number(value)
        return SERVICE.generate(request(**controls)).to_json()
    except Exception as exc:
        raise gr.Error(policy.message_for(exc), print_exception=False) from None


def _number(value):
    """Numbers as given; anything else a ValueError the visitor can read (request() would raise a bare one)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"expected a number, got {str(value)[:40]!r}")
    return value


def wire() -> None:
    """Register the endpoint inside the current gr.Blocks."""
    gr.api(trace, api_name="trace", **policy.generating_events())
