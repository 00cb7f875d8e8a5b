"""Real-browser test of the number boxes' decimal mark (issue 36, item 6): a German page shows 0,92 in the boxes of its
sliders, as its texts do, and what a reader types there reaches the app; an English page keeps Gradio's own boxes.

Knows the page as a visitor sees it (mtp_viz/ui/number_marks.py writes the boxes). Starts app.py with the `server`
fixture; the screenshot goes to tests/artifacts/.
"""
from __future__ import annotations

import re

from playwright.sync_api import expect, sync_playwright

from test_browser import ARTIFACTS, launch

SHOWN = '[data-testid="cldr-number-input"]'


def test_german_number_boxes_write_a_decimal_comma_and_read_one_back(server):
    with sync_playwright() as p:
        browser = launch(p)
        page = browser.new_context(locale="de-DE", viewport={"width": 1280, "height": 720}).new_page()
        page.set_default_timeout(60_000)
        page.goto(server)
        page.get_by_role("tab", name=re.compile("Labor")).click()     # the lab's α and c step by 0.01
        expect(page.locator(SHOWN).first).to_be_visible()
        page.wait_for_timeout(600)
        pairs = page.eval_on_selector_all('input[type="number"]', """boxes => boxes
            .filter((b) => b.step.includes(".")).map((b) => [b.value, b.cldrShown && b.cldrShown.value,
                                                              getComputedStyle(b).display, b.step])""")
        # each box writes as many decimals as its step has (α 0.01: '0,92'; c in thousandths 0.001: '0,120')
        assert len(pairs) >= 2 and all(shown == f"{float(value):.{len(step.split('.')[1])}f}".replace(".", ",")
                                       for value, shown, _, step in pairs), pairs
        assert all(display == "none" for _, _, display, _ in pairs)
        alpha = page.locator(SHOWN).first
        alpha.fill("0,85")
        alpha.press("Tab")
        page.wait_for_timeout(1000)
        assert alpha.evaluate("(shown) => shown.previousElementSibling.value") == "0.85"
        assert alpha.input_value() == "0,85"
        alpha.scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / "number_marks_de.png"))
        english = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 720}).new_page()
        english.goto(server)
        english.get_by_role("tab", name=re.compile("Draft length")).click()
        expect(english.locator('input[type="number"][step="0.01"]').first).to_be_visible(timeout=60_000)
        english.wait_for_timeout(600)
        assert english.locator(SHOWN).count() == 0
        browser.close()
