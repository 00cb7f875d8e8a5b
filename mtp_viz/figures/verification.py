"""View 6, verification detail: per draft position the target's p against the drafter's q, and the verdict.

Knows a Trace and the theme; knows nothing about models or the UI. Under sampling it adds the uniform draw u, the
acceptance probability min(1, p/q) and the residual distribution norm(max(0, p - q)) the correction came from.
"""
from __future__ import annotations

import plotly.graph_objects as go

from mtp_viz.figures import theme
from mtp_viz.strings import t
from mtp_viz.trace import ACCEPTED, REJECTED, UNUSED

KEY = "verification"
CHECKED = (ACCEPTED, REJECTED, UNUSED)   # verdicts the target's pass decided; unchecked drafts get no p bar


def build(trace, round_index: int, lang: str = "en", narrow: bool = False) -> go.Figure:
    i = theme.clamp(trace, round_index)
    rnd = trace.rounds[i]
    sampled = trace.settings.do_sample
    if not rnd.verify_steps:
        fig = theme.new_figure(t("fig.verification.heading_empty", lang, i=i), height=260, lang=lang, narrow=narrow)
        return theme.message(fig, t("fig.verification.prefill" if i == 0 else "fig.verification.none", lang), narrow)
    residual = next((v for v in rnd.verify_steps if v.residual_top_ids), None)
    side = t("fig.verification.residual", lang).replace(" ", "<br>", 1)     # the residual panel's title, two lines
    right = {"row": 2, "col": 1} if narrow else {"row": 1, "col": 2}    # a phone: the residual under the verdicts
    fig = theme.grid(rows=2 if residual and narrow else 1, cols=2 if residual and not narrow else 1,
                        column_widths=[0.7, 0.3] if residual and not narrow else None, vertical_spacing=0.3,
                        subplot_titles=["", side] if residual else None)
    mode = t("fig.verification.sampling" if sampled else "fig.verification.greedy", lang)
    heading = t("fig.verification.heading", lang, i=i, kept=rnd.num_accepted, drafted=rnd.num_drafted, mode=mode)
    two_lines = any(v.verdict == REJECTED and v.residual_token_id is not None for v in rnd.verify_steps)
    theme.new_figure(heading, height=720 if residual and narrow else 420, fig=fig, headroom=0, lang=lang, narrow=narrow)
    # the verdicts and the target's choice over the bars, under a title of as many lines as it has (a German one of
    # three on a phone ran into the choice's line)
    fig.update_layout(margin={"t": fig.layout.margin.t + (44 if two_lines else 24)})
    steps = rnd.verify_steps
    # the guess's number over its token, two short lines: "1: ·Anna" on one line ran into its neighbours
    xs = [f"{v.step + 1}<br>{theme.short(trace.text_of(v.draft_token_id), 8)}" for v in steps]
    fig.add_trace(go.Bar(x=xs, y=[v.p if v.verdict in CHECKED else None for v in steps],
                         name=t("fig.verification.p", lang), marker={"color": theme.TARGET}, meta="p",
                         hovertemplate="p = %{y:.3f}<extra></extra>"), row=1, col=1)
    fig.add_trace(go.Bar(x=xs, y=[v.q for v in steps], name=t("fig.verification.q", lang), meta="q",
                         marker={"color": theme.DRAFTER, "pattern": {"shape": ".", "fgopacity": 0.4, "size": 6}},
                         hovertemplate="q = %{y:.3f}<extra></extra>"), row=1, col=1)
    notes = []

    def word(verdict: str) -> str:   # with many guesses the mark alone, the words are in the "What you see" text
        return "" if len(steps) > (2 if narrow else 5) else " " + t(f"fig.verdict.{verdict}", lang)

    for x, v in zip(xs, steps):   # the verdicts, read from the record, above the plot area
        notes.append({"x": x, "y": 1.0, "xref": "x", "yref": "paper", "yanchor": "bottom", "yshift": 4,
                      "showarrow": False, "name": "verdict",
                      "text": f"<b>{theme.mark(v.verdict)}{word(v.verdict)}</b>",
                      "font": {"color": theme.colour(v.verdict) if v.verdict in (ACCEPTED, REJECTED) else theme.GREY}})
        if v.verdict == REJECTED:
            what = t("fig.verification.top_choice", lang, token=theme.short(trace.text_of(v.target_token_id)),
                     p=v.target_prob)
            if v.residual_token_id is not None:
                what += "<br>" + t("fig.verification.drew", lang, token=theme.short(trace.text_of(v.residual_token_id)))
            notes.append({"x": x, "y": 1.0, "xref": "x", "yref": "paper", "yanchor": "bottom", "yshift": 22,
                          "showarrow": False, "font": {"size": 12}, "name": "target", "text": what})
    theme.annotate(fig, notes)
    if sampled:
        checked = [(x, v) for x, v in zip(xs, steps) if v.accept_prob is not None]
        fig.add_trace(go.Scatter(x=[x for x, _ in checked], y=[v.accept_prob for _, v in checked], mode="markers",
                                 name=t("fig.verification.accept_prob", lang), meta="accept_prob",
                                 marker={"symbol": "line-ew-open", "size": 34, "color": theme.BLACK,
                                         "line": {"width": 4, "color": theme.BLACK}}),
                      row=1, col=1)
        fig.add_trace(go.Scatter(x=[x for x, _ in checked], y=[v.u for _, v in checked], mode="markers",
                                 name=t("fig.verification.u", lang), meta="u",
                                 marker={"symbol": "diamond", "size": 13, "color": theme.ORANGE,
                                         "line": {"width": 1, "color": theme.BLACK}}), row=1, col=1)
    fig.update_yaxes(range=[0, 1.0], title_text=t("fig.verification.yaxis", lang), row=1, col=1)
    fig.update_xaxes(tickangle=0 if len(steps) <= (5 if narrow else 9) else -90, tickfont={"size": 12}, row=1, col=1)
    if residual:
        names = [theme.short(trace.text_of(tok)) for tok in residual.residual_top_ids]
        colours = [theme.colour("correction") if tok == residual.residual_token_id else theme.LIGHT_GREY
                   for tok in residual.residual_top_ids]
        fig.add_trace(go.Bar(x=names, y=residual.residual_top_probs, name=t("fig.verification.residual_legend", lang),
                             marker={"color": colours}, meta="residual",
                             hovertemplate="%{x}: %{y:.3f}<extra></extra>"), **right)
        fig.update_yaxes(range=[0, 1.0], **right)
    fig.update_layout(barmode="group", bargap=0.25)
    return theme.narrow_legend(fig) if narrow else theme.legend_below(fig, rows=3 if sampled else 1)
