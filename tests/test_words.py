"""Every word a chart shows is in the reader's language (issue 19, item 3): each view of every shipped trace, the race,
the lab's and the server panel's charts, built in German and Chinese, and their visible text walked for English.

Knows the figures' plotly JSON and the string tables, not the page (tests/test_browser_layout.py reads the page).
English is told apart from German by the tables themselves: a word of en.py that no de.py text uses. In Chinese any
Latin word is English unless it is on ALLOWED. The model's own text (prompts, tokens) is data and stays as written.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from mtp_viz import figures
from mtp_viz import race_lanes
from mtp_viz.figures import lab_charts as lab_views
from mtp_viz.figures import race_chart as race_view
from mtp_viz.figures import server as server_views
from mtp_viz.strings import TABLES
from mtp_viz.schema import parse_trace
from mtp_viz.trace import Trace, token_ids

TRACES = Path(__file__).resolve().parents[1] / "assets" / "traces"
# Terms that stay as they are in every language: the issue's (N, MTP, KV, α, model ids) and the papers' symbols.
ALLOWED = {"N", "MTP", "KV", "CPU", "α", "MoE", "Gemma", "E2B", "E4B", "A4B", "miniature", "moe", "shallow",
           "pre_projection", "post_projection",                     # the checkpoint's layer names
           "min", "max", "norm", "ID", "kB", "ms", "JSON", "CSV",   # maths, units and file formats
           "UTC",                                                     # the time zone a measurement gives
           "metrics",                                                 # a serving engine's /metrics page
           "Median", "Rest"}                                          # German too
WORD = re.compile(r"[A-Za-z][A-Za-z_]*[A-Za-z]|[A-Za-z]")
TAG = re.compile(r"<[^>]+>|&[a-z]+;|%\{[^}]*\}")


def words(text: str) -> set[str]:
    return set(WORD.findall(TAG.sub(" ", text)))


# (the glossary's German gives the English term in brackets: "Zeitplan (schedule)"; those do not make it German)
EN_ONLY = {w.lower() for v in TABLES["en"].values() for w in words(v)} - \
    {w.lower() for v in TABLES["de"].values() for w in words(re.sub(r"\([^)]*\)", " ", v))}


def english(text: str, lang: str, data: set[str] = frozenset()) -> set[str]:
    """The English words in a visible text of a page in `lang` (not German, not the model's text, not ALLOWED)."""
    found = set()
    for w in words(text) - data - ALLOWED:
        if len(w) == 1:                                  # p, q, u, k, x, R: the papers' letters
            continue
        if lang == "zh-TW" or w.lower() in EN_ONLY:
            found.add(w)
    return found


def visible(fig) -> list[str]:
    """What a reader can see of a figure as text: titles, axis titles and tick labels, annotations, legend names,
    bar and marker texts, and the categories of an axis that has no tick labels of its own."""
    d = fig.to_plotly_json()
    layout = d["layout"]
    text = lambda x: x.get("text") if isinstance(x, dict) else x       # noqa: E731
    out = [text(layout.get("title"))]
    axes = {k: v for k, v in layout.items() if re.fullmatch(r"[xy]axis\d*", k) and isinstance(v, dict)}
    for axis in axes.values():
        if axis.get("visible") is not False:
            out += [text(axis.get("title")), *map(str, axis.get("ticktext") or [])]
    out += [a.get("text") for a in layout.get("annotations") or []]
    for tr in d["data"]:
        if tr.get("showlegend") is not False:
            out.append(tr.get("name"))
        if isinstance(tr.get("text"), str):
            out.append(tr["text"])
        elif tr.get("text") is not None:
            out += [str(x) for x in tr["text"]]
        for a in ("x", "y"):
            axis = axes.get(a + "axis" + (tr.get(a + "axis") or a)[1:], {})
            values = tr.get(a)
            if isinstance(values, (list, tuple)) and values and isinstance(values[0], str) and not axis.get("ticktext"):
                out += list(values)
    return [str(o) for o in out if o]


def model_text(trace: Trace) -> set[str]:
    """The words of the model's own text in a trace: the prompt and every token the record holds (drafted, written,
    and the top candidates the views list)."""
    ids = {i for _, some in token_ids(trace.prompt_ids, trace.rounds) for i in some}
    pieces = [trace.text_of(i) for i in ids] + [trace.prompt_text or ""]
    whole = set().union(*(WORD.findall(p) for p in pieces))              # <bos> too
    return whole | {w[:n] for w in whole for n in range(2, len(w))}    # and a long piece cut short ("duckli…")


def offenders(figs, lang: str, data: set[str] = frozenset()) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for name, fig in figs:
        for text in visible(fig):
            if bad := english(text, lang, data):
                found.setdefault(name, set()).update(bad)
    return found


@pytest.fixture(scope="module")
def shipped() -> dict[str, Trace]:
    return {p.stem: parse_trace(p.read_text(encoding="utf-8")) for p in sorted(TRACES.glob("*.json"))}


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["de", "zh-TW"])
def test_every_view_of_every_shipped_trace_speaks_the_language(shipped, lang):
    found = {}
    for stem, trace in shipped.items():
        last = len(trace.rounds) - 1
        rounds = sorted({0, min(1, last), last // 2, last})
        figs = [(f"{stem}/{key}/{i}", module.build(trace, i, lang)) for i in rounds for key, module in figures.VIEWS]
        found.update(offenders(figs, lang, model_text(trace)))
    found.update(offenders([(f"empty/{k}", f) for k, f in zip(dict(figures.VIEWS), figures.empty_all("…", lang))],
                           lang))
    assert not found, f"English words in {lang} charts"


@pytest.mark.parametrize("lang", ["de", "zh-TW"])
def test_the_race_lab_and_server_charts_speak_the_language(shipped, lang):
    from mtp_viz.ui.lab_tab import pair_sweeps
    from mtp_viz.lab_math import recorded_sweep as sweep

    alone, drafted = race_lanes.lane(shipped["actions_speak_no_drafter"]), race_lanes.lane(shipped["actions_speak"])
    figs = [("race", race_view.build(alone, drafted, lang)),
            ("race/projected", race_view.build(*race_lanes.projected(0.7, 0.1, 4, 32), lang)),
            ("lab/two_pairs", lab_views.two_pairs(pair_sweeps(), lang)), ("lab/what_if", lab_views.what_if(0.8, 0.1, lang)),
            *[(f"lab/{k}", f) for k, f in enumerate(lab_views.build_all(sweep(), lang))],
            *[(f"lab/empty{k}", f) for k, f in enumerate(lab_views.build_all(None, lang))],
            *[(f"server/{k}", f) for k, f in enumerate(server_views.build_all(None, 0.1, lang))]]
    assert not offenders(figs, lang), f"English words in {lang} charts"


def test_the_sweep_sees_english():
    """The checks above would fail on an untranslated chart: the English views are full of EN_ONLY words."""
    trace = parse_trace((TRACES / "actions_speak.json").read_text(encoding="utf-8"))
    found = offenders([("verification", figures.build("verification", trace, 2, "en"))], "de", model_text(trace))
    assert found["verification"]
    assert english("Samplin", "zh-TW") and english("(length)", "de") and english("heuristic", "de")
    assert not english("Runde 3 von 5, N = 4", "de") and not english("MTP 草稿模型，N = 4，α", "zh-TW")


# A number with a decimal point, which a German page never writes (4.096 is a thousands group and fine).
NUMBER = re.compile(r"(?<![\w.,])\d[\d.,]*\d(?![\w])")
LINKS = re.compile(r"\]\([^)]*\)|https?://\S+|`[^`]*`|<[^>]+>")


def decimal_points(text: str) -> list[str]:
    """The numbers in a German text written with a decimal point, or two decimal-comma numbers parted by a comma."""
    text = LINKS.sub(" ", text)
    points = [n for n in NUMBER.findall(text) if "." in n and not re.fullmatch(r"\d{1,3}(\.\d{3})+(,\d+)?", n)]
    return points + re.findall(r"\d,\d+, \d+,\d+", text)


def german_page(shipped) -> dict[str, str]:
    """Every text the German page makes from the shipped traces: each round's status line, each tour chapter, the
    race's summary, the MoE paragraph, the glossary, every chart's visible words, and every text of the table."""
    from mtp_viz import lab_math
    from mtp_viz.ui import glossary, moe_story, narration, tour
    from mtp_viz.ui import race_tab

    out = {f"status/{stem}/{i}": narration.summary(tr, i, "de") for stem, tr in shipped.items()
           for i in range(len(tr.rounds))}
    for k in range(len(tour.CHAPTERS)):
        page = tour.page(k, "de")
        out[f"tour/{k + 1}"] = "\n".join(str(p) for p in (page[1], page[5], page[6], page[7].value))
    out["race"] = race_tab.measured(shipped["actions_speak_no_drafter"], shipped["actions_speak"], "de")[0]
    out["moe"] = moe_story.paragraph(lab_math.PRESETS["26b"], 4, "de")
    out["glossary"] = glossary.body("de")
    out.update({f"table/{k}": v for k, v in TABLES["de"].items()})        # labels, info lines, captions as written
    for stem, tr in shipped.items():
        for i in sorted({1, len(tr.rounds) - 1}):
            for key, module in figures.VIEWS:
                out[f"fig/{stem}/{key}/{i}"] = "\n".join(visible(module.build(tr, i, "de")))
    return out


@pytest.mark.slow
def test_the_german_page_writes_no_decimal_point(shipped):
    found = {where: bad for where, text in german_page(shipped).items() if (bad := decimal_points(text))}
    assert not found
    assert decimal_points("6,20, 5,33 Tokens") and decimal_points("zwischen 0.05 und 0.99")
    assert not decimal_points("256 von 4.096 Tokens (6,2 %), [Link](https://x.io/3.5)")
