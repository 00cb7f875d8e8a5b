"""Real-browser test that nothing is cut off or covered (issue 19, item 5; issue 26, item 1) and that each tab's first
paint speaks the page's language (item 3), in Chromium, at 1280 x 720 and 1920 x 1080, in English, German and Chinese;
and the same on a phone, 390 x 844 with touch (issue 25, item 3).

Knows the page as Plotly and Gradio draw it: each plot's SVG title, axis titles, annotations, legend entries, tick
labels and values (their bounding boxes must lie inside the plot and not overlap one another), Gradio's label badges,
the activation diagram's boxes, and every control's text (whole inside its box, no word broken, sliders' tracks inside
theirs), with the settings and export panels open. Visits every tab, every view of the step-through at its last round
and every tour chapter.
Screenshots go to docs/overflow/ with MTP_VIZ_DOCS=1 (English: every view and chapter at both sizes; German and Chinese: each tab).

Issue 36 made it see text as a reader does (SEES, OPTIONS): text cut by its container, SVG text outside its figure or
its plot area, a character alone on a line, lines and markers over labels, bars drawn as their outline or left
unlabelled, axis titles running into the panel titles below, dropdown options cut, a radio whose choice shows no dot;
at the rounds that show something (each example's first rejection, a cluster miss), a finished race, the dropdowns
opened and the lab's presets placed. `PYTHONPATH=. .venv/bin/python tests/test_browser_layout.py [URL]` runs the same
visits and prints what it finds, counted per language and width (on a new app when no URL is given).
"""
from __future__ import annotations

import functools
import os
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect, sync_playwright

from test_browser import in_view, launch, settled
from test_words import english, model_text, words
from mtp_viz import lab_math
from mtp_viz.figures import VIEWS, title
from mtp_viz.strings import t
from mtp_viz.schema import parse_trace
from mtp_viz.ui.keys import ROUND as ROUND_ID
from mtp_viz.ui.session import EXAMPLE_TRACES, EXAMPLES, TRACES, shipped
from mtp_viz.ui.tour import CHAPTERS
from mtp_viz.ui.step_through import CHOICES

# The screenshots go to tests/artifacts/overflow/ (ignored); MTP_VIZ_DOCS=1 writes them to docs/overflow/ instead,
# which is how the shipped ones were made, so a plain test run leaves the working tree clean.
ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs" / "overflow" if os.environ.get("MTP_VIZ_DOCS") == "1" else ROOT / "tests" / "artifacts" / "overflow"
SIZES = [(1280, 720), (1920, 1080)]
PHONE = (390, 844)
LOCALES = {"en": "en-US", "de": "de-DE", "zh-TW": "zh-TW"}
# On a page, beside the charts' words (test_words.ALLOWED): the device and number type the summary names.
# the recorded sweep's file and a column of it, the cost model's author, serving engines
PAGE_IDS = {"cpu", "float32", "bfloat16", "cuda", "lab_sweep", "csv", "new_tokens", "Leviathan", "vLLM", "SGLang",
            "CPU", "GPU", "float", "ForCausalLM", "AssistantForCausalLM",    # hardware and transformers' class names
            "Hugging", "Face", "Hub", "Home",                                # a product and a key on the keyboard
            "Slow", "steady", "One", "snowy", "evening", "Benny", "bear"}   # the miniature's English prompts, quoted

# Every visible plot (not one the page is drawing ahead on its shelf, ui/plotly_pane.py): its box, and the boxes of its title, axis titles and annotation texts (empty ones left out);
# the Gradio label badge of the block it sits in; for the activation diagram, each box label and its box.
MEASURE = """() => {
  const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const out = [];
  for (const plot of document.querySelectorAll('.js-plotly-plot')) {
    if (!plot.offsetParent || plot.closest('.mtp-shelf') || plot.getBoundingClientRect().width < 10) continue;
    const texts = [];
    const add = (kind, e) => { const t = (e.textContent || '').trim();
      if (t && e.getBoundingClientRect().width > 0) texts.push({kind, text: t, box: box(e)}); };
    plot.querySelectorAll('.gtitle').forEach(e => add('title', e));
    plot.querySelectorAll('[class^="g-x"][class$="title"] text, [class^="g-y"][class$="title"] text')
        .forEach(e => add('axis', e));
    plot.querySelectorAll('.annotation .annotation-text-g').forEach(e => add('note', e));
    plot.querySelectorAll('.legend .traces').forEach(e => add('legend', e));
    plot.querySelectorAll('.cartesianlayer .xtick text, .cartesianlayer .ytick text')
        .forEach(e => add(e.parentElement.closest('[class*="tick"]').getAttribute('class').split(' ')[0] + ' ' +
                          e.closest('.subplot').getAttribute('class').split(' ').pop(), e));
    plot.querySelectorAll('.heatmaplayer text, .textpoint text, .bartext, .slicetext').forEach(e => add('value', e));
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
  for (const i of document.querySelectorAll('input[role="combobox"], .wrap-inner input')) {
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

# Gradio's controls (issue 26): every text in a visible block that is not a plot lies whole inside the block and
# inside each ancestor that clips it (a label cut to "Samplin", a slider's end value cut from 200 to "2"); no word
# is broken across lines, and nothing wraps in a box narrower than five letters (Chinese one to three characters a
# line); each input's text fits its box; each slider's track lies inside its block with room for the thumb to travel.
CUT = """() => {
  const bad = [];
  const inside = (r, q, s = 1.5) => r.left >= q.left - s && r.right <= q.right + s && r.top >= q.top - s && r.bottom <= q.bottom + s;
  const clips = (e, stop) => { const out = [stop];
    for (let a = e.parentElement; a && a !== stop; a = a.parentElement) {
      const c = getComputedStyle(a); if (c.overflowX !== 'visible' || c.overflowY !== 'visible') out.push(a); }
    return out; };
  const lines = rects => new Set(rects.map(q => Math.round(q.bottom / 4))).size;
  const cjk = /[\\u3000-\\u9fff\\uff00-\\uffef]/;
  for (const block of document.querySelectorAll('.block')) {
    if (!block.offsetParent || block.querySelector('.js-plotly-plot, .block') || block.getBoundingClientRect().width < 2 ||
        !block.querySelector('input, textarea, label, [data-testid=block-info]')) continue;   // controls, not prose
    const walk = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
    for (let n; (n = walk.nextNode());) {
      const text = n.textContent.trim(), el = n.parentElement;
      if (!text || !el.offsetParent || el.closest('.sr-only, .hide, svg, table, [role=listbox] ul, .options')) continue;
      const range = document.createRange(); range.selectNodeContents(n);
      const rects = [...range.getClientRects()].filter(q => q.width > 0.5);
      if (!rects.length) continue;
      // a box that scrolls up and down (a race lane's last two lines) may hold whole lines out of sight: a line
      // there is cut only when the box's edge runs through it
      const whole = (q, a, r) => ['auto', 'scroll'].includes(getComputedStyle(a).overflowY) && q.left >= r.left - 1.5 &&
        q.right <= r.right + 1.5 && (q.bottom <= r.top + 1.5 || q.top >= r.bottom - 1.5);
      const cut = clips(el, block).find(a => { const r = a.getBoundingClientRect();
        return !rects.every(q => inside(q, r) || whole(q, a, r)); });
      if (cut) { bad.push('cut: «' + text.slice(0, 50) + '»'); continue; }
      if (lines(rects) < 2) continue;
      const em = parseFloat(getComputedStyle(el).fontSize);
      if (Math.max(...rects.map(q => q.width)) < 5 * em) { bad.push('squeezed: «' + text.slice(0, 50) + '»'); continue; }
      if (cjk.test(text)) continue;
      for (const m of n.textContent.matchAll(/[^\\s\\-\\u2010-\\u2015\\/]{2,}/g)) {
        const w = document.createRange(); w.setStart(n, m.index); w.setEnd(n, m.index + m[0].length);
        if (lines([...w.getClientRects()].filter(q => q.width > 0.5)) > 1) { bad.push('broken: «' + m[0] + '» in «' + text.slice(0, 40) + '»'); break; }
      }
    }
    for (const i of block.querySelectorAll('input:not([type=range]):not([type=checkbox]):not([type=radio]):not([type=file])')) {
      if (i.offsetParent && i.scrollWidth > i.clientWidth + 1) bad.push('input: «' + i.value + '» is wider than its box');
    }
    for (const r of block.querySelectorAll('input[type=range]')) {
      const q = r.getBoundingClientRect(), b = block.getBoundingClientRect();
      if (r.offsetParent && (!inside(q, b, 0) || q.width < 60)) bad.push('slider: the track of «' + (r.getAttribute('aria-label') || '') + '» lies outside its box or has no room');
    }
  }
  return bad;
}"""


# What a reader sees cut or crossed (issue 36, item 1), beyond the boxes above:
# - a page text whose container clips it at the side (overflow not visible, or an ellipsis, and the text's own boxes
#   run past the container's edge: a table cut at the right edge, a label ending in "…");
# - an SVG text outside its figure (a subtitle cut at the right), or outside the plot area that clips it (a value
#   cut by the axes: "0.108"); a wrapped SVG text whose last line is a lone character ("點");
# - a line (a shape, an annotation's arrow, a trace's line) passing through a text's box, or a marker over a text
#   (each line sampled every 3 px along its path, in screen coordinates);
# - a radio group whose chosen option shows no dot.
SEES = """() => {
  const bad = [], R = e => e.getBoundingClientRect(), short = s => (s || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
  const within = (a, b, s = 1.5) => a.left >= b.left - s && a.right <= b.right + s && a.top >= b.top - s && a.bottom <= b.bottom + s;
  const meets = (a, b, s) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > s && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > s;
  // page texts cut at the side by a container that clips them
  for (const e of document.querySelectorAll('body *')) {
    if (!e.offsetParent || e.closest('.js-plotly-plot, svg, .sr-only, .hide') || ['INPUT', 'TEXTAREA', 'SCRIPT', 'STYLE'].includes(e.tagName)) continue;
    const c = getComputedStyle(e);
    if ((c.overflowX === 'visible' && c.textOverflow !== 'ellipsis') || e.scrollWidth <= e.clientWidth + 1 || !e.textContent.trim()) continue;
    const edge = R(e), walk = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
    for (let n; (n = walk.nextNode());) {
      if (!n.textContent.trim() || !n.parentElement.offsetParent || n.parentElement.closest('.js-plotly-plot, svg')) continue;
      const r = document.createRange(); r.selectNodeContents(n);
      if ([...r.getClientRects()].some(q => q.width > 0.5 && (q.right > edge.right + 1 || q.left < edge.left - 1))) {
        bad.push('text cut by its container: «' + short(n.textContent) + '» in «' + short(e.innerText) + '»'); break; }
    }
  }
  // radios: each group shows its chosen option
  for (const i of document.querySelectorAll('input[type=radio]:checked')) {
    if (!i.offsetParent) continue;
    const c = getComputedStyle(i), other = [...i.closest('.wrap, fieldset, [role=radiogroup]')?.querySelectorAll('input[type=radio]') || []].find(o => !o.checked);
    const o = other && getComputedStyle(other);
    const box = R(i), hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    const seen = box.width >= 8 && (!hit || hit === i || i.contains(hit) || hit.contains(i) || hit.closest('label') === i.closest('label'));
    if (!seen || (o && c.backgroundImage === o.backgroundImage && c.backgroundColor === o.backgroundColor && c.borderColor === o.borderColor))
      bad.push('the chosen radio «' + short(i.closest('label')?.innerText) + '» shows no dot');
  }
  // plots
  for (const plot of document.querySelectorAll('.js-plotly-plot')) {
    if (!plot.offsetParent || plot.closest('.mtp-shelf') || R(plot).width < 10) continue;
    const name = '«' + short(plot.layout && plot.layout.title && plot.layout.title.text) + '»';
    const figure = R(plot.querySelector('svg.main-svg') || plot);
    const texts = [...plot.querySelectorAll('svg text')].filter(e => e.textContent.trim() && R(e).width > 0 &&
                                                                    getComputedStyle(e).visibility !== 'hidden' && getComputedStyle(e).opacity !== '0');
    for (const e of texts) {
      const box = R(e), text = short(e.textContent);
      if (!within(box, figure)) { bad.push(name + ': «' + text + '» runs out of the figure'); continue; }
      const clipped = e.closest('[clip-path]'), sub = e.closest('.subplot');
      if (clipped && sub && plot.contains(clipped) && e.closest('.bartext, .textpoint, .heatmaplayer')) {
        const area = plot.querySelector('.draglayer .' + [...sub.classList].pop() + ' .nsewdrag');
        if (area && !within(box, R(area), 1)) bad.push(name + ': «' + text + '» is cut by the plot area');
      }
      const lines = [...e.querySelectorAll('tspan.line')].map(l => l.textContent.trim()).filter(Boolean);
      if (lines.length > 1 && [...lines[lines.length - 1]].length <= 1 && !e.closest('.xtick, .ytick')) bad.push(name + ': «' + lines[lines.length - 1] + '» alone on a line in «' + text + '»');
    }
    const labels = texts.filter(e => !e.closest('.xtick, .ytick')).map(e => ({e, text: short(e.textContent), box: R(e)}));
    const paths = [...plot.querySelectorAll('.shapelayer path, .annotation-arrow-g path, .scatterlayer .js-line')];
    for (const path of paths) {
      if (!path.getTotalLength || getComputedStyle(path).strokeOpacity === '0' || getComputedStyle(path).stroke === 'none' ||
          parseFloat(getComputedStyle(path).strokeWidth) === 0) continue;
      const m = path.getScreenCTM(), length = path.getTotalLength(), points = [];
      for (let l = 0; l <= length; l += 3) { const q = path.getPointAtLength(l); points.push([m.a * q.x + m.c * q.y + m.e, m.b * q.x + m.d * q.y + m.f]); }
      for (const x of labels) {
        const b = x.box;
        if (points.some(([px, py]) => px > b.left + 2 && px < b.right - 2 && py > b.top + 2 && py < b.bottom - 2)) {
          bad.push(name + ': a line crosses «' + x.text + '»'); }
      }
    }
    for (const point of plot.querySelectorAll('.scatterlayer .points path.point')) {
      const b = R(point), c = getComputedStyle(point);
      if (b.width < 1 || c.opacity === '0' || (c.fillOpacity === '0' && c.strokeOpacity === '0')) continue;   // a hover target
      for (const x of labels) if (x.e.closest('.trace') !== point.closest('.trace') && meets(b, x.box, 2)) bad.push(name + ': a marker covers «' + x.text + '»');
    }
    // a bar drawn as its outline (a thick line around a narrow bar: the bars turn into one black block); a wide bar
    // whose label was hidden for want of room
    for (const bar of plot.querySelectorAll('.barlayer .point')) {
      const path = bar.querySelector('path'), b = path && R(path), c = path && getComputedStyle(path);
      if (!b || b.width < 0.5) continue;
      const line = parseFloat(c.strokeWidth) || 0;
      if (c.stroke !== 'none' && line >= 2 && b.width < 3 * line && getComputedStyle(path).strokeOpacity !== '0')
        bad.push(name + ': a bar is drawn as its outline');
      const d = bar.__data__, said = d && d.tx, cd = bar.closest('.trace')?.__data__;
      const drawn = !(cd && cd[0] && cd[0].trace && cd[0].trace.textposition === 'none');   // 'none': labelled beside
      if (drawn && said && String(said).trim() && b.width > 80 && !bar.querySelector('.bartext')?.textContent.trim())
        bad.push(name + ': the bar «' + short(String(said)) + '» has no label');
    }
    // an axis title that runs into a panel's title below it (closer than 3 px)
    const axes = texts.filter(e => /^g-[xy]\\d*title$/.test(e.parentElement.closest('g[class^="g-"]')?.getAttribute('class') || ''));
    for (const a of axes) for (const n of plot.querySelectorAll('.annotation-text-g')) {
      const p = R(a), q = R(n);
      if (Math.min(p.right, q.right) - Math.max(p.left, q.left) > 2 && Math.abs(q.top - p.bottom) < 3 || meets(p, q, 0))
        bad.push(name + ': the axis title «' + short(a.textContent) + '» runs into «' + short(n.textContent) + '»');
    }
  }
  return [...new Set(bad)];
}"""

# A dropdown's options, each measured in its input's font against the room the input gives its text: the model's
# name must fit whole ("miniature mixture of experts (bundl" does not); the open list's items too.
OPTIONS = """(input) => {
  const c = getComputedStyle(input), ctx = document.createElement('canvas').getContext('2d');
  ctx.font = c.font;
  const room = input.clientWidth - parseFloat(c.paddingLeft) - parseFloat(c.paddingRight);
  const items = [...document.querySelectorAll('[role=option]')].filter(li => li.offsetParent);
  const label = li => li.innerText.split('\\n').pop().trim();
  const bad = items.filter(li => ctx.measureText(label(li)).width > room + 1).map(li => 'the dropdown cuts «' + label(li) + '»');
  return bad.concat(items.filter(li => li.scrollWidth > li.clientWidth + 1).map(li => 'the open list cuts «' + label(li) + '»'));
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
                if "tick" in a["kind"] and "tick" in b["kind"] and a["kind"] != b["kind"]:
                    continue                            # two axes' ticks meet at a corner
                if overlap(a["box"], b["box"], 0.5 if a["kind"] == b["kind"] == "value" else 1.5):
                    found.append(f"{name}: {a['kind']} «{a['text'][:40]}» overlaps {b['kind']} «{b['text'][:40]}»")
        if "activations" in where and len(plot["shapes"]) >= 7:       # each box's label inside its box
            for k, (label, shape) in enumerate(zip(plot["notes"], plot["shapes"][:7])):
                if not inside(label, shape, 1):
                    found.append(f"{name}: the text of box {k + 1} spills out of it")
    found += [f"{where}: {x}" for x in page.evaluate(SQUEEZED) + page.evaluate(CUT) + page.evaluate(SEES)]
    return found


def dropdowns(page, where: str) -> list[str]:
    """Each visible dropdown of the shown tab opened in turn: every option fits its input and its list."""
    found = []
    for box in page.locator("[role=tabpanel]:visible input[role=combobox]:visible").all():
        box.click()
        page.wait_for_timeout(250)
        found += [f"{where}: {x}" for x in box.evaluate(OPTIONS)]
        page.keyboard.press("Escape")
        box.blur()
    return found


def shoot(page, lang: str, name: str, size: tuple[int, int], target=None) -> None:
    """A screenshot for docs/overflow/: every English view at both sizes, one per tab for the other languages."""
    if target is not None:
        target.scroll_into_view_if_needed()
    DOCS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(DOCS / f"{name}_{lang}_{size[0]}.jpg"), type="jpeg", quality=45)


# Every visible plot within the window again after a resize (Plotly's relayout has landed).
# every shown chart's drawing (its svg, as MEASURE reads it) inside the window: the chart's div follows the window at
# once, but Plotly redraws the svg at the new width only after its resize timer and a relayout (seconds on a loaded host)
FITTED = ("() => [...document.querySelectorAll('.js-plotly-plot')].every(p => !p.offsetParent || "
          "p.closest('.mtp-shelf') || (p.querySelector('svg.main-svg') || p).getBoundingClientRect().right <= "
          "innerWidth + 1)")


def each_size(page, lang: str, where: str, name: str, found: list, shots: bool, target=None, sizes=SIZES) -> None:
    for size in sizes:
        if page.viewport_size != {"width": size[0], "height": size[1]}:
            page.set_viewport_size({"width": size[0], "height": size[1]})
            page.wait_for_timeout(350)                  # Plotly relayouts on resize: on a loaded host, later
            try:
                page.wait_for_function(FITTED, timeout=20_000)
            except PlaywrightTimeout:                   # one that stays too wide is reported below
                pass
        found += problems(page, f"{lang} {size[0]} {where}")
        if shots and (lang == "en" or size == sizes[0]):
            shoot(page, lang, name, size, target)


def first_paint_words(page, lang: str, data: set[str]) -> set[str]:
    """English words on the page as its current tab first shows it (innerText: what is rendered and visible)."""
    text = page.evaluate("() => [...document.querySelectorAll('[role=tabpanel]')]"
                         ".filter(p => p.offsetParent).map(p => p.innerText).join('\\n') + "
                         "[...document.querySelectorAll('[role=tab]')].map(t => t.innerText).join(' ')")
    return english(text, lang, data | PAGE_IDS)


# On a phone (issue 25): no Plotly toolbar over the titles (a touch screen has no hover to hide it), nothing that
# scrolls sideways, the settings and export panels one above the other, the tour's Next and Back below each chapter too.
PHONE_ONLY = """() => {
  const bad = [];
  for (const m of document.querySelectorAll('.modebar-container'))
    if (m.offsetParent && getComputedStyle(m).display !== 'none' && m.closest('.js-plotly-plot').offsetParent && !m.closest('.mtp-shelf')) { bad.push('a Plotly toolbar is shown'); break; }
  if (document.documentElement.scrollWidth > innerWidth + 1) bad.push('the page scrolls sideways');
  for (const e of document.querySelectorAll('[role=tabpanel] *')) {
    if (!e.offsetParent || e.closest('.js-plotly-plot') || ['INPUT', 'TEXTAREA'].includes(e.tagName)) continue;
    const c = getComputedStyle(e);
    if (['auto', 'scroll'].includes(c.overflowX) && e.scrollWidth > e.clientWidth + 1)
      bad.push('scrolls sideways: «' + e.textContent.trim().slice(0, 50) + '»');
  }
  return [...new Set(bad)];
}"""


# The view beside the stream once the chooser's pick is drawn: the in-page player draws it without Gradio's .pending,
# so settled() alone measured the view chosen before (a timeline under "verification", on a loaded host two back).
SHOWS = """([name]) => { const p = document.querySelector('#view .js-plotly-plot');
  const said = p && p.layout && p.layout.title && (p.layout.title.text || '');
  return !!said && said.replace(/<br>|\\s/g, '').includes(name.replace(/\\s/g, '')); }"""


# what the page shows when a view did not come: the drawn title, the chooser's pick, the dimming, the deck's views
ON_SCREEN = """() => { const p = document.querySelector('#view .js-plotly-plot'), d = window.mtpPlayer.current();
  const picked = document.querySelector('#view-chooser input:checked');
  return {title: p && p.layout && p.layout.title && p.layout.title.text, picked: picked && picked.value,
          dimmed: !!document.querySelector('#view.mtp-waiting'), deck: d && Object.keys(d.views), round: d && d.last}; }"""


def choose_view(page, lang: str, key: str) -> None:
    """Pick `key` in the view chooser and wait until its figure is the one drawn beside the stream."""
    page.locator("#view-chooser label").nth(CHOICES.index(key)).click()
    settled(page)
    try:
        page.wait_for_function(SHOWS, arg=[title(dict(VIEWS)[key], lang)], timeout=30_000)
    except PlaywrightTimeout:
        raise AssertionError(f"{lang}: the view {key!r} was chosen, but after 30 s the page shows "
                             f"{page.evaluate(ON_SCREEN)}") from None
    page.wait_for_timeout(300)                          # Plotly lays the new figure out


def open_panels(page) -> list:
    """Open every closed accordion of the visible tab (settings, export, about, glossary); returns them to close."""
    opened = []
    for button in page.locator("[role=tabpanel]:visible button.label-wrap:visible").all():
        if "open" not in (button.get_attribute("class") or ""):
            button.click()
            opened.append(button)
    page.wait_for_timeout(400)
    return opened


def visit(page, lang: str, sizes: list, found: list, shots: bool, phone: bool = False) -> dict:
    """Every tab, view, the open panels and each tour chapter at each size, adding what is cut off to `found`;
    returns the English words seen on each tab's first paint (for the non-English pages)."""
    english_words = {}
    data = DATA()
    race, tour, lab = (t(key, lang) for key in ("tab.race", "tab.tour", "lab.tab"))
    settled(page)
    if lang != "en":                                # the load event redraws the first paint in the language
        expect(page.locator("#round-status")).not_to_contain_text("Round ")
    phone_checks = (lambda where: found.extend(f"{lang} phone {where}: {x}" for x in page.evaluate(PHONE_ONLY))) \
        if phone else (lambda where: None)

    # the step-through: every view beside the token stream at the last round (each view's fullest picture; the
    # tour shows earlier rounds); the settings and export panels, every accordion open
    if lang != "en" and not phone:
        english_words[lang, "step"] = first_paint_words(page, lang, data)
    page.get_by_role("button", name=t("step.run", lang), exact=True).click()
    settled(page)
    for k, key in enumerate(CHOICES):
        choose_view(page, lang, key)
        each_size(page, lang, f"step/{key}", f"step_{key}", found, shots and (lang == "en" or k == 0), sizes=sizes)
        phone_checks(f"step/{key}")
    for example, index, keys in showcase():
        page.get_by_role("button", name=example, exact=True).click()
        settled(page)
        box = page.locator(f"#{ROUND_ID} input[type=number]")
        box.fill(str(index))
        box.press("Enter")
        expect(box).to_have_value(str(index))
        settled(page)
        for key in keys:
            choose_view(page, lang, key)
            each_size(page, lang, f"step/{key} «{example}» round {index}", f"step_{key}_{index}", found, False,
                      sizes=sizes)
    opened = open_panels(page)
    each_size(page, lang, "step/settings", "settings", found, shots, target=opened[0] if opened else None, sizes=sizes)
    for size in sizes:
        page.set_viewport_size({"width": size[0], "height": size[1]})
        found += dropdowns(page, f"{lang} {size[0]} step/settings")
    phone_checks("step/settings")
    if phone:
        boxes = [b.bounding_box() for b in opened[:2]]
        if len(boxes) == 2 and boxes[1]["y"] < boxes[0]["y"] + boxes[0]["height"]:
            found.append(f"{lang} phone step/settings: the settings and export panels sit side by side")
    for button in reversed(opened):
        button.click()

    # the race tab's first paint, the tour's chapters, the lab
    open_tab(page, race)
    settled(page)
    if lang != "en" and not phone:
        english_words[lang, "race"] = first_paint_words(page, lang, data)
    each_size(page, lang, "race", "race", found, shots, sizes=sizes)
    phone_checks("race")
    for size in sizes:
        page.set_viewport_size({"width": size[0], "height": size[1]})
        found += dropdowns(page, f"{lang} {size[0]} race")
    page.locator("#race-start").click()                 # a finished race: its verdict, table and token by token
    expect(page.locator("#race-player .race-summary")).to_be_visible(timeout=120_000)
    settled(page)
    each_size(page, lang, "race finished", "race_finished", found, shots, sizes=sizes)
    open_tab(page, tour)
    indicator = page.locator("#tour-indicator")
    expect(indicator).to_contain_text("1 / 11")
    settled(page)
    if lang != "en" and not phone:
        english_words[lang, "tour"] = first_paint_words(page, lang, data)
    for chapter in range(1, 12):
        expect(indicator).to_contain_text(f"{chapter} / 11")
        settled(page)
        plot = page.locator("[role=tabpanel] .js-plotly-plot:visible").first
        each_size(page, lang, f"tour/{chapter} {CHAPTERS[chapter - 1].view}", f"tour_{chapter:02d}", found,
                  shots and (lang == "en" or chapter == 1), target=plot, sizes=sizes)
        phone_checks(f"tour/{chapter}")
        if phone and not below_chapter(page, lang):
            found.append(f"{lang} phone tour/{chapter}: no Next and Back below the chapter")
        if chapter < 11:
            page.locator("#tour-next").click()
    open_tab(page, lab)
    settled(page)
    if lang != "en" and not phone:
        english_words[lang, "lab"] = first_paint_words(page, lang, data)
    each_size(page, lang, "lab", "lab", found, shots, sizes=sizes)
    phone_checks("lab")
    for size in sizes:
        page.set_viewport_size({"width": size[0], "height": size[1]})
        found += dropdowns(page, f"{lang} {size[0]} lab")
    preset = page.get_by_label(t("lab.preset", lang), exact=True)
    for key in lab_math.PRESETS:                        # each real pair placed on the lab's charts
        preset.click()
        page.get_by_role("option", name=t(f"lab.preset.{key}", lang), exact=True).click()
        settled(page)
        each_size(page, lang, f"lab preset {key}", f"lab_{key}", found, False, sizes=sizes)
    return english_words


def open_tab(page, name: str) -> None:
    """Click a tab by name, through the "more tabs" menu where a narrow page hides it there."""
    tab = page.get_by_role("tab", name=name)
    if tab.count() and tab.first.is_visible():
        tab.first.click()
        return
    page.locator(".overflow-menu > button").click()
    page.locator(".overflow-dropdown button", has_text=name).click()


def below_chapter(page, lang: str) -> bool:
    """True when a Next and a Back button sit below the chapter's last plot (a reader at its end turns the page)."""
    plots = page.locator("[role=tabpanel] .js-plotly-plot:visible").all()
    bottom = max((b["y"] + b["height"] for b in (p.bounding_box() for p in plots) if b), default=0)
    def below(key: str) -> bool:
        return any((b := button.bounding_box()) and b["y"] > bottom
                   for button in page.get_by_role("button", name=t(key, lang), exact=True).all() if button.is_visible())
    return below("tour.next") and below("tour.back")


def showcase() -> list[tuple[str, int, list[str]]]:
    """The rounds that show something, as (example, round, views): the first example's first rejection in every
    view, each other example's first rejection in the timeline and Verification, the first cluster miss in Cluster
    selection."""
    out, miss = [], None
    for k, example in enumerate(EXAMPLES):
        rounds = shipped(EXAMPLE_TRACES[example]).rounds
        rejected = next((r.index for r in rounds if r.index and r.num_accepted < len(r.draft_token_ids)), None)
        if rejected is not None:
            out.append((example, rejected, list(CHOICES) if k == 0 else ["timeline", "verification"]))
        miss = miss or next(((example, r.index, ["clusters"]) for r in rounds
                             if any(d.cluster_miss for d in r.draft_steps)), None)
    return out + ([miss] if miss else [])


@functools.cache
def DATA() -> set[str]:
    """Words the page may show in English on any page: the recorded traces' text and the example prompts."""
    data = set().union(*(model_text(parse_trace(p.read_text(encoding="utf-8"))) for p in TRACES.glob("*.json")))
    return data | set().union(*(words(e) for e in EXAMPLES))


def test_nothing_cut_off_or_covered_and_every_first_paint_speaks_the_language(server):
    found, english_words = [], {}
    with sync_playwright() as p:
        browser = launch(p)
        for lang, locale in LOCALES.items():
            page = browser.new_context(locale=locale, viewport={"width": SIZES[0][0], "height": SIZES[0][1]}).new_page()
            page.set_default_timeout(60_000)
            page.goto(server)
            english_words |= visit(page, lang, SIZES, found, shots=True)
            page.context.close()
        browser.close()
    found += [f"{lang} {tab}: English words {sorted(v)}" for (lang, tab), v in english_words.items() if v]
    assert not found, "\n".join(found)


def test_a_phone_is_a_first_class_screen(server):
    """At 390 x 844 on a touch screen, in three languages: the same checks as on a desktop, no toolbar, nothing that
    scrolls sideways, panels stacked, the tour's buttons below each chapter; every tab one tap away (none behind the
    "more tabs" menu); after Step the stream and the bar with the round (ui/phone.py) are in sight."""
    found = []
    with sync_playwright() as p:
        browser = launch(p)
        for lang, locale in LOCALES.items():
            context = browser.new_context(locale=locale, viewport={"width": PHONE[0], "height": PHONE[1]},
                                          is_mobile=True, has_touch=True)
            page = context.new_page()
            page.set_default_timeout(60_000)
            page.goto(server)
            settled(page)
            if lang != "en":
                expect(page.locator("#round-status")).not_to_contain_text("Round ")
            for key in ("tab.step", "tab.race", "tab.tour", "lab.tab"):      # Gradio lays the tab bar out late
                try:
                    expect(page.get_by_role("tab", name=t(key, lang), exact=True)).to_be_visible(timeout=10_000)
                except AssertionError:
                    found.append(f"{lang} phone: the tab «{t(key, lang)}» hides behind the more-tabs menu")
            status = page.locator("#round-status")
            before = status.inner_text()
            step = page.get_by_role("button", name=t("step.step", lang), exact=True)
            step.scroll_into_view_if_needed()
            step.tap()
            expect(status).not_to_have_text(before)
            settled(page)
            page.wait_for_timeout(800)                  # the scroll into view is smooth
            for what in ("#step-bar", "#stream .js-plotly-plot"):      # the bar shows the round's heading
                if not in_view(page, page.locator(what)):
                    found.append(f"{lang} phone: after Step, {what} is out of sight")
            shoot(page, lang, "phone_step", PHONE)
            visit(page, lang, [PHONE], found, shots=True, phone=True)
            context.close()
        browser.close()
    assert not found, "\n".join(found)


def count(url: str) -> dict[str, int]:
    """The problems both tests above find on the app at `url`, counted per language and width (the start and end
    figures of issue 36); the words-in-English check is left out."""
    found = []
    with sync_playwright() as p:
        browser = launch(p)
        for lang, locale in LOCALES.items():
            for phone in (False, True):
                size = PHONE if phone else SIZES[0]
                context = browser.new_context(locale=locale, viewport={"width": size[0], "height": size[1]},
                                              is_mobile=phone, has_touch=phone)
                page = context.new_page()
                page.set_default_timeout(60_000)
                page.goto(url)
                try:
                    visit(page, lang, [PHONE] if phone else SIZES, found, shots=False, phone=phone)
                except Exception as exc:            # counted, and the other pages still visited
                    found.append(f"{lang} {size[0]} the visit stopped: {str(exc).splitlines()[0][:200]}")
                print(f"{lang} {size[0]} visited: {len(found)} problems so far", flush=True)
                context.close()
        browser.close()
    for line in found:
        print(line)
    tally = {f"{lang} {w}": 0 for lang in LOCALES for w in (1280, 1920, 390)}
    for line in found:
        lang, width = line.split()[:2]
        key = f"{lang} {width if width != 'phone' else 390}"
        tally[key] = tally.get(key, 0) + 1
    return tally


if __name__ == "__main__":
    # PYTHONPATH=. .venv/bin/python tests/test_browser_layout.py [URL]: counts what the layout tests find, per
    # language and width, on a running app (or on one started here).
    import sys

    from mtp_viz.local_app import running_app

    def report(url: str) -> None:
        tally = count(url)
        print("\n".join(f"{key}: {n}" for key, n in tally.items()), f"\ntotal: {sum(tally.values())}")

    if len(sys.argv) > 1:
        report(sys.argv[1])
    else:
        with running_app() as started:
            report(started)
