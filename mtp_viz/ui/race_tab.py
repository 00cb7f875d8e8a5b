"""The race tab: the target alone against the target with its drafter, one prompt, one clock. Wiring only.

Knows the layout, how a race request is made from the step-through's controls, and the page that plays a race in
the browser (RACE_JS paces the recorded lanes, so a class watching does not load the server). The lanes come from
mtp_viz.race_lanes, the chart from mtp_viz.figures.race_chart, the traces from the one line and the cache of the
service it is given (ui.service).
"""
from __future__ import annotations

import html
import json
from typing import NamedTuple

import gradio as gr

from mtp_viz import costs, lab_math, race_lanes
from mtp_viz.figures import race_chart as race_figure
from mtp_viz.figures.statistics import bold, speed_headline
from mtp_viz.strings import bcp47, number, sentences, t
from mtp_viz.trace import Trace, measured_when
from mtp_viz.ui import glossary, moe_story, policy, tab_select
from mtp_viz.ui.events import PRIVATE
from mtp_viz.ui.service import Service
from mtp_viz.proposer_registry import BASELINE, DEFAULT, DRAFTING, ENTRIES
from mtp_viz.settings import Request
from mtp_viz.problems import Problem
from mtp_viz.ui.session import EXAMPLES, START, request, warning
from mtp_viz.ui.screen import narrow_of
from mtp_viz.ui.words import L, choices, lang_of

PROJECTED = {f"projected:{k}": k for k in lab_math.PRESETS}    # real Gemma 4 pairs nobody here can load: cost model only
PROJECTED_TOKENS, PROJECTED_N = 48, 4
SLOW = [1, 2, 5, 10, 20, 50, 100, 200]                     # slow-motion factors offered
WATCH_MS = 8000                                             # the default factor makes a race last about this long
CHART = "race-chart"                                        # the race tab's chart (the tour shows its own)
COMPARE_COLUMNS = 6                                         # tokens per piece of the token-by-token table


def slow_for(total_ms: float) -> int:
    """The smallest offered factor that makes the race last at least WATCH_MS on screen (the largest otherwise)."""
    return next((f for f in SLOW if total_ms * f >= WATCH_MS), SLOW[-1])


def model_choices() -> list[tuple[str, str]]:
    """What may race here: the models the policy offers that can be run, then the projected real pairs."""
    runnable = [(label, ident) for label, ident in policy.model_choices()
                if ident in policy.BUNDLED or not policy.is_public()]
    return choices(runnable + [(f"race.projected.{k}", key) for key, k in PROJECTED.items()])


# -- what the page shows ------------------------------------------------------------------------------------------
def _lane_data(x: race_lanes.Lane, label: str) -> dict:
    return {"label": label, "end": [round(v, 3) for v in x.end_ms], "pieces": x.tokens, "counts": x.counts}


def compare_html(alone: race_lanes.Lane, drafted: race_lanes.Lane, lang: str, drafter: str, limit: int = 96) -> str:
    """The two outputs token by token, one column per position, so a reader sees each token is the same (greedy)
    or where sampling made them part; empty for a projected race, which has no text."""
    pieces = [[p for round_pieces in x.tokens for p in round_pieces] for x in (alone, drafted)]
    total = max(len(p) for p in pieces)
    if not total or alone.projected:
        return ""
    shown = min(total, limit)
    ids = (alone.token_ids, drafted.token_ids)
    kinds = ["same" if i < min(map(len, ids)) and ids[0][i] == ids[1][i] else "differ" for i in range(shown)]

    def row(lane: list[str], start: int, end: int) -> str:
        texts = (html.escape(lane[i].replace(" ", "·")) if i < len(lane) else "" for i in range(start, end))
        return "".join(f'<td class="{kind}">{text or "∅"}</td>' for kind, text in zip(kinds[start:end], texts))

    # a few columns a table, the tables side by side and wrapping onto the next line like words: one wide table
    # was cut at the page's right edge
    heads = f'<th>{t("race.lane.alone", lang)}</th>', f'<th>{html.escape(drafter)}</th>'
    tables = "".join(f'<table><tr>{heads[0] if a == 0 else ""}{row(pieces[0], a, min(a + COMPARE_COLUMNS, shown))}'
                     f'</tr><tr>{heads[1] if a == 0 else ""}{row(pieces[1], a, min(a + COMPARE_COLUMNS, shown))}'
                     f'</tr></table>' for a in range(0, shown, COMPARE_COLUMNS))
    more = t("race.compare.more", lang, shown=shown, total=total) if shown < total else ""
    return (f'<div class="race-compare-title">{t("race.compare.title", lang)}{more}</div>'
            f'<div class="race-compare">{tables}</div>')


def summary_html(s: dict, lang: str, drafter: str, sampled: bool, note: str = "", verdict: str = "") -> str:
    """The table shown when both lanes finish, the verdict (`verdict`: the headline of the drafted trace, as the
    round status and Statistics say it; a projected race says its ratio is projected), the token-by-token check and
    how the lanes were timed."""
    a, d = s["alone"], s["drafted"]
    unit = t("race.unit.passes" if s["projected"] else "race.unit.ms", lang)
    rows = [("race.sum.total", a["total_ms"], d["total_ms"], 1, unit),
            ("race.sum.first", a["first_token_ms"], d["first_token_ms"], 1, unit),
            ("race.sum.passes", a["passes"], d["passes"], 0, ""),
            ("race.sum.tokens", a["tokens"], d["tokens"], 0, ""),
            ("race.sum.per_pass", a["tokens_per_pass"], d["tokens_per_pass"], 2, "")]
    if not s["projected"]:
        rows.insert(2, ("race.sum.rate_after", a["tokens_per_s_after_first"], d["tokens_per_s_after_first"], 0, ""))
    body = "".join(f"<tr><th>{t(k, lang)}</th><td>{number(x, lang, dg)} {u}</td><td>{number(y, lang, dg)} {u}</td></tr>"
                   for k, x, y, dg, u in rows)
    head = f"<tr><th></th><th>{t('race.lane.alone', lang)}</th><th>{html.escape(drafter)}</th></tr>"
    if s["projected"] or not verdict:
        verdict = sentences(t("race.projected_ratio" if s["projected"] else "race.ratio", lang,
                              ratio=number(s["speedup"], lang, 2), drafter=html.escape(drafter)),
                            t("speed.here.projected", lang) if s["projected"] else "", lang=lang)
    if s["projected"]:
        check = t("race.check.projected", lang)
    elif sampled:
        check = t("race.check.sampled", lang)
    elif s["same_tokens"]:
        check = "✓ " + t("race.check.same", lang, n=number(d["tokens"], lang, 0))
    else:
        check = "✗ " + t("race.check.differ", lang)
    return (f'<div class="race-verdict">{verdict}</div><div class="race-cols"><table class="race-table">{head}{body}'
            f'</table><div><div class="race-check">{check}</div><div class="race-note">{note}</div></div></div>')


def page(alone: race_lanes.Lane, drafted: race_lanes.Lane, lang: str, drafter: str, sampled: bool, note: str = "",
         chart: str = CHART, verdict: str = "") -> str:
    """The race's HTML: the data RACE_JS plays, both lanes, the controls, the hidden summary, the timing note.
    `chart`: the elem_id of the gr.Plot showing the race's chart, which RACE_JS redraws up to its clock."""
    s = race_lanes.summary(alone, drafted)
    data = {"lanes": [_lane_data(alone, t("race.lane.alone", lang)), _lane_data(drafted, drafter)], "chart": chart,
            "lang": bcp47(lang), "projected": s["projected"], "slow": SLOW,
            "factor": slow_for(max(alone.total_ms, drafted.total_ms)),
            "words": {k: t(f"race.js.{k}", lang) for k in ("passes", "tokens", "rate", "clock", "clock_projected",
                                                           "start", "pause", "resume", "again", "slow", "finished")}}
    lanes = "".join(f'<div class="race-lane" data-lane="{i}"><div class="race-head"><b>{html.escape(x["label"])}</b>'
                    f'<span class="race-count"></span></div><div class="race-bar"><div></div></div>'
                    f'<div class="race-text"></div></div>' for i, x in enumerate(data["lanes"]))
    options = "".join(f'<option value="{f}"{" selected" if f == data["factor"] else ""}>{f}×</option>' for f in SLOW)
    controls = (f'<div class="race-controls"><button class="race-go"></button>'
                f'<label>{t("race.js.slow", lang)} <select class="race-slow">{options}</select></label>'
                f'<span class="race-clock"></span></div>')
    return (f'<div class="race" data-race="{html.escape(json.dumps(data), quote=True)}">{controls}{lanes}'
            f'<div class="race-summary" hidden>{summary_html(s, lang, drafter, sampled, note, verdict)}'
            f'{compare_html(alone, drafted, lang, drafter)}</div></div>')


# -- handlers -----------------------------------------------------------------------------------------------------
class Race(NamedTuple):
    """What a race returns, in this order: `build` wires the components of the same names."""
    lanes: object        # the race's page (page()), played in the browser
    chart: object        # its chart at clock 0, drawn on by the page
    error: object        # what went wrong (Markdown), or ""


class Raced(NamedTuple):
    """What "race this prompt" returns: the race tab's controls set to the step-through's request, then the Race."""
    base: object         # the step-through's whole request, whose prompt, model and proposer the race changes
    prompt: object
    model: object
    proposer: object
    lanes: object
    chart: object
    error: object


def measured(alone: Trace, drafted: Trace, lang: str, cached: bool = False, chart: str = CHART,
             narrow: bool = False) -> tuple[str, object]:
    """A race of two recorded traces, both priced at the drafted trace's pass costs (costs.table_for: the pair's
    calibrated table), so its lanes and its verdict are the headline's in every visit: its page and its chart at
    the start (RACE_JS draws it on with the clock); `narrow`: the chart drawn for a phone."""
    table = costs.table_for(drafted)
    a, d = race_lanes.lane(alone, table), race_lanes.lane(drafted, table)
    drafter = t(f"race.lane.{drafted.settings.proposer}", lang)
    when = measured_when(drafted)
    if table is None or table.source == costs.OWN:
        note = t("race.note.measured_cpu", lang)
    else:
        note = t("race.note.priced", lang, machine=table.machine, when=table.when)
    if cached:
        note = sentences(note, t("race.note.cached_when", lang, when=when) if when else t("race.note.cached", lang),
                         lang=lang)
    verdict = bold(html.escape(speed_headline(drafted, lang), quote=False))
    return (page(a, d, lang, drafter, drafted.settings.do_sample, note, chart, verdict),
            race_figure.build(a, d, lang, drafter, clock=0.0, narrow=narrow))


def projected(key: str, lang: str, narrow: bool = False) -> tuple[str, object]:
    """A race of a real Gemma 4 pair from the lab's cost model with its cited α and c: projected, not measured."""
    preset = lab_math.PRESETS[key]
    v = lab_math.verify_cost_of(preset)(PROJECTED_N)
    a, d = race_lanes.projected(preset["alpha"], preset["c"], PROJECTED_N, PROJECTED_TOKENS, verify_cost=v)
    drafter = t("race.lane.mtp", lang)
    note = t("race.note.projected", lang, alpha=number(preset["alpha"], lang, 2), c=number(preset["c"], lang, 3),
             n=PROJECTED_N)
    if preset.get("moe"):
        note += " " + moe_story.paragraph(preset, PROJECTED_N, lang)
    return page(a, d, lang, drafter, False, note), race_figure.build(a, d, lang, drafter, clock=0.0, narrow=narrow)


def run(base: Request | None, prompt: str, model: str, proposer: str, lang: str = "en", narrow: bool = False, *,
        service: Service) -> Race:
    """Race one prompt: the target alone, then with the drafter, one after the other through the generation line
    of `service` (the server's, or a test's). The Race's error is empty unless something went wrong."""
    if model in PROJECTED:
        return Race(*projected(PROJECTED[model], lang, narrow), "")
    req = (base or START).replace(prompt=prompt or "", model=model or START.model)
    alone_req, drafted_req = req.replace(proposer=BASELINE), req.replace(proposer=proposer or DEFAULT)
    try:
        cached = service.cached(alone_req, alone=True) and service.cached(drafted_req, alone=True)
        alone = service.generate(alone_req, alone=True)   # first, then the other: never sharing the CPU, and
        drafted = service.generate(drafted_req, alone=True)   # neither sharing its passes with other visitors
    except Exception as exc:  # bad input, a refused model, a failed load: a message, never a crash
        return failed(policy.message_for(exc, lang))
    return Race(*measured(alone, drafted, lang, cached, narrow=narrow), "")


def failed(message: str) -> Race:
    """A race that could not run: no lanes, no chart, and why."""
    return Race(gr.HTML(), gr.Plot(), warning(message))


def from_step(controls: dict, service: Service, lang: str = "en", narrow: bool = False) -> Raced:
    """"Race this prompt" in the step-through: its controls (by name, as session.CONTROLS names them) become the
    race's request, and the race runs; controls that make no request leave the race tab's as they are, and say why."""
    try:
        req = request(**controls)
    except Problem as exc:
        return Raced(*[gr.skip()] * 4, *failed(exc.said(lang)))
    proposer = req.proposer if req.proposer in DRAFTING else DEFAULT   # the drafters that race the target alone
    return Raced(req, req.prompt, req.model, proposer,
                 *run(req, req.prompt, req.model, proposer, lang, narrow, service=service))


# -- the player ---------------------------------------------------------------------------------------------------
RACE_CSS = """
.race {font-size: 0.95rem} .race-controls {display: flex; gap: 1rem; align-items: center; margin-bottom: 0.3rem}
.race-controls {flex-wrap: wrap; row-gap: 0.3rem} .race-go, .race-clock, .race-head b {white-space: nowrap}
.race-go {padding: 0.15rem 1rem; border-radius: 6px; background: #0072B2; color: #fff; font-weight: 600}
.race-clock {font-variant-numeric: tabular-nums; font-weight: 600}
.race-lane {border: 1px solid #d0d7e2; border-radius: 8px; padding: 0.25rem 0.6rem; margin-bottom: 0.3rem}
.race-head {display: flex; flex-wrap: wrap; justify-content: space-between; column-gap: 1rem}
.race-count {font-variant-numeric: tabular-nums; color: #333}
.race-bar {height: 6px; background: #EBF0F8; border-radius: 3px; margin: 0.25rem 0}
.race-bar div {height: 6px; width: 0; background: #0072B2; border-radius: 3px}
.race-lane[data-lane="0"] .race-bar div {background: #8C8C8C}
/* a line as tall as its letters' box (at 1.35 the letters stood 0.65 px over each line, and the lane's box, scrolled to
   its last two lines, cut the upper one by 2 px) */
.race-text {min-height: 1.5em; max-height: calc(2 * 1.5em); overflow-y: auto; white-space: pre-wrap; line-height: 1.5}
.race-text .fresh {background: #cfe6f7}
.race-verdict {font-size: 1.15rem; font-weight: 700; margin: 0.2rem 0}
.race-cols {display: flex; gap: 1.2rem; align-items: flex-start} .race-cols > div {flex: 1}
.race-table {border-collapse: collapse; font-variant-numeric: tabular-nums}
.race-table {font-size: 0.9rem} .race-table th, .race-table td {padding: 0 0.6rem; text-align: right; border-bottom: 1px solid #EBF0F8}
.race-table th:first-child {text-align: left; font-weight: 400}
.race-check {font-weight: 600; margin-top: 0.2rem} .race-note {font-size: 0.8rem; line-height: 1.3; color: #444; margin-top: 0.2rem}
.race-compare-title {font-size: 0.85rem; margin-top: 0.4rem; color: #333}
.race-compare {display: flex; flex-wrap: wrap; align-items: flex-start; row-gap: 0.3rem; max-width: 100%} .race-compare table {border-collapse: collapse; font-size: 0.8rem}
.race-compare th {text-align: left; font-weight: 400; padding: 0 0.5rem 0 0.25rem; white-space: nowrap; position: sticky; left: 0; background: #fff}
.race-compare td {padding: 0 0.25rem; white-space: pre; border-left: 1px solid #EBF0F8; text-align: center}
.race-compare td.same {background: #e3f2ea} .race-compare td.differ {background: #fbe3d1}
@media (max-width: 700px) {   /* a phone: the table beside its notes goes above them; each lane's tokens wrap */
  .race-cols {flex-direction: column}
  .race-compare {overflow-x: visible}
  .race-compare table, .race-compare tbody, .race-compare tr {display: flex; flex-wrap: wrap}
  .race-compare tr {margin-bottom: 0.3rem} .race-compare th {position: static; flex-basis: 100%}
}
"""

# Runs in the browser for each race component (gr.HTML js_on_load): plays the lanes at the measured pace.
RACE_JS = """
const box = () => element.querySelector('.race');
let st = null, raf = null, sync = null;
const ending = () => Math.max(...st.data.lanes.map(l => l.end[l.end.length - 1] || 0));
// the lane up to clock t, as figures/race_chart.py draws it: (0, 0), each pass ended by t, then t itself while running
const upTo = (l, t) => {
  const xs = [0], ys = [0], size = [6]; let total = 0;
  for (let i = 0; i < l.end.length; i++) {
    if (l.end[i] > t) { xs.push(t); ys.push(total); size.push(0); break; }
    total += l.counts[i]; xs.push(l.end[i]); ys.push(total); size.push(6);
  }
  return [xs, ys, size];
};
// the chart (the server sends it at clock 0) drawn on with the clock, in 200 steps a race; also run every 0.4 s,
// for a chart first shown later (a closed accordion opened) or sent again
const chart = () => {
  if (!st || !window.Plotly) return;
  const gd = document.querySelector(`#${st.data.chart} .js-plotly-plot`);
  if (!gd || !gd.data || gd.data.length !== st.data.lanes.length) return;
  const end = ending(), t = st.t >= end ? end : Math.floor(200 * st.t / end) * end / 200;
  const lanes = st.data.lanes.map(l => upTo(l, t));
  const same = (d, l) => d.x && d.x.length === l[0].length && d.x[d.x.length - 1] === l[0][l[0].length - 1];
  if (lanes.every((l, i) => same(gd.data[i], l))) return;
  window.Plotly.restyle(gd, {x: lanes.map(l => l[0]), y: lanes.map(l => l[1]), 'marker.size': lanes.map(l => l[2])});
};
const fmt = (x, d) => x.toLocaleString(st.data.lang, {minimumFractionDigits: d, maximumFractionDigits: d});
const draw = () => {
  const r = box(); if (!r || !st) return;
  const d = st.data, w = d.words, end = Math.max(...d.lanes.map(l => l.end[l.end.length - 1] || 0));
  d.lanes.forEach((l, i) => {
    const lane = r.querySelector(`.race-lane[data-lane="${i}"]`);
    let n = 0; while (n < l.end.length && l.end[n] <= st.t + 1e-9) n++;
    const tokens = l.counts.slice(0, n).reduce((a, b) => a + b, 0);
    const ms = n ? l.end[n - 1] : 0;
    const own = Math.min(st.t, l.end[l.end.length - 1] || 0);     // a finished lane's rate stops with it
    const rate = own > 0 ? 1000 * tokens / own : 0;
    lane.querySelector('.race-count').textContent = `${w.passes} ${n} · ${w.tokens} ${fmt(tokens, d.projected ? 1 : 0)}` +
      (d.projected ? '' : ` · ${fmt(rate, 0)} ${w.rate}`);
    lane.querySelector('.race-bar div').style.width = `${100 * Math.min(1, st.t / (l.end[l.end.length - 1] || 1))}%`;
    if (lane.dataset.shown !== String(n)) {
      lane.dataset.shown = String(n);
      const text = lane.querySelector('.race-text');
      const done = l.pieces.slice(0, Math.max(0, n - 1)).flat().join('');
      const last = n ? l.pieces[n - 1].join('') : '';
      text.textContent = '';
      text.append(document.createTextNode(d.projected ? '▮'.repeat(Math.round(tokens - (n ? l.counts[n - 1] : 0))) : done));
      const fresh = document.createElement('span'); fresh.className = 'fresh';
      fresh.textContent = d.projected ? '▮'.repeat(Math.round(n ? l.counts[n - 1] : 0)) : last;
      text.append(fresh); text.scrollTop = text.scrollHeight;
    }
  });
  const clock = d.projected ? w.clock_projected : w.clock;
  r.querySelector('.race-clock').textContent = `${clock} ${fmt(Math.min(st.t, end), 1)} · ${st.factor}×`;
  const go = r.querySelector('.race-go');
  go.textContent = st.t >= end ? w.again : (st.running ? w.pause : (st.t > 0 ? w.resume : w.start));
  r.querySelector('.race-summary').hidden = st.t < end;
  r.dataset.state = st.t >= end ? 'finished' : (st.running ? 'running' : 'paused');
  chart();
};
const frame = (now) => {
  if (!st || !st.running) return;
  const end = Math.max(...st.data.lanes.map(l => l.end[l.end.length - 1] || 0));
  st.t = Math.min(end, st.t + (now - st.last) / st.factor); st.last = now;
  if (st.t >= end) st.running = false;
  draw();
  if (st.running) raf = requestAnimationFrame(frame);
};
const toggle = () => {
  if (!st) return;
  const end = Math.max(...st.data.lanes.map(l => l.end[l.end.length - 1] || 0));
  if (st.t >= end) { st.t = 0; box().querySelectorAll('.race-lane').forEach(l => delete l.dataset.shown); }
  st.running = !st.running; st.last = performance.now();
  if (st.running) raf = requestAnimationFrame(frame);
  draw();
};
const setup = () => {
  const r = box(); if (raf) cancelAnimationFrame(raf);
  clearInterval(sync);
  if (!r) { st = null; return; }
  sync = setInterval(chart, 400);
  const data = JSON.parse(r.dataset.race);
  st = {data, t: 0, running: false, last: 0, factor: data.factor};
  r.querySelector('.race-go').addEventListener('click', toggle);
  r.querySelector('.race-slow').addEventListener('change', (e) => { st.factor = +e.target.value; draw(); });
  draw(); toggle();
};
document.addEventListener('keydown', (e) => {
  const r = box(), el = e.target;
  if (e.key !== ' ' || !r || r.offsetParent === null || e.ctrlKey || e.metaKey || e.altKey) return;
  if (el && (el.isContentEditable || ['TEXTAREA', 'SELECT', 'INPUT', 'BUTTON'].includes(el.tagName))) return;
  e.preventDefault(); e.stopImmediatePropagation(); toggle();
}, true);
watch('value', setup);
setup();
"""


def player(value: str = "", elem_id: str | None = None) -> gr.HTML:
    """A race component: shows a page() and plays it in the browser."""
    return gr.HTML(value, js_on_load=RACE_JS, css_template=RACE_CSS, elem_id=elem_id, padding=False)


# -- layout -------------------------------------------------------------------------------------------------------
def build(demo: gr.Blocks, service: Service) -> dict:
    """Lay out the race tab inside the current gr.Tab, racing through `service`; returns its components, for "race
    this prompt"."""
    base = gr.State(None)
    gr.Markdown(L("race.intro"))
    with gr.Row(equal_height=True):
        prompt = gr.Textbox(value=EXAMPLES[0], label=L("step.prompt"), max_length=policy.max_prompt_chars(), scale=3,
                            elem_id="race-prompt")
        choices = model_choices()
        first = START.model if any(ident == START.model for _, ident in choices) else choices[0][1]
        # wide enough for the longest model's name (at 1280 px, a third of the row cut the German "Gemma 4 26B A4B
        # (MoE) + Entwurfsmodell"): on a phone each dropdown then takes a line of its own
        model = gr.Dropdown(choices, value=first, label=L("step.model"), scale=4, min_width=340, elem_id="race-model")
        proposer = gr.Dropdown([(L(ENTRIES[p].key), p) for p in DRAFTING], value=DEFAULT,
                               label=L("step.proposer"), scale=3, min_width=240, elem_id="race-proposer")
        go = gr.Button(L("race.start"), variant="primary", scale=1, min_width=120, elem_id="race-start")
    lanes = player(elem_id="race-player")
    error = gr.Markdown(elem_id="race-error")
    with gr.Accordion(L("race.fig.title"), open=False):
        chart = gr.Plot(show_label=False, elem_id=CHART)
    glossary.accordion()

    def start_race(b, p, m, pr, req: gr.Request):
        return run(b, p, m, pr, lang_of(req), narrow_of(req), service=service)

    go.click(start_race, [base, prompt, model, proposer], list(Race(lanes, chart, error)), show_progress="minimal",
             **PRIVATE, **policy.generating_events())
    return {"base": base, "prompt": prompt, "model": model, "proposer": proposer, "lanes": lanes, "chart": chart,
            "error": error}


def wire_from_step(button: gr.Button, controls: dict, racing: dict, tabs: gr.Tabs, service: Service) -> None:
    """"Race this prompt": open the race tab, then race the step-through's prompt with all its settings through
    `service`. `controls`: the step-through's, by name; `racing`: the race tab's components, by Raced's names."""
    names = list(controls)

    def handler(req: gr.Request, *values):
        return from_step(dict(zip(names, values)), service=service, lang=lang_of(req), narrow=narrow_of(req))

    button.click(None, None, tabs, js=tab_select.select("race"), **PRIVATE).then(
        handler, list(controls.values()), list(Raced(**{k: racing[k] for k in Raced._fields})),
        show_progress="minimal", show_progress_on=list(Race(**{k: racing[k] for k in Race._fields})),
        **PRIVATE, **policy.generating_events())
