"""View 2, the two-lane timeline: one bar per forward pass, drafter lane and target lane, real durations.

Knows a Trace, its pass costs (mtp_viz.costs) and the theme; knows nothing about models or the UI. Passes are laid
end to end in the order they ran (the drafter's steps, then the target's verification), each as long as the pair's
calibrated pass costs price it: the clock every speed-up here is stated on, so the "one by one?" lane (k one-token
passes) sits beside the check on the same scale. Each bar's hover gives this run's own recorded time. A pair without
costs is drawn at its own recorded times.
"""
from __future__ import annotations

import plotly.graph_objects as go

from mtp_viz import costs
from mtp_viz.figures import theme
from mtp_viz.strings import t

KEY = "timeline"
LANES = ["target", "drafter", "round"]
ALONE = "one_by_one"   # the current round's check, had each token had a pass of its own (needs the one-token time)


def build(trace, round_index: int, lang: str = "en", narrow: bool = False) -> go.Figure:
    """Bars for every pass of rounds 0..round_index, in full colour; the current round is outlined."""
    i = theme.clamp(trace, round_index)
    lanes = {lane: {"x": [], "base": [], "text": [], "hover": [], "line": []} for lane in LANES}
    table = costs.table_for(trace)
    priced = table.costs if table else None
    step = priced.step_ms.get(trace.settings.proposer, 0.0) if priced else None
    t0 = 0.0
    for rnd in trace.rounds[: i + 1]:
        start, now = t0, rnd.index == i
        for d in rnd.draft_steps:
            token = theme.short(trace.text_of(d.token_id))
            _add(lanes["drafter"], t0, d.ms if step is None else step, theme.short(trace.text_of(d.token_id), 8),
                 t("fig.timeline.draft", lang, r=rnd.index, k=d.step + 1, token=token, q=d.prob, ms=d.ms), now)
            t0 += d.ms if step is None else step
        extra = rnd.drafter_passes - len(rnd.draft_steps)   # passes that proposed nothing (threshold stop)
        for _ in range(max(0, extra)):
            ms = max(0.0, rnd.draft_ms - sum(d.ms for d in rnd.draft_steps)) / extra
            _add(lanes["drafter"], t0, ms if step is None else step, t("fig.timeline.stop", lang),
                 t("fig.timeline.stop_hover", lang, r=rnd.index, ms=ms), now)
            t0 += ms if step is None else step
        emitted = len(rnd.emitted_token_ids)
        if rnd.index == 0:
            label, what = t("fig.timeline.prefill", lang), t("fig.timeline.prefill_what", lang)
        elif rnd.num_drafted:
            label = f"+{emitted}"
            what = t("fig.timeline.verify_what", lang, drafted=rnd.num_drafted, kept=rnd.num_accepted, emitted=emitted)
        else:
            label, what = f"+{emitted}", t("fig.timeline.plain_what", lang, emitted=emitted)
        width = rnd.verify_ms if priced is None else priced.pass_at(costs.tokens_read(trace, rnd))
        _add(lanes["target"], t0, width, label,
             t("fig.timeline.target_hover", lang, r=rnd.index, what=what, ms=rnd.verify_ms), now)
        t0 += width
        hover = (t("fig.timeline.round_hover", lang, r=rnd.index, n=rnd.num_assistant_tokens, drafted=rnd.num_drafted,
                   ms=t0 - start) if rnd.num_drafted else
                 t("fig.timeline.round_hover_plain", lang, r=rnd.index, ms=t0 - start))
        label = t("fig.timeline.round_label", lang, r=rnd.index) if i < 12 else str(rnd.index)  # many: numbers fit
        _add(lanes["round"], start, t0 - start, label, hover, now)
    heading = (t("fig.timeline.heading_first", lang, ms=t0) if i == 0 else
               t("fig.timeline.heading", lang, i=i, ms=t0))
    styles = {"drafter": (theme.DRAFTER, ""), "target": (theme.TARGET, "/"), "round": (theme.LIGHT_GREY, ""),
              ALONE: (theme.PAPER, "/")}
    lanes_shown = LANES
    rnd = trace.rounds[i]
    if priced and rnd.num_drafted:      # why a check of N + 1 tokens is nearly free: its pass beside N + 1 passes
        one = priced.one_token_ms           # the baseline of every speed-up (costs.speedup), on the same clock
        checked, verify_start = rnd.num_drafted + 1, lanes["target"]["base"][-1]
        lanes[ALONE] = {"x": [], "base": [], "text": [], "hover": [], "line": []}
        _add(lanes[ALONE], verify_start, checked * one,
             t("fig.timeline.alone", lang, k=checked, one=one, ms=checked * one),
             t("fig.timeline.alone_hover", lang, k=checked, one=one, ms=checked * one,
               verify=priced.pass_at(checked)), False)
        lanes_shown = [ALONE] + LANES
    data = []
    for lane in lanes_shown:
        c, pat = styles[lane]
        b = lanes[lane]
        data.append(go.Bar(
            x=b["x"], base=b["base"], y=[lane] * len(b["x"]), orientation="h",
            name=t(f"fig.timeline.legend.{lane}", lang), text=b["text"], textposition="inside",
            insidetextanchor="middle", hovertext=b["hover"], hoverinfo="text", cliponaxis=False,
            textfont={"color": theme.TARGET if lane == ALONE else theme.text_colour(c)}, textangle=0, width=0.7,
            meta=lane,
            marker={"color": c, "line": {"color": theme.TARGET if lane == ALONE else theme.PAPER,
                                         "width": 1.5 if lane == ALONE else 1},
                    "pattern": {"shape": pat, "fgopacity": 0.15, "size": 8, "fgcolor": theme.TARGET}
                    if lane == ALONE else {"shape": pat, "fgopacity": 0.3, "size": 8}}))
    # labels that do not fit their bar are hidden, never shrunk below 10 px: narrow rounds keep their R number
    # in the hover text and in the round summary
    extra = len(lanes_shown) - len(LANES)
    # the axis title wrapped to the plot area's width, which the lanes' names narrow (on a phone one line of it ran out
    # of the figure on both sides)
    axis = theme.wrap(t("fig.timeline.xaxis" if priced else "fig.timeline.xaxis.own", lang), 26 if narrow else 70)
    below = AXIS_LINE * axis.count("<br>")
    fig = theme.new_figure(
        heading, height=300 + 76 * extra + below, data=data, lang=lang, narrow=narrow, barmode="overlay",
        showlegend=True,
        uniformtext={"minsize": 9, "mode": "hide"}, margin={"b": 50 + below},
        xaxis={"title": {"text": axis}, "rangemode": "tozero"},
        yaxis={"categoryorder": "array", "categoryarray": lanes_shown, "tickmode": "array",
               "tickvals": lanes_shown, "ticktext": [t(f"fig.timeline.lane.{lane}", lang) for lane in lanes_shown]})
    if extra:      # four entries wrap the legend onto rows that, above the plot, would cover the title
        theme.legend_below(fig, rows=4)
        fig.update_layout(margin={"b": fig.layout.margin.b + below})
        _label_alone(fig, lanes[ALONE], t0)
    _outline(fig, lanes["round"], lanes_shown)
    return fig


AXIS_LINE = 22          # pixels a further line of the axis title takes (with what Plotly adds round a longer title)


def _outline(fig: go.Figure, rounds: dict, lanes_shown: list[str]) -> None:
    """One frame around the current round, across its three lanes: outlining each of its bars drew the drafter's
    narrow bars as one black block."""
    now = rounds["line"].index(True)
    start, width = rounds["base"][now], rounds["x"][now]
    low, high = lanes_shown.index(LANES[0]), lanes_shown.index(LANES[-1])
    fig.add_shape(type="rect", x0=start, x1=start + width, y0=low - 0.45, y1=high + 0.45, xref="x", yref="y",
                  line={"color": theme.BLACK, "width": 2}, fillcolor="rgba(0,0,0,0)", layer="above")


def _label_alone(fig: go.Figure, alone: dict, end: float) -> None:
    """The "one by one?" bar's sum written beside it, on the side with more room (its lane holds nothing else): inside
    the bar, a label that did not fit was hidden with the others."""
    text, base, width = alone["text"][0], alone["base"][0], alone["x"][0]
    fig.data[0].textposition = "none"            # the bar keeps its text (the hover's, the tests'), drawn beside
    right_end = max(end, base + width)
    if width >= 0.4 * right_end:                    # a long bar (the usual case): the sum inside it, on its pale fill
        x, anchor, shift = base, "left", 6
    elif base >= 0.45 * right_end:                  # room for the sum left of the bar, clear of the lane's name
        x, anchor, shift = base, "right", -6
    else:                                           # else right of it, with room made
        x, anchor, shift = base + width, "left", 6
        fig.update_xaxes(range=[0, 1.6 * (base + width)])
    fig.add_annotation(text=text, x=x, y=ALONE, xref="x", yref="y", showarrow=False, xanchor=anchor, xshift=shift,
                       font={"color": theme.TARGET, "size": 12}, bgcolor=theme.PAPER)


def _add(lane: dict, base: float, width: float, text: str, hover: str, current: bool) -> None:
    lane["base"].append(base)
    lane["x"].append(width)
    lane["text"].append(text)
    lane["hover"].append(hover)
    lane["line"].append(current)
