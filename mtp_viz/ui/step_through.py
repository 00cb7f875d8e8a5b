"""The step-through tab: controls, Step / Run / Play / Reset, the round slider, the token stream and one chosen view.

Wiring only. Handlers are plain functions of (state, inputs..., lang="en") so tests call them without a browser;
`localized` hands them the visitor's language for Gradio. Each returns the tuple OUTPUTS names. Only what is on
screen is drawn: the token stream and the chosen view, each resent only when what it shows has changed. The page
is painted at build time with round 0 of the recorded "Actions speak" trace, so no load event can undo a click.
"""
from __future__ import annotations

import functools
import re
from pathlib import Path

import gradio as gr

from mtp_viz.figures import VIEWS, depends, empty, what_you_see
from mtp_viz.figures import build as draw
from mtp_viz.figures.theme import moe_caveat
from mtp_viz.strings import TABLES, t
from mtp_viz.trace import BONUS, CORRECTION, UNUSED, Trace
from mtp_viz.ui import glossary, keys, policy
from mtp_viz.schema import parse_trace
from mtp_viz.ui.generation import generate
from mtp_viz.ui.words import L, choices, lang_of
from mtp_viz.ui.session import (DEFAULTS, EXAMPLES, controls_of, export_files, md, new_state, recorded,
                                request, shipped)

PROPOSERS = ["mtp", "draft-model", "prompt-lookup", "none"]
SCHEDULES = ["heuristic", "constant"]
STREAM = "token_stream"                                   # always on screen, beside the chosen view
CHOICES = [key for key, _ in VIEWS if key != STREAM]      # the views the chooser offers
FIRST_VIEW = "timeline"
FIRST_TRACE = "actions speak"                             # painted at build time, at round 0
# what every handler returns, in this order
OUTPUTS = ["stream", "view", "what", "status", "text", "rounds", "json", "csv", "state"]
STREAM_AT, VIEW_AT, WHAT_AT, STATUS_AT, TEXT_AT, ROUNDS_AT, JSON_AT, CSV_AT = range(8)


# -- state ------------------------------------------------------------------------------------------------------
def fresh(trace: Trace | None = None, index: int = 0, view: str = FIRST_VIEW) -> dict:
    """A visitor's state: the trace and round (session.new_state), plus the chosen view, what each plot on the page
    shows now (so unchanged plots are not resent), whether the controls no longer match the trace, what they ask for
    now (a request, None until they change: the status warns when it cannot run), and whether the visitor has done
    anything yet."""
    return {**new_state(trace, index), "view": view, "shown": {}, "stale": False, "asked": None, "acted": False,
            "serial": 0}


def _set_trace(state: dict, trace: Trace | None, index: int) -> None:
    serial = state.get("serial", 0) + 1          # tells plots of different traces apart without comparing traces
    state.update(new_state(trace, index), serial=serial, stale=False)


# -- rendering --------------------------------------------------------------------------------------------------
def _fewer(trace: Trace, r, lang: str) -> str:
    """Why a round drafted fewer than N guesses, as the engine recorded it (Round.draft_stop); traces older than
    schema 3 did not record it, so for them it is worked out from the settings."""
    if not 0 < r.num_drafted < r.num_assistant_tokens:
        return ""
    left = len(trace.prompt_ids) + trace.settings.max_new_tokens - r.start_len - 1
    stop = r.draft_stop
    if stop is None and trace.schema_version < 3:
        stop = ("length" if r.num_drafted == left else "lookup" if trace.settings.proposer == "prompt-lookup"
                else "threshold" if trace.settings.confidence_threshold else None)
    return t(f"step.fewer.{stop}", lang, left=left) if stop else ""


# what models.pick_device says, in English, as recorded in every trace -> the key that says it in the tables
DEVICE_REASONS = [(r"no GPU found; running on (?P<threads>\d+) CPU thread\(s\)", "step.device.cpu"),
                  (r"CUDA GPU found: (?P<name>[^;]+)", "step.device.cuda"),
                  (r"Apple GPU \(MPS\) found", "step.device.mps"),
                  (r"device (?P<device>[^;\s]+) requested", "step.device.requested")]


def device_reason(reason: str, lang: str = "en") -> str:
    """Why the model ran where it did, in `lang`: what models.pick_device wrote, translated; anything after it (a
    memory note) or in an older wording as recorded."""
    for pattern, key in DEVICE_REASONS:
        reason = re.sub(rf"^{pattern}(?=;|$)", lambda m, key=key: t(key, lang, **m.groupdict()), reason)
    return reason


def warning(message: str) -> str:
    """A message in bold with a warning sign, as the status line shows it."""
    return f"⚠️ **{md(message)}**"


def summary(trace: Trace | None, i: int, lang: str = "en", stale: bool = False, note: str = "") -> str:
    """The round status: what round i did and on which models, after `note` (Markdown) and the stale warning."""
    note = f"{note}\n\n" if note else ""
    if trace is None:
        return note + t("step.empty", lang)
    r, info, last = trace.rounds[i], trace.model_info, len(trace.rounds) - 1
    guessed = dict(drafted=r.num_drafted, n=r.num_assistant_tokens, fewer=_fewer(trace, r, lang), kept=r.num_accepted)
    if r.index == 0:
        what = t("step.what.prefill", lang)
    elif not r.draft_token_ids:
        what = t("step.what.none", lang)
    elif r.last_token_kind not in (CORRECTION, BONUS):   # the round was cut at eos / max new tokens
        unused = sum(v.verdict == UNUSED for v in r.verify_steps)
        what = t("step.what.cut", lang, **guessed) + (t("step.what.unused", lang, unused=unused) if unused else "")
    else:
        what = t("step.what.round", lang, **guessed, kind=t(f"step.kind.{r.last_token_kind}", lang),
                 new=len(r.emitted_token_ids))
    end = t("step.stopped", lang, why=t(f"step.stop.{r.stopped}", lang)) if r.stopped else ""
    models = ((info.target_class, info.target_params),
              (info.assistant_class, info.drafter_params))
    sizes = " + ".join(t("step.params", lang, model=md(str(c)), millions=p / 1e6) for c, p in models if c and p)
    said = {k: md(str(getattr(info, k))) for k in ("name", "proposer", "device", "dtype")}
    if info.proposer in PROPOSERS:
        said["proposer"] = md(t(f"step.proposer.{info.proposer}", lang))
    line = t("step.model_line", lang, sizes=sizes, **said)
    if info.device_reason:
        line += f" ({md(device_reason(str(info.device_reason), lang))})"
    moe = t("step.moe", lang, caveat=md(moe_caveat(info, lang))) if info.moe_caveat else ""
    note += t("step.stale", lang) if stale else ""
    return note + t("step.heading", lang, i=i, last=last, what=what, end=end) + line + moe


def output_so_far(trace: Trace | None, i: int) -> str:
    if trace is None:
        return ""
    text = "".join(trace.text_of(tok) for tok in trace.emitted_upto(i))
    prompt = trace.prompt_text if trace.prompt_text is not None else "".join(map(trace.text_of, trace.prompt_ids))
    return f"**{md(prompt)}**{md(text)}"


def _plot(state: dict, slot: str, key: str, lang: str):
    """The figure for one plot on the page, or gr.skip() when the page already shows exactly that."""
    trace, i = state["trace"], state["index"]
    module = dict(VIEWS)[key]
    seen = (key, lang, state["serial"], None if trace is None else depends(module, trace, i))
    if state["shown"].get(slot) == seen:
        return gr.skip()
    state["shown"][slot] = seen
    return empty(key, t("step.empty_figures", lang), lang) if trace is None else draw(key, trace, i, lang)


def _what(state: dict, lang: str):
    seen = (state["view"], lang)
    if state["shown"].get("what") == seen:
        return gr.skip()
    state["shown"]["what"] = seen
    return t("step.what_you_see", lang, text=what_you_see(dict(VIEWS)[state["view"]], lang))


def render(state: dict, lang: str = "en", note: str = "") -> tuple:
    """Everything a view update returns (OUTPUTS): the two plots, the texts, the slider, the downloads, the state.

    `note` (Markdown) heads the round status, after any warning that the controls ask for what cannot run."""
    for k, v in fresh().items():      # a state made by session.new_state() alone gets the tab's fields
        state.setdefault(k, v)
    trace, i = state["trace"], state["index"]
    if trace is None:
        slider = gr.update(minimum=0, maximum=1, value=0, interactive=False)
        downloads = tuple(gr.update(value=None, interactive=False) for _ in range(2))
    else:
        slider = gr.update(minimum=0, maximum=max(len(trace.rounds) - 1, 1), value=i, step=1, interactive=True)
        downloads = (gr.skip(), gr.skip())     # files are written (and copied by Gradio) once per trace
        if state["files"] is None:
            state["files"] = export_files(trace)
            downloads = tuple(gr.update(value=f, interactive=True) for f in state["files"])
    notes = "\n\n".join(n for n in (refusal(state.get("asked"), lang), note) if n)
    return (_plot(state, "stream", STREAM, lang), _plot(state, "view", state["view"], lang), _what(state, lang),
            summary(trace, i, lang, state.get("stale", False), notes), output_so_far(trace, i), slider, *downloads,
            state)


# -- handlers ---------------------------------------------------------------------------------------------------
def localized(handler):
    """`handler` for Gradio: the visitor's language from the request (a gr.Request parameter after the state)."""
    def run(state, request: gr.Request, *args):
        return handler(state, *args, lang=lang_of(request))
    run.__name__ = run.__qualname__ = handler.__name__
    return run


def _ensure(state: dict, controls: tuple) -> bool:
    """Make sure the state holds the trace the controls ask for; True when a new one was made (round 0 shown)."""
    req = request(*controls)
    state["acted"], state["stale"], state["asked"] = True, False, req
    if state["trace"] is not None and state["request"] == req:
        return False
    _set_trace(state, generate(req), 0)
    state["request"] = req
    return True


def warn(state: dict, message: str, lang: str = "en") -> tuple:
    """A view update that changes nothing but the status line, plus a toast: for bad input of any kind."""
    gr.Warning(message, title=t("step.warning", lang))
    return (gr.skip(), gr.skip(), gr.skip(), warning(message), *[gr.skip() for _ in range(4)], state)


def keep_controls() -> tuple:
    return tuple(gr.skip() for _ in DEFAULTS)


def unchanged(state: dict) -> tuple:
    """A view update that changes nothing."""
    return (*[gr.skip() for _ in OUTPUTS[:-1]], state)


def _guarded(handler):
    """Show any error as a warning in the page, in the visitor's language where the tables say it
    (policy.message_for logs the traceback), and leave everything as it was."""
    @functools.wraps(handler)
    def run(state, *args, lang: str = "en", **kwargs):
        try:
            return handler(state, *args, lang=lang, **kwargs)
        except Exception as exc:
            return warn(state, policy.message_for(exc, lang), lang)
    return run


@_guarded
def step(state: dict, *controls, lang: str = "en", again: bool = False) -> tuple:
    """The next round; at the last one, stay there and say so (`again`, for Play: start over from round 0)."""
    if _ensure(state, controls):
        return render(state, lang)
    last = len(state["trace"].rounds) - 1
    if state["index"] < last:
        state["index"] += 1
    elif again:
        state["index"] = 0
    else:
        return render(state, lang, note=t("step.at_last", lang, last=last))
    return render(state, lang)


@_guarded
def run_to_end(state: dict, *controls, lang: str = "en") -> tuple:
    _ensure(state, controls)
    state["index"] = len(state["trace"].rounds) - 1
    return render(state, lang)


def reset(state: dict, lang: str = "en") -> tuple:
    _set_trace(state, None, 0)
    state["acted"] = True
    return render(state, lang)


def scrub(state: dict, value, lang: str = "en") -> tuple:
    state["acted"] = True
    if state["trace"] is not None and value is not None:
        state["index"] = max(0, min(int(value), len(state["trace"].rounds) - 1))
    return render(state, lang)


def choose(state: dict, view: str, lang: str = "en") -> tuple:
    """Show another view beside the token stream; nothing else is redrawn."""
    if view in CHOICES:
        state["view"] = view
    return render(state, lang)


def refusal(req: dict | None, lang: str = "en") -> str:
    """Why the controls ask for what cannot run (policy.check_proposer), as a status warning; "" when they can."""
    try:
        if req is not None:
            policy.check_proposer(req["model"], req["proposer"], req["assistant"])
    except policy.Said as exc:
        return warning(exc.said(lang))
    return ""


def mark_stale(state: dict, *controls, lang: str = "en") -> tuple:
    """A control changed: say so above the rounds on screen until the next Step or Run (none when it matches), and
    say at once, before any Step, when the chosen proposer cannot run with the chosen model."""
    try:
        req = request(*controls)
    except (TypeError, ValueError):
        req = None
    stale = state["trace"] is not None and req != state["request"]
    problem = refusal(req, lang)
    shown = (state.get("stale", False), refusal(state.get("asked"), lang))
    state["stale"], state["asked"] = stale, req
    if (stale, problem) == shown:
        return gr.skip(), state
    return summary(state["trace"], state["index"], lang, stale, problem), state


def play(state: dict, playing: bool, *controls, lang: str = "en"):
    """Play / pause: start the timer (making the trace if needed) or stop it."""
    if playing:
        return gr.Timer(active=False), False, gr.Button(value=t("step.play", lang)), *unchanged(state)
    out = step(state, *controls, lang=lang, again=True)     # at the last round, Play starts over
    started = state["trace"] is not None
    return (gr.Timer(active=started), started,
            gr.Button(value=t("step.pause" if started else "step.play", lang)), *out)


def tick(state: dict, lang: str = "en"):
    """One timer tick: reveal the next round; stop at the last."""
    trace = state["trace"]
    if trace is None or state["index"] >= len(trace.rounds) - 1:
        return gr.Timer(active=False), False, gr.Button(value=t("step.play", lang)), *render(state, lang)
    state["index"] += 1
    done = state["index"] >= len(trace.rounds) - 1
    return (gr.Timer(active=not done), not done, gr.Button(value=t("step.play" if done else "step.pause", lang)),
            *render(state, lang))


def _show(trace: Trace, state: dict, lang: str, index: int = -1) -> tuple:
    """Show a trace (shipped or uploaded) at a round (-1: the last) and set the controls to what made it."""
    _set_trace(state, trace, len(trace.rounds) - 1 if index < 0 else index)
    state["acted"] = True
    controls = controls_of(state["request"])
    return (*[controls[k] for k in DEFAULTS], *render(state, lang))


def replay(state: dict, file, lang: str = "en") -> tuple:
    """Show an uploaded JSON trace; anything that is not one is reported and changes nothing."""
    if file is None:
        return (*keep_controls(), *unchanged(state))
    try:
        trace = parse_trace(Path(file if isinstance(file, str) else file.name).read_bytes())
    except Exception as exc:   # schema errors name the field; anything else is logged by message_for
        return (*keep_controls(), *warn(state, t("step.replay_failed", lang, error=policy.message_for(exc))))
    return _show(trace, state, lang)


def load_recorded(state: dict, name: str, lang: str = "en") -> tuple:
    trace = shipped(name) if isinstance(name, str) else None
    if trace is None:
        return (*keep_controls(), *unchanged(state))
    return _show(trace, state, lang)


def first_state() -> dict:
    """What every visitor sees first: round 0 of the recorded "Actions speak" trace (its controls are the defaults)."""
    return fresh(shipped(FIRST_TRACE) or shipped(next(iter(recorded()), "")), 0)


def in_language(state: dict, lang: str = "en") -> tuple:
    """On page load: redraw the build-time first paint in the visitor's language, unless English or already acted
    on (so a Reset or Step pressed before this arrives is never undone)."""
    if lang == "en" or state.get("acted"):
        return unchanged(state)
    return render(state, lang)


def _recorded_labels() -> list[tuple[str, str]]:
    """(label key, name) for the recorded examples: each named in the tables, or by its file name if not."""
    return [(f"step.recorded.{path.stem}" if f"step.recorded.{path.stem}" in TABLES["en"] else name, name)
            for name, path in recorded().items()]


# -- layout -----------------------------------------------------------------------------------------------------
def build(demo: gr.Blocks) -> dict:
    """Lay out the step-through tab inside the current gr.Tab and wire its events; returns the "race this prompt"
    button and the controls (in request()'s order), which the page wires to the race tab."""
    start = first_state()
    first = render(start)          # the first paint, made once at build time; every session starts from a copy
    state = gr.State(start, time_to_live=policy.STATE_TTL_S)
    playing = gr.State(False)
    with gr.Row(equal_height=False):
        with gr.Column(scale=5, min_width=320):
            prompt = gr.Textbox(label=L("step.prompt"), value=DEFAULTS["prompt"], lines=1,
                                max_length=policy.max_prompt_chars())
            gr.Examples([[e] for e in EXAMPLES], inputs=[prompt], cache_examples=False, label=L("step.examples"))
        with gr.Column(scale=3, min_width=220):
            model = gr.Dropdown(choices(policy.model_choices()), value=DEFAULTS["model"], label=L("step.model"),
                                allow_custom_value=True,   # a replayed trace may name any model; policy gates runs
                                info=L("public.model_info" if policy.is_public() else "step.model_info"))
        with gr.Column(scale=3, min_width=260):
            with gr.Row():
                step_btn = gr.Button(L("step.step"), variant="primary", elem_id=keys.STEP, min_width=100)
                run_btn = gr.Button(L("step.run"), min_width=100)
            with gr.Row():
                play_btn = gr.Button(L("step.play"), elem_id=keys.PLAY, min_width=100)
                reset_btn = gr.Button(L("step.reset"), variant="stop", min_width=100)
            race_btn = gr.Button(L("race.this"), size="sm", elem_id="race-this")
    with gr.Row(equal_height=False):
        with gr.Column(scale=5, min_width=420):
            status = gr.Markdown(first[STATUS_AT], elem_id="round-status", elem_classes="round-status")
            rounds = gr.Slider(0, first[ROUNDS_AT]["maximum"], value=0, step=1, label=L("step.round"),
                               interactive=True, info=L("step.keys"), elem_id=keys.ROUND)
            stream = gr.Plot(first[STREAM_AT], label=L(f"fig.{STREAM}.title"), show_label=False, elem_id="stream")
            text = gr.Markdown(first[TEXT_AT], elem_classes="output-so-far")
        with gr.Column(scale=6, min_width=480):
            chooser = gr.Radio([(L(f"fig.{k}.title"), k) for k in CHOICES], value=FIRST_VIEW, show_label=False,
                               container=False, elem_id="view-chooser")
            view = gr.Plot(first[VIEW_AT], label=L("fig.choose"), show_label=False, elem_id="view")
            what = gr.Markdown(first[WHAT_AT], elem_classes="what-you-see")
    with gr.Row(equal_height=False):
        with gr.Accordion(L("step.settings"), open=False):
            with gr.Row():
                proposer = gr.Radio([(L(f"step.proposer.{p}"), p) for p in PROPOSERS], value=DEFAULTS["proposer"],
                                    label=L("step.proposer"), info=L("step.proposer_info"))
                n = gr.Slider(1, policy.MAX_N, value=DEFAULTS["num_assistant_tokens"], step=1, label=L("step.n"), info=L("step.n_info"))
                schedule = gr.Radio([(L(f"step.schedule.{k}"), k) for k in SCHEDULES], value=DEFAULTS["schedule"], label=L("step.schedule"),
                                    info=L("step.schedule_info"))
                threshold = gr.Slider(0.0, 1.0, value=DEFAULTS["confidence_threshold"], step=0.05, label=L("step.threshold"),
                                      info=L("step.threshold_info"))
                max_new = gr.Slider(1, policy.MAX_NEW_TOKENS, value=DEFAULTS["max_new_tokens"], step=1,
                                    label=L("step.max_new"), info=L("step.max_new_info"))
            with gr.Row():
                do_sample = gr.Checkbox(DEFAULTS["do_sample"], label=L("step.do_sample"),
                                        info=L("step.do_sample_info"))
                temperature = gr.Slider(0.1, 2.0, value=DEFAULTS["temperature"], step=0.05,
                                        label=L("step.temperature"), info=L("step.temperature_info"))
                top_k = gr.Slider(0, 200, value=DEFAULTS["top_k"], step=1, label=L("step.top_k"),
                                  info=L("step.top_k_info"))
                top_p = gr.Slider(0.05, 1.0, value=DEFAULTS["top_p"], step=0.05, label=L("step.top_p"),
                                  info=L("step.top_p_info"))
                seed = gr.Number(DEFAULTS["seed"], precision=0, minimum=0, label=L("step.seed"),
                                 info=L("step.seed_info"))
            with gr.Row():
                assistant = gr.Textbox(label=L("step.assistant"), placeholder=L("step.assistant_placeholder"),
                                       visible=not policy.is_public())
                speed = gr.Slider(0.3, 3.0, value=1.0, step=0.1, label=L("step.speed"), min_width=200)
        with gr.Accordion(L("step.export"), open=False):
            with gr.Row():
                json_btn = gr.DownloadButton(L("step.download_json"), value=start["files"][0], interactive=True)
                csv_btn = gr.DownloadButton(L("step.download_csv"), value=start["files"][1], interactive=True)
            upload = gr.File(label=L("step.upload"), file_types=[".json"])
            example = gr.Dropdown(choices(_recorded_labels()), label=L("step.recorded"), value=None)
    with gr.Accordion(L("step.about"), open=False):
        gr.Markdown(L("step.intro"))
    glossary.accordion()
    timer = gr.Timer(1.0, active=False)

    controls = [model, assistant, prompt, proposer, n, schedule, threshold, max_new, do_sample, temperature,
                top_k, top_p, seed]
    views = [stream, view, what, status, text, rounds, json_btn, csv_btn, state]
    hidden = {"api_visibility": "private"}   # the page's own events; the public API is ui/api.py's `trace`
    quiet = {**hidden, "show_progress": "hidden"}
    generating = {**hidden, **policy.generating_events()}   # they wait in generation.py's line, not Gradio's
    step_btn.click(localized(step), [state, *controls], views, show_progress="minimal", **generating)
    run_btn.click(localized(run_to_end), [state, *controls], views, show_progress="minimal", **generating)
    reset_btn.click(localized(reset), [state], views, **hidden).then(
        lambda: (gr.Timer(active=False), False, L("step.play")), None, [timer, playing, play_btn], **hidden)
    # a drag, a typed number (Enter) or the arrow keys all fire `input`; only the latest pending one runs
    rounds.input(localized(scrub), [state, rounds], views, trigger_mode="always_last", **quiet)
    chooser.input(localized(choose), [state, chooser], views, **quiet)
    play_btn.click(localized(play), [state, playing, *controls], [timer, playing, play_btn, *views], **generating)
    timer.tick(localized(tick), [state], [timer, playing, play_btn, *views], **quiet)
    speed.change(lambda s: gr.Timer(value=s), speed, timer, **hidden)
    for control in controls:
        control.change(localized(mark_stale), [state, *controls], [status, state], trigger_mode="always_last",
                       **quiet)
    upload.upload(localized(replay), [state, upload], [*controls, *views], **hidden)
    example.input(localized(load_recorded), [state, example], [*controls, *views], **hidden)
    demo.load(localized(in_language), [state], views, **quiet)
    return {"race": race_btn, "controls": controls}
