"""Real-browser test: start app.py on a free port, drive it with Playwright and Debian's Chromium, save screenshots.

Knows the page as a user sees it (labels, button names, visible text); nothing about the handlers. It drives Debian's
Chromium where /usr/bin/chromium exists (`make test` installs it, as root, and CI uses it), else Playwright's own
Chromium where `playwright install chromium` has put it; with neither, every browser test is skipped with a message
that says how to install one. Screenshots go to tests/artifacts/.
"""
from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect, sync_playwright

from mtp_viz.ui import keys
from mtp_viz.ui.session import COUNTING, shipped
from mtp_viz.ui.step_through import FIRST_TRACE

ROOT = Path(__file__).resolve().parent.parent
DEBIAN_CHROME = "/usr/bin/chromium"
INSTALL = ("no Chromium for the browser tests: install Debian's (`sudo apt-get install chromium`, or `make browser` "
           "as root) or Playwright's own (`.venv/bin/playwright install chromium`)")


def chrome() -> str | None:
    """The Chromium to drive: Debian's if present, else Playwright's own if installed, else None."""
    if Path(DEBIAN_CHROME).exists():
        return DEBIAN_CHROME
    with sync_playwright() as p:
        own = p.chromium.executable_path
    return own if own and Path(own).exists() else None


CHROME = chrome()
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]


def settled(page) -> None:
    """Wait until Gradio has finished updating (outputs being updated are dimmed with .pending)."""
    expect(page.locator(".pending")).to_have_count(0)
    page.wait_for_timeout(300)   # Plotly redraws after the update lands


def api_watch(page) -> dict:
    """From now on, the page's requests to Gradio's API that are in flight, and when the last ask (a POST: a
    queue/join or a run) began. The session's heartbeat, open as long as the page, is left out."""
    seen = {"open": set(), "last": time.monotonic()}

    def began(r):
        if "/gradio_api/" in r.url and "/heartbeat/" not in r.url:
            seen["open"].add(r)
            if r.method == "POST":
                seen["last"] = time.monotonic()
    page.on("request", began)
    page.on("requestfinished", lambda r: seen["open"].discard(r))
    page.on("requestfailed", lambda r: seen["open"].discard(r))
    return seen


def api_idle(page, seen: dict, quiet_s: float = 3.0, stale_s: float = 20.0, timeout_s: float = 120) -> None:
    """Wait until the events that the page load chained (a deck, then the walkthrough button) have all answered: no ask
    for `quiet_s` (from now, and from the last one), and no request to the queue still open. A queue stream open
    `stale_s` after the last ask is taken as done: Chromium does not always report the end of a stream that the page
    closed itself, and a stream only carries answers to asks made before."""
    start = end = time.monotonic()
    end += timeout_s
    while True:
        now = time.monotonic()
        since = now - max(seen["last"], start)
        if since >= quiet_s and (not seen["open"] or now - seen["last"] >= stale_s):
            return
        assert now < end, f"the page still waits on {sorted(r.url for r in seen['open'])}"
        page.wait_for_timeout(200)


def in_view(page, locator) -> bool:
    """True when the element lies wholly inside the viewport as the page first scrolls (no scrolling needed)."""
    box = locator.bounding_box()
    size = page.viewport_size
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"] + 1 and \
        box["x"] + box["width"] <= size["width"] + 1


def top_in_view(page, locator, px: int = 100) -> bool:
    """True when the element's first `px` pixels (a plot's title and top) lie inside the viewport as first scrolled."""
    box = locator.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + px <= page.viewport_size["height"] + 1


def launch(p):
    if CHROME is None:
        pytest.skip(INSTALL)
    expect.set_options(timeout=60_000)
    return p.chromium.launch(executable_path=CHROME, args=ARGS)


def page_at(browser, server: str, width: int, height: int):
    """A page of the app at this viewport size, loaded, with the suite's patient timeout."""
    page = browser.new_page(viewport={"width": width, "height": height})
    page.set_default_timeout(60_000)
    page.goto(server)
    return page


def test_projector_size_shows_controls_summary_stream_and_one_view(server):
    """At 1280 x 720 the first paint is round 0 of 'Actions speak' under the line saying what this is and the tour
    button, the controls, the status and the tops of the stream and the view on one screen; an early Reset stays."""
    with sync_playwright() as p:
        browser = launch(p)
        page = page_at(browser, server, 1280, 720)
        status = page.locator("#round-status")
        last = len(shipped(FIRST_TRACE).rounds) - 1                       # the recorded first example's rounds
        expect(status).to_contain_text(f"Round 0 of {last}: the prefill")
        expect(page.locator("#stream .js-plotly-plot")).to_contain_text(f"Token stream: round 0 of {last}")
        for what in (page.locator("#welcome"), page.get_by_role("button", name="Start the guided tour"),
                     page.get_by_label("Prompt", exact=True), page.get_by_role("button", name="Step", exact=True),
                     page.get_by_role("button", name="Reset", exact=True), status, page.locator("#view-chooser")):
            assert in_view(page, what), what
        for what in (page.locator("#stream"), page.locator("#view .js-plotly-plot")):
            assert top_in_view(page, what), what
        assert page.locator(".js-plotly-plot:visible").count() == 2      # only the stream and the chosen view
        settled(page)
        page.screenshot(path=str(ARTIFACTS / "step_1280.png"))
        page.get_by_role("button", name="Step", exact=True).click()
        expect(status).to_contain_text(f"Round 1 of {last}")             # the first Step shows round 1

        # first paint vs an early Reset: a fresh page, Reset at once, and nothing arriving later undoes it
        for _ in range(3):
            early = browser.new_page(viewport={"width": 1280, "height": 720})
            early.goto(server, wait_until="commit")
            early.get_by_role("button", name="Reset", exact=True).click()
            expect(early.locator("#round-status")).to_contain_text("press Step")
            early.wait_for_timeout(2000)
            expect(early.locator("#round-status")).to_contain_text("press Step")
            early.close()
        browser.close()


def test_a_step_that_cannot_run_says_why_in_a_pop_up_and_the_status(server):
    """A Step that walks the trace on screen is answered outside Gradio's queue; one that must generate runs in the
    queue, which alone can show a pop-up: a model that cannot be had says why in both places, and the round on
    screen stays."""
    with sync_playwright() as p:
        browser = launch(p)
        page = page_at(browser, server, 1280, 720)
        status = page.locator("#round-status")
        expect(status).to_contain_text("Round 0 of")
        page.get_by_role("button", name="Step", exact=True).click()       # walks the first paint's trace
        expect(status).to_contain_text("Round 1 of")
        model = page.get_by_label("Model (target)")
        model.fill("no-such-org/no-such-model")
        model.press("Enter")
        page.get_by_role("button", name="Step", exact=True).click()
        expect(page.locator(".toast-body").filter(has_text="no-such-org/no-such-model").filter(has_text="Warning")
               ).to_have_count(1)
        expect(status).to_contain_text("⚠️")
        expect(page.locator(f"#{keys.ROUND} input[type=number]")).to_have_value("1")
        browser.close()


# records whether the view's chart was ever dimmed (player.js's "mtp-waiting") from now on
DIMMED = """() => { window.__mtpDimmed = false; const pane = document.getElementById('view');
  new MutationObserver(() => { if (pane.classList.contains('mtp-waiting')) window.__mtpDimmed = true; })
    .observe(pane, {attributes: true, attributeFilter: ['class']}); }"""


def test_run_to_end_then_step_in_a_real_browser(server):
    with sync_playwright() as p:
        browser = launch(p)
        page = page_at(browser, server, 1400, 1000)
        status = page.locator("#round-status")
        expect(status).to_contain_text("Round")           # the first paint shows a recorded trace
        page.get_by_role("button", name="Reset", exact=True).click()
        expect(status).to_contain_text("press Step")      # so Run to end below runs the miniature live

        page.get_by_label("Prompt", exact=True).fill("Actions speak")
        page.get_by_role("button", name="Run to end", exact=True).click()
        expect(page.locator(".prose.output-so-far")).to_contain_text("louder than words")
        expect(page.locator("#stream .js-plotly-plot")).to_contain_text("Token stream")
        settled(page)
        page.screenshot(path=str(ARTIFACTS / "run_to_end.png"), full_page=True)

        page.get_by_role("button", name="Reset", exact=True).click()
        expect(status).to_contain_text("press Step")
        step = page.get_by_role("button", name="Step", exact=True)
        for k in range(3):
            step.click()
            expect(status).to_contain_text(f"Round {k} of")
        expect(page.locator("#stream .js-plotly-plot")).to_contain_text("Token stream: round 2 of")
        expect(page.locator("#view .js-plotly-plot")).to_contain_text("R2")
        # a trace made here: its deck holds the views shown so far, so Verification is drawn by the server, and the
        # chart on screen stays dimmed until it comes (player.js), never the old chart under the new view's name
        page.wait_for_function("() => { const d = window.mtpPlayer.current(); "
                               "return d && d.views.timeline && !d.views.verification; }")
        page.evaluate(DIMMED)
        page.locator("#view-chooser").get_by_text("Verification", exact=True).click()
        expect(page.locator("#view .js-plotly-plot")).to_contain_text("Verification: round 2")
        expect(page.locator("#view")).not_to_have_class(re.compile(r"\bmtp-waiting\b"))
        assert page.evaluate("() => window.__mtpDimmed"), "the old chart was not dimmed while the server drew the view"
        box = page.locator(f"#{keys.ROUND} input[type=number]")          # a typed round number and Enter
        box.fill("1")
        box.press("Enter")
        expect(status).to_contain_text("Round 1 of")
        expect(page.locator("#view .js-plotly-plot")).to_contain_text("Verification: round 1")
        page.get_by_role("button", name=COUNTING).click()   # an example: its recorded trace at round 0
        tom = len(shipped("tom counted").rounds) - 1
        expect(status).to_contain_text(f"Round 0 of {tom}")
        expect(page.get_by_label("Prompt", exact=True)).to_have_value(COUNTING)
        expect(status).not_to_contain_text("Settings changed")
        step.click()                                                 # the next Step walks it
        expect(status).to_contain_text(f"Round 1 of {tom}")
        expect(status).not_to_contain_text("Settings changed")
        settled(page)
        page.screenshot(path=str(ARTIFACTS / "step_three.png"))

        # a second visitor steps their own trace; the first visitor's round is untouched
        other = browser.new_context().new_page()
        other.goto(server)
        expect(other.locator("#round-status")).to_contain_text("Round 0 of")
        other.get_by_role("button", name="Step", exact=True).click()
        expect(other.locator("#round-status")).to_contain_text("Round 1 of")
        step.click()
        expect(status).to_contain_text("Round 2 of")

        # the same request again is answered from the server's cache and says so; Measure again runs it afresh
        mine = other.locator("#round-status")
        other.get_by_role("button", name="Reset", exact=True).click()
        expect(mine).to_contain_text("press Step")
        other.get_by_label("Prompt", exact=True).fill("Actions speak")      # what the first visitor ran live
        other.get_by_role("button", name="Run to end", exact=True).click()
        expect(mine).to_contain_text("Answered from this server's cache")
        other.get_by_role("button", name="Measure again", exact=True).click()
        expect(mine).not_to_contain_text("Answered from this server's cache")
        expect(mine).to_contain_text("Round")
        # the downloads are written when Export opens
        other.get_by_text("Export and replay").click()
        download = other.get_by_role("button", name="Download trace (JSON)")
        expect(download).to_be_enabled()
        with other.expect_download() as got:
            download.click()
        assert got.value.suggested_filename == "mtp_trace.json"
        browser.close()
