"""Tests for mtp_viz.figures: each view builds from fixture, shipped and live traces with the content it should have.

Knows the hand-built fixture (tests/trace_fixtures.py), the shipped traces and the tiny random pair from conftest.
"""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from mtp_viz.figures import VIEWS, activations, build_all, clusters, kv_sharing, statistics, theme, timeline, \
    title, token_stream, verification, what_you_see
from mtp_viz.schema import parse_trace
from mtp_viz.strings import t
from mtp_viz.trace import MOE_CAVEAT, Trace, compute_stats
from trace_fixtures import make_trace
from conftest import LANGS

SHIPPED = sorted((Path(__file__).resolve().parent.parent / "assets" / "traces").glob("*.json"))


@pytest.fixture(scope="module")
def greedy() -> Trace:
    return make_trace()


@pytest.fixture(scope="module")
def sampled() -> Trace:
    return make_trace(sampled=True)


def by_meta(fig, meta):
    return [t for t in fig.data if t.meta == meta]


def texts(fig) -> list[str]:
    return [a.text for a in fig.layout.annotations]


def test_every_view_has_title_and_explanation(greedy):
    for (key, module), fig in zip(VIEWS, build_all(greedy, 2)):
        assert fig.layout.title.text.startswith(title(module)), key
        assert len(what_you_see(module).split()) > 40, key
        fig.to_json()   # serialisable for gr.Plot


@pytest.mark.parametrize("lang", LANGS)
def test_a_phone_gets_the_same_data_with_titles_that_fit_it(sampled, lang):
    """narrow=True changes where things sit, never what is drawn: the same traces with the same values and labels;
    every title line fits a phone's plot (the browser test measures the rest at 390 px)."""
    from mtp_viz.figures import build
    for key, _ in VIEWS:
        wide, narrow = build(key, sampled, 2, lang), build(key, sampled, 2, lang, narrow=True)
        assert [tr.meta for tr in narrow.data] == [tr.meta for tr in wide.data], key
        for a, b in zip(wide.data, narrow.data):
            for field in ("y", "z", "text", "hovertext"):
                # where a token's box or a diagram's box sits is layout: the phone's lines are shorter, its diagram
                # runs down the page
                if field in a and (key, field) not in {("token_stream", "y"), ("activations", "y")}:
                    assert list(map(repr, a[field] or ())) == list(map(repr, b[field] or ())), (key, field)
        lines = narrow.layout.title.text.split("<br>")
        # (+ 2: a closing mark, "）", stays on the line it closes)
        assert all(theme._width(line) <= theme.NARROW_TITLE_WIDTH + 2 for line in lines), (key, lines)


def test_round_index_past_the_end_means_last(greedy):
    assert "round 4 of 4" in token_stream.build(greedy, -1).layout.title.text
    assert "round 4 of 4" in token_stream.build(greedy, 99).layout.title.text


def test_token_stream_boxes_and_struck_rejections(greedy):
    fig = token_stream.build(greedy, 2)
    boxes = {t.meta: list(t.text) for t in fig.data}
    assert len(boxes["prompt"]) == 3
    assert boxes["prefill"] == ["\u00a0louder"]
    # round 1 kept all four drafts (bonus); round 2 kept two, then rejected " do" with three unchecked behind it
    assert len(boxes["accepted"]) == 6 and boxes["bonus"] == ["\u00a0say"]
    assert boxes["rejected"] == ["<s>\u00a0do</s>"]
    assert boxes["unchecked"] == ["<s>\u00a0really</s>", "<s>\u00a0mean</s>", "<s>⏎</s>"]
    assert boxes["correction"] == ["\u00a0mean"]
    # outlines mark the current round only
    widths = [w for t in fig.data for w in t.marker.line.width]
    assert widths.count(2.5) == 2 + 4 + 1  # round 2: two accepted, four struck, one correction


def test_token_stream_shows_drafts_cut_by_max_new_tokens_as_unused(greedy):
    last = greedy.rounds[-1]   # two drafts, both accepted; suppose max_new_tokens left room for one only
    cut = dataclasses.replace(last, num_accepted=1, emitted_token_ids=last.emitted_token_ids[:1],
                              last_token_kind="cut", verify_steps=[
                                  last.verify_steps[0], dataclasses.replace(last.verify_steps[1], verdict="unused")])
    trace = dataclasses.replace(greedy, rounds=[*greedy.rounds[:-1], cut])
    boxes = {t.meta: list(t.text) for t in token_stream.build(trace, -1).data}
    assert boxes["unused"] == ["<s>\u00a0do</s>"] and boxes["accepted"][-1] == "\u00a0we"
    assert boxes["bonus"] == ["\u00a0say"]   # round 1's only: the cut round adds no target token


def test_token_text_is_escaped_for_plotly(greedy):
    odd = dataclasses.replace(greedy, token_text={**greedy.token_text, 13: "<b>", 14: '"'})
    boxes = {t.meta: list(t.text) for t in token_stream.build(odd, 1).data}
    assert boxes["accepted"][:2] == ["&lt;b&gt;", '"']
    assert "guess 1: &lt;b&gt;" in " ".join(texts(clusters.build(odd, 1)))


def test_timeline_one_bar_per_forward_pass(greedy):
    for i in range(len(greedy.rounds)):
        fig = timeline.build(greedy, i)
        rounds = greedy.rounds[: i + 1]
        (drafter,), (target,), (marks,) = by_meta(fig, "drafter"), by_meta(fig, "target"), by_meta(fig, "round")
        assert len(drafter.x) == sum(r.drafter_passes for r in rounds)
        assert len(target.x) == len(rounds) == len(marks.x)
        assert list(target.x) == [r.verify_ms for r in rounds]
        assert list(drafter.x) == [d.ms for r in rounds for d in r.draft_steps]
    assert list(marks.text) == [f"R{r.index}" for r in greedy.rounds]
    # bars are laid end to end: the last target pass ends at the total wall time
    assert target.base[-1] + target.x[-1] == pytest.approx(sum(r.draft_ms + r.verify_ms for r in greedy.rounds))


def test_cluster_selection_highlights_selected_and_flags_miss(greedy):
    fig = clusters.build(greedy, 2)
    rnd = greedy.rounds[2]
    assert len(by_meta(fig, "selected")) == rnd.num_drafted
    for sel, d in zip(by_meta(fig, "selected"), rnd.draft_steps):
        assert set(sel.customdata) == set(d.selected_clusters)
    for other, d in zip(by_meta(fig, "not selected"), rnd.draft_steps):
        assert not set(other.customdata) & set(d.selected_clusters)
    miss = [a for a in (x.replace("<br>", " ") for x in texts(fig)) if "cluster miss" in a]   # wrapped to a panel
    assert len(miss) == 1 and "guess 3" in miss[0] and "mean" in miss[0]
    assert "top 32 of 2,048 clusters" in fig.layout.title.text and "(1.6%)" in fig.layout.title.text
    assert "prefill" in texts(clusters.build(greedy, 0))[0]


def test_kv_sharing_arrows_to_source_layers_and_cropping(greedy):
    fig = kv_sharing.build(greedy, 2)
    arrows = [a for a in fig.layout.annotations if a.name == "kv-arrow"]
    assert len(arrows) == greedy.model_info.drafter_num_layers
    assert sorted(a.y for a in arrows) == [13, 13, 13, 14]   # three sliding drafter layers, one full
    (cropped,), (kept,) = by_meta(fig, "cropped"), by_meta(fig, "kept")
    assert list(kept.y) == [r.cache_len_after for r in greedy.rounds[:3]]
    assert list(cropped.y) == [0, 0, 4]   # round 2 wrote six drafts and kept two
    layers = sum(len(t.y) for t in by_meta(fig, "target-layer"))
    assert layers == 35


def test_activations_use_real_sizes_and_constant_position(greedy):
    fig = activations.build(greedy, 2)
    ann = " ".join(texts(fig)).replace("<br>", " ")
    assert "3,072 → 256" in ann and "256 → 1,536" in ann and "4 drafter layers" in ann
    assert "position id 8 for all 6 guesses" in ann
    draft_model = dataclasses.replace(greedy, model_info=dataclasses.replace(
        greedy.model_info, proposer="draft-model", pre_projection=None))
    assert "does not read" in texts(activations.build(draft_model, 2))[0]


def test_verification_greedy_has_verdicts_and_no_sampling_marks(greedy):
    fig = verification.build(greedy, 2)
    rnd = greedy.rounds[2]
    (p,), (q,) = by_meta(fig, "p"), by_meta(fig, "q")
    assert list(q.y) == [v.q for v in rnd.verify_steps]
    # the target's p only where its pass decided: unchecked drafts get no p bar
    assert list(p.y) == [v.p if v.verdict != "unchecked" else None for v in rnd.verify_steps]
    verdicts = [a.text for a in fig.layout.annotations if a.name == "verdict"]
    assert verdicts == ["<b>✓</b>"] * 2 + ["<b>✗</b>"] + ["<b>…</b>"] * 3    # six guesses: the marks alone
    few = [a.text for a in verification.build(greedy, 3).layout.annotations if a.name == "verdict"]
    assert few == ["<b>✗ rejected</b>"] + ["<b>… unchecked</b>"] * 4
    assert not by_meta(fig, "u") and not by_meta(fig, "residual")
    assert "kept 2 of 6 (greedy)" in fig.layout.title.text


def test_verification_sampled_shows_u_ratio_and_residual(sampled):
    fig = verification.build(sampled, 2)
    (u,), (ratio,), (res,) = by_meta(fig, "u"), by_meta(fig, "accept_prob"), by_meta(fig, "residual")
    checked = [v for v in sampled.rounds[2].verify_steps if v.verdict != "unchecked"]
    assert list(u.y) == [v.u for v in checked]
    assert list(ratio.y) == pytest.approx([min(1.0, v.p / v.q) for v in checked])
    assert u.y[2] > ratio.y[2] and all(a < b for a, b in zip(u.y[:2], ratio.y[:2]))
    assert list(res.y) == checked[2].residual_top_probs
    assert res.marker.color[0] == theme.colour("correction")   # the drawn token is highlighted


def test_statistics_match_compute_stats(greedy):
    fig = statistics.build(greedy, 4)
    s = compute_stats(greedy.rounds, len(greedy.rounds), greedy.drafter_forward_passes)
    assert s == {**greedy.stats}
    assert f"mean acceptance length {s['mean_acceptance_length']:.2f}" in fig.layout.title.text
    (hist,) = by_meta(fig, "histogram")
    assert list(hist.y) == s["accepted_histogram"]
    (per_pass,), (base,) = by_meta(fig, "tokens_per_pass"), by_meta(fig, "baseline")
    assert per_pass.y[-1] == pytest.approx(s["tokens_per_target_pass"])
    assert set(base.y) == {1.0}
    (n,) = by_meta(fig, "N")
    assert list(n.y) == [4, 6, 5, 4]   # the heuristic schedule: +2 after full acceptance, -1 after a rejection
    early = statistics.build(greedy, 1)
    assert "after round 1" in early.layout.title.text


def test_moe_caveat_is_shown_in_the_readers_language(greedy):
    moe = dataclasses.replace(greedy, model_info=dataclasses.replace(
        greedy.model_info, num_experts=16, top_k_experts=2, moe_caveat="an English copy"))
    for view in (statistics, activations):
        shown = " ".join(texts(view.build(moe, 2))).replace("<br>", " ")
        assert "2 of 16 experts" in shown and "English copy" not in shown
        assert "2 von 16 Experten" in " ".join(texts(view.build(moe, 2, "de"))).replace("<br>", " ")


def test_a_trace_records_the_moe_caveat_by_code_and_an_old_one_keeps_its_words(greedy):
    """A trace records the caveat's key (trace.MOE_CAVEAT), said in the reader's language; a trace recorded before,
    with English words and no expert counts, still shows those words."""
    info = dataclasses.replace(greedy.model_info, num_experts=16, top_k_experts=2, moe_caveat=MOE_CAVEAT)
    assert theme.moe_caveat(info, "de") == t("fig.moe_caveat", "de", top_k=2, num_experts=16)
    old = dataclasses.replace(info, num_experts=None, top_k_experts=None, moe_caveat="an English copy")
    assert theme.moe_caveat(old, "de") == "an English copy" and theme.moe_caveat(greedy.model_info) == ""


def test_timeline_sets_the_check_beside_one_pass_per_token(greedy):
    one = greedy.model_info.target_ms_one_token or 3.0
    greedy = dataclasses.replace(greedy, model_info=dataclasses.replace(greedy.model_info, target_ms_one_token=one))
    r = greedy.rounds[2]
    fig = timeline.build(greedy, 2)
    (alone,), (target,) = by_meta(fig, "one_by_one"), by_meta(fig, "target")
    assert list(alone.x) == [pytest.approx((r.num_drafted + 1) * one)]      # N + 1 one-token passes
    assert alone.base[0] == target.base[-1]                                 # beside the real check
    assert "one by one?" in fig.layout.yaxis.ticktext and str(r.num_drafted + 1) in alone.text[0]
    assert not by_meta(timeline.build(greedy, 0), "one_by_one")             # the prefill checks no guesses
    plain = dataclasses.replace(greedy, model_info=dataclasses.replace(greedy.model_info, target_ms_one_token=None))
    assert not by_meta(timeline.build(plain, 2), "one_by_one")              # no measured pass: no picture


def test_views_set_gemma4_e2b_beside_the_miniature(greedy):
    assert "2,048 clusters" in clusters.build(greedy, 2).layout.title.subtitle.text
    assert "262,144" in clusters.build(greedy, 2).layout.title.subtitle.text
    assert "layers 13 and 14" in kv_sharing.build(greedy, 2).layout.title.subtitle.text
    assert "3,072 → pre_projection → 256" in activations.build(greedy, 2).layout.title.subtitle.text
    assert "262.144" in clusters.build(greedy, 2, "de").layout.title.subtitle.text


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_views_build_from_shipped_trace(path):
    trace = parse_trace(path.read_text(encoding="utf-8"))
    assert trace.model_info.name in ("miniature", "miniature-moe")   # the two bundled pairs
    for i in (0, 1, len(trace.rounds) - 1):
        for fig in build_all(trace, i):
            assert fig.layout.title.text
    fig = timeline.build(trace, -1)
    assert sum(len(t.x) for t in fig.data if t.meta in ("drafter", "target")) == \
        trace.target_forward_passes + trace.drafter_forward_passes


def test_some_traces_are_shipped():
    assert len(SHIPPED) >= 3


@pytest.mark.parametrize("kwargs", [{}, {"do_sample": True, "seed": 1}, {"proposer": "prompt-lookup"}])
def test_views_build_from_live_tiny_trace(tiny_pair, kwargs):
    from conftest import PROMPT
    from mtp_viz import generate_trace

    trace = generate_trace(tiny_pair, PROMPT, max_new_tokens=12, **kwargs)
    for i in range(len(trace.rounds)):
        for fig in build_all(trace, i):
            fig.to_json()
    fig = timeline.build(trace, -1)
    assert len(by_meta(fig, "target")[0].x) == trace.target_forward_passes


ENGLISH_MARKS = (r"\d,\d{3}(?!\d)", r"\d\.\d{1,2}(?!\d)")     # 4,096 and 2.50: English grouping and decimals


def words_on(fig) -> list[str]:
    """Every text a reader sees on a figure without hovering: the title, annotations, trace names and bar texts."""
    found = [fig.layout.title.text or ""] + [a.text or "" for a in fig.layout.annotations]
    for tr in fig.data:
        found.append(getattr(tr, "name", None) or "")
        text = getattr(tr, "text", None)
        found += [str(x) for x in text] if isinstance(text, (list, tuple)) else [str(text or "")]
    return found


@pytest.mark.slow
def test_every_view_writes_numbers_in_the_readers_marks(greedy):
    """German 4.096 and 2,50, English and Chinese 4,096 and 2.50: in plotly's own numbers (separators) and in the
    texts the views write themselves."""
    import re

    english = re.compile("|".join(ENGLISH_MARKS))
    seen = {"en": set(), "de": set()}
    for i in range(len(greedy.rounds)):
        for lang in LANGS:
            for (key, _), fig in zip(VIEWS, build_all(greedy, i, lang)):
                assert fig.layout.separators == theme.separators(lang), (key, lang)
                marked = {m.group(0) for w in words_on(fig) for m in english.finditer(w)}
                if lang in seen:
                    seen[lang] |= {(key, m) for m in marked}
    assert not seen["de"], seen["de"]
    assert {"clusters", "statistics"} <= {key for key, _ in seen["en"]}     # the check would see them
    from mtp_viz.figures import empty
    assert empty("timeline", "x", "de").layout.separators == ",."


def test_build_makes_a_figure_once_per_trace_and_arguments(monkeypatch):
    """figures.build remembers its latest figures: the same trace object and arguments get the same figure; another
    trace (even an equal one), round, language or width gets its own; at most DRAWN are kept."""
    from mtp_viz import figures

    monkeypatch.setattr(figures, "_drawn", type(figures._drawn)())
    monkeypatch.setattr(figures, "DRAWN", 4)
    trace, twin = make_trace(), make_trace()
    first = figures.build("timeline", trace, 1)
    assert figures.build("timeline", trace, 1) is first
    assert figures.build("timeline", trace, -1) is figures.build("timeline", trace, len(trace.rounds) - 1)
    others = [figures.build("timeline", twin, 1), figures.build("timeline", trace, 2),
              figures.build("timeline", trace, 1, "de"), figures.build("timeline", trace, 1, narrow=True)]
    assert all(other is not first for other in others)
    assert others[0].to_json() == first.to_json()          # equal traces draw equal figures, each its own
    assert len(figures._drawn) == 4 and figures.build("timeline", trace, 1) is not first    # the oldest went


@pytest.mark.parametrize("lang", LANGS)
def test_each_caption_is_one_short_idea_with_the_rest_behind_more(greedy, lang):
    """Issue 36: what to look at in at most about 60 English words, the whole explanation kept for "More"; the
    Experts view of a dense target says in one line that it has nothing to show, with nothing behind "More"."""
    from mtp_viz.figures import caption, experts
    for key, module in VIEWS:
        short, rest = caption(module, lang, greedy)
        if key == experts.KEY:                          # the fixture's target is dense
            assert rest == "" and "\n" not in short and short == experts.nothing(greedy, lang), lang
            continue
        assert rest == what_you_see(module, lang) and len(short) < 0.75 * len(rest), (key, lang)
        if lang == "en":
            assert len(short.split()) <= 60, key


def test_each_experts_panel_has_its_own_legend():
    """One legend under each panel, holding that panel's traces: a colour (orange) means one thing in each."""
    from mtp_viz.figures import experts
    moe = parse_trace((Path(__file__).resolve().parent.parent / "assets" / "traces" / "actions_speak_moe.json")
                      .read_text(encoding="utf-8"))
    fig = experts.build(moe, 2)
    legends = {}
    for trace in fig.data:
        panel = int((trace.xaxis or "x")[1:] or 1)
        assert trace.legend == ("legend" if panel == 1 else f"legend{panel}"), trace.meta
        legends.setdefault(trace.legend, set()).add(panel)
        legend = fig.layout[trace.legend]
        assert legend.y < fig.layout["yaxis" + (trace.yaxis or "y")[1:]].domain[0], trace.meta   # under its panel
    assert all(len(panels) == 1 for panels in legends.values()) and len(legends) >= 5


@pytest.mark.parametrize("narrow", [False, True])
def test_every_view_drawn_without_plotlys_checks_is_the_figure_drawn_with_them(greedy, sampled, monkeypatch, narrow):
    """The views are drawn with Plotly's property checks off (theme.VALIDATE): they took most of a view's time. This
    draws every view of the fixtures and of the shipped mixture-of-experts trace (first and last round, in German,
    whose words are the longest) both ways: with the checks on, a property Plotly does not know fails, and each
    figure must be the same JSON, key order aside."""
    moe = parse_trace(next(p for p in SHIPPED if "moe" in p.stem).read_text(encoding="utf-8"))
    for trace in (greedy, sampled, moe):
        last = len(trace.rounds) - 1
        for key, module in VIEWS:
            for i in sorted({0, last}):
                for lang in ("de",):
                    unchecked = json.loads(module.build(trace, i, lang, narrow=narrow).to_json())
                    monkeypatch.setattr(theme, "VALIDATE", True)
                    checked = json.loads(module.build(trace, i, lang, narrow=narrow).to_json())
                    monkeypatch.setattr(theme, "VALIDATE", False)
                    assert unchecked == checked, (key, i, lang)
