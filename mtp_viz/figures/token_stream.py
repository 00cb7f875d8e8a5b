"""View 1, the token stream: the output so far, one box per token coloured and patterned by its fate.

Knows a Trace and the theme; knows nothing about models, tokenizers or the UI. Tokens are laid out like text
(x in characters, one row per line); rejected and unchecked drafts stay where they were proposed, struck through.
"""
from __future__ import annotations

import html

import plotly.graph_objects as go

from mtp_viz.figures import theme
from mtp_viz.strings import t
from mtp_viz.trace import REJECTED, UNCHECKED, UNUSED

KEY = "token_stream"
LINE_CHARS = 60   # characters per displayed line
NARROW_CHARS, NARROW_ROWS = 30, 12   # the same on a phone: its plot is about a quarter as wide
MAX_ROWS = 6      # lines shown; a longer output shows its last lines (the current round), the rest a drag away
ORDER = ["prompt", "prefill", "target", "accepted", "rejected", "unchecked", "unused", "correction", "bonus"]


def _round_items(trace, rnd, lang: str):
    """(status, token id, hover) for each box a round contributes, in the order they were proposed.

    Each draft's box takes its verdict from the record (accepted, rejected, unchecked, unused)."""
    items = []
    for v in rnd.verify_steps:
        values = {"k": v.step + 1, "p": v.p, "q": v.q,
                  "top": html.escape(repr(trace.text_of(v.target_token_id)), quote=False)}
        items.append((v.verdict, v.draft_token_id, t(f"fig.token_stream.{v.verdict}", lang, **values)))
    if len(rnd.emitted_token_ids) > rnd.num_accepted:
        kind = rnd.last_token_kind
        items.append((kind, rnd.emitted_token_ids[-1],
                      t("fig.token_stream.last", lang, word=theme.word(kind, lang), p=rnd.last_token_prob)))
    return items


def _label(text: str, status: str) -> str:
    shown = html.escape(text.replace("\n", "⏎").replace(" ", "\u00a0"), quote=False) or "∅"
    return f"<s>{shown}</s>" if status in (REJECTED, UNCHECKED, UNUSED) else shown


def build(trace, round_index: int, lang: str = "en", narrow: bool = False) -> go.Figure:
    """Boxes for the prompt and rounds 0..round_index; the current round's boxes are outlined."""
    i = theme.clamp(trace, round_index)
    items = [("prompt", tok, t("fig.token_stream.prompt", lang), -1) for tok in trace.prompt_ids]
    for rnd in trace.rounds[: i + 1]:
        items += [(s, tok, t("fig.token_stream.round", lang, r=rnd.index, what=h), rnd.index)
                  for s, tok, h in _round_items(trace, rnd, lang)]
    boxes = {s: {"x": [], "base": [], "y": [], "text": [], "hovertext": [], "line": []} for s in ORDER}
    x = row = 0
    line_chars = NARROW_CHARS if narrow else LINE_CHARS
    kept = [k for k, item in enumerate(items) if item[0] not in (REJECTED, UNCHECKED, UNUSED)]   # the text, read on
    texts = [trace.text_of(tok) for _, tok, _, _ in items]
    for k, text in zip(kept, trace.readable([items[k][1] for k in kept])):    # a character split into byte tokens
        texts[k] = text                                                        # shows on its first one
    for (status, tok, hover, r), text in zip(items, texts):
        width = max(len(text), 1) + 1.2
        if x + width > line_chars and x > 0:
            x, row = 0, row + 1
        b = boxes[status]
        b["x"].append(width - 0.2)
        b["base"].append(x)
        b["y"].append(row)
        b["text"].append(_label(text, status))
        b["hovertext"].append(f"{html.escape(repr(text), quote=False)}<br>{hover}")
        b["line"].append(2.5 if r == i else 0.5)
        x += width
        if "\n" in text:
            x, row = 0, row + 1
    data = []
    for status in ORDER:
        b = boxes[status]
        if not b["x"]:
            continue
        c = theme.colour(status)
        data.append(go.Bar(
            x=b["x"], base=b["base"], y=b["y"], orientation="h",
            name=f"{theme.mark(status)} {theme.word(status, lang)}",
            text=b["text"], textposition="inside", insidetextanchor="middle", hovertext=b["hovertext"],
            hoverinfo="text", textfont={"color": theme.text_colour(c), "size": 14}, textangle=0,
            marker={"color": c, "line": {"color": theme.BLACK, "width": b["line"]},
                    "pattern": {"shape": theme.pattern(status), "fgopacity": 0.25, "size": 8}},
            width=0.8, meta=status))
    legend_rows = (len(data) + 1) // 2
    shown = min(row + 1, NARROW_ROWS if narrow else MAX_ROWS)
    below = theme.legend_below_layout(legend_rows)
    fig = theme.new_figure(
        t("fig.token_stream.heading", lang, i=i, last=len(trace.rounds) - 1), height=84 + 34 * shown + 24 * legend_rows,
        data=data, lang=lang, narrow=narrow, barmode="overlay", bargap=0.1, uniformtext={"minsize": 12, "mode": "show"},
        hovermode="closest",
        margin={"l": 8, "r": 8, "t": 44, **below["margin"]}, legend=below["legend"],
        xaxis={"visible": False, "range": [-0.5, line_chars + 0.5]},
        yaxis={"visible": False, "range": [row + 0.5, row + 0.5 - shown]})     # reversed: line 0 on top
    return fig
