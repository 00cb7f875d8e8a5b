"""A walkthrough as one file: a trace's deck, player.js and plotly.js in one HTML page that plays with no server.

Knows the deck (player.py), the page's words and where the installed plotly package keeps its bundle; nothing of
any view or of Gradio. The file reads nothing from a network (plotly.js is inlined, no CDN, no fonts fetched), so a
teacher can open it from disk, put it on a course page (an <iframe> or a link) or show it where the Space sleeps.
"""
from __future__ import annotations

import html
import json
import tempfile
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Callable

import plotly
from markdown_it import MarkdownIt

from mtp_viz.strings import t
from mtp_viz.ui import player
from mtp_viz.ui.session import EXPORTS
from mtp_viz.ui.step_state import CHOICES

PLOTLY_JS = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"
_md = MarkdownIt("commonmark", {"html": False}).enable("table")

STYLE = """
body {font-family: system-ui, sans-serif; margin: 0 auto; max-width: 1280px; padding: 0.5rem 1rem; color: #222}
h1 {font-size: 1.3rem} .bar {display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; margin: 0.5rem 0}
.bar button {font-size: 1rem; padding: 0.35rem 1.2rem} #w-round {flex: 1; min-width: 10rem}
#w-status h3 {font-size: 1.05rem; margin: 0.2rem 0} #w-status p, #w-what p {font-size: 0.9rem}
.cols {display: flex; flex-wrap: wrap; gap: 1rem} .cols > div {flex: 1 1 480px; min-width: 0}
small {color: #666}
"""


def _html(markdown: str) -> str:
    return _md.render(markdown or "")


def page(render: Callable, state, lang: str = "en") -> str:
    """The walkthrough of `state`'s trace in `lang`: every round with the token stream and every view (the one on
    screen chosen first), the round status and the output so far (the narration), Step, Back, the slider and keys."""
    return page_of(player.deck(render, state.asking(state.request), CHOICES, lang), state, lang)


def page_of(deck: dict, state, lang: str = "en") -> str:
    """`page`, from the trace's deck with every view already drawn (player.deck's, or a packed one unpacked)."""
    deck = dict(deck)
    for part in ("status", "text"):
        deck[part] = [_html(x) for x in deck[part]]
    deck["what"] = {k: _html(v) for k, v in deck["what"].items()}
    deck["again"] = _html(deck["again"])
    options = "".join(f'<option value="{k}"{" selected" if k == state.view else ""}>{html.escape(t(f"fig.{k}.title", lang))}'
                      "</option>" for k in CHOICES)
    prompt = state.trace.prompt_text or ""
    title = f'{t("app.title", lang)}: “{prompt}”'
    safe = lambda s: s.replace("</", "<\\/")        # noqa: E731  (no text ends a <script> early)
    return f"""<!doctype html>
<html lang="{html.escape(lang)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>{html.escape(title)}</title>
<style>{STYLE}</style>
<script>{safe(PLOTLY_JS.read_text(encoding="utf-8"))}</script>
<script>{safe(player.SOURCE)}</script></head>
<body><div id="mtp-walkthrough">
<h1>{html.escape(title)}</h1>
<div class="bar"><button id="w-back">{html.escape(t("walk.back", lang))}</button>
<button id="w-step">{html.escape(t("step.step", lang))}</button>
<input type="range" id="w-round" min="0" max="0" step="1" value="0" aria-label="{html.escape(t("step.round", lang))}">
<label>{html.escape(t("fig.choose", lang))} <select id="w-view">{options}</select></label></div>
<div id="w-status" aria-live="polite"></div>
<div class="cols"><div><div id="w-stream"></div><div id="w-text"></div></div>
<div><div id="w-view-plot"></div><div id="w-what"></div></div></div>
<p><small>{html.escape(t("walk.keys", lang))} · {html.escape(t("walk.made", lang))}</small></p>
</div>
<script>window.mtpPlayer.file(document.getElementById("mtp-walkthrough"), {safe(json.dumps(player.pack(deck)))});</script>
</body></html>
"""


KEPT = 8
_written: OrderedDict = OrderedDict()    # (id(trace), lang, view) -> (trace, path): a class downloads the same one
_lock = threading.Lock()


def written(state, lang: str, packed: dict) -> str:
    """The walkthrough's file in the export folder (session.EXPORTS, swept after an hour), written once while among
    the KEPT latest and still there, from `packed`: the trace's deck with every view (player.packed's)."""
    asked = (id(state.trace), lang, state.view, state.request)
    with _lock:
        made = _written.get(asked)
    if made is not None and made[0] is state.trace and Path(made[1]).exists():
        return made[1]
    EXPORTS.mkdir(exist_ok=True)
    path = Path(tempfile.mkdtemp(dir=EXPORTS, prefix="tmp")) / f"mtp_walkthrough_{lang}.html"
    path.write_text(page_of(player.unpack(packed), state, lang), encoding="utf-8")
    with _lock:
        _written[asked] = (state.trace, str(path))
        while len(_written) > KEPT:
            _written.popitem(last=False)
    return str(path)
