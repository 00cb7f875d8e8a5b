"""The step-through tab: controls, Step / Run / Play / Reset, the round slider, the token stream and one chosen view.

Wiring only. Handlers are plain functions of (state, inputs..., lang="en") so tests call them without a browser;
`for_visitor` hands them the visitor's language for Gradio. The page's controls reach a handler as one dict by name
(session.CONTROLS' names), and a handler that sets controls answers Shown: the controls it sets, by name, and the
Screen. Those that may generate are given the service that generates (`service=`: the one `build` is given, or a test's
own). Each moves the visitor's StepState (step_state.py) by a pure transition and returns a Screen. Once a trace is on
screen its deck follows (sent_deck, player.py: what every round shows, drawn by `render`), and the page answers Step,
Back, the slider, Play and a view switch from it by itself (player.js); the server hears of the round and view on screen
with its next event (`for_page`). Only what is on screen is drawn: the token stream and the chosen view, each resent
only when what it shows has changed. The page is painted at build time with round 0 of the first example's recorded
trace, so no load event can undo a click. Knows no maths and no words of its own (narration.py says the rounds).
"""
from __future__ import annotations

import asyncio
import collections
import functools
import inspect
import threading
from pathlib import Path
from typing import NamedTuple

import gradio as gr

from mtp_viz.figures import VIEWS, caption, depends, empty
from mtp_viz.figures import build as draw
from mtp_viz.problems import Problem
from mtp_viz.schema import parse_trace
from mtp_viz.settings import NAMES, RAN, Request, on_page, plain_type
from mtp_viz.settings import choices as choices_of
from mtp_viz.strings import TABLES, t
from mtp_viz.ui import glossary, keys, links, phone, player, policy, walkthrough
from mtp_viz.ui.drawer import Drawer
from mtp_viz.ui.events import PRIVATE, QUIET
from mtp_viz.ui.narration import models_line, output_so_far, summary
from mtp_viz.ui.plotly_pane import PlotlyPane
from mtp_viz.ui.service import Service
from mtp_viz.ui.session import (CONTROLS, DEFAULTS, EXAMPLE_TRACES, EXAMPLES, FIRST_TRACE, controls_of, export_files,
                                md, recorded, request, request_of, shipped, warning)
from mtp_viz.ui.step_state import CHOICES, FIRST_VIEW, STREAM, StepState
from mtp_viz.ui.screen import narrow_of
from mtp_viz.ui.words import L, behind_more, choices, lang_of

class Screen(NamedTuple):
    """What every view update returns, in this order: `build` wires the components of the same names."""
    stream: object     # the token stream (a figure, or gr.skip() when unchanged)
    view: object       # the chosen view beside it
    what: object       # "What you see" under the view
    status: object     # the round status (Markdown)
    text: object       # the output so far (Markdown)
    rounds: object     # the round slider (gr.update)
    json: object       # the trace as JSON, to download
    csv: object        # its events as CSV, to download
    deck: object       # the trace's deck for the page's player (player.py): None when a new trace comes on screen
    state: StepState   # the visitor's new state


class Shown(NamedTuple):
    """What a handler that also sets the page's controls returns: their new values by name (a control not named keeps
    its value), then the Screen. `outputs()` is the list Gradio gets: the controls in CONTROLS' order, then the Screen."""
    controls: dict
    screen: Screen

    def outputs(self) -> tuple:
        return (*[self.controls.get(name, gr.skip()) for name in CONTROLS], *self.screen)


class Asked(NamedTuple):
    """What a Step answered outside the queue returns (step_at_once): the Screen, then `ask`."""
    screen: Screen
    ask: object        # + 1 runs the queued step; gr.skip() when this answered

    def outputs(self) -> tuple:
        return (*self.screen, self.ask)


class Playing(NamedTuple):
    """What Play and the timer's tick return: the timer, whether it plays, the Play button, then the Screen."""
    timer: object
    playing: object
    button: object
    screen: Screen

    def outputs(self) -> tuple:
        return (self.timer, self.playing, self.button, *self.screen)


# -- rendering: pure, from a state to a Screen ------------------------------------------------------------------
def _sees(state: StepState, key: str, lang: str) -> tuple:
    """What a plot showing view `key` shows: equal values draw the same figure."""
    trace = state.trace
    return (key, lang, state.narrow, state.serial,
            None if trace is None else depends(dict(VIEWS)[key], trace, state.index))


def _figure(state: StepState, key: str, lang: str):
    trace, narrow = state.trace, state.narrow
    return (empty(key, t("step.empty_figures", lang), lang, narrow) if trace is None else
            draw(key, trace, state.index, lang, narrow))


def captioned(state: StepState, lang: str = "en") -> str:
    """The view's caption (Markdown): what to look at, then the whole explanation behind "More"."""
    short, rest = caption(dict(VIEWS)[state.view], lang, state.trace)
    return t("step.what_you_see", lang, text=short) + behind_more(rest, lang)


def render(state: StepState, lang: str = "en", note: str = "") -> Screen:
    """The Screen for a state: what changed since `state.shown`, and the state that records what is shown now.

    `note` (Markdown) heads the round status, after any warning that the controls ask for what cannot run and the
    note that the times are an earlier run's. Writes nothing: the downloads are `state.files` (see `exported`)."""
    trace, i = state.trace, state.index
    now = {"stream": _sees(state, STREAM, lang), "view": _sees(state, state.view, lang),
           "what": (state.view, lang, caption(dict(VIEWS)[state.view], lang, trace)),
           "files": state.files, "deck": _deck_key(state, lang)}
    new = {slot: now[slot] != state.shown.get(slot) for slot in now}
    stream = _figure(state, STREAM, lang) if new["stream"] else gr.skip()
    view = _figure(state, state.view, lang) if new["view"] else gr.skip()
    what = captioned(state, lang) if new["what"] else gr.skip()
    if trace is None:
        slider = gr.update(minimum=0, maximum=1, value=0, interactive=False)
        downloads = tuple(gr.update(value=None, interactive=False) for _ in range(2))
    else:
        slider = gr.update(minimum=0, maximum=max(len(trace.rounds) - 1, 1), value=i, step=1, interactive=True)
        downloads = (tuple(gr.update(value=f, interactive=True) for f in state.files) if new["files"] and state.files
                     else (gr.skip(), gr.skip()))
    notes = "\n\n".join(n for n in (refusal(state.asked, lang), cached_note(state, lang), note) if n)
    deck = None if new["deck"] else gr.skip()      # the page's deck was another trace's: it asks the server till
    return Screen(stream, view, what, summary(trace, i, lang, state.stale, notes), output_so_far(trace, i), slider,
                  *downloads, deck, state.showed({**now, "sent": state.shown.get("sent")}))   # sent_deck fills it


def _deck_key(state: StepState, lang: str):
    """Which deck the page's player needs: one per trace shown, language and screen."""
    return None if state.trace is None else (state.serial, lang, state.narrow)


def sent_deck(state: StepState, everything: bool = False, lang: str = "en") -> tuple:
    """The trace's deck for the page's player (player.py), so the page answers Step, Back, the slider and Play itself:
    the token stream and the views the page has shown with this trace. `everything`: every
    view, for a shipped trace only (its deck is made once per process and shared by a class, player.packed): for a
    trace made here, every view costs seconds of CPU (a figure takes 4 to 70 ms, times rounds and views), so the
    drawer draws it (whole_deck), and a view chosen before that deck comes asks the server once and its rounds come
    with the next deck. Returns the deck (gr.skip() when the page has it) and the state that says it was sent."""
    key, old = _deck_key(state, lang), state.shown.get("sent")
    had = set(old[1]) if old and old[0] == key else set()
    wanted = had | {state.view} | (set(CHOICES) if everything and _is_shipped(state.trace) else set())
    if state.trace is None or wanted <= had:
        return gr.skip(), state
    views = [v for v in CHOICES if v in wanted]
    return player.packed(render, state, views, lang), state.showed({**state.shown, "sent": (key, tuple(views))})


# whole decks of the traces made here, drawn from the CPU left idle (None: only the views shown, where the server has
# no worker processes either and so no spare process of its own)
DRAWER = Drawer() if policy.worker_processes() else None


async def whole_deck(state: StepState, lang: str = "en", wanted=lambda: True) -> tuple:
    """For a trace made here, the deck with every view (sent_deck's, `everything`), drawn by DRAWER in a process of
    its own at a low priority, so it costs the generations and the server's threads nothing; it comes once a spare
    core has drawn it (seconds on an idle server, longer while a class generates) and is given up when the visitor
    has moved on to another trace (`wanted` false). Returns the deck and the state that says it was sent, or gr.skip()
    and the state: a shipped trace (sent_deck sends all of it), no drawer, the deck already sent, or given up."""
    key, old = _deck_key(state, lang), state.shown.get("sent")
    if (state.trace is None or DRAWER is None or _is_shipped(state.trace)
            or (old and old[0] == key and set(old[1]) >= set(CHOICES))):
        return gr.skip(), state
    packed = await _drawn(state, lang, wanted)
    if packed is None:
        return gr.skip(), state
    return packed, state.showed({**state.shown, "sent": (key, tuple(CHOICES))})


async def _drawn(state: StepState, lang: str, wanted=lambda: True) -> dict | None:
    """The packed deck with every view of a trace made here, from DRAWER: one job for the page's whole deck and the
    walkthrough file alike. None when given up."""
    asked = ("deck", id(state.trace), lang, state.narrow, state.request, state.cached)
    return await DRAWER.draw(asked, player.packed, render, state.showed({}), CHOICES, lang, wanted=wanted)


def _is_shipped(trace) -> bool:
    return any(shipped(name) is trace for name in recorded())


def exported(state: StepState) -> StepState:
    """The state with its trace's downloads written (session.export_files) when they are asked for (the Export panel
    is open), once per trace shown."""
    if state.trace is None or state.files is not None or not state.exports:
        return state
    return state.exported(export_files(state.trace))


def show(state: StepState, lang: str = "en", note: str = "") -> Screen:
    """What a handler answers: the trace's downloads, if asked for, and the Screen."""
    return render(exported(state), lang, note)


def cached_note(state: StepState, lang: str = "en") -> str:
    """Says when the trace on screen was answered from the server's cache (its times are an earlier run's)."""
    return t("step.cached", lang) if state.cached else ""


# -- handlers ---------------------------------------------------------------------------------------------------
class Latest:
    """The newest trace each visitor's state has held (StepState.serial, by Gradio's session hash), so that an answer
    computed from an older state lands as nothing: Gradio runs a visitor's events side by side (a text box's change,
    the page load's chain, a Run to end), each reads the state when it starts and writes it when it ends, and a slow
    one that started before a new trace was shown would put the old trace back. Bounded like the sessions."""

    def __init__(self, size: int = 4 * policy.launch_settings()["state_session_capacity"]):
        self.size, self.seen, self.lock = size, collections.OrderedDict(), threading.Lock()

    def outdated(self, request: gr.Request | None, out) -> bool:
        """Whether `out` (a handler's outputs, the new state last) comes from an older trace than the visitor holds;
        else records its trace as the visitor's newest."""
        session = getattr(request, "session_hash", None)
        if session is None or not isinstance(out, tuple) or not out or not isinstance(out[-1], StepState):
            return False
        with self.lock:
            newest = self.seen.get(session, -1)
            if out[-1].serial < newest:
                return True
            self.seen[session] = out[-1].serial
            self.seen.move_to_end(session)
            while len(self.seen) > self.size:
                self.seen.popitem(last=False)
        return False

    def current(self, request: gr.Request | None, serial: int) -> bool:
        """Whether the trace numbered `serial` is still the newest the visitor has held."""
        with self.lock:
            return self.seen.get(getattr(request, "session_hash", None), -1) <= serial


LATEST = Latest()


def _landed(request, out):
    """`out`, or nothing at all when it was computed from an older trace than the visitor now holds (Latest)."""
    return tuple(gr.skip() for _ in out) if LATEST.outdated(request, out) else out


def _answer(request, out):
    """A handler's answer as Gradio takes it (a Shown, Asked or Playing as its outputs' list), or nothing when it is
    outdated (Latest)."""
    return _landed(request, out.outputs() if isinstance(out, (Shown, Asked, Playing)) else out)


def _named(args: tuple, controls: bool) -> tuple:
    """The inputs after the state as a handler takes them: with `controls`, the last len(CONTROLS) values (the page's
    controls, wired in CONTROLS' order) become one dict by name."""
    if not controls:
        return args
    cut = len(args) - len(CONTROLS)
    return (*args[:cut], dict(zip(CONTROLS, args[cut:])))


def for_visitor(handler, controls: bool = False, **given):
    """`handler` for Gradio: the visitor's language and screen from the request (a gr.Request parameter after the
    state), the first paint's state for a visitor who has none of their own yet (gr.State's None, see build), the
    page's controls by name (`controls`: the last inputs are the controls) and the keywords `given` (the service, for
    the handlers that generate). An async handler stays async (its waits hold no thread)."""
    return _wrapped(handler, lambda state, request, args: (_arrived(state, request), args), controls, given)


def _arrived(state, request: gr.Request) -> StepState:
    """The visitor's state (the first paint's for a visitor who has none yet) on the visitor's screen."""
    return (first_paint().state if state is None else state).on_screen(narrow_of(request))


def _wrapped(handler, prelude, controls: bool, given: dict):
    """`handler` as for_visitor and for_page give it to Gradio: `prelude(state, request, args)` returns the state and
    the remaining inputs it is called with; async if the handler is."""
    if inspect.iscoroutinefunction(handler):
        async def run(state, request: gr.Request, *args):
            state, args = prelude(state, request, args)
            return _answer(request, await handler(state, *_named(args, controls), lang=lang_of(request), **given))
    else:
        def run(state, request: gr.Request, *args):
            state, args = prelude(state, request, args)
            return _answer(request, handler(state, *_named(args, controls), lang=lang_of(request), **given))
    run.__name__ = run.__qualname__ = handler.__name__
    return run


async def whole_deck_for_visitor(state, request: gr.Request):
    """whole_deck for Gradio, as for_visitor gives a handler (async: the wait holds no thread), given up once the
    visitor holds a newer trace (Latest)."""
    state = _arrived(state, request)
    out = await whole_deck(state, lang_of(request), lambda: LATEST.current(request, state.serial))
    return _landed(request, out)


def for_page(handler, controls: bool = False, **given):
    """`for_visitor` for an event that reads the round slider and the view chooser after the state: the page steps in
    the browser (player.js) without telling the server, so the state is first set to the round and view on screen."""
    def prelude(state, request, args):
        index, view, *rest = args
        return _arrived(state, request).seen(index, view), rest
    return _wrapped(handler, prelude, controls, given)


def _ensure(state: StepState, controls: dict, service: Service, fresh: bool = False) -> StepState:
    """The state holding the trace the controls (by name) ask for: the one on screen, else generated by `service` (the
    server's, or a test's) with round 0 shown. `fresh`: measured again, never answered from the service's cache."""
    req = request(**controls)
    state = state.wanting(req)
    if state.has(req) and not fresh:
        return state
    cached = not fresh and service.cached(req)
    return state.showing(service.generate(req, fresh=fresh), req, cached=cached)


def warn(state: StepState, message: str, lang: str = "en") -> Screen:
    """A view update that changes nothing but the status line, plus a toast: for bad input of any kind."""
    gr.Warning(message, title=t("step.warning", lang))
    return Screen(gr.skip(), gr.skip(), gr.skip(), warning(message), *[gr.skip() for _ in Screen._fields[4:-1]], state)


def unchanged(state: StepState) -> Screen:
    """A view update that changes nothing."""
    return Screen(*[gr.skip() for _ in Screen._fields[:-1]], state)


def _guarded(handler):
    """Show any error as a warning in the page, in the visitor's language where the tables say it
    (policy.message_for logs the traceback), and leave everything else as it was."""
    @functools.wraps(handler)
    def run(state, *args, lang: str = "en", **kwargs):
        try:
            return handler(state, *args, lang=lang, **kwargs)
        except Exception as exc:
            return warn(state, policy.message_for(exc, lang), lang)
    return run


@_guarded
def step(state: StepState, controls: dict, *, service: Service, lang: str = "en", again: bool = False) -> Screen:
    """The next round; at the last one, stay there and say so (`again`, for Play: start over from round 0)."""
    made = _ensure(state, controls, service)
    return show(made, lang) if made.serial != state.serial else _next(made, lang, again)


def _next(state: StepState, lang: str, again: bool = False) -> Screen:
    note = t("step.at_last", lang, last=state.last) if state.at_last and not again else ""
    return show(state.step(again), lang, note)


def step_at_once(state: StepState, ask, controls: dict, lang: str = "en") -> Asked:
    """A Step answered outside Gradio's queue (one request, no status messages, no progress): the next round of the
    trace on screen when the controls ask for that trace. Anything else (a trace to make, controls that do not make a
    request) changes nothing here and returns `ask` + 1, which runs the queued `step`: it generates, showing progress
    on the plots, and says what went wrong in a pop-up, which only the queue can show."""
    try:
        req = request(**controls)
    except Exception:      # the queued step says what is wrong with the controls
        req = None
    if req is None or not state.has(req):
        return Asked(Screen(*[gr.skip() for _ in Screen._fields]), int(ask or 0) + 1)
    return Asked(_next(state.wanting(req), lang), gr.skip())


@_guarded
def run_to_end(state: StepState, controls: dict, *, service: Service, lang: str = "en") -> Screen:
    return show(_ensure(state, controls, service).to_end(), lang)


@_guarded
def measure_again(state: StepState, controls: dict, *, service: Service, lang: str = "en") -> Screen:
    """Run to end, generated afresh (not from the server's cache), to see new times: one generation in the line."""
    return show(_ensure(state, controls, service, fresh=True).to_end(), lang)


def reset(state: StepState, lang: str = "en") -> Screen:
    return show(state.reset(), lang)


def scrub(state: StepState, value, lang: str = "en") -> Screen:
    """The round the slider asks for. The slider is left as it is when it shows that round: a drag goes on while
    this runs, and Gradio reads the slider for the drag's last event only after this answer has landed, so an
    answer that set the slider back to this round would make that last event ask for this round again."""
    screen = show(state.scrub(value), lang)
    if value is not None and screen.state.trace is not None and int(value) == screen.state.index:
        return screen._replace(rounds=gr.skip())
    return screen


def scrub_here(state: StepState, lang: str = "en") -> Screen:
    """The round and view the page asked for when it could not draw them itself (for_page has set them), drawn
    whatever the state records as on screen: the page draws from its deck without telling the server, and events
    that end out of order (a deck's, this one's) can leave the record naming the view asked for while the page
    shows another, dimmed, waiting for this answer."""
    return scrub(state.unshown(), state.index, lang)


def choose(state: StepState, view: str, lang: str = "en") -> Screen:
    """Show another view beside the token stream; nothing else is redrawn."""
    return show(state.choose(view), lang)


def open_exports(state: StepState, lang: str = "en") -> Screen:
    """The Export panel opened: write the downloads now, and for each new trace while it stays open."""
    return show(state.export(True), lang)


async def walkthrough_file(state: StepState, lang: str = "en"):
    """The "Download this walkthrough" button: the trace on screen as one HTML file that plays offline (walkthrough.py),
    written while the Export panel is open, in the visitor's language, the view on screen chosen first. Its every view
    is the whole deck's: a shipped trace's from the server's cache (sent_deck made it), a trace made here's from the
    drawer (whole_deck's job), so the server's threads only put the file together."""
    if state.trace is None:
        return gr.update(value=None, interactive=False)
    if not state.exports:
        return gr.skip()
    if DRAWER is not None and not _is_shipped(state.trace):
        packed = await _drawn(state, lang)
        if packed is None:              # the drawing failed or took too long: no file, and none of an earlier trace
            return gr.update(value=None, interactive=False)
    else:
        packed = await asyncio.to_thread(player.packed, render, state, CHOICES, lang)
    path = await asyncio.to_thread(walkthrough.written, state, lang, packed)
    return gr.update(value=path, interactive=True)


def close_exports(state: StepState, lang: str = "en") -> Screen:
    return show(state.export(False), lang)


def refusal(req: Request | None, lang: str = "en") -> str:
    """Why the controls ask for what cannot run (policy.check_proposer), as a status warning; "" when they can."""
    try:
        if req is not None:
            policy.check_proposer(req.model, req.proposer, req.assistant)
    except Problem as exc:
        return warning(exc.said(lang))
    return ""


def mark_stale(state: StepState, controls: dict, lang: str = "en") -> tuple:
    """A control changed: say so above the rounds on screen until the next Step or Run (none when it matches), and
    say at once, before any Step, when the chosen proposer cannot run with the chosen model."""
    try:
        req = request(**controls)
    except (TypeError, ValueError):
        req = None
    new = state.asking(req)
    said, before = (refusal(req, lang), chosen_model(req, new, lang)), (refusal(state.asked, lang),
                                                                         chosen_model(state.asked, state, lang))
    if (new.stale, said) == (state.stale, before):
        return gr.skip(), new
    return summary(new.trace, new.index, lang, new.stale, "".join(said)), new


def chosen_model(req: Request | None, state: StepState, lang: str = "en") -> str:
    """Said at once when the model chosen is not the one on screen: its sizes as a shipped trace recorded them, or
    that Step will load it; "" when it is the model on screen or the controls make no request."""
    if req is None or state.request is None or req.model == state.request.model:
        return ""
    label = dict((ident, key) for key, ident in policy.model_choices()).get(req.model)
    name = t(label, lang) if label else req.model
    seen = next((tr for tr in map(shipped, recorded()) if tr.model_info.name == req.model), None)
    if seen is None:
        return t("step.chosen_model_new", lang, label=md(name))
    return t("step.chosen_model", lang, label=md(name), line=models_line(seen.model_info, lang))


def play(state: StepState, playing: bool, controls: dict, *, service: Service, lang: str = "en") -> Playing:
    """Play / pause: start the timer (making the trace with `service` if needed) or stop it."""
    if playing:
        return Playing(gr.Timer(active=False), False, gr.Button(value=t("step.play", lang)), unchanged(state))
    out = step(state, controls, service=service, lang=lang, again=True)     # at the last round, Play starts over
    started = out.state.trace is not None
    return Playing(gr.Timer(active=started), started,
                   gr.Button(value=t("step.pause" if started else "step.play", lang)), out)


def tick(state: StepState, lang: str = "en") -> Playing:
    """One timer tick: reveal the next round; stop at the last."""
    if state.trace is None or state.at_last:
        return Playing(gr.Timer(active=False), False, gr.Button(value=t("step.play", lang)), show(state, lang))
    state = state.step()
    done = state.at_last
    return Playing(gr.Timer(active=not done), not done,
                   gr.Button(value=t("step.play" if done else "step.pause", lang)), show(state, lang))


def _show(state: StepState, lang: str) -> Shown:
    """Set the controls to what made the trace on screen (shipped or uploaded), then the Screen."""
    return Shown(controls_of(state.request), show(state, lang))


def replay(state: StepState, file, lang: str = "en") -> Shown:
    """Show an uploaded JSON trace; anything that is not one is reported, in the visitor's language, and changes
    nothing."""
    if file is None:
        return Shown({}, unchanged(state))
    try:
        trace = parse_trace(Path(file if isinstance(file, str) else file.name).read_bytes())
    except Exception as exc:   # schema errors name the field; anything else is logged by message_for
        return Shown({}, warn(state, t("step.replay_failed", lang, error=policy.message_for(exc, lang)), lang))
    return _show(state.replay(trace), lang)


def pick_example(state: StepState, index, controls: dict, *, service: Service, lang: str = "en") -> Shown:
    """An example prompt clicked: its prompt in the box, the visitor's settings kept, round 0 on screen. When the
    settings are the recording's, that is the shipped trace (nothing generated); otherwise `service` generates the
    example with the visitor's settings, as Step would. Only the prompt box changes, so nothing is stale after."""
    if not (isinstance(index, int) and 0 <= index < len(EXAMPLES)):
        return Shown({}, unchanged(state))
    prompt = EXAMPLES[index]
    boxes, named = {"prompt": prompt}, {**controls, "prompt": prompt}
    try:
        req = request(**named)
        recorded_trace = shipped(EXAMPLE_TRACES[prompt])
        if recorded_trace is not None and request_of(recorded_trace) == req:
            return Shown(boxes, show(state.wanting(req).showing(recorded_trace, req, 0), lang))
        made = _ensure(state, named, service)
        return Shown(boxes, show(made if made.serial != state.serial else made.scrub(0), lang))
    except Exception as exc:
        return Shown(boxes, warn(state, policy.message_for(exc, lang), lang))


def load_recorded(state: StepState, name: str, lang: str = "en") -> Shown:
    trace = shipped(name) if isinstance(name, str) else None
    if trace is None:
        return Shown({}, unchanged(state))
    return _show(state.replay(trace), lang)


def first_state() -> StepState:
    """What every visitor sees first: round 0 of the first example's recorded trace (its controls are the defaults)."""
    return StepState.of(shipped(FIRST_TRACE) or shipped(next(iter(recorded()), "")), 0)


@functools.cache
def first_paint() -> Screen:
    """The first paint, made once: every visitor's page starts from it, and so does their state until they act (a
    StepState is frozen and its transitions make new ones, so one object serves every visitor)."""
    return show(first_state())


def in_language(state: StepState, lang: str = "en") -> Screen:
    """On page load: redraw the build-time first paint in the visitor's language and for their screen, unless English
    on a wide screen or already acted on (so a Reset or Step pressed before this arrives is never undone)."""
    if (lang == "en" and not state.narrow) or state.acted:
        return unchanged(state)
    return show(state, lang)


def linked(place: links.Place | None) -> bool:
    """Whether a link asks for an example, a round or a view (else the page opens on the first paint)."""
    return place is not None and (place.example, place.round, place.view) != (None, None, None)


def arrive(state: StepState, place: links.Place | None = None, lang: str = "en") -> Shown:
    """On page load: the shipped example, round and view a link asks for (links.Place), with the controls that made
    it; else the first paint in the visitor's language (in_language). Never undoes what the visitor did first."""
    place = place or links.Place()
    if state.acted or not linked(place):
        return Shown({}, in_language(state, lang))
    trace = shipped(place.example or FIRST_TRACE)
    return _show(state.replay(trace, place.round or 0).choose(place.view or state.view), lang)


def _recorded_labels() -> list[tuple[str, str]]:
    """(label key, name) for the recorded examples: each named in the tables, or by its file name if not."""
    return [(f"step.recorded.{path.stem}" if f"step.recorded.{path.stem}" in TABLES["en"] else name, name)
            for name, path in recorded().items()]


# -- layout -----------------------------------------------------------------------------------------------------
def setting(name: str, **kwargs) -> gr.components.Component:
    """The control for a Settings field, as its declaration says (settings.OnPage): a slider with the page's range
    (session.CONTROLS), a choice, a switch or a whole number, labelled "step.<field>" and "step.<field>_info"."""
    control, start = CONTROLS[name], DEFAULTS[name]
    words = {"label": L(f"step.{name}"), "info": L(f"step.{name}_info"), **kwargs}
    if control.slider is not None:
        low, high, step = control.slider
        return gr.Slider(low, high, value=start, step=step, **words)
    if choices_of(name):
        offered = [c for c in choices_of(name) if c in RAN or name != "proposer"]     # the page never offers "auto"
        return gr.Radio([(L(f"step.{name}.{c}"), c) for c in offered], value=start, **words)
    if plain_type(name) is bool:
        return gr.Checkbox(start, elem_classes="setting-switch", **words)    # its width: the page's CSS
    return gr.Number(start, precision=0, minimum=0, **words)


def build(demo: gr.Blocks, service: Service) -> dict:
    """Lay out the step-through tab inside the current gr.Tab and wire its events, generating with `service`; returns
    the "race this prompt" button and the controls (by name, in CONTROLS' order), which the page wires to the race
    tab."""
    first = first_paint()
    # None, read by `for_visitor` as the first paint's state: Gradio turns a dataclass given here into a dict
    # (dataclasses.asdict, the whole trace) for every new visitor's session, in its event loop, and then drops it.
    state = gr.State(None, time_to_live=policy.STATE_TTL_S)
    playing = gr.State(False)
    gr.HTML(phone.BAR_HTML, js_on_load=phone.BAR_JS, elem_id=phone.BAR, padding=False)   # a phone's Step bar
    with gr.Row(equal_height=False):
        # the examples under the prompt and the model together: under the prompt alone (5/12 of the row) the three
        # wrapped onto two lines once drawn, late, and pushed the token stream's top below a 720 px screen
        with gr.Column(scale=9, min_width=320):
            with gr.Row(equal_height=False):
                with gr.Column(scale=5, min_width=320):
                    prompt = gr.Textbox(label=L("step.prompt"), value=DEFAULTS["prompt"], lines=1,
                                        max_length=policy.max_prompt_chars())
                # a third of the row cut "Gemma 4 26B A4B (MoE) + Entwurfsmodell"
                with gr.Column(scale=4, min_width=220):
                    # allow_custom_value: a replayed trace may name any model; the policy gates runs
                    model = gr.Dropdown(choices(policy.model_choices()), value=DEFAULTS["model"],
                                        label=L("step.model"), allow_custom_value=True,
                                        info=L("public.model_info" if policy.is_public() else "step.model_info"))
            # labelled with what the bundled miniature knows, so a newcomer's own prompt is in its style
            examples = gr.Dataset(components=[prompt], samples=[[e] for e in EXAMPLES], type="index",
                                  label=L("step.trained_on"), elem_id="examples")
        with gr.Column(scale=3, min_width=260):
            with gr.Row():
                step_btn = gr.Button(L("step.step"), variant="primary", elem_id=keys.STEP, min_width=100)
                run_btn = gr.Button(L("step.run"), elem_id=keys.RUN, min_width=100)
            with gr.Row():
                play_btn = gr.Button(L("step.play"), elem_id=keys.PLAY, min_width=100)
                reset_btn = gr.Button(L("step.reset"), variant="stop", min_width=100)
            race_btn = gr.Button(L("race.this"), size="sm", elem_id="race-this")
            measure_btn = gr.Button(L("step.measure"), size="sm", elem_id="measure-again")
    with gr.Row(equal_height=False):
        with gr.Column(scale=5, min_width=420):
            status = gr.Markdown(first.status, elem_id=keys.STATUS, elem_classes="round-status")
            rounds = gr.Slider(0, first.rounds["maximum"], value=0, step=1, label=L("step.round"),
                               interactive=True, info=L("step.keys"), elem_id=keys.ROUND)
            stream = PlotlyPane(first.stream, label=L(f"fig.{STREAM}.title"), elem_id="stream")
            text = gr.Markdown(first.text, elem_classes="output-so-far")
        with gr.Column(scale=6, min_width=480):
            chooser = gr.Radio([(L(f"fig.{k}.title"), k) for k in CHOICES], value=FIRST_VIEW, show_label=False,
                               container=False, elem_id="view-chooser")
            view = PlotlyPane(first.view, label=L("fig.choose"), elem_id="view")
            what = gr.Markdown(first.what, elem_classes="what-you-see")
    # The two panels one above the other, each as wide as the page: side by side, each control got a sixth of half
    # the page ("Samplin", a slider's end value cut to its first digit). Each control keeps a width that holds its
    # label; a row wraps onto more lines where the page is narrower (a phone gets one control a line).
    wide, narrow = {"min_width": 300}, {"min_width": 240}
    with gr.Column():
        with gr.Accordion(L("step.settings"), open=False):
            fields, made = [name for name in CONTROLS if name in NAMES], {}     # the Settings fields shown
            for row in sorted({on_page(name).row for name in fields}):
                with gr.Row():
                    for name in (f for f in fields if on_page(f).row == row):
                        made[name] = setting(name, **(wide if on_page(name).wide else narrow))
            with gr.Row():
                assistant = gr.Textbox(label=L("step.assistant"), placeholder=L("step.assistant_placeholder"),
                                       visible=not policy.is_public(), **wide)
                speed = gr.Slider(0.3, 3.0, value=1.0, step=0.1, label=L("step.speed"), **narrow)
        with gr.Accordion(L("step.export"), open=False) as export:
            with gr.Row():     # the files are written when the panel opens (open_exports)
                json_btn = gr.DownloadButton(L("step.download_json"), interactive=False)
                csv_btn = gr.DownloadButton(L("step.download_csv"), interactive=False)
            walk_btn = gr.DownloadButton(L("step.download_walkthrough"), interactive=False, elem_id="walkthrough")
            upload = gr.File(label=L("step.upload"), file_types=[".json"])
            example = gr.Dropdown(choices(_recorded_labels()), label=L("step.recorded"), value=None)
    with gr.Accordion(L("step.about"), open=False):
        gr.Markdown(L("step.intro"))
    glossary.accordion()
    timer = gr.Timer(1.0, active=False)

    # every control by its name in CONTROLS; Gradio hands their values over in CONTROLS' order, and for_page gives a
    # handler that takes them (controls=True) one dict by name
    named = {"model": model, "assistant": assistant, "prompt": prompt, **made}
    controls = [named[name] for name in CONTROLS]
    deck = gr.JSON(None, visible=False)      # the trace's deck (player.py): the page steps through it by itself
    screen = Screen(stream, view, what, status, text, rounds, json_btn, csv_btn, deck, state)
    views = list(screen)
    resetting = list(Shown(named, screen).outputs())      # the controls, then the Screen: a Shown's outputs
    shown = [rounds, chooser]                # what the page shows, read by every server event first (for_page)
    drawn = [stream, view, what, status, text, rounds]     # what the page's player sets (player.js)
    # The page's own events (the public API is ui/endpoint.py's `trace`). Their progress shows on the two plots, or
    # nowhere: Gradio re-reads every component that any event has shown progress on, at each status change of every
    # later event, so progress on all the controls and outputs would slow every click that follows.
    hidden = {**PRIVATE, "show_progress_on": [stream, view]}
    generating = {**hidden, **policy.generating_events()}   # they wait in the service's line, not Gradio's

    def then_deck(event):
        """After an event that may show a new trace: its deck for the chosen view, then for every view (a shipped
        trace's at once, a trace made here's once the drawer has drawn it), then the walkthrough file from it."""
        event.then(for_visitor(sent_deck), [state], [deck, state], **QUIET).then(
            for_visitor(sent_deck), [state, gr.State(True)], [deck, state], **QUIET).then(
            whole_deck_for_visitor, [state], [deck, state], concurrency_limit=None, **QUIET).then(
            for_visitor(walkthrough_file), [state], walk_btn, concurrency_limit=None, **QUIET)

    # Step, Back, the slider, the keys, Play and the view chooser are answered in the page (player.js) from the deck,
    # with no request. The page asks the server only when it has no deck for what is on screen (not yet arrived), or
    # the controls ask for another trace: `ask_page` + 1 runs step_at_once outside Gradio's queue, which walks the
    # trace on screen or changes `ask`, whose change runs the queued step: it generates with progress on the plots and
    # says what went wrong in a pop-up, which only the queue can show (trigger_mode once: a click while it generates
    # is not queued behind it). `redraw` and `play_ask` likewise ask the server to show a round or view, or to play.
    ask_page, ask = gr.Number(0, precision=0, visible=False), gr.Number(0, precision=0, visible=False)
    redraw, play_ask = gr.Number(0, precision=0, visible=False), gr.Number(0, precision=0, visible=False)
    step_btn.click(None, [deck, *shown, ask_page, *controls], [*drawn, ask_page, play_btn], js=player.STEP, **QUIET)
    ask_page.change(for_page(step_at_once, controls=True), [state, *shown, ask, *controls],
                    list(Asked(screen, ask).outputs()), queue=False, **QUIET)
    then_deck(ask.change(for_page(step, controls=True, service=service), [state, *shown, *controls], views,
                         show_progress="minimal", trigger_mode="once", **generating))
    then_deck(run_btn.click(for_page(run_to_end, controls=True, service=service), [state, *shown, *controls], views,
                            show_progress="minimal", **generating))
    # one generation in the line, like Run to end; while it is pending, further clicks are ignored (trigger "once")
    then_deck(measure_btn.click(for_page(measure_again, controls=True, service=service), [state, *shown, *controls],
                                views, show_progress="minimal", trigger_mode="once", **generating))
    reset_btn.click(None, js=player.STOP, **QUIET)
    reset_btn.click(for_visitor(reset), [state], views, **hidden).then(
        lambda: (gr.Timer(active=False), False, L("step.play")), None, [timer, playing, play_btn], **QUIET)
    # a drag, a typed number (Enter) or the arrow keys all fire the slider's `input`
    for moved in (rounds.input, chooser.input):
        moved(None, [deck, *shown, redraw, *controls], [*drawn, redraw], js=player.SHOW, **QUIET)
    then_deck(redraw.change(for_page(scrub_here), [state, *shown], views, trigger_mode="always_last", queue=False,
                            **QUIET))
    play_btn.click(None, [deck, *shown, play_ask, speed, play_btn, *controls], [*drawn, play_ask, play_btn],
                   js=player.PLAY, **QUIET)
    played = list(Playing(timer, playing, play_btn, screen).outputs())
    then_deck(play_ask.change(for_page(play, controls=True, service=service), [state, *shown, playing, *controls],
                              played, **generating))
    timer.tick(for_page(tick), [state, *shown], played, **QUIET)
    speed.change(lambda s: gr.Timer(value=s), speed, timer, **QUIET)
    # a control the visitor changed (`input`, not `change`): the server's own answers that set the controls (a link,
    # an example, an upload) say the status themselves, and a `change` each of their controls fired read the page
    # half-updated (the new prompt beside the old round slider), writing back "settings changed" over round 0
    for control in controls:
        control.input(for_page(mark_stale, controls=True), [state, *shown, *controls], [status, state],
                      trigger_mode="always_last", **QUIET)
    export.expand(for_page(open_exports), [state, *shown], views, **QUIET).then(
        for_page(walkthrough_file), [state, *shown], walk_btn, concurrency_limit=None, **QUIET)
    export.collapse(for_page(close_exports), [state, *shown], views, **QUIET)
    then_deck(upload.upload(for_page(replay), [state, *shown, upload], resetting, **hidden))
    then_deck(example.input(for_page(load_recorded), [state, *shown, example], resetting, **hidden))
    then_deck(examples.click(for_page(pick_example, controls=True, service=service),
                             [state, *shown, examples, *controls], resetting, show_progress="minimal",
                             trigger_mode="once", **generating))
    # Enter in the prompt box: what Step does (a new prompt is generated and shown at round 0)
    then_deck(prompt.submit(for_page(step, controls=True, service=service), [state, *shown, *controls], views,
                            show_progress="minimal", trigger_mode="once", **generating))
    demo.load(None, js=player.INSTALL, **QUIET)
    deck.change(None, [deck, *shown], None, js=player.OPEN, **QUIET)

    def arriving(state, request: gr.Request):       # and the view chooser set to the view shown
        place = links.place_of(request)
        out = arrive((first_paint().state if state is None else state).on_screen(narrow_of(request)), place,
                     lang_of(request)).outputs()
        if state is None and not linked(place):     # the first paint redrawn in the visitor's language: no state and
            return *out[:-1], gr.skip(), gr.skip()  # no view chooser, which a first click may already have changed
        return *out, out[-1].view

    then_deck(demo.load(arriving, [state], [*resetting, chooser], **QUIET))
    return {"race": race_btn, "controls": {name: named[name] for name in CONTROLS}, "state": state, "shown": shown}
