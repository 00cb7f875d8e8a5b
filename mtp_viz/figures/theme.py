"""Colours, patterns and marks shared by every view. Knows the token statuses, not any trace or figure.

One colour-blind-safe palette (Okabe & Ito, 2008). Status is never colour alone: every status also has a
bar fill pattern, a text mark and a word, so a greyscale projector or a colour-blind student reads the same.
"""
from __future__ import annotations

import html
import re

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from mtp_viz.fonts import stack
from mtp_viz.strings import UNSPACED, separators, t
from mtp_viz.trace import MOE_CAVEAT

# Okabe-Ito palette
BLACK, ORANGE, SKY, GREEN = "#000000", "#E69F00", "#56B4E9", "#009E73"
YELLOW, BLUE, VERMILLION, PURPLE = "#F0E442", "#0072B2", "#D55E00", "#CC79A7"
GREY, LIGHT_GREY, PAPER = "#8C8C8C", "#E6E6E6", "#FFFFFF"

# status -> (colour, plotly bar pattern, text mark); the word shown in legends is t("fig.status.<status>", lang).
# The statuses are the verdicts (trace.ACCEPTED, REJECTED, UNCHECKED, UNUSED) and the kinds of the target's token.
STATUS = {
    "prompt":     (LIGHT_GREY, "", ""),
    "prefill":    (PURPLE, "", "◆"),
    "accepted":   (GREEN, "", "✓"),
    "correction": (ORANGE, "/", "↺"),
    "bonus":      (BLUE, "+", "★"),
    "target":     (GREY, ".", "•"),
    "rejected":   (VERMILLION, "x", "✗"),
    "unchecked":  (LIGHT_GREY, "-", "…"),
    "unused":     ("#BDBDBD", "\\", "○"),
}
_GRID = {"gridcolor": "#EBF0F8", "linecolor": "#EBF0F8", "zerolinecolor": "#EBF0F8", "automargin": True}
# a small template: plotly_white's look for what we use, at a tenth of the cost of copying plotly_white per figure
TEMPLATE = go.layout.Template(
    layout={"xaxis": _GRID, "yaxis": _GRID, "font": {"color": "#2a3f5f"}, "hovermode": "closest",
            "colorway": [BLUE, ORANGE, GREEN, VERMILLION, SKY]},
    data={"bar": [{"marker": {"pattern": {"fillmode": "overlay", "solidity": 0.2}}}]})  # pattern over the colour
DRAFTER, TARGET = SKY, BLUE          # the two lanes / the two models
# Latin as before; Chinese (which Arial lacks) from the faces the app serves (mtp_viz/fonts.py), not the machine's
CJK = re.compile(r"[\u3000-\u9fff\uff00-\uffef]")
_TOKEN = re.compile(r"\s+|[\u3000-\u9fff\uff00-\uffef]|<[^>]*>|[^\s\u3000-\u9fff\uff00-\uffef<-]*-|[^\s\u3000-\u9fff\uff00-\uffef<]+")
TITLE_WIDTH = 58     # letters of an 18 px title in the narrowest place a figure is shown (the view at 1280 px)
# A figure drawn with narrow=True is for a phone held upright: a plot about 320 px wide (a 390 px screen). Its title
# wraps at NARROW_TITLE_WIDTH letters of 16 px, its text is 13 px, its margins are thin (`narrow` in every view).
NARROW_TITLE_WIDTH = 30
SUBTITLE_WIDTH = 76  # letters of a 13 px grey subtitle in the same place (one line ran off the view: "…lie")
_MARK = re.compile(r"[^\w\s<>\u3000-\u9fff\uff00-\uffef(\[\u2010-\u2015-]")   # one sign: no letter, digit, bracket, dash
CLOSING = set("，。、：；！？）」』,.:;!?)")     # never the first thing on a line: they stay with the word before
FONT = stack("Inter", "Arial")     # then the shipped faces, then the system's (fonts.stack)


def colour(status: str) -> str:
    return STATUS[status][0]


def pattern(status: str) -> str:
    return STATUS[status][1]


def mark(status: str) -> str:
    return STATUS[status][2]


def word(status: str, lang: str = "en") -> str:
    """The status as a legend word in `lang`."""
    return t(f"fig.status.{status}", lang)


def moe_caveat(info: dict, lang: str = "en") -> str:
    """A trace's mixture-of-experts caveat in `lang`: the table's words with its numbers; "" for a dense target. A
    trace records the caveat's key (trace.MOE_CAVEAT); one recorded before that holds English words, which are
    shown as they are only when its numbers are missing."""
    if not info.moe_caveat:
        return ""
    if (info.top_k_experts and info.num_experts) or info.moe_caveat == MOE_CAVEAT:
        return t("fig.moe_caveat", lang, top_k=info.top_k_experts, num_experts=info.num_experts)
    return info.moe_caveat


def text_colour(background: str) -> str:
    """Black or white, whichever reads better on the given hex background."""
    r, g, b = (int(background[i:i + 2], 16) for i in (1, 3, 5))
    return BLACK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else PAPER


def title_width(narrow: bool = False) -> int:
    """Letters a title line holds: on a projector-sized view, or on a phone (`narrow`)."""
    return NARROW_TITLE_WIDTH if narrow else TITLE_WIDTH


# Plotly checks every property a figure is given, on every update: the whole deck of "tom counted" (9 rounds, every
# view) took a median 3.53 s with the checks and 2.73 s without (four runs each, taken in turns). Our figures are
# checked instead by a test that draws each view both ways and finds the
# same figure (tests/test_figures.py); plotly's own flag for this is a figure's `_validate` (plotly.py #2403).
VALIDATE = False


def grid(**subplots) -> go.Figure:
    """make_subplots(**subplots) on a figure that, like new_figure's, skips Plotly's checks unless VALIDATE."""
    return make_subplots(figure=go.Figure(_validate=VALIDATE), **subplots)


def new_figure(title: str, height: int = 360, fig: go.Figure | None = None, headroom: int = 0, data=(),
               lang: str = "en", narrow: bool = False, **layout_changes) -> go.Figure:
    """A figure (new, or `fig` such as a subplot grid) with the house layout: big fonts, title left, legend on top,
    and the decimal and thousands marks of `lang` for every number plotly writes (ticks, hover, text templates).

    `headroom` adds that many pixels between legend and plot, for subplot titles that would sit under the legend.
    A new figure can get its traces (`data`) and layout changes (merged one level deep: margin={"l": 8} keeps the
    house top and bottom margins) here, in the one constructor call: plotly validates a figure built at once a few
    times faster than one built by add_trace and update_layout, and the token stream is redrawn on every Step.
    `narrow`: for a phone (see NARROW_TITLE_WIDTH): a narrower title, smaller text, thinner margins.
    """
    title = wrap(title, title_width(narrow))   # plotly never wraps a title: one too long runs off the plot
    line = 28 if narrow else 32
    top, bottom = 80 + headroom + line * title.count("<br>"), 50
    layout = dict(
        title={"text": title, "x": 0.01, "xanchor": "left", "y": 1.0, "yanchor": "top", "yref": "container",
               "pad": {"t": 12 + 8 * title.count("<br>")}, "font": {"size": 16 if narrow else 18}},
        template=TEMPLATE, height=height, font={"size": 13 if narrow else 14, "family": FONT},
        margin={"l": 44 if narrow else 60, "r": 12 if narrow else 20, "t": top, "b": bottom}, paper_bgcolor=PAPER,
        plot_bgcolor=PAPER,
        legend={"orientation": "h", "yanchor": "bottom", "y": 1.0 + headroom / max(height - top - bottom, 1),
                "xanchor": "left", "x": 0.0},
        hoverlabel={"font": {"size": 14}}, separators=separators(lang),
    )
    for key, value in layout_changes.items():
        layout[key] = {**layout[key], **value} if isinstance(layout.get(key), dict) and isinstance(value, dict) \
            else value
    if fig is None:
        return go.Figure(data=list(data), layout=layout, _validate=VALIDATE)
    fig.update_layout(**layout)
    fig.add_traces(list(data))
    return fig


def annotate(fig: go.Figure, notes) -> go.Figure:
    """`notes` (Annotations or their dicts) added after the figure's own: set on the layout at once, the same JSON as
    update_layout(annotations=[...]) gives, which took 0.1 s a figure (it merges every annotation key by key)."""
    fig.layout.annotations = (*fig.layout.annotations, *notes)
    return fig


def beside_real(fig: go.Figure, text: str, narrow: bool = False) -> go.Figure:
    """A grey line under the title that sets the real model's numbers beside the miniature's, with room made for it
    (on a phone, `narrow`, wrapped onto as many lines as it needs)."""
    text = wrap(text, 44 if narrow else SUBTITLE_WIDTH)
    fig.update_layout(title_subtitle={"text": text, "font": {"size": 13, "color": GREY}},
                      margin={"t": (fig.layout.margin.t or 80) + 22 + 18 * text.count("<br>")})
    return fig


def legend_below_layout(rows: int) -> dict:
    """legend_below()'s layout changes, for new_figure(**changes)."""
    return {"legend": {"y": 0, "yanchor": "bottom", "yref": "container", "x": 0.0}, "margin": {"b": 30 + 24 * rows}}


def legend_below(fig: go.Figure, rows: int) -> go.Figure:
    """Move the legend under the plot (for legends of long names that would wrap into the title), making room."""
    fig.update_layout(**legend_below_layout(rows))
    return fig


def narrow_legend(fig: go.Figure, width: int = 34) -> go.Figure:
    """For a phone: the legend under the plot, one entry a line, each name wrapped to `width` letters (a long name
    in a row of entries ran off the plot); the figure grows by the legend's height, so the plot keeps its own."""
    lines = 0
    for trace in fig.data:
        if trace.showlegend is False or not trace.name:
            continue
        trace.name = wrap(trace.name, width)
        lines += 1 + trace.name.count("<br>")
    fig.update_layout(legend={"orientation": "v", "y": 0, "yanchor": "bottom", "yref": "container", "x": 0.0,
                              "xanchor": "left"},
                      margin={"b": 64 + 20 * lines}, height=(fig.layout.height or 360) + 20 * lines)
    return fig


def count_ticks(top: float, ticks: int = 5) -> dict:
    """Axis changes for a count up to `top`: whole numbers only (a count axis never reads 0.5), about `ticks` ticks."""
    return {"tick0": 0, "dtick": max(1, -(-int(top) // ticks))}


def message(fig: go.Figure, text: str, narrow: bool = False) -> go.Figure:
    """Write a centred note on a figure that has nothing to plot (no drafts yet, no clusters, ...)."""
    fig.add_annotation(text=wrap(text, 34 if narrow else 60), x=0.5, y=0.5, xref="paper", yref="paper", showarrow=False,
                       font={"size": 16, "color": GREY})
    fig.update_xaxes(visible=False)
    fig.update_yaxes(visible=False)
    return fig


def clamp(trace, round_index: int) -> int:
    """The round index made safe: -1 or too large means the last recorded round."""
    last = len(trace.rounds) - 1
    return last if round_index < 0 or round_index > last else round_index


def short(text: str, limit: int = 14) -> str:
    """A token piece as a plotly label: spaces as '·', newlines as '⏎', long pieces cut, <>& escaped."""
    shown = text.replace("\n", "⏎").replace(" ", "·") or "∅"
    return html.escape(shown if len(shown) <= limit else shown[: limit - 1] + "…", quote=False)


def wrap(text: str, width: int = 110) -> str:
    """Long text as plotly lines (<br>), `width` counted in Latin letters (a Chinese character counts two), for
    titles and notes. Latin words are never cut, only broken after a hyphen; Chinese breaks between characters.
    Existing <br>s are kept; markup (<b>, <span ...>) takes no width and is never split."""
    lines = []
    for para in text.split("<br>"):
        line = ""
        for tok in _glued(_TOKEN.findall(para)):
            if tok.isspace():
                line += " " if line else ""
            elif line.strip() and _width(line + tok) > width and tok not in CLOSING:
                lines.append(line.rstrip())
                line = tok
            else:
                line += tok
        lines.append(line.rstrip())
        last = re.sub(r"<[^>]*>", "", lines[-1]).strip()
        if len(lines) > 1 and (len(last) == 1 or _width(last) <= 2 and CJK.search(last)):   # never one character alone
            head = _TOKEN.findall(lines[-2])
            cut = len(head) - 1 - (len(head) > 2 and head[-1] in CLOSING)    # a closing mark stays with its word
            if cut > 0:
                moved = "".join(head[cut:])          # the spacing rule holds where the moved word meets it
                latin = not CJK.search(moved[-1:] + lines[-1][:1])
                gap = " " if latin or UNSPACED.search(moved[-1:] + lines[-1][:1]) else ""
                lines[-2:] = ["".join(head[:cut]).rstrip(), moved + gap + lines[-1]]
    return "<br>".join(lines)


def _glued(tokens: list[str]) -> list[str]:
    """A lone mark before a word ("✗ rejected", "· plus") made one token with it: a line never ends on the mark."""
    out: list[str] = []
    for tok in tokens:
        if len(out) >= 2 and out[-1].isspace() and _MARK.fullmatch(out[-2]) and not tok.isspace():
            out[-2:] = [out[-2] + out[-1] + tok]
        else:
            out.append(tok)
    return out


def text_width(text: str) -> int:
    """Letters a text takes on screen: markup none, a Chinese character two."""
    text = re.sub(r"<[^>]*>", "", text)
    return len(text) + len(CJK.findall(text))


_width = text_width
