"""View 2, the two-lane timeline: one bar per forward pass, drafter lane and target lane, real durations.

Knows a Trace and the theme; knows nothing about models or the UI. Passes are laid end to end in the order they
ran (the drafter's steps, then the target's verification), so the x axis is wall time in milliseconds.
"""
from __future__ import annotations

import plotly.graph_objects as go

from mtp_viz.figures import theme

TITLE = "Timeline of forward passes"
WHAT_YOU_SEE = (
    "Time runs left to right, in milliseconds measured while generating. Each light-blue bar is one pass of the "
    "small drafter, guessing one token; each dark-blue bar is one pass of the big target model, which checks all "
    "of the round's guesses at once. The top lane marks the rounds and the number of guesses N allowed in each. "
    "Speculative decoding pays off when several cheap drafter bars buy more than one token per expensive "
    "target bar."
)
LANES = ["target", "drafter", "round"]


def build(trace, round_index: int) -> go.Figure:
    """Bars for every pass of rounds 0..round_index; the current round is drawn fully, earlier ones paler."""
    i = theme.clamp(trace, round_index)
    lanes = {lane: {"x": [], "base": [], "text": [], "hover": [], "opacity": []} for lane in LANES}
    t = 0.0
    for rnd in trace.rounds[: i + 1]:
        start, alpha = t, 1.0 if rnd.index == i else 0.55
        for d in rnd.draft_steps:
            _add(lanes["drafter"], t, d.ms, theme.short(trace.text_of(d.token_id), 8),
                 f"round {rnd.index}, drafter pass {d.step + 1}<br>guessed {theme.short(trace.text_of(d.token_id))} "
                 f"(q={d.prob:.2f})<br>{d.ms:.1f} ms", alpha)
            t += d.ms
        extra = rnd.drafter_passes - len(rnd.draft_steps)   # passes that proposed nothing (threshold stop)
        for _ in range(max(0, extra)):
            ms = max(0.0, rnd.draft_ms - sum(d.ms for d in rnd.draft_steps)) / extra
            _add(lanes["drafter"], t, ms, "stop", f"round {rnd.index}, drafter pass below the confidence "
                 f"threshold: no guess kept<br>{ms:.1f} ms", alpha)
            t += ms
        label = "prefill" if rnd.index == 0 else f"+{len(rnd.emitted_token_ids)}"
        what = "prefill: read the prompt" if rnd.index == 0 else \
            f"verified {rnd.num_drafted} guesses, kept {rnd.num_accepted}, emitted {len(rnd.emitted_token_ids)}"
        _add(lanes["target"], t, rnd.verify_ms, label,
             f"round {rnd.index}, target pass<br>{what}<br>{rnd.verify_ms:.1f} ms", alpha)
        t += rnd.verify_ms
        _add(lanes["round"], start, t - start, f"R{rnd.index}" + ("" if rnd.index == 0 else
                                                                     f" N={rnd.num_assistant_tokens}"),
             f"round {rnd.index}: N={rnd.num_assistant_tokens}, drafted {rnd.num_drafted}, "
             f"{t - start:.1f} ms", alpha)
    fig = theme.new_figure(f"{TITLE}: rounds 0–{i}, {t:.0f} ms", height=300)
    styles = {"drafter": (theme.DRAFTER, "", "drafter pass"), "target": (theme.TARGET, "/", "target pass"),
              "round": (theme.LIGHT_GREY, "", "round (N = guesses allowed)")}
    for lane in LANES:
        c, pat, name = styles[lane]
        b = lanes[lane]
        fig.add_trace(go.Bar(
            x=b["x"], base=b["base"], y=[lane] * len(b["x"]), orientation="h", name=name, text=b["text"],
            textposition="inside", insidetextanchor="middle", hovertext=b["hover"], hoverinfo="text",
            textfont={"color": theme.text_colour(c)}, textangle=0, width=0.7, meta=lane,
            marker={"color": c, "opacity": b["opacity"], "line": {"color": theme.PAPER, "width": 1},
                    "pattern": {"shape": pat, "fgopacity": 0.3, "size": 8}}))
    fig.update_layout(barmode="overlay", showlegend=True, uniformtext={"minsize": 11, "mode": "hide"})
    fig.update_xaxes(title_text="wall time (ms)", rangemode="tozero")
    fig.update_yaxes(categoryorder="array", categoryarray=LANES, title_text=None)
    return fig


def _add(lane: dict, base: float, width: float, text: str, hover: str, alpha: float) -> None:
    lane["base"].append(base)
    lane["x"].append(width)
    lane["text"].append(text)
    lane["hover"].append(hover)
    lane["opacity"].append(alpha)
