"""The lab's "From your server" panel: two /metrics pages in, the server's acceptance and the cost model out. Wiring.

Knows the panel's layout and the one network read the app ever makes for a visitor: a URL, in local mode only
(policy.is_public() decides; in public mode no request is made). The reading is mtp_viz.server_metrics, the
drawing mtp_viz.figures.server. Handlers are plain functions, so tests call them without a browser.
"""
from __future__ import annotations

import math
import urllib.parse
import urllib.request
from typing import NamedTuple

import gradio as gr

from mtp_viz import lab_math, server_metrics
from mtp_viz.figures import server as views
from mtp_viz.problems import Problem
from mtp_viz.server_metrics import MAX_CHARS
from mtp_viz.strings import t
from mtp_viz.ui import policy
from mtp_viz.ui.events import PRIVATE
from mtp_viz.ui.session import md, warning
from mtp_viz.ui.words import L, captioned, lang_of

FETCH_TIMEOUT_S = 5.0
DEFAULT_C = 0.05            # a few-per-cent drafter, as Gemma 4's assistants are; the presets cite real ones
MAX_GAMMA = policy.SERVER_MAX_DRAFT     # the largest N, as on the page


def upload_button(label: str) -> gr.UploadButton:
    """A gr.UploadButton whose API description is worked out once. Its own api_info builds a pydantic JSON schema on
    every call, and Gradio calls it three times per button for each new visitor's session, in its event loop (about
    2 ms a button here); Gradio's other components keep theirs. (A subclass would do the same, but Gradio writes a
    .pyi file beside any module that defines a component class.)"""
    button = gr.UploadButton(label, type="filepath", size="sm")
    schema = button.api_info()
    button.api_info = lambda: schema
    return button


# -- reading text in ----------------------------------------------------------------------------------------------
def fetch_text(url: str) -> str:
    """The text at `url` (http or https), read once with a short timeout and a size cap. Refused in public mode
    before anything touches the network."""
    if policy.is_public():
        raise Problem("server.error.public_url")
    url = (url or "").strip()
    if urllib.parse.urlsplit(url).scheme not in ("http", "https"):
        raise Problem("server.error.url_scheme")
    try:
        with urllib.request.urlopen(url, timeout=FETCH_TIMEOUT_S) as response:   # noqa: S310 (scheme checked)
            body = response.read(MAX_CHARS + 1)
    except (OSError, ValueError) as exc:     # URLError, HTTPError, timeouts, bad hosts
        raise Problem("server.error.url", url=url[:100], error=str(exc)[:160]) from None
    if len(body) > MAX_CHARS:
        raise Problem("server.error.too_large", size=len(body), limit=MAX_CHARS)
    return body.decode("utf-8", errors="replace")


def file_text(path) -> str:
    """An uploaded file's text, at most MAX_CHARS characters."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read(MAX_CHARS + 1)
    except OSError as exc:
        raise Problem("server.error.file", error=str(exc)[:160]) from None
    if len(text) > MAX_CHARS:
        raise Problem("server.error.too_large", size=len(text), limit=MAX_CHARS)
    return text


# -- what the panel says ------------------------------------------------------------------------------------------
def report(s: server_metrics.Summary, c: float, lang: str = "en") -> str:
    """The summary table: each figure measured on the server, or why it is missing, and the prediction."""
    window = "gauges" if s.engine == "sglang" else "diff" if s.windowed else "start"
    lines = [t("server.summary.title", lang, engine="vLLM" if s.engine == "vllm" else "SGLang",
               model=_code(s.model), window=t(f"server.window.{window}", lang)), "",
             t("server.table.header", lang)]

    def row(key, value=None, **values):
        lines.append(t(key, lang, **values) if value is None else t(key, lang, value=value, **values))

    unsupported = t("server.unsupported" if s.engine == "sglang" else "server.not_on_page", lang)
    if s.drafts is not None:
        counts = (s.drafts, s.draft_tokens, s.accepted)
        row("server.row.counts", " · ".join("—" if v is None else f"{v:,.0f}" for v in counts))
    for key, value in (("rate", s.acceptance_rate), ("length", s.mean_acceptance_length)):
        if value is not None:
            row(f"server.row.{key}", value)
        else:
            row(f"server.row.{key}_missing", reason=unsupported)
    if s.position_shares:
        row("server.row.positions", " · ".join(f"{x:.2f}" for x in s.position_shares), n=len(s.position_shares))
    else:
        row("server.row.positions_missing", reason=unsupported)
    if s.gamma:
        row("server.row.gamma", s.gamma, source=t(f"server.gamma.{s.gamma_source}", lang))
    if s.alpha is not None and math.isfinite(s.alpha):
        row("server.row.alpha", s.alpha, source=t(f"server.alpha.{s.alpha_source}", lang))
        best = server_metrics.best_n(s, c)
        row("server.row.best", best, c=float(c), speedup=lab_math.walltime_improvement(s.alpha, best, c),
            tokens=lab_math.expected_tokens(s.alpha, best))
    notes = [t(k, lang, names=", ".join(s.resets), model=_code(s.model)) for k in s.notes]
    return "\n".join(lines + [""] + [f"- {n}" for n in notes])


def _code(name: str) -> str:
    """A model name as inline code: shown literally, whatever characters it has."""
    return f"`{(name or '?').replace('`', '')}`"


def _reference() -> float | None:
    """The miniature's α from the lab's recorded sweep, for comparison in the curves; None without it."""
    df = lab_math.recorded_sweep()
    return lab_math.cost_model(df)["alpha"] if df is not None else None


# -- handlers -----------------------------------------------------------------------------------------------------
class Reading(NamedTuple):
    """What reading the two pages returns, in this order: `build` wires the components of the same names."""
    status: object       # the summary table, or what went wrong (Markdown)
    curves: object       # the acceptance curves and the cost model's prediction
    positions: object    # the acceptance by draft position


class Text(NamedTuple):
    """What fetching a URL or uploading a file returns: the text for its box and the status line."""
    text: object
    status: object


class Preset(NamedTuple):
    """What choosing a cited pair returns: its c and where it comes from."""
    c: object
    note: object


def refused(message: str) -> str:
    """The status line for an update that changes nothing else (plots and boxes stay), after a toast."""
    gr.Warning(message)
    return warning(message)


def read(before: str, after: str, c, gamma, request: gr.Request = None) -> Reading:
    """Parse the two pages and draw: the status, the curves and the acceptance by position."""
    lang = lang_of(request)
    try:
        c = float(c if c is not None else DEFAULT_C)
        if not 0.0 <= c <= 2.0 or not math.isfinite(c):
            raise Problem("public.over_limit", name="c", value=c, limit=2)
        g = int(gamma or 0)
        if not 0 <= g <= MAX_GAMMA:
            raise Problem("public.over_limit", name="N", value=g, limit=MAX_GAMMA)
        summary = server_metrics.read(before, after, g or None)
    except Exception as exc:
        return Reading(refused(policy.message_for(exc, lang)), gr.skip(), gr.skip())
    return Reading(report(summary, c, lang), *views.build_all(summary, c, lang, _reference()))


def fetch(url: str, request: gr.Request = None) -> Text:
    """Read the URL into a box; in public mode a refusal, and no request is made."""
    lang = lang_of(request)
    try:
        text = fetch_text(url)
    except Exception as exc:
        return Text(gr.skip(), refused(policy.message_for(exc, lang)))
    return Text(text, t("server.url_read", lang, size=len(text), url=md(url.strip()[:100])))


def upload(path, request: gr.Request = None) -> Text:
    """An uploaded file's text into its box."""
    lang = lang_of(request)
    try:
        return Text(file_text(path), "")
    except Exception as exc:
        return Text(gr.skip(), refused(policy.message_for(exc, lang)))


def choose_preset(key, request: gr.Request = None) -> Preset:
    """c from a cited Gemma 4 pair, and where it comes from."""
    lang = lang_of(request)
    if key not in lab_math.PRESETS:
        return Preset(gr.skip(), "")
    return Preset(lab_math.PRESETS[key]["c"], t("server.preset_note", lang, c=lab_math.PRESETS[key]["c"],
                                              name=t(f"lab.preset.{key}", lang), source=t(f"lab.preset.{key}.c", lang)))


# -- layout -------------------------------------------------------------------------------------------------------
def build(demo: gr.Blocks) -> None:
    """Lay out the panel inside the lab tab and wire its events."""
    public = policy.is_public()
    with gr.Accordion(L("server.title"), open=False, elem_id="server-panel"):
        gr.Markdown(L("server.intro"))
        with gr.Row():
            before = gr.Textbox(lines=5, max_lines=5, label=L("server.before"), elem_id="server-before")
            after = gr.Textbox(lines=5, max_lines=5, label=L("server.after"), elem_id="server-after")
        with gr.Row():
            up_before = upload_button(L("server.upload_before"))
            up_after = upload_button(L("server.upload_after"))
        with gr.Row(equal_height=True):
            url = gr.Textbox(label=L("server.url"), placeholder="http://127.0.0.1:8000/metrics", scale=3,
                             interactive=not public, info=L("server.url_public") if public else None)
            fetch_before = gr.Button(L("server.fetch_before"), size="sm", interactive=not public)
            fetch_after = gr.Button(L("server.fetch_after"), size="sm", interactive=not public)
        with gr.Row():
            c = gr.Number(value=DEFAULT_C, minimum=0.0, maximum=2.0, step=0.001, label=L("server.c"))
            preset = gr.Dropdown([(L("lab.preset.none"), "")] + [(L(f"lab.preset.{k}"), k) for k in lab_math.PRESETS],
                                 value="", label=L("server.preset"))
            gamma = gr.Number(value=0, minimum=0, maximum=MAX_GAMMA, precision=0, label=L("server.gamma"))
        preset_note = gr.Markdown()
        read_btn = gr.Button(L("server.read"), variant="primary", elem_id="server-read")
        with gr.Row():
            with gr.Column(scale=2):
                status = gr.Markdown(elem_classes="server-status")
            curves = gr.Plot(show_label=False, elem_classes="server-plot", scale=3)
        positions = gr.Plot(show_label=False, elem_classes="server-plot")
        gr.Markdown(captioned("server.what.short", "server.what"), elem_classes="what-you-see")

    read_btn.click(read, [before, after, c, gamma], list(Reading(status, curves, positions)), **PRIVATE)
    for button, box in ((fetch_before, before), (fetch_after, after)):
        button.click(fetch, [url], list(Text(box, status)), **PRIVATE)
    for button, box in ((up_before, before), (up_after, after)):
        button.upload(upload, [button], list(Text(box, status)), **PRIVATE)
    preset.input(choose_preset, [preset], list(Preset(c, preset_note)), **PRIVATE)
