"""The glossary: one closed accordion of terms that every tab places with glossary.accordion(). Layout only.

The terms' texts are the "glossary.*" keys of mtp_viz.strings, in the order below; knows nothing about traces.
"""
from __future__ import annotations

import gradio as gr

from mtp_viz.strings import t
from mtp_viz.ui.words import L, localized

TERMS = ["target", "drafter", "mtp", "speculative", "token", "forward_pass", "draft", "n", "round", "verification",
         "acceptance_length", "alpha", "c", "v", "correction", "bonus", "kv_cache", "attention", "hidden_state",
         "embedding", "cluster", "cluster_miss", "schedule", "moe", "measure_again", "one_by_one"]


def body(lang: str) -> str:
    """The glossary as one Markdown list in `lang`."""
    return "\n".join(f"- {t(f'glossary.{term}', lang)}" for term in TERMS)


def accordion() -> gr.Accordion:
    """Place the glossary, closed, inside the current tab."""
    with gr.Accordion(L("glossary.title"), open=False, elem_classes="glossary") as acc:
        gr.Markdown(localized("glossary.body", body))
    return acc
