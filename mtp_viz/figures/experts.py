"""View "Experts touched": which experts a mixture-of-experts target's routers picked, and what reading them costs.

Knows a Trace (Round.routed_experts and model_info's MoE facts), the theme and the strings tables; knows nothing
about models or the UI. The counting is in small pure functions; build() only draws them. The batch panel reads
recorded traces of several prompts (assets/traces/moe_batch/), decoded side by side round by round.
Dense traces get a note saying why the view does not apply.
"""
from __future__ import annotations

from functools import lru_cache

import plotly.graph_objects as go

from mtp_viz import model_table
from mtp_viz.figures import theme
from mtp_viz.lab_math import experts_touched
from mtp_viz.strings import count, number, t
from mtp_viz.schema import parse_trace

BATCH_DIR = model_table.ASSETS / "traces" / "moe_batch"
BATCH_SIZES = (1, 2, 4, 8)
KEY = "experts"
_BYTES_PER_PARAM = {"float32": 4, "float16": 2, "bfloat16": 2}


# -- counting ----------------------------------------------------------------------------------------------
def is_moe(trace) -> bool:
    return any(r.routed_experts is not None for r in trace.rounds)


def moe_facts(trace) -> tuple[int, int, int, int]:
    """(E experts per layer, k per token, MoE layers, bytes of one expert in one layer) from model_info."""
    info = trace.model_info
    layers = info.moe_layers or next(r.routed_experts for r in trace.rounds if r.routed_experts)
    return int(info.num_experts), int(info.top_k_experts), len(layers), int(info.expert_bytes or 0)


def cost_shape(trace) -> dict:
    """The target's experts as lab_math.py's MoE cost model counts them (E, k, layers, one expert and the shared part),
    in bytes: what a pass over some tokens reads, for the words that compare this model with 26B A4B."""
    num_experts, k, layers, expert = moe_facts(trace)
    shared = trace.model_info.target_params * _BYTES_PER_PARAM.get(trace.model_info.dtype, 4) - \
        layers * num_experts * expert
    return {"E": num_experts, "k": k, "layers": layers, "expert_params": expert, "shared_params": shared}


def distinct_per_layer(routes: list[list[list[int]]]) -> list[int]:
    """routes[layer][position] = top-k ids -> number of different experts each layer used."""
    return [len({e for ids in layer for e in ids}) for layer in routes]


def counts(routes: list[list[list[int]]], num_experts: int) -> list[list[int]]:
    """[layer][expert]: how many of the pass's positions were routed to that expert."""
    grid = [[0] * num_experts for _ in routes]
    for row, layer in zip(grid, routes):
        for ids in layer:
            for e in ids:
                row[e] += 1
    return grid


def verifications(trace, upto: int) -> list:
    """Rounds 1..upto whose target pass was recorded with routing (the prefill is not a verification)."""
    return [r for r in trace.rounds[1: upto + 1] if r.routed_experts is not None]


def pass_bytes(trace, r=None) -> tuple[float, float]:
    """(bytes round r's verification pass read, bytes a one-token step reads), as a memory-bound pass reads them: the
    shared (dense) part once, plus every expert some position was routed to (recorded), against k experts a layer.
    Without r, the one-token step twice."""
    num_experts, k, layers, expert = moe_facts(trace)
    shared = trace.model_info.target_params * _BYTES_PER_PARAM.get(trace.model_info.dtype, 4) - \
        layers * num_experts * expert                                               # read by every pass
    step = shared + layers * k * expert
    return (shared + sum(distinct_per_layer(r.routed_experts)) * expert if r is not None else step), step


def verify_cost(trace, upto: int = -1) -> float | None:
    """v: what one verification costs in one-token steps, the mean over the verifications of rounds 1..upto of the
    weights each read over a one-token step's (pass_bytes). The one figure the Statistics heading, the Experts view's
    heading and the tour's words quote; None before the first verification."""
    upto = len(trace.rounds) - 1 if upto < 0 else upto
    rounds = verifications(trace, upto)
    if not rounds:
        return None
    return sum(read / step for read, step in (pass_bytes(trace, r) for r in rounds)) / len(rounds)


def cost_said(trace, upto: int, lang: str) -> str:
    """verify_cost to round `upto` as the Statistics and Experts headings append it ("" before any verification)."""
    v = verify_cost(trace, upto)
    return "" if v is None else t("fig.experts.verify_cost", lang, i=upto, v=v)


def speedup(trace, r) -> tuple[float, float]:
    """Leviathan et al.'s walltime improvement for one round, tokens / (γ·c + v), with a pass costing the bytes of
    weights it reads (memory-bound). Returns it twice: with v = 1 (verification costs one step, as in the paper),
    and with v = bytes this verification read / bytes of a one-token step, from the recorded routing (pass_bytes; not
    in the paper). c = drafter bytes / one-token step bytes."""
    verify, step = pass_bytes(trace, r)
    c = (trace.model_info.drafter_params or 0) * _BYTES_PER_PARAM.get(trace.model_info.dtype, 4) / step
    tokens, gamma = len(r.emitted_token_ids), r.num_drafted
    return tokens / (gamma * c + 1.0), tokens / (gamma * c + verify / step)


def committed_routes(trace) -> list[list[list[int]]]:
    """[step][layer] = top-k ids of each committed token when it was fed in, from the verification passes'
    positions that held committed tokens (the last committed token, then the accepted drafts): what plain
    decoding, one token per pass, would have routed."""
    steps = []
    for r in trace.rounds[1:]:
        if r.routed_experts is not None:
            for j in range(min(r.num_accepted + 1, len(r.routed_experts[0]))):
                steps.append([layer[j] for layer in r.routed_experts])
    return steps


def _union_sizes(groups: list[list[list[list[int]]]]) -> int:
    """Sum over layers of the union of experts used by several sequences' routes ([seq][layer][position][k])."""
    return sum(len({e for routes in groups for ids in routes[layer] for e in ids}) for layer in range(len(groups[0])))


def batch_rows(traces: list, sizes=BATCH_SIZES) -> list[dict]:
    """For B sequences decoded side by side (the first B traces, aligned round by round), per layer and pass:
    the union of experts with drafting (each sequence's verification positions) and without (one committed
    token per sequence per step), and the expert bytes read per generated token either way."""
    _, _, layers, expert = moe_facts(traces[0])
    rows = []
    for b in (s for s in sizes if s <= len(traces)):
        group = traces[:b]
        aligned = range(1, min(len(tr.rounds) for tr in group))
        drafted = [_union_sizes([tr.rounds[i].routed_experts for tr in group]) for i in aligned]
        tokens = sum(len(tr.rounds[i].emitted_token_ids) for tr in group for i in aligned)
        steps = [committed_routes(tr) for tr in group]
        plain = [_union_sizes([[[ids] for ids in s[j]] for s in steps]) for j in range(min(map(len, steps)))]
        rows.append(dict(B=b, draft_union=sum(drafted) / max(1, len(drafted) * layers),
                         plain_union=sum(plain) / max(1, len(plain) * layers),
                         draft_bytes_per_token=sum(drafted) * expert / max(1, tokens),
                         plain_bytes_per_token=sum(plain) * expert / max(1, len(plain) * b)))
    return rows


@lru_cache(maxsize=1)
def recorded_batch() -> tuple:
    """The shipped side-by-side traces (assets/traces/moe_batch/*.json), read once."""
    return tuple(parse_trace(p.read_text(encoding="utf-8")) for p in sorted(BATCH_DIR.glob("*.json")))


# -- drawing -----------------------------------------------------------------------------------------------
def shows(trace) -> bool:
    """Whether this view has anything to draw for the trace: a dense target routes nothing."""
    return is_moe(trace)


def nothing(trace, lang: str = "en") -> str:
    """The one line a dense target's view says instead of a picture (and its caption)."""
    return t("fig.experts.dense", lang, moe=t(model_table.BY_ID[model_table.MOE].label, lang))


def build(trace, round_index: int, lang: str = "en", batch=None, narrow: bool = False) -> go.Figure:
    if not shows(trace):
        fig = theme.new_figure(t("fig.experts.title", lang), height=260, lang=lang, narrow=narrow)
        return theme.message(fig, nothing(trace, lang).replace("\n", "<br>"), narrow)
    i = theme.clamp(trace, round_index)
    num_experts, k, layers, expert = moe_facts(trace)
    panels = ["grid", "distinct", "bytes", "speedup", "batch_union", "batch_bytes"]
    # the spacing keeps the grid's last numbers clear of the next panel's axis title
    # on a phone the six panels one above the other: panel k sits in at[k]
    at = [{"row": k + 1, "col": 1} if narrow else {"row": k // 2 + 1, "col": k % 2 + 1} for k in range(len(panels))]
    fig = theme.grid(rows=6 if narrow else 3, cols=1 if narrow else 2, vertical_spacing=0.1 if narrow else 0.2,
                        horizontal_spacing=0.14,
                        subplot_titles=[theme.wrap(t(f"fig.experts.{p}", lang), 34) for p in panels])
    r = trace.rounds[i]
    positions = len(r.routed_experts[0]) if r.routed_experts else 0
    heading = t("fig.experts.heading", lang, i=i, positions=count(positions, "position", lang), E=num_experts,
                k=k) + cost_said(trace, i, lang)
    theme.new_figure(heading, height=2900 if narrow else 1450, fig=fig, headroom=40, lang=lang, narrow=narrow)
    _grid(fig, trace, r, num_experts, lang, at, narrow)
    rounds = verifications(trace, i)
    _distinct(fig, rounds, num_experts, k, lang, at)
    _bytes(fig, trace, rounds, lang, at)
    if not rounds:      # the prefill: no verification pass yet, so the three per-round panels wait for round 1
        for axis, cell in zip(("x2", "x3", "x4"), at[1:4]):
            fig.add_annotation(text=theme.wrap(t("fig.experts.no_rounds", lang), 30), x=0.5, y=0.5, showarrow=False,
                               xref=f"{axis} domain", yref=f"{axis.replace('x', 'y')} domain",
                               font={"color": theme.GREY})
            fig.update_xaxes(range=[0.5, 1.5], **cell)
    batch = recorded_batch() if batch is None else batch
    if batch and batch[0].model_info.name == trace.model_info.name:
        _batch(fig, batch_rows(list(batch)), num_experts, k, lang, at)
    else:
        fig.add_annotation(text=t("fig.experts.no_batch", lang), **at[4], showarrow=False, x=0.5, y=0.5,
                           xref="x5 domain", yref="y5 domain", font={"color": theme.GREY})
    return _legends(fig, narrow)


def _legends(fig: go.Figure, narrow: bool) -> go.Figure:
    """One legend under each panel, for that panel's traces: orange is a distinct-expert count, bytes read, a
    speed-up and a batch with drafting, and one legend for all six panels said so three times over. A trace's
    panel is its x axis; the two batch panels share their colours and the first one's legend."""
    fig.update_layout(showlegend=True, margin={"b": 170})     # room for the last row's legend
    area = fig.layout.height - fig.layout.margin.t - fig.layout.margin.b
    below = 82 / area                                        # under the panel's tick labels and axis title
    for trace in fig.data:
        axis = "xaxis" + (trace.xaxis or "x")[1:]
        panel = int(axis[5:] or 1)
        name = "legend" if panel == 1 else f"legend{panel}"
        trace.legend = name
        trace.name = theme.wrap(trace.name or "", 30 if narrow else 34)
        x0, _ = fig.layout[axis].domain
        y0, _ = fig.layout["yaxis" + (trace.yaxis or "y")[1:]].domain
        fig.layout[name] = {"orientation": "v", "x": x0, "xanchor": "left", "xref": "paper", "y": y0 - below,
                            "yanchor": "top", "yref": "paper", "font": {"size": 12}, "bgcolor": "rgba(0,0,0,0)"}
    return fig


def _span(xs):
    """A horizontal reference line's ends: across every bar, not from the first bar's centre to the last's."""
    return [xs[0] - 0.5, xs[-1] + 0.5] if xs else []


def _grid(fig, trace, r, num_experts, lang, at, narrow=False):
    if r.routed_experts is None:
        return
    grid = counts(r.routed_experts, num_experts)
    names = [str(n) for n in (trace.model_info.moe_layers or range(len(grid)))]
    fig.add_trace(go.Heatmap(z=grid, x=list(range(num_experts)), y=names, colorscale="Blues", zmin=0,
                             showscale=False, meta="grid", name=t("fig.experts.legend.positions", lang),
                             text=[[str(v) if v else "" for v in row] for row in grid],
                             texttemplate="" if narrow else "%{text}",   # a phone's cells are too small for numbers
                             textfont={"size": 10},    # the counts alone, no zeros: 32 numbers a row ran together
                             hovertemplate=t("fig.experts.hover.grid", lang)), **at[0])
    fig.update_xaxes(title_text=t("fig.experts.axis.expert", lang), tickangle=0,
                     dtick=1 if num_experts <= 16 else 8 if narrow else 4,
                     **at[0])    # 32 labels at dtick 1 turn sideways and push the axis title into the next row
    fig.update_yaxes(title_text=t("fig.experts.axis.layer", lang), autorange="reversed", **at[0])


def _distinct(fig, rounds, num_experts, k, lang, at):
    xs = [r.index for r in rounds]
    means = [sum(distinct_per_layer(r.routed_experts)) / len(r.routed_experts) for r in rounds]
    expected = [float(experts_touched(num_experts, k, len(r.routed_experts[0]))) for r in rounds]
    fig.add_trace(go.Bar(x=xs, y=means, name=t("fig.experts.legend.distinct", lang), meta="distinct",
                         marker={"color": theme.VERMILLION}), **at[1])
    fig.add_trace(go.Scatter(x=xs, y=expected, mode="markers", name=t("fig.experts.legend.expected", lang),
                             meta="expected", marker={"symbol": "diamond", "size": 10, "color": theme.BLACK}),
                  **at[1])
    fig.add_trace(go.Scatter(x=_span(xs), y=[k, k], mode="lines", name=t("fig.experts.legend.k", lang, k=k), meta="k",
                             line={"dash": "dash", "color": theme.GREEN}), **at[1])
    fig.update_yaxes(title_text=t("fig.experts.axis.experts", lang), range=[0, num_experts + 0.5], **at[1])
    fig.update_xaxes(title_text=t("fig.experts.axis.round", lang), dtick=1 if len(xs) <= 20 else None, **at[1])


def _bytes(fig, trace, rounds, lang, at):
    """Middle left: the weights each verification read against a one-token step (their ratio is v, verify_cost);
    middle right: the round's predicted speed-up with v = 1 and with that v."""
    xs = [r.index for r in rounds]
    read = [pass_bytes(trace, r)[0] / 1e3 for r in rounds]
    step = pass_bytes(trace)[1] / 1e3
    fig.add_trace(go.Bar(x=xs, y=read, name=t("fig.experts.legend.verify_bytes", lang), meta="verify_bytes",
                         marker={"color": theme.VERMILLION}, text=[number(kb / step, lang, 2) + "×" for kb in read],
                         textposition="inside", insidetextanchor="end"), **at[2])   # outside, it ran into the title
    fig.add_trace(go.Scatter(x=_span(xs), y=[step] * 2, mode="lines", meta="step_bytes",
                             name=t("fig.experts.legend.step_bytes", lang),
                             line={"dash": "dash", "color": theme.GREEN}),
                  **at[2])
    fig.update_yaxes(title_text=t("fig.experts.axis.kb", lang), rangemode="tozero", **at[2])
    fig.update_xaxes(title_text=t("fig.experts.axis.round", lang), dtick=1 if len(xs) <= 20 else None, **at[2])
    free, costed = zip(*[speedup(trace, r) for r in rounds]) if rounds else ((), ())
    fig.add_trace(go.Scatter(x=xs, y=list(free), mode="lines+markers", name=t("fig.experts.legend.free", lang),
                             meta="speedup_free", line={"color": theme.BLUE}), **at[3])
    fig.add_trace(go.Scatter(x=xs, y=list(costed), mode="lines+markers", name=t("fig.experts.legend.costed", lang),
                             meta="speedup_costed", line={"color": theme.VERMILLION}), **at[3])
    fig.add_hline(y=1.0, line={"dash": "dot", "color": theme.GREY}, **at[3])
    fig.update_yaxes(title_text=t("fig.experts.axis.speedup", lang), rangemode="tozero", **at[3])
    fig.update_xaxes(title_text=t("fig.experts.axis.round", lang), dtick=1 if len(xs) <= 20 else None, **at[3])


def _batch(fig, rows, num_experts, k, lang, at):
    bs = [str(row["B"]) for row in rows]
    for key, colour, name in (("draft", theme.VERMILLION, "fig.experts.legend.with"),
                              ("plain", theme.GREY, "fig.experts.legend.without")):
        fig.add_trace(go.Bar(x=bs, y=[row[f"{key}_union"] for row in rows], name=t(name, lang),
                             meta=f"batch_{key}_union", marker={"color": colour}, legendgroup=key), **at[4])
        fig.add_trace(go.Bar(x=bs, y=[row[f"{key}_bytes_per_token"] / 1e3 for row in rows], showlegend=False,
                             meta=f"batch_{key}_bytes", marker={"color": colour}, legendgroup=key), **at[5])
    fig.add_hline(y=num_experts, line={"dash": "dot", "color": theme.GREY}, **at[4])
    fig.update_yaxes(title_text=t("fig.experts.axis.experts", lang), range=[0, num_experts + 0.5], **at[4])
    fig.update_yaxes(title_text=t("fig.experts.axis.kb_token", lang), rangemode="tozero", **at[5])
    for cell in at[4:]:
        fig.update_xaxes(title_text=t("fig.experts.axis.batch", lang), type="category", **cell)
