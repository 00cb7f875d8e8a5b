"""Real-browser tests of the step-through's timing, scrubbing and view switches: benchmarks/browser_step.py's measure
sees a slow drawing, a fast drag of the round slider lands on the round where it was let go, and switching back to a
view shows the chart drawn before.

Knows the page as a visitor sees it and the benchmark's probe (prepare / timed / slow); no handlers. Checks
behaviour, never a time: the slowed and plain Steps are compared in the same page, taking turns.
"""
from __future__ import annotations

import json
import re
import statistics
import sys
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

from mtp_viz.ui import player
from test_browser import launch

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
import browser_step as bench  # noqa: E402

DELAY_MS = 300


def page_with_probe(browser, server: str):
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    page.set_default_timeout(120_000)
    bench.prepare(page)
    page.goto(server)
    bench.ready(page)
    return page


def test_the_benchmark_sees_a_figure_drawn_slowly(server):
    """Slowing the view's drawing by DELAY_MS (a busy wait before Plotly draws it) makes each Step measure past the
    end of that wait, and the Steps' median grow by about that much. The figures the page drew ahead are dropped
    before each Step (ui/plotly_pane.py), so that each Step draws."""
    with sync_playwright() as p:
        browser = launch(p)
        page = page_with_probe(browser, server)
        plain, slowed = [], []
        for k in range(16):
            if bench.at_round(page) == bench.rounds(page)[2]:
                bench.timed(page, lambda: bench.slide(page, 0))
            bench.slow(page, "#view" if k % 2 else None, DELAY_MS)
            bench.forget_ahead(page)
            took = bench.timed(page, lambda: bench.step(page))
            waits = page.evaluate("() => window.__probe.slowed.map(t => t - window.__probe.t0)")
            if k % 2:
                assert waits, "the slowed view was not drawn by the Step"
                assert took >= max(waits) >= DELAY_MS       # measured to past the end of the slowed drawing
                slowed.append(took)
            else:
                assert not waits
                plain.append(took)
        bench.slow(page, None)
        # about DELAY_MS more (often more: the wait also holds back what the page draws after the view); a third
        # of it leaves room for a loaded machine's noise between Steps
        assert statistics.median(slowed) - statistics.median(plain) >= DELAY_MS / 3, (plain, slowed)
        browser.close()


def test_a_fast_drag_of_the_round_slider_lands_where_it_is_let_go(server):
    """Dragging from the last round (5) to round 2 in one quick move: every round passed on the way asks the server,
    and the page ends on round 2, not on a round the drag passed (it stopped at 4)."""
    with sync_playwright() as p:
        browser = launch(p)
        page = page_with_probe(browser, server)
        status = page.locator("#round-status")
        last = bench.rounds(page)[2]
        bench.timed(page, lambda: bench.slide(page, last))
        expect(status).to_contain_text(f"Round {last} of {last}")
        for to in (2, last, 1):
            start, end = bench.where(page, bench.at_round(page)), bench.where(page, to)

            def drag():
                page.mouse.move(*start)
                page.mouse.down()
                page.mouse.move(*end, steps=6)
                page.mouse.up()
            bench.timed(page, drag)
            assert bench.at_round(page) == to
            expect(status).to_contain_text(f"Round {to} of {last}")
            expect(page.locator("#stream .js-plotly-plot")).to_contain_text(f"Token stream: round {to} of {last}")
        browser.close()


def test_a_view_switched_back_to_is_the_chart_drawn_before(server):
    """A view switch keeps the chart it replaces (player.js tells the pane, ui/plotly_pane.py), so switching back puts
    that very chart on screen again, with no drawing: the div on screen before the first switch is on screen after the
    second. Nothing drawn ahead is kept before the first switch, so the other view is drawn at the click. (A view the
    deck lacks is drawn by the server, and player.js keeps the chart on screen for it likewise.)"""
    with sync_playwright() as p:
        browser = launch(p)
        page = page_with_probe(browser, server)
        bench.deck_ready(page)                  # every view in the page's deck: the switches are answered there
        first = bench.chosen(page)
        other = next(view for view in bench.VIEWS if view != first)
        on_screen = "() => document.querySelector('#view .mtp-plotly').dataset.mark || null"
        page.evaluate("() => { document.querySelector('#view .mtp-plotly').dataset.mark = 'the first view'; }")
        bench.forget_ahead(page)
        bench.timed(page, lambda: bench.choose(page, other))
        assert bench.chosen(page) == other and page.evaluate(on_screen) is None
        bench.timed(page, lambda: bench.choose(page, first))
        assert bench.chosen(page) == first and page.evaluate(on_screen) == "the first view"
        browser.close()


def test_a_new_prompts_view_switch_is_answered_in_the_page_once_its_whole_deck_has_come(server):
    """A trace made here first gets a deck of the view on screen, then one of every view, drawn by the drawer (a
    process of its own at a low priority, ui/drawer.py): from then on a view switch is answered in the page, with no
    request to the server, and shows that view at the round on screen; the walkthrough file is made from it."""
    with sync_playwright() as p:
        browser = launch(p)
        page = page_with_probe(browser, server)
        meter = bench.Meter(page)
        bench.new_prompt(meter, "The drawer test's lighthouse")
        bench.deck_ready(page)                  # the whole deck of the new trace (new_prompt waited for its first)
        bench.step(page)
        for view in [v for v in bench.VIEWS if v != bench.chosen(page)][:3]:
            ms, cpu, asked = meter(lambda: bench.choose(page, view))
            assert asked == 0 and bench.chosen(page) == view and bench.at_round(page) == 1
        # the walkthrough file is put together from that whole deck
        page.get_by_text("Export and replay").click()
        walk = page.locator("#walkthrough")
        expect(walk).to_be_enabled()
        with page.expect_download() as got:
            walk.click()
        text = Path(got.value.path()).read_text(encoding="utf-8")
        assert "The drawer test&#x27;s lighthouse" in text or "The drawer test's lighthouse" in text
        packed = json.loads(re.search(r"mtpPlayer\.file\([^,]+, (\{.*?\})\);</script>", text).group(1))
        assert set(player.unpack(packed)["views"]) == set(bench.VIEWS)
        browser.close()
