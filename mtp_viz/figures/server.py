"""The lab's "From your server" views: pure functions of a server_metrics.Summary (and a c) -> plotly Figure.

Knows the Summary's fields, the cost model in mtp_viz.lab_math and the lab's axis words; knows no model, no network and
no UI. What the server counted is labelled "measured on your server", what the cost model makes of it "predicted".
"""
from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from mtp_viz import lab_math, server_metrics
from mtp_viz.figures import theme
from mtp_viz.settings import PAGE_NS
from mtp_viz.strings import number, t

NS = np.asarray(PAGE_NS)     # the N the predictions cover
STAR = {"symbol": "star", "size": 20, "color": theme.ORANGE, "line": {"color": theme.BLACK, "width": 1}}


def _empty(title: str, text: str, lang: str) -> go.Figure:
    return theme.message(theme.new_figure(title, height=420, lang=lang), text)


def curves(summary, c: float, lang: str = "en", reference: float | None = None) -> go.Figure:
    """Left: tokens per target pass against N, the server's measured point at its N beside the curve predicted
    with its α (and, when given, the miniature's α for comparison). Right: predicted speed-up for c, the best N."""
    title = t("server.title.curves", lang, c=float(c))
    if summary is None or summary.alpha is None:
        return _empty(title, t("server.no_data" if summary is None else "server.note.need_gamma", lang), lang)
    alpha, curve = summary.alpha, server_metrics.predict(summary, c, NS)
    best = server_metrics.best_n(summary, c, NS)
    fig = theme.grid(rows=1, cols=2, horizontal_spacing=0.1, subplot_titles=[
        t("lab.title.what_if_tokens", lang), t("lab.title.what_if_speedup", lang)])
    theme.new_figure(title, height=560, fig=fig, headroom=10, lang=lang)
    fig.update_layout(legend={"y": -0.3, "yanchor": "top"}, margin={"b": 230})   # many entries: below the plots
    fig.add_trace(go.Scatter(x=NS, y=NS + 1, mode="lines", name=t("lab.legend.limit", lang), meta="limit",
                             line={"color": theme.GREY, "dash": "dash"}), row=1, col=1)
    if reference is not None and reference == reference:
        fig.add_trace(go.Scatter(x=NS, y=lab_math.expected_tokens(reference, NS), mode="lines", meta="miniature",
                                 name=t("server.legend.miniature", lang, alpha=reference),
                                 line={"color": theme.GREY, "dash": "dot", "width": 1.5}), row=1, col=1)
    fig.add_trace(go.Scatter(x=curve["num_assistant_tokens"], y=curve["tokens_per_target_pass"], mode="lines",
                             name=t("server.legend.predicted", lang, alpha=alpha), meta="predicted",
                             line={"color": theme.BLUE, "width": 3}), row=1, col=1)
    if summary.gamma and summary.mean_acceptance_length is not None:
        fig.add_trace(go.Scatter(x=[summary.gamma], y=[summary.mean_acceptance_length], mode="markers",
                                 name=t("server.legend.measured", lang, n=summary.gamma), meta="measured",
                                 marker={"color": theme.VERMILLION, "size": 14, "line": {"color": theme.BLACK,
                                                                                         "width": 1}}), row=1, col=1)
    fig.add_trace(go.Scatter(x=curve["num_assistant_tokens"], y=curve["speedup"], mode="lines+markers",
                             name=t("server.legend.predicted_speedup", lang, alpha=alpha, c=float(c)),
                             meta="predicted_speedup", line={"color": theme.BLUE, "width": 3}), row=1, col=2)
    fig.add_trace(go.Scatter(x=[best], y=[lab_math.walltime_improvement(alpha, best, c)], mode="markers", meta="best",
                             name=t("lab.legend.best_predicted", lang, n=best), marker=STAR), row=1, col=2)
    fig.add_trace(go.Scatter(x=[1, NS[-1]], y=[1.0, 1.0], mode="lines", name=t("lab.legend.baseline", lang),
                             meta="baseline", line={"color": theme.GREY, "dash": "dash"}), row=1, col=2)
    fig.update_xaxes(title_text=t("lab.axis.n", lang), dtick=2)
    fig.update_yaxes(title_text=t("lab.axis.tokens", lang), rangemode="tozero", row=1, col=1)
    fig.update_yaxes(title_text=t("lab.axis.speedup", lang), rangemode="tozero", row=1, col=2)
    return fig


def acceptance(summary, lang: str = "en") -> go.Figure:
    """Acceptance by draft position as the server counted it, against α^k with the fitted α."""
    n = len(summary.position_shares) if summary is not None else 0
    title = t("server.title.acceptance", lang, n=n or "?")
    if summary is None:
        return _empty(title, t("server.no_data", lang), lang)
    if not n:
        return _empty(title, t(f"server.note.no_positions_{summary.engine}", lang), lang)
    k = np.arange(1, n + 1)
    shares = list(summary.position_shares)
    fig = theme.new_figure(title, height=440, lang=lang, data=[
        go.Bar(x=k, y=shares, name=t("server.legend.positions", lang), meta="positions",
               marker={"color": theme.GREEN}, text=[number(s, lang, 2) for s in shares], textposition="outside"),
        go.Scatter(x=k, y=float(summary.alpha) ** k, mode="lines+markers", meta="alpha_k",
                   name=t("server.legend.alpha_k", lang, alpha=summary.alpha), line={"color": theme.BLACK})])
    fig.update_xaxes(title_text=t("lab.axis.position", lang), dtick=1)
    fig.update_yaxes(title_text=t("lab.axis.share", lang), range=[0, 1.12])
    return fig


def build_all(summary, c: float, lang: str = "en", reference: float | None = None) -> list[go.Figure]:
    """The panel's two views in page order: the curves against N, then acceptance by position."""
    return [curves(summary, c, lang, reference), acceptance(summary, lang)]
