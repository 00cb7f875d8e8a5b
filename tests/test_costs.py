"""Tests for mtp_viz.costs, the one speed-up: a trace's exact counts priced at its pair's calibrated pass costs, and
every place that states it (round status, Statistics, the timeline's "one by one?" lane, the race, the tour, the lab).

Knows traces, the cost tables and the views that quote them; no model runs except the tiny pair's in the lab check.
"""
from __future__ import annotations

import dataclasses

import pytest

from mtp_viz import costs, lab_math, race_lanes
from mtp_viz.figures import statistics, timeline
from mtp_viz.strings import number
from mtp_viz.trace import CPU
from mtp_viz.ui import narration, race_tab, tour
from trace_fixtures import make_trace
from conftest import LANGS


def table(one: float = 10.0, per_token: float = 2.0, step: float = 1.0, factors=(1.0,)) -> costs.CostTable:
    """A target pass over k tokens costs one + per_token·(k − 1) ms, a drafter step `step` ms; one calibration per
    factor, each cost scaled by it."""
    cals = [costs.PassCosts({k: f * (one + per_token * (k - 1)) for k in (1, 2, 5, 9)}, {"mtp": f * step})
            for f in factors]
    return costs.CostTable("fixture", cals, CPU, "2026-12-03T09:40Z", "a test machine", 1)


def test_a_speed_up_is_the_counts_priced_at_the_costs():
    """alone = the prompt's pass + one one-token pass per further token; drafted = each round's pass over the tokens
    it read plus its drafter steps; the ratio of the two."""
    tr = make_trace()
    s = costs.speedup(tr, table())
    prompt, tokens = len(tr.prompt_ids), len(tr.new_token_ids)
    alone = 10.0 + 2.0 * (prompt - 1) + (tokens - 1) * 10.0
    drafted = sum(10.0 + 2.0 * ((prompt if r.index == 0 else r.num_drafted + 1) - 1)
                  + max(r.drafter_passes, r.num_drafted) * 1.0 for r in tr.rounds)
    assert s.alone_ms == pytest.approx(alone) and s.drafted_ms == pytest.approx(drafted)
    assert s.ratio == pytest.approx(alone / drafted) and s.tokens == tokens
    assert s.target_passes == len(tr.rounds) and s.one_token_ms == 10.0


def test_scaling_every_cost_alike_moves_no_speed_up_and_the_spread_spans_the_calibrations():
    tr = make_trace()
    assert costs.speedup(tr, table(factors=(0.5, 1.0, 3.0))).ratio == pytest.approx(costs.speedup(tr, table()).ratio)
    assert costs.speedup(tr, table(factors=(0.5, 3.0))).low == pytest.approx(costs.speedup(tr, table()).ratio)
    mixed = costs.CostTable("fixture", table().calibrations + table(step=3.0).calibrations)
    s = costs.speedup(tr, mixed)
    assert s.low == pytest.approx(costs.speedup(tr, table(step=3.0)).ratio) and s.low < s.ratio < s.high
    assert s.high == pytest.approx(costs.speedup(tr, table()).ratio)


def test_pass_costs_interpolate_and_extend_a_long_prefill():
    c = costs.PassCosts({1: 10.0, 5: 18.0, 9: 30.0})
    assert c.pass_at(3) == pytest.approx(14.0) and c.pass_at(7) == pytest.approx(24.0)
    assert c.pass_at(13) == pytest.approx(42.0) and c.one_token_ms == 10.0


def test_a_table_survives_its_json_and_the_shipped_ones_load():
    t = table(factors=(1.0, 1.5))
    back = costs.CostTable.from_json(t.to_json())
    assert back.calibrations == t.calibrations and back.measured_at == t.measured_at and back.machine == t.machine
    mini = costs.shipped("miniature")
    assert mini is not None and len(mini.calibrations) >= 5 and mini.clock == CPU and mini.machine and mini.when
    assert costs.shipped("../miniature") is None and costs.shipped("no such pair") is None


def test_the_shipped_traces_are_priced_at_their_pair_and_a_baseline_is_one():
    mtp, alone = tour.trace(tour.MTP), tour.trace(tour.BASELINE)
    assert costs.table_for(mtp) is costs.shipped("miniature")
    s = costs.speedup(mtp)
    assert 1.0 < s.low <= s.ratio <= s.high
    assert costs.speedup(alone).ratio == pytest.approx(1.0)


def test_a_pair_without_a_table_is_priced_at_its_own_rounds_and_says_so():
    tr = make_trace()
    assert costs.table_for(tr) is None and costs.speedup(tr) is None        # no one-token time: nothing prices it
    rounds = [dataclasses.replace(r, cpu_ms=6.0 + r.num_drafted, draft_cpu_ms=1.0 * r.num_drafted) for r in tr.rounds]
    timed = dataclasses.replace(tr, rounds=rounds,
                                model_info=dataclasses.replace(tr.model_info, target_cpu_ms_one_token=5.0))
    own = costs.table_for(timed)
    assert own.source == costs.OWN and own.costs.one_token_ms == 5.0
    assert "no calibrated pass costs" in statistics.speed_headline(timed)


@pytest.mark.parametrize("lang", LANGS)
def test_every_view_quotes_the_one_headline(lang):
    """Issue 33, item 1: round status, Statistics, the race's verdict and tour chapter 6 give the same figure, and
    the timeline's "one by one?" lane is k one-token passes at the same cost."""
    mtp = tour.trace(tour.MTP)
    s = costs.speedup(mtp)
    ratio = number(s.ratio, lang, 2)
    headline = statistics.speed_headline(mtp, lang)
    assert ratio in headline and number(s.low, lang, 2) in headline
    assert statistics.speed_headline(mtp, lang, basis=False) in narration.summary(mtp, len(mtp.rounds) - 1, lang)
    assert statistics.bold(headline).split("<br>")[0][:40] in _title(statistics.build(mtp, 2, lang))
    page, _ = race_tab.measured(tour.trace(tour.BASELINE), mtp, lang)
    assert ratio in page and number(s.high, lang, 2) in page
    assert tour.facts(5, lang)["ratio"] == ratio
    i = next(r.index for r in mtp.rounds if r.num_drafted)
    fig = timeline.build(mtp, i, lang)
    lane = next(d for d in fig.data if d.meta == timeline.ALONE)
    assert lane.x[0] == pytest.approx((mtp.rounds[i].num_drafted + 1) * s.one_token_ms)
    target = next(d for d in fig.data if d.meta == "target")
    assert target.x[i] == pytest.approx(costs.table_for(mtp).costs.pass_at(mtp.rounds[i].num_drafted + 1))


def test_a_live_line_says_measured_now_or_recorded_when():
    mtp = tour.trace(tour.MTP)
    last = len(mtp.rounds) - 1
    import datetime
    when = datetime.datetime.strptime(mtp.measured_at, "%Y-%m-%dT%H:%MZ").replace(tzinfo=datetime.timezone.utc)
    assert "measured just now" in statistics.live_line(mtp, last, now=when + datetime.timedelta(minutes=2))
    later = statistics.live_line(mtp, last, now=when + datetime.timedelta(days=2))
    assert "recorded on" in later and "headline does not" in later


def test_a_lab_row_is_priced_as_the_headline(tiny_pair, monkeypatch):
    """The lab's row for one prompt at the defaults is that prompt's headline: the same counts, the same prices."""
    t = table(one=10.0, per_token=1.0, step=2.0)
    monkeypatch.setattr(costs, "shipped", lambda name: t)
    prompt = [5, 6, 7]
    df = lab_math.sweep(tiny_pair, [prompt], ns=(3,), schedules=("heuristic",), max_new_tokens=12)
    row = df[df.proposer == "mtp"].iloc[0]
    from mtp_viz import generate_trace
    tr = generate_trace(tiny_pair, prompt, max_new_tokens=12, num_assistant_tokens=3, schedule="heuristic")
    assert row["speedup_vs_none"] == pytest.approx(costs.speedup(tr, t).ratio)
    assert row["priced_at"] == t.measured_at
    assert race_lanes.lane(tr, t).total_ms == pytest.approx(costs.speedup(tr, t).drafted_ms)


def _title(fig) -> str:
    """A figure's title and its subtitle (where Statistics puts its speed lines), as one text."""
    title = fig.layout.title
    return f"{title.text}<br>{title.subtitle.text or ''}"
