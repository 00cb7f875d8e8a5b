"""Real-browser test of the fonts: the page in zh-TW asks no host but the app's own, and draws its Chinese and its
bold text with the faces the app serves (assets/fonts/), not with whatever the machine has installed.

Knows the page as Chromium fetches and draws it: every request's host, and which font each text node was drawn with
(Chromium's DevTools protocol, CSS.getPlatformFontsForNode, which tells a web font from an installed one). Starts
app.py with test_browser's `server` fixture.
"""
from __future__ import annotations

from urllib.parse import urlparse

from playwright.sync_api import expect, sync_playwright

from mtp_viz import fonts
from test_browser import ARTIFACTS, launch, settled


def drawn_with(page, selector: str) -> list[dict]:
    """The fonts Chromium drew the first element matching `selector` with: [{familyName, isCustomFont, ...}]."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument", {"depth": -1})["root"]["nodeId"]
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    assert node, selector
    return cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]


def test_the_chinese_page_fetches_its_fonts_from_the_app_and_draws_with_them(server):
    own = urlparse(server).netloc
    with sync_playwright() as p:
        browser = launch(p)
        page = browser.new_context(locale="zh-TW", viewport={"width": 1280, "height": 720}).new_page()
        page.set_default_timeout(60_000)
        requests = []
        page.on("request", lambda r: requests.append(r.url))
        page.goto(server)
        step = page.get_by_role("button", name="單步", exact=True)
        expect(step).to_be_visible()
        settled(page)
        page.evaluate("document.fonts.ready")
        page.wait_for_timeout(500)

        elsewhere = [u for u in requests if urlparse(u).scheme in ("http", "https") and urlparse(u).netloc != own]
        assert not elsewhere, f"requests that left the app: {elsewhere}"
        fetched = {urlparse(u).path.rsplit("/", 1)[-1] for u in requests}
        assert {"MTPSans-cjk-regular.woff2", "MTPSans-latin-regular.woff2"} <= fetched, fetched

        assert page.evaluate(f"document.fonts.check(\"16px '{fonts.FAMILY}'\", '單步')")
        loaded = page.evaluate("[...document.fonts].filter(f => f.status === 'loaded')"
                               ".map(f => [f.family.replace(/[\"']/g, ''), f.weight, f.unicodeRange])")
        assert any(family == fonts.FAMILY and "U+3400-9FFF" in ranges for family, _, ranges in loaded), loaded
        assert fonts.FAMILY in page.evaluate("getComputedStyle(document.querySelector('button')).fontFamily")

        step_id = step.evaluate("b => b.id")
        chinese = drawn_with(page, f"#{step_id}")           # "單步": every glyph from the shipped CJK face
        assert chinese and all(f["isCustomFont"] and f["familyName"].startswith("Noto Sans CJK TC")
                               for f in chinese), chinese
        heading = drawn_with(page, "#round-status h3")       # bold: "第 0／5 輪：預填階段 ..."
        assert all(f["isCustomFont"] for f in heading), heading
        page.locator("#view .gtitle").first.wait_for()       # Plotly may still be drawing the view
        chart = drawn_with(page, "#view .gtitle")            # a chart's title: "前向傳播時間軸：..."
        assert any(f["isCustomFont"] and f["familyName"].startswith("Noto Sans CJK TC") for f in chart), chart
        page.screenshot(path=str(ARTIFACTS / "fonts_zh-TW.png"))
        browser.close()
