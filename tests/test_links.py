"""Tests for mtp_viz.ui.links and the handlers a link opens: a query read into a place (bad values dropped with a
note), the query written for what is on screen, and the step-through and tour opening there.

Knows the shipped traces, the tour's chapters and the step-through's handlers; no browser (test_browser_links.py opens
real links) and no model: a link only ever names shipped traces.
"""
from __future__ import annotations

import types
from urllib.parse import parse_qs

import pytest

from mtp_viz.ui import links, session, tour
from mtp_viz.ui import step_through as ui
from mtp_viz.ui.words import lang_of


def test_a_link_names_a_language_a_tab_a_chapter_an_example_a_round_and_a_view():
    place = links.read({"lang": "zh-tw", "tab": "tour", "chapter": "6"})
    assert (place.lang, place.tab, place.chapter, place.bad) == ("zh-TW", "tour", 5, ())
    place = links.read({"example": "tom-counted", "round": "6", "view": "clusters"})
    assert (place.example, place.round, place.view, place.tab, place.bad) == ("tom counted", 6, "clusters", None, ())
    assert links.read({"chapter": "2"}).tab == "tour"                     # a chapter alone opens the tour
    assert links.read({"view": "kv-sharing"}).view == "kv_sharing"
    assert links.read({"other": "x", "__theme": "dark"}) == links.Place()   # parameters not ours are left alone


@pytest.mark.parametrize("query", [{"lang": "xx"}, {"tab": "nope"}, {"chapter": "0"}, {"chapter": "99"},
                                   {"chapter": "two"}, {"example": "../../app.py"}, {"round": "-1"},
                                   {"example": "actions-speak", "round": "500"}, {"view": "api"}])
def test_a_value_the_page_does_not_have_is_dropped_with_a_note(query):
    place = links.read(query)
    key = list(query)[-1]                                                   # the bad one
    assert getattr(place, key) is None and place.bad == (f"{key}={query[key]}",)
    for lang, word in (("en", "Not on this page"), ("de", "Nicht auf dieser Seite"), ("zh-TW", "此頁沒有")):
        assert word in links.note(place, lang) and f"`{key}={query[key]}`" in links.note(place, lang)
    assert links.note(links.read({"tab": "lab"}), "en") == ""


def test_every_event_reads_the_language_of_the_page_link():
    def request(query, header):
        return types.SimpleNamespace(query_params=query, headers={"accept-language": header})
    assert lang_of(request({"lang": "de"}, "zh-TW")) == "de"
    assert lang_of(request({"lang": "ZH-tw"}, "en")) == "zh-TW"
    assert lang_of(request({"lang": "xx"}, "de-DE")) == "de"              # a bad link: the browser's language
    assert lang_of(request({}, "zh-TW,zh;q=0.9")) == "zh-TW"


def test_the_link_to_this_names_what_is_on_screen():
    state = ui.arrive(ui.first_state(), links.read({"example": "tom-counted", "round": "6", "view": "clusters"})) \
        .screen.state
    query, live = links.here("step", 0, state, "de")
    assert not live and parse_qs(query[1:]) == {"lang": ["de"], "tab": ["step"], "example": ["tom-counted"],
                                                "round": ["6"], "view": ["clusters"]}
    assert links.read({k: v[0] for k, v in parse_qs(query[1:]).items()}) == links.Place(
        lang="de", tab="step", example="tom counted", round=6, view="clusters")
    assert parse_qs(links.here("tour", 5, state, "zh-TW")[0][1:]) == {"lang": ["zh-TW"], "tab": ["tour"],
                                                                       "chapter": ["6"]}
    live_state = ui.StepState.of().showing(session.shipped("tom counted"), session.request().replace(prompt="Hi"))
    query, live = links.here("step", 0, live_state, "en")
    assert live and "example" not in query and "round" not in query       # a trace made live cannot be linked
    assert links.page_url({"referer": "https://x.hf.space/?lang=de#top"}) == "https://x.hf.space/"


class NeverGenerating:
    """The service the Steps after a link are given: a link names shipped traces only, so nothing generates."""

    def cached(self, req) -> bool:
        return False

    def generate(self, req, fresh: bool = False):
        pytest.fail("a link must never generate")


def test_a_link_opens_the_step_through_at_its_example_round_and_view_without_generating():
    none = NeverGenerating()     # arrive() is given no service: it cannot generate; the Steps after it must not
    out = ui.arrive(ui.first_state(), links.read({"example": "tom-counted", "round": "6", "view": "clusters"}), "de")
    controls, screen = out.controls, out.screen
    assert controls["prompt"] == session.COUNTING and screen.state.index == 6 and screen.state.view == "clusters"
    assert "Runde 6 von" in screen.status and screen.view.layout.title.text
    assert not ui.step(screen.state, controls, service=none).state.stale       # Step walks it: round 7
    acted = ui.step(ui.first_state(), session.DEFAULTS, service=none).state
    assert ui.arrive(acted, links.read({"round": "3"})) == ui.Shown({}, ui.unchanged(acted))   # never undone


def test_a_link_opens_the_tour_at_its_chapter():
    page = tour.page(links.read({"chapter": "6"}).chapter, "zh-TW", ["step", "tour"])
    assert page[0] == f"**6 / {len(tour.CHAPTERS)}**"
