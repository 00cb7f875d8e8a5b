"""The Gradio app: one tab per module (step_through, ...), wired here. Knows layout only; no maths, no drawing.

Modules: policy (what the deployment allows), pairs (the shared model cache), session (requests, per-visitor
state, exports), one module per tab. Every visible word comes from mtp_viz.strings.
"""
from __future__ import annotations

import gradio as gr

from mtp_viz.ui import step_through
from mtp_viz.ui.pairs import get_pair, preload  # noqa: F401  (app.py and scripts import these from here)
from mtp_viz.ui.session import DEFAULTS, EXAMPLES, request  # noqa: F401
from mtp_viz.ui.words import L

THEME = gr.themes.Default(primary_hue="blue", secondary_hue="orange", text_size="lg")
CSS = ".what-you-see {font-size: 1.05rem; max-width: 70rem; color: #333} .output-so-far {font-size: 1.3rem}"


def build_demo() -> gr.Blocks:
    with gr.Blocks(title=L("app.title"), delete_cache=(3600, 3600)) as demo:
        with gr.Tabs():
            with gr.Tab(L("tab.step"), id="step"):
                step_through.build(demo)
    return demo
