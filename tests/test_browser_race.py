"""Real-browser test of the race: both lanes fill at the measured pace, the finished summary states what the two
traces record, greedy texts are the same and say so, slow motion changes the pace and not the numbers, space pauses,
"Race this prompt" carries the step-through's prompt over, and the tour's race plays without a model.

Starts app.py with test_browser's `server` fixture; reads the numbers back from the page and compares them with the
traces the `trace` API returns for the same requests (answered from the server's cache: no new generation).
"""
from __future__ import annotations

import json

from playwright.sync_api import expect, sync_playwright

from mtp_viz import costs, race_lanes
from mtp_viz.schema import parse_trace
from mtp_viz.trace import Trace
from mtp_viz.ui.session import EXAMPLES
from test_browser import ARTIFACTS, in_view, launch, page_at

STATE = "() => document.querySelector('#race-player .race')?.dataset.state"
ROWS = """() => Array.from(document.querySelectorAll('#race-player .race-table tr')).slice(1).map(
    tr => Array.from(tr.querySelectorAll('td')).map(td => td.textContent.trim()))"""


def numbers(cell: str) -> float:
    return float(cell.split()[0].replace(",", ""))


def api_trace(server: str, proposer: str) -> Trace:
    """The trace the server holds for the race's request (same prompt and settings), through the public API."""
    from gradio_client import Client

    client = Client(server, verbose=False)
    text = client.predict(prompt=EXAMPLES[0], model="miniature", proposer=proposer, api_name="/trace")  # page's
    return parse_trace(text)


def test_a_race_fills_both_lanes_and_its_summary_is_what_the_traces_record(server):
    with sync_playwright() as p:
        browser = launch(p)
        page = page_at(browser, server, 1280, 720)
        page.get_by_role("tab", name="Race").click()
        page.locator("#race-start").click()
        lanes = page.locator("#race-player .race-lane")
        expect(lanes).to_have_count(2)
        expect(page.locator("#race-player .race")).to_have_attribute("data-state", "running")
        page.wait_for_timeout(1500)
        page.screenshot(path=str(ARTIFACTS / "race_running.png"))
        expect(page.locator("#race-player .race")).to_have_attribute("data-state", "finished", timeout=60_000)
        texts = [lanes.nth(i).locator(".race-text").inner_text() for i in range(2)]
        assert texts[0] and texts[0] == texts[1]                       # greedy: the same text in both lanes
        summary = page.locator("#race-player .race-summary")
        expect(summary).to_contain_text("Same text, token for token")
        expect(summary).to_contain_text("faster here")          # the one headline (issue 33), with its basis
        expect(summary).to_contain_text("pass costs")
        for what in (summary.locator(".race-check"), page.locator("#race-player .race-verdict"), lanes.nth(1)):
            assert in_view(page, what), what                           # the whole race fits 1280 x 720
        page.screenshot(path=str(ARTIFACTS / "race_en.png"))

        alone, mtp = api_trace(server, "none"), api_trace(server, "mtp")
        table = costs.table_for(mtp)                  # the race prices both lanes at the drafted trace's table
        s = race_lanes.summary(race_lanes.lane(alone, table), race_lanes.lane(mtp, table))
        rows = page.evaluate(ROWS)
        total, first, rate, passes, tokens, per_pass = rows
        assert [numbers(c) for c in passes] == [alone.target_forward_passes, mtp.target_forward_passes]
        assert [numbers(c) for c in tokens] == [len(alone.new_token_ids), len(mtp.new_token_ids)]
        assert [numbers(c) for c in total] == [round(s["alone"]["total_ms"], 1), round(s["drafted"]["total_ms"], 1)]
        assert numbers(per_pass[1]) == round(s["drafted"]["tokens_per_pass"], 2)
        verdict = page.locator("#race-player .race-verdict").inner_text()
        assert f"{s['speedup']:.2f}× faster here" in verdict
        # no check that this race is measured rather than replayed: the layout test races the same first example on
        # this shared server first; test_race checks the replay's note, and the counts above are the traces' own either way

        # slow motion: a larger factor slows the pace, and the numbers stay
        page.locator("#race-player .race-slow").select_option("200")
        page.locator("#race-player .race-go").click()                  # "Again"
        page.wait_for_timeout(1000)
        slow = float(page.locator("#race-player .race-clock").inner_text().split(":")[1].split("·")[0].replace(",", ""))
        page.keyboard.press(" ")                                      # space pauses
        expect(page.locator("#race-player .race")).to_have_attribute("data-state", "paused")
        page.locator("#race-player .race-slow").select_option("1")
        page.keyboard.press(" ")                                      # and resumes, now at full speed
        expect(page.locator("#race-player .race")).to_have_attribute("data-state", "finished", timeout=20_000)
        assert slow < 1000 / 200 * 1.5 + 5, slow                       # 1 s of screen time at 200x is ~5 real ms
        assert page.evaluate(ROWS) == rows
        browser.close()


def test_race_this_prompt_carries_the_step_through_over(server):
    with sync_playwright() as p:
        browser = launch(p)
        page = page_at(browser, server, 1280, 720)
        page.get_by_label("Prompt", exact=True).first.fill("Once upon a time,")
        page.locator("#race-this").click()
        expect(page.locator("#race-player .race")).to_have_attribute("data-state", "finished", timeout=60_000)
        assert page.locator("#race-start").is_visible()              # the race tab is open
        data = json.loads(page.locator("#race-player .race").get_attribute("data-race"))
        assert "".join(sum(data["lanes"][0]["pieces"], []))             # it raced, with text
        expect(page.locator("#race-player .race-summary")).to_contain_text("Same text, token for token")
        browser.close()


def test_the_tour_race_plays_without_a_model_in_three_languages(server):
    with sync_playwright() as p:
        browser = launch(p)
        for lang, tab, done in (("en-US", "Guided tour", "Same text, token for token"),
                                ("de-DE", "Geführte Tour", "Derselbe Text, Token für Token"),
                                ("zh-TW", "導覽", "文字完全相同")):
            context = browser.new_context(viewport={"width": 1280, "height": 720}, locale=lang,
                                          extra_http_headers={"Accept-Language": lang})
            page = context.new_page()
            page.set_default_timeout(60_000)
            page.goto(server)
            page.get_by_role("tab", name=tab).click()
            # the tour's deck (ui/tour.py) first: a Next pressed before the page's load events have landed can be
            # undone by them (a known limit, said in the stop's note)
            page.wait_for_function("() => window.mtpPlayer && window.mtpPlayer.current('tour')", timeout=120_000)
            for k in range(2, 7):                       # one page at a time: a click on a busy button can be lost
                page.locator("#tour-next").click()
                expect(page.locator("#tour-indicator")).to_contain_text(f"{k} / ")
            racing = page.locator("#tour-race .race")
            expect(racing).to_have_attribute("data-state", "finished", timeout=30_000)
            expect(page.locator("#tour-race .race-summary")).to_contain_text(done)
            page.screenshot(path=str(ARTIFACTS / f"race_tour_{lang}.png"))
            context.close()
        browser.close()
