"""Real-browser test of the languages, the projector keys and the guided tour (Chromium through Playwright).

Knows the page as a visitor sees it: labels in the browser's language, keys pressed on the page, the tour's
buttons. Starts app.py with test_browser's `server` fixture; screenshots go to tests/artifacts/.
"""
from __future__ import annotations

import re

from playwright.sync_api import expect, sync_playwright

from test_browser import ARTIFACTS, launch, settled

ROUND = re.compile(r"Round (\d+) of (\d+)")


def browser_page(p, locale: str):
    browser = launch(p)
    page = browser.new_context(locale=locale, viewport={"width": 1280, "height": 720}).new_page()
    page.set_default_timeout(60_000)
    expect.set_options(timeout=60_000)
    return browser, page


def test_the_page_speaks_german_and_chinese(server):
    words = {"de-DE": ["Schritt", "Bis zum Ende", "Geführte Tour", "Glossar", "Decodierungseinstellungen"],
             "zh-TW": ["單步", "執行到底", "導覽", "詞彙表", "解碼設定"]}
    with sync_playwright() as p:
        for locale, expected in words.items():
            browser, page = browser_page(p, locale)
            page.goto(server)
            expect(page.get_by_role("button", name=expected[0], exact=True)).to_be_visible()
            expect(page.get_by_role("button", name=expected[1], exact=True)).to_be_visible()
            expect(page.get_by_role("tab", name=expected[2])).to_be_visible()
            for word in expected[3:]:
                expect(page.get_by_text(word, exact=True).first).to_be_visible()
            expect(page.get_by_role("button", name="Step", exact=True)).to_have_count(0)
            browser.close()


def test_the_keys_move_the_round_but_not_while_typing(server):
    with sync_playwright() as p:
        browser, page = browser_page(p, "en-US")
        page.goto(server)
        status = page.locator(".prose.round-status")
        expect(status).to_contain_text(ROUND)             # the first paint: a recorded trace at its last round
        last = int(ROUND.search(status.inner_text()).group(2))
        page.locator("body").click(position={"x": 5, "y": 5})
        page.keyboard.press("Home")
        expect(status).to_contain_text(f"Round 0 of {last}")
        page.keyboard.press("ArrowRight")
        expect(status).to_contain_text(f"Round 1 of {last}")
        page.keyboard.press("ArrowRight")
        expect(status).to_contain_text(f"Round 2 of {last}")
        page.keyboard.press("ArrowLeft")
        expect(status).to_contain_text(f"Round 1 of {last}")

        page.get_by_label("Prompt", exact=True).click()   # typing: the keys belong to the text box
        page.keyboard.press("ArrowRight")
        page.keyboard.press("Home")
        page.wait_for_timeout(800)
        expect(status).to_contain_text(f"Round 1 of {last}")

        page.locator("body").click(position={"x": 5, "y": 5})
        page.keyboard.press(" ")                          # space plays ...
        expect(page.get_by_role("button", name="Pause", exact=True)).to_be_visible()
        page.keyboard.press(" ")                          # ... and pauses
        expect(page.get_by_role("button", name="Play", exact=True)).to_be_visible()
        browser.close()


def test_the_tour_in_a_browser(server):
    with sync_playwright() as p:
        for locale, (tab, nxt, answer, first) in {
                "en-US": ("Guided tour", "Next", "Show the answer", "one forward pass per token"),
                "de-DE": ("Geführte Tour", "Weiter", "Antwort zeigen", "ein Vorwärtsdurchlauf pro Token"),
                "zh-TW": ("導覽", "下一頁", "顯示答案", "每個詞元一次前向傳播")}.items():
            browser, page = browser_page(p, locale)
            page.goto(server)
            page.get_by_role("tab", name=tab).click()
            indicator, narration = page.locator("#tour-indicator"), page.locator(".prose.tour-narration")
            expect(indicator).to_contain_text("1 / 11")
            expect(narration).to_contain_text(first)
            page.get_by_role("button", name=nxt, exact=True).first.click()     # Next sits above and below a chapter
            expect(indicator).to_contain_text("2 / 11")
            page.locator("body").click(position={"x": 5, "y": 5})
            page.keyboard.press("ArrowRight")             # the arrow keys turn the tour's pages too
            expect(indicator).to_contain_text("3 / 11")
            page.keyboard.press("ArrowLeft")
            expect(indicator).to_contain_text("2 / 11")
            page.get_by_role("button", name=answer, exact=True).click()
            expect(page.locator(".prose.tour-answer")).to_be_visible()
            settled(page)
            page.screenshot(path=str(ARTIFACTS / f"tour_{locale}.png"))
            browser.close()


def test_the_hidden_status_line_speaks_the_page_language(server):
    """Gradio's screen-reader status line says its word for a finished event from our tables, not the key. Run to
    end is a queued event; a Step that walks the trace on screen is answered outside the queue, without that line,
    and the round's summary, read out as it changes (aria-live), says what it did."""
    with sync_playwright() as p:
        for locale, (run, done) in {"de-DE": ("Bis zum Ende", "Fertig"), "zh-TW": ("執行到底", "完成")}.items():
            browser, page = browser_page(p, locale)
            page.goto(server)
            page.get_by_role("button", name=run, exact=True).click()
            expect(page.locator(".sr-only[role=status]").filter(has_text=done).first).to_be_attached()
            expect(page.locator("#round-status")).to_have_attribute("aria-live", "polite")   # a walking Step's news
            assert "common." not in " ".join(page.locator(".sr-only[role=status]").all_text_contents())
            browser.close()
