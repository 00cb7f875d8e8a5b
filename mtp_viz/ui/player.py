"""A trace's deck: what every round of the step-through shows, sent once so the page (player.js) steps without asking.

Knows the step-through's Screen as a render function returns it, and how a deck is packed; nothing of any view, of
Gradio's layout or of generation. A deck is drawn by the server's own render (step_through.render), round by round and
view by view, so what the page shows from it is what a Step answered by the server shows. The figures are stored once
each (many rounds and views draw the same one), and the deck travels gzipped (player.js opens it with the browser's
DecompressionStream).
"""
from __future__ import annotations

import base64
import gzip
import hashlib
import json
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Callable

from mtp_viz.strings import t
from mtp_viz.ui.session import CONTROLS, controls_of

SOURCE = (Path(__file__).with_name("player.js")).read_text(encoding="utf-8")
INSTALL = "() => {\n%s\n}" % SOURCE          # the page's load event runs it (step_through.build)

# The page's events (step_through.build): each hands its inputs' values to player.js and sets what it returns
STEP = "(...values) => window.mtpPlayer.page.step(...values)"
SHOW = "(...values) => window.mtpPlayer.page.show(...values)"
PLAY = "(...values) => window.mtpPlayer.page.play(...values)"
STOP = "() => { window.mtpPlayer && window.mtpPlayer.stop(); }"
# a deck opened as it arrives, before the next Step, and the rounds near the one on screen drawn ahead (deck, round,
# view)
OPEN = "(...values) => { window.mtpPlayer.page.arrive(...values); }"


def deck(render: Callable, state, views, lang: str = "en") -> dict:
    """What state's trace shows at every round: the token stream and each of `views` (figures' JSON, each once),
    the round status, the output so far, each view's "what you see", the status a Step at the last round shows, the
    controls that made the trace and the Play button's words. `render(state, lang)` draws a Screen (the server's)."""
    figs, index, by_id = [], {}, {}

    def fig(figure) -> int:
        if id(figure) not in by_id:          # figures.build hands back the same object for the same figure
            text = figure.to_json()
            by_id[id(figure)] = index.setdefault(text, len(figs))
            if by_id[id(figure)] == len(figs):
                figs.append(text)
        return by_id[id(figure)]

    rounds = range(len(state.trace.rounds))
    out = {"last": len(state.trace.rounds) - 1, "stream": [], "status": [], "text": [], "views": {}, "what": {},
           "controls": list(controls_of(state.request).values()) if state.request else [None] * len(CONTROLS),
           "words": {"play": t("step.play", lang), "pause": t("step.pause", lang)}}
    for view in views:
        out["views"][view] = []
        for i in rounds:
            screen = render(state.scrub(i).choose(view).showed({}), lang)
            out["views"][view].append(fig(screen.view))
            if view == views[0]:
                out["stream"].append(fig(screen.stream))
                out["status"].append(screen.status)
                out["text"].append(screen.text)
        out["what"][view] = screen.what
    out["again"] = render(state.scrub(out["last"]).showed({}), lang,
                          t("step.at_last", lang, last=out["last"])).status
    out["figs"] = figs
    return out


def pack(made: dict) -> dict:
    """A deck as the page receives it: {key, gz: base64 of its gzipped JSON}; the key names its content."""
    raw = json.dumps(made, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    gz = base64.b64encode(gzip.compress(raw, 6, mtime=0)).decode("ascii")
    return {"key": hashlib.sha1(gz.encode("ascii")).hexdigest()[:16], "gz": gz}


def unpack(packed: dict) -> dict:
    """The deck inside `pack`'s output (tests and the walkthrough read it as player.js does)."""
    return json.loads(gzip.decompress(base64.b64decode(packed["gz"])))


KEPT = 24
_made: OrderedDict = OrderedDict()      # (id(trace), ...) -> (trace, packed): the latest decks, shared by visitors
_lock = threading.Lock()


def packed(render: Callable, state, views, lang: str = "en") -> dict:
    """The packed deck of `state` in `lang` with `views`, as the page uses it: only while the controls ask for the
    trace on screen (else the page asks the server), so drawn as when they do (not stale, asking for its request).
    Made once while among the KEPT latest: a class opening the same shipped example asks for the same deck again."""
    state = state.asking(state.request)
    asked = (id(state.trace), tuple(views), lang, state.narrow, state.request, state.cached)
    with _lock:
        made = _made.get(asked)
        if made is not None and made[0] is state.trace:
            _made.move_to_end(asked)
            return made[1]
    out = pack(deck(render, state, list(views), lang))
    with _lock:
        _made[asked] = (state.trace, out)
        while len(_made) > KEPT:
            _made.popitem(last=False)
    return out
