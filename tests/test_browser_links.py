"""Real-browser test of links to a place and of the way in: a link opens its tab, tour chapter, example, round, view
and language in each language; bad values land on the defaults with a note; "Link to this" gives the address of what
is on screen; the tour is one tap from a phone's first screen; the tour's race draws its chart only up to its clock.

Starts app.py with test_browser's `server` fixture. Knows the page as a visitor sees it, plus what the handlers would
show for the same link (computed here, without a browser, to compare against).
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect, sync_playwright

from mtp_viz.strings import t
from mtp_viz.ui import links, session, tour
from mtp_viz.ui import step_through as ui
from test_browser import ARTIFACTS, in_view, launch

LANGS = ["en", "de", "zh-TW"]
# the chart's points and the race's clock, read together: (largest x of any lane, clock, race's end, state)
CHART = """() => {
  const r = document.querySelector('#tour-race .race'), gd = document.querySelector('#tour-left .js-plotly-plot');
  if (!r || !gd || !gd.data) return null;
  const d = JSON.parse(r.dataset.race), end = Math.max(...d.lanes.map(l => l.end[l.end.length - 1]));
  const clock = parseFloat(r.querySelector('.race-clock').textContent.split(/[:：]/)[1].replace(/[^0-9.,]/g, ''));
  return [Math.max(...gd.data.map(l => Math.max(...l.x))), clock, end, r.dataset.state];
}"""


def opened(browser, server: str, query: str, width: int = 1280, height: int = 900):
    """A fresh page (English browser) at the app's address with this query."""
    page = browser.new_page(viewport={"width": width, "height": height}, locale="en-US")
    page.set_default_timeout(90_000)
    page.goto(server + query)
    return page


def headline(status: str) -> str:
    """A round status's headline up to its colon ("Runde 6 von 12")."""
    return re.split(r"[:：]", status.splitlines()[0].lstrip("# "))[0]


@pytest.mark.parametrize("lang", LANGS)
def test_links_open_a_tour_chapter_and_an_example_round_and_view_in_each_language(server, lang):
    expect.set_options(timeout=90_000)
    with sync_playwright() as p:
        browser = launch(p)
        page = opened(browser, server, f"?lang={lang}&tab=tour&chapter=6")
        expect(page.locator("#tour-indicator")).to_contain_text(f"6 / {len(tour.CHAPTERS)}")
        expect(page.locator(".prose.tour-narration")).to_contain_text(t("tour.ch6.title", lang))
        expect(page.get_by_role("tab", name=t("tab.tour", lang))).to_have_attribute("aria-selected", "true")
        expect(page.get_by_role("tab", name=t("tab.race", lang))).to_be_visible()     # every tab in the language
        expect(page.locator("#tour-next")).to_have_text(t("tour.next", lang))         # the browser's words too
        expect(page.locator("#link-note")).to_be_hidden()
        page.locator("#link-this").click()
        address = page.locator("#link-box textarea, #link-box input").first
        expect(address).to_have_value(re.compile(rf"\?lang={re.escape(lang)}&tab=tour&chapter=6$"))
        page.screenshot(path=str(ARTIFACTS / f"link_tour_{lang}.png"))
        page.close()

        query = f"?lang={lang}&example=tom-counted&round=6&view=clusters"
        expected = ui.arrive(ui.first_state(), links.read({"example": "tom-counted", "round": "6",
                                                           "view": "clusters"}), lang).screen
        page = opened(browser, server, query)
        expect(page.locator("#round-status")).to_contain_text(headline(expected.status))
        expect(page.get_by_label(t("step.prompt", lang), exact=True)).to_have_value(session.COUNTING)
        expect(page.locator("#view-chooser input[value=clusters]")).to_be_checked()
        page.locator("#link-this").click()
        expect(page.locator("#link-box textarea, #link-box input").first).to_have_value(
            re.compile(rf"\?lang={re.escape(lang)}&tab=step&example=tom-counted&round=6&view=clusters$"))
        page.screenshot(path=str(ARTIFACTS / f"link_step_{lang}.png"))
        browser.close()


def test_a_link_with_bad_values_lands_on_the_defaults_with_a_note(server):
    expect.set_options(timeout=90_000)
    with sync_playwright() as p:
        browser = launch(p)
        page = opened(browser, server, "?lang=xx&tab=nope&chapter=99&example=nothing&round=-1&view=bogus")
        note = page.locator("#link-note")
        expect(note).to_contain_text("Not on this page")
        for pair in ("lang=xx", "tab=nope", "chapter=99", "example=nothing", "round=-1", "view=bogus"):
            expect(note).to_contain_text(pair)
        last = len(session.shipped(session.FIRST_TRACE).rounds) - 1
        expect(page.locator("#round-status")).to_contain_text(f"Round 0 of {last}")     # the step-through's first paint
        expect(page.get_by_role("tab", name="Step through")).to_have_attribute("aria-selected", "true")
        expect(page.locator("#view-chooser input[value=timeline]")).to_be_checked()
        page.screenshot(path=str(ARTIFACTS / "link_bad.png"))
        browser.close()


def test_the_tour_is_one_tap_from_a_phone_and_its_race_keeps_the_ending_for_the_end(server):
    expect.set_options(timeout=90_000)
    with sync_playwright() as p:
        browser = launch(p)
        page = opened(browser, server, "", 390, 844)
        start = page.get_by_role("button", name="Start the guided tour")
        expect(start).to_be_visible()
        assert in_view(page, start)                                   # on the first screen, no scrolling
        start.click()
        expect(page.locator("#tour-indicator")).to_contain_text(f"1 / {len(tour.CHAPTERS)}")
        page.close()

        page = opened(browser, server, "?tab=tour&chapter=6")
        racing = page.locator("#tour-race .race")
        expect(racing).to_have_attribute("data-state", "running")
        seen = []
        while (now := page.evaluate(CHART)) is None or now[3] != "finished":
            if now is not None and now[3] == "running":
                seen.append(now)
                assert now[0] <= now[1] + now[2] / 150, now           # no point past the clock (one redraw step)
            page.wait_for_timeout(300)
        assert seen and min(x for x, *_ in seen) < seen[0][2]         # it was drawn part of the way
        expect(racing).to_have_attribute("data-state", "finished")
        page.wait_for_timeout(1000)
        largest, _, end, _ = page.evaluate(CHART)
        assert largest == pytest.approx(end, rel=1e-3)                # and the whole race once it finished
        browser.close()
