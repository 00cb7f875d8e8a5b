"""Gradio layout and wiring: controls, buttons, the seven views. Knows no decoding maths and draws nothing itself.

Each browser session keeps its own {trace, round index} in gr.State; the only module-level mutable thing is a
lock-protected cache of loaded (read-only) model pairs, shared by all sessions. Handlers are plain functions so
tests can call them without a browser.
"""
from __future__ import annotations

import functools
import shutil
import tempfile
import threading
import time
from pathlib import Path

import gradio as gr

from mtp_viz.figures import VIEWS, build_all, empty_all
from mtp_viz.trace import Trace

TRACES = Path(__file__).resolve().parent.parent / "assets" / "traces"
EXPORTS = Path(tempfile.gettempdir()) / "mtp_viz_exports"    # downloads offered to users, kept for an hour
MINIATURE = "miniature"
MODELS = [("miniature (bundled, instant)", MINIATURE), ("Gemma 4 E2B + assistant", "google/gemma-4-E2B-it"),
          ("Gemma 4 E4B + assistant", "google/gemma-4-E4B-it"), ("Gemma 4 31B + assistant", "google/gemma-4-31B-it"),
          ("Gemma 4 26B A4B (MoE) + assistant", "google/gemma-4-26B-A4B-it")]
PROPOSERS = [("MTP (Gemma 4 assistant)", "mtp"), ("draft model", "draft-model"), ("prompt lookup", "prompt-lookup"),
             ("none (baseline)", "none")]
# a saying the miniature knows, a story opening, and numbers: surprising text where its drafter struggles
EXAMPLES = ["Actions speak", "Once upon a time,", "Tom counted"]
# control -> default, in the order handlers receive the controls (the order of request()'s parameters)
DEFAULTS = {"model": MINIATURE, "assistant": "", "prompt": EXAMPLES[0], "proposer": "mtp", "n": 4,
            "schedule": "heuristic", "threshold": 0.0, "max_new": 32, "do_sample": False, "temperature": 1.0,
            "top_k": 0, "top_p": 1.0, "seed": 0}
THEME = gr.themes.Default(primary_hue="blue", secondary_hue="orange", text_size="lg")
CSS = ".what-you-see {font-size: 1.05rem; max-width: 70rem; color: #333} .output-so-far {font-size: 1.3rem}"

_PAIRS: dict[tuple[str, str], object] = {}      # (model, assistant) -> ModelPair; read-only once loaded
_LOADING: dict[tuple[str, str], threading.Lock] = {}   # one lock per pair, so a slow load blocks only its own users
_PAIRS_LOCK = threading.Lock()                          # guards the two dicts, never held while loading
MAX_HUB_PAIRS = 2                                       # real checkpoints kept in memory besides the miniature


# -- models and traces ------------------------------------------------------------------------------------------
def get_pair(model: str, assistant: str = ""):
    """Load a model pair once per (model, assistant) and share it; raises ValueError with a readable message."""
    from mtp_viz import load_pair

    key = ((model or "").strip() or MINIATURE, (assistant or "").strip())
    with _PAIRS_LOCK:
        if key in _PAIRS:
            return _PAIRS[key]
        loading = _LOADING.setdefault(key, threading.Lock())
    with loading:
        with _PAIRS_LOCK:
            if key in _PAIRS:            # another visitor finished loading it while we waited
                return _PAIRS[key]
        if key[0] != MINIATURE:
            gr.Info(f"Loading {key[0]} and its assistant: the first time can take minutes.")
        pair = load_pair() if key[0] == MINIATURE else load_pair(key[0], key[1] or None)
        warm_up(pair)
        with _PAIRS_LOCK:
            hub = [k for k in _PAIRS if k[0] != MINIATURE]
            if key[0] != MINIATURE and len(hub) >= MAX_HUB_PAIRS:
                del _PAIRS[hub[0]]       # forget the oldest real checkpoint; a run still using it keeps it alive
            _PAIRS[key] = pair
        return pair


def preload() -> threading.Thread:
    """Load and warm the miniature in the background at server start, so the first Step does not wait for it."""
    def load():
        try:
            get_pair(MINIATURE)
        except ValueError:
            pass   # a missing miniature is reported when a visitor presses Step
    thread = threading.Thread(target=load, name="preload-miniature", daemon=True)
    thread.start()
    return thread


def warm_up(pair) -> None:
    """One short generation, so the timeline shows steady timings rather than PyTorch's first-call costs."""
    from mtp_viz import generate_trace

    generate_trace(pair, "Hello" if pair.tokenizer is not None else [0], max_new_tokens=8)


def request(model, assistant, prompt, proposer, n, schedule, threshold, max_new, do_sample, temperature, top_k,
            top_p, seed) -> dict:
    """The generate_trace keywords the controls ask for, normalised as the engine records them."""
    return {"model": (model or "").strip() or MINIATURE, "assistant": (assistant or "").strip(),
            "prompt": prompt or "", "proposer": proposer, "num_assistant_tokens": int(n), "schedule": schedule,
            "confidence_threshold": float(threshold) if threshold else None, "max_new_tokens": int(max_new),
            "do_sample": bool(do_sample), "temperature": float(temperature), "top_k": int(top_k) if top_k else None,
            "top_p": float(top_p) if top_p is not None and float(top_p) < 1.0 else None, "seed": int(seed),
            "chat": False}


def request_of(trace: Trace) -> dict:
    """The request that would reproduce a trace: how shipped and uploaded traces set the controls."""
    s = trace.settings
    return {"model": trace.model_info.get("name") or MINIATURE, "assistant": "", "prompt": trace.prompt_text or "",
            **{k: s.get(k) for k in ("proposer", "num_assistant_tokens", "schedule", "confidence_threshold",
                                     "max_new_tokens", "do_sample", "temperature", "top_k", "top_p", "seed", "chat")}}


def generate(req: dict) -> Trace:
    from mtp_viz import generate_trace

    pair = get_pair(req["model"], req["assistant"])
    kwargs = {k: v for k, v in req.items() if k not in ("model", "assistant", "prompt")}
    return generate_trace(pair, req["prompt"], **kwargs)


def recorded() -> dict[str, Path]:
    return {p.stem.replace("_", " "): p for p in sorted(TRACES.glob("*.json"))}


def new_state(trace: Trace | None = None, index: int = 0) -> dict:
    return {"trace": trace, "index": index, "request": request_of(trace) if trace else None, "files": None}


# -- rendering --------------------------------------------------------------------------------------------------
def summary(trace: Trace | None, i: int) -> str:
    if trace is None:
        return "Type a prompt and press **Step** to run the first round, or **Run to end**."
    r, info, last = trace.rounds[i], trace.model_info, len(trace.rounds) - 1
    if r.index == 0:
        what = "the prefill: the target reads the prompt and picks the first token"
    elif not r.draft_token_ids:
        what = "no guesses: the target adds one token on its own"
    elif r.last_token_kind not in ("correction", "bonus"):   # the round was cut at eos / max new tokens
        what = (f"the drafter guessed {r.num_drafted} (N = {r.num_assistant_tokens}), the target kept "
                f"{r.num_accepted}, and generation stopped there")
    else:
        what = (f"the drafter guessed {r.num_drafted} (N = {r.num_assistant_tokens}), the target kept "
                f"{r.num_accepted} and added a {r.last_token_kind} token → {len(r.emitted_token_ids)} new")
    end = f" Generation stopped ({r.stopped})." if r.stopped else ""
    models = ((info.get("target_class"), info.get("target_params")),
              (info.get("assistant_class"), info.get("drafter_params")))
    sizes = " + ".join(f"{c} ({p / 1e6:,.1f}M params)" for c, p in models if c and p)
    moe = f"\n\n**Mixture of experts:** {info['moe_caveat']}" if info.get("moe_caveat") else ""
    return (f"### Round {i} of {last}: {what}.{end}\n"
            f"**Model:** {info.get('name')}: {sizes} · proposer **{info.get('proposer')}** · "
            f"{info.get('device')}, {info.get('dtype')}" + (f" ({info['device_reason']})" if info.get('device_reason')
                                                             else "")) + moe


def output_so_far(trace: Trace | None, i: int) -> str:
    if trace is None:
        return ""
    text = "".join(trace.text_of(t) for t in trace.emitted_upto(i))
    prompt = trace.prompt_text if trace.prompt_text is not None else "".join(map(trace.text_of, trace.prompt_ids))
    return f"**{_md(prompt)}**{_md(text)}"


def _md(text: str) -> str:
    return "".join("\\" + c if c in "\\`*_{}[]<>#+-!|~" else c for c in text).replace("\n", "  \n")


def _files(trace: Trace) -> tuple[str, str]:
    """Write the trace's JSON and CSV for the download buttons; exports older than an hour are removed."""
    EXPORTS.mkdir(exist_ok=True)
    for old in EXPORTS.iterdir():
        if time.time() - old.stat().st_mtime > 3600:
            shutil.rmtree(old, ignore_errors=True)
    folder = Path(tempfile.mkdtemp(dir=EXPORTS))
    json_path, csv_path = folder / "mtp_trace.json", folder / "mtp_trace_events.csv"
    json_path.write_text(trace.to_json(indent=1), encoding="utf-8")
    trace.to_frame().to_csv(csv_path, index=False)
    return str(json_path), str(csv_path)


def render(state: dict) -> tuple:
    """Everything a view update returns: the seven figures, the text, the slider, the downloads, the state."""
    trace, i = state["trace"], state["index"]
    if trace is None:
        figs = empty_all("Press Step to run the first round, or Run to end.")
        slider = gr.Slider(minimum=0, maximum=1, value=0, interactive=False)
        downloads = tuple(gr.DownloadButton(value=None, interactive=False) for _ in range(2))
    else:
        figs = build_all(trace, i)
        slider = gr.Slider(minimum=0, maximum=max(len(trace.rounds) - 1, 1), value=i, step=1, interactive=True)
        downloads = (gr.skip(), gr.skip())     # files are written (and copied by Gradio) once per trace
        if state["files"] is None:
            state["files"] = _files(trace)
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
    return (*[gr.skip() for _ in VIEWS], f"⚠️ **{_md(message)}**", *[gr.skip() for _ in range(4)], state)


def keep_controls() -> tuple:
    return tuple(gr.skip() for _ in DEFAULTS)


def unchanged(state: dict) -> tuple:
    """A view update that changes nothing."""
    return (*[gr.skip() for _ in range(len(VIEWS) + 5)], state)


def _guarded(handler):
    """Show a ValueError as a warning in the page and leave everything as it was."""
    @functools.wraps(handler)
    def run(state, *args):
        try:
            return handler(state, *args)
        except ValueError as exc:
            return warn(state, str(exc))
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
        return gr.Timer(active=False), False, gr.Button(value="Play"), *unchanged(state)
    out = step(state, *controls)
    started = state["trace"] is not None
    return gr.Timer(active=started), started, gr.Button(value="Pause" if started else "Play"), *out


def tick(state: dict):
    """One timer tick: reveal the next round; stop at the last."""
    trace = state["trace"]
    if trace is None or state["index"] >= len(trace.rounds) - 1:
        return gr.Timer(active=False), False, gr.Button(value="Play"), *render(state)
    state["index"] += 1
    done = state["index"] >= len(trace.rounds) - 1
    return gr.Timer(active=not done), not done, gr.Button(value="Play" if done else "Pause"), *render(state)


def _show(trace: Trace, state: dict) -> tuple:
    """Show a whole trace (shipped or uploaded) and set the controls to what made it."""
    state.update(new_state(trace, len(trace.rounds) - 1))
    r = state["request"]
    controls = {"model": r["model"], "assistant": r["assistant"], "prompt": r["prompt"], "proposer": r["proposer"],
                "n": r["num_assistant_tokens"], "schedule": r["schedule"],
                "threshold": r["confidence_threshold"] or 0.0, "max_new": r["max_new_tokens"],
                "do_sample": r["do_sample"], "temperature": r["temperature"], "top_k": r["top_k"] or 0,
                "top_p": 1.0 if r["top_p"] is None else r["top_p"], "seed": r["seed"]}
    return (*[controls[k] for k in DEFAULTS], *render(state))


def replay(state: dict, file) -> tuple:
    """Show an uploaded JSON trace; anything that is not one is reported and changes nothing."""
    if file is None:
        return (*keep_controls(), *unchanged(state))
    try:
        trace = Trace.from_json(Path(file if isinstance(file, str) else file.name).read_text(encoding="utf-8"))
        if not trace.rounds:
            raise ValueError("the trace has no rounds")
    except (ValueError, UnicodeDecodeError, KeyError, TypeError, AttributeError) as exc:
        return (*keep_controls(), *warn(state, f"Could not replay that file: {exc}"))
    return _show(trace, state)


def load_recorded(state: dict, name: str) -> tuple:
    path = recorded().get(name)
    if path is None:
        return (*keep_controls(), *unchanged(state))
    return _show(Trace.from_json(path.read_text(encoding="utf-8")), state)


def first_paint(state: dict) -> tuple:
    """On page load: the first shipped trace, so something is on screen before any model runs."""
    names = list(recorded())
    return load_recorded(state, names[0]) if names else (*keep_controls(), *render(state))


# -- layout -----------------------------------------------------------------------------------------------------
INTRO = ("# Multi-token prediction, step by step\n"
         "Gemma 4 can run a small **drafter** that guesses several next tokens, and the big **target** model checks "
         "all the guesses in one pass. Kept guesses are free tokens; the output is exactly what the target alone "
         "would write. Press **Step** to watch one round at a time.")


def build_demo() -> gr.Blocks:
    with gr.Blocks(title="MTP speculative decoding, step by step", delete_cache=(3600, 3600)) as demo:
        state = gr.State(new_state())
        playing = gr.State(False)
        gr.Markdown(INTRO)
        with gr.Row():
            with gr.Column(scale=3):
                prompt = gr.Textbox(label="Prompt", value=DEFAULTS["prompt"], lines=2)
                gr.Examples([[e] for e in EXAMPLES], inputs=[prompt], cache_examples=False, label="Example prompts")
            with gr.Column(scale=2):
                model = gr.Dropdown(MODELS, value=DEFAULTS["model"], label="Model (target)", allow_custom_value=True,
                                    info="the bundled miniature, a hub id, or a local folder")
                assistant = gr.Textbox(label="Assistant (optional)", placeholder="default: <model>-assistant")
        with gr.Row():
            step_btn = gr.Button("Step", variant="primary")
            run_btn = gr.Button("Run to end")
            play_btn = gr.Button("Play")
            reset_btn = gr.Button("Reset", variant="stop")
        with gr.Row():
            rounds = gr.Slider(0, 1, value=0, step=1, label="Round (drag to scrub)", interactive=False, scale=4)
            speed = gr.Slider(0.3, 3.0, value=1.0, step=0.1, label="Play: seconds per round", scale=1, min_width=220)
        with gr.Accordion("Decoding settings", open=False):
            with gr.Row():
                proposer = gr.Radio(PROPOSERS, value=DEFAULTS["proposer"], label="Proposer")
                n = gr.Slider(1, 16, value=DEFAULTS["n"], step=1, label="N: guesses per round (num_assistant_tokens)")
                schedule = gr.Radio(["heuristic", "constant"], value=DEFAULTS["schedule"], label="Schedule for N")
                threshold = gr.Slider(0.0, 1.0, value=DEFAULTS["threshold"], step=0.05,
                                      label="Confidence threshold (0 = off)")
                max_new = gr.Slider(1, 256, value=DEFAULTS["max_new"], step=1, label="Max new tokens")
            with gr.Row():
                do_sample = gr.Checkbox(DEFAULTS["do_sample"], label="Sampling (off = greedy)")
                temperature = gr.Slider(0.1, 2.0, value=DEFAULTS["temperature"], step=0.05, label="Temperature")
                top_k = gr.Slider(0, 200, value=DEFAULTS["top_k"], step=1, label="Top-k (0 = off)")
                top_p = gr.Slider(0.05, 1.0, value=DEFAULTS["top_p"], step=0.05, label="Top-p (1 = off)")
                seed = gr.Number(DEFAULTS["seed"], precision=0, minimum=0, label="Seed")
        status = gr.Markdown(summary(None, 0), elem_classes="round-status")
        text = gr.Markdown(elem_classes="output-so-far")
        plots = []
        for _, view in VIEWS:
            plots.append(gr.Plot(label=view.TITLE, show_label=False))
            gr.Markdown(f"**What you see.** {view.WHAT_YOU_SEE}", elem_classes="what-you-see")
        with gr.Accordion("Export and replay", open=False):
            with gr.Row():
                json_btn = gr.DownloadButton("Download trace (JSON)", interactive=False)
                csv_btn = gr.DownloadButton("Download events (CSV)", interactive=False)
                upload = gr.File(label="Replay a JSON trace (no model needed)", file_types=[".json"])
                example = gr.Dropdown(list(recorded()), label="Recorded examples", value=None)
        timer = gr.Timer(1.0, active=False)

        controls = [model, assistant, prompt, proposer, n, schedule, threshold, max_new, do_sample, temperature,
                    top_k, top_p, seed]
        views = [*plots, status, text, rounds, json_btn, csv_btn, state]
        step_btn.click(step, [state, *controls], views)
        run_btn.click(run_to_end, [state, *controls], views)
        reset_btn.click(reset, [state], views).then(lambda: (gr.Timer(active=False), False, "Play"), None,
                                                   [timer, playing, play_btn])
        rounds.release(scrub, [state, rounds], views)
        play_btn.click(play, [state, playing, *controls], [timer, playing, play_btn, *views])
        timer.tick(tick, [state], [timer, playing, play_btn, *views])
        speed.change(lambda s: gr.Timer(value=s), speed, timer)
        upload.upload(replay, [state, upload], [*controls, *views])
        example.input(load_recorded, [state, example], [*controls, *views])
        demo.load(first_paint, [state], [*controls, *views])
    return demo
