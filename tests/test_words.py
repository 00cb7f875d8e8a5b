"""Every word a chart shows is in the reader's language (issue 19, item 3): each view of every shipped trace, the race,
the lab's and the server panel's charts, built in German and Chinese, and their visible text walked for English.

Knows the figures' plotly JSON and the string tables, not the page (tests/test_browser_layout.py reads the page).
English is told apart from German by the tables themselves: a word of en.py that no de.py text uses. In Chinese any
Latin word is English unless it is on ALLOWED. The model's own text (prompts, tokens) is data and stays as written.
"""
from __future__ import annotations

import re
import string
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
from conftest import LANGS, TRANSLATED

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
@pytest.mark.parametrize("lang", TRANSLATED)
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


@pytest.mark.parametrize("lang", TRANSLATED)
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
    points = [n for n in NUMBER.findall(text) if "." in n and not re.fullmatch(r"\d{1,3}(\.\d{3})+(,\d+)?", n)
              and not re.fullmatch(r"\d\d\.\d\d\.\d{4}", n)]                          # a date: 02.12.2026
    return points + re.findall(r"\d,\d+, \d+,\d+", text)


def page_texts(shipped, lang: str) -> dict[str, str]:
    """Every text the page makes from the shipped traces in `lang`: each round's status line, each tour chapter, the
    race's summary, the MoE paragraph, the glossary, every chart's visible words, and every text of the table."""
    from mtp_viz import lab_math
    from mtp_viz.ui import glossary, moe_story, narration, tour
    from mtp_viz.ui import race_tab

    out = {f"status/{stem}/{i}": narration.summary(tr, i, lang) for stem, tr in shipped.items()
           for i in range(len(tr.rounds))}
    for k in range(len(tour.CHAPTERS)):
        page = tour.page(k, lang)
        out[f"tour/{k + 1}"] = "\n".join(str(p) for p in (page[1], page[5], page[6], page[7].value))
    out["race"] = race_tab.measured(shipped["actions_speak_no_drafter"], shipped["actions_speak"], lang)[0]
    out["race/cached"] = race_tab.measured(shipped["actions_speak_no_drafter"], shipped["actions_speak"], lang,
                                           cached=True)[0]
    out["moe"] = moe_story.paragraph(lab_math.PRESETS["26b"], 4, lang)
    out["glossary"] = glossary.body(lang)
    out.update({f"table/{k}": v for k, v in TABLES[lang].items()})        # labels, info lines, captions as written
    for stem, tr in shipped.items():
        for i in sorted({1, len(tr.rounds) - 1}):
            for key, module in figures.VIEWS:
                out[f"fig/{stem}/{key}/{i}"] = "\n".join(visible(module.build(tr, i, lang)))
    return out


@pytest.fixture(scope="module")
def pages(shipped) -> dict[str, dict[str, str]]:
    return {lang: page_texts(shipped, lang) for lang in TABLES}


@pytest.mark.slow
def test_the_german_page_writes_no_decimal_point(pages):
    found = {where: bad for where, text in pages["de"].items() if (bad := decimal_points(text))}
    assert not found
    assert decimal_points("6,20, 5,33 Tokens") and decimal_points("zwischen 0.05 und 0.99")
    assert not decimal_points("256 von 4.096 Tokens (6,2 %) am 02.12.2026, [Link](https://x.io/3.5)")


# -- Chinese spacing, one word per idea, dates and percentages on the page as the reader gets it (issue 36, item 6) --
MARKUP = re.compile(r"\]\([^)]*\)|https?://\S+|<[^>]+>|&[a-z]+;|&#\d+;|data-race=\"[^\"]*\"")


def unspaced(text: str) -> list[str]:
    """Where a Han character touches a Latin letter, digit or Greek symbol with no space (markup and links left out)."""
    from mtp_viz.strings import UNSPACED

    bare = MARKUP.sub(" ", text)
    return [bare[max(0, m.start() - 6):m.end() + 6] for m in UNSPACED.finditer(bare)]


def test_chinese_sets_latin_and_digits_apart_in_every_template():
    found = {k: bad for k, v in TABLES["zh-TW"].items()
             for literal, *_ in string.Formatter().parse(v) if (bad := unspaced(literal))}
    assert not found
    assert unspaced("每次目標傳播5.30 個") and unspaced("於2026-12-02") and unspaced("的CPU 時間") and \
        unspaced("6.2%的") and not unspaced("見 [說明](https://x.io/a中b)，於 2026/12/2 以 CPU 時間計")


def test_values_meet_chinese_text_by_the_same_rule():
    """t() sets a value apart from the Han text around it (and only there: a Chinese value or punctuation stays
    close), so a template may write {x} next to a Han character and the page still reads "第 3 輪"."""
    from mtp_viz.strings import large, t

    assert t("race.ratio", "zh-TW", drafter="MTP", ratio="3.2").startswith("以實際時間計，MTP 的速度")
    assert t("race.ratio", "zh-TW", drafter="提示查找", ratio="3.2").startswith("以實際時間計，提示查找的速度")
    assert t("fig.kv_sharing.kept_hover", "zh-TW", r="%{x}", n="%{y}") == "第 %{x} 輪：快取中有 %{y} 個位置"
    assert t("race.ratio", "en", drafter="MTP", ratio="3.2") == "MTP finished 3.2× as fast, by the wall clock."
    assert large(10.25e6, "zh-TW") == "1025 萬" and large(2.3e9, "zh-TW") == "23 億"


@pytest.mark.slow
def test_the_chinese_page_sets_latin_and_digits_apart(pages):
    found = {where: bad for where, text in pages["zh-TW"].items() if (bad := unspaced(text))}
    assert not found


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
def test_the_page_uses_one_word_per_idea(pages, lang):
    """terms.AVOID over what the reader gets, values filled in (test_strings checks the tables as written)."""
    from mtp_viz.strings.terms import AVOID, INTERNAL

    head = re.compile(r"^- \*\*[^*]*\*\*", re.MULTILINE)                 # a glossary line's head may name the others
    found = {(where, m.group()) for where, text in pages[lang].items() if not where.startswith("table/")
             for pattern in [*AVOID[lang], *INTERNAL] for m in re.finditer(pattern, head.sub("", text))}
    assert not found


TIME_OF_DAY = re.compile(r"\b\d{1,2}:\d\d\b|\bUTC\b|\bGMT\b")


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
def test_the_page_shows_the_day_and_no_time_of_day(pages, shipped, lang):
    """A recorded run says the day it ran, in the reader's form; never a clock time in a zone the reader is not in."""
    from babel.dates import format_date

    from mtp_viz.strings import DATES, _locale
    from mtp_viz.trace import measured_when

    found = {where: TIME_OF_DAY.findall(MARKUP.sub(" ", text)) for where, text in pages[lang].items()}
    assert not {k: v for k, v in found.items() if v}
    day = measured_when(shipped["actions_speak"])
    assert day and format_date(day, DATES[lang], locale=_locale(lang)) in pages[lang]["race/cached"]


def test_dates_are_written_in_the_readers_form():
    import datetime

    from mtp_viz.strings import t

    day = datetime.date(2026, 12, 2)
    assert "on Dec 2, 2026," in t("race.note.cached_when", "en", when=day)
    assert "am 02.12.2026" in t("race.note.cached_when", "de", when=day)
    assert "（2026/12/2）" in t("race.note.cached_when", "zh-TW", when=day)
    assert "2026/12/2" in t("speed.basis.here", "zh-TW", when=day, one=13.8)


@pytest.mark.parametrize("lang", LANGS)
def test_a_percentage_is_written_one_way(lang):
    """CLDR's pattern for the language, in the tables' own numbers too: 6.2% (en, zh-TW), 6,2 % with a no-break
    space (de); t() writes {x:.1%} the same way."""
    from mtp_viz.strings import t

    wrong = re.compile(r"\d(?: |)%(?![{\w])" if lang == "de" else r"\d[ \u00a0]%(?![{\w])")
    literal = {k: re.sub(r"%?\{[^}]*\}", "{}", v) for k, v in TABLES[lang].items()}          # specs left out
    assert not {k: wrong.findall(v) for k, v in literal.items() if wrong.search(v)}
    share = t("tour.ch8.text", lang, vocab="1", clusters=2, top_k=3, share=0.0625, round=1, miss_guess="a",
              miss_wanted="b")
    assert {"en": "6.2%", "de": "6,2\u00a0%", "zh-TW": "6.2%"}[lang] in share


@pytest.mark.parametrize("lang", LANGS)
def test_counts_in_sentences_take_cldr_plural_forms(lang):
    """{n:guess} in a template writes n with the noun's form for n (strings.count): "only 1 guess fit", never
    "nur 1 passten"."""
    from mtp_viz.strings import count, t

    for n in (1, 2, 5):
        assert count(n, "guess", lang) in t("step.fewer.length", lang, left=n)
        assert count(n, "guess", lang) in t("fig.timeline.verify_what", lang, drafted=n, kept=0, emitted=1)
    assert "1 guess fit" in t("step.fewer.length", "en", left=1)
    assert "passten" not in t("step.fewer.length", "de", left=1)


@pytest.mark.parametrize("lang", LANGS)
def test_the_glossary_defines_the_symbols_and_what_the_page_leaves_unexplained(lang):
    """α, c, v and N (the papers' γ, named once in N's head), "Measure again" and the timeline's "one by one?" lane
    each have a line, headed by the very words the page shows."""
    from mtp_viz.strings import t
    from mtp_viz.ui import glossary

    body = glossary.body(lang)
    heads = re.findall(r"^- \*\*([^*]+)\*\*", body, re.MULTILINE)
    for symbol in ("α", "c", "v", "N"):
        assert any(h.startswith(symbol + " ") or h.startswith(symbol + "（") for h in heads), symbol
    assert any(t("step.measure", lang) in h for h in heads)
    assert any(t("fig.timeline.lane.one_by_one", lang) in h for h in heads)
    assert "γ" in t("glossary.n", lang) and body.count("γ") == 1


@pytest.mark.parametrize("lang", LANGS)
def test_a_round_says_why_it_ends_with_a_correction_or_a_bonus(shipped, lang):
    from mtp_viz.strings import t
    from mtp_viz.trace import BONUS, CORRECTION
    from mtp_viz.ui import narration

    seen = set()
    for trace in shipped.values():
        for i, r in enumerate(trace.rounds):
            text = narration.summary(trace, i, lang)
            kind = r.last_token_kind if i and r.draft_token_ids and r.last_token_kind in (CORRECTION, BONUS) else None
            for other in (CORRECTION, BONUS):
                head = t(f"step.why.{other}", lang).split("**")[1]
                assert (head in text) == (kind == other), (trace.prompt_text, i, other)
            seen.add(kind)
    assert {CORRECTION, BONUS} <= seen
