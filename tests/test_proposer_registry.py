"""The proposer registry: every entry is offered, worded, coloured and made; it alone decides what runs with a pair."""
from __future__ import annotations

import typing

import pytest

from mtp_viz import proposer_registry as registry
from mtp_viz.figures import theme
from mtp_viz.problems import Problem
from mtp_viz.proposer_registry import AUTO, ENTRIES, MTP_ASSISTANT, SMALL_MODEL, PairKinds, resolve
from mtp_viz.settings import PROPOSERS, RAN, choices
from mtp_viz.strings import TABLES
from mtp_viz.trace import ModelInfo


def test_the_settings_and_the_trace_offer_the_entries():
    assert PROPOSERS == choices("proposer") == (AUTO, *ENTRIES) and RAN == tuple(ENTRIES)
    assert typing.get_args(typing.get_type_hints(ModelInfo)["proposer"]) == tuple(ENTRIES)


def test_one_baseline_and_a_drafting_default():
    assert [n for n, e in ENTRIES.items() if not e.drafts] == [registry.BASELINE]
    assert registry.DEFAULT in registry.DRAFTING and registry.BASELINE not in registry.DRAFTING
    assert set(registry.IN_LAB) <= set(registry.DRAFTING)


@pytest.mark.parametrize("lang", list(TABLES))
def test_every_entry_has_its_words(lang):
    for name, entry in ENTRIES.items():
        assert entry.key == f"step.proposer.{name}" and entry.key in TABLES[lang]
        assert not entry.drafts or f"race.lane.{name}" in TABLES[lang]     # the race's drafted lane


def test_colours_are_the_palette_s():
    palette = {theme.BLUE, theme.GREEN, theme.PURPLE, theme.ORANGE, theme.SKY, theme.VERMILLION}
    for entry in ENTRIES.values():
        assert entry.colour is None or getattr(theme, entry.colour) in palette


MTP_PAIR = PairKinds(MTP_ASSISTANT, True, "Gemma4ForCausalLM", "Gemma4AssistantForCausalLM")
SMALL_PAIR = PairKinds(SMALL_MODEL, False, "LlamaForCausalLM", "LlamaForCausalLM")
ALONE = PairKinds(None, False, "LlamaForCausalLM")


@pytest.mark.parametrize("pair, picked", [(MTP_PAIR, "mtp"), (SMALL_PAIR, "draft-model"), (ALONE, "none")])
def test_auto_picks_by_the_pair_s_assistant(pair, picked):
    assert resolve(AUTO, pair) == picked


@pytest.mark.parametrize("name, pair, code", [
    ("mtp", SMALL_PAIR, "engine.mtp_needs_assistant"),
    ("mtp", ALONE, "engine.mtp_needs_assistant"),
    ("mtp", PairKinds(MTP_ASSISTANT, False, "LlamaForCausalLM", "Gemma4AssistantForCausalLM"),
     "engine.mtp_needs_target"),
    ("draft-model", ALONE, "engine.draft_needs_assistant"),
    ("draft-model", MTP_PAIR, "engine.mtp_cannot_draft"),
])
def test_a_pair_that_lacks_what_a_proposer_needs_is_refused_by_code(name, pair, code):
    with pytest.raises(Problem) as caught:
        resolve(name, pair)
    assert caught.value.code == code
    if code == "engine.mtp_needs_assistant":
        assert caught.value.values == {"kind": pair.assistant_class}


@pytest.mark.parametrize("name, pair", [("mtp", MTP_PAIR), ("draft-model", SMALL_PAIR), ("prompt-lookup", ALONE),
                                        ("prompt-lookup", MTP_PAIR), ("none", MTP_PAIR), ("none", ALONE)])
def test_a_pair_that_has_what_a_proposer_needs_runs_it(name, pair):
    assert resolve(name, pair) == name


def test_each_factory_makes_the_engine_s_proposer(tiny_pair, llama_pair):
    import torch

    from mtp_viz import proposers, sampling
    from mtp_viz.api import pair_kinds
    from mtp_viz.settings import Settings

    made = {"mtp": proposers.MTPProposer, "draft-model": proposers.DraftModelProposer,
            "prompt-lookup": proposers.PromptLookupProposer, "none": type(None)}
    assert set(made) == set(ENTRIES)
    for name, entry in ENTRIES.items():
        pair = llama_pair if entry.assistant == SMALL_MODEL else tiny_pair
        assert resolve(name, pair_kinds(pair)) == name
        settings = Settings(proposer=name)
        warpers = sampling.build_warpers(False, 1.0, None, None)
        proposer = entry.make(pair, settings, warpers, torch.Generator().manual_seed(0), {1})
        assert type(proposer) is made[name]
