"""Tests for mtp_viz.ui (the step-through tab, the model cache) and app.py: the demo builds without launching; handlers step, reset, scrub, play, replay, choose a view, mark stale.

Knows the handlers' outputs by name (step_through.Screen: token stream, chosen view, its text, status, output text,
round slider, two downloads, state) and that the state (step_state.StepState) is frozen; no browser here.
"""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pandas as pd
import pytest

from gradio.i18n import I18nData

from mtp_viz import worker
from mtp_viz.ui import service, session
from mtp_viz.ui.service import Service
from mtp_viz.ui.words import text
from mtp_viz.ui import step_through as ui
from mtp_viz.ui.policy import MINIATURE
from mtp_viz.schema import parse_trace
from trace_fixtures import make_trace

N_CONTROLS = len(session.DEFAULTS)
SKIP = {"__type__": "update"}                  # gr.skip(): the page keeps what it shows


@pytest.fixture()
def replayed(tmp_path):
    """A session that replayed the fixture trace: (controls the replay set, by name; its Screen; state)."""
    path = tmp_path / "fixture.json"
    path.write_text(make_trace().to_json(), encoding="utf-8")
    out = ui.replay(ui.StepState.of(), str(path))
    return out.controls, out.screen, out.screen.state


def labels(demo) -> set[str]:
    """Every label and text value on the page, in English (L() keys resolved as an English browser would)."""
    found = {text(getattr(b, "label", None)) for b in demo.blocks.values()}
    return found | {text(b.value) for b in demo.blocks.values() if isinstance(getattr(b, "value", None), (str, I18nData))}


def title(fig) -> str:
    return fig.layout.title.text


def test_app_builds_the_demo_without_launching():
    import app

    assert not app.demo.is_running
    names = labels(app.demo)
    assert {"Prompt", "Step", "Run to end", "Reset", "Play", "Round (drag to scrub)"} <= names
    step_tab = next(b for b in app.demo.blocks.values() if type(b).__name__ == "Tab" and b.id == "step")

    def plots(block) -> list:
        mine = [block] if type(block).__name__ in ("Plot", "PlotlyPane") else []
        return mine + [p for c in getattr(block, "children", []) for p in plots(c)]
    assert len(plots(step_tab)) == 2                     # the token stream and the one chosen view
    assert any(getattr(b, "elem_id", None) == "round-status" for b in app.demo.blocks.values())


def test_no_server_event_updates_a_block_that_holds_others_or_shows_progress_on_many():
    """Gradio re-reads every component a server event has shown progress on (its outputs unless show_progress_on says
    otherwise), with all its children, at each status change of every later event: a server event updating the tabs
    (or a tab, a row) would slow every click that follows (ui/tab_select.py), and so would progress on the many
    outputs of the page-load events. Tabs are opened by the browser's own events (a `js` function, no server one)."""
    import app

    config = app.demo.get_config_file()
    holders = set()

    def walk(node: dict) -> None:
        if node.get("children"):
            holders.add(node["id"])
        for child in node.get("children", []):
            walk(child)
    walk(config["layout"])
    types = {c["id"]: c["type"] for c in config["components"]}
    found = [(d["id"], types[o]) for d in config["dependencies"] if d["backend_fn"] for o in d["outputs"] if o in holders]
    assert not found
    assert any(types[o] == "tabs" for d in config["dependencies"] if not d["backend_fn"] for o in d["outputs"])
    # the page-load events show progress on nothing, and the step-through's own events on the two plots at most
    loads = [d for d in config["dependencies"] if d["backend_fn"] and any(e == "load" for _, e in d["targets"])]
    assert loads and all(d["show_progress_on"] == [] for d in loads)
    plots = {c["id"] for c in config["components"] if c["props"].get("elem_id") in ("stream", "view")}
    steps = [d for d in config["dependencies"] if d["backend_fn"] and plots <= set(d["outputs"])]
    assert steps and all(set(d["show_progress_on"]) <= plots for d in steps)


def test_first_paint_is_round_0_of_the_first_example_made_at_build_time():
    state = ui.first_state()
    out = ui.render(state)
    assert state.trace is session.shipped(session.FIRST_TRACE) and state.index == 0 and not state.acted
    assert state.trace.prompt_text == session.EXAMPLES[0]
    first_steps = state.trace.rounds[1:3]                # the first two Steps show a rejection and a bonus
    assert {r.last_token_kind for r in first_steps} == {"correction", "bonus"}
    assert any(v.verdict == "rejected" for r in first_steps for v in r.verify_steps)
    assert title(out.stream) == f"Token stream: round 0 of {len(state.trace.rounds) - 1}"
    assert "Round 0 of" in out.status and "prefill" in out.status
    assert session.request_of(state.trace) == session.request(*session.DEFAULTS.values())  # its controls
    again = ui.render(out.state)                         # nothing changed: nothing is resent
    assert again.stream == again.view == again.what == SKIP
    assert ui.render(state).stream != SKIP               # rendering changes nothing: `state` has shown nothing
    out = ui.step(out.state, session.DEFAULTS, service=Forbidden("the first Step needs no model"))
    assert out.state.index == 1 and title(out.stream).startswith("Token stream: round 1 of")


def test_a_new_visitors_session_starts_from_the_first_paint_without_copying_it(monkeypatch):
    """Gradio builds every block's config for each new session, in its event loop: the step-through's gr.State holds
    None (not the first paint's dataclass, which Gradio would turn into a dict each time), the handlers read None as
    the first paint's state, and no component builds a JSON schema again (server_panel.upload_button)."""
    import dataclasses

    import pydantic
    from gradio.state_holder import SessionState

    import app

    states = [b for b in app.demo.blocks.values() if type(b).__name__ == "State"]
    assert states and not any(dataclasses.is_dataclass(b.value) for b in states)
    SessionState(app.demo)                                   # the first session works out what Gradio caches
    schemas = []
    original = pydantic.BaseModel.model_json_schema.__func__
    monkeypatch.setattr(pydantic.BaseModel, "model_json_schema",
                        classmethod(lambda cls, *a, **k: schemas.append(cls) or original(cls, *a, **k)))
    SessionState(app.demo)
    assert schemas == []
    first = ui.first_paint().state
    out = ui.for_visitor(ui.scrub)(None, None, 0)                # a visitor who has not acted: state None
    assert out.state.trace is first.trace and out.state.index == 0 and out.state.shown == first.shown
    assert ui.for_visitor(ui.in_language)(None, None) == ui.unchanged(first)   # English: the first paint stands


def test_page_load_never_undoes_a_visitors_action():
    state = ui.render(ui.first_state()).state
    assert ui.in_language(state, "en") == ui.unchanged(state)            # English: the build-time paint stands
    assert title(ui.in_language(state, "de").stream) != title(ui.render(ui.first_state()).stream)
    state = ui.reset(state).state
    assert ui.in_language(state, "de") == ui.unchanged(state) and state.trace is None


def test_an_answer_from_an_older_trace_lands_as_nothing(replayed):
    """Gradio runs a visitor's events side by side: a prompt box's change (mark_stale) that read the first paint's
    state must not put it back after a Run to end showed a new trace, nor may the page load's chain."""
    controls, _, ran = replayed                       # a trace shown: serial 1
    visitor, other = SimpleNamespace(session_hash="a", headers={}), SimpleNamespace(session_hash="b", headers={})
    stale = ui.for_visitor(ui.mark_stale, controls=True)      # Gradio's values, in CONTROLS' order
    changed = dict(controls, prompt="Once upon a time,")
    assert ui.LATEST.outdated(visitor, (ran,)) is False                # the run's state lands and is recorded
    late = stale(None, visitor, *changed.values())                    # computed from the first paint (serial 0)
    assert late == (SKIP, SKIP)
    assert stale(ran, visitor, *changed.values())[1].stale            # from the visitor's own trace: it lands
    assert stale(None, other, *changed.values())[1].serial == 0       # another visitor's first paint is theirs


def test_replay_sets_controls_and_shows_the_last_round(replayed):
    controls, out, state = replayed
    assert controls["prompt"] == "Actions speak" and list(controls) == list(session.CONTROLS)   # every control set
    assert state.index == 4 and session.request(**controls) == state.request
    assert title(out.stream) == "Token stream: round 4 of 4"
    assert "louder than words" in out.text
    assert out.rounds["maximum"] == 4 and out.rounds["value"] == 4


class Forbidden:
    """A service that must not be asked for a trace: handlers are given it where the page gives them the server's."""

    def __init__(self, why: str):
        self.why = why

    def cached(self, req) -> bool:
        return False

    def generate(self, req, fresh: bool = False):
        pytest.fail(self.why)


class Answering(Forbidden):
    """A service that answers every request with one trace."""

    def __init__(self, trace):
        self.trace = trace

    def generate(self, req, fresh: bool = False):
        return self.trace


def test_step_walks_rounds_without_rerunning_a_matching_trace(replayed):
    controls, _, state = replayed
    none = Forbidden("the recorded trace should be reused")
    out = ui.scrub(state, 0)
    assert out.state.index == 0 and "Round 0 of 4: the prefill" in out.status
    for expected in (1, 2, 3):
        out = ui.step(out.state, controls, service=none)
        assert out.state.index == expected
        assert title(out.view).startswith(f"Timeline of forward passes: rounds 0–{expected}")
    assert "kept 2 and added a correction token" in ui.step(ui.scrub(out.state, 1).state, controls,
                                                             service=none).status


def test_only_the_chosen_view_is_drawn_and_sent(replayed, monkeypatch):
    controls, _, state = replayed
    drawn = []
    real = ui.draw
    monkeypatch.setattr(ui, "draw", lambda key, *a: drawn.append(key) or real(key, *a))
    out = ui.choose(state, "verification")
    assert drawn == ["verification"] and out.stream == SKIP and "p (target)" not in out.what
    assert title(out.view).startswith("Verification: round 4")
    out = ui.scrub(out.state, 0)
    assert drawn == ["verification", "token_stream", "verification"] and title(out.view) == "Verification: round 0"
    assert ui.choose(out.state, "verification").view == SKIP      # the same view again: nothing resent
    assert ui.choose(out.state, "nonsense").view == SKIP


def test_a_step_outside_the_queue_walks_the_trace_on_screen_and_asks_the_queue_for_the_rest(replayed):
    """step_at_once (the Step button, answered outside Gradio's queue) does what `step` does while it walks the trace
    on screen, and changes nothing but `ask`, which runs the queued `step`, when there is a trace to make or a warning
    to show."""
    controls, _, state = replayed
    start = ui.scrub(state, 0).state
    screen, ask = ui.step_at_once(start, 7, controls)
    queued = ui.step(start, controls, service=Forbidden("the recorded trace should be reused"))
    assert ask == SKIP and screen.state.index == 1 and screen.status == queued.status
    assert title(screen.view) == title(queued.view)
    screen, ask = ui.step_at_once(ui.scrub(state, 4).state, 7, controls)
    assert "This is the last round (4)" in screen.status and ask == SKIP
    for asking in (dict(controls, prompt="A new prompt"), dict(controls, max_new_tokens="many")):
        screen, ask = ui.step_at_once(start, 7, asking)
        assert list(screen) == [SKIP] * len(ui.Screen._fields) and ask == 8
    assert ui.step_at_once(ui.StepState.of(), None, controls).ask == 1      # Reset: nothing on screen


@pytest.mark.parametrize("lang, words", [("en", "This is the last round (4)"), ("de", "Das ist die letzte Runde (4)"),
                                         ("zh-TW", "這是最後一輪（第 4 輪）")])
def test_step_at_the_last_round_stays_there_and_says_so(replayed, lang, words):
    controls, _, state = replayed
    none = Forbidden("the recorded trace should be reused")
    state = ui.render(state, lang).state                           # the page in the visitor's language
    out = ui.step(state, controls, lang=lang, service=none)
    assert out.state.index == 4 and words in out.status
    assert out.stream == out.view == SKIP                       # nothing else changes
    assert ui.step(out.state, controls, lang=lang, service=none).state.index == 4
    assert words not in ui.scrub(out.state, 4, lang=lang).status   # said once, for that press


class Refusing(Service):
    """A real service (its policy checks run) that must never get as far as generating."""

    def _produce(self, req):
        pytest.fail("nothing may generate")


def test_a_proposer_the_model_cannot_run_is_refused_in_the_visitors_language(replayed):
    """The bundled miniature-shallow and miniature-moe have no separate small model: choosing that proposer says so
    at once, in the visitor's language, and Step refuses before anything generates."""
    controls, _, state = replayed
    asked = dict(controls, model="miniature-shallow", proposer="draft-model")
    status, state = ui.mark_stale(state, asked, lang="de")
    status = status.replace("\\", "")                                        # Markdown's escapes
    assert "„eigenständiges kleines Modell“ braucht ein eigenes kleines Modell" in status and "miniature-shallow" in status
    with pytest.warns(UserWarning, match="eigenständiges kleines Modell"):
        out = ui.step(state, asked, lang="de", service=Refusing())
    assert "kleines Modell“ braucht" in out.status and out.state.index == 4  # the recorded trace stays on screen
    assert "草稿來源「獨立小模型」" in ui.scrub(state, 2, lang="zh-TW").status     # said until the controls change
    for model in ("miniature-moe", "miniature-shallow"):
        status, _ = ui.mark_stale(ui.StepState.of(), dict(asked, model=model), lang="zh-TW")
        assert "草稿來源「獨立小模型」" in status and model in status.replace("\\", "")
    status, state = ui.mark_stale(state, dict(asked, proposer="mtp"), lang="de")
    assert "kleines Modell“ braucht" not in status                            # a runnable choice clears it
    assert ui.mark_stale(ui.StepState.of(), dict(asked, model=MINIATURE))[0] == SKIP   # miniature has one


def test_a_view_that_does_not_change_with_the_round_is_not_resent():
    state = ui.StepState.of(session.shipped("actions speak no drafter"), 0, view="activations")
    first = ui.render(state)
    assert "only Gemma 4 MTP drafters" in first.view.layout.annotations[0].text.replace("<br>", " ")   # wrapped to fit
    out = ui.scrub(first.state, 5)
    assert out.view == SKIP and title(out.stream).startswith("Token stream: round 5")


def test_changed_controls_mark_the_output_stale_until_the_next_step(replayed):
    controls, _, state = replayed
    status, state = ui.mark_stale(state, controls)
    assert status == SKIP and not state.stale
    changed = dict(controls, prompt="Once upon a time,")
    status, state = ui.mark_stale(state, changed)
    assert "Settings changed" in status and state.stale
    out = ui.scrub(state, 1)
    assert "Settings changed" in out.status                              # still stale on another round
    assert ui.mark_stale(out.state, controls)[0].startswith("### Round 1")  # back to what made the trace
    _, state = ui.mark_stale(out.state, changed)
    assert "Settings changed" not in ui.step(state, changed, service=Answering(make_trace())).status


def test_run_to_end_scrub_and_downloads_when_asked_for(replayed):
    controls, first, state = replayed
    out = ui.scrub(state, 2)
    assert out.state.index == 2 and out.rounds == SKIP           # the slider shows round 2 already: left as it is
    assert ui.scrub(state, 9).rounds["value"] == 4               # past the last round: the slider is set back to it
    assert out.state.files is None and first.json == SKIP        # Export is closed: nothing written
    offered = ui.open_exports(out.state)                          # opened: written now, and offered
    json_path, csv_path = offered.state.files
    assert offered.json["value"] == json_path and Path(json_path).name == "mtp_trace.json"
    out = ui.run_to_end(offered.state, controls, service=Forbidden("the trace on screen should be reused"))
    assert out.state.index == 4 and out.state.files == (json_path, csv_path)
    assert out.json == out.csv == SKIP                          # unchanged trace: the downloads are left alone
    assert parse_trace(Path(json_path).read_text(encoding="utf-8")) == state.trace
    assert len(pd.read_csv(csv_path)) == len(state.trace.to_frame())
    assert ui.render(ui.StepState.of(state.trace).export(True)).json == SKIP   # render writes nothing; show() does
    cleared = ui.reset(out.state)                                 # the panel stays open: a new trace, new files
    assert cleared.json["value"] is None
    again = ui.replay(cleared.state, json_path).screen.state
    assert again.files is not None and again.files[0] != json_path
    assert ui.close_exports(again).state.replay(again.trace).files is None


def test_reset_clears_the_session(replayed):
    _, _, state = replayed
    out = ui.reset(state)
    assert out.state.trace is None and out.text == ""
    assert title(out.stream) == "Token stream" and title(out.view) == "Timeline of forward passes"
    assert "press **Step**" in out.status


def test_play_ticks_to_the_end_and_stops(replayed):
    controls, _, state = replayed
    none = Forbidden("Play walks the trace on screen")
    timer, playing, button, out = ui.play(state, False, controls, service=none)
    assert timer.active and playing and out.state.index == 0
    for _ in range(10):
        timer, playing, button, out = ui.tick(out.state)
        if not playing:
            break
    assert out.state.index == 4 and not timer.active and button.value == "Play"
    timer, playing, *_ = ui.play(out.state, True, controls, service=none)   # pause
    assert not timer.active and not playing


def test_summaries_in_the_visitors_language(replayed):
    _, _, state = replayed
    out = ui.scrub(state, 2, lang="de")
    assert "Runde 2 von 4" in out.status and title(out.stream) != "Token stream: round 2 of 4"


def test_bad_replay_file_is_reported_and_state_kept(replayed, tmp_path):
    _, _, state = replayed
    bad = tmp_path / "bad.json"
    bad.write_text('{"rounds": []}', encoding="utf-8")
    with pytest.warns(UserWarning):
        out = ui.replay(state, str(bad))
    assert "replay" in out.screen.status and out.screen.state.index == 4 and out.controls == {}


def serving(pairs: dict):
    """A service of its own, with these (model, assistant) -> pairs already loaded."""
    service = Service()
    for (model, assistant), pair in pairs.items():
        service.models.hand(pair, model, assistant)
    return service


def test_bad_input_shows_a_message_and_keeps_running(tiny_pair):
    controls = dict(session.DEFAULTS, model="tiny", prompt="")
    with pytest.warns(UserWarning, match="prompt is empty"):
        out = ui.step(ui.StepState.of(), controls, service=serving({("tiny", ""): tiny_pair}))
    assert "prompt is empty" in out.status and out.state.trace is None


def test_step_generates_on_the_miniature(miniature):
    service = serving({(MINIATURE, ""): miniature})
    out = ui.step(ui.StepState.of(), session.DEFAULTS, service=service)
    trace = out.state.trace
    assert out.state.index == 0 and trace.rounds[0].last_token_kind == "prefill"
    out = ui.run_to_end(out.state, session.DEFAULTS, service=service)
    assert "saves nine" in out.text


def test_a_cached_trace_says_so_and_measure_again_runs_it_afresh(miniature):
    service = serving({(MINIATURE, ""): miniature})
    controls = dict(session.DEFAULTS, max_new_tokens=8)
    out = ui.run_to_end(ui.StepState(), controls, service=service)
    assert not out.state.cached and "cache" not in out.status
    out = ui.run_to_end(ui.StepState(), controls, lang="de", service=service)   # another visitor asks the same
    assert out.state.cached and "Zwischenspeicher" in out.status
    assert "快取" in ui.scrub(out.state, 1, lang="zh-TW").status     # said on every round of that trace
    again = ui.measure_again(out.state, controls, service=service)
    assert again.state.trace is not out.state.trace and not again.state.cached and "cache" not in again.status
    assert again.state.trace.new_token_ids == out.state.trace.new_token_ids and again.state.index == again.state.last


@pytest.mark.slow        # loads and warms the miniature
def test_preload_fills_the_model_cache():
    svc = serving({})                                   # a server's own, its cache empty
    svc.models.preload().join(timeout=120)
    pair = svc.models.held()[(MINIATURE, "")]
    assert pair.name == MINIATURE and svc.models.get(MINIATURE) is pair


@pytest.mark.parametrize("path", sorted(session.TRACES.glob("*.json")), ids=lambda p: p.stem)
def test_shipped_traces_are_what_the_miniature_does_now(path, miniature):
    """A stale recording (miniature rebuilt since) fails here: rerun `python assets/traces/record.py`."""
    svc = serving({(MINIATURE, ""): miniature})
    shipped = parse_trace(path.read_text(encoding="utf-8"))
    live = svc.generate(session.request_of(shipped))
    assert live.new_token_ids == shipped.new_token_ids
    assert [r.num_accepted for r in live.rounds] == [r.num_accepted for r in shipped.rounds]


def test_a_slow_model_load_blocks_only_its_own_visitors(monkeypatch, tiny_pair):
    """While one visitor waits minutes for a hub checkpoint, others keep stepping on the miniature."""
    import dataclasses
    import threading

    import mtp_viz.models

    release, started = threading.Event(), threading.Event()

    tiny_pair = dataclasses.replace(tiny_pair, tokenizer=object())   # a pair without a tokenizer is not cached

    def slow_load(*args, **kwargs):
        started.set()
        release.wait(timeout=30)
        return tiny_pair

    monkeypatch.setattr(mtp_viz.models, "load_pair", slow_load)
    monkeypatch.setattr(worker, "warm_up", lambda pair: None)
    svc = serving({(MINIATURE, ""): tiny_pair})
    monkeypatch.setattr(service.gr, "Info", lambda message, **toast: None)
    loader = threading.Thread(target=svc.models.get, args=("some/hub-model",))
    loader.start()
    assert started.wait(timeout=10)
    answered = threading.Event()
    threading.Thread(target=lambda: svc.models.get(MINIATURE) is tiny_pair and answered.set(), daemon=True).start()
    assert answered.wait(timeout=5), "the miniature waited for another visitor's model load"
    release.set()
    loader.join(timeout=10)
    assert svc.models.held()[("some/hub-model", "")] is tiny_pair
    for name in ("a/one", "b/two"):                          # only MAX_HUB_PAIRS real checkpoints stay cached
        svc.models.get(name)
    assert [k for k in svc.models.held() if k[0] != MINIATURE] == [("a/one", ""), ("b/two", "")]


@pytest.mark.parametrize("index", range(len(session.EXAMPLES)))
def test_an_example_shows_its_recorded_trace_at_round_0_and_step_walks_it(index):
    """Clicking an example with the page's settings: round 0 of its shipped trace at once, only the prompt box set
    (so nothing is stale), and the next Step walks it without generating."""
    none = Forbidden("an example at the recording's settings must not generate")
    out = ui.pick_example(ui.first_state(), index, session.DEFAULTS, service=none)
    boxes, screen = dict(zip(session.CONTROLS, out.outputs()[:N_CONTROLS])), out.screen
    trace = session.shipped(session.EXAMPLE_TRACES[session.EXAMPLES[index]])
    assert boxes.pop("prompt") == session.EXAMPLES[index] == trace.prompt_text
    assert all(v == SKIP for v in boxes.values()), boxes            # the visitor's settings stay as they are
    assert screen.state.trace is trace and screen.state.index == 0 and "Round 0 of" in screen.status
    controls = {**session.DEFAULTS, "prompt": session.EXAMPLES[index]}
    assert ui.mark_stale(screen.state, controls)[1].stale is False
    assert "Settings changed" not in ui.step(screen.state, controls, service=none).status
    assert ui.step(screen.state, controls, service=none).state.index == 1
    assert ui.pick_example(screen.state, None, controls, service=none) == ui.Shown({}, ui.unchanged(screen.state))


def test_an_example_keeps_the_visitors_settings():
    """Tour chapter 9's try-it: schedule constant, N = 8, then the counting example. The example is generated with
    those settings (not the recording's, whose N is 4 and schedule heuristic), shown at round 0, and nothing is stale."""
    asked = []

    class Recording(Forbidden):
        def generate(self, req, fresh: bool = False):
            asked.append(req)
            return make_trace()

    named = {**session.DEFAULTS, "schedule": "constant", "num_assistant_tokens": 8}
    index = session.EXAMPLES.index(session.COUNTING)
    out = ui.pick_example(ui.first_state(), index, named, service=Recording("-"))
    screen = out.screen
    assert [(r.prompt, r.settings.schedule, r.settings.num_assistant_tokens) for r in asked] == \
        [(session.COUNTING, "constant", 8)]
    assert screen.state.index == 0 and screen.state.request == asked[0]
    controls = {**named, "prompt": session.COUNTING}
    assert ui.mark_stale(screen.state, controls)[1].stale is False
    recorded = session.shipped(session.EXAMPLE_TRACES[session.COUNTING]).settings
    assert (recorded.schedule, recorded.num_assistant_tokens) != ("constant", 8)    # else this tests nothing



def test_the_block_configs_are_what_gradio_makes_only_cheaper():
    """ui/block_configs.py: every new session and /config read each block's constructor and copy the page's config;
    with the signatures kept, the I18n keys shared and a session's configs written when needed, /config (the copy
    Gradio sends) and a session's block configs (all of them, and one an event has set) are exactly what Gradio makes
    without them, and inspect.signature hands back the kept one."""
    import copy
    import inspect
    import json

    from gradio import state_holder, utils
    from gradio.i18n import I18nData

    from mtp_viz.ui import Service, block_configs, build_demo

    demo = build_demo(Service())
    inits = {klass.__dict__["__init__"] for cls in {type(b) for b in demo.blocks.values()} for klass in cls.__mro__
             if inspect.isfunction(klass.__dict__.get("__init__"))}
    assert inits and all(inspect.signature(init) is init.__dict__["__signature__"] for init in inits)
    label = I18nData("step.step")
    assert copy.deepcopy(label) is label
    assert isinstance(demo.state_holder["a visitor"], block_configs.Session)    # what Gradio makes per visitor
    assert block_configs.Session(demo).config_values == {}                     # nothing written up front
    textbox = next(k for k, b in demo.blocks.items() if type(b).__name__ == "Textbox")

    def configs():
        made, set_one = state_holder.SessionState(demo), state_holder.SessionState(demo)
        set_one._update_value_in_config(textbox, "set by an event")
        return json.dumps([utils.safe_deepcopy(demo.config), list(made.components), set_one.config_values[textbox]],
                          sort_keys=True, default=str)
    kept = configs()
    for init in inits:
        del init.__signature__
    block_configs.forget()
    try:
        assert copy.deepcopy(label) is not label
        assert configs() == kept
    finally:
        assert block_configs.remember(demo) == len(inits)


def test_choosing_a_model_says_at_once_what_it_is():
    """A model chosen in the dropdown is described before any Step: its sizes as a shipped trace recorded them, or
    that Step will load it; choosing the model on screen again says nothing more."""
    state = ui.first_state()
    moe = {**session.DEFAULTS, "model": "miniature-moe"}
    status, new = ui.mark_stale(state, moe)
    recorded = next(tr for tr in map(session.shipped, session.recorded()) if tr.model_info.name == "miniature-moe")
    assert "You chose" in status and "Gemma4AssistantForCausalLM" in status and new.stale
    assert recorded.model_info.target_class in status
    hub = {**session.DEFAULTS, "model": "google/gemma-4-E2B-it"}
    assert "Step** loads it" in ui.mark_stale(state, hub)[0]
    status, _ = ui.mark_stale(new, session.DEFAULTS)
    assert "You chose" not in status and "Settings changed" not in status


def test_the_servers_start_up_objects_are_frozen_once_its_loads_are_done():
    """app.py freezes what the server made at start (gc.freeze) once the preload and the warm-up are done, not before:
    what they make would stay in the collector's sight otherwise."""
    import gc
    import threading

    from mtp_viz.ui import freeze_when_done

    gate = threading.Event()
    load = threading.Thread(target=gate.wait, daemon=True)
    load.start()
    before = gc.get_freeze_count()
    try:
        freezing = freeze_when_done(load)
        freezing.join(0.2)
        assert freezing.is_alive() and gc.get_freeze_count() == before      # still waiting for the load
        gate.set()
        freezing.join(10)
        assert not freezing.is_alive() and gc.get_freeze_count() > before
    finally:
        gate.set()
        gc.unfreeze()
