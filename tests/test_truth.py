"""One truth: every view's labels agree with the record, round by round, on recorded and live miniature traces.

Knows the trace schema, the figures' trace metas and annotation names, and the round status (ui.narration.summary); walks
greedy, sampled, cut-by-<eos> (N = 16, constant), prompt-lookup and no-drafter traces. Views never recompute a
verdict: the accepted drafts they show are the record's, and they number num_accepted. The shipped traces are walked
in the fast tier; the live ones generate with the miniature, so they are in the slow tier (conftest's TIERS).
"""
from __future__ import annotations

import pytest

from mtp_viz import generate_trace
from mtp_viz.figures import clusters, statistics, theme, timeline, token_stream, verification
from mtp_viz.trace import ACCEPTED, UNCHECKED, UNUSED
from mtp_viz.ui import session
from mtp_viz.ui.narration import summary

LIVE = {  # name -> generate_trace keywords on the miniature
    "cut_by_eos_n16": dict(prompt="Sam has 5 pens", max_new_tokens=96, num_assistant_tokens=16, schedule="constant"),
    "prompt_lookup": dict(prompt="Actions speak", max_new_tokens=48, proposer="prompt-lookup"),
}
SHIPPED = ["actions speak", "once upon a time sampled", "actions speak no drafter", "tom counted"]


@pytest.fixture(scope="module")
def live(miniature) -> dict:
    """LIVE's traces, generated on the miniature."""
    found = {}
    for name, kw in LIVE.items():
        kw = dict(kw)
        prompt = miniature.tokenizer(kw.pop("prompt"))["input_ids"]
        found[name] = generate_trace(miniature, prompt, **kw)
    return found


def boxes_of(fig) -> dict[str, list]:
    """token stream: status -> the outline widths of its boxes (2.5 marks the current round)."""
    return {tr.meta: list(tr.marker.line.width) for tr in fig.data}


def test_the_walk_covers_every_kind_of_round(live):
    traces = [*map(session.shipped, SHIPPED), *live.values()]
    verdicts = {v.verdict for tr in traces for r in tr.rounds for v in r.verify_steps}
    assert {ACCEPTED, "rejected", UNCHECKED, UNUSED} <= verdicts
    assert any(tr.settings.do_sample for tr in traces)
    assert any(r.stopped == "eos" for r in live["cut_by_eos_n16"].rounds)


@pytest.mark.parametrize("name", SHIPPED)
def test_every_view_tells_the_record(name):
    views_tell_the_record(session.shipped(name), name)


@pytest.mark.parametrize("name", list(LIVE))
def test_every_view_tells_a_live_record(live, name):
    views_tell_the_record(live[name], name)


def views_tell_the_record(trace, name: str) -> None:
    for i, r in enumerate(trace.rounds):
        verdicts = [v.verdict for v in r.verify_steps]
        assert verdicts.count(ACCEPTED) == r.num_accepted, (name, i)
        # token stream: one box per draft with its recorded verdict, outlined in the current round
        current = {s: w.count(2.5) for s, w in boxes_of(token_stream.build(trace, i)).items()}
        for status in (ACCEPTED, "rejected", UNCHECKED, UNUSED):
            assert current.get(status, 0) == verdicts.count(status), (name, i, status)
        # verification: the title's count, one mark per draft in record order, no p bar for unchecked drafts
        fig = verification.build(trace, i)
        if r.verify_steps:
            assert f"kept {r.num_accepted} of {r.num_drafted}" in fig.layout.title.text
            marks = [a.text for a in fig.layout.annotations if a.name == "verdict"]
            assert [m.replace("<b>", "").replace("</b>", " ").split()[0] for m in marks] == \
                [theme.mark(v) for v in verdicts]
            (p,) = [tr for tr in fig.data if tr.meta == "p"]
            assert [y is None for y in p.y] == [v == UNCHECKED for v in verdicts]
            assert tuple(fig.layout.yaxis.range) == (0, 1.0)
            named = [a.text for a in fig.layout.annotations if a.name == "target"]
            assert all("top choice" in a for a in named)
        # clusters: each panel says the recorded verdict, never its own comparison
        if any(d.centroid_scores for d in r.draft_steps):
            panels = [a.text for a in clusters.build(trace, i).layout.annotations if a.name == "panel"]
            for text, v in zip(panels, r.verify_steps):
                assert f"{theme.mark(v.verdict)} " in text and "target agrees" not in text, (name, i, text)
        # timeline: the target pass of this round says what the record says
        (target,) = [tr for tr in timeline.build(trace, i).data if tr.meta == "target"]
        if r.num_drafted:
            assert f"kept {r.num_accepted}, emitted {len(r.emitted_token_ids)}" in target.hovertext[-1]
        # the round summary
        if r.index and r.num_drafted:
            assert f"kept {r.num_accepted}" in summary(trace, i)
    # statistics over the whole trace: the record's accepted counts
    fig = statistics.build(trace, -1)
    (hist,) = [tr for tr in fig.data if tr.meta == "histogram"]
    drafting = [r for r in trace.rounds if r.num_drafted]
    assert sum(k * n for k, n in enumerate(hist.y)) == sum(r.num_accepted for r in drafting)
