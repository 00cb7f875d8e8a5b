"""Real-browser test that nothing is cut off or covered (issue 19, item 5) and that each tab's first paint speaks the
page's language (item 3), in Chromium, at 1280 x 720 and 1920 x 1080, in English, German and Chinese.

Knows the page as Plotly and Gradio draw it: each plot's SVG title, axis titles and annotations (their bounding boxes
must lie inside the plot and not overlap one another), Gradio's label badges, the activation diagram's boxes, the
dropdowns' text and the settings' widths. Visits every tab, every view of the step-through and every tour chapter.
Screenshots go to docs/overflow/ with MTP_VIZ_DOCS=1 (English: every view and chapter at both sizes; German and Chinese: each tab).
"""
from __future__ import annotations

import os
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

from test_browser import launch, server, settled  # noqa: F401  (server is a fixture)
from test_words import english, model_text, words
from mtp_viz.strings import t
from mtp_viz.trace import Trace
from mtp_viz.ui.session import EXAMPLES, TRACES
from mtp_viz.ui.tour import CHAPTERS
from mtp_viz.ui.step_through import CHOICES

# The screenshots go to tests/artifacts/overflow/ (ignored); MTP_VIZ_DOCS=1 writes them to docs/overflow/ instead,
# which is how the shipped ones were made, so a plain test run leaves the working tree clean.
ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs" / "overflow" if os.environ.get("MTP_VIZ_DOCS") == "1" else ROOT / "tests" / "artifacts" / "overflow"
SIZES = [(1280, 720), (1920, 1080)]
LOCALES = {"en": "en-US", "de": "de-DE", "zh-TW": "zh-TW"}
# On a page, beside the charts' words (test_words.ALLOWED): the device and number type the summary names.
# the recorded sweep's file and a column of it, the cost model's author, serving engines
PAGE_IDS = {"cpu", "float32", "bfloat16", "cuda", "lab_sweep", "csv", "new_tokens", "Leviathan", "vLLM", "SGLang",
            "CPU", "GPU", "float", "ForCausalLM", "AssistantForCausalLM",    # hardware and transformers' class names
            "Hugging", "Face", "Hub", "Home"}                                # a product and a key on the keyboard

# Every visible plot: its box, and the boxes of its title, axis titles and annotation texts (empty ones left out);
# the Gradio label badge of the block it sits in; for the activation diagram, each box label and its box.
MEASURE = """() => {
  const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const out = [];
  for (const plot of document.querySelectorAll('.js-plotly-plot')) {
    if (!plot.offsetParent || plot.getBoundingClientRect().width < 10) continue;
    const texts = [];
    const add = (kind, e) => { const t = (e.textContent || '').trim();
      if (t && e.getBoundingClientRect().width > 0) texts.push({kind, text: t, box: box(e)}); };
    plot.querySelectorAll('.gtitle').forEach(e => add('title', e));
    plot.querySelectorAll('[class^="g-x"][class$="title"] text, [class^="g-y"][class$="title"] text')
        .forEach(e => add('axis', e));
    plot.querySelectorAll('.annotation .annotation-text-g').forEach(e => add('note', e));
    const block = plot.closest('.block');
    const badge = block && block.querySelector('[data-testid="block-label"]');
    const shapes = [...plot.querySelectorAll('.layer-below .shapelayer path')].map(box);
    const notes = [...plot.querySelectorAll('.annotation .annotation-text-g')].map(box);
    out.push({plot: box(plot.querySelector('svg.main-svg') || plot), texts,
              badge: badge && badge.offsetParent ? box(badge) : null, shapes, notes,
              meta: (plot.layout && plot.layout.title && plot.layout.title.text || '').slice(0, 60)});
  }
  return out;
}"""
# Inputs whose text runs under something (a dropdown's arrow) or past their edge, and settings squeezed narrower
# than their longest word (a label broken mid-word: "Samplin / g").
SQUEEZED = """() => {
  const bad = [];
  for (const i of document.querySelectorAll('input[role="listbox"], .wrap-inner input')) {
    if (i.offsetParent && i.scrollWidth > i.clientWidth + 1) bad.push('input: ' + i.value);
  }
  for (const s of document.querySelectorAll('[data-testid="block-info"], label span, button')) {
    if (!s.offsetParent || !s.textContent.trim() || s.closest('.sr-only, .hide') || s.clientWidth < 3) continue;
    if (s.scrollWidth > s.clientWidth + 1 && getComputedStyle(s).overflow !== 'visible') bad.push('cut: ' + s.textContent);
    const r = document.createRange(); r.selectNodeContents(s);
    const lines = new Set([...r.getClientRects()].map(q => Math.round(q.top)));
    const longest = Math.max(...s.textContent.split(/\\s+/).map(w => w.length));
    if (lines.size > 1 && longest > 3 && s.getBoundingClientRect().width < 0.6 * longest * 8) bad.push('squeezed: ' + s.textContent);
  }
  return bad;
}"""


def overlap(a, b, slack: float = 1.5) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > slack and min(a[3], b[3]) - max(a[1], b[1]) > slack


def inside(inner, outer, slack: float = 1.5) -> bool:
    return inner[0] >= outer[0] - slack and inner[1] >= outer[1] - slack and inner[2] <= outer[2] + slack and \
        inner[3] <= outer[3] + slack


def problems(page, where: str) -> list[str]:
    """What is cut off or covered on the page as it is now, each named with `where`."""
    found = []
    width = page.viewport_size["width"]
    for plot in page.evaluate(MEASURE):
        name = f"{where} «{plot['meta']}»"
        if plot["plot"][2] > width + 1:
            found.append(f"{name}: the plot runs past the window")
        texts = plot["texts"]
        for x in texts:
            if not inside(x["box"], plot["plot"]):
                found.append(f"{name}: {x['kind']} «{x['text'][:50]}» runs out of its plot")
            if plot["badge"] and x["kind"] == "title" and overlap(x["box"], plot["badge"]):
                found.append(f"{name}: the label badge covers the title")
        for i, a in enumerate(texts):
            for b in texts[i + 1:]:
                if "note" not in (a["kind"], b["kind"]) or a["kind"] != b["kind"]:
                    if overlap(a["box"], b["box"]):
                        found.append(f"{name}: {a['kind']} «{a['text'][:40]}» overlaps {b['kind']} «{b['text'][:40]}»")
        if "activations" in where and len(plot["shapes"]) >= 7:       # each box's label inside its box
            for k, (label, shape) in enumerate(zip(plot["notes"], plot["shapes"][:7])):
                if not inside(label, shape, 1):
                    found.append(f"{name}: the text of box {k + 1} spills out of it")
    found += [f"{where}: {x}" for x in page.evaluate(SQUEEZED)]
    return found


def shoot(page, lang: str, name: str, size: tuple[int, int], target=None) -> None:
    """A screenshot for docs/overflow/: every English view at both sizes, one per tab for the other languages."""
    if target is not None:
        target.scroll_into_view_if_needed()
    DOCS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(DOCS / f"{name}_{lang}_{size[0]}.jpg"), type="jpeg", quality=45)


def each_size(page, lang: str, where: str, name: str, found: list, shots: bool, target=None) -> None:
    for size in SIZES:
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.wait_for_timeout(350)                      # Plotly relayouts on resize
        found += problems(page, f"{lang} {size[0]} {where}")
        if shots and (lang == "en" or size == SIZES[0]):
            shoot(page, lang, name, size, target)


def first_paint_words(page, lang: str, data: set[str]) -> set[str]:
    """English words on the page as its current tab first shows it (innerText: what is rendered and visible)."""
    text = page.evaluate("() => [...document.querySelectorAll('[role=tabpanel]')]"
                         ".filter(p => p.offsetParent).map(p => p.innerText).join('\\n') + "
                         "[...document.querySelectorAll('[role=tab]')].map(t => t.innerText).join(' ')")
    return english(text, lang, data | PAGE_IDS)


def test_nothing_cut_off_or_covered_and_every_first_paint_speaks_the_language(server):
    data = set().union(*(model_text(Trace.from_json(p.read_text(encoding="utf-8"))) for p in TRACES.glob("*.json")))
    data |= set().union(*(words(e) for e in EXAMPLES))
    found, english_words = [], {}
    with sync_playwright() as p:
        browser = launch(p)
        for lang, locale in LOCALES.items():
            page = browser.new_context(locale=locale, viewport={"width": SIZES[0][0], "height": SIZES[0][1]}).new_page()
            page.set_default_timeout(60_000)
            page.goto(server)
            race, tour, lab = (t(key, lang) for key in ("tab.race", "tab.tour", "lab.tab"))
            settled(page)
            if lang != "en":                                # the load event redraws the first paint in the language
                expect(page.locator("#round-status")).not_to_contain_text("Round ")

            # the step-through: every view beside the token stream; the settings opened once
            if lang != "en":
                english_words[lang, "step"] = first_paint_words(page, lang, data)
            for k, key in enumerate(CHOICES):
                page.locator("#view-chooser label").nth(k).click()
                settled(page)
                each_size(page, lang, f"step/{key}", f"step_{key}", found, lang == "en" or k == 0)
            accordion = page.locator("button.label-wrap").first
            accordion.click()
            each_size(page, lang, "step/settings", "settings", found, lang == "en", target=accordion)
            accordion.click()

            # the race tab's first paint, the tour's chapters, the lab
            page.get_by_role("tab", name=race).click()
            settled(page)
            if lang != "en":
                english_words[lang, "race"] = first_paint_words(page, lang, data)
            each_size(page, lang, "race", "race", found, True)
            page.get_by_role("tab", name=tour).click()
            indicator = page.locator("#tour-indicator")
            expect(indicator).to_contain_text("1 / 11")
            settled(page)
            if lang != "en":
                english_words[lang, "tour"] = first_paint_words(page, lang, data)
            for chapter in range(1, 12):
                expect(indicator).to_contain_text(f"{chapter} / 11")
                settled(page)
                plot = page.locator("[role=tabpanel] .js-plotly-plot:visible").first
                each_size(page, lang, f"tour/{chapter} {CHAPTERS[chapter - 1].view}", f"tour_{chapter:02d}", found, lang == "en" or chapter == 1,
                          target=plot)
                if chapter < 11:
                    page.locator("#tour-next").click()
            page.get_by_role("tab", name=lab).click()
            settled(page)
            if lang != "en":
                english_words[lang, "lab"] = first_paint_words(page, lang, data)
            each_size(page, lang, "lab", "lab", found, True)
            page.context.close()
        browser.close()
    found += [f"{lang} {tab}: English words {sorted(v)}" for (lang, tab), v in english_words.items() if v]
    assert not found, "\n".join(found)
