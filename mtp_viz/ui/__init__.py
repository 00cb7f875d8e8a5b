"""The Gradio app: one tab per module (step_through, ...), wired here, and the server's start-up (warm, freeze). Knows
layout and start-up only; no maths, no drawing.

Modules: policy (what the deployment allows), service (the server's shared state: models, traces, the generation
line, the workers), session (requests, shipped traces, exports), one module per tab (the step-through's state in
step_state, its words in narration), block_configs (what Gradio makes again for every new session, made cheaper).
Every visible word comes from mtp_viz.strings.
"""
from __future__ import annotations

import gc
import threading
from urllib.parse import quote

import gradio as gr

from mtp_viz import fonts
from mtp_viz.strings import t
from mtp_viz.ui import block_configs, endpoint, links, plotly_pane, policy, race_tab, step_through, tab_select, tour
from mtp_viz.ui import lab_tab, number_marks
from mtp_viz.ui.events import QUIET
from mtp_viz.ui.keys import KEYS  # noqa: F401  (app.py launches with js=KEYS, head=HEAD and i18n=I18N)
from mtp_viz.ui import phone
from mtp_viz.ui.screen import HEAD as SCREEN_HEAD
from mtp_viz.ui.service import SERVICE, Service  # noqa: F401  (app.py and scripts import SERVICE from here)
from mtp_viz.ui.session import EXAMPLES, START, request  # noqa: F401
from mtp_viz.ui.words import I18N, L, lang_of  # noqa: F401

# The page's fonts come from the app itself (assets/fonts/, see mtp_viz/fonts.py), never from a font host that a
# classroom network may block: Gradio serves the folder as static files, the CSS names each face's URL.
gr.set_static_paths([fonts.FOLDER])
THEME = gr.themes.Default(primary_hue="blue", secondary_hue="orange", text_size="lg",
                          font=[gr.themes.Font(fonts.FAMILY), *map(gr.themes.Font, fonts.SYSTEM_FALLBACK),
                                "ui-sans-serif", "system-ui", "sans-serif"])
CSS = (fonts.css(lambda path: f"gradio_api/file={quote(str(path))}") + "\n"
       ".what-you-see {font-size: 1.0rem; max-width: 70rem; color: #333} .output-so-far {font-size: 1.05rem}"
       " #round-status {min-height: 4.5rem; scroll-margin-top: 0.5rem}"
       " #round-status h3 {font-size: 1.1rem !important; margin: 0 0 0.2rem !important}"
       " #round-status p {font-size: 0.85rem !important; line-height: 1.35}"
       " #view-chooser label {padding: 0.15rem 0.5rem; font-size: 0.9rem}"
       " .tour-indicator {text-align: center; font-size: 1.4rem} .tour-narration {font-size: 1.1rem; max-width: 70rem}"
       # a touch screen has no hover: Plotly's toolbar, shown on a tap, would cover the chart's title (phone.CSS
       # hides it on any narrow screen too)
       " @media (hover: none) {.modebar-container {display: none !important}}"
       " #welcome {align-items: center; gap: 0.5rem} .welcome-text {font-size: 0.95rem}"
       # a checkbox takes no min_width: in a row of sliders a phone squeezed it to 58 px, its label cut
       " .setting-switch {min-width: min(240px, 100%) !important}"
       # the example prompts a size smaller, so the three sit on one line above the rounds at 1280 x 720
       " #examples .gallery-item {padding: 0 6px !important} #examples .gallery {font-size: 0.92em !important}"
       # an accordion's arrow, turned, stretched to a two-line label's height and stuck out past the page's edge
       " .label-wrap > .icon {align-self: center}"
       # a dropdown's choice a size smaller than its label: "Gemma 4 26B A4B (MoE) + assistant" was cut at 1280 px
       " input[role=combobox] {font-size: 0.85rem}"
       # the lab's c in thousandths ("0.108"): Gradio's box holds four characters
       " #lab-c input[type=number], #lab-c .cldr-number {min-width: 4.2rem}"
       + plotly_pane.CSS + phone.CSS)
HEAD = SCREEN_HEAD + phone.HEAD + phone.SIDES      # the screen's width, for every event; a phone's view in sight, taps


def build_demo(service: Service) -> gr.Blocks:
    """The whole page; every event that generates (Step, Run to end, a race, a sweep, the `trace` API) goes through
    `service`: the server's SERVICE in app.py, a service of their own in tests."""
    with gr.Blocks(title=L("app.title"), delete_cache=(3600, 3600)) as demo:
        note = gr.Markdown(visible=False, elem_id="link-note")     # what a link asked for that the page lacks
        with gr.Tabs(overflow_behavior="wrap") as tabs:     # a phone shows every tab, on two lines, none behind "⋯"
            with gr.Tab(L("tab.step"), id="step", elem_id="tab-step") as step_tab:
                with gr.Row(elem_id="welcome"):      # one line on a projector; on a phone the button wraps below
                    with gr.Column(scale=5, min_width=300):
                        gr.Markdown(L("welcome.text"), elem_classes="welcome-text")
                    with gr.Column(scale=1, min_width=240):
                        start = gr.Button(L("welcome.tour"), variant="primary", size="md", elem_id="start-tour")
                step = step_through.build(demo, service)
            with gr.Tab(L("tab.race"), id="race", elem_id="tab-race") as race_page:
                racing = race_tab.build(demo, service)
            with gr.Tab(L("tab.tour"), id="tour", elem_id="tab-tour") as tour_tab:
                chapter = tour.build(demo, tabs, start, chapter_of=lambda req: links.place_of(req).chapter)
            with gr.Tab(L("lab.tab"), id="lab", elem_id="tab-lab") as lab_page:
                lab_tab.build(demo, service)
        with gr.Row(equal_height=True, elem_id="link-row"):
            link = gr.Button(L("link.button"), size="sm", scale=0, min_width=160, elem_id="link-this")
            address = gr.Textbox(label=L("link.label"), visible=False, interactive=False, buttons=["copy"],
                                 scale=4, elem_id="link-box")
            on_screen = gr.Textbox(links.TABS[0], visible=False)      # the tab on screen, set by links.TAB_JS
            opened = gr.Textbox(visible=False)      # what a link opens, for the browser to open (tab_select.OPEN)
        endpoint.wire(service)
        race_tab.wire_from_step(step["race"], step["controls"], racing, tabs, service)
        labels = {step_tab: "tab.step", race_page: "tab.race", tour_tab: "tab.tour", lab_page: "lab.tab"}
        wire_links(demo, tabs, labels, note, link, address, on_screen, opened, chapter, step["state"], step["shown"])
    demo.queue(**policy.queue_settings())
    block_configs.remember(demo)      # what every new session and /config make again, made cheaper (block_configs.py)
    return demo


def warm() -> threading.Thread:
    """At server start, in the background: draw what every page load asks for (the lab's recorded sweep, its two
    pairs and its what-if, in each language), so a first visitor's Step does not wait behind drawing them."""
    thread = threading.Thread(target=lab_tab.warm, name="warm-pages", daemon=True)
    thread.start()
    return thread


def freeze_when_done(*loads: threading.Thread) -> threading.Thread:
    """Once the server's start-up loads are done (`loads`: the miniature's preload, the pages' warm-up), hide
    everything made so far from Python's cyclic garbage collector (gc.freeze): the modules, the page's blocks and the
    models are never garbage, yet each full collection walked them all, about 227,000 objects, 0.15 s on an idle core
    and 0.35-0.45 s while the workers held both cores, with every thread of the server stopped: a class's burst then
    waited, its requests stalled on the way to the workers. Frozen objects are still freed when nothing refers to
    them; only the collector stops visiting them."""
    def freeze():
        for load in loads:
            load.join()
        gc.freeze()
    thread = threading.Thread(target=freeze, name="freeze-heap", daemon=True)
    thread.start()
    return thread


def wire_links(demo, tabs, labels, note, link, address, on_screen, opened, chapter, state, shown) -> None:
    """A page link (links.py) opens its tab, language and note on load (the step-through and the tour open their own
    places); "Link to this" shows the address of what is on screen. `labels`: each gr.Tab and its label's key, written
    out in a link's language (the browser switches the other words, links.LANG_JS, but not a tab not yet shown). The
    server writes the tab and the labels into `opened` and the browser applies them (tab_select.OPEN): a server event
    that updates the tabs would slow every later click (tab_select.py says why). No progress shows on any output
    (events.QUIET)."""

    def arriving(request: gr.Request):
        place = links.place_of(request)
        text = links.note(place, lang_of(request))
        names = [t(key, place.lang) for key in labels.values()] if place.lang else None
        return gr.Markdown(text, visible=bool(text)), tab_select.opening(place.tab, names)

    def link_here(tab: str, k: int, state, index, view, request: gr.Request):
        lang = lang_of(request)      # the round and view the page shows: stepped in the browser (player.js)
        state = (step_through.first_paint().state if state is None else state).seen(index, view)
        query, live = links.here(tab, k, state, lang)
        return gr.Textbox(links.page_url(getattr(request, "headers", None)) + query, visible=True,
                          info=t("link.live", lang) if live else None)

    demo.load(arriving, None, [note, opened], **QUIET).then(None, opened, [tabs, *labels], js=tab_select.OPEN,
                                                             **QUIET)
    demo.load(None, js=links.LANG_JS, **QUIET)
    demo.load(None, js=number_marks.JS, **QUIET)           # number boxes in the reader's decimal mark
    link.click(link_here, [on_screen, chapter, state, *shown], address, js=links.TAB_JS, **QUIET)
