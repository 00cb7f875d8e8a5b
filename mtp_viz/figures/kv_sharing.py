"""View 4, KV sharing: which target caches the MTP drafter reads, and how the target's cache grows and is cropped.

Knows a Trace (its model_info and per-round cache lengths) and the theme; knows nothing about models or the UI.
Left: the target's layer stack (sliding vs full attention) and the drafter's layers, arrows to the source layers
named in model_info.kv_source_layers. Right: the target KV cache length round by round.
"""
from __future__ import annotations

import plotly.graph_objects as go

from mtp_viz import model_table
from mtp_viz.figures import theme
from mtp_viz.proposer_registry import ENTRIES
from mtp_viz.strings import t
from mtp_viz.trace import ModelInfo

KEY = "kv_sharing"
KIND = {"sliding_attention": ("sliding", theme.SKY, ""), "full_attention": ("full", theme.BLUE, "/")}


def build(trace, round_index: int, lang: str = "en", narrow: bool = False) -> go.Figure:
    i = theme.clamp(trace, round_index)
    # on a phone the cache's panel sits under the layers' (`right` is where it goes)
    right = {"row": 2, "col": 1} if narrow else {"row": 1, "col": 2}
    fig = theme.grid(rows=2 if narrow else 1, cols=1 if narrow else 2,
                        column_widths=None if narrow else [0.38, 0.62], horizontal_spacing=0.1, vertical_spacing=0.14,
                        subplot_titles=[theme.wrap(t(f"fig.kv_sharing.{p}", lang), 30 if narrow else 200)
                                        for p in ("layers", "cache")])
    theme.new_figure(t("fig.kv_sharing.heading", lang, i=i), height=900 if narrow else 520, fig=fig, lang=lang,
                     narrow=narrow)
    real = model_table.REFERENCE.sizes
    theme.beside_real(fig, t("fig.real.kv", lang, name=real["name"], shared=real["kv_shared_layers"],
                             layers=real["num_layers"], sliding=real["kv_sources"][0], full=real["kv_sources"][1]),
                      narrow)
    _layers(fig, trace.model_info, lang)
    _cache(fig, trace, i, lang, right, narrow)
    fig.update_layout(barmode="overlay")
    # seven entries: above the plot they ran into the title in German
    if narrow:
        fig = theme.narrow_legend(fig)
    else:     # two entries a row; names longer than half a view's width (German) one a row, the figure as much taller
        names = [d.name or "" for d in fig.data] + [s.name or "" for s in fig.layout.shapes]
        rows = 4 if max(map(theme.text_width, names)) <= 36 else 8
        fig = theme.legend_below(fig, rows=rows)
        fig.update_layout(height=fig.layout.height + 24 * (rows - 4))
    return _crop_labels(fig, trace, i, narrow)


LABEL_PX = 18           # a "−3" over its bar, with its gap


def _crop_labels(fig: go.Figure, trace, i: int, narrow: bool) -> go.Figure:
    """Each round's cropped count ("−3") over its bar, or over the sliding window's dashed line where the line would
    run through it (the line at 16 struck the "−4 −3 −1" of bars 13 to 15 high). Placed once the figure's height and
    margins are final: the label's height in positions is its pixels over the plot's."""
    rounds = trace.rounds[: i + 1]
    axis = fig.layout.yaxis2
    plot_px = ((fig.layout.height or 360) - fig.layout.margin.t - fig.layout.margin.b) * (axis.domain[1] - axis.domain[0])
    per_px = axis.range[1] / max(plot_px, 1.0)
    window = next((s.y0 for s in fig.layout.shapes if s.yref == "y2" and s.y0 == s.y1), None)   # the dashed line
    notes = []
    for r in rounds:
        cropped = r.cache_len_verified - r.cache_len_after
        if not cropped:
            continue
        y = r.cache_len_verified
        if window is not None and y - 2 * per_px < window < y + LABEL_PX * per_px:
            y = window + 3 * per_px                     # the line runs through the label's place: over the line
        notes.append(go.layout.Annotation(x=r.index, y=y, xref="x2", yref="y2", text=f"−{cropped}", showarrow=False,
                                          yanchor="bottom", yshift=1, font={"size": 12 if narrow else 13}))
    theme.annotate(fig, notes)
    return fig


def _layer_ticks(n: int, sources: dict) -> dict:
    """Layer numbers on the axis: every layer when there are few, else every fifth; the layers the drafter
    reads always, in orange and bold (no separate labels that could crowd the ticks)."""
    step = 1 if n <= 12 else 5
    read = set(sources.values())
    # every fifth layer, less those next to a read one (10 beside 13 and 14 would touch it)
    plain = {v for v in range(0, n, step) if step == 1 or all(abs(v - r) > 2 for r in read)}
    marks = {v: str(v) for v in plain}
    for run in _runs(sorted(read)):   # neighbours (13, 14) share one label between them: two would touch
        label = f"{run[0]}–{run[-1]}" if len(run) > 1 else str(run[0])
        marks[sum(run) / len(run)] = f"<b><span style='color:{theme.ORANGE}'>{label}</span></b>"
    vals = sorted(marks)
    return {"tickmode": "array", "tickvals": vals, "ticktext": [marks[v] for v in vals]}


def _runs(values: list[int]) -> list[list[int]]:
    """Consecutive integers grouped: [3, 13, 14] -> [[3], [13, 14]]."""
    runs = []
    for v in values:
        if runs and v == runs[-1][-1] + 1:
            runs[-1].append(v)
        else:
            runs.append([v])
    return runs


def _layers(fig: go.Figure, info: ModelInfo, lang: str) -> None:
    types = info.target_layer_types or []
    n = len(types)
    sources = info.kv_source_layers or {}
    for kind, (short, c, pat) in KIND.items():
        ys = [k for k, ty in enumerate(types) if ty == kind]
        word = t(f"fig.kv_sharing.{short}", lang)
        fig.add_trace(go.Bar(
            x=[1.0] * len(ys), base=[0.0] * len(ys), y=ys, orientation="h", width=0.8,
            name=t("fig.kv_sharing.target_layer", lang, kind=word),
            marker={"color": c, "pattern": {"shape": pat, "fgopacity": 0.4, "size": 6}}, meta="target-layer",
            hovertemplate=t("fig.kv_sharing.target_hover", lang, layer="%{y}", kind=word) + "<extra></extra>"),
            row=1, col=1)
    fig.update_xaxes(visible=False, range=[-0.2, 3.6], row=1, col=1)
    fig.update_yaxes(title_text=t("fig.kv_sharing.layer_axis", lang), range=[-0.6, max(n, 1) - 0.4],
                     **_layer_ticks(n, sources), row=1, col=1)
    d_types = info.drafter_layer_types or []
    if not sources or not d_types:
        what = "fig.kv_sharing.own_cache" if ENTRIES[info.proposer].own_cache else "fig.kv_sharing.no_reader"
        fig.add_annotation(text=t(what, lang), x=2.3, y=n / 2, xref="x", yref="y", showarrow=False,
                           font={"color": theme.GREY})
        return
    # the drafter's layers, centred next to the source layers, bottom to top like the target's
    mid = sum(sources.values()) / len(sources)
    gap = max(1.0, n / 12)
    ys = [mid - gap * (len(d_types) - 1) / 2 + gap * k for k in range(len(d_types))]
    for kind, (short, c, pat) in KIND.items():
        idx = [k for k, ty in enumerate(d_types) if ty == kind]
        word = t(f"fig.kv_sharing.{short}", lang)
        fig.add_trace(go.Bar(
            x=[1.0] * len(idx), base=[2.4] * len(idx), y=[ys[k] for k in idx], orientation="h", width=0.8 * gap,
            name=t("fig.kv_sharing.drafter_layer", lang, kind=word),
            marker={"color": c, "line": {"color": theme.BLACK, "width": 1.5},
                    "pattern": {"shape": pat, "fgopacity": 0.4, "size": 6}},
            text=[t("fig.kv_sharing.drafter_box", lang, k=k) for k in idx], textposition="inside",
            meta="drafter-layer", hovertemplate=t("fig.kv_sharing.drafter_hover", lang, kind=word) + "<extra></extra>"),
            row=1, col=1)
    notes = []
    for k, kind in enumerate(d_types):
        if sources.get(kind) is not None:
            notes.append({"x": 1.02, "y": sources[kind], "ax": 2.38, "ay": ys[k], "xref": "x", "yref": "y",
                          "axref": "x", "ayref": "y", "showarrow": True, "arrowhead": 3, "arrowsize": 1.2,
                          "arrowwidth": 2, "arrowcolor": theme.ORANGE, "text": "", "name": "kv-arrow"})
    low, top = min(-0.6, ys[0] - 0.5 * gap), max(n - 0.4, ys[-1] + 0.5 * gap)
    # room over the top layer for the note on which layers the drafter reads, clear of the panel's title (German)
    fig.update_yaxes(range=[low, top + max(1.2, n / 5)], row=1, col=1)
    layers = ", ".join(str(v) for v in sorted(set(sources.values())))
    notes.append({"x": 1.7, "y": top + 0.1, "xref": "x", "yref": "y", "showarrow": False, "yanchor": "bottom",
                  "text": t("fig.kv_sharing.reads", lang, layers=layers, n=n), "name": "kv-source",
                  "font": {"size": 12, "color": theme.ORANGE}})
    theme.annotate(fig, notes)


def _cache(fig: go.Figure, trace, i: int, lang: str, right: dict, narrow: bool = False) -> None:
    rounds = trace.rounds[: i + 1]
    xs = [r.index for r in rounds]
    kept = [r.cache_len_after for r in rounds]
    cropped = [r.cache_len_verified - r.cache_len_after for r in rounds]
    fig.add_trace(go.Bar(x=xs, y=kept, name=t("fig.kv_sharing.kept", lang), marker={"color": theme.GREEN},
                         meta="kept", hovertemplate=t("fig.kv_sharing.kept_hover", lang, r="%{x}", n="%{y}")
                         + "<extra></extra>"), **right)
    fig.add_trace(go.Bar(x=xs, y=cropped, base=kept, name=t("fig.kv_sharing.cropped", lang), meta="cropped",
                         marker={"color": theme.VERMILLION, "pattern": {"shape": "x", "fgopacity": 0.5, "size": 6}},
                         text=[f"−{c}" if c else "" for c in cropped], textposition="none",   # _crop_labels
                         hovertemplate=t("fig.kv_sharing.cropped_hover", lang, r="%{x}", n="%{customdata}")
                         + "<extra></extra>", customdata=cropped), **right)
    fig.add_trace(go.Scatter(x=xs, y=[r.cache_len_before for r in rounds], mode="lines+markers", meta="before",
                             name=t("fig.kv_sharing.before", lang), line={"color": theme.BLACK, "dash": "dot"},
                             marker={"symbol": "diamond"}), **right)
    window = trace.model_info.sliding_window
    top = max((r.cache_len_verified for r in rounds), default=0)
    if window and window < top * 1.3:
        name = t("fig.kv_sharing.window", lang, window=window)
        fig.add_hline(y=window, line={"color": theme.SKY, "dash": "dash"}, **right,
                      showlegend=True, name=theme.wrap(name, 34) if narrow else name)   # a note would sit
        # on the bars' "−3" labels; the legend says it
    fig.update_xaxes(title_text=t("fig.kv_sharing.round_axis", lang), dtick=1 if len(xs) <= 20 else None, **right)
    # headroom over the tallest bar for its "−3" above it, below the subplot's title
    # (and over the window's line when the legend names it: above the range, it was clipped away unseen)
    shown = window if window and window < top * 1.3 else 0
    fig.update_yaxes(title_text=t("fig.kv_sharing.positions_axis", lang), range=[0, max(top * 1.18, shown * 1.1, 1)],
                     **right)
