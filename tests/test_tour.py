"""Tests for mtp_viz.ui.tour: the server's answer walks every chapter, each changing narration and view; the tour's
deck holds, chapter by chapter, exactly that answer as Gradio sends it.

Knows the tour's outputs (indicator, narration, two plots, the race, try it, question, answer, Back, Next, link, chapter);
runs on the shipped traces, no model and no browser.
"""
from __future__ import annotations

import asyncio
import types

import gradio as gr
import pytest
from gradio.state_holder import SessionState

from mtp_viz import figures
from mtp_viz.strings import t
from mtp_viz.ui import player, tour
from mtp_viz.ui.words import text
from conftest import LANGS

INDICATOR, NARRATION, LEFT, RIGHT, RACE, TRY, QUESTION, ANSWER, BACK, NEXT, LINK, CHAPTER = range(12)


def visitor(lang: str = "en-US"):
    """Stands in for gr.Request: the tour reads only the Accept-Language header."""
    return types.SimpleNamespace(headers={"accept-language": lang})


@pytest.fixture(scope="module")
def demo():
    import app
    return app.demo


def served(demo):
    """The tour's server answer (chapter k, for a visitor): what the page asks for before its deck has come."""
    return next(f for f in demo.fns.values() if f.name == "turned")


def handler(demo, by: int):
    """Next (by = 1) or Back (by = -1) as the server would answer them, from chapter k."""
    return lambda k, request: served(demo).fn(k + by, request)


def fingerprint(plot) -> str:
    return plot.value["plot"] if isinstance(plot.value, dict) else str(plot.value)


def test_next_walks_every_chapter_and_each_changes_narration_and_view(demo):
    nxt = handler(demo, 1)
    first = tour.page(0, "en", ["step", "tour"])
    assert first[INDICATOR] == f"**1 / {len(tour.CHAPTERS)}**"
    seen, out, k = [first], first, 0
    while out[NEXT].interactive is not False:
        out = nxt(k, visitor())
        assert out[CHAPTER] == k + 1 and out[INDICATOR] == f"**{k + 2} / {len(tour.CHAPTERS)}**"
        assert out[NARRATION] != seen[-1][NARRATION], f"chapter {k + 2} says what chapter {k + 1} said"
        assert fingerprint(out[LEFT]) != fingerprint(seen[-1][LEFT]), f"chapter {k + 2} shows the same view"
        seen.append(out)
        k += 1
    assert len(seen) == len(tour.CHAPTERS) == 11
    assert seen[0][BACK].interactive is False and seen[-1][NEXT].interactive is False


def test_back_returns_to_the_previous_chapter(demo):
    back = handler(demo, -1)
    out = back(5, visitor())
    assert out[CHAPTER] == 4 and out[INDICATOR].startswith("**5 / ")


@pytest.mark.parametrize("lang", LANGS)
def test_every_chapter_is_complete_in_every_language(lang):
    for k in range(len(tour.CHAPTERS)):
        out = tour.page(k, lang)
        for part in (out[NARRATION], out[TRY], out[QUESTION], out[ANSWER].value):
            assert part and "None" not in part and "{" not in part, (k + 1, part)
        assert out[ANSWER].visible is False               # revealed on click only
        racing = tour.CHAPTERS[k].view == tour.RACE
        assert (out[RIGHT].visible is True) == (tour.CHAPTERS[k].beside is not None and not racing
                                                or tour.CHAPTERS[k].sweep)
        assert (out[RACE].visible is True) == racing


def test_the_browser_language_picks_the_narration(demo):
    nxt = handler(demo, 1)
    assert "草稿模型" in nxt(0, visitor("zh-TW,zh;q=0.9"))[NARRATION]
    assert "Entwurfsmodell" in nxt(0, visitor("de-DE,de;q=0.9"))[NARRATION]
    assert "drafter" in nxt(0, visitor("fr-FR"))[NARRATION]


def test_chapters_stand_on_the_rounds_they_describe():
    mtp, alone = tour.trace(tour.MTP), tour.trace(tour.BASELINE)
    assert mtp.new_token_ids == alone.new_token_ids                       # chapter 6: lossless
    assert mtp.target_forward_passes < alone.target_forward_passes == len(alone.new_token_ids)
    assert f"{mtp.target_forward_passes} target passes instead of {alone.target_forward_passes}" in \
        tour.page(5, "en")[NARRATION]


def test_the_race_chapter_plays_the_recorded_pair_and_quotes_its_ratio():
    """Chapter 6 is the race of the two recorded traces: no model, and its narration's ratio is the race's."""
    from mtp_viz import race_lanes

    alone, mtp = tour.trace(tour.BASELINE), tour.trace(tour.MTP)
    out = tour.page(5, "en")
    ratio = race_lanes.summary(race_lanes.lane(alone), race_lanes.lane(mtp))["speedup"]
    assert f"{ratio:.2f}× as fast" in out[NARRATION]
    assert 'class="race"' in out[RACE].value and "Same text, token for token" in out[RACE].value
    def rnd(k: int):
        tr = tour.trace(tour.CHAPTERS[k].trace)
        return tr.rounds[tour.CHAPTERS[k].round(tr)]
    assert rnd(3).last_token_kind == "correction" and rnd(3).num_accepted > 0      # 4: prefix, then correction
    assert rnd(4).last_token_kind == "bonus"                                       # 5: the bonus token
    assert tour.checked_miss(rnd(7)).cluster_miss                                  # 8: a real, checked miss
    assert any(v.u is not None and v.verdict == "rejected" for v in rnd(9).verify_steps)   # 10: u > min(1, p/q)


def test_links_show_only_where_the_tab_exists():
    lab = next(k for k, ch in enumerate(tour.CHAPTERS) if ch.link == "lab")
    assert tour.page(lab, "en", ["step", "tour"])[LINK].visible is False
    assert tour.page(lab, "en", ["step", "tour", "lab"])[LINK].visible is True


def test_every_tab_has_the_glossary(demo):
    tabs = [b for b in demo.blocks.values() if isinstance(b, gr.Tab)]
    glossaries = [b for b in demo.blocks.values() if isinstance(b, gr.Accordion) and text(b.label) == "Glossary"]
    assert len(glossaries) == len(tabs) >= 2


def test_chapter_9_shows_the_recorded_sweeps_measured_fall():
    """Issue 26, item 4: beside the statistics, the lab's recorded speed-up chart, and the narration quotes its own
    peak and the fall after it (figures.lab_charts.measured_drop of the shipped CSV)."""
    from mtp_viz.figures import lab_charts as lab_views
    from mtp_viz.lab_math import recorded_sweep

    k = next(i for i, ch in enumerate(tour.CHAPTERS) if ch.sweep)
    drop = lab_views.measured_drop(recorded_sweep())
    assert drop["low_n"] is not None and drop["low"] < drop["peak"]     # the recorded sweep falls after its best N
    out = tour.page(k, "en")
    assert f"N = {drop['best']}" in out[NARRATION] and f"N = {drop['low_n']}" in out[NARRATION]
    assert out[RIGHT].visible is True


@pytest.mark.parametrize("lang", LANGS)
def test_the_deck_holds_each_chapters_server_answer(demo, lang):
    """The deck, as the page opens it, holds for every chapter what the server sends for it (Gradio's postprocessing
    of the wired answer): the chapter's title, its figure, which parts show, Back and Next greyed at the ends."""
    fn, tabs = served(demo), ["step", "race", "tour", "lab"]
    deck = player.unpack(tour.deck(fn, lang, tabs))["chapters"]
    assert len(deck) == len(tour.CHAPTERS)
    for k, got in enumerate(deck):
        want = asyncio.run(demo.postprocess_data(fn, list(tour.answer(k, lang, tabs)), SessionState(demo)))
        assert got == want, k + 1
        ch, key = tour.CHAPTERS[k], f"tour.ch{k + 1}"
        assert got[INDICATOR] == f"**{k + 1} / {len(tour.CHAPTERS)}**" and got[CHAPTER] == k
        assert got[NARRATION].startswith(f"## {t(key + '.title', lang)}")
        if ch.view != tour.RACE:
            tr = tour.trace(ch.trace)
            assert got[LEFT]["value"] == figures.build(ch.view, tr, ch.round(tr), lang).to_json()
        assert got[RIGHT]["visible"] is bool(ch.sweep or ch.beside and ch.view != tour.RACE)
        assert got[RACE]["visible"] is (ch.view == tour.RACE) and got[ANSWER]["visible"] is False
        assert got[BACK]["interactive"] is (k > 0) and got[NEXT]["interactive"] is (k < len(tour.CHAPTERS) - 1)
        assert got[LINK]["visible"] is (ch.link is not None)
