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


def test_han_characters_the_shipped_faces_lack_are_drawn_by_the_systems_fonts(server):
    """The shipped CJK face holds only the zh-TW table's characters; 隻 and 熊 (a visitor's own prompt) must still be
    drawn, by the system's CJK font named in the page's font stack (fonts.SYSTEM_FALLBACK), never as empty boxes.
    Chromium draws an <input>'s value without a text node, so a span set in the prompt box's own font stands in."""
    lacking = "隻熊森林"
    assert not {ord(c) for c in lacking} & set(fonts.covered("cjk-regular"))      # else this tests nothing
    with sync_playwright() as p:
        browser = launch(p)
        page = browser.new_context(locale="en-US", viewport={"width": 390, "height": 844}).new_page()
        page.set_default_timeout(60_000)
        page.goto(server)
        box = page.get_by_label("Prompt", exact=True)
        expect(box).to_be_visible()
        box.fill(f"一{lacking[0]}{lacking[1]}在{lacking[2:]}裡")
        family = box.evaluate("e => getComputedStyle(e).fontFamily")
        assert "Noto Sans CJK TC" in family, family
        page.evaluate("([text, family]) => { const s = document.createElement('span'); s.id = 'han-probe';"
                      " s.textContent = text; s.style.fontFamily = family; document.body.prepend(s); }",
                      [lacking, family])
        page.evaluate("document.fonts.ready")
        used = drawn_with(page, "#han-probe")
        assert sum(f["glyphCount"] for f in used) == len(lacking), used
        assert all(f["familyName"].startswith("Noto Sans CJK") for f in used), used      # a real CJK font each
        page.screenshot(path=str(ARTIFACTS / "fonts_han_390.png"))
        browser.close()
