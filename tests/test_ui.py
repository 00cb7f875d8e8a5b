"""Tests for mtp_viz.ui (the step-through tab, the model cache) and app.py: the demo builds without launching; handlers step, reset, scrub, play, replay.

Knows the handlers' outputs (7 figures, status, output text, round slider, two downloads, state); no browser here.
"""
from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from gradio.i18n import I18nData

from mtp_viz.ui import pairs, session
from mtp_viz.ui.words import text
from mtp_viz.ui import step_through as ui
from mtp_viz.ui.policy import MINIATURE
from mtp_viz.figures import VIEWS
from mtp_viz.trace import Trace
from trace_fixtures import make_trace

STATUS, TEXT, SLIDER, JSON, CSV = range(len(VIEWS), len(VIEWS) + 5)
N_CONTROLS = len(session.DEFAULTS)


@pytest.fixture()
def replayed(tmp_path):
    """A session that replayed the fixture trace: (controls the replay set, outputs, state)."""
    path = tmp_path / "fixture.json"
    path.write_text(make_trace().to_json(), encoding="utf-8")
    out = ui.replay(session.new_state(), str(path))
    return out[:N_CONTROLS], out[N_CONTROLS:], out[-1]


def labels(demo) -> set[str]:
    """Every label and text value on the page, in English (L() keys resolved as an English browser would)."""
    found = {text(getattr(b, "label", None)) for b in demo.blocks.values()}
    return found | {text(b.value) for b in demo.blocks.values() if isinstance(getattr(b, "value", None), (str, I18nData))}


def test_app_builds_the_demo_without_launching():
    import app

    assert not app.demo.is_running
    names = labels(app.demo)
    assert {"Prompt", "Step", "Run to end", "Reset", "Play", "Round (drag to scrub)"} <= names
    step_tab = next(b for b in app.demo.blocks.values() if type(b).__name__ == "Tab" and b.id == "step")

    def plots(block) -> int:
        return (type(block).__name__ == "Plot") + sum(plots(c) for c in getattr(block, "children", []))
    assert plots(step_tab) == len(VIEWS)                 # the step-through tab draws every view once


def test_replay_sets_controls_and_shows_the_last_round(replayed):
    controls, out, state = replayed
    assert dict(zip(session.DEFAULTS, controls))["prompt"] == "Actions speak"
    assert state["index"] == 4 and session.request(*controls) == state["request"]
    assert out[0].layout.title.text == "Token stream: round 4 of 4"
    assert "louder than words" in out[TEXT]
    assert out[SLIDER].maximum == 4 and out[SLIDER].value == 4


def test_step_walks_rounds_without_rerunning_a_matching_trace(replayed, monkeypatch):
    controls, _, state = replayed
    monkeypatch.setattr(ui, "generate", lambda req: pytest.fail("the recorded trace should be reused"))
    out = ui.step(state, *controls)            # at the last round, Step starts again from round 0
    assert out[-1]["index"] == 0 and "Round 0 of 4: the prefill" in out[STATUS]
    for expected in (1, 2, 3):
        out = ui.step(out[-1], *controls)
        assert out[-1]["index"] == expected
        assert out[1].layout.title.text.startswith(f"Timeline of forward passes: rounds 0–{expected}")
    assert "kept 2 and added a correction token" in ui.step(ui.scrub(out[-1], 1)[-1], *controls)[STATUS]


def test_run_to_end_scrub_and_downloads(replayed):
    controls, first, state = replayed
    out = ui.scrub(state, 2)
    assert out[-1]["index"] == 2 and out[SLIDER].value == 2
    out = ui.run_to_end(out[-1], *controls)
    assert out[-1]["index"] == 4
    json_path, csv_path = state["files"]
    assert Path(first[JSON].value["path"]).name == "mtp_trace.json"   # offered once, with the new trace
    assert out[JSON] == out[CSV] == {"__type__": "update"}   # unchanged trace: the downloads are left alone
    assert Trace.from_json(Path(json_path).read_text(encoding="utf-8")) == state["trace"]
    assert len(pd.read_csv(csv_path)) == len(state["trace"].to_frame())


def test_reset_clears_the_session(replayed):
    _, _, state = replayed
    out = ui.reset(state)
    assert out[-1]["trace"] is None and out[TEXT] == ""
    assert all(fig.layout.title.text == view.TITLE for fig, (_, view) in zip(out[:len(VIEWS)], VIEWS))
    assert "press **Step**" in out[STATUS]


def test_play_ticks_to_the_end_and_stops(replayed):
    controls, _, state = replayed
    timer, playing, button, *out = ui.play(state, False, *controls)
    assert timer.active and playing and out[-1]["index"] == 0
    for _ in range(10):
        timer, playing, button, *out = ui.tick(out[-1])
        if not playing:
            break
    assert out[-1]["index"] == 4 and not timer.active and button.value == "Play"
    timer, playing, *_ = ui.play(out[-1], True, *controls)   # pause
    assert not timer.active and not playing


def test_bad_replay_file_is_reported_and_state_kept(replayed, tmp_path):
    _, _, state = replayed
    bad = tmp_path / "bad.json"
    bad.write_text('{"rounds": []}', encoding="utf-8")
    with pytest.warns(UserWarning, match="not a trace"):
        out = ui.replay(state, str(bad))
    assert "not a trace" in out[N_CONTROLS + STATUS] and out[-1]["index"] == 4


def test_bad_input_shows_a_message_and_keeps_running(monkeypatch, tiny_pair):
    monkeypatch.setitem(pairs._PAIRS, ("tiny", ""), tiny_pair)
    controls = dict(session.DEFAULTS, model="tiny", prompt="")
    with pytest.warns(UserWarning, match="prompt is empty"):
        out = ui.step(session.new_state(), *controls.values())
    assert "prompt is empty" in out[STATUS] and out[-1]["trace"] is None
    with pytest.warns(UserWarning, match="tokenizer"):
        out = ui.run_to_end(session.new_state(), *dict(controls, prompt="Actions speak").values())
    assert "tokenizer" in out[STATUS]


def test_step_generates_on_the_miniature(miniature, monkeypatch):
    monkeypatch.setitem(pairs._PAIRS, (MINIATURE, ""), miniature)
    out = ui.step(session.new_state(), *session.DEFAULTS.values())
    trace = out[-1]["trace"]
    assert out[-1]["index"] == 0 and trace.rounds[0].last_token_kind == "prefill"
    out = ui.run_to_end(out[-1], *session.DEFAULTS.values())
    assert "louder than words" in out[TEXT]


def test_first_paint_shows_a_shipped_trace():
    out = ui.first_paint(session.new_state())
    state = out[-1]
    assert state["trace"] is not None and state["trace"].model_info["name"] == MINIATURE


def test_preload_fills_the_shared_model_cache(monkeypatch):
    monkeypatch.setattr(pairs, "_PAIRS", {})
    pairs.preload().join(timeout=120)
    pair = pairs._PAIRS[(MINIATURE, "")]
    assert pair.name == MINIATURE and pairs.get_pair(MINIATURE) is pair


@pytest.mark.parametrize("path", sorted(session.TRACES.glob("*.json")), ids=lambda p: p.stem)
def test_shipped_traces_are_what_the_miniature_does_now(path, miniature, monkeypatch):
    """A stale recording (miniature rebuilt since) fails here: rerun `python assets/traces/record.py`."""
    monkeypatch.setitem(pairs._PAIRS, (MINIATURE, ""), miniature)
    shipped = Trace.from_json(path.read_text(encoding="utf-8"))
    live = session.generate(session.request_of(shipped))
    assert live.new_token_ids == shipped.new_token_ids
    assert [r.num_accepted for r in live.rounds] == [r.num_accepted for r in shipped.rounds]


def test_a_slow_model_load_blocks_only_its_own_visitors(monkeypatch, tiny_pair):
    """While one visitor waits minutes for a hub checkpoint, others keep stepping on the miniature."""
    import threading

    import mtp_viz.models

    release, started = threading.Event(), threading.Event()

    def slow_load(*args, **kwargs):
        started.set()
        release.wait(timeout=30)
        return tiny_pair

    monkeypatch.setattr(mtp_viz.models, "load_pair", slow_load)
    monkeypatch.setattr(pairs, "warm_up", lambda pair: None)
    monkeypatch.setattr(pairs, "_PAIRS", {(MINIATURE, ""): tiny_pair})
    monkeypatch.setattr(pairs.gr, "Info", lambda message: None)
    loader = threading.Thread(target=pairs.get_pair, args=("some/hub-model",))
    loader.start()
    assert started.wait(timeout=10)
    answered = threading.Event()
    threading.Thread(target=lambda: pairs.get_pair(MINIATURE) is tiny_pair and answered.set(), daemon=True).start()
    assert answered.wait(timeout=5), "the miniature waited for another visitor's model load"
    release.set()
    loader.join(timeout=10)
    assert pairs._PAIRS[("some/hub-model", "")] is tiny_pair
    for name in ("a/one", "b/two"):                          # only MAX_HUB_PAIRS real checkpoints stay cached
        pairs.get_pair(name)
    assert [k for k in pairs._PAIRS if k[0] != MINIATURE] == [("a/one", ""), ("b/two", "")]
