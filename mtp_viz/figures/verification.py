"""View 6, verification detail: per draft position the target's p against the drafter's q, and the verdict.

Knows a Trace and the theme; knows nothing about models or the UI. Under sampling it adds the uniform draw u, the
acceptance probability min(1, p/q) and the residual distribution norm(max(0, p - q)) the correction came from.
"""
from __future__ import annotations

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from mtp_viz.figures import theme

TITLE = "Verification"
WHAT_YOU_SEE = (
    "For each guess of this round: how likely the target model finds it (p, dark) and how likely the drafter "
    "found it (q, light). With greedy decoding a guess is kept when it is the target's own top choice. With "
    "sampling, a guess is kept when a random number u (◆) falls below min(1, p/q) (—): guesses the target likes "
    "at least as much as the drafter always pass. At the first rejection the target draws its own token from "
    "what is left of its distribution once the drafter's share is removed (right panel, sampling only); later "
    "guesses are not checked. This rule makes the output exactly as random as the target alone."
)


def build(trace, round_index: int) -> go.Figure:
    i = theme.clamp(trace, round_index)
    rnd = trace.rounds[i]
    sampled = bool(trace.settings.get("do_sample"))
    if not rnd.verify_steps:
        fig = theme.new_figure(f"{TITLE}: round {i}", height=260)
        why = "Round 0 is the prefill: the target reads the prompt and picks the first token. Nothing to verify." \
            if i == 0 else "No guesses in this round: the target produced one token on its own."
        return theme.message(fig, why)
    residual = next((v for v in rnd.verify_steps if v.residual_top_ids), None)
    fig = make_subplots(rows=1, cols=2 if residual else 1, column_widths=[0.7, 0.3] if residual else None,
                        subplot_titles=["", "residual norm(max(0, p − q))"] if residual else None)
    kept = f"kept {rnd.num_accepted} of {rnd.num_drafted}"
    mode = "sampling" if sampled else "greedy"
    theme.new_figure(f"{TITLE}: round {i}, {kept} ({mode})", height=440, fig=fig, headroom=20)
    steps = rnd.verify_steps
    xs = [f"{v.step + 1}: {theme.short(trace.text_of(v.draft_token_id))}" for v in steps]
    fig.add_trace(go.Bar(x=xs, y=[v.p for v in steps], name="p: target", marker={"color": theme.TARGET},
                         meta="p", hovertemplate="p = %{y:.3f}<extra></extra>"), row=1, col=1)
    fig.add_trace(go.Bar(x=xs, y=[v.q for v in steps], name="q: drafter", meta="q",
                         marker={"color": theme.DRAFTER, "pattern": {"shape": ".", "fgopacity": 0.4, "size": 6}},
                         hovertemplate="q = %{y:.3f}<extra></extra>"), row=1, col=1)
    notes = []
    for x, v in zip(xs, steps):
        notes.append({"x": x, "y": 1.06, "xref": "x", "yref": "y", "showarrow": False, "name": "verdict",
                      "text": f"<b>{theme.mark(v.verdict)} {v.verdict}</b>",
                      "font": {"color": theme.colour(v.verdict) if v.verdict != "unchecked" else theme.GREY}})
        if v.verdict == "rejected":
            notes.append({"x": x, "y": 1.16, "xref": "x", "yref": "y", "showarrow": False, "font": {"size": 12},
                          "text": f"target: {theme.short(trace.text_of(v.target_token_id))} ({v.target_prob:.2f})"})
    fig.update_layout(annotations=[*fig.layout.annotations, *notes])
    if sampled:
        checked = [(x, v) for x, v in zip(xs, steps) if v.accept_prob is not None]
        fig.add_trace(go.Scatter(x=[x for x, _ in checked], y=[v.accept_prob for _, v in checked], mode="markers",
                                 name="min(1, p/q)", meta="accept_prob",
                                 marker={"symbol": "line-ew-open", "size": 34, "color": theme.BLACK,
                                         "line": {"width": 4, "color": theme.BLACK}}),
                      row=1, col=1)
        fig.add_trace(go.Scatter(x=[x for x, _ in checked], y=[v.u for _, v in checked], mode="markers",
                                 name="u (uniform draw)", meta="u",
                                 marker={"symbol": "diamond", "size": 13, "color": theme.ORANGE,
                                         "line": {"width": 1, "color": theme.BLACK}}), row=1, col=1)
    fig.update_yaxes(range=[0, 1.22], title_text="p (target) and q (drafter)", row=1, col=1)
    if residual:
        names = [theme.short(trace.text_of(t)) for t in residual.residual_top_ids]
        colours = [theme.colour("correction") if t == residual.residual_token_id else theme.LIGHT_GREY
                   for t in residual.residual_top_ids]
        fig.add_trace(go.Bar(x=names, y=residual.residual_top_probs, name="residual (drawn token orange)",
                             marker={"color": colours}, meta="residual",
                             hovertemplate="%{x}: %{y:.3f}<extra></extra>"), row=1, col=2)
        fig.update_yaxes(range=[0, 1.05], row=1, col=2)
    fig.update_layout(barmode="group", bargap=0.25)
    return fig
