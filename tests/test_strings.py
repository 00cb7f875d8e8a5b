"""Tests for mtp_viz.strings: every key in all three tables, none empty, placeholders alike, no English left over.

Knows only the tables; a key someone adds to en.py without translating it fails here, naming the key.
"""
from __future__ import annotations

import re
import string

import pytest

from mtp_viz.strings import TABLES, language_of, t

EN = TABLES["en"]
OTHERS = ["zh-TW", "de"]
# Words the same in every language: names, symbols and the papers' letters. A text made only of these (plus
# placeholders, numbers and punctuation) may stay as it is in English.
NEUTRAL = {"MTP", "KV", "N", "R", "p", "q", "u", "c", "k", "x", "min", "max", "norm", "ms", "MoE", "JSON", "CSV",
           "Top", "Gemma", "E2B", "E4B", "B", "A4B", "M", "GB", "bf16", "llama", "cpp", "vLLM", "br", "α",
           "top_k", "top_p", "pre_projection", "post_projection", "num_assistant_tokens"}
# German texts that are rightly the English ones (a loanword used as is in German)
SAME_IN_GERMAN: set[str] = set()
CJK = re.compile(r"[\u3400-\u9fff]")


def fields(text: str) -> list[str]:
    """The str.format fields of a template (plotly's %{x} included), sorted."""
    return sorted(f"{name}:{spec}" for _, name, spec, _ in string.Formatter().parse(text) if name is not None)


def neutral(text: str) -> bool:
    """True when nothing in `text` needs translating: placeholders, numbers, symbols and NEUTRAL words only."""
    bare = re.sub(r"%?\{[^}]*\}|<[^>]+>|\*\*|[\d.,:;()\[\]/+−\-–→←×÷·=≈%×✓✗↺★◆—_#'\"|]", " ", text)
    return all(w in NEUTRAL for w in re.findall(r"[^\W\d]+", bare))


@pytest.mark.parametrize("lang", OTHERS)
def test_every_key_is_translated_and_nothing_else(lang):
    table = TABLES[lang]
    missing, extra = sorted(set(EN) - set(table)), sorted(set(table) - set(EN))
    empty = [k for k, v in table.items() if not v.strip()]
    assert (missing, extra, empty) == ([], [], []), f"{lang}: missing, not in en.py, empty"


def test_no_english_key_is_empty():
    assert not [k for k, v in EN.items() if not v.strip()]


@pytest.mark.parametrize("lang", OTHERS)
def test_placeholders_match_english(lang):
    table = TABLES[lang]
    wrong = {k: (fields(EN[k]), fields(v)) for k, v in table.items() if k in EN and fields(v) != fields(EN[k])}
    assert not wrong


@pytest.mark.parametrize("lang", OTHERS)
def test_no_english_left_where_a_translation_is_expected(lang):
    table = TABLES[lang]
    same = [k for k, v in table.items() if v == EN.get(k) and not neutral(v) and
            not (lang == "de" and k in SAME_IN_GERMAN)]
    assert not same, f"English text left in {lang}"
    if lang == "zh-TW":
        latin_only = [k for k, v in table.items() if not CJK.search(v) and not neutral(v)]
        assert not latin_only, "no Chinese characters in these"


def test_the_issue_terms_are_used():
    zh, de = " ".join(TABLES["zh-TW"].values()), " ".join(TABLES["de"].values())
    for term in ["多詞元預測", "推測式解碼", "草稿模型", "目標模型", "詞元", "前向傳播", "活化值", "KV 快取"]:
        assert term in zh, term
    for term in ["Entwurfsmodell", "Zielmodell", "spekulative Decodierung", "Entwurfstoken", "Vorwärtsdurchlauf",
                 "Aktivierungen"]:
        assert term in de, term


def test_lookup_falls_back_to_english_and_follows_the_browser():
    assert language_of("de-DE,de;q=0.9,en;q=0.5") == "de" and language_of("zh-TW,zh;q=0.9") == "zh-TW"
    assert language_of("fr-FR") == "en" and language_of(None) == "en"
    assert t("tour.next", "de") != t("tour.next", "en") == "Next"
    assert t("tour.next", "xx") == "Next"


def test_colours_are_named_as_drawn_and_sources_cited_on_the_page():
    """The palette (figures/theme.py) has no red: rejected and cropped parts are vermillion, which the texts call
    dark orange. A student cannot open the README, so the page's texts cite their sources themselves."""
    words = {"en": r"\bred\b", "de": r"\b(rot|rote[nmrs]?)\b", "zh-TW": "紅"}
    for lang, table in TABLES.items():
        assert not [k for k, v in table.items() if re.search(words[lang], v, re.IGNORECASE)], lang
        assert not [k for k in table if k.startswith("lab.") and "README" in table[k]], lang
    assert "wenigsten" not in TABLES["de"]["step.top_p_info"]           # "the least likely", which it never meant


def test_numbers_are_written_in_the_readers_marks():
    from mtp_viz.strings import number

    values = dict(scored=256, vocab=4096, frac=256 / 4096)
    assert "256 von 4.096 Tokens" in t("fig.clusters.scored_tokens", "de", **values)
    assert "(6,2\u00a0%)" in t("fig.clusters.scored_tokens", "de", **values)
    for lang in ("en", "zh-TW"):
        assert "4,096" in t("fig.clusters.scored_tokens", lang, **values) and "6.2%" in \
            t("fig.clusters.scored_tokens", lang, **values)
    assert t("step.heading", "de", i=2, last=4, what="1.5", end="") == "### Runde 2 von 4: 1.5.\n"   # text stays
    assert number(4096.5, "de", 1) == "4.096,5" and number(4096.5, "zh-TW", 1) == "4,096.5"


GRADIO_KEYS = {"common.complete", "common.error"}    # Gradio's own page words, which the tables translate too


def code_keys():
    """What the code asks the tables for: literal t("...") / L("...") keys with where they are called, every string
    literal, and the key patterns the code builds (f-strings and "prefix." + name), as regular expressions."""
    import ast
    from pathlib import Path

    keylike = re.compile(r"^[a-z][\w\-]*\.")
    called, literals, patterns = set(), set(), []
    for path in (Path(__file__).resolve().parents[1] / "mtp_viz").rglob("*.py"):
        if "strings" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                literals.add(node.value)
            elif isinstance(node, ast.JoinedStr) and isinstance(node.values[0], ast.Constant) and \
                    keylike.match(str(node.values[0].value)):
                patterns.append(re.compile("".join(re.escape(v.value) if isinstance(v, ast.Constant) else ".+"
                                                   for v in node.values)))
            elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add) and \
                    isinstance(node.left, ast.Constant) and keylike.match(str(node.left.value)):
                patterns.append(re.compile(re.escape(node.left.value) + ".+"))
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("t", "L") and node.args and \
                    isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                called.add((node.args[0].value, path.name))
    return called, literals, patterns


def test_every_key_the_code_asks_for_exists_and_every_key_is_asked_for():
    called, literals, patterns = code_keys()
    missing = sorted((key, where) for key, where in called if key not in EN)
    unused = sorted(k for k in EN if k not in literals | GRADIO_KEYS and not any(p.fullmatch(k) for p in patterns))
    assert (missing, unused) == ([], []), "keys the code uses that no table has; table keys no code uses"
