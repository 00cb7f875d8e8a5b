"""View 3, cluster selection: how the drafter's efficient embedder scores centroids and keeps the top-k.

Knows a Trace and the theme; knows nothing about models or the UI. One small panel per draft step of the round:
the recorded centroid scores, highest first, the selected clusters highlighted, the drafted token, and a flag
when the target's token lay outside the selected clusters (a cluster miss: the drafter could not have guessed it).
"""
from __future__ import annotations

import math

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from mtp_viz.figures import theme

TITLE = "Cluster selection"
WHAT_YOU_SEE = (
    "Scoring every word of a big vocabulary is expensive for a small drafter, so Gemma 4's drafter first scores "
    "clusters of similar tokens (one centroid each; 2,048 in the real models) and only looks inside the best "
    "few. Each panel is one "
    "guess of this round: bars are centroid scores, highest first; dark-blue bars were selected, grey ones were "
    "not. Only tokens in the selected clusters can be guessed. If the target wanted a token from a cluster "
    "that was not selected, the panel says “cluster miss”: that guess could never have been right."
)
MAX_BARS = 40   # centroids drawn per panel (the highest scores)
MAX_PANELS = 8


def build(trace, round_index: int) -> go.Figure:
    i = theme.clamp(trace, round_index)
    rnd, info = trace.rounds[i], trace.model_info
    steps = [d for d in rnd.draft_steps if d.centroid_scores]
    if not steps:
        fig = theme.new_figure(f"{TITLE}: round {i}", height=260)
        why = ("Round 0 is the prefill: nothing is drafted yet. Press Step." if i == 0 and info.get("proposer") == "mtp"
               else "No guesses in this round." if not rnd.draft_steps
               else "This drafter has no efficient embedder: it scores the whole vocabulary.")
        return theme.message(fig, why)
    steps = steps[:MAX_PANELS]
    cols = min(4, len(steps))
    rows = math.ceil(len(steps) / cols)
    fig = make_subplots(rows=rows, cols=cols, subplot_titles=[_panel_title(trace, d) for d in steps],
                        vertical_spacing=0.28 / rows, horizontal_spacing=0.04)
    theme.new_figure(_title(trace, i, steps[0]), height=170 + 230 * rows, fig=fig, headroom=40)
    for k, d in enumerate(steps):
        row, col = k // cols + 1, k % cols + 1
        order = sorted(range(len(d.centroid_scores)), key=lambda j: -d.centroid_scores[j])[:MAX_BARS]
        selected = set(d.selected_clusters or [])
        for is_sel, status in ((True, "selected"), (False, "not selected")):
            idx = [j for j in order if (d.centroid_ids[j] in selected) == is_sel]
            fig.add_trace(go.Bar(
                x=[order.index(j) for j in idx], y=[d.centroid_scores[j] for j in idx],
                name=f"{status} cluster", legendgroup=status, showlegend=k == 0, meta=status,
                customdata=[d.centroid_ids[j] for j in idx],
                hovertemplate="centroid %{customdata}<br>score %{y:.2f}<extra>" + status + "</extra>",
                marker={"color": theme.TARGET if is_sel else theme.LIGHT_GREY,
                        "pattern": {"shape": "" if is_sel else ".", "fgopacity": 0.5, "size": 5}}),
                row=row, col=col)
        fig.update_xaxes(showticklabels=False, title_text="centroids by score" if row == rows else None,
                         title_font={"size": 12}, row=row, col=col)
    fig.update_yaxes(title_text="score", row=1, col=1)
    fig.update_layout(barmode="overlay", bargap=0.15)
    for ann in fig.layout.annotations:
        if "cluster miss" in ann.text:
            ann.font = {"color": theme.VERMILLION, "size": 13}
        else:
            ann.font = {"size": 13}
    return fig


def _panel_title(trace, d) -> str:
    guess = theme.short(trace.text_of(d.token_id))
    if d.cluster_miss:
        wanted = theme.short(trace.text_of(d.target_token_id))
        return f"guess {d.step + 1}: {guess}<br>✗ cluster miss (target: {wanted})"
    if d.target_token_id is None:
        return f"guess {d.step + 1}: {guess}<br>not checked"
    verdict = "✓ target agrees" if d.target_token_id == d.token_id else \
        f"target: {theme.short(trace.text_of(d.target_token_id))} (in a selected cluster)"
    return f"guess {d.step + 1}: {guess}<br>{verdict}"


def _title(trace, i: int, d) -> str:
    info = trace.model_info
    k, n = len(d.selected_clusters or []), info.get("num_centroids") or len(d.centroid_ids)
    frac = d.scored_fraction if d.scored_fraction is not None else info.get("scored_fraction")
    vocab = info.get("vocab_size")
    scored = f", {frac:.1%} of the vocabulary scored" if frac is not None else ""
    if frac is not None and vocab:
        scored = f", {round(frac * vocab):,} of {vocab:,} tokens scored ({frac:.1%})"
    return f"{TITLE}: round {i}, top {k} of {n:,} clusters kept{scored}"
