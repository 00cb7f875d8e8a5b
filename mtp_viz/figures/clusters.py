"""View 3, cluster selection: how the drafter's efficient embedder scores centroids and keeps the top-k.

Knows a Trace and the theme; knows nothing about models or the UI. One small panel per draft step of the round:
the recorded centroid scores, highest first, the selected clusters highlighted, the drafted token, and a flag
when the target's token lay outside the selected clusters (a cluster miss: the drafter could not have guessed it).
"""
from __future__ import annotations

import math

import plotly.graph_objects as go

from mtp_viz import gemma4, model_table
from mtp_viz.figures import theme
from mtp_viz.proposer_registry import ENTRIES
from mtp_viz.strings import t

KEY = "clusters"
MAX_BARS = 40   # centroids drawn per panel (the highest scores)
MAX_PANELS = 8  # guesses drawn; the title says when a round had more


def build(trace, round_index: int, lang: str = "en", narrow: bool = False) -> go.Figure:
    i = theme.clamp(trace, round_index)
    rnd, info = trace.rounds[i], trace.model_info
    steps = [d for d in rnd.draft_steps if d.centroid_scores]
    if not steps:
        fig = theme.new_figure(t("fig.clusters.heading_empty", lang, i=i), height=260, lang=lang, narrow=narrow)
        why = ("fig.clusters.prefill" if i == 0 and ENTRIES[info.proposer].clusters
               else "fig.clusters.none" if not rnd.draft_steps else "fig.clusters.no_embedder")
        return theme.message(fig, t(why, lang), narrow)
    total, steps = len(steps), steps[:MAX_PANELS]
    cols = min(2 if narrow else 4, len(steps))     # a phone: two panels a row
    rows = math.ceil(len(steps) / cols)
    verdicts = {v.step: v.verdict for v in rnd.verify_steps}
    # panel titles wrapped to a panel's width (four side by side beside the stream: a cluster miss's line ran over
    # the next panel and the y axis), with room over the panels for their lines
    titles = [theme.wrap(_panel_title(trace, d, verdicts, lang), 18 if narrow else 22) for d in steps]
    lines = max(x.count("<br>") + 1 for x in titles)
    fig = theme.grid(rows=rows, cols=cols, subplot_titles=titles, vertical_spacing=0.3 / rows,
                        horizontal_spacing=0.04)
    theme.new_figure(_title(trace, i, steps[0], total, len(steps), lang), height=(150 if narrow else 174) + 150 * rows, fig=fig,
                     headroom=18 * lines + (4 if narrow else 28), lang=lang, narrow=narrow)

    real = model_table.REFERENCE.sizes
    theme.beside_real(fig, t("fig.real.clusters", lang, name=real["name"], k=real["centroid_top_k"],
                             n=real["num_centroids"], scored=gemma4.scored_tokens(real), vocab=real["vocab_size"],
                             frac=gemma4.scored_tokens(real) / real["vocab_size"]), narrow)
    for k, d in enumerate(steps):
        row, col = k // cols + 1, k % cols + 1
        order = sorted(range(len(d.centroid_scores)), key=lambda j: -d.centroid_scores[j])[:MAX_BARS]
        selected = set(d.selected_clusters or [])
        for is_sel, status in ((True, "selected"), (False, "not selected")):
            idx = [j for j in order if (d.centroid_ids[j] in selected) == is_sel]
            name = t("fig.clusters.selected" if is_sel else "fig.clusters.not_selected", lang)
            fig.add_trace(go.Bar(
                x=[order.index(j) for j in idx], y=[d.centroid_scores[j] for j in idx],
                name=name, legendgroup=status, showlegend=k == 0, meta=status,
                customdata=[d.centroid_ids[j] for j in idx],
                hovertemplate=t("fig.clusters.hover", lang, c="%{customdata}", s="%{y:.2f}") + f"<extra>{name}</extra>",
                marker={"color": theme.TARGET if is_sel else theme.LIGHT_GREY,
                        "pattern": {"shape": "" if is_sel else ".", "fgopacity": 0.5, "size": 5}}),
                row=row, col=col)
        fig.update_xaxes(showticklabels=False,     # wrapped: four panels' titles side by side ran into each other
                         title_text=theme.wrap(t("fig.clusters.xaxis", lang), 16) if row == rows else None,
                         title_font={"size": 12}, row=row, col=col)
    fig.update_yaxes(title_text=t("fig.clusters.yaxis", lang), row=1, col=1)
    fig.update_layout(barmode="overlay", bargap=0.15)
    if narrow:
        fig.update_yaxes(nticks=4)
        theme.narrow_legend(fig)     # then as tall as its title, legend and panels (two-line panel titles) need
        fig.update_layout(height=fig.layout.margin.t + fig.layout.margin.b + 220 * rows)
    else:     # as tall as the title, subtitle and legend need over panels that keep their height (under a German
        # title of two lines and a subtitle of two, the panels were 50 px tall and their ticks ran together)
        plots = 160 * rows + 18 * lines * (rows - 1)
        fig.update_layout(height=fig.layout.margin.t + fig.layout.margin.b + plots,
                          legend={"y": 1.0 + (18 * lines + 28) / plots})     # the headroom, over the new height
    for ann, d in zip(fig.layout.annotations, steps):
        ann.font = {"color": theme.VERMILLION, "size": 13} if d.cluster_miss else {"size": 13}
        ann.name = "panel"
    return fig


def _panel_title(trace, d, verdicts: dict, lang: str) -> str:
    """The guess and the target's verdict on it, as the record has it; a cluster miss names the top choice."""
    verdict = verdicts.get(d.step, "unchecked")
    said = f"{theme.mark(verdict)} {t(f'fig.verdict.{verdict}', lang)}"
    if d.cluster_miss:
        said = t("fig.clusters.miss", lang, verdict=said, token=theme.short(trace.text_of(d.target_token_id)))
    return t("fig.clusters.panel", lang, k=d.step + 1, token=theme.short(trace.text_of(d.token_id)), verdict=said)


def _title(trace, i: int, d, total: int, shown: int, lang: str) -> str:
    info = trace.model_info
    k, n = len(d.selected_clusters or []), info.num_centroids or len(d.centroid_ids)
    frac = d.scored_fraction if d.scored_fraction is not None else info.scored_fraction
    vocab = info.vocab_size
    scored = t("fig.clusters.scored_fraction", lang, frac=frac) if frac is not None else ""
    if frac is not None and vocab:
        scored = t("fig.clusters.scored_tokens", lang, scored=round(frac * vocab), vocab=vocab, frac=frac)
    more = t("fig.clusters.more", lang, shown=shown, total=total) if total > shown else ""
    return t("fig.clusters.heading", lang, i=i, k=k, n=n, scored=scored, more=more)
