"""View 5, target activations: the data flow of one MTP draft step, drawn with the real sizes from model_info.

Knows a Trace and the theme; knows nothing about models or the UI. Boxes are shapes, labelled by annotations; an
invisible marker per box carries the hover text. The sizes are read from the trace, never assumed.
"""
from __future__ import annotations

import plotly.graph_objects as go

from mtp_viz.figures import theme

TITLE = "Target activations feed the drafter"
WHAT_YOU_SEE = (
    "How one guess is made. The drafter does not start from scratch: it takes the target's last hidden state "
    "(its summary of the text so far) and the embedding of the last token, glues them together, shrinks them "
    "with pre_projection to the drafter's small width, runs its few layers (reading the target's cache), and "
    "picks a token. post_projection turns its output back into the target's width, to stand in for the "
    "target's hidden state at the next guess. All guesses of a round use the same position id."
)


def _size(v) -> str:
    return "?" if v is None else f"{v:,}"


def build(trace, round_index: int) -> go.Figure:
    i = theme.clamp(trace, round_index)
    info, rnd = trace.model_info, trace.rounds[i]
    if info.get("proposer") != "mtp" or not info.get("pre_projection"):
        fig = theme.new_figure(f"{TITLE}: round {i}", height=260)
        return theme.message(fig, "This proposer does not read the target's activations "
                                  "(only Gemma 4 MTP drafters do).")
    hid, d_hid = info.get("target_hidden_size"), info.get("drafter_hidden_size")
    pre_in, pre_out = info["pre_projection"]
    post_in, post_out = info.get("post_projection") or (None, None)
    steps = rnd.draft_steps
    token = "the next token" if not steps else ", ".join(theme.short(trace.text_of(d.token_id)) for d in steps[:4]) + \
        (" …" if len(steps) > 4 else "")
    clusters = (f"<br>top {info['centroid_top_k']} of {info['num_centroids']:,} clusters"
                if info.get("num_centroids") else "")
    kv = info.get("kv_source_layers") or {}
    boxes = [  # (key, x, y, label, colour, hover)
        ("hidden", 0.0, 1.0, f"target hidden state<br><b>{_size(hid)}</b>", theme.BLUE,
         "the target's last-layer hidden state at the last accepted position"),
        ("embed", 0.0, -1.0, f"last token embedding<br><b>{_size(hid)}</b>", theme.BLUE,
         "embedding of the last token (the target's input embeddings, shared)"),
        ("concat", 1.55, 0.0, f"concat<br><b>{_size(pre_in)}</b>", theme.LIGHT_GREY,
         "hidden state and embedding side by side"),
        ("pre", 3.0, 0.0, f"pre_projection<br><b>{_size(pre_in)} → {_size(pre_out)}</b>", theme.ORANGE,
         "a linear layer down to the drafter's width"),
        ("layers", 4.6, 0.0, f"{_size(info.get('drafter_num_layers'))} drafter layers<br><b>{_size(d_hid)}</b>",
         theme.SKY, "attend to the target's KV cache at layers " + ", ".join(str(v) for v in kv.values())),
        ("logits", 6.2, 1.0, f"token scores{clusters}", theme.GREEN, "the drafter's guess: " + token),
        ("post", 6.2, -1.0, f"post_projection<br><b>{_size(post_in)} → {_size(post_out)}</b>", theme.ORANGE,
         "back to the target's width: stands in for the target's hidden state at the next guess"),
    ]
    fig = theme.new_figure(f"{TITLE}: round {i}, {len(steps)} guess(es) from one position", height=430)
    centre, shapes, notes = {}, [], []    # collected, then set once: add_annotation per item is slow
    for key, x, y, label, c, hover in boxes:
        shapes.append({"type": "rect", "x0": x - 0.62, "x1": x + 0.62, "y0": y - 0.42, "y1": y + 0.42,
                       "fillcolor": c, "line": {"color": theme.BLACK, "width": 1}, "layer": "below", "name": key})
        notes.append({"x": x, "y": y, "text": label, "showarrow": False,
                      "font": {"color": theme.text_colour(c), "size": 13}})
        centre[key] = (x, y)
    fig.add_trace(go.Scatter(x=[b[1] for b in boxes], y=[b[2] for b in boxes], mode="markers", meta="boxes",
                             marker={"size": 40, "opacity": 0}, hovertext=[b[5] for b in boxes], hoverinfo="text",
                             showlegend=False))
    for a, b in [("hidden", "concat"), ("embed", "concat"), ("concat", "pre"), ("pre", "layers"),
                 ("layers", "logits"), ("layers", "post")]:
        notes.append(_arrow(centre[a], centre[b]))
    # the loop: post_projection's output and the guessed token feed the next step
    notes.append({"x": 0.0, "y": -1.95, "ax": 6.2, "ay": -1.95, "xref": "x", "yref": "y", "axref": "x",
                  "ayref": "y", "showarrow": True, "arrowhead": 3, "arrowwidth": 2, "arrowcolor": theme.ORANGE,
                  "text": ""})
    notes.append({"x": 3.1, "y": -1.95, "text": "next guess: new hidden state + embedding of the guessed token",
                  "showarrow": False, "yshift": 12, "font": {"color": theme.ORANGE, "size": 13}})
    if steps:
        pos = sorted({d.position_id for d in steps})
        what = (f"position id {pos[0]} for all {len(steps)} guesses of this round" if len(pos) == 1
                else f"position ids {pos}")
        notes.append({"x": 3.1, "y": 1.55, "text": what, "showarrow": False, "font": {"size": 14}})
    if info.get("moe_caveat"):
        notes.append({"x": 3.1, "y": -2.3, "text": theme.wrap("MoE: " + info["moe_caveat"], 120), "yanchor": "top",
                      "showarrow": False, "font": {"size": 12, "color": theme.VERMILLION}})
    low = -3.6 if info.get("moe_caveat") else -2.4
    fig.update_layout(shapes=shapes, annotations=notes, showlegend=False, height=430 if low > -3 else 520,
                      xaxis={"visible": False, "range": [-0.8, 7.0]}, yaxis={"visible": False, "range": [low, 1.9]})
    return fig


def _arrow(a: tuple[float, float], b: tuple[float, float]) -> dict:
    (x0, y0), (x1, y1) = a, b
    return {"x": x1 - 0.64, "y": y1, "ax": x0 + 0.64, "ay": y0, "xref": "x", "yref": "y", "axref": "x", "ayref": "y",
            "showarrow": True, "arrowhead": 3, "arrowwidth": 2, "arrowcolor": theme.BLACK, "text": ""}
