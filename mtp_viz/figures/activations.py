"""View 5, target activations: the data flow of one MTP draft step, drawn with the real sizes from model_info.

Knows a Trace and the theme; knows nothing about models or the UI. Boxes are shapes, labelled by annotations; an
invisible marker per box carries the hover text. The sizes are read from the trace, never assumed.
"""
from __future__ import annotations

import plotly.graph_objects as go

from mtp_viz import model_table
from mtp_viz.figures import theme
from mtp_viz.proposer_registry import ENTRIES
from mtp_viz.strings import count, number, t

KEY = "activations"


def _size(v, lang: str) -> str:
    return "?" if v is None else number(v, lang, 0)


def _code(name: str) -> str:
    """A module's name as its box's label, a size smaller than the other labels: at 13 px it ran past the box's
    sides."""
    return f"<span style='font-size:11px'>{name}</span>"


def _reads_activations(trace) -> bool:
    return ENTRIES[trace.model_info.proposer].activations and bool(trace.model_info.pre_projection)


def depends(trace, round_index: int):
    """Without an MTP drafter the view is one note for every round: the page need not resend it."""
    return theme.clamp(trace, round_index) if _reads_activations(trace) else None


def build(trace, round_index: int, lang: str = "en", narrow: bool = False) -> go.Figure:
    i = theme.clamp(trace, round_index)
    info, rnd = trace.model_info, trace.rounds[i]
    if not _reads_activations(trace):
        fig = theme.new_figure(t("fig.activations.title", lang), height=260, lang=lang, narrow=narrow)
        return theme.message(fig, t("fig.activations.not_mtp", lang), narrow)
    hid, d_hid = info.target_hidden_size, info.drafter_hidden_size
    pre_in, pre_out = info.pre_projection
    post_in, post_out = info.post_projection or (None, None)
    steps = rnd.draft_steps

    def w(key: str, **values) -> str:
        return t(f"fig.activations.{key}", lang, **values)

    def box(key: str, **values) -> str:          # a box label, wrapped to fit the box
        return theme.wrap(w(key, **values), 12 if narrow else 11)     # "Embedding des" ran past its box

    guessed = ", ".join(theme.short(trace.text_of(d.token_id)) for d in steps[:4]) + (" …" if len(steps) > 4 else "")
    token = guessed if steps else t("fig.activations.next_token", lang)
    top_k = t("fig.activations.clusters", lang, k=info.centroid_top_k, n=info.num_centroids or 0)
    clusters = ("<br>" + theme.wrap(top_k, 12 if narrow else 11)
                if info.num_centroids else "")
    kv = info.kv_source_layers or {}
    boxes = [  # (key, x, y, label, colour, hover)
        ("hidden", 0.0, 1.0, f"{box('hidden')}<br><b>{_size(hid, lang)}</b>", theme.BLUE, w("hidden_hover")),
        ("embed", 0.0, -1.0, f"{box('embed')}<br><b>{_size(hid, lang)}</b>", theme.BLUE, w("embed_hover")),
        ("concat", 1.55, 0.0, f"{box('concat')}<br><b>{_size(pre_in, lang)}</b>", theme.LIGHT_GREY, w("concat_hover")),
        ("pre", 3.0, 0.0, f"{_code('pre_projection')}<br><b>{_size(pre_in, lang)} → {_size(pre_out, lang)}</b>", theme.ORANGE,
         w("pre_hover")),
        ("layers", 4.6, 0.0,
         f"{box('layers', n=_size(info.drafter_num_layers, lang))}<br><b>{_size(d_hid, lang)}</b>", theme.SKY,
         w("layers_hover", layers=", ".join(str(v) for v in kv.values()))),
        ("logits", 6.2, 1.0, f"{box('logits')}{clusters}", theme.GREEN, w("logits_hover", tokens=token)),
        ("post", 6.2, -1.0, f"{_code('post_projection')}<br><b>{_size(post_in, lang)} → {_size(post_out, lang)}</b>",
         theme.ORANGE, w("post_hover")),
    ]
    fig = theme.new_figure(t("fig.activations.heading", lang, i=i, guesses=count(len(steps), "guess", lang)),
                           height=400, lang=lang, narrow=narrow)
    real = model_table.REFERENCE.sizes
    theme.beside_real(fig, t("fig.real.activations", lang, name=real["name"], hidden=real["hidden_size"],
                             concat=2 * real["hidden_size"], drafter=real["drafter_hidden_size"],
                             drafter_layers=real["drafter_layers"]), narrow)
    if narrow:      # a phone: the same diagram turned to run top to bottom
        return _upright(fig, boxes, steps, info, w, lang)
    centre, shapes, notes = {}, [], []    # collected, then set once: add_annotation per item is slow
    for key, x, y, label, c, hover in boxes:
        half = {"logits": 0.8, "layers": 0.72}.get(key, 0.6)   # four lines of German and the size; five in two
        shapes.append({"type": "rect", "x0": x - 0.62, "x1": x + 0.62, "y0": y - half, "y1": y + half,
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
    # on two short lines under the arrow, which ran through it when the caption sat on the line
    notes.append({"x": 3.1, "y": -1.95, "text": theme.wrap(w("loop"), 36), "yanchor": "top",
                  "showarrow": False, "yshift": -4, "font": {"color": theme.ORANGE, "size": 13}})
    if steps:
        notes.append({"x": 3.1, "y": 1.55, "text": _positions(steps, w), "showarrow": False, "font": {"size": 14}})
    if info.moe_caveat:
        notes.append({"x": 3.1, "y": -2.75, "text": theme.wrap(t("fig.moe", lang, caveat=theme.moe_caveat(info, lang)), 90),
                      "yanchor": "top",
                      "showarrow": False, "font": {"size": 12, "color": theme.VERMILLION}})
    low = -4.0 if info.moe_caveat else -2.8
    # tall enough that a box keeps four lines of its label (German wraps "Verborgener / Zustand des / Zielmodells")
    # and its size under them
    fig.update_layout(shapes=shapes, annotations=notes, showlegend=False, height=560 if low > -3 else 650,
                      xaxis={"visible": False, "range": [-0.8, 7.0]}, yaxis={"visible": False, "range": [low, 1.95]})
    return fig


def _positions(steps, w) -> str:
    """The position ids the round's guesses were made from, as the note over the diagram says them."""
    pos = sorted({d.position_id for d in steps})
    return w("position", pos=pos[0], n=len(steps)) if len(pos) == 1 else w("positions", pos=pos)


def _upright(fig: go.Figure, boxes: list, steps, info, w, lang: str) -> go.Figure:
    """The diagram for a phone: the flow runs down the screen, a box's (x, y) drawn at (1.95 y, -x); the loop from
    post_projection back to the embedding runs up the left side, its caption along it."""
    at = {key: (1.95 * y, -1.3 * x) for key, x, y, *_ in boxes}
    half = {key: {"logits": 1.0, "layers": 0.9}.get(key, 0.75) for key, *_ in boxes}   # five lines of German
    shapes, notes = [], []
    for key, _, _, label, c, _ in boxes:
        x, y = at[key]
        shapes.append({"type": "rect", "x0": x - 0.95, "x1": x + 0.95, "y0": y - half[key], "y1": y + half[key],
                       "fillcolor": c, "line": {"color": theme.BLACK, "width": 1}, "layer": "below", "name": key})
        notes.append({"x": x, "y": y, "text": label, "showarrow": False,
                      "font": {"color": theme.text_colour(c), "size": 12}})
    fig.add_trace(go.Scatter(x=[at[b[0]][0] for b in boxes], y=[at[b[0]][1] for b in boxes], mode="markers",
                             meta="boxes", marker={"size": 40, "opacity": 0}, hovertext=[b[5] for b in boxes],
                             hoverinfo="text", showlegend=False))
    for a, b in [("hidden", "concat"), ("embed", "concat"), ("concat", "pre"), ("pre", "layers"),
                 ("layers", "logits"), ("layers", "post")]:
        (x0, y0), (x1, y1) = at[a], at[b]
        notes.append({"x": x1, "y": y1 + half[b], "ax": x0, "ay": y0 - half[a], "xref": "x", "yref": "y", "axref": "x",
                      "ayref": "y", "showarrow": True, "arrowhead": 3, "arrowwidth": 2, "arrowcolor": theme.BLACK,
                      "text": ""})
    (ex, ey), (_, py) = at["embed"], at["post"]
    notes.append({"x": ex, "y": ey - half["embed"], "ax": ex, "ay": py + half["post"], "xref": "x", "yref": "y",
                  "axref": "x", "ayref": "y", "showarrow": True, "arrowhead": 3, "arrowwidth": 2,
                  "arrowcolor": theme.ORANGE, "text": ""})
    notes.append({"x": ex, "y": (ey + py) / 2, "text": theme.wrap(w("loop"), 36), "textangle": -90, "xshift": -22,
                  "showarrow": False, "font": {"color": theme.ORANGE, "size": 12}})
    if steps:
        notes.append({"x": 0, "y": 1.2, "text": theme.wrap(_positions(steps, w), 36), "showarrow": False, "yanchor": "bottom",
                      "font": {"size": 13}})
    low = -9.2
    if info.moe_caveat:
        caveat = theme.wrap(t("fig.moe", lang, caveat=theme.moe_caveat(info, lang)), 40)
        notes.append({"x": 0, "y": low, "text": caveat,
                      "yanchor": "top", "showarrow": False, "font": {"size": 12, "color": theme.VERMILLION}})
        low -= 0.4 + 0.32 * (1 + caveat.count("<br>"))      # every line of it inside the figure
    fig.update_layout(shapes=shapes, annotations=notes, showlegend=False, height=int(860 + 60 * (-9.2 - low)),
                      xaxis={"visible": False, "range": [-3.0, 3.0]}, yaxis={"visible": False, "range": [low, 2.4]})
    return fig


def _arrow(a: tuple[float, float], b: tuple[float, float]) -> dict:
    (x0, y0), (x1, y1) = a, b
    return {"x": x1 - 0.64, "y": y1, "ax": x0 + 0.64, "ay": y0, "xref": "x", "yref": "y", "axref": "x", "ayref": "y",
            "showarrow": True, "arrowhead": 3, "arrowwidth": 2, "arrowcolor": theme.BLACK, "text": ""}
