"""The draft-length lab's views: pure functions of a sweep DataFrame (or of α and c) -> plotly Figure.

Knows the sweep's columns and the cost model in mtp_viz.lab_math; knows no model, no torch and no UI. Every visible
word comes from mtp_viz.strings in the language asked for.
"""
from __future__ import annotations

import numpy as np
import pandas as pd
import plotly.graph_objects as go

from mtp_viz import lab_math
from mtp_viz.figures import theme
from mtp_viz.proposer_registry import BASELINE, ENTRIES
from mtp_viz.settings import PAGE_NS
from mtp_viz.strings import number, t
from mtp_viz.trace import CPU, WALL

COLOURS = {name: getattr(theme, e.colour) for name, e in ENTRIES.items() if e.colour}   # each proposer's curves
HEURISTIC = theme.VERMILLION
# each preset's projected curve: its own colour, dash and marker, so no two read alike (in grey, four dash styles could
# not be told apart on a phone); blue (the what-if), orange (the best N) and grey (the baseline) stay the chart's own
PRESET_STYLE = [(theme.GREEN, "dot", "circle-open"), (theme.PURPLE, "dashdot", "square-open"),
                (theme.VERMILLION, "longdash", "diamond-open"), (theme.SKY, "dash", "triangle-up-open")]


def _drafting(df: pd.DataFrame) -> list[str]:
    return [p for p in dict.fromkeys(df["proposer"]) if p != BASELINE]


def _name(proposer: str, lang: str) -> str:
    """A proposer as a legend word in `lang`: its own where one serves every language (MTP), else the settings'."""
    entry = ENTRIES[proposer]
    return entry.legend or t(entry.key, lang)


def _rows(df: pd.DataFrame, proposer: str, schedule: str) -> pd.DataFrame:
    rows = df[(df["proposer"] == proposer) & (df["schedule"] == schedule)]
    return rows.sort_values("num_assistant_tokens")


def _ns(df: pd.DataFrame) -> np.ndarray:
    top = int(df["num_assistant_tokens"].max()) if len(df) else 1
    return np.arange(1, max(top, 1) + 1)


def _empty(title: str, lang: str, narrow: bool = False) -> go.Figure:
    return theme.message(theme.new_figure(title, height=300, lang=lang, narrow=narrow), t("lab.no_data", lang), narrow)


def _fit(fig: go.Figure, narrow: bool, dtick: int = 1) -> go.Figure:
    """N every `dtick` on the x axes; on a phone (`narrow`) every fourth N and the legend under the plot."""
    fig.update_xaxes(dtick=4 if narrow else dtick)
    return theme.narrow_legend(fig) if narrow else fig


def best_measured(df: pd.DataFrame, proposer: str | None = None) -> int | None:
    """N of the constant-schedule row with the largest measured speed-up."""
    proposer = proposer or next(iter(_drafting(df)), None)
    rows = _rows(df, proposer, "constant").dropna(subset=["speedup_vs_none"])
    return int(rows.loc[rows["speedup_vs_none"].idxmax(), "num_assistant_tokens"]) if len(rows) else None


def measured_drop(df: pd.DataFrame, proposer: str | None = None) -> dict | None:
    """The constant-schedule curve's measured peak and what follows it: best N and its speed-up, and the lowest
    speed-up at a larger N (low_n, low; None when the best N is the largest measured). None without rows."""
    proposer = proposer or next(iter(_drafting(df)), None)
    rows = _rows(df, proposer, "constant").dropna(subset=["speedup_vs_none"])
    if not len(rows):
        return None
    best = best_measured(df, proposer)
    curve = rows.set_index("num_assistant_tokens")["speedup_vs_none"]
    after = curve[curve.index > best]
    low_n = int(after.idxmin()) if len(after) else None
    return {"best": best, "peak": float(curve[best]), "low_n": low_n,
            "low": float(after[low_n]) if low_n is not None else None}


def clock(df: pd.DataFrame) -> str:
    """The clock a sweep's times read (the `clock` column): CPU when every row kept it, else wall."""
    return CPU if len(df) and (df["clock"] == CPU).all() else WALL


def best_predicted(df: pd.DataFrame, proposer: str | None = None) -> int | None:
    """N where the predicted speed-up curve (one α, the measured c and verification line) peaks."""
    model = lab_math.cost_model(df, proposer)
    if model["alpha"] != model["alpha"]:
        return None
    curve = lab_math.predicted_curve(model, _ns(df))
    return int(curve.loc[curve["speedup"].idxmax(), "num_assistant_tokens"])


def best_what_if(df: pd.DataFrame, proposer: str | None = None, max_n: int = PAGE_NS[-1]) -> int | None:
    """N where the what-if curve peaks at the sweep's α and c as its sliders start (two decimals), v = 1."""
    model = lab_math.cost_model(df, proposer)
    if model["alpha"] != model["alpha"] or model["c"] != model["c"]:
        return None
    return lab_math.best_gamma(round(model["alpha"], 2), round(model["c"], 2), range(1, max_n + 1))


def best_ns(df: pd.DataFrame, proposer: str | None = None) -> dict | None:
    """The best N three ways (measured, predicted, what-if) and what tells them apart: the rows' own α and their
    verification cost v (target ms per pass over the one-token pass) at the smallest and largest constant N, the
    sweep's one α, and the heuristic row that beats the best constant N, if any (None: none does)."""
    drop = measured_drop(df, proposer) if df is not None else None
    if drop is None:
        return None
    proposer = proposer or _drafting(df)[0]
    model = lab_math.cost_model(df, proposer)
    rows = _rows(df, proposer, "constant").dropna(subset=["alpha"])
    lo, hi = rows.iloc[0], rows.iloc[-1]
    heur = _rows(df, proposer, "heuristic").dropna(subset=["speedup_vs_none"])
    top = heur.loc[heur["speedup_vs_none"].idxmax()] if len(heur) else None
    above = top is not None and top["speedup_vs_none"] > drop["peak"]
    return {"measured": drop["best"], "peak": drop["peak"], "predicted": best_predicted(df, proposer),
            "what_if": best_what_if(df, proposer), "alpha": model["alpha"],
            "n_lo": int(lo["num_assistant_tokens"]), "n_hi": int(hi["num_assistant_tokens"]),
            "alpha_lo": float(lo["alpha"]), "alpha_hi": float(hi["alpha"]),
            "v_lo": float(lo["target_ms_per_pass"] / model["t1_ms"]),
            "v_hi": float(hi["target_ms_per_pass"] / model["t1_ms"]),
            "heuristic": ({"n": int(top["num_assistant_tokens"]), "x": float(top["speedup_vs_none"])}
                          if above else None)}


def tokens_per_pass(df: pd.DataFrame, lang: str = "en", narrow: bool = False) -> go.Figure:
    """Measured tokens per target pass against N, the predicted curve with the fitted α, and the N + 1 limit."""
    title = t("lab.title.tokens", lang)
    if df is None or not len(_drafting(df)):
        return _empty(title, lang, narrow)
    fig = theme.new_figure(title, height=420, lang=lang, narrow=narrow)
    ns = _ns(df)
    fig.add_trace(go.Scatter(x=ns, y=ns + 1, mode="lines", name=t("lab.legend.limit", lang), meta="limit",
                             line={"color": theme.GREY, "dash": "dash"}))
    for proposer in _drafting(df):
        colour = COLOURS.get(proposer, theme.BLUE)
        model = lab_math.cost_model(df, proposer)
        curve = lab_math.predicted_curve(model, ns)
        fig.add_trace(go.Scatter(x=curve["num_assistant_tokens"], y=curve["tokens_per_target_pass"], mode="lines",
                                 name=t("lab.legend.predicted", lang, proposer=_name(proposer, lang), alpha=model["alpha"]),
                                 meta="predicted", line={"color": colour}))
        _measured(fig, df, proposer, "tokens_per_target_pass", colour, lang)
    fig.update_xaxes(title_text=t("lab.axis.n", lang))
    fig.update_yaxes(title_text=t("lab.axis.tokens", lang), rangemode="tozero")
    return _fit(fig, narrow)


def _measured(fig: go.Figure, df: pd.DataFrame, proposer: str, column: str, colour: str, lang: str) -> None:
    """One proposer's measured points against N: constant-N rows as dots, heuristic rows as diamonds."""
    const = _rows(df, proposer, "constant")
    fig.add_trace(go.Scatter(x=const["num_assistant_tokens"], y=const[column], mode="markers",
                             name=t("lab.legend.measured", lang, proposer=_name(proposer, lang)), meta="measured",
                             marker={"color": colour, "size": 11}))
    heur = _rows(df, proposer, "heuristic")
    if len(heur):
        fig.add_trace(go.Scatter(x=heur["num_assistant_tokens"], y=heur[column], mode="markers",
                                 name=t("lab.legend.heuristic", lang, proposer=_name(proposer, lang)), meta="heuristic",
                                 marker={"color": HEURISTIC, "symbol": "diamond", "size": 11}))


def speedup(df: pd.DataFrame, lang: str = "en", narrow: bool = False) -> go.Figure:
    """Measured speed-up against N (on the sweep's clock), the predicted curve, the 1.0 line, the best N, the heuristic."""
    proposers = _drafting(df) if df is not None else []
    if not proposers:
        return _empty(t("lab.title.speedup_empty", lang), lang, narrow)
    first = lab_math.cost_model(df, proposers[0])
    title = "lab.title.speedup.cpu" if clock(df) == CPU else "lab.title.speedup"
    fig = theme.new_figure(t(title, lang, c=first["c"]), height=440, lang=lang, narrow=narrow)
    ns = _ns(df)
    fig.add_trace(go.Scatter(x=[1, ns[-1]], y=[1.0, 1.0], mode="lines", name=t("lab.legend.baseline", lang),
                             meta="baseline", line={"color": theme.GREY, "dash": "dash"}))
    for proposer in proposers:
        colour = COLOURS.get(proposer, theme.BLUE)
        model = lab_math.cost_model(df, proposer)
        curve = lab_math.predicted_curve(model, ns)
        fig.add_trace(go.Scatter(x=curve["num_assistant_tokens"], y=curve["speedup"], mode="lines", meta="predicted",
                                 name=t("lab.legend.predicted_speedup", lang, proposer=_name(proposer, lang),
                                        alpha=model["alpha"], c=model["c"]), line={"color": colour}))
        _measured(fig, df, proposer, "speedup_vs_none", colour, lang)
    best = best_measured(df)
    if best is not None:
        y = float(_rows(df, proposers[0], "constant").set_index("num_assistant_tokens").loc[best, "speedup_vs_none"])
        fig.add_trace(go.Scatter(x=[best], y=[y], mode="markers", meta="best",
                                 name=t("lab.legend.best", lang, n=best),
                                 marker={"symbol": "star", "size": 22, "color": theme.ORANGE,
                                         "line": {"color": theme.BLACK, "width": 1}}))
    predicted = best_predicted(df)
    if predicted is not None:
        fig.add_vline(x=predicted, line={"color": COLOURS.get(proposers[0], theme.BLUE), "dash": "dot"})
        # over the plot area, where no line runs (at its foot the 1.0 line struck it through)
        fig.add_annotation(x=predicted, y=1.0, yref="paper", text=t("lab.legend.best_predicted", lang, n=predicted),
                           showarrow=False, yanchor="bottom", xanchor="left", xshift=4, yshift=2, font={"size": 12})
    fig.update_xaxes(title_text=t("lab.axis.n", lang))
    fig.update_yaxes(title_text=t("lab.axis.speedup", lang))     # not from 0: the action is near the 1.0 line
    if narrow:
        return _fit(fig, narrow)
    rows = sum(1 for trace in fig.data if trace.showlegend is not False)
    fig.update_layout(height=440 + 24 * rows)                     # the legend under the plot, which keeps its height
    # in a half-width pane (tour chapter 9) a legend on top runs into the title
    return theme.legend_below(_fit(fig, narrow), rows)


def two_pairs(frames: dict[str, pd.DataFrame], lang: str = "en", narrow: bool = False) -> go.Figure:
    """Speed-up against N for several pairs' recorded sweeps on one plot: each pair's measured constant-N points and
    the cost model's curve for its own α, c and verification cost. The lesson: with similar acceptance, a cheap
    drafter pays and an expensive one does not, and the model predicts both."""
    frames = {name: df for name, df in frames.items() if df is not None and len(_drafting(df))}
    if not frames:
        return _empty(t("lab.pairs.title", lang), lang, narrow)
    # room for a long German axis title
    fig = theme.new_figure(t("lab.pairs.title", lang), height=460, lang=lang, narrow=narrow)
    top = max(int(_ns(df)[-1]) for df in frames.values())
    fig.add_trace(go.Scatter(x=[1, top], y=[1.0, 1.0], mode="lines", name=t("lab.legend.baseline", lang),
                             meta="baseline", line={"color": theme.GREY, "dash": "dash"}))
    for (name, df), colour in zip(frames.items(), (theme.BLUE, theme.VERMILLION, theme.GREEN)):
        proposer = _drafting(df)[0]
        model = lab_math.cost_model(df, proposer)
        label = t(f"lab.pair.{name}", lang)
        curve = lab_math.predicted_curve(model, _ns(df))
        fig.add_trace(go.Scatter(x=curve["num_assistant_tokens"], y=curve["speedup"], mode="lines", meta="predicted",
                                 name=t("lab.pairs.predicted", lang, pair=label), line={"color": colour}))
        rows = _rows(df, proposer, "constant")
        fig.add_trace(go.Scatter(x=rows["num_assistant_tokens"], y=rows["speedup_vs_none"], mode="markers",
                                 meta="measured", marker={"color": colour, "size": 11},
                                 name=t("lab.pairs.measured", lang, pair=label, c=model["c"],
                                        alpha=model["alpha"])))
    fig.update_xaxes(title_text=t("lab.axis.n", lang))
    fig.update_yaxes(title_text=t("lab.axis.speedup", lang), rangemode="tozero")
    return _fit(fig, narrow) if narrow else theme.legend_below(_fit(fig, narrow), 2 * len(frames) + 1)


def acceptance(df: pd.DataFrame, lang: str = "en", narrow: bool = False) -> go.Figure:
    """Acceptance by draft position for the longest constant-N row, against α^k with that row's own α: the α fitted
    to these bars (accepted guesses over guesses the target checked), so the line is the bars' own one-α summary."""
    proposers = _drafting(df) if df is not None else []
    const = _rows(df, proposers[0], "constant") if proposers else None
    if const is None or not len(const):
        return _empty(t("lab.title.acceptance", lang, n="?"), lang, narrow)
    row = const.iloc[-1]
    shares = lab_math.positions(row)
    alpha = float(row["alpha"])
    k = np.arange(1, len(shares) + 1)
    # each bar's share written in a band over the plot, where the α^k line never runs (above its bar, the line and
    # its markers crossed the numbers, which sit about where α^k does); on a phone in two staggered rows
    rows = 2 if narrow else 1
    band = 8 + 16 * rows                            # the band's height, added to the figure's: the plot keeps its own
    fig = theme.new_figure(t("lab.title.acceptance", lang, n=int(row["num_assistant_tokens"])), height=380 + band,
                           lang=lang, narrow=narrow, headroom=band)
    text = [number(s, lang, 2) for s in shares]
    fig.add_trace(go.Bar(x=k, y=shares, name=t("lab.legend.positions", lang), meta="positions",
                         marker={"color": theme.GREEN}, text=text, textposition="none"))
    for position, said in zip(k, text):
        fig.add_annotation(x=int(position), y=1.0, yref="paper", yanchor="bottom", text=said, showarrow=False,
                           yshift=2 + 16 * (rows - 1) * (position % 2 == 0), font={"size": 11 if narrow else 13})
    fig.add_trace(go.Scatter(x=k, y=np.asarray(alpha, dtype=float) ** k, mode="lines+markers", meta="alpha_k",
                             name=t("lab.legend.alpha_k", lang, alpha=alpha), line={"color": theme.BLACK}))
    fig.update_xaxes(title_text=t("lab.axis.position", lang))
    fig.update_yaxes(title_text=t("lab.axis.share", lang), range=[0, 1.04])
    return _fit(fig, narrow)


ROOM, BELOW = 82, 200      # the what-if's legend: px from the plots' bottom to its top; the margin that holds it


def what_if(alpha: float, c: float, lang: str = "en", presets: dict | None = None, max_n: int = PAGE_NS[-1],
            moe: dict | None = None, narrow: bool = False) -> go.Figure:
    """The cost model alone: tokens per pass and speed-up against N for the chosen α and c, with each preset pair
    as its own projected curve. v = 1 (the paper) for a dense target; with `moe` (and for a MoE preset) v(N) counts
    the experts N + 1 tokens pick (lab_math.moe_verify_cost). Needs no sweep and no model, so sliders redraw it at once."""
    presets = lab_math.PRESETS if presets is None else presets
    alpha, c = float(np.clip(alpha, 0.0, 1.0)), max(float(c), 0.0)
    ns = np.arange(1, max_n + 1)
    verify = lab_math.verify_cost_of({"moe": moe})
    best = lab_math.best_gamma(alpha, c, ns, verify)
    right = {"row": 2, "col": 1} if narrow else {"row": 1, "col": 2}     # on a phone the two plots one above the other
    height = 760 if narrow else 560 + BELOW - 150         # the plots as tall as with a margin of 150 px below
    fig = theme.grid(rows=2 if narrow else 1, cols=1 if narrow else 2, horizontal_spacing=0.1,
                        vertical_spacing=0.16, subplot_titles=[
                            t("lab.title.what_if_tokens", lang), t("lab.title.what_if_speedup", lang)])
    theme.new_figure(t("lab.title.what_if", lang, alpha=alpha, c=c, best=best,
                       speedup=lab_math.walltime_improvement(alpha, best, c, verify(best))), height=height,
                     fig=fig, headroom=10, lang=lang, narrow=narrow)
    # many entries: below the plots, ROOM px under them (the tick labels and the axis title, 65 px), then up to four
    # rows of entries. A fraction of the plots' height (-0.22) put the legend 63 px under a plot shortened by a title
    # of two lines, into the German axis title "N (Vorschläge pro Runde)" (a phone: theme.narrow_legend)
    fig.update_layout(legend={"y": -ROOM / (height - fig.layout.margin.t - BELOW), "yanchor": "top"},
                      margin={"b": BELOW})
    for i, (key, p) in enumerate(presets.items()):
        name = t("lab.legend.projected", lang, name=t(f"lab.preset.{key}", lang))
        colour, dash, symbol = PRESET_STYLE[i % len(PRESET_STYLE)]
        line, marker = {"color": colour, "dash": dash, "width": 1.5}, {"symbol": symbol, "size": 7, "color": colour}
        fig.add_trace(go.Scatter(x=ns, y=lab_math.expected_tokens(p["alpha"], ns), mode="lines+markers", name=name,
                                 meta=f"preset:{key}", legendgroup=key, line=line, marker=marker, showlegend=False),
                      row=1, col=1)
        v = lab_math.verify_cost_of(p)
        fig.add_trace(go.Scatter(x=ns, y=lab_math.walltime_improvement(p["alpha"], ns, p["c"], [v(n) for n in ns]),
                                 mode="lines+markers", name=name, meta=f"preset:{key}", legendgroup=key, line=line,
                                 marker=marker), **right)
    label = t("lab.legend.what_if_moe" if moe else "lab.legend.what_if", lang, alpha=alpha, c=c)
    speedups = lab_math.walltime_improvement(alpha, ns, c, [verify(n) for n in ns])
    fig.add_trace(go.Scatter(x=ns, y=lab_math.expected_tokens(alpha, ns), mode="lines+markers", name=label,
                             meta="what_if", legendgroup="what_if", showlegend=False,
                             line={"color": theme.BLUE, "width": 3}), row=1, col=1)
    fig.add_trace(go.Scatter(x=ns, y=speedups, mode="lines+markers", name=label,
                             meta="what_if", legendgroup="what_if", line={"color": theme.BLUE, "width": 3}),
                  **right)
    fig.add_trace(go.Scatter(x=[best], y=[speedups[best - 1]], mode="markers", meta="best",
                             name=t("lab.legend.best_predicted", lang, n=best),
                             marker={"symbol": "star", "size": 20, "color": theme.ORANGE,
                                     "line": {"color": theme.BLACK, "width": 1}}), **right)
    fig.add_trace(go.Scatter(x=[1, max_n], y=[1.0, 1.0], mode="lines", name=t("lab.legend.baseline", lang),
                             meta="baseline", line={"color": theme.GREY, "dash": "dash"}), **right)
    fig.update_xaxes(title_text=t("lab.axis.n", lang), **(right if narrow else {}))   # a phone: under the lower plot
    fig.update_yaxes(title_text=t("lab.axis.tokens", lang), rangemode="tozero", row=1, col=1)
    fig.update_yaxes(title_text=t("lab.axis.speedup", lang), rangemode="tozero", **right)
    return _fit(fig, narrow, dtick=2)


def build_all(df: pd.DataFrame, lang: str = "en", narrow: bool = False) -> list[go.Figure]:
    """The three sweep views in page order: tokens per pass, speed-up, acceptance by position."""
    return [tokens_per_pass(df, lang, narrow), speedup(df, lang, narrow), acceptance(df, lang, narrow)]
