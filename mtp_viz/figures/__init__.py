"""The views: each a pure function (trace, round index, lang) -> plotly Figure. Knows no model and no UI.

VIEWS lists them in page order as (key, module). A view module has:
  KEY                      its strings are fig.<KEY>.title and fig.<KEY>.what in mtp_viz/strings/en.py (plus any
                           fig.<KEY>.* it draws), so every visible word can be translated;
  build(trace, i, lang="en")  the figure for round i; i = -1 (or past the end) means the last recorded round.
Optionally `depends(trace, i)`: what the figure for round i depends on; the page resends a view only when this
changes (default: i).

`build` remembers the figures it made lately (DRAWN of them): a class stepping through the same shipped example, or
the tour, asks for the same view of the same trace again and again, and a figure takes 6 to 40 ms to make. The same
arguments get the same figure object, which no caller changes.
"""
import threading
from collections import OrderedDict

from mtp_viz.figures import theme
from mtp_viz.strings import t
from mtp_viz.figures import (activations, clusters, experts, kv_sharing, statistics, timeline, token_stream,
                             verification)

VIEWS = [
    ("token_stream", token_stream),
    ("timeline", timeline),
    ("verification", verification),
    ("clusters", clusters),
    ("kv_sharing", kv_sharing),
    ("activations", activations),
    ("statistics", statistics),
    ("experts", experts),          # mixture-of-experts targets; dense ones get a note
]


def title(module, lang: str = "en") -> str:
    return t(f"fig.{module.KEY}.title", lang)


def what_you_see(module, lang: str = "en") -> str:
    """The view's whole explanation (what every mark means): the page keeps it behind "More"."""
    return t(f"fig.{module.KEY}.what", lang)


def caption(module, lang: str = "en", trace=None) -> tuple[str, str]:
    """(what to look at, the rest): the first is one idea in at most about 60 English words, the second the whole
    explanation, or "" where the view has nothing to show for this trace (the Experts view of a dense model says
    so in one line)."""
    if trace is not None and not getattr(module, "shows", lambda trace: True)(trace):
        return getattr(module, "nothing")(trace, lang), ""
    return t(f"fig.{module.KEY}.short", lang), what_you_see(module, lang)


def depends(module, trace, round_index: int):
    """What a view's figure for this round depends on besides the trace: equal values draw equal figures."""
    fn = getattr(module, "depends", None)
    return fn(trace, round_index) if fn else theme.clamp(trace, round_index)


DRAWN = 256
_drawn: OrderedDict = OrderedDict()     # (id(trace), key, round, lang, narrow) -> (trace, figure), oldest first
_drawn_lock = threading.Lock()


def build(key: str, trace, round_index: int, lang: str = "en", narrow: bool = False):
    """One view by its key; `narrow`: drawn for a phone (theme.NARROW_TITLE_WIDTH). Made once for the same trace
    object and arguments while it stays among the DRAWN latest; the figure is shared, so it is read, never changed."""
    asked = (id(trace), key, theme.clamp(trace, round_index), lang, narrow)
    with _drawn_lock:
        made = _drawn.get(asked)
        if made is not None and made[0] is trace:      # an id is only unique while its object lives: check it is
            _drawn.move_to_end(asked)
            return made[1]
    figure = dict(VIEWS)[key].build(trace, round_index, lang, narrow=narrow)
    with _drawn_lock:
        _drawn[asked] = (trace, figure)      # holding the trace keeps its id from being reused while it is here
        _drawn.move_to_end(asked)
        while len(_drawn) > DRAWN:
            _drawn.popitem(last=False)
    return figure


def build_all(trace, round_index: int, lang: str = "en") -> list:
    """Every view for one round, in VIEWS order."""
    return [build(key, trace, round_index, lang) for key, _ in VIEWS]


def empty(key: str, note: str, lang: str = "en", narrow: bool = False):
    """A titled placeholder for a view, for when there is no trace yet."""
    return theme.message(theme.new_figure(title(dict(VIEWS)[key], lang), height=220, lang=lang, narrow=narrow), note,
                         narrow)


def empty_all(note: str, lang: str = "en") -> list:
    """A titled placeholder for every view."""
    return [empty(key, note, lang) for key, _ in VIEWS]
