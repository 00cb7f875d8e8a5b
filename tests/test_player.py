"""Tests of the step-through's deck (ui/player.py): what it holds, stored once, packed and unpacked, sent once per trace.

Knows the deck's fields and step_through's handlers; no browser (test_browser_player.py runs player.js on decks).
"""
from __future__ import annotations

import asyncio
from pathlib import Path

import gradio as gr

from mtp_viz.strings import t
from mtp_viz.schema import parse_trace
from mtp_viz.ui import player, walkthrough
from mtp_viz.ui import step_through as ui
from mtp_viz.ui.drawer import Drawer
from mtp_viz.ui.session import DEFAULTS, controls_of, recorded, request_of, shipped
from mtp_viz.ui.step_state import CHOICES, StepState

SKIP = gr.skip()


def on_screen(name: str, index: int = 0) -> StepState:
    """A shipped trace as the page shows it once its controls are set (pick_example, then mark_stale)."""
    trace = shipped(name)
    return StepState().replay(trace, index).asking(request_of(trace))


def test_a_deck_holds_what_the_server_draws_for_every_round_each_figure_once():
    state = on_screen("actions speak")
    deck = player.unpack(player.packed(ui.render, state, ["timeline", "verification"], "de"))
    assert deck["last"] == len(state.trace.rounds) - 1 and set(deck["views"]) == {"timeline", "verification"}
    assert len(set(deck["figs"])) == len(deck["figs"])          # each figure stored once
    assert deck["controls"] == list(controls_of(state.request).values())
    for i in (0, deck["last"]):
        screen = ui.render(state.scrub(i).choose("verification").showed({}), "de")
        assert deck["figs"][deck["views"]["verification"][i]] == screen.view.to_json()
        assert deck["figs"][deck["stream"][i]] == screen.stream.to_json()
        assert (deck["status"][i], deck["text"][i], deck["what"]["verification"]) == (screen.status, screen.text,
                                                                                      screen.what)
    assert t("step.at_last", "de", last=deck["last"]) in deck["again"] and deck["words"]["play"] == t("step.play", "de")


def test_a_deck_is_packed_small_and_named_by_its_content():
    state = on_screen("tom counted")
    one = player.packed(ui.render, state, ["timeline"], "en")
    assert player.packed(ui.render, state, ["timeline"], "en") is one          # made once
    other = player.packed(ui.render, state, ["timeline"], "zh-TW")
    assert other["key"] != one["key"] and player.unpack(other)["status"] != player.unpack(one)["status"]
    raw = len(str(player.unpack(one)).encode())
    assert len(one["gz"]) < raw / 3, (len(one["gz"]), raw)


def test_a_new_trace_clears_the_pages_deck_and_the_deck_follows_once():
    """render sends None for the deck slot when another trace comes on screen (the page then asks the server till its
    deck arrives); sent_deck sends the chosen view's, then every view's for a shipped trace, and nothing again."""
    screen = ui.pick_example(ui.first_paint().state, 1, DEFAULTS, service=None).screen   # the recording's settings
    assert screen.deck is None
    deck, state = ui.sent_deck(screen.state)
    assert set(player.unpack(deck)["views"]) == {screen.state.view}
    deck, state = ui.sent_deck(state, True)
    assert set(player.unpack(deck)["views"]) == set(CHOICES)
    assert ui.sent_deck(state, True)[0] == SKIP and ui.sent_deck(state)[0] == SKIP
    assert ui.scrub(state, 2).deck == SKIP             # the same trace: the page keeps its deck
    assert ui.sent_deck(ui.reset(state).state)[0] == SKIP


def test_a_server_event_first_takes_the_round_and_view_the_page_shows():
    """for_page: after Steps answered in the page, the server's next screen is of the round and view on screen, and
    redraws the plots it had not drawn."""
    state = ui.show(on_screen("actions speak")).state
    moved = state.seen(3, "clusters")
    assert (moved.index, moved.view, moved.acted) == (3, "clusters", True)
    screen = ui.render(moved)
    assert screen.stream != SKIP and screen.view != SKIP and "Round 3 of 5" in screen.status
    assert state.seen(0, state.view) is state and state.seen(99, "nonsense").index == 5
    assert StepState().seen(2, "clusters") == StepState()


def test_a_view_the_page_asks_for_is_drawn_even_where_the_record_says_it_is_on_screen():
    """scrub_here (the page could not draw from its deck) sends the stream and the view whatever the state records:
    the page draws without telling the server, and a deck's event that ends after this one can write back a record
    naming the view asked for while the page shows another, dimmed, until this answer draws it."""
    state = ui.show(on_screen("actions speak").scrub(3).choose("clusters")).state
    assert ui.render(state).view == SKIP                    # the record: the clusters at round 3 are on screen
    screen = ui.scrub_here(state.seen(3, "clusters"))
    assert screen.view != SKIP and screen.stream != SKIP and screen.view.layout.title.text
    assert ui.render(screen.state).view == SKIP             # and recorded again, so a later answer sends nothing new



def test_a_trace_made_here_gets_every_view_once_the_drawer_has_drawn_them(monkeypatch):
    """whole_deck: a trace that is not a shipped one (made here, or uploaded) gets its deck with every view from the
    drawer (ui/drawer.py; here in a thread), the very deck the server would draw, once; a shipped trace's comes from
    sent_deck, and without a drawer only the views shown are sent."""
    monkeypatch.setattr(ui, "DRAWER", Drawer(False))
    made_here = parse_trace(recorded()["tom counted"].read_text(encoding="utf-8"))     # not the shipped object
    state = ui.show(StepState().replay(made_here, 0).asking(request_of(made_here))).state
    deck, state = ui.sent_deck(state)
    assert set(player.unpack(deck)["views"]) == {state.view}
    assert ui.sent_deck(state, True)[0] == SKIP                # every view: not drawn in the server's threads
    deck, whole = asyncio.run(ui.whole_deck(state))
    assert set(player.unpack(deck)["views"]) == set(CHOICES)
    assert deck["key"] == player.packed(ui.render, state, CHOICES)["key"]
    assert asyncio.run(ui.whole_deck(whole))[0] == SKIP and ui.sent_deck(whole)[0] == SKIP     # sent: not again
    assert asyncio.run(ui.whole_deck(on_screen("tom counted")))[0] == SKIP      # shipped: sent_deck's
    monkeypatch.setattr(ui, "DRAWER", None)
    assert asyncio.run(ui.whole_deck(state))[0] == SKIP


def test_a_walkthrough_file_is_put_together_from_the_whole_deck(monkeypatch):
    """walkthrough_file takes every view from the whole deck (the drawer's for a trace made here, here in a thread;
    the server's cached one for a shipped trace) and writes the very page walkthrough.page draws; nothing while the
    Export panel is closed."""
    monkeypatch.setattr(ui, "DRAWER", Drawer(False))
    made_here = parse_trace(recorded()["tom counted"].read_text(encoding="utf-8"))
    state = StepState().replay(made_here, 0).asking(request_of(made_here))
    assert asyncio.run(ui.walkthrough_file(state)) == SKIP
    for state in (state.export(True), on_screen("actions speak").choose("clusters").export(True)):
        out = asyncio.run(ui.walkthrough_file(state, "de"))
        assert out["interactive"] is True
        assert Path(out["value"]).read_text(encoding="utf-8") == walkthrough.page(ui.render, state, "de")

    class Failing(Drawer):
        async def draw(self, *args, **kwargs):
            return None
    monkeypatch.setattr(ui, "DRAWER", Failing())               # no file then, rather than an earlier trace's
    made_here = parse_trace(recorded()["tom counted"].read_text(encoding="utf-8"))
    state = StepState().replay(made_here, 0).asking(request_of(made_here)).export(True)
    assert asyncio.run(ui.walkthrough_file(state)) == gr.update(value=None, interactive=False)
