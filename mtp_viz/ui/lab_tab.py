"""The draft-length lab tab: a bounded sweep request, its views, the table, and the what-if sliders. Wiring only.

Knows the layout and the limits of one request; the measuring is mtp_viz.lab_math.sweep, the drawing
mtp_viz.figures.lab_charts, the models from the model cache of the service it is given (ui.service). Handlers are
plain functions, so tests call them without a browser. A visitor's last sweep is only in their page (the plots, table
and download).
"""
from __future__ import annotations

import functools
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

import gradio as gr
import pandas as pd

from mtp_viz import lab_math
from mtp_viz.figures import lab_charts as views
from mtp_viz.problems import Problem
from mtp_viz.proposer_registry import ENTRIES, IN_LAB
from mtp_viz.settings import SCHEDULES, Request
from mtp_viz.strings import TABLES, sentences, t
from mtp_viz.ui import glossary, moe_story, policy, server_panel
from mtp_viz.ui.events import PRIVATE, QUIET
from mtp_viz.ui.service import Service
from mtp_viz.ui.policy import MINIATURE
from mtp_viz.ui.session import EXPORTS, SWEEP_PROMPTS, warning
from mtp_viz.ui.screen import narrow_of
from mtp_viz.ui.words import L, captioned, choices, lang_of

# One request's bounds: a sweep on two shared CPU cores should end in about a minute, never in ten.
SERVER_SWEEP = lab_math.SweepLimits(max_n=policy.SERVER_MAX_DRAFT, max_repeats=5, new_tokens=(4, 128), max_prompts=5,
                                    max_prompt_chars=200, max_runs=400)
N_CHOICES = list(range(1, SERVER_SWEEP.max_n + 1))
START = lab_math.DEFAULT_SWEEP     # the controls' start: the recorded sweep's settings


def pair_sweeps() -> dict[str, pd.DataFrame | None]:
    """The bundled pairs' recorded sweeps by pair name (None where one is missing)."""
    return {name: lab_math.recorded_sweep(name) for name in lab_math.RECORDED_SWEEPS}


def sweep_costs(sweeps: dict[str, pd.DataFrame | None]) -> dict:
    """The recorded sweeps' measured costs that the what-if caption quotes (pair_sweeps()): the default pair's
    verification cost v at N = 1 and 8 (its fitted line) and both pairs' c."""
    deep, shallow = (lab_math.cost_model(df) if df is not None else None for df in sweeps.values())
    two = lambda x: round(x, 2) if x is not None else "?"     # noqa: E731  (t() writes numbers in the reader's marks)
    return {"v_low": two(deep and deep["v0"] + deep["v1"]), "v_high": two(deep and deep["v0"] + 8 * deep["v1"]),
            "c": two(deep and deep["c"]), "c_shallow": two(shallow and shallow["c"])}


def headline(df: pd.DataFrame) -> dict:
    """The numbers the status line states: measured c and α, best N measured and predicted."""
    model = lab_math.cost_model(df)
    return {"c": model["c"], "alpha": model["alpha"], "best": views.best_measured(df),
            "best_pred": views.best_predicted(df)}


def reading(df: pd.DataFrame, lang: str = "en") -> str:
    """What the speed-up chart shows, in its own numbers (its measured peak and the fall after it), and which
    speed-up this is beside the app's others (issue 26, item 4; issue 27, item 4)."""
    drop = views.measured_drop(df)
    if drop is None:
        return ""
    text = t("lab.what.drop" if drop["low_n"] is not None else "lab.what.no_drop", lang, **drop)
    return sentences(text, best_n_said(df, lang),
                     t("speed.here.sweep", lang, clock=t(f"speed.clock.{views.clock(df)}", lang)), lang=lang)


def best_n_said(df: pd.DataFrame, lang: str = "en") -> str:
    """The best N measured, predicted and in the what-if, and, where they differ, why in the sweep's own numbers (the
    rows' α, the verification cost v as measured, the what-if's v = 1); why a heuristic diamond beats the star."""
    if not set(lab_math.COLUMNS) <= set(df.columns):
        return ""
    best = views.best_ns(df)
    if best is None:
        return ""
    said = [t("lab.best.agree", lang, n=best["measured"])
            if best["measured"] == best["predicted"] == best["what_if"] else t("lab.best.differ", lang, **best)]
    if best["measured"] != best["predicted"]:
        said.append(t("lab.best.why_alpha", lang, **best))
    if best["predicted"] != best["what_if"]:
        said.append(t("lab.best.why_v", lang, **best))
    if best["heuristic"]:
        said.append(t("lab.best.heuristic", lang, **best["heuristic"], peak=best["peak"]))
    return sentences(*said, lang=lang)


def progress_text(setting: tuple, lang: str = "en") -> str:
    """A sweep's progress line for one (proposer, schedule, N), in the reader's language."""
    proposer, schedule, n = setting
    return t("lab.progress", lang, proposer=t(ENTRIES[proposer].key, lang),
             schedule=t(f"step.schedule.{schedule}", lang), n=n)


def table(df: pd.DataFrame) -> pd.DataFrame:
    """The DataFrame as shown: floats rounded for reading (the CSV keeps every digit)."""
    return df.round(3)


def parse_prompts(text: str) -> list[str]:
    """One prompt per non-empty line (their bounds: lab_math.check_sweep)."""
    return [line.strip() for line in (text or "").splitlines() if line.strip()]


def check(prompts: list[str], ns, schedules, proposers, max_new, repeats) -> dict:
    """The sweep keywords for a request, within this server's bounds (SERVER_SWEEP); a Problem otherwise."""
    return lab_math.check_sweep(prompts, ns, schedules, proposers, max_new, repeats, SERVER_SWEEP)


def export(df: pd.DataFrame) -> str:
    """Write the sweep as CSV for the download button (in the app's hour-long export folder)."""
    EXPORTS.mkdir(exist_ok=True)
    path = Path(tempfile.mkdtemp(dir=EXPORTS)) / "mtp_lab_sweep.csv"
    df.to_csv(path, index=False)
    return str(path)


# -- handlers ---------------------------------------------------------------------------------------------------
class Sweep(NamedTuple):
    """What a sweep update returns, in this order: `build` wires the components of the same names."""
    tokens: object       # the three figures (lab_charts.build_all) ...
    speedup: object
    acceptance: object
    status: object       # the status line (Markdown)
    table: object        # the sweep's rows, rounded for reading
    download: object     # its CSV, to download
    reading: object      # what the speed-up chart shows, in its own numbers


class Preset(NamedTuple):
    """What choosing a what-if preset returns: the sliders, the MoE switch and where the numbers come from."""
    alpha: object
    c: object
    moe: object
    note: object


def show(df: pd.DataFrame, status: str, csv: str | None, lang: str, narrow: bool = False) -> Sweep:
    """Everything a sweep update returns: three figures, the status, the table, the download, the chart's reading."""
    return Sweep(*views.build_all(df, lang, narrow), status, table(df),
                 gr.DownloadButton(value=csv, interactive=csv is not None), reading(df, lang))


def refuse(message: str) -> Sweep:
    """A sweep update that changes nothing but the status line, plus a toast: for bad input of any kind."""
    gr.Warning(message)
    return Sweep(*[gr.skip()] * 3, warning(message), *[gr.skip()] * 3)


def first_paint(request: gr.Request = None) -> Sweep:
    return painted(lang_of(request), narrow_of(request))


@functools.cache
def painted(lang: str, narrow: bool = False) -> Sweep:
    """The recorded sweep's page in one language, made once per language (warm() makes them at server start): the
    CSV does not change while the server runs, and every visitor's page load asks for it."""
    df = lab_math.recorded_sweep()
    if df is None:
        return Sweep(*views.build_all(None, lang, narrow), t("lab.no_data", lang), None,
                     gr.DownloadButton(interactive=False), "")
    status = t("lab.status.shipped", lang, **headline(df))
    return show(df, status, str(lab_math.RECORDED_SWEEPS[MINIATURE]), lang, narrow)


def pairs_paint(request: gr.Request = None):
    """The two bundled pairs' recorded sweeps side by side, in the visitor's language."""
    return _pairs(lang_of(request), narrow_of(request))


@functools.cache
def _pairs(lang: str, narrow: bool = False):
    return views.two_pairs(pair_sweeps(), lang, narrow)


def warm() -> None:
    """Make every page load's lab answers now, in each language and for both screens (the server calls it at start, in
    the background), so the first visitors' page loads do not queue their first Step behind drawing them (issue 27,
    item 5), and a class opening the page on phones at once does not draw the same figures once per phone."""
    start = lab_math.recorded_sweep()
    model0 = lab_math.cost_model(start) if start is not None else {"alpha": 0.8, "c": 0.1}
    for lang in TABLES:
        for narrow in (False, True):                # the keys the page load asks by, on a desktop and on a phone
            painted(lang, narrow), _pairs(lang, narrow)
            _what_if(round(model0["alpha"], 2), round(model0["c"], 2), lang, False, narrow)


def run(prompts_text, model, ns, schedules, proposers, max_new, repeats, request: gr.Request = None,
        progress=gr.Progress(), *, service: Service) -> Sweep:
    """Run one bounded sweep on the pair loaded by `service`; a bad request changes nothing but the status line."""
    lang = lang_of(request)
    try:
        kwargs = check(parse_prompts(prompts_text), ns, schedules, proposers, max_new, repeats)
    except Problem as exc:
        return refuse(exc.said(lang))
    try:
        model = model or MINIATURE
        pair = service.models.get(model)
        start = time.perf_counter()

        def run(prompt, settings):      # each run alone, in a worker process where one serves the model
            return service.measure(Request(model=model, prompt=prompt, settings=settings)).rounds
        df = lab_math.sweep(pair, progress=lambda f, setting: progress(f, desc=progress_text(setting, lang)),
                            run=run, parallel=service.parallel(model), **kwargs)
    except Exception as exc:   # policy.message_for logs anything that is not bad input
        return refuse(t("lab.error.failed", lang, error=policy.message_for(exc, lang)))
    status = t("lab.status.done", lang, seconds=time.perf_counter() - start, model=model or MINIATURE,
               **headline(df))
    return show(df, status, export(df), lang, narrow_of(request))


def redraw(alpha, c, moe=False, request: gr.Request = None):
    """The what-if figure for slider values: the cost model only, no model runs. `moe`: verification reads the
    experts that N + 1 tokens pick, counted for 26B A4B's 128 experts, top 8 (lab_math.MOE_26B)."""
    return _what_if(float(alpha), float(c), lang_of(request), bool(moe), narrow_of(request))


@functools.lru_cache(maxsize=256)
def _what_if(alpha: float, c: float, lang: str, moe: bool, narrow: bool = False):
    """One what-if figure, kept: the page load's (the sliders' start) and the presets' are asked for again and again."""
    return views.what_if(alpha, c, lang, moe=lab_math.MOE_26B if moe else None, narrow=narrow)


def choose_preset(key, request: gr.Request = None) -> Preset:
    """Set the sliders to a real pair's projected α and c, and say where the numbers come from."""
    lang = lang_of(request)
    if key not in lab_math.PRESETS:
        return Preset(gr.skip(), gr.skip(), gr.skip(), "")
    p = lab_math.PRESETS[key]
    note = t("lab.status.preset", lang, name=t(f"lab.preset.{key}", lang), alpha=p["alpha"], c=p["c"],
             alpha_source=t(f"lab.preset.{key}.alpha", lang), c_source=t(f"lab.preset.{key}.c", lang))
    if p.get("moe"):
        note += "\n\n" + moe_story.paragraph(p, 4, lang)
    return Preset(p["alpha"], p["c"], bool(p.get("moe")), note)


# -- layout -----------------------------------------------------------------------------------------------------
def build(demo: gr.Blocks, service: Service) -> None:
    """Lay out the lab inside the current gr.Tab and wire its events; its sweeps run on the pairs `service` loads."""
    start = lab_math.recorded_sweep()
    model0 = lab_math.cost_model(start) if start is not None else {"alpha": 0.8, "c": 0.1}
    gr.Markdown(L("lab.intro"))
    with gr.Row():
        with gr.Column(scale=3):
            prompts = gr.Textbox(value="\n".join(SWEEP_PROMPTS), lines=4, elem_id="lab-prompts",
                                 label=L("lab.prompts", max_prompts=SERVER_SWEEP.max_prompts,
                                         max_chars=SERVER_SWEEP.max_prompt_chars))
            model = gr.Dropdown(choices(policy.model_choices()), value=MINIATURE, label=L("step.model"),
                                allow_custom_value=not policy.is_public())
        with gr.Column(scale=3):
            ns = gr.CheckboxGroup(N_CHOICES, value=list(START["ns"]), label=L("lab.ns"), elem_id="lab-ns")
            with gr.Row():
                # each control as wide as its longest label: on a phone, one a line
                schedules = gr.CheckboxGroup([(L(f"step.schedule.{k}"), k) for k in SCHEDULES],
                                             value=list(START["schedules"]),
                                             label=L("lab.schedules"), min_width=240)
                proposers = gr.CheckboxGroup([(L(ENTRIES[p].key), p) for p in IN_LAB],
                                             value=list(START["proposers"]), label=L("lab.proposers"), min_width=240)
            with gr.Row():
                max_new = gr.Slider(8, SERVER_SWEEP.new_tokens[1], value=START["max_new_tokens"], step=8,
                                    label=L("lab.max_new"), min_width=240)
                repeats = gr.Slider(1, SERVER_SWEEP.max_repeats, value=START["repeats"], step=1, label=L("lab.repeats"),
                                    min_width=240)
    run_btn = gr.Button(L("lab.run"), variant="primary")
    status = gr.Markdown(elem_classes="lab-status")
    plots = []
    for what in ("tokens", "speedup", "acceptance"):
        plots.append(gr.Plot(show_label=False, elem_classes="lab-plot"))
        if what == "speedup":
            drop = gr.Markdown(elem_classes="lab-reading")      # this chart's own peak and fall, in numbers
        gr.Markdown(L("step.what_you_see", text=L(f"lab.what.{what}")), elem_classes="what-you-see")
    with gr.Accordion(L("lab.table"), open=False):
        frame = gr.Dataframe(interactive=False, wrap=True)
        download = gr.DownloadButton(L("lab.download"), interactive=False)
    gr.Markdown(L("lab.pairs.heading"))
    sweeps = pair_sweeps()
    pairs_plot = gr.Plot(show_label=False, value=views.two_pairs(sweeps), elem_classes="lab-pairs")
    gr.Markdown(captioned("lab.pairs.what.short", "lab.pairs.what"), elem_classes="what-you-see")
    gr.Markdown(L("lab.what_if"))
    with gr.Row():
        alpha = gr.Slider(0.0, 0.99, value=round(model0["alpha"], 2), step=0.01, label=L("lab.alpha"), min_width=240)
        # c in thousandths: the presets' projections (0.108, 0.034, 0.015) lie on the slider's steps, and its box
        # writes them whole in every language (at 0.01 the German box showed 0,11 where the English one cut "0.108")
        c = gr.Slider(0.0, 1.5, value=round(model0["c"], 2), step=0.001, label=L("lab.c"), min_width=240,
                      elem_id="lab-c")
        preset = gr.Dropdown([(L("lab.preset.none"), "")] + [(L(f"lab.preset.{k}"), k) for k in lab_math.PRESETS],
                             value="", label=L("lab.preset"))
    moe = gr.Checkbox(False, label=L("lab.moe"), elem_id="lab-moe")
    preset_note = gr.Markdown()
    what_if = gr.Plot(show_label=False, value=views.what_if(model0["alpha"], model0["c"]), elem_classes="lab-what-if")
    gr.Markdown(captioned("lab.what.what_if.short", "lab.what.what_if", **sweep_costs(sweeps)),
                elem_classes="what-you-see")
    server_panel.build(demo)
    glossary.accordion()

    def sweep(prompts_text, model, ns, schedules, proposers, max_new, repeats, request: gr.Request,
              progress=gr.Progress()):
        return run(prompts_text, model, ns, schedules, proposers, max_new, repeats, request, progress, service=service)

    outputs = list(Sweep(*plots, status, frame, download, drop))
    run_btn.click(sweep, [prompts, model, ns, schedules, proposers, max_new, repeats], outputs,
                  concurrency_id="lab-sweep", concurrency_limit=1, **PRIVATE)
    # no progress on the page-load paints and the redraws (events.QUIET says why)
    for control in (alpha, c, moe):
        control.change(redraw, [alpha, c, moe], what_if, **QUIET)
    preset.input(choose_preset, [preset], list(Preset(alpha, c, moe, preset_note)), **PRIVATE)
    demo.load(first_paint, None, outputs, **QUIET)
    demo.load(pairs_paint, None, pairs_plot, **QUIET)
    demo.load(redraw, [alpha, c], what_if, **QUIET)   # built in English above, redrawn in the visitor's language
