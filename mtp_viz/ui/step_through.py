"""The step-through tab: controls, Step / Run / Play / Reset, the round slider and the views. Wiring only.

Handlers are plain functions of (state, controls...) so tests call them without a browser; each returns the
tuple `outputs()` lists: the figures, the round summary, the output so far, the slider, two downloads, the state.
"""
from __future__ import annotations

import functools
from pathlib import Path

import gradio as gr

from mtp_viz.figures import VIEWS, build_all, empty_all, what_you_see
from mtp_viz.figures import title as figure_title
from mtp_viz.strings import t
from mtp_viz.trace import Trace
from mtp_viz.ui import glossary, keys, policy
from mtp_viz.schema import parse_trace
from mtp_viz.ui.words import L
from mtp_viz.ui.session import (DEFAULTS, EXAMPLES, controls_of, export_files, generate, md, new_state, recorded,
                                request, request_of, shipped)

PROPOSERS = ["mtp", "draft-model", "prompt-lookup", "none"]


# -- rendering --------------------------------------------------------------------------------------------------
def summary(trace: Trace | None, i: int) -> str:
    if trace is None:
        return t("step.empty")
    r, info, last = trace.rounds[i], trace.model_info, len(trace.rounds) - 1
    if r.index == 0:
        what = t("step.what.prefill")
    elif not r.draft_token_ids:
        what = t("step.what.none")
    elif r.last_token_kind not in ("correction", "bonus"):   # the round was cut at eos / max new tokens
        what = t("step.what.cut", drafted=r.num_drafted, n=r.num_assistant_tokens, kept=r.num_accepted)
    else:
        what = t("step.what.round", drafted=r.num_drafted, n=r.num_assistant_tokens, kept=r.num_accepted,
                 kind=r.last_token_kind, new=len(r.emitted_token_ids))
    end = t("step.stopped", why=r.stopped) if r.stopped else ""
    models = ((info.get("target_class"), info.get("target_params")),
              (info.get("assistant_class"), info.get("drafter_params")))
    sizes = " + ".join(f"{md(str(c))} ({p / 1e6:,.1f}M params)" for c, p in models if c and p)
    line = t("step.model_line", name=md(str(info.get("name"))), sizes=sizes, proposer=md(str(info.get("proposer"))),
             device=md(str(info.get("device"))), dtype=md(str(info.get("dtype"))))
    if info.get("device_reason"):
        line += f" ({md(str(info['device_reason']))})"
    moe = t("step.moe", caveat=md(str(info["moe_caveat"]))) if info.get("moe_caveat") else ""
    return t("step.heading", i=i, last=last, what=what, end=end) + line + moe


def output_so_far(trace: Trace | None, i: int) -> str:
    if trace is None:
        return ""
    text = "".join(trace.text_of(tok) for tok in trace.emitted_upto(i))
    prompt = trace.prompt_text if trace.prompt_text is not None else "".join(map(trace.text_of, trace.prompt_ids))
    return f"**{md(prompt)}**{md(text)}"


def render(state: dict) -> tuple:
    """Everything a view update returns: the figures, the text, the slider, the downloads, the state."""
    trace, i = state["trace"], state["index"]
    if trace is None:
        figs = empty_all(t("step.empty_figures"))
        slider = gr.Slider(minimum=0, maximum=1, value=0, interactive=False)
        downloads = tuple(gr.DownloadButton(value=None, interactive=False) for _ in range(2))
    else:
        figs = build_all(trace, i)
        slider = gr.Slider(minimum=0, maximum=max(len(trace.rounds) - 1, 1), value=i, step=1, interactive=True)
        downloads = (gr.skip(), gr.skip())     # files are written (and copied by Gradio) once per trace
        if state["files"] is None:
            state["files"] = export_files(trace)
            downloads = tuple(gr.DownloadButton(value=f, interactive=True) for f in state["files"])
    return (*figs, summary(trace, i), output_so_far(trace, i), slider, *downloads, state)


# -- handlers ---------------------------------------------------------------------------------------------------
def _ensure(state: dict, controls: tuple) -> bool:
    """Make sure the state holds the trace the controls ask for; True when a new one was made (round 0 shown)."""
    req = request(*controls)
    if state["trace"] is not None and state["request"] == req:
        return False
    trace = generate(req)
    state.update(trace=trace, index=0, request=req, files=None)
    return True


def warn(state: dict, message: str) -> tuple:
    """A view update that changes nothing but the status line, plus a toast: for bad input of any kind."""
    gr.Warning(message)
    return (*[gr.skip() for _ in VIEWS], f"⚠️ **{md(message)}**", *[gr.skip() for _ in range(4)], state)


def keep_controls() -> tuple:
    return tuple(gr.skip() for _ in DEFAULTS)


def unchanged(state: dict) -> tuple:
    """A view update that changes nothing."""
    return (*[gr.skip() for _ in range(len(VIEWS) + 5)], state)


def _guarded(handler):
    """Show any error as a warning in the page (policy.message_for logs the traceback) and leave everything as it
    was."""
    @functools.wraps(handler)
    def run(state, *args):
        try:
            return handler(state, *args)
        except Exception as exc:
            return warn(state, policy.message_for(exc))
    return run


@_guarded
def step(state: dict, *controls) -> tuple:
    if not _ensure(state, controls):
        last = len(state["trace"].rounds) - 1
        state["index"] = 0 if state["index"] >= last else state["index"] + 1
    return render(state)


@_guarded
def run_to_end(state: dict, *controls) -> tuple:
    _ensure(state, controls)
    state["index"] = len(state["trace"].rounds) - 1
    return render(state)


def reset(state: dict) -> tuple:
    return render(new_state())


def scrub(state: dict, value) -> tuple:
    if state["trace"] is None:
        return render(state)
    state["index"] = max(0, min(int(value), len(state["trace"].rounds) - 1))
    return render(state)


def play(state: dict, playing: bool, *controls):
    """Play / pause: start the timer (making the trace if needed) or stop it."""
    if playing:
        return gr.Timer(active=False), False, gr.Button(value=t("step.play")), *unchanged(state)
    out = step(state, *controls)
    started = state["trace"] is not None
    return (gr.Timer(active=started), started, gr.Button(value=t("step.pause") if started else t("step.play")),
            *out)


def tick(state: dict):
    """One timer tick: reveal the next round; stop at the last."""
    trace = state["trace"]
    if trace is None or state["index"] >= len(trace.rounds) - 1:
        return gr.Timer(active=False), False, gr.Button(value=t("step.play")), *render(state)
    state["index"] += 1
    done = state["index"] >= len(trace.rounds) - 1
    return (gr.Timer(active=not done), not done, gr.Button(value=t("step.play") if done else t("step.pause")),
            *render(state))


def _show(trace: Trace, state: dict) -> tuple:
    """Show a whole trace (shipped or uploaded) and set the controls to what made it."""
    state.update(new_state(trace, len(trace.rounds) - 1))
    controls = controls_of(state["request"])
    return (*[controls[k] for k in DEFAULTS], *render(state))


def replay(state: dict, file) -> tuple:
    """Show an uploaded JSON trace; anything that is not one is reported and changes nothing."""
    if file is None:
        return (*keep_controls(), *unchanged(state))
    try:
        trace = parse_trace(Path(file if isinstance(file, str) else file.name).read_bytes())
    except Exception as exc:   # schema errors name the field; anything else is logged by message_for
        return (*keep_controls(), *warn(state, t("step.replay_failed", error=policy.message_for(exc))))
    return _show(trace, state)


def load_recorded(state: dict, name: str) -> tuple:
    trace = shipped(name) if isinstance(name, str) else None
    if trace is None:
        return (*keep_controls(), *unchanged(state))
    return _show(trace, state)


def first_paint(state: dict) -> tuple:
    """On page load: the first shipped trace, so something is on screen before any model runs."""
    names = list(recorded())
    return load_recorded(state, names[0]) if names else (*keep_controls(), *render(state))


# -- layout -----------------------------------------------------------------------------------------------------
def build(demo: gr.Blocks) -> None:
    """Lay out the step-through tab inside the current gr.Tab and wire its events."""
    state = gr.State(new_state(), time_to_live=policy.STATE_TTL_S)
    playing = gr.State(False)
    gr.Markdown(L("step.intro"))
    with gr.Row():
        with gr.Column(scale=3):
            prompt = gr.Textbox(label=L("step.prompt"), value=DEFAULTS["prompt"], lines=2,
                                max_length=policy.max_prompt_chars())
            gr.Examples([[e] for e in EXAMPLES], inputs=[prompt], cache_examples=False, label=L("step.examples"))
        with gr.Column(scale=2):
            model = gr.Dropdown(policy.model_choices(), value=DEFAULTS["model"], label=L("step.model"),
                                allow_custom_value=True,   # a replayed trace may name any model; policy gates runs
                                info=L("public.model_info" if policy.is_public() else "step.model_info"))
            assistant = gr.Textbox(label=L("step.assistant"), placeholder=L("step.assistant_placeholder"),
                                   visible=not policy.is_public())
    with gr.Row():
        step_btn = gr.Button(L("step.step"), variant="primary", elem_id=keys.STEP)
        run_btn = gr.Button(L("step.run"))
        play_btn = gr.Button(L("step.play"), elem_id=keys.PLAY)
        reset_btn = gr.Button(L("step.reset"), variant="stop")
    with gr.Row():
        rounds = gr.Slider(0, 1, value=0, step=1, label=L("step.round"), interactive=False, scale=4,
                           info=L("step.keys"), elem_id=keys.ROUND)
        speed = gr.Slider(0.3, 3.0, value=1.0, step=0.1, label=L("step.speed"), scale=1, min_width=220)
    with gr.Accordion(L("step.settings"), open=False):
        with gr.Row():
            proposer = gr.Radio([(L(f"step.proposer.{p}"), p) for p in PROPOSERS], value=DEFAULTS["proposer"],
                                label=L("step.proposer"), info=L("step.proposer_info"))
            n = gr.Slider(1, policy.MAX_N, value=DEFAULTS["n"], step=1, label=L("step.n"), info=L("step.n_info"))
            schedule = gr.Radio(["heuristic", "constant"], value=DEFAULTS["schedule"], label=L("step.schedule"),
                                info=L("step.schedule_info"))
            threshold = gr.Slider(0.0, 1.0, value=DEFAULTS["threshold"], step=0.05, label=L("step.threshold"),
                                  info=L("step.threshold_info"))
            max_new = gr.Slider(1, policy.MAX_NEW_TOKENS, value=DEFAULTS["max_new"], step=1, label=L("step.max_new"),
                                info=L("step.max_new_info"))
        with gr.Row():
            do_sample = gr.Checkbox(DEFAULTS["do_sample"], label=L("step.do_sample"), info=L("step.do_sample_info"))
            temperature = gr.Slider(0.1, 2.0, value=DEFAULTS["temperature"], step=0.05, label=L("step.temperature"),
                                    info=L("step.temperature_info"))
            top_k = gr.Slider(0, 200, value=DEFAULTS["top_k"], step=1, label=L("step.top_k"), info=L("step.top_k_info"))
            top_p = gr.Slider(0.05, 1.0, value=DEFAULTS["top_p"], step=0.05, label=L("step.top_p"),
                              info=L("step.top_p_info"))
            seed = gr.Number(DEFAULTS["seed"], precision=0, minimum=0, label=L("step.seed"), info=L("step.seed_info"))
    status = gr.Markdown(summary(None, 0), elem_classes="round-status")
    text = gr.Markdown(elem_classes="output-so-far")
    plots = []
    for _, view in VIEWS:
        plots.append(gr.Plot(label=figure_title(view), show_label=False))
        gr.Markdown(L("step.what_you_see", text=what_you_see(view)), elem_classes="what-you-see")
    with gr.Accordion(L("step.export"), open=False):
        with gr.Row():
            json_btn = gr.DownloadButton(L("step.download_json"), interactive=False)
            csv_btn = gr.DownloadButton(L("step.download_csv"), interactive=False)
            upload = gr.File(label=L("step.upload"), file_types=[".json"])
            example = gr.Dropdown(list(recorded()), label=L("step.recorded"), value=None)
    glossary.accordion()
    timer = gr.Timer(1.0, active=False)

    controls = [model, assistant, prompt, proposer, n, schedule, threshold, max_new, do_sample, temperature,
                top_k, top_p, seed]
    views = [*plots, status, text, rounds, json_btn, csv_btn, state]
    hidden = {"api_visibility": "private"}   # the page's own events; the public API is ui/api.py's `trace`
    step_btn.click(step, [state, *controls], views, **hidden)
    run_btn.click(run_to_end, [state, *controls], views, **hidden)
    reset_btn.click(reset, [state], views, **hidden).then(lambda: (gr.Timer(active=False), False, L("step.play")),
                                                          None, [timer, playing, play_btn], **hidden)
    rounds.release(scrub, [state, rounds], views, **hidden)
    play_btn.click(play, [state, playing, *controls], [timer, playing, play_btn, *views], **hidden)
    timer.tick(tick, [state], [timer, playing, play_btn, *views], **hidden)
    speed.change(lambda s: gr.Timer(value=s), speed, timer, **hidden)
    upload.upload(replay, [state, upload], [*controls, *views], **hidden)
    example.input(load_recorded, [state, example], [*controls, *views], **hidden)
    demo.load(first_paint, [state], [*controls, *views], **hidden)
