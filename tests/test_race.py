"""Tests for mtp_viz.race_lanes and the race tab's handlers: lanes read from traces, the summary's figures, the projected race
against the lab's cost model, and the classroom case (the same race twice costs no new generation).

Knows traces, the race module and ui.race_tab's handlers; the browser test (test_browser_race.py) plays it for real.
"""
from __future__ import annotations

import dataclasses
import json
import re

import pytest
from babel.dates import format_date

from mtp_viz import costs, lab_math, race_lanes
from mtp_viz.figures import race_chart as race_figure
from mtp_viz.ui import race_tab
from mtp_viz.trace import CPU
from mtp_viz.ui import tour
from trace_fixtures import make_trace
from conftest import LANGS


def table(one: float = 10.0, per_token: float = 2.0, step: float = 1.0, calibrations=(1.0,)) -> costs.CostTable:
    """A cost table whose target pass over k tokens costs one + per_token·(k − 1) ms and a drafter step `step` ms,
    once per calibration scaled by each factor."""
    cals = [costs.PassCosts({k: f * (one + per_token * (k - 1)) for k in (1, 2, 5, 9)}, {"mtp": f * step})
            for f in calibrations]
    return costs.CostTable("fixture", cals, CPU, "2026-12-03T09:40Z", "a test machine", 1)


def test_a_lane_ends_each_pass_at_its_rounds_priced_at_the_pass_costs():
    """Issue 33: a lane is the trace's exact counts at the table's prices: a target pass by tokens read, plus its
    drafter steps, whatever times the trace recorded."""
    tr = make_trace()
    tr = dataclasses.replace(tr, rounds=[dataclasses.replace(r, wall_ms=10.0 + r.index) for r in tr.rounds])
    x = race_lanes.lane(tr, table())
    price = lambda r: (10.0 + 2.0 * (tr.rounds[0].start_len - 1) if r.index == 0 else     # noqa: E731
                       10.0 + 2.0 * r.num_drafted + 1.0 * max(r.drafter_passes, r.num_drafted))
    assert x.passes == len(tr.rounds) == tr.target_forward_passes
    assert x.end_ms == pytest.approx([sum(price(r) for r in tr.rounds[: i + 1]) for i in range(len(tr.rounds))])
    assert x.num_tokens == len(tr.new_token_ids)
    assert [len(p) for p in x.tokens] == [len(r.emitted_token_ids) for r in tr.rounds]


def test_a_trace_nothing_prices_runs_at_its_own_times():
    tr = make_trace()                                       # the fixture records no wall_ms and no one-token time
    assert costs.table_for(tr) is None
    x = race_lanes.lane(tr)
    assert x.total_ms == pytest.approx(sum(r.draft_ms + r.verify_ms for r in tr.rounds))


def test_the_race_is_the_headline_and_says_where_its_prices_come_from():
    """Issue 33: the race's lanes and verdict are the drafted trace's counts at the pair's calibrated costs, so its
    ratio is costs.speedup's (the round status's and Statistics'), with the table's spread, machine and date."""
    alone, mtp = tour.trace(tour.BASELINE), tour.trace(tour.MTP)
    t = costs.table_for(mtp)
    assert t is not None and t.source == costs.TABLE
    s = race_lanes.summary(race_lanes.lane(alone, t), race_lanes.lane(mtp, t))
    sp = costs.speedup(mtp)
    assert s["speedup"] == pytest.approx(sp.ratio)
    assert s["alone"]["passes"] == alone.target_forward_passes and s["drafted"]["passes"] == mtp.target_forward_passes
    assert s["alone"]["tokens"] == len(alone.new_token_ids) == s["drafted"]["tokens"]
    assert s["drafted"]["tokens_per_pass"] == pytest.approx(mtp.stats["tokens_per_target_pass"])
    assert s["same_tokens"] is True and s["projected"] is False
    page, _ = race_tab.measured(alone, mtp, "en", cached=True)
    assert f"{sp.ratio:.2f}× faster here" in page and f"{sp.low:.2f}–{sp.high:.2f}×" in page
    assert t.machine in page and format_date(t.when, locale="en_US") in page and "replayed" in page


@pytest.mark.parametrize("key", sorted(lab_math.PRESETS))
@pytest.mark.parametrize("n", [1, 4, 7])
def test_the_projected_race_is_the_lab_cost_model(key, n):
    preset = lab_math.PRESETS[key]
    v = lab_math.verify_cost_of(preset)(n)
    alone, drafted = race_lanes.projected(preset["alpha"], preset["c"], n, tokens=48, verify_cost=v)
    s = race_lanes.summary(alone, drafted)
    assert s["projected"] and not s["same_tokens"]
    assert s["speedup"] == pytest.approx(lab_math.walltime_improvement(preset["alpha"], n, preset["c"], v))
    assert s["alone"]["tokens"] == pytest.approx(48) == s["drafted"]["tokens"]
    assert s["drafted"]["tokens_per_pass"] == pytest.approx(48 / drafted.passes)


@pytest.mark.parametrize("lang", LANGS)
def test_the_page_carries_the_lanes_and_a_summary_in_the_reader_language(lang):
    page, fig = race_tab.measured(tour.trace(tour.BASELINE), tour.trace(tour.MTP), lang)
    data = json.loads(re.search(r'data-race="([^"]*)"', page).group(1).replace("&quot;", '"').replace("&amp;", "&")
                      .replace("&lt;", "<").replace("&gt;", ">").replace("&#x27;", "'"))
    assert [len(x["end"]) for x in data["lanes"]] == [tour.trace(tour.BASELINE).target_forward_passes,
                                                    tour.trace(tour.MTP).target_forward_passes]
    assert data["factor"] in race_tab.SLOW and data["words"]["slow"]
    assert len(fig.data) == 2 and fig.layout.separators == (",." if lang == "de" else ".,")
    if lang != "en":
        assert "Same text" not in page and "Target alone" not in page


def test_a_projected_race_says_so_in_every_language():
    for lang, word in (("en", "Projected, not measured"), ("de", "Hochgerechnet, nicht gemessen"),
                       ("zh-TW", "推估值，並非實測")):
        page, fig = race_tab.projected("e2b", lang)
        assert word in page and "projected" in json.dumps(fig.to_plotly_json()["layout"]["xaxis"]["title"]).lower() \
            or lang != "en"


def test_the_chart_draws_one_step_per_pass():
    alone, mtp = tour.trace(tour.BASELINE), tour.trace(tour.MTP)
    fig = race_figure.build(race_lanes.lane(alone), race_lanes.lane(mtp))
    assert [len(d.x) for d in fig.data] == [alone.target_forward_passes + 1, mtp.target_forward_passes + 1]
    assert fig.data[1].y[-1] == len(mtp.new_token_ids)


def test_racing_the_same_request_twice_costs_no_new_generation(monkeypatch, tiny_pair):
    """A class racing one example: two generations in all, however many visitors press Start."""
    from mtp_viz.ui.service import Service

    service, calls = Service(), []       # the race is given its service, as the page gives it the server's
    service.models.get = lambda model, assistant="", wait=None: calls.append(model) or tiny_pair
    base = race_tab.START.replace(max_new_tokens=8)
    prompt = [2, 5, 6, 7, 8]
    first = race_tab.run(base, prompt, "some-local-model", "mtp", service=service)
    assert first[2] == "" and "cached" not in first[0].lower()
    assert len(calls) == 2
    second = race_tab.run(base, prompt, "some-local-model", "mtp", service=service)
    assert len(calls) == 2, "the second race generated again"
    assert "earlier on this server" in second[0]


def test_a_bad_race_is_a_message_not_a_crash():
    from mtp_viz.ui.service import Service

    page, fig, message = race_tab.run(None, "", "miniature-shallow", "mtp", service=Service())
    assert message.startswith("⚠") and "empty" in message


def test_the_outputs_are_compared_token_by_token():
    alone, drafted = tour.trace(tour.BASELINE), tour.trace(tour.MTP)
    html = race_tab.compare_html(race_lanes.lane(alone), race_lanes.lane(drafted), "en", "MTP")
    assert html.count('class="same"') == 2 * len(alone.new_token_ids) and 'class="differ"' not in html   # greedy
    other = race_lanes.lane(tour.trace(tour.SAMPLED))
    parted = race_tab.compare_html(race_lanes.lane(alone), other, "de", "MTP")
    assert 'class="differ"' in parted and "Token für Token" in parted
    assert race_tab.compare_html(*race_lanes.projected(0.8, 0.1, 4, 48), "en", "MTP") == ""
    assert "Token by token" in race_tab.measured(alone, drafted, "en")[0]


@pytest.mark.parametrize("share", [0.0, 0.2, 0.5, 0.9, 1.0])
def test_the_chart_at_a_clock_holds_no_point_beyond_it(share):
    """The chart keeps the race's ending for the end: at clock t no lane has a point past t, and each lane shows
    exactly the passes that had ended by then, in a frame that already spans the whole race."""
    alone, drafted = race_lanes.lane(tour.trace(tour.BASELINE)), race_lanes.lane(tour.trace(tour.MTP))
    end = max(alone.total_ms, drafted.total_ms)
    clock = share * end
    fig = race_figure.build(alone, drafted, clock=clock)
    for lane, shown in zip((alone, drafted), fig.data):
        assert max(shown.x) <= clock
        done = sum(e <= clock for e in lane.end_ms)
        assert shown.y[-1] == sum(lane.counts[:done])
        assert list(shown.marker.size).count(race_figure.MARKER) == done + 1       # (0, 0) and each pass so far
    assert fig.layout.xaxis.range[1] >= end
    assert [list(d.x) for d in race_figure.build(alone, drafted, clock=end).data] == \
        [list(d.x) for d in race_figure.build(alone, drafted).data]


def test_the_race_pages_send_the_chart_at_the_start():
    _, fig = race_tab.measured(tour.trace(tour.BASELINE), tour.trace(tour.MTP), "en")
    assert [max(d.x) for d in fig.data] == [0, 0]
    _, projected = race_tab.projected("e2b", "en")
    assert [max(d.x) for d in projected.data] == [0, 0]


def test_race_this_prompt_with_a_bad_setting_says_why_in_the_visitors_language_and_races_nothing():
    """The step-through's controls, by name, are checked where the race's request is made (session.request): a bad
    value leaves the race tab's controls as they are, shows no race and says why, before anything generates."""
    from mtp_viz.ui import session

    class Forbidden:
        def cached(self, req, alone: bool = False):
            pytest.fail("a bad request must not reach the service")

        generate = cached

    out = race_tab.from_step(dict(session.DEFAULTS, do_sample=True, temperature=0.0), service=Forbidden(), lang="de")
    assert [out.base, out.prompt, out.model, out.proposer] == [{"__type__": "update"}] * 4
    assert out.error.startswith("⚠️") and "Temperatur" in out.error and out.lanes.value in ("", None)
