"""The race's chart: tokens written against time for both lanes, one step per target pass. Knows lanes, not models.

A pure function of two mtp_viz.race.Lane records: the target alone climbs one token per pass; with the drafter each
pass may add several tokens at once, so its staircase has fewer, taller steps and reaches the end sooner.
"""
from __future__ import annotations

import plotly.graph_objects as go

from mtp_viz.figures import theme
from mtp_viz.race import Lane
from mtp_viz.strings import t

KEY = "race"


def _steps(x: Lane) -> tuple[list[float], list[float]]:
    """(ms, tokens so far) at the start (0, 0) and after each pass."""
    total, ys = 0.0, [0.0]
    for count in x.counts:
        total += count
        ys.append(total)
    return [0.0] + list(x.end_ms), ys


def build(alone: Lane, drafted: Lane, lang: str = "en", drafter_word: str | None = None) -> go.Figure:
    """Tokens so far against milliseconds, both lanes, each point one target pass."""
    drafter_word = drafter_word or t("race.lane.mtp", lang)
    data = []
    for x, name, colour in ((alone, t("race.lane.alone", lang), theme.GREY), (drafted, drafter_word, theme.BLUE)):
        ms, ys = _steps(x)
        data.append(go.Scatter(x=ms, y=ys, mode="lines+markers", line={"shape": "hv", "color": colour, "width": 3},
                               marker={"size": 6, "color": colour}, name=name,
                               hovertemplate=t("race.fig.hover", lang) + "<extra>" + name + "</extra>"))
    unit = t("race.fig.x_projected", lang) if alone.projected else t("race.fig.x", lang)
    return theme.new_figure(t("race.fig.title", lang), height=300, data=data,
                            xaxis={"title": {"text": unit}, "rangemode": "tozero"},
                            yaxis={"title": {"text": t("race.fig.y", lang)}, "rangemode": "tozero"}, lang=lang)
