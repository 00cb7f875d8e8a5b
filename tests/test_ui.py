"""Tests for mtp_viz.ui (the step-through tab, the model cache) and app.py: the demo builds without launching; handlers step, reset, scrub, play, replay, choose a view, mark stale.

Knows the handlers' outputs (step_through.OUTPUTS: token stream, chosen view, its text, status, output text, round
slider, two downloads, state); no browser here.
"""
from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from gradio.i18n import I18nData

from mtp_viz.ui import generation, pairs, session
from mtp_viz.ui.words import text
from mtp_viz.ui import step_through as ui
from mtp_viz.ui.policy import MINIATURE
from mtp_viz.trace import Trace
from trace_fixtures import make_trace

STREAM, VIEW, WHAT, STATUS, TEXT, SLIDER, JSON, CSV = range(8)
N_CONTROLS = len(session.DEFAULTS)
SKIP = {"__type__": "update"}                  # gr.skip(): the page keeps what it shows


@pytest.fixture()
def replayed(tmp_path):
    """A session that replayed the fixture trace: (controls the replay set, outputs, state)."""
    path = tmp_path / "fixture.json"
    path.write_text(make_trace().to_json(), encoding="utf-8")
    out = ui.replay(ui.fresh(), str(path))
    return out[:N_CONTROLS], out[N_CONTROLS:], out[-1]


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
        return ([block] if type(block).__name__ == "Plot" else []) + [p for c in getattr(block, "children", [])
                                                                       for p in plots(c)]
    assert len(plots(step_tab)) == 2                     # the token stream and the one chosen view
    assert any(getattr(b, "elem_id", None) == "round-status" for b in app.demo.blocks.values())


def test_first_paint_is_round_0_of_actions_speak_made_at_build_time():
    state = ui.first_state()
    out = ui.render(state)
    assert state["trace"] is session.shipped("actions speak") and state["index"] == 0 and not state["acted"]
    assert title(out[STREAM]) == f"Token stream: round 0 of {len(state['trace'].rounds) - 1}"
    assert "Round 0 of" in out[STATUS] and "prefill" in out[STATUS]
    assert session.request_of(state["trace"]) == session.request(*session.DEFAULTS.values())  # its controls
    again = ui.render(state)                             # nothing changed: nothing is resent
    assert again[STREAM] == again[VIEW] == again[WHAT] == SKIP
    out = ui.step(state, *session.DEFAULTS.values())     # the first Step shows round 1, no model needed
    assert state["index"] == 1 and title(out[STREAM]).startswith("Token stream: round 1 of")


def test_page_load_never_undoes_a_visitors_action():
    state = ui.first_state()
    ui.render(state)
    assert ui.in_language(state, "en") == ui.unchanged(state)            # English: the build-time paint stands
    assert title(ui.in_language(ui.first_state(), "de")[STREAM]) != title(ui.render(ui.first_state())[STREAM])
    ui.reset(state)
    assert ui.in_language(state, "de") == ui.unchanged(state) and state["trace"] is None


def test_replay_sets_controls_and_shows_the_last_round(replayed):
    controls, out, state = replayed
    assert dict(zip(session.DEFAULTS, controls))["prompt"] == "Actions speak"
    assert state["index"] == 4 and session.request(*controls) == state["request"]
    assert title(out[STREAM]) == "Token stream: round 4 of 4"
    assert "louder than words" in out[TEXT]
    assert out[SLIDER]["maximum"] == 4 and out[SLIDER]["value"] == 4


def test_step_walks_rounds_without_rerunning_a_matching_trace(replayed, monkeypatch):
    controls, _, state = replayed
    monkeypatch.setattr(ui, "generate", lambda req: pytest.fail("the recorded trace should be reused"))
    out = ui.scrub(state, 0)
    assert out[-1]["index"] == 0 and "Round 0 of 4: the prefill" in out[STATUS]
    for expected in (1, 2, 3):
        out = ui.step(out[-1], *controls)
        assert out[-1]["index"] == expected
        assert title(out[VIEW]).startswith(f"Timeline of forward passes: rounds 0–{expected}")
    assert "kept 2 and added a correction token" in ui.step(ui.scrub(out[-1], 1)[-1], *controls)[STATUS]


def test_only_the_chosen_view_is_drawn_and_sent(replayed, monkeypatch):
    controls, _, state = replayed
    drawn = []
    real = ui.draw
    monkeypatch.setattr(ui, "draw", lambda key, *a: drawn.append(key) or real(key, *a))
    out = ui.choose(state, "verification")
    assert drawn == ["verification"] and out[STREAM] == SKIP and "p (target)" not in out[WHAT]
    assert title(out[VIEW]).startswith("Verification: round 4")
    out = ui.scrub(state, 0)
    assert drawn == ["verification", "token_stream", "verification"] and title(out[VIEW]) == "Verification: round 0"
    assert ui.choose(state, "verification")[VIEW] == SKIP      # the same view again: nothing resent
    assert ui.choose(state, "nonsense")[VIEW] == SKIP


@pytest.mark.parametrize("lang, words", [("en", "This is the last round (4)"), ("de", "Das ist die letzte Runde (4)"),
                                         ("zh-TW", "這是最後一輪（第 4 輪）")])
def test_step_at_the_last_round_stays_there_and_says_so(replayed, monkeypatch, lang, words):
    controls, _, state = replayed
    monkeypatch.setattr(ui, "generate", lambda req: pytest.fail("the recorded trace should be reused"))
    ui.render(state, lang)                                         # the page in the visitor's language
    out = ui.step(state, *controls, lang=lang)
    assert out[-1]["index"] == 4 and words in out[STATUS]
    assert out[STREAM] == out[VIEW] == SKIP                       # nothing else changes
    assert ui.step(out[-1], *controls, lang=lang)[-1]["index"] == 4
    assert words not in ui.scrub(out[-1], 4, lang=lang)[STATUS]   # said once, for that press


def test_a_proposer_the_model_cannot_run_is_refused_in_the_visitors_language(replayed, monkeypatch):
    """The bundled miniature-shallow and miniature-moe have no draft model: choosing "draft model" says so at once,
    in the visitor's language, and Step refuses before anything generates."""
    controls, _, state = replayed
    monkeypatch.setattr(generation, "_produce", lambda req: pytest.fail("nothing may generate"))
    asked = dict(zip(session.DEFAULTS, controls), model="miniature-shallow", proposer="draft-model")
    status, state = ui.mark_stale(state, *asked.values(), lang="de")
    status = status.replace("\\", "")                                        # Markdown's escapes
    assert "„Entwurfsmodell“ braucht ein eigenes kleines Modell" in status and "miniature-shallow" in status
    with pytest.warns(UserWarning, match="Entwurfsmodell"):
        out = ui.step(state, *asked.values(), lang="de")
    assert "Entwurfsmodell“ braucht" in out[STATUS] and out[-1]["index"] == 4  # the recorded trace stays on screen
    assert "提議者「草稿模型」" in ui.scrub(state, 2, lang="zh-TW")[STATUS]     # said until the controls change
    for model in ("miniature-moe", "miniature-shallow"):
        status, _ = ui.mark_stale(ui.fresh(), *dict(asked, model=model).values(), lang="zh-TW")
        assert "提議者「草稿模型」" in status and model in status.replace("\\", "")
    status, state = ui.mark_stale(state, *dict(asked, proposer="mtp").values(), lang="de")
    assert "Entwurfsmodell“ braucht" not in status                            # a runnable choice clears it
    assert ui.mark_stale(ui.fresh(), *dict(asked, model=MINIATURE).values())[0] == SKIP   # miniature has one


def test_the_device_is_named_in_the_visitors_language():
    assert ui.device_reason("no GPU found; running on 2 CPU thread(s)", "de") == \
        "keine GPU gefunden; läuft auf 2 CPU-Thread(s)"
    assert ui.device_reason("CUDA GPU found: NVIDIA H200", "zh-TW") == "找到 CUDA GPU：NVIDIA H200"
    assert ui.device_reason("device cpu requested; fits in float32", "de") == "Gerät cpu angefordert; fits in float32"
    trace = session.shipped("actions speak")
    assert "running on" not in ui.summary(trace, 1, "zh-TW") and "CPU 執行緒" in ui.summary(trace, 1, "zh-TW")


def test_a_view_that_does_not_change_with_the_round_is_not_resent():
    state = ui.fresh(session.shipped("actions speak no drafter"), 0, view="activations")
    first = ui.render(state)
    assert "only Gemma 4 MTP drafters" in first[VIEW].layout.annotations[0].text.replace("<br>", " ")   # wrapped to fit
    out = ui.scrub(state, 5)
    assert out[VIEW] == SKIP and title(out[STREAM]).startswith("Token stream: round 5")


def test_changed_controls_mark_the_output_stale_until_the_next_step(replayed, monkeypatch):
    controls, _, state = replayed
    status, state = ui.mark_stale(state, *controls)
    assert status == SKIP and not state["stale"]
    changed = dict(zip(session.DEFAULTS, controls), prompt="Once upon a time,")
    status, state = ui.mark_stale(state, *changed.values())
    assert "Settings changed" in status and state["stale"]
    assert "Settings changed" in ui.scrub(state, 1)[STATUS]               # still stale on another round
    assert ui.mark_stale(state, *controls)[0].startswith("### Round 1")  # back to what made the trace
    ui.mark_stale(state, *changed.values())
    monkeypatch.setattr(ui, "generate", lambda req: make_trace())
    assert "Settings changed" not in ui.step(state, *changed.values())[STATUS]


def test_run_to_end_scrub_and_downloads(replayed):
    controls, first, state = replayed
    out = ui.scrub(state, 2)
    assert out[-1]["index"] == 2 and out[SLIDER]["value"] == 2
    out = ui.run_to_end(out[-1], *controls)
    assert out[-1]["index"] == 4
    json_path, csv_path = state["files"]
    assert Path(first[JSON]["value"]).name == "mtp_trace.json"   # offered once, with the new trace
    assert out[JSON] == out[CSV] == SKIP                          # unchanged trace: the downloads are left alone
    assert Trace.from_json(Path(json_path).read_text(encoding="utf-8")) == state["trace"]
    assert len(pd.read_csv(csv_path)) == len(state["trace"].to_frame())


def test_reset_clears_the_session(replayed):
    _, _, state = replayed
    out = ui.reset(state)
    assert out[-1]["trace"] is None and out[TEXT] == ""
    assert title(out[STREAM]) == "Token stream" and title(out[VIEW]) == "Timeline of forward passes"
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


def test_summaries_in_the_visitors_language(replayed):
    _, _, state = replayed
    out = ui.scrub(state, 2, lang="de")
    assert "Runde 2 von 4" in out[STATUS] and title(out[STREAM]) != "Token stream: round 2 of 4"


def test_summary_says_why_a_round_drafted_fewer_than_n():
    trace = session.shipped("actions speak")
    short = [r for r in trace.rounds if 0 < r.num_drafted < r.num_assistant_tokens]
    assert short, "the recording has a round capped by max new tokens"
    assert "fit before the max-new-tokens limit" in ui.summary(trace, short[-1].index)


def test_bad_replay_file_is_reported_and_state_kept(replayed, tmp_path):
    _, _, state = replayed
    bad = tmp_path / "bad.json"
    bad.write_text('{"rounds": []}', encoding="utf-8")
    with pytest.warns(UserWarning):
        out = ui.replay(state, str(bad))
    assert "replay" in out[N_CONTROLS + STATUS] and out[-1]["index"] == 4


def test_bad_input_shows_a_message_and_keeps_running(monkeypatch, tiny_pair):
    monkeypatch.setitem(pairs._PAIRS, ("tiny", ""), tiny_pair)
    controls = dict(session.DEFAULTS, model="tiny", prompt="")
    with pytest.warns(UserWarning, match="prompt is empty"):
        out = ui.step(ui.fresh(), *controls.values())
    assert "prompt is empty" in out[STATUS] and out[-1]["trace"] is None


def test_step_generates_on_the_miniature(miniature, monkeypatch):
    monkeypatch.setitem(pairs._PAIRS, (MINIATURE, ""), miniature)
    out = ui.step(ui.fresh(), *session.DEFAULTS.values())
    trace = out[-1]["trace"]
    assert out[-1]["index"] == 0 and trace.rounds[0].last_token_kind == "prefill"
    out = ui.run_to_end(out[-1], *session.DEFAULTS.values())
    assert "louder than words" in out[TEXT]


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
    live = generation.generate(session.request_of(shipped))
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
    monkeypatch.setattr(pairs, "warm_up", lambda pair: None)
    monkeypatch.setattr(pairs, "_PAIRS", {(MINIATURE, ""): tiny_pair})
    monkeypatch.setattr(pairs.gr, "Info", lambda message, **toast: None)
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
