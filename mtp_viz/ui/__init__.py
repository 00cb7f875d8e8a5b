"""The Gradio app: one tab per module (step_through, ...), wired here. Knows layout only; no maths, no drawing.

Modules: policy (what the deployment allows), service (the server's shared state: models, traces, the generation
line, the workers), session (requests, shipped traces, exports), one module per tab (the step-through's state in
step_state, its words in narration). Every visible word comes from mtp_viz.strings.
"""
from __future__ import annotations

import threading
from urllib.parse import quote

import gradio as gr

from mtp_viz import fonts
from mtp_viz.ui import api, plotly_pane, policy, race, step_through, tour
from mtp_viz.ui import lab as lab_tab
from mtp_viz.ui.keys import KEYS  # noqa: F401  (app.py launches with js=KEYS and i18n=I18N)
from mtp_viz.ui.service import SERVICE  # noqa: F401  (app.py and scripts import it from here)
from mtp_viz.ui.session import DEFAULTS, EXAMPLES, request  # noqa: F401
from mtp_viz.ui.words import I18N, L  # noqa: F401

# The page's fonts come from the app itself (assets/fonts/, see mtp_viz/fonts.py), never from a font host that a
# classroom network may block: Gradio serves the folder as static files, the CSS names each face's URL.
gr.set_static_paths([fonts.FOLDER])
THEME = gr.themes.Default(primary_hue="blue", secondary_hue="orange", text_size="lg",
                          font=[gr.themes.Font(fonts.FAMILY), "ui-sans-serif", "system-ui", "sans-serif"])
CSS = (fonts.css(lambda path: f"gradio_api/file={quote(str(path))}") + "\n"
       ".what-you-see {font-size: 1.0rem; max-width: 70rem; color: #333} .output-so-far {font-size: 1.05rem}"
       " #round-status {min-height: 4.5rem} #round-status h3 {font-size: 1.1rem !important; margin: 0 0 0.2rem !important}"
       " #round-status p {font-size: 0.85rem !important; line-height: 1.35}"
       " #view-chooser label {padding: 0.15rem 0.5rem; font-size: 0.9rem}"
       " .tour-indicator {text-align: center; font-size: 1.4rem} .tour-narration {font-size: 1.1rem; max-width: 70rem}"
       # a touch screen has no hover: Plotly's toolbar, shown on a tap, would cover the chart's title
       " @media (hover: none) {.modebar-container {display: none !important}}"
       + plotly_pane.CSS)


def build_demo() -> gr.Blocks:
    with gr.Blocks(title=L("app.title"), delete_cache=(3600, 3600)) as demo:
        with gr.Tabs() as tabs:
            with gr.Tab(L("tab.step"), id="step"):
                step = step_through.build(demo)
            with gr.Tab(L("tab.race"), id="race"):
                racing = race.build(demo)
            with gr.Tab(L("tab.tour"), id="tour"):
                tour.build(demo, tabs)
            with gr.Tab(L("lab.tab"), id="lab"):
                lab_tab.build(demo)
        api.wire()
        race.wire_from_step(step["race"], step["controls"], racing, tabs)
    demo.queue(**policy.queue_settings())
    return demo


def warm() -> threading.Thread:
    """At server start, in the background: draw what every page load asks for (the lab's recorded sweep, its two
    pairs and its what-if, in each language), so a first visitor's Step does not wait behind drawing them."""
    thread = threading.Thread(target=lab_tab.warm, name="warm-pages", daemon=True)
    thread.start()
    return thread
