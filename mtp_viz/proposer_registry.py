"""The proposers, one entry each: who drafts, how it is made, what it needs of a model pair, what its trace records,
and how the page shows it. Knows no torch, model or Gradio: the factories import the engine only when called.

The one place that names a proposer (compare transformers' ALL_ATTENTION_FUNCTIONS): the settings' choices, the
API's resolution and construction, the deployment policy's pre-load check, the figures and the tabs read an entry
instead of comparing names. Adding a proposer adds its module, an entry here and its words in the string tables
("step.proposer.<name>", "race.lane.<name>").
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from mtp_viz.problems import Problem

AUTO = "auto"                    # not a proposer: the settings' choice that picks one by the pair (resolve)
MTP_ASSISTANT = "mtp-assistant"  # the kinds of assistant a pair can have: Gemma 4's MTP assistant, which reads the
SMALL_MODEL = "small-model"      # target's activations and KV cache, or a small causal LM that drafts on its own


@dataclass(frozen=True)
class PairKinds:
    """What a proposer asks of a model pair: from the loaded models (api.pair_kinds) or, before anything loads,
    from their ids (policy.check_proposer). The class names only fill the messages."""
    assistant: str | None            # MTP_ASSISTANT, SMALL_MODEL, or None: the pair has no assistant
    gemma4_target: bool              # the target is a Gemma 4 model
    target_class: str = ""
    assistant_class: str = "none"


def _mtp_refusal(pair: PairKinds) -> Problem | None:
    if pair.assistant != MTP_ASSISTANT:
        return Problem("engine.mtp_needs_assistant", kind=pair.assistant_class)
    if not pair.gemma4_target:
        return Problem("engine.mtp_needs_target", kind=pair.target_class)
    return None


def _small_model_refusal(pair: PairKinds) -> Problem | None:
    if pair.assistant is None:
        return Problem("engine.draft_needs_assistant")
    if pair.assistant == MTP_ASSISTANT:
        return Problem("engine.mtp_cannot_draft")
    return None


def _any_pair(pair: PairKinds) -> Problem | None:
    return None


# the factories: (pair, settings, warpers, generator, eos ids) -> the engine's proposer (None: plain decoding)
def _make_mtp(pair, settings, warpers, generator, eos):
    from mtp_viz.proposers.mtp import MTPProposer
    return MTPProposer(pair.target, pair.assistant, settings, warpers, generator)


def _make_draft_model(pair, settings, warpers, generator, eos):
    from mtp_viz.proposers.draft_model import DraftModelProposer
    return DraftModelProposer(pair.assistant, settings, warpers, generator)


def _make_prompt_lookup(pair, settings, warpers, generator, eos):
    from mtp_viz.proposers.prompt_lookup import PromptLookupProposer
    from mtp_viz.models import vocab_size
    return PromptLookupProposer(settings, vocab_size(pair.target), eos)


def _make_none(pair, settings, warpers, generator, eos):
    return None


@dataclass(frozen=True)
class Entry:
    """One proposer."""
    name: str                                         # the settings' value, the trace's record
    meaning: str                                      # who drafts, in the API's documentation (settings.py)
    make: Callable[..., Any]                          # its factory (the factories above)
    assistant: str | None                             # the assistant it drafts with (None: it needs none)
    refusal: Callable[[PairKinds], Problem | None]    # why it cannot run with a pair (None: it can)
    auto: bool = False                                # "auto" picks it for a pair whose assistant is its `assistant`
    drafts: bool = True                               # its rounds record drafter steps (False: the baseline)
    activations: bool = False                         # it reads the target's hidden state (the activations view)
    clusters: bool = False                            # its draft steps record centroid scores (the clusters view)
    own_cache: bool = False                           # its drafter keeps a KV cache of its own (the KV-sharing view)
    stop: str | None = None                           # why it drafts fewer than N by itself ("step.fewer.<stop>"),
                                                      # for traces older than schema 3, which did not record it
    colour: str | None = None                         # its lab curves' colour: a name in figures/theme.py's palette
    legend: str | None = None                         # its lab legend word where one word serves every language
    in_lab: bool = False                              # the lab's sweep offers it

    @property
    def key(self) -> str:
        """Its name in the string tables."""
        return f"step.proposer.{self.name}"


ENTRIES: dict[str, Entry] = {e.name: e for e in (      # the settings' and the page's order
    Entry("mtp", "Gemma 4's MTP assistant (mtp)", _make_mtp, MTP_ASSISTANT, _mtp_refusal, auto=True,
          activations=True, clusters=True, colour="BLUE", legend="MTP", in_lab=True),
    Entry("draft-model", "a separate small model (draft-model)", _make_draft_model, SMALL_MODEL,
          _small_model_refusal, auto=True, own_cache=True, colour="GREEN"),
    Entry("prompt-lookup", "prompt lookup", _make_prompt_lookup, None, _any_pair, stop="lookup", colour="PURPLE",
          in_lab=True),
    Entry("none", "no one (none)", _make_none, None, _any_pair, auto=True, drafts=False),
)}
NAMES: tuple[str, ...] = tuple(ENTRIES)
BASELINE = next(name for name, e in ENTRIES.items() if not e.drafts)   # the target alone: what speed-ups divide by
DRAFTING: tuple[str, ...] = tuple(name for name, e in ENTRIES.items() if e.drafts)
IN_LAB: tuple[str, ...] = tuple(name for name, e in ENTRIES.items() if e.in_lab)
DEFAULT = "mtp"                  # the page's proposer at start (the race's and the lab's too): Gemma 4's own
_MEANINGS = [e.meaning for e in ENTRIES.values()]
WHO_DRAFTS = ", ".join(_MEANINGS[:-1]) + ", or " + _MEANINGS[-1]     # the choice, in the API's documentation


def drafts_with(name: str | None) -> str | None:
    """The kind of assistant a proposer drafts with; None for one that needs none, and for "auto"."""
    entry = ENTRIES.get(name)
    return entry.assistant if entry is not None else None


def resolve(name: str, pair: PairKinds) -> str:
    """The proposer that will run with the pair: "auto" picked by the pair's assistant, any other checked against
    the pair (a Problem when it cannot run). The one place that decides whether a proposer can run with a pair."""
    if name == AUTO:
        return next(n for n, e in ENTRIES.items() if e.auto and e.assistant == pair.assistant)
    problem = ENTRIES[name].refusal(pair)
    if problem is not None:
        raise problem
    return name
