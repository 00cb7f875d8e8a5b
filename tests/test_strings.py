"""Tests for mtp_viz.strings: every key in all three tables, none empty, placeholders alike, no English left over.

Knows only the tables; a key someone adds to en.py without translating it fails here, naming the key.
"""
from __future__ import annotations

import re
import string

import pytest

from mtp_viz.strings import TABLES, language_of, t
from conftest import TRANSLATED

EN = TABLES["en"]
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


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_key_is_translated_and_nothing_else(lang):
    table = TABLES[lang]
    missing, extra = sorted(set(EN) - set(table)), sorted(set(table) - set(EN))
    empty = [k for k, v in table.items() if not v.strip()]
    assert (missing, extra, empty) == ([], [], []), f"{lang}: missing, not in en.py, empty"


def test_no_english_key_is_empty():
    assert not [k for k, v in EN.items() if not v.strip()]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_placeholders_match_english(lang):
    table = TABLES[lang]
    wrong = {k: (fields(EN[k]), fields(v)) for k, v in table.items() if k in EN and fields(v) != fields(EN[k])}
    assert not wrong


@pytest.mark.parametrize("lang", TRANSLATED)
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
    for term in ["多詞元預測", "推測式解碼", "草稿模型", "目標模型", "詞元", "前向傳播", "隱藏狀態", "KV 快取", "草稿來源", "取樣"]:
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
    literal, and the key patterns the code builds (f-strings, "prefix." + name, and count()'s plural forms), as
    regular expressions."""
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
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "count" and len(node.args) > 1 and \
                    isinstance(node.args[1], ast.Constant):                 # count(n, "guess") -> unit.guess.*
                patterns.append(re.compile(rf"unit\.{re.escape(str(node.args[1].value))}\.\w+"))
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("t", "L") and node.args and \
                    isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                called.add((node.args[0].value, path.name))
    return called, literals, patterns


def test_every_key_the_code_asks_for_exists_and_every_key_is_asked_for():
    called, literals, patterns = code_keys()
    missing = sorted((key, where) for key, where in called if key not in EN)
    unused = sorted(k for k in EN if k not in literals | GRADIO_KEYS and not any(p.fullmatch(k) for p in patterns))
    assert (missing, unused) == ([], []), "keys the code uses that no table has; table keys no code uses"


# A plural written for both counts at once: "guess(es)", "Position(en)", "Vorschlag/Vorschläge". Counts are written by
# strings.count(), which picks the form CLDR's rules give the number.
BRACKET_PLURAL = re.compile(r"[^\W\d_]\((?:s|es|en|n|e|er)\)", re.IGNORECASE)
SLASH_PAIR = re.compile(r"\b([^\W\d_]{3,})/([^\W\d_]{3,})\b")
FOLD = str.maketrans("äöüÄÖÜ", "aouAOU")


def slash_plurals(text: str) -> list[str]:
    """Word pairs "a/b" that are two forms of one word (the same first four letters, umlauts folded)."""
    return [f"{a}/{b}" for a, b in SLASH_PAIR.findall(text)
            if a.translate(FOLD).lower()[:4] == b.translate(FOLD).lower()[:4]]


def test_no_table_writes_a_plural_in_brackets_or_with_a_slash():
    found = {f"{lang}:{k}": BRACKET_PLURAL.findall(v) + slash_plurals(v)
             for lang, table in TABLES.items() for k, v in table.items()}
    assert not {k: v for k, v in found.items() if v}
    assert BRACKET_PLURAL.search("guess(es)") and BRACKET_PLURAL.search("Position(en)") and \
        slash_plurals("2 Vorschlag/Vorschläge") and not slash_plurals("Besitzer/Name, tokens/s")


def test_counts_lists_and_large_numbers_come_from_cldr():
    from mtp_viz.strings import count, large, listing, number, percent

    assert [count(n, "guess", "en") for n in (1, 3)] == ["1 guess", "3 guesses"]
    assert [count(n, "guess", "de") for n in (1, 2)] == ["1 Vorschlag", "2 Vorschläge"]
    assert count(1, "position", "zh-TW") == "1 個位置"
    assert listing([number(6.2, "de"), number(5.33, "de")], "de") == "6,20 und 5,33"
    assert large(10.3e6, "zh-TW") == "1030 萬" and large(3.5e9, "zh-TW") == "35 億"
    assert large(10.3e6, "de") == "10,3 Millionen" and large(10.3e6, "en") == "10.3 million"
    assert percent(0.0625, "de", 1) == "6,2\u00a0%" and number(0.05, "de", 2) == "0,05"
    assert number(2.675, "en") == f"{2.675:.2f}"            # rounded as the code's own f-strings round


def test_one_term_per_idea_in_every_language():
    """Each glossary entry's term is the word its glossary line defines and the tables use; no table uses a second word
    for the same idea (mtp_viz/strings/terms.py), nor an internal id where a reader needs a name. A glossary line's bold
    head may list the other names a reader meets elsewhere; the rest of every text may not."""
    from mtp_viz.strings.terms import AVOID, INTERNAL, TERMS
    from mtp_viz.ui.glossary import TERMS as GLOSSARY

    head = re.compile(r"^\*\*[^*]*\*\*")
    for lang, table in TABLES.items():
        terms = TERMS[lang]
        assert set(GLOSSARY) <= set(terms), lang
        assert not [e for e in GLOSSARY if terms[e].lower() not in table[f"glossary.{e}"].lower()], lang
        assert table["step.proposer.draft-model"] == terms["proposer.draft-model"]
        assert table["step.proposer"].lower() == terms["proposer"].lower()
        assert terms["drafter"].lower() not in terms["proposer.draft-model"].lower()
        bodies = {k: head.sub("", v) if k.startswith("glossary.") else v for k, v in table.items()}
        found = {(k, m.group()) for k, v in bodies.items() for pattern in [*AVOID[lang], *INTERNAL]
                 for m in re.finditer(pattern, v)}
        assert not found, f"{lang}: another word for a term, or an internal id, in the tables"


def test_the_term_check_sees_the_words_it_forbids():
    from mtp_viz.strings.terms import AVOID, INTERNAL

    hits = lambda lang, text: [p for p in [*AVOID[lang], *INTERNAL] if re.search(p, text)]   # noqa: E731
    assert hits("zh-TW", "把相似的詞元分成群集，替中心點打分數；heuristic 排程") and not hits("zh-TW", "`heuristic`")
    assert hits("de", "Von deinem Server") and hits("de", "Die gierige Prüfung") and not hits("de", "Von Ihrem Server")
    assert hits("en", "Choose miniature-moe, then step through actions speak") and hits("en", "2 guess(es)")
    for text in ["隨機抽樣", "Gemma 4 E2B + 輔助模型", "提議者", "草擬 3 個", "目標活化值", "鍵與值", "打開叢集",
                 "下投影到", "其餘是簿記", "目標模型保留 {kept} 個", "猜測被保留", "tokens / (γ·c + v)"]:
        assert hits("zh-TW", text), text
    assert not hits("zh-TW", "留在快取中") and not hits("zh-TW", "pre_projection 投影到草稿模型的寬度")
    for text in ["+ Assistent", "Der Proposer MTP", "Miniatur mit Expertenmischung", "Mixture-of-Experts-Modell",
                 "Link hierher", "{kept} behalten", "behaltene Vorschläge", "das Zielmodell behielt 6"]:
        assert hits("de", text), text
    assert not hits("de", "im Cache behalten") and not hits("de", "ein MoE-Modell mit Mixture of Experts")
