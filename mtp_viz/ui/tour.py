"""The guided tour: eleven chapters, each one idea, one recorded trace, one view at one round. Wiring only.

Runs on the shipped traces in assets/traces, so it needs no model and paints at once. Knows which view and round
make each point and the numbers its narration quotes beyond a round's own (narration.round_facts, as the
step-through says them); the words are the "tour.*" keys of mtp_viz.strings. Next and Back are answered in the page:
the tour's deck holds, for every chapter, the very answer the server's `page` would send (Gradio's own postprocessing
of it), made once per language, screen and tabs and shared by every visitor; player.js sets it (ui/player.py).
"""
from __future__ import annotations

import contextvars
import functools
import json
import threading
from dataclasses import dataclass
from typing import Callable

import gradio as gr

from mtp_viz import costs, figures, lab_math
from mtp_viz.figures import experts
from mtp_viz.figures import lab_charts as lab_views
from mtp_viz.strings import TABLES, number, t
from mtp_viz.schema import parse_trace
from mtp_viz.trace import Trace
from mtp_viz.ui import glossary, keys, moe_story, player, tab_select
from mtp_viz.ui import race_tab
from mtp_viz.ui.events import QUIET
from mtp_viz.ui.narration import round_facts
from mtp_viz.ui.plotly_pane import PlotlyPane
from mtp_viz.ui.session import COUNTING, TRACES, md
from mtp_viz.ui.screen import narrow_of
from mtp_viz.ui.words import L, behind_more, lang_of


@functools.cache
def trace(stem: str) -> Trace:
    """A shipped trace, read once per process (traces are frozen records, shared safely)."""
    return parse_trace((TRACES / f"{stem}.json").read_text(encoding="utf-8"))


# -- which round makes each point (found in the trace, so re-recorded traces keep the chapters right) ----------
def last(tr: Trace) -> int:
    return len(tr.rounds) - 1


def first_correction(tr: Trace) -> int:
    return next(r.index for r in tr.rounds if r.last_token_kind == "correction" and r.num_accepted > 0)


def longest_bonus(tr: Trace) -> int:
    return max((r for r in tr.rounds if r.last_token_kind == "bonus"), key=lambda r: r.num_accepted).index


def first_full_round(tr: Trace) -> int:
    return next(r.index for r in tr.rounds if r.draft_token_ids)


def checked_miss(r):
    """The draft step of a round that the target checked and whose right token lay outside the chosen clusters."""
    return next((d for d in r.draft_steps[: r.num_accepted + 1] if d.cluster_miss), None)


def first_cluster_miss(tr: Trace) -> int:
    """A round in which a checked guess missed its cluster: the target's token there could not have been drafted."""
    return next(r.index for r in tr.rounds if checked_miss(r) is not None)


def first_sampled_rejection(tr: Trace) -> int:
    return next(r.index for r in tr.rounds if any(v.verdict == "rejected" and v.u is not None for v in r.verify_steps))


@dataclass(frozen=True)
class Chapter:
    trace: str                           # shipped trace stem (assets/traces/<stem>.json)
    view: str                            # a key of mtp_viz.figures.VIEWS
    round: Callable[[Trace], int]        # the round the view shows
    beside: str | None = None            # a second trace shown with the same view, for a side-by-side
    link: str | None = None              # "lab" or "experts": where the chapter points on to, if that exists
    sweep: bool = False                  # the lab's recorded sweep's speed-up chart beside the view, and its fall


MOE = "actions_speak_moe"
RACE = "race"       # not a view: the chapter plays the race of its trace against `beside`
BASELINE, MTP, SAMPLED, SURPRISING = ("actions_speak_no_drafter", "actions_speak", "once_upon_a_time_sampled",
                                      "tom_counted")
CHAPTERS = [
    Chapter(BASELINE, "timeline", last),                          # 1 the target alone
    Chapter(MTP, "activations", first_full_round),                # 2 the drafter guesses, reading activations
    Chapter(MTP, "verification", first_full_round),               # 3 one pass checks every guess
    Chapter(MTP, "token_stream", first_correction),               # 4 keep the prefix, then the target's token
    Chapter(MTP, "token_stream", longest_bonus),                  # 5 the bonus token
    Chapter(BASELINE, RACE, last, beside=MTP),                    # 6 the race: same text, fewer passes, sooner
    Chapter(MTP, "kv_sharing", first_correction),                 # 7 KV sharing
    Chapter(SURPRISING, "clusters", first_cluster_miss),          # 8 the efficient embedder, a cluster miss
    Chapter(SURPRISING, "statistics", last, link="lab", sweep=True),   # 9 draft length, the schedule, the fall
    Chapter(SAMPLED, "verification", first_sampled_rejection),    # 10 sampling and the residual
    Chapter(MOE, "experts", first_full_round, link="experts"),    # 11 mixture of experts (the MoE miniature)
]
CHART = "tour-left"     # the chapter's (left) plot: chapter 6's race draws its chart there
LINKS = {"lab": ("lab", "tour.open_lab"), "experts": ("step", "tour.open_experts")}   # -> (tab id, button key)


# -- what a chapter says --------------------------------------------------------------------------------------
def _num(x: float, lang: str, digits: int = 2) -> str:
    """x with `digits` decimals (trailing zeros dropped past 2), grouped in thousands, in the language's marks."""
    return number(x, lang, digits, fewest=0 if digits > 2 else digits)


def facts(k: int, lang: str) -> dict:
    """The numbers and tokens chapter k's narration quotes, read from its trace at its round."""
    ch = CHAPTERS[k]
    tr = trace(ch.trace)
    i = ch.round(tr)
    r, info = tr.rounds[i], tr.model_info
    word = lambda tok: md(tr.text_of(tok).strip())           # noqa: E731
    out = {**round_facts(tr, i),
           "target_token": word(r.emitted_token_ids[-1]) if r.emitted_token_ids else "",
           "rejected_guess": word(r.draft_token_ids[r.num_accepted]) if r.num_accepted < len(r.draft_token_ids)
           else "", "passes": trace(MTP).target_forward_passes, "tokens": len(trace(MTP).new_token_ids),
           "alone": trace(BASELINE).target_forward_passes, "verified": r.cache_len_verified,
           "after": r.cache_len_after, "vocab": _num(info.vocab_size, lang, 0),
           "hidden": info.target_hidden_size, "drafter_hidden": info.drafter_hidden_size,
           "concat": (info.pre_projection or [None])[0], "drafter_layers": info.drafter_num_layers,
           "clusters": info.num_centroids, "top_k": info.centroid_top_k,
           "share": info.scored_fraction or 0}
    out["most"] = max(len(x.draft_token_ids) for x in trace(MTP).rounds)
    out["ratio"] = _num(costs.speedup(trace(MTP)).ratio, lang)     # the headline: the race's, Statistics'
    out["by_clock"] = t("speed.by.priced", lang)
    sources = info.kv_source_layers or {}
    out.update(sliding_layer=sources.get("sliding_attention"), full_layer=sources.get("full_attention"))
    miss = checked_miss(r)
    if miss is not None:
        out.update(miss_guess=word(miss.token_id), miss_wanted=word(miss.target_token_id))
    ns = [x.num_assistant_tokens for x in tr.rounds[1:] if x.draft_token_ids]
    out.update(n_first=ns[0] if ns else 0, n_min=min(ns, default=0),
               mean=_num(tr.stats.get("tokens_per_target_pass", 0.0), lang))
    v = next((v for v in r.verify_steps if v.verdict == "rejected"), None)
    if v is not None and v.u is not None:
        out.update(p=_num(v.p, lang), q=_num(v.q, lang), accept=_num(v.accept_prob, lang), u=_num(v.u, lang))
    preset = lab_math.PRESETS["26b"]
    out.update(plain=moe_story.plain(preset, 4, lang), moe=moe_story.numbers(preset, 4, lang),
               mini=moe_story.miniature(tr, i, preset, 4, lang) if experts.is_moe(tr) else "",
               E26=preset["moe"]["E"], k26=preset["moe"]["k"])
    if experts.is_moe(tr) and r.routed_experts:
        num_experts, k_experts, _, _ = experts.moe_facts(tr)
        positions = len(r.routed_experts[0])
        out.update(E=num_experts, k=k_experts, positions=positions,
                   distinct=_num(sum(experts.distinct_per_layer(r.routed_experts)) / len(r.routed_experts), lang, 1),
                   expected=_num(lab_math.experts_touched(num_experts, k_experts, positions), lang, 1))
    return out


def sweep_drop(lang: str) -> dict | None:
    """The lab's recorded sweep's measured peak and the fall after it (figures.lab_charts.measured_drop), as chapter 9
    quotes them; None when the sweep is missing or does not fall."""
    df = lab_math.recorded_sweep()
    drop = lab_views.measured_drop(df) if df is not None else None
    if drop is None or drop["low_n"] is None:
        return None
    return dict(drop, peak=_num(drop["peak"], lang), low=_num(drop["low"], lang))


def page(k: int, lang: str, tab_ids=(), narrow: bool = False) -> tuple:
    """Chapter k (0-based) in `lang`: every output of the tour, in the order `build` wires them; `narrow`: its
    charts drawn for a phone."""
    k = max(0, min(k, len(CHAPTERS) - 1))
    ch, key = CHAPTERS[k], f"tour.ch{k + 1}"
    tr = trace(ch.trace)
    i = ch.round(tr)
    values = facts(k, lang)
    try_key = f"{key}.try_{ch.view}" if f"{key}.try_{ch.view}" in TABLES["en"] else f"{key}.try"
    narration = f"## {t(key + '.title', lang)}\n{t(key + '.text', lang, **values)}"
    if ch.sweep and sweep_drop(lang):
        narration += "\n\n" + t(key + ".drop", lang, **sweep_drop(lang))
    if key + ".more" in TABLES["en"]:      # the essentials above, the rest of a long chapter behind "More"
        narration += behind_more(t(key + ".more", lang, **values), lang)
    if ch.view == RACE:
        page_html, chart = race_tab.measured(tr, trace(ch.beside), lang, chart=CHART, narrow=narrow)
        left, right, racing = PlotlyPane(chart, show_label=False), PlotlyPane(visible=False), gr.HTML(page_html,
                                                                                                     visible=True)
    else:
        racing = gr.HTML("", visible=False)
        left, right = _plots(ch, tr, i, lang, narrow)
    tab, link_key = LINKS.get(ch.link, (None, None))
    link = gr.Button(t(link_key, lang), visible=True) if tab in tab_ids else gr.Button(visible=False)
    return (f"**{k + 1} / {len(CHAPTERS)}**", narration, left, right, racing,
            t("tour.try", lang, text=t(try_key, lang, **recorded_names(lang))),
            t("tour.check", lang, text=t(key + ".q", lang, **values)),
            gr.Markdown(t("tour.answer", lang, text=t(key + ".a", lang, **values)), visible=False),
            gr.Button(interactive=k > 0), gr.Button(interactive=k < len(CHAPTERS) - 1), link, k)


def recorded_names(lang: str) -> dict:
    """The shipped traces' names as the Recorded examples list shows them, for the chapters that say which to load,
    and the counting example's prompt as its button shows it (`counting`, for chapter 9)."""
    return {**{p.stem: t(f"step.recorded.{p.stem}", lang) for p in sorted(TRACES.glob("*.json"))},
            "counting": COUNTING}


def _plots(ch: Chapter, tr: Trace, i: int, lang: str, narrow: bool = False) -> tuple:
    """The chapter's view, and beside it the same view of a second trace when the chapter compares two."""
    main = figures.build(ch.view, tr, i, lang, narrow)
    sweep = lab_math.recorded_sweep() if ch.sweep else None
    if sweep is not None:
        return PlotlyPane(main, show_label=False), PlotlyPane(lab_views.speedup(sweep, lang, narrow), show_label=False,
                                                              visible=True)
    if ch.beside:
        other = trace(ch.beside)
        left = PlotlyPane(main, label=t("tour.left", lang), show_label=True)
        right = PlotlyPane(figures.build(ch.view, other, ch.round(other), lang, narrow), label=t("tour.right", lang),
                           show_label=True, visible=True)
    else:
        left, right = PlotlyPane(main, show_label=False), PlotlyPane(visible=False)
    return left, right


# -- the page's deck: every chapter's answer, made once, sent once ---------------------------------------------------
def answer(k: int, lang: str, tab_ids=(), narrow: bool = False) -> tuple:
    """Chapter k as the tour's outputs show it (`build` wires them): `page`, then the buttons at the chapter's end as
    those at its top (Back at the first, Next at the last, greyed)."""
    out = page(k, lang, tab_ids, narrow)
    return (*out, out[8], out[9])


_decks: dict = {}       # (lang, narrow, tab ids) -> packed deck: shared by every visitor
_deck_lock = threading.Lock()


def deck(fn, lang: str, tab_ids=(), narrow: bool = False) -> dict:
    """The tour's deck (packed as player.pack packs a trace's): for each chapter, what the server sends the page for
    it, `answer` postprocessed for the event `fn` (a BlockFunction whose outputs are the tour's) as Gradio does
    (`sent_as`), so the page sets exactly what a Next answered by the server would set. Made once per language,
    screen and tabs, outside any event's context: inside one, Gradio makes a component only as a record of its
    arguments, and the fresh copies `sent_as` reads would lack their attributes."""
    asked = (lang, narrow, tuple(tab_ids))
    with _deck_lock:
        if asked not in _decks:
            _decks[asked] = contextvars.Context().run(_made, fn, lang, tab_ids, narrow)
    return _decks[asked]


def _made(fn, lang: str, tab_ids, narrow: bool) -> dict:
    chapters = [[sent_as(block, value) for block, value in zip(fn.outputs, answer(k, lang, tab_ids, narrow),
                                                                strict=True)] for k in range(len(CHAPTERS))]
    return player.pack({"chapters": chapters})


def sent_as(block, value):
    """`value`, returned by a handler for output `block`, as Gradio's Blocks.postprocess_data sends it to the page:
    a component returned stands for an update of its constructor's arguments, made on a fresh copy of `block`.
    Without the visitor's session, which it would change (tests/test_tour.py compares both)."""
    if isinstance(value, gr.blocks.Block):
        value = {**value.constructor_args, "__type__": "update"}
    if not gr.utils.is_prop_update(value):
        return block.postprocess(value)
    update = {k: v for k, v in value.items() if k != "__type__"}
    fresh = block.__class__(**{**block.constructor_args, **{k: v for k, v in update.items() if k != "value"},
                               "render": False})
    return gr.blocks.postprocess_update_dict(fresh, {**update, "__type__": "update"}, postprocess=True)


def turn(to: str, count: int, at: int) -> str:
    """A button's event in the page: chapter `to` (JavaScript of the chapter on screen, `k`) from the deck (player.js),
    or, before the deck has come, the server asked (`ask` + 1); `count` outputs, the chapter at `at`."""
    return "(packed, k, ask) => window.mtpPlayer.page.tour(packed, %s, ask, %d, %d)" % (to, count, at)


OPEN = "(packed) => { window.mtpPlayer.open(packed, 'tour'); }"
REVEAL = "() => ({__type__: 'update', visible: true})"
# the chapter's link: the tab it opens (LINKS), read from the chapter on screen
OPEN_LINK = "(k) => ({__type__: 'update', selected: (%s)[Math.round(+k)] || undefined})"


# -- layout -----------------------------------------------------------------------------------------------------
def build(demo: gr.Blocks, tabs: gr.Tabs | None = None, start: gr.Button | None = None,
          chapter_of: Callable[[gr.Request], int | None] | None = None) -> gr.Number:
    """Lay out the tour inside the current gr.Tab; `tabs` (the page's gr.Tabs) lets chapters open other tabs; `start`,
    a button elsewhere, opens the tour at chapter 1; `chapter_of` says which chapter (0-based) a page's link asks for,
    which the page opens at. Returns the chapter on screen (a hidden gr.Number: the page sets it as it turns)."""
    chapter = gr.Number(0, precision=0, visible=False)
    gr.Markdown(L("tour.intro"))
    with gr.Row(equal_height=True):
        back = gr.Button(L("tour.back"), elem_id=keys.TOUR_BACK, interactive=False, scale=1)
        indicator = gr.Markdown(elem_id="tour-indicator", elem_classes="tour-indicator")
        nxt = gr.Button(L("tour.next"), elem_id=keys.TOUR_NEXT, variant="primary", scale=1)
    narration = gr.Markdown(elem_classes="tour-narration")
    racing = race_tab.player(elem_id="tour-race")
    with gr.Row():
        left = PlotlyPane(show_label=False, elem_id=CHART, stacks=True)     # a phone stacks the two
        right = PlotlyPane(show_label=False, visible=False, elem_id="tour-right", stacks=True)
    try_it = gr.Markdown()
    with gr.Row(equal_height=True):
        question = gr.Markdown()
        reveal = gr.Button(L("tour.reveal"), size="sm", scale=0, min_width=180)
    answered = gr.Markdown(visible=False, elem_classes="tour-answer")
    link = gr.Button(visible=False, size="sm")
    with gr.Row(equal_height=True):        # Back and Next again at the chapter's end, where a reader finishes it
        back_end = gr.Button(L("tour.back"), interactive=False, min_width=100)
        nxt_end = gr.Button(L("tour.next"), variant="primary", min_width=100)
    glossary.accordion()
    packed = gr.JSON(None, visible=False)                 # the tour's deck, opened by player.js
    ask = gr.Number(0, precision=0, visible=False)        # + 1: the page has no deck yet, the server shows `chapter`

    def tab_ids() -> list:
        return [c.id for c in (tabs.children if tabs else []) if isinstance(c, gr.Tab)]

    def turned(k: int, request: gr.Request) -> tuple:
        return answer(int(k or 0), lang_of(request), tab_ids(), narrow_of(request))

    def show(k: int, request: gr.Request):
        asked = chapter_of(request) if chapter_of else None
        return turned(k if asked is None else asked, request)

    outputs = [indicator, narration, left, right, racing, try_it, question, answered, back, nxt, link, chapter,
               back_end, nxt_end]
    # no progress on any output (events.QUIET)
    asked = ask.change(turned, [chapter], outputs, trigger_mode="always_last", **QUIET)
    served = demo.fns[asked["id"]]       # the server's answer, as the deck holds it for every chapter

    def sent(request: gr.Request) -> dict:
        return deck(served, lang_of(request), tab_ids(), narrow_of(request))

    to_top = "() => document.getElementById('%s').scrollIntoView({block: 'start'})" % keys.TOUR_BACK
    for button, by, end in ((nxt, 1, False), (back, -1, False), (nxt_end, 1, True), (back_end, -1, True)):
        turned_in_page = button.click(None, [packed, chapter, ask], [*outputs, ask],
                                      js=turn(f"+k {by:+d}", len(outputs), outputs.index(chapter)), **QUIET)
        if end:
            turned_in_page.then(None, js=to_top, **QUIET)
    reveal.click(None, None, answered, js=REVEAL, **QUIET)
    # the tabs are opened by the browser (tab_select.py says why)
    if tabs is not None:
        opens = [LINKS[ch.link][0] if ch.link else None for ch in CHAPTERS]
        link.click(None, [chapter], tabs, js=OPEN_LINK % json.dumps(opens), **QUIET)
    demo.load(show, [chapter], outputs, **QUIET).then(sent, None, packed, **QUIET)
    packed.change(None, [packed], None, js=OPEN, **QUIET)       # opened as it arrives, before the first Next
    if start is not None and tabs is not None:
        start.click(None, None, tabs, js=tab_select.select("tour"), **QUIET)
        start.click(None, [packed, chapter, ask], [*outputs, ask], js=turn("0", len(outputs), outputs.index(chapter)),
                    **QUIET)
    return chapter
