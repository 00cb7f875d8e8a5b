"""View 4, KV sharing: which target caches the MTP drafter reads, and how the target's cache grows and is cropped.

Knows a Trace (its model_info and per-round cache lengths) and the theme; knows nothing about models or the UI.
Left: the target's layer stack (sliding vs full attention) and the drafter's layers, arrows to the source layers
named in model_info["kv_source_layers"]. Right: the target KV cache length round by round.
"""
from __future__ import annotations

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from mtp_viz.figures import theme

TITLE = "KV cache sharing"
WHAT_YOU_SEE = (
    "Left: the target model's layers, bottom to top; light bars use sliding-window attention (they look at "
    "recent tokens only), dark hatched bars use full attention. The Gemma 4 drafter has no cache of its own: "
    "each of its layers reads the keys and values of one target layer of the same kind (arrows). Right: how "
    "many positions the target's cache holds after each round. The verification pass writes every guess "
    "into the cache; the red part is cropped away again because those guesses were rejected."
)
KIND = {"sliding_attention": ("sliding", theme.SKY, ""), "full_attention": ("full", theme.BLUE, "/")}


def build(trace, round_index: int) -> go.Figure:
    i = theme.clamp(trace, round_index)
    fig = make_subplots(rows=1, cols=2, column_widths=[0.38, 0.62], horizontal_spacing=0.1,
                        subplot_titles=["layers and shared caches", "target KV cache length"])
    theme.new_figure(f"{TITLE}: round {i}", height=520, fig=fig, headroom=30)
    _layers(fig, trace.model_info)
    _cache(fig, trace, i)
    fig.update_layout(barmode="overlay")
    return fig


def _layers(fig: go.Figure, info: dict) -> None:
    types = info.get("target_layer_types") or []
    n = len(types)
    for kind, (short, c, pat) in KIND.items():
        ys = [k for k, t in enumerate(types) if t == kind]
        fig.add_trace(go.Bar(
            x=[1.0] * len(ys), base=[0.0] * len(ys), y=ys, orientation="h", width=0.8, name=f"target {short} layer",
            marker={"color": c, "pattern": {"shape": pat, "fgopacity": 0.4, "size": 6}}, meta="target-layer",
            hovertemplate="target layer %{y} (" + short + " attention)<extra></extra>"), row=1, col=1)
    fig.update_xaxes(visible=False, range=[-0.2, 3.6], row=1, col=1)
    fig.update_yaxes(title_text="target layer", range=[-1, max(n, 1) + max(2, n / 10)], row=1, col=1)
    sources = info.get("kv_source_layers") or {}
    d_types = info.get("drafter_layer_types") or []
    if not sources or not d_types:
        what = "this drafter keeps its own KV cache" if info.get("proposer") == "draft-model" else \
            "no drafter reads the target's cache here"
        fig.add_annotation(text=what, x=2.3, y=n / 2, xref="x", yref="y", showarrow=False,
                           font={"color": theme.GREY})
        return
    # the drafter's layers, centred next to the source layers, bottom to top like the target's
    mid = sum(sources.values()) / len(sources)
    gap = max(1.0, n / 12)
    ys = [mid - gap * (len(d_types) - 1) / 2 + gap * k for k in range(len(d_types))]
    for kind, (short, c, pat) in KIND.items():
        idx = [k for k, t in enumerate(d_types) if t == kind]
        fig.add_trace(go.Bar(
            x=[1.0] * len(idx), base=[2.4] * len(idx), y=[ys[k] for k in idx], orientation="h", width=0.8 * gap,
            name=f"drafter {short} layer", marker={"color": c, "line": {"color": theme.BLACK, "width": 1.5},
                                                  "pattern": {"shape": pat, "fgopacity": 0.4, "size": 6}},
            text=[f"drafter {k}" for k in idx], textposition="inside", meta="drafter-layer",
            hovertemplate="drafter layer (" + short + " attention)<extra></extra>"), row=1, col=1)
    notes = []
    for k, kind in enumerate(d_types):
        if sources.get(kind) is not None:
            notes.append({"x": 1.02, "y": sources[kind], "ax": 2.38, "ay": ys[k], "xref": "x", "yref": "y",
                          "axref": "x", "ayref": "y", "showarrow": True, "arrowhead": 3, "arrowsize": 1.2,
                          "arrowwidth": 2, "arrowcolor": theme.ORANGE, "text": "", "name": "kv-arrow"})
    for kind, src in sources.items():
        notes.append({"x": -0.05, "y": src, "xref": "x", "yref": "y", "xanchor": "right", "showarrow": False,
                      "text": f"<b>{src}</b>", "font": {"color": theme.ORANGE}, "name": "kv-source",
                      "yshift": 7 if kind == "full_attention" else -7})
    top = max(n - 0.5, ys[-1] + 0.5 * gap)
    fig.update_yaxes(range=[-1, top + max(1.5, n / 10)], row=1, col=1)
    notes.append({"x": 1.7, "y": top + 0.2, "xref": "x", "yref": "y", "showarrow": False, "yanchor": "bottom",
                  "text": f"drafter reads layers {', '.join(str(v) for v in sorted(set(sources.values())))} of {n}",
                  "font": {"size": 12, "color": theme.ORANGE}})
    fig.update_layout(annotations=[*fig.layout.annotations, *notes])


def _cache(fig: go.Figure, trace, i: int) -> None:
    rounds = trace.rounds[: i + 1]
    xs = [r.index for r in rounds]
    kept = [r.cache_len_after for r in rounds]
    cropped = [r.cache_len_verified - r.cache_len_after for r in rounds]
    fig.add_trace(go.Bar(x=xs, y=kept, name="kept in cache", marker={"color": theme.GREEN}, meta="kept",
                         hovertemplate="round %{x}: %{y} positions kept<extra></extra>"), row=1, col=2)
    fig.add_trace(go.Bar(x=xs, y=cropped, base=kept, name="written, then cropped", meta="cropped",
                         marker={"color": theme.VERMILLION, "pattern": {"shape": "x", "fgopacity": 0.5, "size": 6}},
                         text=[f"−{c}" if c else "" for c in cropped], textposition="outside",
                         hovertemplate="round %{x}: %{customdata} positions cropped after the rejection"
                                       "<extra></extra>", customdata=cropped), row=1, col=2)
    fig.add_trace(go.Scatter(x=xs, y=[r.cache_len_before for r in rounds], mode="lines+markers", meta="before",
                             name="length entering the round", line={"color": theme.BLACK, "dash": "dot"},
                             marker={"symbol": "diamond"}), row=1, col=2)
    window = trace.model_info.get("sliding_window")
    top = max((r.cache_len_verified for r in rounds), default=0)
    if window and window < top * 1.3:
        fig.add_hline(y=window, line={"color": theme.SKY, "dash": "dash"}, row=1, col=2,
                      annotation_text=f"sliding layers keep only the last {window}", annotation_position="top left",
                      annotation_bgcolor=theme.PAPER)
    fig.update_xaxes(title_text="round", dtick=1 if len(xs) <= 20 else None, row=1, col=2)
    fig.update_yaxes(title_text="positions", rangemode="tozero", row=1, col=2)
