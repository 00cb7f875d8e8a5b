"""View 7, statistics: acceptance by position, accepted-count histogram, N over rounds, tokens per target pass.

Knows a Trace, trace.compute_stats, mtp_viz.costs and the theme; knows nothing about models or the UI. Everything is
computed over rounds 0..round_index, so the numbers grow as the student steps, except the speed-up headline, which is
the whole prompt's (costs.speedup), the same as the round status and the race say.
"""
from __future__ import annotations

import datetime
import re

import plotly.graph_objects as go

from mtp_viz.figures import experts, theme
from mtp_viz.proposer_registry import BASELINE, ENTRIES
from mtp_viz.strings import count, sentences, t
from mtp_viz import costs
from mtp_viz.trace import CPU, WALL, clock_of, compute_stats, measured_when, round_ms

KEY = "statistics"


def stats_upto(trace, i: int) -> dict:
    rounds = trace.rounds[: i + 1]
    return compute_stats(rounds, len(rounds), sum(max(r.drafter_passes, r.num_drafted) for r in rounds))


def speed_headline(trace, lang: str = "en", machine: bool = True, basis: bool = True) -> str:
    """The headline: how much faster the drafter makes this trace's prompt here, with its spread over the pair's
    calibrations, and what it is made of (mtp_viz.costs.speedup: exact counts at the pair's pass costs). The same
    sentence in the round status, Statistics and the race; a trace without a drafter says it is the baseline.
    `machine`: name the CPU the costs were timed on (a chart says "this server", its words all in the reader's).
    `basis`: add where the prices come from (the round status leaves it to Statistics, to keep the view in sight)."""
    sp = costs.speedup(trace)
    if sp is None:
        return ""
    if trace.settings.proposer == BASELINE:
        return t("speed.alone", lang, one=sp.one_token_ms)
    line = t("speed.headline", lang, drafter=t(ENTRIES[trace.settings.proposer].key, lang), ratio=sp.ratio,
             low=sp.low, high=sp.high, n=len(sp.table.calibrations), passes=sp.target_passes, steps=sp.drafter_steps,
             tokens=sp.tokens)
    return sentences(line, speed_basis(sp.table, lang, machine), lang=lang) if basis else line


def speed_basis(table, lang: str = "en", machine: bool = True) -> str:
    """Where a speed-up's prices come from: the pair's dated, calibrated table, or this run's own times."""
    if table.source == costs.OWN:
        return t("speed.basis.own", lang, clock=t(f"speed.clock.{table.clock}", lang))
    if not (machine and table.machine):
        return t("speed.basis.here", lang, one=table.costs.one_token_ms, when=table.when)
    return t("speed.basis", lang, one=table.costs.one_token_ms, machine=table.machine, when=table.when)


def live_line(trace, i: int, lang: str = "en", now: datetime.datetime | None = None) -> str:
    """One run's own timing over rounds 1..i (its CPU clock, else its wall clock) against its pair's one-token pass,
    said to be live (measured within LIVE of `now`) or recorded (when), and how it relates to the headline."""
    rounds = trace.rounds[1: i + 1]
    tokens = sum(len(r.emitted_token_ids) for r in rounds)
    if tokens and trace.shared_with:     # its passes were joined with other visitors': its times are not its own
        ms_token = sum(round_ms(r, WALL) for r in rounds) / tokens
        return t("speed.shared", lang, others=count(trace.shared_with, "other_generation", lang), ms_token=ms_token)
    sp = costs.speedup(trace)
    if not tokens or sp is None or trace.settings.proposer == BASELINE or sp.table.source == costs.OWN:
        return ""
    clock = clock_of(rounds)
    ms_token = sum(round_ms(r, clock) for r in rounds) / tokens
    one = (trace.model_info.target_cpu_ms_one_token if clock == CPU else trace.model_info.target_ms_one_token) \
        or sp.one_token_ms
    when = measured_when(trace)
    now = now or datetime.datetime.now(datetime.timezone.utc)
    fresh = trace.measured_at and now - datetime.datetime.strptime(trace.measured_at, "%Y-%m-%dT%H:%MZ").replace(
        tzinfo=datetime.timezone.utc) <= LIVE
    live = t("speed.live.now", lang) if fresh or not when else t("speed.live.recorded", lang, when=when)
    return t("speed.live", lang, live=live, ms_token=ms_token, one=one, x=one / ms_token)


LIVE = datetime.timedelta(minutes=10)     # a trace measured this recently is "measured just now"


def bold(text: str) -> str:
    """Markdown's **bold** as the HTML that Plotly titles and the race's page show."""
    return re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", text)


def build(trace, round_index: int, lang: str = "en", narrow: bool = False) -> go.Figure:
    i = theme.clamp(trace, round_index)
    s = stats_upto(trace, i)

    def w(key: str, **values) -> str:
        return t(f"fig.statistics.{key}", lang, **values)

    # each panel's title wrapped to its half of the figure (a phone: the whole width)
    titles = [theme.wrap(w(key), 30) for key in ("by_position", "histogram", "n", "per_pass")]
    more = max(x.count("<br>") for x in titles)
    # on a phone the four panels one above the other: panel k sits in at[k]
    at = [{"row": k + 1, "col": 1} if narrow else {"row": k // 2 + 1, "col": k % 2 + 1} for k in range(4)]
    rows = 4 if narrow else 2
    # laid out in pixels, top down: the title, the timing paragraph under it (as a subtitle, 13 px, so it runs as
    # wide as the figure), the legend, the first panels' titles; between two rows the upper panel's axis title and
    # the lower panel's title, each with room of its own
    title = w("heading", i=i, mal=s["mean_acceptance_length"], tpp=s["tokens_per_target_pass"])
    if experts.is_moe(trace):   # MoE: what a verification cost in one-token steps, as the Experts view says it
        title += experts.cost_said(trace, i, lang)
    title = theme.wrap(title, theme.title_width(narrow))
    timing = bold("<br>".join(x for x in (speed_headline(trace, lang, machine=False), live_line(trace, i, lang)) if x))
    timing = theme.wrap(timing, 44 if narrow else theme.SUBTITLE_WIDTH) if timing else ""
    panel, gap = (190, 115 + 20 * more) if narrow else (210, 100 + 20 * more)
    area = rows * panel + (rows - 1) * gap
    heads = 24 * (1 + more)                                  # the first row's panel titles
    top = 20 + 26 * (1 + title.count("<br>")) + (18 * (1 + timing.count("<br>")) + 8 if timing else 0) + 34 + heads
    bottom = 64
    fig = theme.grid(rows=rows, cols=1 if narrow else 2, vertical_spacing=gap / area, horizontal_spacing=0.1,
                        subplot_titles=titles)
    theme.new_figure(title, height=top + area + bottom, fig=fig, lang=lang, narrow=narrow)
    fig.update_layout(margin={"t": top, "b": bottom}, legend={"y": 1 + (heads + 4) / area, "yanchor": "bottom"})
    if timing:
        fig.update_layout(title_subtitle={"text": timing, "font": {"size": 13, "color": "#444"}})
    pos = [str(k + 1) for k in range(len(s["acceptance_by_position"]))]
    fig.add_trace(go.Bar(x=pos, y=s["acceptance_by_position"], name=w("proposed"), meta="by_position",
                         marker={"color": theme.GREEN}), **at[0])
    fig.add_trace(go.Bar(x=pos, y=s["conditional_acceptance_by_position"], name=w("reached"),
                         meta="conditional", marker={"color": theme.GREEN, "opacity": 0.45,
                                                     "pattern": {"shape": "/", "size": 6}}), **at[0])
    fig.update_yaxes(range=[0, 1.05], title_text=w("rate"), **at[0])
    fig.update_xaxes(title_text=w("position"), **at[0])
    hist = s["accepted_histogram"]
    fig.add_trace(go.Bar(x=list(range(len(hist))), y=hist, name=w("rounds"), meta="histogram", showlegend=False,
                         marker={"color": theme.BLUE}, text=[str(h) if h else "" for h in hist],
                         textposition="outside"), **at[1])
    fig.update_xaxes(title_text=w("kept"), dtick=1, **at[1])
    fig.update_yaxes(title_text=w("rounds"), range=[0, max(hist, default=0) * 1.25 + 0.5],
                     **theme.count_ticks(max(hist, default=0)), **at[1])
    drafting = [r for r in trace.rounds[1: i + 1]] if trace.settings.proposer != BASELINE else []
    fig.add_trace(go.Scatter(x=[r.index for r in drafting], y=[r.num_assistant_tokens for r in drafting],
                             mode="lines+markers", line={"shape": "hv", "color": theme.DRAFTER}, name=w("n_name"),
                             meta="N", showlegend=False), **at[2])
    fig.add_trace(go.Scatter(x=[r.index for r in drafting], y=[r.num_accepted for r in drafting],
                             mode="markers", marker={"symbol": "x", "color": theme.GREEN, "size": 9},
                             name=w("kept_name"), meta="kept", showlegend=False), **at[2])
    fig.update_xaxes(title_text=w("round"), dtick=1 if len(drafting) <= 20 else None, **at[2])
    top = max((r.num_assistant_tokens for r in drafting), default=1)
    fig.update_yaxes(title_text=w("n_axis"), range=[-0.4, top + 0.6], **theme.count_ticks(top), **at[2])
    emitted = 0
    xs, ys = [], []
    for r in trace.rounds[: i + 1]:
        emitted += len(r.emitted_token_ids)
        xs.append(r.index)
        ys.append(emitted / (r.index + 1))
    fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines+markers", name=w("speculative"), meta="tokens_per_pass",
                             line={"color": theme.TARGET}, showlegend=False), **at[3])
    fig.add_trace(go.Scatter(x=[0, max(xs[-1], 1)], y=[1.0, 1.0], mode="lines", name=w("baseline"),
                             meta="baseline", line={"color": theme.GREY, "dash": "dash"}, showlegend=False),
                  **at[3])
    fig.add_annotation(x=max(xs[-1], 1), y=1.0, xref="x4", yref="y4", text=w("baseline_note"),
                       showarrow=False, yshift=-12, xanchor="right", font={"size": 12, "color": theme.GREY})
    fig.update_xaxes(title_text=w("round"), dtick=1 if len(xs) <= 20 else None, **at[3])
    fig.update_yaxes(title_text=w("per_pass_axis"), rangemode="tozero", **at[3])
    if trace.model_info.moe_caveat:
        note = theme.wrap(t("fig.moe", lang, caveat=theme.moe_caveat(trace.model_info, lang)),
                          34 if narrow else 70)   # fits 640 px, or a phone
        lines = note.count("<br>") + 1
        fig.add_annotation(text=note, x=0, y=0, xref="paper", yref="paper", yshift=-70, showarrow=False,
                           xanchor="left", yanchor="top", align="left", font={"size": 12, "color": theme.VERMILLION})
        fig.update_layout(height=fig.layout.height + 40 + 17 * lines, margin={"b": 90 + 17 * lines})
    return fig
