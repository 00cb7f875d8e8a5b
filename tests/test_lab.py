"""Tests for the draft-length lab: the cost model against hand-computed values, sweep() on tiny models from
configs, the lab figures from a hand-built DataFrame, and the tab's handlers without a browser.

Knows mtp_viz.lab_math, mtp_viz.figures.lab_charts and mtp_viz.ui.lab_tab; the tiny random pair comes from conftest.
"""
from __future__ import annotations

import math
import threading

import numpy as np
import pandas as pd
import pytest

from conftest import LANGS, PROMPT, TRANSLATED
from mtp_viz import lab_math
from mtp_viz.figures import lab_charts as views


# -- the cost model ------------------------------------------------------------------------------------------------
def test_expected_tokens_by_hand():
    assert lab_math.expected_tokens(0.5, 2) == pytest.approx(1 + 0.5 + 0.25)          # 1 + α + α²
    assert lab_math.expected_tokens(0.0, 4) == pytest.approx(1.0)                      # nothing accepted: the target's token
    assert lab_math.expected_tokens(1.0, 4) == pytest.approx(5.0)                      # everything accepted: N + 1
    assert lab_math.expected_tokens(0.8, np.array([1, 2])) == pytest.approx([1.8, 1 + 0.8 + 0.64])


def test_walltime_improvement_by_hand():
    # Leviathan et al. 2023, theorem 3.8: (1 − α^(γ+1)) / ((1 − α)(γc + 1))
    assert lab_math.walltime_improvement(0.8, 4, 0.05) == pytest.approx((1 - 0.8 ** 5) / (0.2 * 1.2))
    assert lab_math.walltime_improvement(0.8, 4, 0.05, verify_cost=2.0) == pytest.approx((1 - 0.8 ** 5) / 0.2 / 2.2)
    assert lab_math.walltime_improvement(0.0, 3, 0.5) == pytest.approx(1 / 2.5)        # drafting that never pays
    assert lab_math.best_gamma(0.8, 0.05) > lab_math.best_gamma(0.8, 0.5) >= 1              # a dearer drafter, a shorter draft


def test_alpha_fits():
    # the vLLM per-position figures: accepted 0.844+0.599+0.385+0.271 of reached 1+0.844+0.599+0.385
    assert lab_math.alpha_from_positions([0.844, 0.599, 0.385, 0.271], [1, 0.844, 0.599, 0.385]) == pytest.approx(
        2.099 / 2.828)
    assert math.isnan(lab_math.alpha_from_positions([0], [0]))
    for alpha in (0.3, 0.7, 0.95):
        rate = (lab_math.expected_tokens(alpha, 3) - 1) / 3                           # accepted / drafted at N = 3
        assert lab_math.alpha_from_rate(rate, 3) == pytest.approx(alpha, abs=1e-6)
    assert set(lab_math.PRESETS) == {"e2b", "31b", "26b"}
    assert all(0 < p["alpha"] < 1 and 0 < p["c"] < 1 for p in lab_math.PRESETS.values())


# -- sweep on tiny models --------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def swept(tiny_pair):
    calls = []
    df = lab_math.sweep(tiny_pair, [PROMPT, PROMPT[:5]], ns=(1, 3), schedules=("constant", "heuristic"), repeats=2,
                   max_new_tokens=12, progress=lambda f, setting: calls.append((f, setting)))
    return df, calls


def test_sweep_columns_and_types(swept):
    df, _ = swept
    assert list(df.columns) == lab_math.COLUMNS
    assert len(df) == 1 + 2 * 2                                                   # none + schedules x N
    assert list(df["proposer"]) == ["none"] + ["mtp"] * 4
    for col in ("num_assistant_tokens", "new_tokens", "target_passes", "drafter_passes"):
        assert pd.api.types.is_integer_dtype(df[col]), col
    for col in lab_math.COLUMNS[6:-3]:                 # the last three are text: by position, clock, priced_at
        assert pd.api.types.is_float_dtype(df[col]), col


def test_runs_side_by_side_give_the_same_counts_in_the_same_order(swept, tiny_pair):
    """A sweep whose runs go to a runner two at a time (the app's workers) keeps each row's runs in the order asked
    and counts what the one-at-a-time sweep counts; only the times differ."""
    df, calls = swept
    seen, lock = [], threading.Lock()
    here = lab_math.engine_runner(tiny_pair)

    def run(prompt, settings):
        with lock:
            seen.append(threading.current_thread().name)
        return here(prompt, settings)
    side = lab_math.sweep(tiny_pair, [PROMPT, PROMPT[:5]], ns=(1, 3), schedules=("constant", "heuristic"), repeats=2,
                          max_new_tokens=12, run=run, parallel=2)
    counts = ["new_tokens", "target_passes", "drafter_passes", "tokens_per_target_pass", "alpha"]
    pd.testing.assert_frame_equal(side[counts], df[counts])
    assert len(set(seen)) == 2 and len(seen) == 5 + len(calls)     # a warm-up per setting, then every run


def test_none_is_the_baseline(swept):
    df, _ = swept
    none = df[df["proposer"] == "none"].iloc[0]
    assert none["num_assistant_tokens"] == 0 and none["drafter_passes"] == 0
    assert none["speedup_vs_none"] == 1.0 and none["tokens_per_target_pass"] == 1.0
    assert none["predicted_speedup"] == 1.0 and none["predicted_tokens_per_pass"] == 1.0


def test_sweep_invariants(swept):
    df, calls = swept
    drafting = df[df["proposer"] != "none"]
    const = drafting[drafting["schedule"] == "constant"]
    assert (const["tokens_per_target_pass"] <= const["num_assistant_tokens"] + 1 + 1e-9).all()
    # every schedule: a round yields at most its drafts plus the target's token (the heuristic's N moves)
    assert (drafting["tokens_per_target_pass"] <= 1 + drafting["drafter_passes"] / drafting["target_passes"]
            + 1e-9).all()
    assert (const["tokens_per_target_pass"] == 1 + const["mean_accepted"]).all()
    assert (const["drafter_passes"] == const["target_passes"] * const["num_assistant_tokens"]).all()
    assert const["predicted_tokens_per_pass"].notna().all() and (const["cost_ratio"] > 0).all()
    assert drafting[drafting["schedule"] == "heuristic"]["predicted_speedup"].isna().all()
    assert list(drafting[drafting["schedule"] == "heuristic"]["num_assistant_tokens"]) == [1, 3]
    assert len(calls) == 5 * 2 * 2 and calls[-1][0] == pytest.approx(1.0)
    grid = {("mtp", schedule, n) for schedule in ("constant", "heuristic") for n in (1, 3)}
    assert {setting for _, setting in calls} == {("none", "constant", 0)} | grid      # worded by the page
    assert set(df["clock"]) == {"cpu"}                     # conftest runs torch on one thread: the CPU clock
    assert [f for f, _ in calls] == sorted(f for f, _ in calls)


def test_sweep_survives_csv(swept, tmp_path):
    df, _ = swept
    df.to_csv(tmp_path / "s.csv", index=False)
    back = lab_math.read_csv(tmp_path / "s.csv")
    pd.testing.assert_frame_equal(back, df, check_dtype=False)


@pytest.mark.parametrize("kwargs", [dict(prompts=[]), dict(ns=()), dict(ns=(0,)), dict(ns=(99,)),
                                    dict(schedules=("sometimes",)), dict(proposers=("oracle",)), dict(repeats=0)])
def test_sweep_rejects_a_bad_grid(tiny_pair, kwargs):
    args = dict(prompts=[PROMPT], ns=(1,), repeats=1, max_new_tokens=4) | kwargs
    with pytest.raises(ValueError):
        lab_math.sweep(tiny_pair, **args)


# -- figures from a hand-built sweep ---------------------------------------------------------------------------------
def fixture_frame() -> pd.DataFrame:
    """α = 0.8 exactly, c = 0.5, verification costs 1.5 T whatever N: the miniature's shape, numbers by hand."""
    rows = [dict(proposer="none", schedule="constant", num_assistant_tokens=0, tokens_per_target_pass=1.0,
                 target_ms_per_pass=2.0, drafter_ms_per_pass=math.nan, speedup_vs_none=1.0, alpha=math.nan,
                 acceptance_by_position="", target_passes=40, drafter_passes=0)]
    for n in (1, 2, 4, 8):
        rows.append(dict(proposer="mtp", schedule="constant", num_assistant_tokens=n,
                         tokens_per_target_pass=lab_math.expected_tokens(0.8, n), target_ms_per_pass=3.0,
                         drafter_ms_per_pass=1.0, alpha=0.8, target_passes=20, drafter_passes=20 * n,
                         speedup_vs_none=lab_math.walltime_improvement(0.8, n, 0.5, 1.5) * (0.9 if n == 8 else 1.0),
                         acceptance_by_position=" ".join(f"{0.8 ** k:.4f}" for k in range(1, n + 1))))
    rows.append(dict(rows[2], schedule="heuristic", speedup_vs_none=1.2))
    return pd.DataFrame(rows).reindex(columns=lab_math.COLUMNS)


def test_cost_model_reads_the_frame():
    model = lab_math.cost_model(fixture_frame())
    assert model["alpha"] == pytest.approx(0.8) and model["c"] == pytest.approx(0.5)
    assert model["v0"] == pytest.approx(1.5) and model["v1"] == pytest.approx(0.0, abs=1e-9)


def test_tokens_view():
    fig = views.tokens_per_pass(fixture_frame())
    metas = [t.meta for t in fig.data]
    assert metas == ["limit", "predicted", "measured", "heuristic"]
    assert list(fig.data[0].y) == [n + 1 for n in range(1, 9)]                   # N + 1
    assert list(fig.data[2].x) == [1, 2, 4, 8]
    assert fig.data[1].y[3] == pytest.approx(lab_math.expected_tokens(0.8, 4))
    assert "α = 0.80" in fig.data[1].name and fig.layout.title.text == "Tokens per target pass against N"


def test_speedup_view_marks_best_and_baseline():
    df = fixture_frame()
    fig = views.speedup(df)
    by = {t.meta: t for t in fig.data}
    assert set(by) == {"baseline", "predicted", "measured", "heuristic", "best"}
    assert list(by["baseline"].y) == [1.0, 1.0] and "c = 0.50" in fig.layout.title.text
    predicted = lab_math.walltime_improvement(0.8, np.arange(1, 9), 0.5, 1.5)
    assert list(by["predicted"].y) == pytest.approx(list(predicted))
    assert views.best_predicted(df) == int(np.argmax(predicted)) + 1
    assert by["best"].x[0] == views.best_measured(df)
    assert by["heuristic"].marker.symbol == "diamond"


def test_two_pairs_draw_each_pairs_measurement_and_its_own_prediction():
    """The same acceptance with a cheap and a costly drafter: each pair's curve is the cost model with its own c."""
    costly = fixture_frame()
    cheap = costly.assign(drafter_ms_per_pass=0.2)          # c = 0.1: the same α, a drafter a fifth as costly
    fig = views.two_pairs({"miniature": cheap, "miniature-shallow": costly}, "de")
    assert [t.meta for t in fig.data] == ["baseline", "predicted", "measured", "predicted", "measured"]
    ns = np.arange(1, 9)
    assert list(fig.data[1].y) == pytest.approx(list(lab_math.walltime_improvement(0.8, ns, 0.1, 1.5)))
    assert list(fig.data[3].y) == pytest.approx(list(lab_math.walltime_improvement(0.8, ns, 0.5, 1.5)))
    assert "c = 0,10" in fig.data[2].name and "c = 0,50" in fig.data[4].name and "gemessen" in fig.data[2].name
    assert views.two_pairs({"miniature": None}).layout.annotations     # nothing recorded: it says so


def test_acceptance_view_is_alpha_to_the_k():
    fig = views.acceptance(fixture_frame())
    bars, line = fig.data
    assert list(bars.x) == list(range(1, 9)) and "N = 8" in fig.layout.title.text
    assert list(line.y) == pytest.approx([0.8 ** k for k in range(1, 9)])
    assert list(bars.y) == pytest.approx([0.8 ** k for k in range(1, 9)], abs=1e-4)


def test_what_if_curves_and_presets():
    fig = views.what_if(0.8, 0.05)
    metas = [t.meta for t in fig.data]
    assert metas.count("what_if") == 2 and "best" in metas and "baseline" in metas
    assert sum(m.startswith("preset:") for m in metas) == 2 * len(lab_math.PRESETS)
    assert all("projected, not measured" in t.name for t in fig.data if t.meta.startswith("preset:"))
    looks = {t.meta: (t.line.color, t.line.dash, t.marker.symbol) for t in fig.data if t.meta.startswith("preset:")}
    others = {t.line.color for t in fig.data if not t.meta.startswith("preset:") and t.line.color}
    assert len(set(looks.values())) == len(looks) == len(lab_math.PRESETS)    # each preset told apart by colour,
    assert len({colour for colour, _, _ in looks.values()}) == len(looks)       # not only by its grey dash
    assert not {colour for colour, _, _ in looks.values()} & others
    assert f"Best N {lab_math.best_gamma(0.8, 0.05)}" in fig.layout.title.text
    fig.to_json()


def test_the_charts_write_numbers_in_the_readers_marks():
    for lang, marks in (("en", ".,"), ("zh-TW", ".,"), ("de", ",.")):
        figs = [*views.build_all(fixture_frame(), lang), views.what_if(0.8, 0.05, lang), *views.build_all(None, lang)]
        assert {fig.layout.separators for fig in figs} == {marks}, lang
    assert "α = 0,80" in views.what_if(0.8, 0.05, "de").layout.title.text


def test_views_without_a_sweep_say_so():
    for fig in views.build_all(None):
        assert "Run sweep" in fig.layout.annotations[0].text


# -- the tab's handlers ----------------------------------------------------------------------------------------------
def test_request_bounds():
    from mtp_viz.ui import lab_tab as tab

    assert tab.parse_prompts(" a \n\n b ") == ["a", "b"]
    limits = tab.SERVER_SWEEP
    for text in ["", "\n".join("p" * 3 for _ in range(limits.max_prompts + 1)), "x" * (limits.max_prompt_chars + 1)]:
        with pytest.raises(ValueError):
            tab.check(tab.parse_prompts(text), [1], ["constant"], ["mtp"], 48, 1)
    ok = tab.check(["a"], [1, 2], ["constant"], ["mtp"], 48, 3)
    assert ok["ns"] == [1, 2] and ok["repeats"] == 3
    for bad in [([], ["constant"], ["mtp"], 48, 3), ([17], ["constant"], ["mtp"], 48, 3),
                ([1], [], ["mtp"], 48, 3), ([1], ["constant"], ["mtp"], 48, 6),
                (list(range(1, 17)), ["constant", "heuristic"], ["mtp", "prompt-lookup"], 48, 5)]:
        with pytest.raises(ValueError):
            tab.check(["a", "b"], *bad)


def test_bad_request_only_changes_the_status():
    from mtp_viz.ui import lab_tab as tab
    from mtp_viz.ui.service import Service

    out = tab.run("", "miniature", [1], ["constant"], ["mtp"], 16, 1, service=Service())
    assert "at least one prompt" in out[3] and len(out) == 7


def test_the_progress_line_and_the_charts_reading_are_in_the_readers_language():
    """Issue 27, item 5 and issue 26, item 4: the sweep's progress line names the setting in the page's words, and
    the sentence under the speed-up chart quotes the chart's own peak and fall."""
    from mtp_viz.ui import lab_tab as tab

    assert tab.progress_text(("mtp", "constant", 6), "zh-TW") == "MTP（Gemma 4 草稿模型） · 固定 · N = 6"
    assert "konstant" in tab.progress_text(("mtp", "constant", 6), "de")
    rows = [("none", "constant", 0, 1.0)] + [("mtp", "constant", n, x) for n, x in ((1, 1.5), (4, 2.5), (8, 2.0),
                                                                                    (12, 1.5))]
    df = pd.DataFrame([dict(proposer=p, schedule=s, num_assistant_tokens=n, speedup_vs_none=x, clock="cpu")
                       for p, s, n, x in rows])
    text = tab.reading(df)
    assert "highest at N = 4 (2.50×) and falls to 1.50× at N = 12" in text and "CPU clock" in text
    assert "N = 4" in tab.reading(df, "de") and "2,50" in tab.reading(df, "de")
    rising = df[df["num_assistant_tokens"] <= 4]
    assert "still highest at the largest N measured" in tab.reading(rising)


def test_first_paint_and_presets():
    from mtp_viz.ui import lab_tab as tab

    out = tab.first_paint()
    assert len(out) == 7
    if lab_math.recorded_sweep() is not None:
        assert "recorded on the miniature" in out[3] and len(out[4]) == len(lab_math.recorded_sweep())
    alpha, c, moe, note = tab.choose_preset("26b")
    assert (alpha, c, moe) == (lab_math.PRESETS["26b"]["alpha"], lab_math.PRESETS["26b"]["c"], True)
    assert "projected, not measured" in note and "experts" in note
    assert tab.choose_preset("e2b")[2] is False


def test_the_page_starts_with_the_sweep_that_was_recorded():
    """One default sweep (lab_math.DEFAULT_SWEEP): the lab's controls start with it, and both recorded CSVs hold exactly
    its rows (each proposer and schedule at each N, and the no-drafter row), so the first paint is what Run sweep
    would measure."""
    from mtp_viz.ui import lab_tab as tab

    sweep = lab_math.DEFAULT_SWEEP
    assert tab.START is sweep
    assert set(sweep["ns"]) <= set(tab.N_CHOICES) and tab.START["max_new_tokens"] <= tab.SERVER_SWEEP.new_tokens[1]
    expected = {("none", "constant", 0)} | {(p, s, n) for p in sweep["proposers"] for s in sweep["schedules"]
                                            for n in sweep["ns"]}
    for name, df in tab.pair_sweeps().items():
        assert df is not None, name
        assert set(zip(df.proposer, df.schedule, df.num_assistant_tokens)) == expected, name


# -- issue 19, item 1: one MoE lesson, in numbers, from one cost model ---------------------------------------------
def test_moe_verification_reads_the_experts_that_n_plus_one_tokens_pick():
    moe = lab_math.MOE_26B
    active = moe["shared_params"] + moe["layers"] * moe["k"] * moe["expert_params"]
    assert active == pytest.approx(3.8e9, rel=0.01)          # 26B A4B: about 3.8B active parameters
    assert lab_math.moe_verify_cost(moe, 0) == pytest.approx(1.0)
    touched = 128 * (1 - (1 - 8 / 128) ** 5)
    assert lab_math.experts_touched(128, 8, 5) == pytest.approx(touched)
    expected = (moe["shared_params"] + 30 * touched * moe["expert_params"]) / active
    assert lab_math.moe_verify_cost(moe, 4) == pytest.approx(expected)
    assert 2.0 < expected < 2.6
    v = lab_math.verify_cost_of(lab_math.PRESETS["26b"])
    assert lab_math.verify_cost_of(lab_math.PRESETS["e2b"])(4) == 1.0 and v(4) == pytest.approx(expected)
    # a dense target with the same α and c would gain far more than the MoE does
    p = lab_math.PRESETS["26b"]
    assert lab_math.walltime_improvement(p["alpha"], 4, p["c"], v(4)) < 0.6 * lab_math.walltime_improvement(p["alpha"], 4, p["c"])


def test_weights_per_token_fall_with_batch_and_match_the_speedup():
    moe, p = lab_math.MOE_26B, lab_math.PRESETS["26b"]
    drafter = p["c"] * lab_math.moe_pass_params(moe, 1)
    per_pass = lab_math.expected_tokens(p["alpha"], 4)
    plain, drafted = lab_math.moe_params_per_token(moe, 1), lab_math.moe_params_per_token(moe, 1, per_pass, 4, drafter)
    # bytes read per token are what a memory-bound decoder pays: their ratio is the cost model's speed-up
    assert plain / drafted == pytest.approx(lab_math.walltime_improvement(p["alpha"], 4, p["c"], lab_math.moe_verify_cost(moe, 4)))
    assert lab_math.moe_params_per_token(moe, 8) < plain
    b8 = lab_math.moe_params_per_token(moe, 8) / lab_math.moe_params_per_token(moe, 8, per_pass, 4, drafter)
    assert b8 > plain / drafted           # a batch shares experts, so drafting pays more there


def test_the_lesson_says_the_same_numbers_in_the_lab_the_race_and_the_tour():
    from mtp_viz.ui import lab_tab as tab
    from mtp_viz.ui import moe_story, tour
    from mtp_viz.ui import race_tab

    p = lab_math.PRESETS["26b"]
    numbers = moe_story.figures(p, 4)
    assert numbers["costed"] < numbers["best_x"] < numbers["dense"]
    assert moe_story.paragraph(p, 4, "en") in tab.choose_preset("26b")[3]
    for lang in LANGS:
        story = moe_story.paragraph(p, 4, lang)
        assert story in race_tab.projected("26b", lang)[0]
        chapter = tour.page(len(tour.CHAPTERS) - 1, lang)[1]
        assert chapter.index(moe_story.plain(p, 4, lang)) < chapter.index(moe_story.numbers(p, 4, lang))
    assert f"{numbers['costed']:.2f}×" in moe_story.paragraph(p, 4, "en")


def test_the_what_if_counts_experts_when_asked():
    from mtp_viz.figures import lab_charts as views

    p = lab_math.PRESETS["26b"]
    dense = views.what_if(p["alpha"], p["c"])
    moe = views.what_if(p["alpha"], p["c"], moe=lab_math.MOE_26B)
    mine = lambda fig: next(tr for tr in fig.data if tr.meta == "what_if" and tr.showlegend is not False)  # noqa: E731
    assert mine(moe).y[3] == pytest.approx(lab_math.walltime_improvement(p["alpha"], 4, p["c"], lab_math.moe_verify_cost(lab_math.MOE_26B, 4)))
    assert mine(dense).y[3] == pytest.approx(lab_math.walltime_improvement(p["alpha"], 4, p["c"]))
    preset = next(tr for tr in dense.data if tr.meta == "preset:26b" and tr.showlegend is not False)
    assert preset.y[3] == pytest.approx(mine(moe).y[3])


def test_the_app_measures_a_one_token_pass_at_load(tiny_pair):
    """Both references: a one-token pass's wall time, and a one-token round's CPU time (issue 27, item 4)."""
    from mtp_viz import generate_trace
    from mtp_viz.worker import one_token_pass_ms

    ms, cpu = one_token_pass_ms(tiny_pair)
    assert ms > 0 and cpu > 0
    tiny_pair.one_token_ms, tiny_pair.one_token_cpu_ms = ms, cpu
    try:
        info = generate_trace(tiny_pair, PROMPT, max_new_tokens=4).model_info
        assert info.target_ms_one_token == ms and info.target_cpu_ms_one_token == cpu
    finally:
        tiny_pair.one_token_ms = tiny_pair.one_token_cpu_ms = None


def test_the_acceptance_line_draws_the_alpha_its_bars_show():
    """Issue 33, item 5: the α^k line uses the α fitted to the bars it stands over (that row's accepted over checked
    guesses), not the sweep's pooled α; on the recorded sweep the two differ (0.83 against 0.92)."""
    df = lab_math.recorded_sweep()
    if df is None:
        pytest.skip("no recorded sweep")
    fig = views.acceptance(df)
    bars, line = fig.data
    row = df[(df["proposer"] == "mtp") & (df["schedule"] == "constant")].sort_values("num_assistant_tokens").iloc[-1]
    shares = lab_math.positions(row)
    # the row's α refitted from its bars: accepted over reached; rounds that kept 1..k-1 reach position k
    reached = [1.0] + shares[:-1]
    assert row["alpha"] == pytest.approx(lab_math.alpha_from_positions(shares, reached), abs=1e-3)
    assert list(line.y) == pytest.approx([row["alpha"] ** k for k in bars.x])
    assert f"{row['alpha']:.2f}" in line.name and "fitted to these bars" in line.name


def test_the_reading_gives_the_best_n_three_ways_and_says_why_they_differ():
    """Issue 33, item 5: best N measured, predicted and what-if, and where they differ one line each naming the cause
    in the sweep's numbers (the rows' α, v as measured against the what-if's v = 1); a diamond above the star is
    explained."""
    from mtp_viz.ui import lab_tab as tab

    df = lab_math.recorded_sweep()
    if df is None:
        pytest.skip("no recorded sweep")
    best = views.best_ns(df)
    model = lab_math.cost_model(df)
    assert best["measured"] == views.best_measured(df) and best["predicted"] == views.best_predicted(df)
    assert best["what_if"] == lab_math.best_gamma(round(model["alpha"], 2), round(model["c"], 2), range(1, 17))
    what_if = views.what_if(round(model["alpha"], 2), round(model["c"], 2))
    assert f"Best N {best['what_if']}" in what_if.layout.title.text
    text = tab.reading(df)
    if best["measured"] == best["predicted"] == best["what_if"]:
        assert f"Best N {best['measured']}: the same" in text
    else:
        assert (f"Best N: {best['measured']} measured (the star), {best['predicted']} predicted (the dotted line), "
                f"{best['what_if']} in the what-if") in text
    assert ("one α" in text) == (best["measured"] != best["predicted"])
    assert ("v = 1" in text) == (best["predicted"] != best["what_if"])
    heur = df[df["schedule"] == "heuristic"]["speedup_vs_none"].max()
    assert ("sits above the star" in text) == (heur > best["peak"])
    for lang in TRANSLATED:
        assert tab.best_n_said(df, lang) and "lab.best" not in tab.best_n_said(df, lang)
