"""The race's chart: tokens written against time for both lanes, one step per target pass. Knows lanes, not models.

A pure function of two mtp_viz.race_lanes.Lane records and the race's clock: the target alone climbs one token per pass;
with the drafter each pass may add several tokens at once, so its staircase has fewer, taller steps and reaches the
end sooner. At a clock before the end each lane is drawn only as far as it had got, so the chart never tells the
ending before the replay reaches it; the axes span the whole race, so the lanes grow into a fixed frame.
"""
from __future__ import annotations

import plotly.graph_objects as go

from mtp_viz.figures import theme
from mtp_viz.race_lanes import Lane
from mtp_viz.strings import t

KEY = "race"
MARKER = 6          # a pass's marker; the point at the clock, where a running lane waits, has none


def _steps(x: Lane, clock: float | None = None) -> tuple[list[float], list[float], list[int]]:
    """(ms, tokens so far, marker sizes) at the start (0, 0) and after each pass that ended by `clock` (None: every
    pass); a lane still running at `clock` ends with a point at the clock itself, at the tokens it had then."""
    points, total = [(0.0, 0.0, MARKER)], 0.0
    for end, count in zip(x.end_ms, x.counts):
        if clock is not None and end > clock:
            points.append((float(clock), total, 0))
            break
        total += count
        points.append((end, total, MARKER))
    ms, ys, sizes = (list(column) for column in zip(*points))
    return ms, ys, sizes


def build(alone: Lane, drafted: Lane, lang: str = "en", drafter_word: str | None = None,
          clock: float | None = None, narrow: bool = False) -> go.Figure:
    """Tokens so far against milliseconds, both lanes up to `clock` ms (None: the finished race), each marker one
    target pass. The race's player (ui/race_tab.py) redraws it in the browser by the same rule as its clock runs.
    `narrow`: for a phone (theme.NARROW_TITLE_WIDTH), the axis title wrapped."""
    drafter_word = drafter_word or t("race.lane.mtp", lang)
    data = []
    for x, name, colour in ((alone, t("race.lane.alone", lang), theme.GREY), (drafted, drafter_word, theme.BLUE)):
        ms, ys, sizes = _steps(x, clock)
        data.append(go.Scatter(x=ms, y=ys, mode="lines+markers", line={"shape": "hv", "color": colour, "width": 3},
                               marker={"size": sizes, "color": colour}, name=name,
                               hovertemplate=t("race.fig.hover", lang) + "<extra>" + name + "</extra>"))
    unit = t("race.fig.x_projected", lang) if alone.projected else t("race.fig.x", lang)
    unit = theme.wrap(unit, 36) if narrow else unit
    end = max(alone.total_ms, drafted.total_ms) or 1.0
    most = max(alone.num_tokens, drafted.num_tokens) or 1.0
    return theme.new_figure(t("race.fig.title", lang), height=300, data=data,
                            xaxis={"title": {"text": unit}, "range": [0, end * 1.03]},
                            yaxis={"title": {"text": t("race.fig.y", lang)}, "range": [0, most * 1.06]}, lang=lang,
                            narrow=narrow)
