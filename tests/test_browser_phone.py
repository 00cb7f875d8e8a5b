"""Real-browser tests of the page on a phone (390 x 844, touch): Step stays beside the chart, the race's lanes and
result come into sight, a tap shows what a hover shows, and an example or Enter runs with the visitor's settings.

Knows the page as Chromium on a phone draws it (ui/phone.py's bar and note, element ids); starts app.py with the
suite's `server` fixture.
"""
from __future__ import annotations

from playwright.sync_api import expect, sync_playwright

from mtp_viz.strings import t
from mtp_viz.ui import phone
from mtp_viz.ui.session import COUNTING, shipped
from test_browser import in_view, launch, settled

PHONE = {"width": 390, "height": 844}


def phone_page(browser, server: str, locale: str = "en-US"):
    page = browser.new_context(locale=locale, viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    page.set_default_timeout(90_000)
    page.goto(server)
    expect(page.locator("#round-status")).to_contain_text("Round 0 of")
    settled(page)
    return page


def visible_part(page, selector: str) -> float:
    """How much of the element's height lies in the viewport, above the phone's bar (0 to 1)."""
    box, bar = page.locator(selector).first.bounding_box(), page.locator(f"#{phone.BAR}").bounding_box()
    top, bottom = max(box["y"], 0), min(box["y"] + box["height"], bar["y"] if bar else PHONE["height"])
    return max(0.0, bottom - top) / box["height"]


def test_step_stays_beside_the_chart_on_a_phone(server):
    """The first Step brings the stream and the chosen view into sight; the bar's Step, Back and round stay in reach
    and walk the rounds without moving the page."""
    last = len(shipped("a stitch in time").rounds) - 1
    with sync_playwright() as p:
        browser = launch(p)
        page = phone_page(browser, server)
        bar = page.locator(f"#{phone.BAR}")
        expect(bar).to_be_visible()
        assert in_view(page, bar)
        step = page.locator("#mtp-step")
        step.scroll_into_view_if_needed()
        step.tap()
        expect(bar.locator(".bar-round")).to_contain_text(f"Round 1 of {last}")
        settled(page)
        page.wait_for_timeout(900)                                # the scroll is smooth
        assert visible_part(page, "#view .js-plotly-plot") > 0.5, "after Step the chosen view is out of sight"
        assert visible_part(page, "#stream .js-plotly-plot") > 0.9
        where = page.evaluate("scrollY")
        bar.locator(".bar-step").tap()
        expect(bar.locator(".bar-round")).to_contain_text(f"Round 2 of {last}")
        expect(page.locator("#stream .js-plotly-plot")).to_contain_text(f"round 2 of {last}")
        bar.locator(".bar-back").tap()
        expect(bar.locator(".bar-round")).to_contain_text(f"Round 1 of {last}")
        settled(page)
        assert abs(page.evaluate("scrollY") - where) < 5, "the bar's Step and Back moved the page"
        assert in_view(page, bar) and page.locator(".modebar-container:visible").count() == 0

        # a tap on a token shows what its hover shows, in a note over the page
        token = page.locator("#stream .js-plotly-plot g.point path").nth(6)
        box = token.bounding_box()
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        note = page.locator(f"#{phone.NOTE}")
        expect(note).to_be_visible()
        expect(note).to_contain_text("p=")                       # the token's probabilities, as its hover says
        page.screenshot(path="tests/artifacts/phone_step.png")
        browser.close()


def test_after_start_race_both_lanes_and_the_result_are_in_sight(server):
    with sync_playwright() as p:
        browser = launch(p)
        page = phone_page(browser, server)
        page.get_by_role("tab", name="Race", exact=True).tap()
        start = page.locator("#race-start")
        start.tap()
        lanes = page.locator("#race-player .race-lane")
        expect(lanes).to_have_count(2)
        expect(page.locator("#race-player .race-verdict")).to_be_visible()
        page.wait_for_timeout(1500)
        for k in range(2):
            assert in_view(page, lanes.nth(k)), f"lane {k} is out of sight after Start race"
        verdict = page.locator("#race-player .race-verdict").bounding_box()
        assert 0 <= verdict["y"] and verdict["y"] + 40 <= PHONE["height"], "the race's result is out of sight"
        # each lane shows whole lines: the one above is not cut through
        for k in range(2):
            cut = lanes.nth(k).locator(".race-text").evaluate(
                "e => { const lh = parseFloat(getComputedStyle(e).lineHeight);"
                " return [e.clientHeight / lh, e.scrollTop / lh]; }")
            assert all(abs(x - round(x)) < 0.1 for x in cut), f"lane {k} shows part of a line: {cut}"
        page.screenshot(path="tests/artifacts/phone_race.png")
        browser.close()


def test_an_example_keeps_the_settings_and_enter_runs_the_prompt(server):
    """Tour chapter 9's try-it on a desktop: schedule constant and N = 8, then the counting example: the rounds are
    drafted with N = 8 (not the recording's 4), and no "settings changed" warning shows; Enter in the prompt box runs
    a new prompt."""
    with sync_playwright() as p:
        browser = launch(p)
        page = browser.new_page(viewport={"width": 1280, "height": 720})
        page.set_default_timeout(120_000)
        page.goto(server)
        status = page.locator("#round-status")
        expect(status).to_contain_text("Round 0 of")
        settled(page)
        page.get_by_text("Decoding settings").click()
        page.get_by_label("constant", exact=True).check()
        n_box = page.get_by_label(t("step.num_assistant_tokens", "en")).and_(page.locator("input[type=number]"))
        n_box.fill("8")
        n_box.press("Enter")
        expect(status).to_contain_text("Settings changed")         # said at once, before any Step
        page.get_by_role("button", name=COUNTING).click()
        expect(page.get_by_label("Prompt", exact=True)).to_have_value(COUNTING)
        expect(status).to_contain_text("Round 0 of")
        page.get_by_role("button", name="Step", exact=True).click()
        expect(status).to_contain_text("Round 1 of")
        expect(status).to_contain_text("N = 8")
        expect(status).not_to_contain_text("Settings changed")

        prompt = page.get_by_label("Prompt", exact=True)
        prompt.fill("Every cloud")
        prompt.press("Enter")
        expect(page.locator(".prose.output-so-far")).to_contain_text("Every cloud")
        expect(status).to_contain_text("Round 0 of")
        expect(status).not_to_contain_text("Settings changed")
        browser.close()
