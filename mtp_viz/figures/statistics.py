"""View 7, statistics: acceptance by position, accepted-count histogram, N over rounds, tokens per target pass.

Knows a Trace, trace.compute_stats and the theme; knows nothing about models or the UI. Everything is computed
over rounds 0..round_index, so the numbers grow as the student steps.
"""
from __future__ import annotations

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from mtp_viz.figures import experts, theme
from mtp_viz.strings import count, sentences, t
from mtp_viz.trace import CPU, ONE_TOKEN_PASSES, WALL, clock_of, compute_stats, measured_when, round_ms

KEY = "statistics"


def stats_upto(trace, i: int) -> dict:
    rounds = trace.rounds[: i + 1]
    return compute_stats(rounds, len(rounds), sum(max(r.drafter_passes, r.num_drafted) for r in rounds))


def time_per_token(trace, i: int, lang: str = "en") -> str:
    """Measured ms per token over rounds 1..i against the one reference every speed-up in the app uses: the target
    alone, one pass per token (the lab's `none` rows, the race's upper lane), measured when the app loaded the pair
    (the median of ONE_TOKEN_PASSES). On the CPU clock (trace.CPU: schema 5, one torch thread) both sides are whole
    rounds' CPU time of the generating thread, which other visitors' work does not inflate; else passes' wall time.
    A run without a drafter is that reference itself and says so; a trace without the measurement says only what
    was measured. The line ends by saying which number this is beside the lab's and the projections."""
    rounds = trace.rounds[1: i + 1]
    tokens = sum(len(r.emitted_token_ids) for r in rounds)
    if not tokens:
        return ""
    if trace.shared_with:         # its passes were joined with other visitors': its times are not its own
        ms_token = sum(round_ms(r, WALL) for r in rounds) / tokens
        return t("speed.shared", lang, others=count(trace.shared_with, "other_generation", lang), ms_token=ms_token)
    one_cpu = trace.model_info.target_cpu_ms_one_token
    if clock_of(rounds) == CPU and (one_cpu or trace.settings.proposer == "none"):
        clock, one = CPU, one_cpu
        values = dict(ms_token=sum(r.cpu_ms for r in rounds) / tokens,
                      ms_draft=sum(r.draft_cpu_ms or 0.0 for r in rounds) / tokens,
                      ms_verify=sum(r.verify_cpu_ms or 0.0 for r in rounds) / tokens)
    else:
        clock, one = WALL, trace.model_info.target_ms_one_token
        draft, verify = sum(r.draft_ms for r in rounds) / tokens, sum(r.verify_ms for r in rounds) / tokens
        values = dict(ms_token=draft + verify, ms_draft=draft, ms_verify=verify)
    key = "lab.time_per_token" + (".cpu" if clock == CPU else "")
    if trace.settings.proposer == "none":
        return t(key + ".alone" if clock == CPU else "lab.time_per_token.alone", lang, **values)
    if not one:
        return t("lab.time_per_token.unknown", lang, **values)
    x = one / values["ms_token"]
    verdict = t("lab.faster", lang, x=x) if x >= 1 else t("lab.slower", lang, x=1 / x)
    line = t(key, lang, ms_one=one, verdict=verdict, passes=ONE_TOKEN_PASSES, **values)
    return sentences(line, headline(trace, clock, lang), lang=lang)


def headline(trace, clock: str, lang: str = "en") -> str:
    """The one sentence beside a measured speed-up of one prompt: when and on which clock it was measured, and how
    it relates to the lab's average and the projections for real models."""
    when = measured_when(trace)
    return t("speed.here.prompt" if when else "speed.here.prompt_undated", lang, when=when,
             clock=t(f"speed.clock.{clock}", lang))


def build(trace, round_index: int, lang: str = "en", narrow: bool = False) -> go.Figure:
    i = theme.clamp(trace, round_index)
    s = stats_upto(trace, i)

    def w(key: str, **values) -> str:
        return t(f"fig.statistics.{key}", lang, **values)

    # each panel's title wrapped to its half of the figure; a second line of a lower title takes more room between
    # the rows, or it sits on the upper panel's axis title and the two read as one
    titles = [theme.wrap(w(key), 30) for key in ("by_position", "histogram", "n", "per_pass")]
    more = max(x.count("<br>") for x in titles)
    # on a phone the four panels one above the other: panel k sits in at[k]
    at = [{"row": k + 1, "col": 1} if narrow else {"row": k // 2 + 1, "col": k % 2 + 1} for k in range(4)]
    fig = make_subplots(rows=4 if narrow else 2, cols=1 if narrow else 2,
                        vertical_spacing=0.14 + 0.03 * more if narrow else 0.26 + 0.04 * more, horizontal_spacing=0.1,
                        subplot_titles=titles)
    title = w("heading", i=i, mal=s["mean_acceptance_length"], tpp=s["tokens_per_target_pass"])
    if experts.is_moe(trace):   # MoE: what a verification cost in one-token steps, as the Experts view says it
        title += experts.cost_said(trace, i, lang)
    timing = time_per_token(trace, i, lang)
    width = theme.title_width(narrow)
    title = theme.wrap(title, width)     # long titles wrap rather than run off a projector-sized panel
    lines = title.count("<br>")
    if timing:
        timing = theme.wrap(timing, width)   # 14 px, not 18, but new_figure wraps at this width again
        lines += 1 + timing.count("<br>")
        title += f"<br><span style='font-size:14px'>{timing}</span>"
    theme.new_figure(title, height=(1150 if narrow else 500) + 32 * lines + 40 * more, fig=fig, headroom=30 + 18 * more,
                     lang=lang, narrow=narrow)
    fig.update_layout(margin={"t": 110 + 32 * lines + 18 * more})    # the title's extra lines sit above the legend
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
    drafting = [r for r in trace.rounds[1: i + 1]] if trace.settings.proposer != "none" else []
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
