"""Real-browser test of the guided tour answered in the page: once the tour's deck is in (ui/tour.py, player.js), Next
through every chapter and Back to the first show each chapter's title and figure with no request to the server.

Knows the page as a visitor sees it (#tour-next, #tour-back, the indicator, the narration, the plots, the race) and
what each chapter shows (the server's `page`); nothing of the handlers.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect, sync_playwright

from mtp_viz import figures
from mtp_viz.strings import t
from mtp_viz.ui import tour
from test_browser import ARTIFACTS, api_idle, api_watch, launch

LOCALES = {"en": "en-US", "de": "de-DE", "zh-TW": "zh-TW"}


def figure_title(k: int, lang: str) -> str:
    """The first words of the title of chapter k's (left) figure, as Plotly writes it in the page."""
    ch = tour.CHAPTERS[k]
    tr = tour.trace(ch.trace)
    return figures.build(ch.view, tr, ch.round(tr), lang).layout.title.text.split("<")[0][:30]


def deck_ready(page) -> None:
    page.wait_for_function("() => window.mtpPlayer && window.mtpPlayer.current('tour')", timeout=120_000)


@pytest.mark.parametrize("lang", ["en", "de", "zh-TW"])
def test_next_and_back_walk_every_chapter_with_no_request(server, lang):
    """Next from chapter 1 to the last and Back to the first: each chapter's indicator, title and figure (the race's
    lanes for chapter 6), its second plot where it has one, its answer hidden, Back and Next greyed at the ends; and
    no request leaves the page meanwhile (data: URLs and the page's font files aside)."""
    with sync_playwright() as p:
        browser = launch(p)
        context = browser.new_context(viewport={"width": 1280, "height": 720}, locale=LOCALES[lang])
        page = context.new_page()
        page.set_default_timeout(60_000)
        watch = api_watch(page)
        page.goto(f"{server}?lang={lang}&tab=tour")
        indicator, narration = page.locator("#tour-indicator"), page.locator(".prose.tour-narration")
        expect(indicator).to_contain_text(f"1 / {len(tour.CHAPTERS)}")
        deck_ready(page)
        # the page's own load events may still be on their way (a loaded host): let them all answer. A gap of a few
        # seconds between two of them is no sign of the end (one event can compute that long before the next joins),
        # an open request to the queue is
        api_idle(page, watch)
        asked = []
        # the page's own fonts (a face the browser fetches the first time a chapter draws one of its characters) are
        # static files, not the server's handlers: only those and data: URLs are left out of the count
        page.on("request", lambda r: r.url.startswith("data:") or r.url.endswith(".woff2") or asked.append(r.url))
        order = [*range(len(tour.CHAPTERS)), *range(len(tour.CHAPTERS) - 2, -1, -1)]
        for at, k in zip(order, order[1:]):
            page.click("#tour-next" if k > at else "#tour-back")
            expect(indicator).to_contain_text(f"{k + 1} / {len(tour.CHAPTERS)}")
            expect(narration).to_contain_text(t(f"tour.ch{k + 1}.title", lang))
            ch = tour.CHAPTERS[k]
            if ch.view == tour.RACE:
                expect(page.locator("#tour-race .race")).to_be_visible()
                expect(page.locator("#tour-left .js-plotly-plot")).to_be_visible()
            else:
                expect(page.locator("#tour-race .race")).to_have_count(0)
                expect(page.locator("#tour-left .js-plotly-plot")).to_contain_text(figure_title(k, lang))
            right = page.locator("#tour-right")
            (expect(right).to_be_visible if ch.sweep or ch.beside and ch.view != tour.RACE else
             expect(right).to_be_hidden)()
            expect(page.locator(".prose.tour-answer")).to_be_hidden()
            (expect(page.locator("#tour-back")).to_be_disabled if k == 0 else
             expect(page.locator("#tour-back")).to_be_enabled)()
            (expect(page.locator("#tour-next")).to_be_disabled if k == len(tour.CHAPTERS) - 1 else
             expect(page.locator("#tour-next")).to_be_enabled)()
            if k == len(tour.CHAPTERS) - 1:
                page.screenshot(path=str(ARTIFACTS / f"tour_in_page_{lang}_last.png"))
        assert asked == [], asked
        context.close()
        browser.close()


# The height of each visible chart and of the block it sits in, and the height its figure asks for.
HEIGHTS = """() => [...document.querySelectorAll('[role=tabpanel] .js-plotly-plot')].filter(p => p.offsetParent)
  .map(p => ({id: p.closest('[id]').id, chart: p.getBoundingClientRect().height,
              block: p.closest('.block').getBoundingClientRect().height, wants: p._fullLayout.height}))"""

RESIZED = """() => [...document.querySelectorAll('[role=tabpanel] .js-plotly-plot')].filter(p => p.offsetParent)
  .every(p => Math.abs(p._fullLayout.width - p.getBoundingClientRect().width) <= 1)"""


def test_a_chapter_turned_in_the_page_keeps_its_height_through_a_resize(server):
    """Next (answered in the page), then the window wider and back: each chart is as tall as its figure, and so is
    the block it sits in (Plotly's resize dropped the figure's height, and a chart drawn again in its div was sized
    to the div's own height, 0: the chart lay over the text below it)."""
    with sync_playwright() as p:
        browser = launch(p)
        page = browser.new_page(viewport={"width": 1280, "height": 720})
        page.set_default_timeout(60_000)
        page.goto(f"{server}?tab=tour")
        indicator = page.locator("#tour-indicator")
        expect(indicator).to_contain_text(f"1 / {len(tour.CHAPTERS)}")
        deck_ready(page)
        for k in (1, 2):
            page.click("#tour-next")
            expect(indicator).to_contain_text(f"{k + 1} / {len(tour.CHAPTERS)}")
            expect(page.locator("#tour-left .js-plotly-plot")).to_contain_text(figure_title(k, "en"))
            for size in ((1920, 1080), (1280, 720)):
                page.set_viewport_size({"width": size[0], "height": size[1]})
                page.wait_for_function(RESIZED)         # Plotly resizes 100 ms after the window does
                page.wait_for_timeout(300)
                for chart in page.evaluate(HEIGHTS):
                    assert min(chart["chart"], chart["block"]) >= chart["wants"] - 1, (k, size, chart)
        browser.close()
