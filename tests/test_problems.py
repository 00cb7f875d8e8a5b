"""Tests for mtp_viz.problems: every error a caller can fix is a Problem told by its code, in every language.

Knows the source of mtp_viz (to find every code raised), the string tables, and one real raise of each kind: engine,
settings, model loading, memory, policy, the lab's sweep and the server-metrics reader. The tiny random pair comes from
conftest.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest
from conftest import PROMPT, llama

from mtp_viz import generate_trace, memory, model_table, models, server_metrics
from mtp_viz.lab_math import check_sweep
from mtp_viz.problems import Problem
from mtp_viz.settings import Settings
from mtp_viz.strings import TABLES, t
from mtp_viz.ui import policy

PACKAGE = Path(__file__).resolve().parents[1] / "mtp_viz"


def branches(node: ast.expr) -> list[ast.expr]:
    """The values an expression may take: both sides of `a if x else b`, else the expression."""
    return branches(node.body) + branches(node.orelse) if isinstance(node, ast.IfExp) else [node]


def raised_codes() -> set[str]:
    """Every code the package raises a Problem with (a literal, either branch of `a if x else b`, or an f-string's
    fixed start)."""
    codes = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("Problem", "Refused") and node.args:
                for first in branches(node.args[0]):
                    if isinstance(first, ast.Constant):
                        codes.add(first.value)
                    elif isinstance(first, ast.JoinedStr) and isinstance(first.values[0], ast.Constant):
                        prefix = first.values[0].value
                        codes |= {k for k in TABLES["en"] if k.startswith(prefix)}
    return codes


def test_every_code_raised_has_its_own_text_in_every_language():
    codes = raised_codes()
    assert {"engine.range", "engine.vocab", "memory.refused", "public.over_limit", "server.error.empty",
            "lab.error.runs", "public.no_tokenizer", "load.not_found", "load.failed", "load.no_model"} <= codes
    for lang, table in TABLES.items():
        missing = sorted(code for code in codes if code not in table)
        assert not missing, f"{lang} lacks {missing}"


def said_everywhere(problem: Problem) -> None:
    """The problem's text in every language is its code's, filled with its values; only English is the English."""
    english = str(problem)
    assert english == t(problem.code, "en", **{k: v("en") if callable(v) else v for k, v in problem.values.items()})
    for lang in TABLES:
        said = policy.message_for(problem, lang)
        assert said == problem.said(lang)
        assert (said == english) == (lang == "en"), (lang, said)


def raise_(fn, *args, **kwargs) -> Problem:
    with pytest.raises(Problem) as info:
        fn(*args, **kwargs)
    return info.value


@pytest.mark.parametrize("make, code", [
    (lambda pair: raise_(generate_trace, pair, []), "engine.prompt_empty_ids"),
    (lambda pair: raise_(generate_trace, pair, [1, 10**6]), "engine.vocab"),
    (lambda pair: raise_(generate_trace, pair, "text"), "engine.needs_tokenizer"),
    (lambda pair: raise_(generate_trace, pair, PROMPT, proposer="draft-model"), "engine.mtp_cannot_draft"),
    (lambda pair: raise_(generate_trace, pair, PROMPT, max_new_tokens=1020), "engine.context"),
    (lambda pair: raise_(Settings.checked, num_assistant_tokens=99), "engine.range"),
    (lambda pair: raise_(Settings.checked, top_p=0.0), "engine.range_open"),
    (lambda pair: raise_(Settings.checked, schedule="often"), "engine.choice"),
    (lambda pair: raise_(Settings.checked, beam_width=2), "engine.unknown_setting"),
    (lambda pair: raise_(Settings.checked, do_sample=True, temperature=0), "engine.temperature"),
    (lambda pair: raise_(check_sweep, ["a"], [1], ["constant"], ["mtp"], 8, 99), "engine.range"),
    (lambda pair: raise_(server_metrics.read, None, ""), "server.error.empty"),
    (lambda pair: raise_(policy.check_proposer, "miniature-moe", "draft-model"), "public.proposer.no_draft_model"),
])
def test_each_kind_of_problem_is_said_by_its_code(tiny_pair, make, code):
    problem = make(tiny_pair)
    assert problem.code == code
    said_everywhere(problem)


def test_a_memory_refusal_is_said_in_every_language():
    plan = memory.Plan("someone/huge", None, 31_000_000_000, {"bfloat16": 74_000_000_000}, 8_000_000_000, "ram")
    problem = raise_(lambda: (_ for _ in ()).throw(plan.refusal()))
    assert problem.code == "memory.refused" and "someone/huge" in str(problem)
    said_everywhere(problem)
    assert t("memory.where.ram", "de") in problem.said("de")          # its parts are translated too


def test_every_model_load_problem_is_said_by_its_code(tiny_pair, monkeypatch, tmp_path):
    """models.load_pair's refusals: each by its code, the model it names said in the reader's language."""
    def failing(ident):
        raise OSError("no such file")

    found = [raise_(models.check_vocab, tiny_pair.target, llama(vocab=128)),
             raise_(models._load, "target", "someone/absent", failing),
             raise_(models.load_pair, "miniature", "nonsense"),
             raise_(models.load_pair, "")]
    monkeypatch.setitem(model_table.FOLDERS, "miniature", tmp_path)
    found.append(raise_(models.load_pair, "miniature"))
    for name in ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE"):
        monkeypatch.delenv(name, raising=False)
    found.append(raise_(models._load, "assistant", "someone/absent", failing))
    assert [p.code for p in found] == ["load.vocab_mismatch", "load.not_found", "load.no_draft_model",
                                       "load.no_model", "load.miniature_missing", "load.failed"]
    for problem in found:
        said_everywhere(problem)
    assert "OSError: no such file" in found[1].said("zh-TW") and t("load.kind.target", "de") in found[1].said("de")
    assert found[0].values == {"assistant": 128, "target": 256}
